// Test-side glue between nlohmann::json (the golden data files) and the core: inputs go through
// the core's own JSON entry point (the path the wasm bindings take), results come back parsed.
#pragma once

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "api.hpp"
#include "registry.hpp"

namespace ridgepoint::test {

// Any record as nlohmann::json, through the core's own JSON writer.
template <class T>
nlohmann::json toJson(const T& value) {
  std::string text;
  appendJson(text, value);
  return nlohmann::json::parse(text);
}

// Runs a calculator (by id, as the JS API does) on JSON input; the result as JSON, or its errors.
inline Outcome<nlohmann::json> runById(std::string_view id, const nlohmann::json& input) {
  const nlohmann::json answer = nlohmann::json::parse(evaluateJson(id, input.dump()));
  Outcome<nlohmann::json> result;
  if (answer.at("ok").get<bool>()) {
    result.value = answer.at("value");
  } else {
    for (const auto& error : answer.at("errors")) {
      result.errors.push_back(
          {error.at("field").get<std::string>(), error.at("message").get<std::string>()});
    }
  }
  return result;
}

// The config of the model-import golden case whose name starts with `name`
// (tests/golden/model-import.json), or null when none does.
inline nlohmann::json goldenImportConfig(std::string_view name) {
  std::ifstream file(std::string(RIDGEPOINT_GOLDEN_DIR) + "/model-import.json");
  const nlohmann::json data = nlohmann::json::parse(file);  // outlives the loop over its cases
  for (const nlohmann::json& golden : data.at("cases")) {
    if (golden.at("name").get<std::string>().starts_with(name)) {
      return golden.at("input").at("config");
    }
  }
  return nullptr;
}

}  // namespace ridgepoint::test
