// The Embind surface of the core: one function per calculator in core/registry.hpp, the field
// declarations for the UI, and the preset lists. Everything crosses as plain JS objects.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "machines.hpp"
#include "registry.hpp"

namespace ridgepoint {
namespace {

using emscripten::val;

template <class T>
val toVal(const T& value) {
  if constexpr (std::is_same_v<T, bool> || std::is_arithmetic_v<T>) {
    return val(value);
  } else if constexpr (std::is_same_v<T, MaybeNumber>) {
    return value ? val(*value) : val::null();
  } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view>) {
    return val(std::string(value));
  } else if constexpr (std::is_enum_v<T>) {
    return val(std::string(label(value)));
  } else if constexpr (IsVector<T>::value) {
    val list = val::array();
    for (const auto& item : value) list.call<void>("push", toVal(item));
    return list;
  } else {
    val object = val::object();
    forEachField(value, [&](const auto& field, const auto& member) {
      object.set(std::string(field.name), toVal(member));
    });
    return object;
  }
}

// A JS value as the core reads it: absent, a number, or text (anything else counts as text).
SuppliedValue supplied(const val& object, std::string_view name) {
  const val value = object[std::string(name)];
  const std::string type = value.typeOf().as<std::string>();
  if (type == "undefined" || value.isNull()) return std::monostate{};
  if (type == "number") return value.as<double>();
  if (type == "string") return value.as<std::string>();
  return std::string("<" + type + ">");
}

val errorsToVal(const std::vector<FieldError>& errors) {
  val list = val::array();
  for (const FieldError& error : errors) {
    val item = val::object();
    item.set("field", error.field);
    item.set("message", error.message);
    list.call<void>("push", item);
  }
  val result = val::object();
  result.set("ok", false);
  result.set("errors", list);
  return result;
}

// {ok: true, value} or {ok: false, errors: [{field, message}]}; the JS wrapper throws the latter.
template <class Calculator>
val evaluate(val input) {
  auto read = readInput<Calculator>([&](std::string_view name) { return supplied(input, name); });
  if (!read.ok()) return errorsToVal(read.errors);
  const auto outcome = run<Calculator>(read.value);
  if (!outcome.ok()) return errorsToVal(outcome.errors);
  val result = val::object();
  result.set("ok", true);
  result.set("value", toVal(outcome.value));
  return result;
}

template <class Calculator>
val describe() {
  val inputs = val::array();
  for (const auto& field : Calculator::inputs) {
    val spec = val::object();
    spec.set("name", std::string(field.name));
    spec.set("unit", std::string(field.unit));
    spec.set("help", std::string(field.help));
    spec.set("min", field.min);
    spec.set("max", field.max);
    spec.set("integer", field.integer);
    spec.set("required", field.required);
    if (field.choices.empty()) {
      spec.set("default", field.default_value);
    } else {
      val choices = val::array();
      for (std::string_view choice : field.choices) choices.call<void>("push", std::string(choice));
      spec.set("choices", choices);
      spec.set("default",
               std::string(field.choices[static_cast<std::size_t>(field.default_value)]));
    }
    inputs.call<void>("push", spec);
  }
  val outputs = val::array();
  std::apply(
      [&](const auto&... field) {
        (
            [&] {
              val spec = val::object();
              spec.set("name", std::string(field.name));
              spec.set("unit", std::string(field.unit));
              spec.set("formula", std::string(field.formula));
              spec.set("help", std::string(field.help));
              outputs.call<void>("push", spec);
            }(),
            ...);
      },
      Schema<typename Calculator::Output>::fields);
  val spec = val::object();
  spec.set("id", std::string(Calculator::id));
  spec.set("title", std::string(Calculator::title));
  spec.set("inputs", inputs);
  spec.set("outputs", outputs);
  return spec;
}

val calculators() {
  val list = val::array();
  forEachCalculator(
      [&](auto calculator) { list.call<void>("push", describe<decltype(calculator)>()); });
  return list;
}

template <class Record>
val listToVal(std::span<const Record> records) {
  return toVal(std::vector<Record>(records.begin(), records.end()));
}

// Every preset list by its JS method name: rp.machines(), …
val presets() {
  val lists = val::object();
  lists.set("machines", listToVal(machines()));
  lists.set("links", listToVal(links()));
  lists.set("nodeDesigns", listToVal(nodeDesigns()));
  lists.set("measuredLatencies", listToVal(measuredLatencies()));
  lists.set("switches", listToVal(switches()));
  lists.set("publishedNetworks", listToVal(publishedNetworks()));
  lists.set("models", listToVal(models()));
  return lists;
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
