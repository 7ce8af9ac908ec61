// The Embind surface of the core: one function per calculator in core/registry.hpp, a sweep of
// any of them over one input, the field declarations and the preset lists. Inputs cross as one JSON
// text that the JS API made from a plain copy of the caller's object, and results cross back as one
// JSON text: no JS code runs while the core reads, and one string is far cheaper than many Embind
// property reads.
#include <emscripten/bind.h>

#include "api.hpp"
#include "registry.hpp"

EMSCRIPTEN_BINDINGS(ridgepoint) {
  using namespace ridgepoint;
  forEachCalculator([](auto calculator) {
    using Calculator = decltype(calculator);
    emscripten::function(
        Calculator::id, +[](std::string input) { return evaluateJson<Calculator>(input); });
  });
  emscripten::function(
      "sweep", +[](std::string id, std::string input, std::string field, std::string values) {
        return sweepJson(id, input, field, values);
      });
  emscripten::function("calculators", &calculatorsJson);
  emscripten::function("presets", &presetsJson);
}
