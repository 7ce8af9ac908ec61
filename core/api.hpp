// The core's whole outward surface: evaluate a calculator on a JSON input, sweep one over one of
// its inputs, list the calculators' declarations and the preset lists. The wasm bindings expose
// exactly these; native tests, the fuzzer, the parity check and the benchmark call them too, so
// every caller takes one path.
#pragma once

#include <algorithm>
#include <limits>
#include <optional>
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
  if constexpr (std::is_enum_v<T>) {
    appendJson(json, label(value));
  } else if constexpr (std::is_same_v<T, bool>) {
    json += value ? "true" : "false";
  } else if constexpr (std::is_arithmetic_v<T>) {
    appendJson(json, static_cast<double>(value));
  } else if constexpr (std::is_same_v<T, MaybeNumber>) {
    if (value) {
      appendJson(json, *value);
    } else {
      json += "null";
    }
  } else if constexpr (std::is_same_v<T, RawJson>) {
    json += value.text;
  } else if constexpr (std::is_same_v<T, std::string>) {
    appendJson(json, std::string_view(value));
  } else if constexpr (IsVector<T>::value || IsSpan<T>::value) {
    json += '[';
    for (const auto& item : value) {
      if (json.back() != '[') json += ',';
      appendJson(json, item);
    }
    json += ']';
  } else {
    const char* before = "{\"";
    forEachField(value, [&](const auto& field, const auto& member) {
      json += before;
      json += field.name;
      json += "\":";
      appendJson(json, member);
      before = ",\"";
    });
    json += std::tuple_size_v<decltype(Schema<T>::fields)> == 0 ? "{}" : "}";
  }
}

std::string errorsJson(const std::vector<FieldError>& errors);

// The error of a JSON text that did not parse, against `name` ("input") or the path within it.
std::string parseErrorJson(const JsonParse& parsed, std::string_view name);

