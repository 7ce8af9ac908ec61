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

std::string outcomeJson(const std::vector<FieldError>& errors, const void* value,
                        const ValueType& type) {
  if (!errors.empty()) return errorsJson(errors);
  std::string json = R"({"ok":true,"value":)";
  appendValue(json, value, type);
  return json + '}';
}

std::string parseErrorJson(const JsonParse& parsed, std::string_view name) {
  if (parsed.error_path.empty()) return errorsJson({{std::string(name), parsed.error}});
  return errorsJson({{parsed.error_path, parsed.error_path + ": " + parsed.error}});
}

void appendValue(std::string& json, const void* value, const ValueType& type) {
  switch (type.kind) {
    case ValueKind::number:
      appendJson(json, type.number(value));
      return;
    case ValueKind::boolean:
      json += *static_cast<const bool*>(value) ? "true" : "false";
      return;
    case ValueKind::maybe_number:
      if (const auto& maybe = *static_cast<const MaybeNumber*>(value)) {
        appendJson(json, *maybe);
      } else {
        json += "null";
      }
      return;
    case ValueKind::choice:
      appendJson(json, type.labels[static_cast<std::size_t>(type.number(value))]);
      return;
    case ValueKind::text:
      appendJson(json, type.text(value));
      return;
    case ValueKind::raw_json:
      json += type.text(value);
      return;
    case ValueKind::list: {
      const ListItems items = type.items(value);
      json += '[';
      for (std::size_t i = 0; i < items.count; ++i) {
        if (i > 0) json += ',';
        appendValue(json, items[i], *type.item);
      }
      json += ']';
      return;
    }
    case ValueKind::record:
      json += '{';
      for (const RecordField& field : type.fields) {
        if (json.back() != '{') json += ',';
        appendJson(json, field.name);
        json += ':';
        appendValue(json, field.at(value), *field.type);
      }
      json += '}';
      return;
  }
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

std::optional<SweepAnswer> sweepStartFailure(std::string_view calculator,
                                             std::span<const std::string_view> names,
                                             std::string_view field, SweepValues& values,
                                             std::string_view input_text, JsonParse& parsed) {
  if (std::find(names.begin(), names.end(), field) == names.end()) {
    return sweepFailure(errorsJson({{"field", noSuchInput(calculator, names, field)}}));
  }
  if (auto error = values.check(field)) return error;
  parsed = parseJson(input_text);
  if (!parsed.ok()) return sweepFailure(parseErrorJson(parsed, "input"));
  return std::nullopt;
}

std::optional<SweepAnswer> sweepInputFailure(std::vector<FieldError>& errors,
                                             std::string_view field) {
  std::erase_if(errors, [&](const FieldError& error) { return error.field == field; });
  if (errors.empty()) return std::nullopt;
  return sweepFailure(errorsJson(errors));
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

void appendRecordFields(std::string& json, std::span<const RecordField> fields);

// What a result or preset value holds, for generated types and docs: {"kind":"number"} (with
// "nullable" when it may be null), "boolean", "text", "choice" (with its labels), "object" (any
// JSON object: a config.json), "list" (with "items") or "record" (with its "fields").
void appendTypeSpec(std::string& json, const ValueType& type) {
  switch (type.kind) {
    case ValueKind::boolean:
      json += R"({"kind":"boolean"})";
      return;
    case ValueKind::number:
      json += R"({"kind":"number"})";
      return;
    case ValueKind::maybe_number:
      json += R"({"kind":"number","nullable":true})";
      return;
    case ValueKind::choice:
      json += R"({"kind":"choice","choices":)";
      appendJson(json, type.labels);
      json += '}';
      return;
    case ValueKind::list:
      json += R"({"kind":"list","items":)";
      appendTypeSpec(json, *type.item);
      json += '}';
      return;
    case ValueKind::raw_json:
      json += R"({"kind":"object"})";
      return;
    case ValueKind::record:
      json += R"({"kind":"record","fields":)";
      appendRecordFields(json, type.fields);
      json += '}';
      return;
    case ValueKind::text:
      json += R"({"kind":"text"})";
      return;
  }
}

// A record's fields: name, unit, formula, help and type of each.
void appendRecordFields(std::string& json, std::span<const RecordField> fields) {
  json += '[';
  for (const RecordField& field : fields) {
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
    appendTypeSpec(json, *field.type);
    json += '}';
  }
  json += ']';
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
  appendRecordFields(json, kValueType<typename Calculator::Output>.fields);
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
  visit("modelFamilies", [] { return families(); });
  visit("configKeys", [] { return configKeyInfo(); });
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
    appendRecordFields(json, kValueType<typename decltype(list())::value_type>.fields);
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
