// Runs every golden case in tests/golden/*.json through the core. The Node tests read the same
// files and run them through the wasm JS API.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "json_io.hpp"

namespace {

using nlohmann::json;

// An expectation is a literal (number: relative tolerance 1e-9) or {value, tolerance} where
// tolerance is absolute.
void checkExpectation(const std::string& where, const json& expected, const json& actual) {
  INFO(where);
  if (expected.is_object()) {
    REQUIRE(actual.is_number());
    const double value = expected.at("value").get<double>();
    const double tolerance = expected.value("tolerance", 0.0);
    CHECK(std::abs(actual.get<double>() - value) <= tolerance);
  } else if (expected.is_number() && actual.is_number()) {
    const double value = expected.get<double>();
    CHECK(std::abs(actual.get<double>() - value) <= 1e-9 * std::max(1.0, std::abs(value)));
  } else {
    CHECK(actual == expected);
  }
}

}  // namespace

TEST_CASE("every published and hand-derived golden case reproduces in the core") {
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(RIDGEPOINT_GOLDEN_DIR)) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream file(entry.path());
    const json data = json::parse(file);
    for (const json& golden : data.at("cases")) {
      const std::string name =
          entry.path().filename().string() + ": " + golden.at("name").get<std::string>();
      CAPTURE(name);
      const auto result =
          ridgepoint::test::runById(golden.at("calculator").get<std::string>(), golden.at("input"));
      ++cases;
      if (golden.contains("error")) {
        REQUIRE_FALSE(result.ok());
        CHECK(result.errors.front().field == golden.at("error").get<std::string>());
        continue;
      }
      REQUIRE_MESSAGE(result.ok(), (result.ok() ? "" : result.errors.front().message));
      for (const auto& [key, expected] : golden.at("expect").items()) {
        // A key starting with "/" is a JSON pointer into nested results (table rows).
        const json::json_pointer pointer(key.front() == '/' ? key : "/" + key);
        REQUIRE_MESSAGE(result.value.contains(pointer), key);
        checkExpectation(name + " → " + key, expected, result.value.at(pointer));
      }
    }
  }
  CHECK(cases > 0);
}
