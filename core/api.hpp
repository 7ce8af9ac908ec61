// The core's whole outward surface as JSON text: evaluate a calculator on a JSON input, list the
// calculators' declarations and the preset lists. The wasm bindings expose exactly these; native
// tests, the fuzzer and the parity check call them too, so every caller takes one path.
#pragma once

#include <algorithm>
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

// A value written in a bounded number of bytes: a number, a flag, a maybe-number or a label.
template <class T>
concept ScalarJson = std::is_arithmetic_v<T> || std::is_same_v<T, MaybeNumber> || std::is_enum_v<T>;

template <ScalarJson T>
std::size_t maxJsonBytes(const T& value) {
  if constexpr (std::is_enum_v<T>) {
    return maxJsonBytes(label(value));
  } else {
    return kMaxNumberBytes;
  }
}

template <ScalarJson T>
char* writeJson(char* out, const T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    return value ? std::copy_n("true", 4, out) : std::copy_n("false", 5, out);
  } else if constexpr (std::is_arithmetic_v<T>) {
    return writeJson(out, static_cast<double>(value));
  } else if constexpr (std::is_same_v<T, MaybeNumber>) {
    return value ? writeJson(out, *value) : std::copy_n("null", 4, out);
  } else {
    return writeJson(out, label(value));
  }
}

template <class Record>
constexpr bool kScalarRecord = std::apply(
    [](const auto&... field) {
      return (ScalarJson<std::remove_cvref_t<decltype(std::declval<Record>().*(field.member))>> &&
              ...);
    },
    Schema<Record>::fields);

// Any result or preset record as JSON, by its Schema.
template <class T>
void appendJson(std::string& json, const T& value) {
  if constexpr (std::is_enum_v<T>) {
    appendJson(json, label(value));
  } else if constexpr (ScalarJson<T>) {
    char text[kMaxNumberBytes];
    json.append(text, writeJson(text, value));
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
  } else if constexpr (kScalarRecord<T>) {
    // Numbers, flags and labels only (a sweep's points): the text grows once to the record's
    // longest form and is written straight, as appending key by key costs most of a wasm sweep.
    // Declared names are identifiers, so a key needs no escaping.
    std::size_t bytes = 2;
    forEachField(value, [&](const auto& field, const auto& member) {
      bytes += field.name.size() + 4 + maxJsonBytes(member);
    });
    const std::size_t at = json.size();
    json.resize(at + bytes);
    char* out = json.data() + at;
    *out++ = '{';
    forEachField(value, [&](const auto& field, const auto& member) {
      if (out[-1] != '{') *out++ = ',';
      *out++ = '"';
      out = std::copy(field.name.begin(), field.name.end(), out);
      *out++ = '"';
      *out++ = ':';
      out = writeJson(out, member);
    });
    *out++ = '}';
    json.resize(static_cast<std::size_t>(out - json.data()));
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

// One point of a sweep: the calculator at one value of the swept field, its result appended to
// the text, or false with its errors. Passed to sweepPoints as a pointer and a context, so the
// loop, its checks and its messages are compiled once, not once per calculator.
class SweepStep {
 public:
  template <class Step>
  explicit SweepStep(const Step& step)
      : step_(&step),
        call_(+[](const void* step, const Json& value, std::string& json,
                  std::vector<FieldError>& errors) {
          return (*static_cast<const Step*>(step))(value, json, errors);
        }) {}
  bool operator()(const Json& value, std::string& json, std::vector<FieldError>& errors) const {
    return call_(step_, value, json, errors);
  }

 private:
  const void* step_;
  bool (*call_)(const void*, const Json&, std::string&, std::vector<FieldError>&);
};

// The values of a sweep over `field` as a parsed list, or the error answer when they are not a
// list of at most kInputLimits.max_sweep_points.
std::optional<std::string> sweepValuesError(const JsonParse& values, std::string_view field);

// {"ok":true,"value":[result, …]} from `step` at each value, or the first failing point's errors
// naming it (`values[3]: …`).
std::string sweepPoints(const Json& values, const SweepStep& step);

// The calculator at each of `values_text` (a JSON list) for its input `field`, every other input
// as in `input_text`: {"ok":true,"value":[result, …]}, one result per value, in one call. Every
// point is read and validated like a whole input; the first point that fails ends the sweep with
// errors naming the field and the point (`values[3]: …`).
template <class Calculator>
std::string sweepJson(std::string_view input_text, std::string_view field,
                      std::string_view values_text) {
  const auto* swept = findField<Calculator>(field);
  if (!swept) return errorsJson({{"field", noSuchInput<Calculator>(field)}});
  const JsonParse values = parseJson(values_text);
  if (auto error = sweepValuesError(values, field)) return *error;
  const JsonParse parsed = parseJson(input_text);
  if (!parsed.ok()) return parseErrorJson(parsed, "input");
  auto base = readInput<Calculator>(parsed.value);
  // The swept field takes each value in turn, so its own entry in the input (or its absence,
  // when it is required) does not matter.
  std::erase_if(base.errors, [&](const FieldError& error) { return error.field == field; });
  if (!base.ok()) return errorsJson(base.errors);
  const auto step = [&](const Json& value, std::string& json, std::vector<FieldError>& errors) {
    typename Calculator::Input input = base.value;
    if (auto error = readField(*swept, value, input)) {
      errors.push_back(std::move(*error));
      return false;
    }
    auto outcome = run<Calculator>(input);
    if (!outcome.ok()) {
      errors = std::move(outcome.errors);
      return false;
    }
    appendJson(json, outcome.value);
    return true;
  };
  return sweepPoints(values.value, SweepStep(step));
}

// The same, for a calculator named by its id.
std::string sweepJson(std::string_view id, std::string_view input_text, std::string_view field,
                      std::string_view values_text);

// Every calculator's declaration: id, title, inputs (name, kind, unit, help, range, default,
// choices), outputs (name, unit, formula, help, type); the input limits; and the fields of each
// preset list's records (name, unit, type), so types and docs derive from the core.
std::string calculatorsJson();

// Every preset list by its JS method name (rp.machines(), …).
std::string presetsJson();

}  // namespace ridgepoint
