// The core's whole outward surface as JSON text: evaluate a calculator on a JSON input, list the
// calculators' declarations and the preset lists. The wasm bindings expose exactly these; native
// tests, the fuzzer and the parity check call them too, so every caller takes one path.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "field.hpp"
#include "json.hpp"

namespace ridgepoint {

template <class T>
struct IsSpan : std::false_type {};
template <class T, std::size_t N>
struct IsSpan<std::span<T, N>> : std::true_type {};

// Any result or preset record as JSON, by its Schema.
template <class T>
void appendJson(std::string& json, const T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    json += value ? "true" : "false";
  } else if constexpr (std::is_arithmetic_v<T>) {
    appendJson(json, static_cast<double>(value));
  } else if constexpr (std::is_same_v<T, RawJson>) {
    json += value.text;
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

std::string errorsJson(const std::vector<FieldError>& errors);

// {"ok":true,"value":…} or {"ok":false,"errors":[{field,message}]}.
template <class Calculator>
std::string evaluateJson(std::string_view text) {
  const JsonParse parsed = parseJson(text);
  if (!parsed.ok()) {
    return errorsJson(
        {{parsed.error_path.empty() ? "input" : parsed.error_path,
          (parsed.error_path.empty() ? "" : parsed.error_path + ": ") + parsed.error}});
  }
  const auto read = readInput<Calculator>(parsed.value);
  if (!read.ok()) return errorsJson(read.errors);
  const auto outcome = run<Calculator>(read.value);
  if (!outcome.ok()) return errorsJson(outcome.errors);
  std::string json = R"({"ok":true,"value":)";
  appendJson(json, outcome.value);
  return json + '}';
}

// The same, for a calculator named by its id.
std::string evaluateJson(std::string_view id, std::string_view text);

// Every calculator's declaration: id, title, inputs (name, kind, unit, help, range, default,
// choices), outputs (name, unit, formula, help); and the input limits.
std::string calculatorsJson();

// Every preset list by its JS method name (rp.machines(), …).
std::string presetsJson();

}  // namespace ridgepoint
