// Test-side glue between JSON (the golden data files) and the core's declared fields: the same
// mapping the wasm bindings make between JS objects and the core.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "field.hpp"
#include "registry.hpp"

namespace ridgepoint::test {

template <class T>
nlohmann::json toJson(const T& value) {
  if constexpr (std::is_same_v<T, bool> || std::is_arithmetic_v<T>) {
    return value;
  } else if constexpr (std::is_same_v<T, MaybeNumber>) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
  } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view>) {
    return std::string(value);
  } else if constexpr (std::is_enum_v<T>) {
    return std::string(label(value));
  } else if constexpr (IsVector<T>::value) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& item : value) list.push_back(toJson(item));
    return list;
  } else {
    nlohmann::json object = nlohmann::json::object();
    forEachField(value, [&](const auto& field, const auto& member) {
      object[std::string(field.name)] = toJson(member);
    });
    return object;
  }
}

// What JSON supplies for a field, as the JS binding reads a JS value.
inline SuppliedValue supplied(const nlohmann::json& object, std::string_view name) {
  const auto it = object.find(std::string(name));
  if (it == object.end() || it->is_null()) return std::monostate{};
  if (it->is_number()) return it->get<double>();
  if (it->is_string()) return it->get<std::string>();
  return std::string("<not a number>");
}

// Runs a calculator on JSON input; the result as JSON, or its errors.
template <class Calculator>
Outcome<nlohmann::json> runOnJson(const nlohmann::json& input) {
  Outcome<nlohmann::json> result;
  auto read = readInput<Calculator>([&](std::string_view name) { return supplied(input, name); });
  if (!read.ok()) {
    result.errors = read.errors;
    return result;
  }
  auto outcome = run<Calculator>(read.value);
  result.errors = outcome.errors;
  if (outcome.ok()) result.value = toJson(outcome.value);
  return result;
}

// Dispatches on the calculator's id, as the JS API does.
inline Outcome<nlohmann::json> runById(std::string_view id, const nlohmann::json& input) {
  Outcome<nlohmann::json> result = failure<nlohmann::json>("calculator", "unknown calculator");
  forEachCalculator([&](auto calculator) {
    using Calculator = decltype(calculator);
    if (id == Calculator::id) result = runOnJson<Calculator>(input);
  });
  return result;
}

}  // namespace ridgepoint::test
