// The Embind surface of the core: one function per calculator in core/registry.hpp, the field
// declarations for the UI, and the preset lists. Inputs are read field by field from the JS
// object; results cross back as one JSON text that the JS wrapper parses, since a single string
// is far cheaper than building a JS object one property at a time through Embind.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdio>
#include <string>

#include "machines.hpp"
#include "registry.hpp"

namespace ridgepoint {
namespace {

using emscripten::val;

template <class T>
struct IsSpan : std::false_type {};
template <class T, std::size_t N>
struct IsSpan<std::span<T, N>> : std::true_type {};

void appendJson(std::string& json, std::string_view text) {
  json += '"';
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      json += '\\';
      json += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      json += escaped;
    } else {
      json += c;
    }
  }
  json += '"';
}

// 17 significant digits: JSON.parse gives back exactly the same double. (Emscripten 3.1.6's
// libc++ has no floating-point std::to_chars.)
void appendJson(std::string& json, double number) {
  char digits[32];
  std::snprintf(digits, sizeof digits, "%.17g", number);
  json += digits;
}

template <class T>
void appendJson(std::string& json, const T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    json += value ? "true" : "false";
  } else if constexpr (std::is_arithmetic_v<T>) {
    appendJson(json, static_cast<double>(value));
  } else if constexpr (std::is_same_v<T, MaybeNumber>) {
    if (value) {
      appendJson(json, *value);
    } else {
      json += "null";
    }
  } else if constexpr (std::is_same_v<T, std::string>) {
    appendJson(json, std::string_view(value));
  } else if constexpr (std::is_enum_v<T>) {
    appendJson(json, label(value));
  } else if constexpr (IsVector<T>::value || IsSpan<T>::value) {
    json += '[';
    for (const auto& item : value) {
      if (json.back() != '[') json += ',';
      appendJson(json, item);
    }
    json += ']';
  } else {
    json += '{';
    forEachField(value, [&](const auto& field, const auto& member) {
      if (json.back() != '{') json += ',';
      appendJson(json, field.name);
      json += ':';
      appendJson(json, member);
    });
    json += '}';
  }
}

// A JS value as the core reads it: absent, a number, or text (anything else counts as text).
SuppliedValue supplied(const val& object, std::string_view name) {
  const val value = object[std::string(name)];
  if (value.isNumber()) return value.as<double>();
  if (value.isString()) return value.as<std::string>();
  if (value.isUndefined() || value.isNull()) return std::monostate{};
  return std::string("<" + value.typeOf().as<std::string>() + ">");
}

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

// {"ok":true,"value":…} or {"ok":false,"errors":[{field,message}]}; the JS wrapper throws the
// latter.
template <class Calculator>
std::string evaluate(val input) {
  auto read = readInput<Calculator>([&](std::string_view name) { return supplied(input, name); });
  if (!read.ok()) return errorsJson(read.errors);
  const auto outcome = run<Calculator>(read.value);
  if (!outcome.ok()) return errorsJson(outcome.errors);
  std::string json = R"({"ok":true,"value":)";
  appendJson(json, outcome.value);
  return json + '}';
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
    json += R"({"name":)";
    appendJson(json, field.name);
    json += R"(,"unit":)";
    appendJson(json, field.unit);
    json += R"(,"help":)";
    appendJson(json, field.help);
    json += R"(,"min":)";
    appendJson(json, field.min);
    json += R"(,"max":)";
    appendJson(json, field.max);
    json += R"(,"integer":)";
    appendJson(json, field.integer);
    json += R"(,"required":)";
    appendJson(json, field.required);
    json += R"(,"default":)";
    if (field.choices.empty()) {
      appendJson(json, field.default_value);
    } else {
      appendJson(json, field.choices[static_cast<std::size_t>(field.default_value)]);
      json += R"(,"choices":[)";
      for (std::string_view choice : field.choices) {
        if (json.back() != '[') json += ',';
        appendJson(json, choice);
      }
      json += ']';
    }
    json += '}';
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

// Every calculator's declaration, as JSON.
std::string calculators() {
  std::string json = "[";
  forEachCalculator([&](auto calculator) {
    if (json.back() != '[') json += ',';
    appendSpec<decltype(calculator)>(json);
  });
  return json + ']';
}

template <class Record>
void appendListEntry(std::string& json, std::string_view name, std::span<const Record> records) {
  if (json.back() != '{') json += ',';
  appendJson(json, name);
  json += ':';
  appendJson(json, records);
}

// Every preset list by its JS method name (rp.machines(), …), as JSON.
std::string presets() {
  std::string json = "{";
  appendListEntry(json, "machines", machines());
  appendListEntry(json, "links", links());
  appendListEntry(json, "nodeDesigns", nodeDesigns());
  appendListEntry(json, "measuredLatencies", measuredLatencies());
  appendListEntry(json, "switches", switches());
  appendListEntry(json, "publishedNetworks", publishedNetworks());
  appendListEntry(json, "models", models());
  appendListEntry(json, "deployments", deployments());
  appendListEntry(json, "gemmCalibrations", gemmCalibrations());
  appendListEntry(json, "attentionCalibrations", attentionCalibrations());
  appendListEntry(json, "elementwiseCalibrations", elementwiseCalibrations());
  return json + '}';
}

}  // namespace
}  // namespace ridgepoint

EMSCRIPTEN_BINDINGS(ridgepoint) {
  using namespace ridgepoint;
  forEachCalculator([](auto calculator) {
    using Calculator = decltype(calculator);
    emscripten::function(Calculator::id, &evaluate<Calculator>);
  });
  emscripten::function("calculators", &calculators);
  emscripten::function("presets", &presets);
}
