// The core's whole outward surface: evaluate a calculator on a JSON input, sweep one over one of
// its inputs, list the calculators' declarations and the preset lists. The wasm bindings expose
// exactly these; native tests, the fuzzer, the parity check and the benchmark call them too, so
// every caller takes one path.
#pragma once

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "field.hpp"
#include "json.hpp"

namespace ridgepoint {

// Any value that has a ValueType (a result, a preset record, a list of them) as JSON.
void appendValue(std::string& json, const void* value, const ValueType& type);

template <class T>
void appendJson(std::string& json, const T& value) {
  appendValue(json, &value, kValueType<T>);
}

std::string errorsJson(const std::vector<FieldError>& errors);

// The error of a JSON text that did not parse, against `name` ("input") or the path within it.
std::string parseErrorJson(const JsonParse& parsed, std::string_view name);

// {"ok":true,"value":…} (`value` of ValueType `type`) or, when there are `errors`,
// {"ok":false,"errors":[{field,message}]}.
std::string outcomeJson(const std::vector<FieldError>& errors, const void* value,
                        const ValueType& type);

// A calculator's answer to a JSON input text, as outcomeJson writes it.
template <class Calculator>
std::string evaluateJson(std::string_view text) {
  const JsonParse parsed = parseJson(text);
  if (!parsed.ok()) return parseErrorJson(parsed, "input");
  const auto read = readInput<Calculator>(parsed.value);
  if (!read.ok()) return errorsJson(read.errors);
  // readInput checked the range of every value supplied, and the declared defaults are in range
  // (declaration_test), so run's second check of every field is not needed.
  const auto outcome = evaluateInRange<Calculator>(read.value);
  return outcomeJson(outcome.errors, &outcome.value, kValueType<typename Calculator::Output>);
}

// The same, for a calculator named by its id.
std::string evaluateJson(std::string_view id, std::string_view text);

// An output that crosses a sweep as one double: a number, a flag (1 or 0), a maybe-number (NaN
// for null, which no finite output can be) or a labelled choice (the index of its label). The
// spec's output types say the same (number, boolean, choice), so the JS API finds the columns.
constexpr bool isSweepNumber(ValueKind kind) {
  return kind == ValueKind::number || kind == ValueKind::boolean ||
         kind == ValueKind::maybe_number || kind == ValueKind::choice;
}

// How many of a record's outputs cross a sweep as numbers.
constexpr std::size_t sweepNumberCount(const ValueType& record) {
  std::size_t count = 0;
  for (const RecordField& field : record.fields) count += isSweepNumber(field.type->kind) ? 1 : 0;
  return count;
}

// A sweep's answer: a table of one column per output, in the declaration's order, one value per
// point in each. The numeric outputs' columns are `numbers()`, one after another (so the JS API
// hands each out as a view of one block, with no work per point); the other outputs (texts, lists,
// records) are one object per point of `others`, a JSON list, empty when the calculator has none.
// Numbers cross from wasm as one block of memory instead of text that is written, decoded and
// parsed. A sweep that failed has only `errors`, a JSON text {"ok":false,"errors":[…]} like
// evaluateJson's.
struct SweepAnswer {
  std::size_t points = 0;
  std::size_t number_columns = 0;
  // A block, not a vector: a vector sets each double as it grows, under Emscripten's -Os a call
  // each, which costs a sweep as much as its arithmetic.
  std::unique_ptr<double[]> number_block;
  std::string others;
  std::string errors;

  bool ok() const { return errors.empty(); }
  std::span<const double> numbers() const { return {number_block.get(), points * number_columns}; }
  // The column of numeric output `output` (counting the numeric outputs only).
  std::span<const double> column(std::size_t output) const {
    return numbers().subspan(output * points, points);
  }
};

// One point's outputs (`record`, of ValueType `type`): its numbers written from `first` on, one
// column (`points` doubles) apart, its other outputs appended to `others`.
void writeSweepPoint(const void* record, const ValueType& type, double* first, std::size_t points,
                     std::string& others);

// The values a sweep takes in turn, as the caller gave them: a JSON list (any input: labels for a
// choice, true or false for a flag, …) or plain numbers for a number input (as JS sends them: one
// block, nothing to parse).
class SweepValues {
 public:
  explicit SweepValues(std::string_view text) : text_(text), is_text_(true) {}
  explicit SweepValues(std::span<const double> numbers)
      : numbers_(numbers.data()), count_(numbers.size()) {}

