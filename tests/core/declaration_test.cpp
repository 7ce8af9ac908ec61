// Every calculator's declaration is well formed: a field picked or concatenated from another
// table (pickFields, concatFields) cannot silently come out empty, and the defaults it shows
// the person are valid inputs.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "registry.hpp"

using namespace ridgepoint;

TEST_CASE("every declared input has a name, a member and a default inside its range") {
  forEachCalculator([](auto calculator) {
    using Calculator = decltype(calculator);
    CAPTURE(std::string(Calculator::id));
    std::set<std::string_view> names;
    for (const auto& field : Calculator::inputs) {
      CAPTURE(std::string(field.name));
      CHECK_FALSE(field.name.empty());
      const int members = (field.member != nullptr) + (field.flag != nullptr) +
                          (field.object != nullptr) + (field.list != nullptr);
      CHECK(members == 1);
      CHECK_FALSE(field.help.empty());
      CHECK(names.insert(field.name).second);
      if (field.kind() == FieldKind::number || field.kind() == FieldKind::integer) {
        CHECK(field.min <= field.default_value);
        CHECK(field.default_value <= field.max);
      } else if (field.kind() == FieldKind::choice) {
        CHECK(field.default_value < static_cast<double>(field.choices.size()));
      }
    }
  });
}

TEST_CASE("every calculator accepts its declared defaults and names its outputs once") {
  forEachCalculator([](auto calculator) {
    using Calculator = decltype(calculator);
    CAPTURE(std::string(Calculator::id));
    const auto outcome = run<Calculator>(defaultInput<Calculator>());
    CHECK_MESSAGE(outcome.ok(), (outcome.ok() ? "" : outcome.errors.front().message));
    std::set<std::string_view> names;
    std::apply(
        [&](const auto&... field) { ([&] { CHECK(names.insert(field.name).second); }(), ...); },
        Schema<typename Calculator::Output>::fields);
  });
}

TEST_CASE("an output shares an input's name only where it is the same quantity") {
  // The value used (boundCheck's time, or its time from measuredFlops; a switch model's radix),
  // built (fatTree's endpoints, 0 asking for the full size) or reached (a serving node's speed
  // per user, a target in the input). Any other output takes a name of its own: trainingMemory's
  // totals are *PerGpu and modelInference's weight input weightBytesPerParam, beside inputs and
  // outputs of bytes per parameter and bytes in all; mtpSpeedup's rate with MTP is
  // mtpTokensPerSecond beside the rate without it.
  const std::set<std::string> same_quantity = {"boundCheck.measuredTime", "fatTree.endpoints",
                                               "cheapestFatTree.radix",
                                               "servingThroughput.tokensPerSecondPerUser"};
  forEachCalculator([&](auto calculator) {
    using Calculator = decltype(calculator);
    std::apply(
        [&](const auto&... output) {
          (
              [&] {
                for (const auto& input : Calculator::inputs) {
                  if (input.name != output.name) continue;
                  const std::string shared =
                      std::string(Calculator::id) + "." + std::string(input.name);
                  CAPTURE(shared);
                  CHECK(same_quantity.contains(shared));
                }
              }(),
              ...);
        },
        Schema<typename Calculator::Output>::fields);
  });
}