// {"ok":true,"value":…} or {"ok":false,"errors":[{field,message}]}.
template <class Calculator>
std::string evaluateJson(std::string_view text) {
  const JsonParse parsed = parseJson(text);
  if (!parsed.ok()) return parseErrorJson(parsed, "input");
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

// An output that crosses a sweep as one double: a number, a flag (1 or 0), a maybe-number (NaN
// for null, which no finite output can be) or a labelled choice (the index of its label). The
// spec's output types say the same (number, boolean, choice), so the JS API finds the columns.
template <class T>
concept SweepNumber = std::is_arithmetic_v<T> || std::is_same_v<T, MaybeNumber> || Labelled<T>;

template <SweepNumber T>
double sweepNumber(const T& value) {
  if constexpr (std::is_same_v<T, MaybeNumber>) {
    return value ? *value + 0.0 : std::numeric_limits<double>::quiet_NaN();
  } else {
    // + 0.0 turns -0 into 0, as the JSON writer does.
    return static_cast<double>(value) + 0.0;
  }
}

template <class Record>
constexpr std::size_t kSweepNumbers = std::apply(
    [](const auto&... field) {
      return (std::size_t{0} + ... +
              (SweepNumber<std::remove_cvref_t<decltype(std::declval<Record>().*(field.member))>>
                   ? 1
                   : 0));
    },
    Schema<Record>::fields);

// A sweep's answer. Each point's numeric outputs are one row of `numbers`, in the declaration's
// order; its other outputs (texts, lists, records) are one object of `others`, a JSON list, empty
// when the calculator has none. Numbers cross from wasm as one block of memory instead of text
// that is written, decoded and parsed. A sweep that failed has only `errors`, a JSON text
// {"ok":false,"errors":[…]} like evaluateJson's.
struct SweepAnswer {
  std::vector<double> numbers;
  std::string others;
  std::string errors;
  bool ok() const { return errors.empty(); }
};

// One point's outputs: its numbers written at `row`, its other outputs appended to `others`.
template <class Record>
void writeSweepPoint(const Record& record, double* row, std::string& others) {
  forEachField(record, [&](const auto&, const auto& member) {
    if constexpr (SweepNumber<std::remove_cvref_t<decltype(member)>>) *row++ = sweepNumber(member);
  });
  if constexpr (kSweepNumbers<Record> < std::tuple_size_v<decltype(Schema<Record>::fields)>) {
    others += others.empty() ? "[{" : ",{";
    forEachField(record, [&](const auto& field, const auto& member) {
      if constexpr (!SweepNumber<std::remove_cvref_t<decltype(member)>>) {
        if (others.back() != '{') others += ',';
        appendJson(others, field.name);
        others += ':';
        appendJson(others, member);
      }
    });
    others += '}';
  }
}

// One point of a sweep: the calculator at one value of the swept field, its outputs written by
// writeSweepPoint, or false with its errors. Passed to sweepPoints as a pointer and a context, so
// the loop, its checks and its messages are compiled once, not once per calculator.
class SweepStep {
 public:
  template <class Step>
  explicit SweepStep(const Step& step)
      : step_(&step),
        call_(+[](const void* step, const Json& value, double* row, std::string& others,
                  std::vector<FieldError>& errors) {
          return (*static_cast<const Step*>(step))(value, row, others, errors);
        }) {}
  bool operator()(const Json& value, double* row, std::string& others,
                  std::vector<FieldError>& errors) const {
    return call_(step_, value, row, others, errors);
  }

 private:
  const void* step_;
  bool (*call_)(const void*, const Json&, double*, std::string&, std::vector<FieldError>&);
};

// A failed sweep's answer.
SweepAnswer sweepFailure(std::string errors_json);

// The values of a sweep over `field` as a parsed list, or the failed answer when they are not a
// list of at most kInputLimits.max_sweep_points.
std::optional<SweepAnswer> sweepValuesError(const JsonParse& values, std::string_view field);

// The answer from `step` at each value, `numbers_per_point` doubles each, or the first failing
// point's errors naming it (`values[3]: …`).
SweepAnswer sweepPoints(const Json& values, std::size_t numbers_per_point, const SweepStep& step);

// The calculator at each of `values_text` (a JSON list) for its input `field`, every other input
// as in `input_text`, in one call: one point per value. Every point is read and validated like a
// whole input; the first point that fails ends the sweep with errors naming the field and the
// point (`values[3]: …`).
template <class Calculator>
SweepAnswer sweep(std::string_view input_text, std::string_view field,
                  std::string_view values_text) {
  const auto* swept = findField<Calculator>(field);
  if (!swept) return sweepFailure(errorsJson({{"field", noSuchInput<Calculator>(field)}}));
  const JsonParse values = parseJson(values_text);
  if (auto error = sweepValuesError(values, field)) return std::move(*error);
  const JsonParse parsed = parseJson(input_text);
  if (!parsed.ok()) return sweepFailure(parseErrorJson(parsed, "input"));
  auto base = readInput<Calculator>(parsed.value);
  // The swept field takes each value in turn, so its own entry in the input (or its absence,
  // when it is required) does not matter.
  std::erase_if(base.errors, [&](const FieldError& error) { return error.field == field; });
  if (!base.ok()) return sweepFailure(errorsJson(base.errors));
  const auto step = [&](const Json& value, double* row, std::string& others,
                        std::vector<FieldError>& errors) {
    typename Calculator::Input input = base.value;
    if (auto error = readField(*swept, value, input)) {
      errors.push_back(std::move(*error));
      return false;
    }
    // readInput checked every other field's range and readField this one's.
    auto outcome = evaluateInRange<Calculator>(input);
    if (!outcome.ok()) {
      errors = std::move(outcome.errors);
      return false;
    }
    writeSweepPoint(outcome.value, row, others);
    return true;
  };
  return sweepPoints(values.value, kSweepNumbers<typename Calculator::Output>, SweepStep(step));
}

// The same, for a calculator named by its id.
SweepAnswer sweep(std::string_view id, std::string_view input_text, std::string_view field,
                  std::string_view values_text);

// The input limits, every calculator and the fields of each preset list's records (name, unit,
// type), so types and docs derive from the core. With `declarations`, each calculator is its whole
// declaration (specJson); without, its id alone: what the JS API needs to start, the rest read
// on demand.
std::string calculatorsJson(bool declarations = true);

// One calculator's declaration: id, title, inputs (name, kind, unit, help, range, default,
// choices), outputs (name, unit, formula, help, type); "" when no calculator has that id.
std::string specJson(std::string_view id);

// Every preset list by its JS method name (rp.machines(), …).
std::string presetsJson();

}  // namespace ridgepoint
