// The declaration mechanism every calculator shares: one table of input fields (name, unit,
// default, allowed range, help) and one schema of output fields per record type. Validation,
// the wasm bindings, the UI form, URL state and the docs table all derive from these tables, so
// no field list is written twice.
#pragma once

#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

namespace ridgepoint {

// An error is a value: the input field at fault and a sentence naming the allowed range.
struct FieldError {
  std::string field;
  std::string message;
};

template <class T>
struct Outcome {
  T value{};
  std::vector<FieldError> errors;
  bool ok() const { return errors.empty(); }
};

template <class T>
Outcome<T> failure(std::string field, std::string message) {
  Outcome<T> outcome;
  outcome.errors.push_back({std::move(field), std::move(message)});
  return outcome;
}

// One numeric input. A field with `choices` holds the index of the chosen label; JS passes the
// label. A field that is not `required` takes `default_value` when the caller leaves it out.
// A value that can be absent (e.g. "no k reaches the ridge"): JS sees null.
using MaybeNumber = std::optional<double>;

template <class In>
struct InputField {
  std::string_view name;  // the JS API key, camelCase
  std::string_view unit;  // SI: FLOP, FLOP/s, B, B/s, s, FLOP/B; "1" for a plain count or ratio
  std::string_view help;  // one line, shown beside the field
  double In::*member;
  double default_value = 0;
  double min = 0;
  double max = 0;
  bool integer = false;
  std::span<const std::string_view> choices = {};
  bool required = false;
};

// The fields of `from` named in `names`, in that order: a calculator that takes part of another's
// inputs reuses their declarations instead of writing them again.
template <std::size_t N, class In, std::size_t M>
constexpr std::array<InputField<In>, N> pickFields(const std::array<InputField<In>, M>& from,
                                                   const std::array<std::string_view, N>& names) {
  std::array<InputField<In>, N> picked{};
  for (std::size_t i = 0; i < N; ++i) {
    for (const auto& field : from) {
      if (field.name == names[i]) picked[i] = field;
    }
  }
  return picked;
}

// The same field seen from an input struct derived from the one that declares it.
template <class Derived, class Base>
constexpr InputField<Derived> asFieldOf(const InputField<Base>& field) {
  return {
      field.name,          field.unit,    field.help, static_cast<double Derived::*>(field.member),
      field.default_value, field.min,     field.max,  field.integer,
      field.choices,       field.required};
}

// Several field tables, each of `Derived` or of one of its bases, as one table of `Derived`:
// inputs shared by many calculators (a machine's roofs) are declared once.
template <class Derived, class... Records, std::size_t... N>
constexpr std::array<InputField<Derived>, (N + ...)> concatFields(
    const std::array<InputField<Records>, N>&... parts) {
  std::array<InputField<Derived>, (N + ...)> all{};
  std::size_t next = 0;
  (
      [&] {
        for (const auto& field : parts) all[next++] = asFieldOf<Derived>(field);
      }(),
      ...);
  return all;
}

// One output (or preset) field. `formula` names inputs and outputs of the same calculator, so
// the UI can show it with the user's numbers substituted.
template <class Record, class Member>
struct OutputField {
  std::string_view name;
  std::string_view unit;
  Member Record::*member;
  std::string_view formula = {};
  std::string_view help = {};
};

// Spelled out because Emscripten 3.1.6's clang 14 does not deduce aggregate template arguments.
template <class Record, class Member>
OutputField(std::string_view, std::string_view, Member Record::*) -> OutputField<Record, Member>;
template <class Record, class Member>
OutputField(std::string_view, std::string_view, Member Record::*, std::string_view)
    -> OutputField<Record, Member>;
template <class Record, class Member>
OutputField(std::string_view, std::string_view, Member Record::*, std::string_view,
            std::string_view) -> OutputField<Record, Member>;

// Specialise Schema<Record> with `static constexpr auto fields = std::tuple{OutputField{...}...}`
// for every record type a calculator returns (results, table rows, presets).
template <class Record>
struct Schema;

template <class Record, class Visit>
void forEachField(const Record& record, Visit&& visit) {
  std::apply([&](const auto&... field) { (visit(field, record.*(field.member)), ...); },
             Schema<Record>::fields);
}

// Numbers in messages use up to six significant digits: enough to name a range, short to read.
inline std::string formatNumber(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

template <class In>
std::string rangeText(const InputField<In>& field) {
  if (!field.choices.empty()) {
    std::string text = "one of";
    for (std::size_t i = 0; i < field.choices.size(); ++i) {
      text += (i == 0 ? " '" : ", '");
      text += field.choices[i];
      text += "'";
    }
    return text;
  }
  std::string text = field.integer ? "a whole number from " : "a number from ";
  text += formatNumber(field.min) + " to " + formatNumber(field.max);
  if (field.unit != "1") {
    text += " ";
    text += field.unit;
  }
  return text;
}

template <class In>
std::optional<FieldError> checkRange(const InputField<In>& field, double value) {
  const bool in_range = std::isfinite(value) && value >= field.min && value <= field.max &&
                        (!field.integer || value == std::floor(value));
  if (in_range) return std::nullopt;
  std::string message = std::string(field.name) + " must be " + rangeText(field);
  if (!std::isfinite(value)) {
    message += " (got a value that is not a finite number)";
  } else {
    message += " (got " + formatNumber(value) + ")";
  }
  return FieldError{std::string(field.name), std::move(message)};
}

// What a caller supplied for one field: nothing, a number, or text (a choice label).
using SuppliedValue = std::variant<std::monostate, double, std::string>;

// Builds a calculator's input from named values, applying defaults, choices and ranges.
// `lookup(name)` returns the SuppliedValue for that field name.
template <class Calculator, class Lookup>
Outcome<typename Calculator::Input> readInput(Lookup&& lookup) {
  using In = typename Calculator::Input;
  Outcome<In> outcome;
  for (const InputField<In>& field : Calculator::inputs) {
    const SuppliedValue supplied = lookup(field.name);
    double& target = outcome.value.*(field.member);
    target = field.default_value;
    if (std::holds_alternative<std::monostate>(supplied)) {
      if (field.required) {
        outcome.errors.push_back({std::string(field.name),
                                  std::string(field.name) + " is required: " + rangeText(field)});
      }
      continue;
    }
    if (!field.choices.empty()) {
      const std::string* label = std::get_if<std::string>(&supplied);
      std::size_t index = field.choices.size();
      for (std::size_t i = 0; label && i < field.choices.size(); ++i) {
        if (field.choices[i] == *label) index = i;
      }
      if (index == field.choices.size()) {
        outcome.errors.push_back(
            {std::string(field.name), std::string(field.name) + " must be " + rangeText(field)});
      } else {
        target = static_cast<double>(index);
      }
      continue;
    }
    const double* number = std::get_if<double>(&supplied);
    if (!number) {
      const bool empty = std::get<std::string>(supplied).empty();
      outcome.errors.push_back(
          {std::string(field.name), std::string(field.name) + " must be " + rangeText(field) +
                                        (empty ? " (got nothing)" : " (got text)")});
      continue;
    }
    if (auto error = checkRange(field, *number)) {
      outcome.errors.push_back(std::move(*error));
      continue;
    }
    target = *number;
  }
  return outcome;
}

// Validates an input built in C++ (not through readInput): every field against its range.
template <class Calculator>
std::vector<FieldError> validate(const typename Calculator::Input& input) {
  std::vector<FieldError> errors;
  for (const auto& field : Calculator::inputs) {
    const double value = input.*(field.member);
    if (!field.choices.empty()) {
      if (value < 0 || value >= static_cast<double>(field.choices.size()) ||
          value != std::floor(value)) {
        errors.push_back(
            {std::string(field.name), std::string(field.name) + " must be " + rangeText(field)});
      }
    } else if (auto error = checkRange(field, value)) {
      errors.push_back(std::move(*error));
    }
  }
  return errors;
}

template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {};
template <class T>
concept HasSchema = requires {
  Schema<T>::fields;
};

// True when no number anywhere in the record is NaN or infinite.
template <class T>
bool allFinite(const T& value) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isfinite(value);
  } else if constexpr (std::is_same_v<T, MaybeNumber>) {
    return !value || std::isfinite(*value);
  } else if constexpr (IsVector<T>::value) {
    for (const auto& item : value) {
      if (!allFinite(item)) return false;
    }
    return true;
  } else if constexpr (HasSchema<T>) {
    bool finite = true;
    forEachField(value,
                 [&](const auto&, const auto& member) { finite = finite && allFinite(member); });
    return finite;
  } else {
    return true;
  }
}

// Runs a calculator on a C++ input: range checks first, then the calculator's own evaluation
// (which adds cross-field checks). The single entry point every layer calls.
template <class Calculator>
Outcome<typename Calculator::Output> run(const typename Calculator::Input& input) {
  Outcome<typename Calculator::Output> outcome;
  outcome.errors = validate<Calculator>(input);
  if (!outcome.ok()) return outcome;
  outcome = Calculator::evaluate(input);
  // A last guard: inputs that pass their ranges must still never yield NaN or Infinity.
  if (outcome.ok() && !allFinite(outcome.value)) {
    return failure<typename Calculator::Output>(
        std::string(Calculator::inputs[0].name),
        "these inputs give a result too large to represent; reduce the sizes");
  }
  return outcome;
}

template <class Calculator>
typename Calculator::Input defaultInput() {
  typename Calculator::Input input{};
  for (const auto& field : Calculator::inputs) input.*(field.member) = field.default_value;
  return input;
}

}  // namespace ridgepoint
