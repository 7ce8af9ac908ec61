#include "api.hpp"

#include "machines.hpp"
#include "planner.hpp"
#include "precision.hpp"
#include "registry.hpp"

namespace ridgepoint {

std::string errorsJson(const std::vector<FieldError>& errors) {
  std::string json = R"({"ok":false,"errors":[)";
  for (const FieldError& error : errors) {
    if (json.back() != '[') json += ',';
    json += R"({"field":)";
    appendJson(json, error.field);
    json += R"(,"message":)";
    appendJson(json, error.message);
    json += '}';
  }
  return json + "]}";
}

std::string parseErrorJson(const JsonParse& parsed, std::string_view name) {
  if (parsed.error_path.empty()) return errorsJson({{std::string(name), parsed.error}});
  return errorsJson({{parsed.error_path, parsed.error_path + ": " + parsed.error}});
}

namespace {

std::string noCalculator(std::string_view id) {
  return errorsJson({{"calculator", "no calculator '" + std::string(id) + "'"}});
}

}  // namespace

std::string evaluateJson(std::string_view id, std::string_view text) {
  const auto evaluate =
      calculatorEntry(id, [](auto calculator) { return &evaluateJson<decltype(calculator)>; });
  return evaluate ? evaluate(text) : noCalculator(id);
}

namespace {

SweepAnswer sweepCalculator(std::string_view id, std::string_view input_text,
                            std::string_view field, SweepValues values) {
  const auto sweepOne =
      calculatorEntry(id, [](auto calculator) { return &sweep<decltype(calculator)>; });
  return sweepOne ? sweepOne(input_text, field, values) : sweepFailure(noCalculator(id));
}

}  // namespace

SweepAnswer sweep(std::string_view id, std::string_view input_text, std::string_view field,
                  std::string_view values_text) {
  return sweepCalculator(id, input_text, field, SweepValues(values_text));
}

SweepAnswer sweep(std::string_view id, std::string_view input_text, std::string_view field,
                  std::span<const double> values) {
  return sweepCalculator(id, input_text, field, SweepValues(values));
}

namespace {

template <class In>
void appendField(std::string& json, const InputField<In>& field) {
  json += R"({"name":)";
  appendJson(json, field.name);
  json += R"(,"kind":)";
  appendJson(json, label(field.kind()));
  json += R"(,"unit":)";
  appendJson(json, field.unit);
  json += R"(,"help":)";
  appendJson(json, field.help);
  if (field.kind() != FieldKind::boolean && field.kind() != FieldKind::object &&
      field.kind() != FieldKind::choice) {
    json += R"(,"min":)";
    appendJson(json, field.min);
    json += R"(,"max":)";
    appendJson(json, field.max);
  }
  json += R"(,"integer":)";
  appendJson(json, field.integer);
  json += R"(,"required":)";
  appendJson(json, field.required);
  json += R"(,"default":)";
  switch (field.kind()) {
    case FieldKind::boolean:
      appendJson(json, field.default_value != 0);
      break;
    case FieldKind::object:
      appendJson(json, parseJson(field.default_json.empty() ? "{}" : field.default_json).value);
      break;
    case FieldKind::list:
      json += "[]";
      break;
    case FieldKind::choice:
      appendJson(json, field.choices[static_cast<std::size_t>(field.default_value)]);
      json += R"(,"choices":)";
      appendJson(json, field.choices);
      break;
    case FieldKind::number:
    case FieldKind::integer:
      appendJson(json, field.default_value);
      break;
  }
  json += '}';
}

template <class Record>
void appendRecordFields(std::string& json);

// What a result or preset value holds, for generated types and docs: {"kind":"number"} (with
// "nullable" when it may be null), "boolean", "text", "choice" (with its labels), "object" (any
// JSON object: a config.json), "list" (with "items") or "record" (with its "fields").
template <class T>
void appendType(std::string& json) {
  if constexpr (std::is_same_v<T, bool>) {
    json += R"({"kind":"boolean"})";
  } else if constexpr (std::is_arithmetic_v<T>) {
    json += R"({"kind":"number"})";
  } else if constexpr (std::is_same_v<T, MaybeNumber>) {
    json += R"({"kind":"number","nullable":true})";
  } else if constexpr (Labelled<T>) {
    json += R"({"kind":"choice","choices":)";
    appendJson(json, std::span<const std::string_view>(Labels<T>::labels));
    json += '}';
  } else if constexpr (IsVector<T>::value || IsSpan<T>::value) {
    json += R"({"kind":"list","items":)";
    appendType<typename T::value_type>(json);
    json += '}';
  } else if constexpr (std::is_same_v<T, RawJson> || std::is_same_v<T, Json>) {
    json += R"({"kind":"object"})";
  } else if constexpr (HasSchema<T>) {
    json += R"({"kind":"record","fields":)";
    appendRecordFields<T>(json);
    json += '}';
  } else {
    // Text, and enums written by a label() of their own.
    json += R"({"kind":"text"})";
  }
}

// One output field's declaration as data, so every record's fields are written by one loop
// instead of code unrolled per field (the spec of all calculators is much of the wasm otherwise).
struct OutputFieldSpec {
  std::string_view name, unit, formula, help;
  void (*append_type)(std::string&);
};

void appendFieldSpecs(std::string& json, std::span<const OutputFieldSpec> fields) {
  json += '[';
  for (const OutputFieldSpec& field : fields) {
    if (json.back() != '[') json += ',';
    json += R"({"name":)";
    appendJson(json, field.name);
    json += R"(,"unit":)";
    appendJson(json, field.unit);
    json += R"(,"formula":)";
    appendJson(json, field.formula);
    json += R"(,"help":)";
    appendJson(json, field.help);
    json += R"(,"type":)";
    field.append_type(json);
    json += '}';
  }
  json += ']';
}

// A record's fields: name, unit, formula, help and type of each.
template <class Record>
void appendRecordFields(std::string& json) {
  static constexpr auto fields = std::apply(
      [](const auto&... field) {
        return std::array<OutputFieldSpec, sizeof...(field)>{OutputFieldSpec{
            field.name, field.unit, field.formula, field.help,
            &appendType<std::remove_cvref_t<decltype(std::declval<Record>().*(field.member))>>}...};
      },
      Schema<Record>::fields);
  appendFieldSpecs(json, fields);
}

template <class Calculator>
void appendSpec(std::string& json) {
  json += R"({"id":)";
  appendJson(json, std::string_view(Calculator::id));
  json += R"(,"title":)";
  appendJson(json, Calculator::title);
  json += R"(,"inputs":[)";
  for (const auto& field : Calculator::inputs) {
    if (json.back() != '[') json += ',';
    appendField(json, field);
  }
  json += R"(],"outputs":)";
  appendRecordFields<typename Calculator::Output>(json);
  json += '}';
}

// Every preset list by its JS method name (rp.machines(), …): visit(name, list), `list` a function
// that returns its records, so that a caller builds only the lists it writes.
template <class Visit>
void forEachPresetList(Visit&& visit) {
  visit("machines", [] { return machines(); });
  visit("links", [] { return links(); });
  visit("nodeDesigns", [] { return nodeDesigns(); });
  visit("measuredLatencies", [] { return measuredLatencies(); });
  visit("switches", [] { return switches(); });
  visit("publishedNetworks", [] { return publishedNetworks(); });
  visit("models", [] { return models(); });
  visit("formats", [] { return formats(); });
  visit("deployments", [] { return deployments(); });
  visit("gemmCalibrations", [] { return gemmCalibrations(); });
  visit("attentionCalibrations", [] { return attentionCalibrations(); });
  visit("elementwiseCalibrations", [] { return elementwiseCalibrations(); });
}

}  // namespace

std::string calculatorsJson(bool declarations) {
  std::string json = R"({"limits":{"maxTextBytes":)";
  appendJson(json, static_cast<double>(kInputLimits.max_text_bytes));
  json += R"(,"maxDepth":)";
  appendJson(json, static_cast<double>(kInputLimits.max_depth));
  json += R"(,"maxKeys":)";
  appendJson(json, static_cast<double>(kInputLimits.max_keys));
  json += R"(,"maxItems":)";
  appendJson(json, static_cast<double>(kInputLimits.max_items));
  json += R"(,"maxStringBytes":)";
  appendJson(json, static_cast<double>(kInputLimits.max_string_bytes));
  json += R"(,"maxSweepPoints":)";
  appendJson(json, static_cast<double>(kInputLimits.max_sweep_points));
  json += R"(},"calculators":[)";
  forEachCalculator([&](auto calculator) {
    if (json.back() != '[') json += ',';
    if (declarations) {
      appendSpec<decltype(calculator)>(json);
    } else {
      json += R"({"id":)";
      appendJson(json, std::string_view(decltype(calculator)::id));
      json += '}';
    }
  });
  json += R"(],"presets":{)";
  forEachPresetList([&](std::string_view name, auto list) {
    if (json.back() != '{') json += ',';
    appendJson(json, name);
    json += ':';
    appendRecordFields<typename decltype(list())::value_type>(json);
  });
  return json + "}}";
}

std::string specJson(std::string_view id) {
  std::string json;
  const auto append =
      calculatorEntry(id, [](auto calculator) { return &appendSpec<decltype(calculator)>; });
  if (append) append(json);
  return json;
}

std::string presetsJson(std::string_view list) {
  std::string json;
  forEachPresetList([&](std::string_view name, auto records) {
    if (name == list) appendJson(json, records());
  });
  return json;
}

}  // namespace ridgepoint
