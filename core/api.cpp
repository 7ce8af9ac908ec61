#include "api.hpp"

#include "machines.hpp"
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

std::string evaluateJson(std::string_view id, std::string_view text) {
  std::string result;
  forEachCalculator([&](auto calculator) {
    using Calculator = decltype(calculator);
    if (id == Calculator::id) result = evaluateJson<Calculator>(text);
  });
  if (result.empty())
    result = errorsJson({{"calculator", "no calculator '" + std::string(id) + "'"}});
  return result;
}

std::string sweepJson(std::string_view id, std::string_view input_text, std::string_view field,
                      std::string_view values_text) {
  std::string result;
  forEachCalculator([&](auto calculator) {
    using Calculator = decltype(calculator);
    if (id == Calculator::id) result = sweepJson<Calculator>(input_text, field, values_text);
  });
  if (result.empty())
    result = errorsJson({{"calculator", "no calculator '" + std::string(id) + "'"}});
  return result;
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
  json += R"(],"outputs":[)";
  std::apply(
      [&](const auto&... field) {
        (
            [&] {
              if (json.back() != '[') json += ',';
              json += R"({"name":)";
              appendJson(json, field.name);
              json += R"(,"unit":)";
              appendJson(json, field.unit);
              json += R"(,"formula":)";
              appendJson(json, field.formula);
              json += R"(,"help":)";
              appendJson(json, field.help);
              json += '}';
            }(),
            ...);
      },
      Schema<typename Calculator::Output>::fields);
  json += "]}";
}

template <class Record>
void appendListEntry(std::string& json, std::string_view name, std::span<const Record> records) {
  if (json.back() != '{') json += ',';
  appendJson(json, name);
  json += ':';
  appendJson(json, records);
}

}  // namespace

std::string calculatorsJson() {
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
    appendSpec<decltype(calculator)>(json);
  });
  return json + "]}";
}

std::string presetsJson() {
  std::string json = "{";
  appendListEntry(json, "machines", machines());
  appendListEntry(json, "links", links());
  appendListEntry(json, "nodeDesigns", nodeDesigns());
  appendListEntry(json, "measuredLatencies", measuredLatencies());
  appendListEntry(json, "switches", switches());
  appendListEntry(json, "publishedNetworks", publishedNetworks());
  appendListEntry(json, "models", models());
  return json + '}';
}

}  // namespace ridgepoint