  // Parses a JSON list; the failed answer when the values are not a list of at most
  // kInputLimits.max_sweep_points for `field`.
  std::optional<SweepAnswer> check(std::string_view field);
  std::size_t size() const { return is_text_ ? parsed_.value.items.size() : count_; }
  // Reads the value at `point` into its field's target, or adds why it cannot to `errors`.
  bool read(std::size_t point, const FieldRule& rule, const FieldTarget& target,
            std::vector<FieldError>& errors) const;

 private:
  // read() for a value in JSON, or for a number that is out of range or for another kind of
  // input: the general reader, which words the error.
  bool readJson(std::size_t point, const FieldRule& rule, const FieldTarget& target,
                std::vector<FieldError>& errors) const;

  std::string_view text_;
  // A pointer and a count, not a span: under -Os a span's [] is a call.
  const double* numbers_ = nullptr;
  std::size_t count_ = 0;
  bool is_text_ = false;
  JsonParse parsed_;
};

// One point of a sweep: the calculator on `input` (its Input, the swept field holding this
// point's value), its outputs written by writeSweepPoint, or false with its errors. One function
// per calculator, all in core/sweep.cpp (compiled for speed: it runs at every point) and found
// by id, so the loop, its checks and its messages are compiled once, not once per calculator.
using SweepStep = bool (*)(const void* input, double* first, std::size_t points,
                           std::string& others, std::vector<FieldError>& errors);
SweepStep sweepStep(std::string_view id);

// A failed sweep's answer.
SweepAnswer sweepFailure(std::string errors_json);

// The answer from `step` on `input` at each of `values`, each read into `target` (the swept
// field, declared by `rule`, of `input`), `numbers_per_point` doubles each, or the first failing
// point's errors naming it (`values[3]: …`).
SweepAnswer sweepPoints(const SweepValues& values, const FieldRule& rule, const FieldTarget& target,
                        std::size_t numbers_per_point, SweepStep step, const void* input);

// The failed answer of a sweep that cannot start: `field` is not one of the calculator's input
// `names`, the values are not a list of at most the allowed points, or the input text does not
// parse; otherwise nothing, and `parsed` holds the input.
std::optional<SweepAnswer> sweepStartFailure(std::string_view calculator,
                                             std::span<const std::string_view> names,
                                             std::string_view field, SweepValues& values,
                                             std::string_view input_text, JsonParse& parsed);

// The failed answer when the inputs other than the swept `field` have `errors`. The swept field
// takes each value in turn, so its own entry in the input (or its absence, when it is required)
// does not matter.
std::optional<SweepAnswer> sweepInputFailure(std::vector<FieldError>& errors,
                                             std::string_view field);

// The calculator at each of `values` for its input `field`, every other input as in `input_text`,
// in one call: one point per value. The other inputs are read and checked once; each point's
// value is checked like a whole input's; the first point that fails ends the sweep with errors
// naming the field and the point (`values[3]: …`).
template <class Calculator>
SweepAnswer sweep(std::string_view input_text, std::string_view field, SweepValues& values) {
  JsonParse parsed;
  if (auto failed = sweepStartFailure(Calculator::id, kInputNames<Calculator>, field, values,
                                      input_text, parsed)) {
    return std::move(*failed);
  }
  auto base = readInput<Calculator>(parsed.value);
  if (auto failed = sweepInputFailure(base.errors, field)) return std::move(*failed);
  // One input serves every point: the calculator reads it without changing it, and only the swept
  // field, rewritten at each point, differs. readInput checked every other field's range, and
  // each point's value is checked as it is read.
  const auto& swept = *findField<Calculator>(field);
  return sweepPoints(values, swept.rule(), targetIn(swept, base.value),
                     sweepNumberCount(kValueType<typename Calculator::Output>),
                     sweepStep(Calculator::id), &base.value);
}

// The same, for a calculator named by its id, with values as JSON text (any input) or as numbers
// (a number input).
SweepAnswer sweep(std::string_view id, std::string_view input_text, std::string_view field,
                  std::string_view values_text);
SweepAnswer sweep(std::string_view id, std::string_view input_text, std::string_view field,
                  std::span<const double> values);

// The input limits, every calculator and the fields of each preset list's records (name, unit,
// type), so types and docs derive from the core. With `declarations`, each calculator is its whole
// declaration (specJson); without, its id alone: what the JS API needs to start, the rest read
// on demand.
std::string calculatorsJson(bool declarations = true);

// One calculator's declaration: id, title, inputs (name, kind, unit, help, range, default,
// choices), outputs (name, unit, formula, help, type); "" when no calculator has that id.
std::string specJson(std::string_view id);

// One preset list, by its JS method name (rp.machines(), …); "" when no list has that name. One at
// a time, so that a page asking for the models does not also build the deployments.
std::string presetsJson(std::string_view list);

}  // namespace ridgepoint
