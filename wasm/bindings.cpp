// The Embind surface of the core: any calculator in core/registry.hpp by id, a sweep of any of
// them over one input, the field declarations and the preset lists. Inputs cross as one JSON
// text that the JS API made from a plain copy of the caller's object, and results cross back as one
// JSON text: no JS code runs while the core reads, and one string is far cheaper than many Embind
// property reads. A sweep's numbers cross as one Float64Array each way, cheaper still than text.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <span>

#include "api.hpp"

namespace {

// An answer as a JS string, decoded by the engine's TextDecoder straight from wasm memory while
// the text is alive: Embind's own std::string return walks it byte by byte in JS, which costs a
// 1,000-point sweep more than computing it. One decoder for the module's life.
emscripten::val jsText(const std::string& json) {
  static const emscripten::val decoder = emscripten::val::global("TextDecoder").new_();
  return decoder.call<emscripten::val>(
      "decode", emscripten::val(emscripten::typed_memory_view(
                    json.size(), reinterpret_cast<const unsigned char*>(json.data()))));
}

}  // namespace

EMSCRIPTEN_BINDINGS(ridgepoint) {
  using namespace ridgepoint;
  // One function for every calculator, by id (the core's own dispatch, as native callers use):
  // one Embind registration rather than one per calculator, which the page pays for at start-up.
  emscripten::function(
      "evaluate",
      +[](std::string id, std::string input) { return jsText(evaluateJson(id, input)); });
  // A sweep's values come as JSON text, or as one Float64Array for a number input; its numbers
  // go back as one Float64Array, a column per numeric output.
  emscripten::function(
      "sweep", +[](std::string id, std::string input, std::string field, emscripten::val values) {
        SweepAnswer answer;
        if (values.isString()) {
          answer = sweep(id, input, field, values.as<std::string>());
        } else {
          // Copied into wasm memory by the engine in one call (TypedArray.set), not value by
          // value (convertJSArrayToNumberVector sets each double as its vector grows).
          const auto count = values["length"].as<std::size_t>();
          const std::unique_ptr<double[]> numbers(new double[count]);
          emscripten::val(emscripten::typed_memory_view(count, numbers.get()))
              .call<void>("set", values);
          answer = sweep(id, input, field, std::span<const double>(numbers.get(), count));
        }
        emscripten::val result = emscripten::val::object();
        if (!answer.ok()) {
          result.set("errors", jsText(answer.errors));
          return result;
        }
        // A copy owned by JS (Float64Array.slice): the answer's memory is freed on return.
        const std::span<const double> numbers = answer.numbers();
        result.set("numbers",
                   emscripten::val(emscripten::typed_memory_view(numbers.size(), numbers.data()))
                       .call<emscripten::val>("slice"));
        // Most calculators have no other outputs: no text to decode then (the JS API reads none).
        if (!answer.others.empty()) result.set("others", jsText(answer.others));
        return result;
      });
  emscripten::function(
      "calculators", +[](bool declarations) { return jsText(calculatorsJson(declarations)); });
  emscripten::function(
      "spec", +[](std::string id) { return jsText(specJson(id)); });
  emscripten::function(
      "presets", +[](std::string list) { return jsText(presetsJson(list)); });
}
