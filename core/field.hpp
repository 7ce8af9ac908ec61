// The declaration mechanism every calculator shares: one table of input fields (name, unit,
// default, allowed range, help) and one schema of output fields per record type. Validation,
// the wasm bindings, the UI form, URL state and the docs table all derive from these tables, so
// no field list is written twice.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "json.hpp"

namespace ridgepoint {

// Emscripten's -Os compiles every function as a call of its own, even a one-line template. The
// few that run at every point of a sweep, or for each of its outputs, are marked to be inlined
// instead (RIDGEPOINT_INLINE; on a lambda, after its parameters), and test numbers with the
// compiler's builtins rather than std::isfinite's and std::floor's calls.
#define RIDGEPOINT_INLINE __attribute__((always_inline))
RIDGEPOINT_INLINE inline bool isFiniteNumber(double value) { return __builtin_isfinite(value); }

// An error is a value: the input field at fault and a sentence naming the allowed range.
struct FieldError {
  std::string field;
  std::string message;
};

template <class T>
struct Outcome {
  T value{};
  std::vector<FieldError> errors;
  RIDGEPOINT_INLINE bool ok() const { return errors.empty(); }
};

template <class T>
Outcome<T> failure(std::string field, std::string message) {
  Outcome<T> outcome;
  outcome.errors.push_back({std::move(field), std::move(message)});
  return outcome;
}

// A value that can be absent (e.g. "no k reaches the ridge"): JS sees null.
using MaybeNumber = std::optional<double>;

// What an input field holds, derived from which member pointer its declaration sets.
enum class FieldKind { number, integer, choice, boolean, object, list };

// What reading and checking a value needs of its field's declaration, whichever input struct
// the field belongs to: that code (and its messages) is compiled once, not once per struct.
struct FieldRule {
  std::string_view name;
  std::string_view unit;
  double min = 0;
  double max = 0;
  bool integer = false;
  std::span<const std::string_view> choices = {};
  FieldKind kind = FieldKind::number;
};

// Where a field's value lives in one input: the pointer its kind uses, the others null.
struct FieldTarget {
  double* number = nullptr;  // numbers, whole numbers and choices (the label's index)
  bool* flag = nullptr;
  Json* object = nullptr;
  std::vector<double>* list = nullptr;
};

// "a whole number from 1 to 1,000,000,000", "one of 'a', 'b'": the values a field allows.
std::string rangeText(const FieldRule& rule);
// A range's bound as the page lets people type it: SI-prefixed where the unit takes prefixes
// ("1 MFLOP/s", "1 ps"), other whole numbers grouped ("1,000,000,000"), never printf's "1e+09".
std::string formatBound(double value, std::string_view unit);

// Whether a number is within its field's range (and whole where it must be).
RIDGEPOINT_INLINE inline bool inRange(const FieldRule& rule, double value) {
  return isFiniteNumber(value) && value >= rule.min && value <= rule.max &&
         (!rule.integer || value == __builtin_floor(value));
}

// The error for a number outside its field's range (or not whole where it must be).
std::optional<FieldError> checkRange(const FieldRule& rule, double value);

// Reads one supplied value into its target, or says why it cannot.
std::optional<FieldError> readValue(const FieldRule& rule, const Json& value,
                                    const FieldTarget& target);

// Checks a value already in an input against its field's range (an input built in C++): `number`
// for numbers, whole numbers and choices, `list` for a list (null otherwise).
std::optional<FieldError> checkValue(const FieldRule& rule, double number,
                                     const std::vector<double>* list);

// Sets a target to its field's default: `value` (for a flag, nonzero is true), or for an object
// `json` ("{}" when empty); a list is emptied.
void setDefaultValue(const FieldTarget& target, double value, std::string_view json);

// "gemm has no input 'q'; its inputs are m, n, …": the message for a name not declared.
std::string noSuchInput(std::string_view calculator, std::span<const std::string_view> names,
                        std::string_view name);

// The errors of a supplied input that is not an object, or has keys `names` does not declare:
// the first few are named, the rest counted.
std::vector<FieldError> unknownKeyErrors(std::string_view calculator,
                                         std::span<const std::string_view> names,
                                         const Json& supplied);

// One input. Exactly one member pointer is set: `member` for numbers, whole numbers and choices
// (a choice holds the index of its label; JS passes the label), `flag` for a boolean, `object`
// for a JSON object (a config.json), `list` for a list of numbers (each within min..max). A field
// that is not `required` takes its default when the caller leaves it out: `default_value` (for a
// boolean, nonzero is true) or, for an object, `default_json`.
template <class In>
struct InputField {
  std::string_view name;  // the JS API key, camelCase
  std::string_view unit;  // SI: FLOP, FLOP/s, B, B/s, s, FLOP/B; "1" for a plain count or ratio
  std::string_view help;  // one line, shown beside the field
  double In::*member = nullptr;
  double default_value = 0;
  double min = 0;
  double max = 0;
  bool integer = false;
  std::span<const std::string_view> choices = {};
  bool required = false;
  bool In::*flag = nullptr;
  Json In::*object = nullptr;
  std::vector<double> In::*list = nullptr;
  std::string_view default_json = {};

  constexpr FieldKind kind() const {
    if (flag) return FieldKind::boolean;
    if (object) return FieldKind::object;
    if (list) return FieldKind::list;
    if (!choices.empty()) return FieldKind::choice;
    return integer ? FieldKind::integer : FieldKind::number;
  }

  constexpr FieldRule rule() const {
    return {.name = name,
            .unit = unit,
            .min = min,
            .max = max,
            .integer = integer,
            .choices = choices,
            .kind = kind()};
  }
};

// The labels of an enum, in the order of its values: specialise with
// `static constexpr auto labels = std::to_array<std::string_view>({...})`. A choice input declares
// its choices as `Labels<Enum>::labels`; an output of that enum is written as its label, and the
// spec lists the labels so generated types name them.
template <class Enum>
struct Labels;

template <class Enum>
concept Labelled = std::is_enum_v<Enum> && requires {
  Labels<Enum>::labels;
};

template <Labelled Enum>
constexpr std::string_view label(Enum value) {
  return Labels<Enum>::labels[static_cast<std::size_t>(value)];
}

// What a choice field stores for a value of its enum (its declared default, say).
template <Labelled Enum>
constexpr double choiceIndex(Enum value) {
  return static_cast<double>(value);
}

// The index of `choice` among `choices`, found by the compiler: a label that is not there is a
// compile error (see pickFields).
inline void noChoiceWithThisLabel() {}
consteval double choiceIndex(std::span<const std::string_view> choices, std::string_view choice) {
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (choices[i] == choice) return static_cast<double>(i);
  }
  noChoiceWithThisLabel();
  return 0;
}

// A choice field's value as its named enum: `choiceOf<Measurement>(in.measurement)`. Validation
// has already checked that the index names one of the enum's labels.
template <Labelled Enum>
constexpr Enum choiceOf(double index) {
  return static_cast<Enum>(static_cast<std::size_t>(index));
}

template <>
struct Labels<FieldKind> {
  static constexpr auto labels =
      std::to_array<std::string_view>({"number", "integer", "choice", "boolean", "object", "list"});
};

// Deliberately not constexpr: pickFields reaches it only for a name the table does not declare,
// which makes that call fail to compile instead of yielding an empty field.
inline void noInputFieldWithThisName() {}

// The fields of `from` named in `names`, in that order: a calculator that takes part of another's
// inputs reuses their declarations instead of writing them again. Evaluated by the compiler, so
// a misspelt name is a compile error.
template <std::size_t N, class In, std::size_t M>
consteval std::array<InputField<In>, N> pickFields(const std::array<InputField<In>, M>& from,
                                                   const std::array<std::string_view, N>& names) {
  std::array<InputField<In>, N> picked{};
  for (std::size_t i = 0; i < N; ++i) {
    bool found = false;
    for (const auto& field : from) {
      if (field.name != names[i]) continue;
      picked[i] = field;
      found = true;
    }
    if (!found) noInputFieldWithThisName();
  }
  return picked;
}

// The same field seen from an input struct derived from the one that declares it.
template <class Derived, class Base>
constexpr InputField<Derived> asFieldOf(const InputField<Base>& field) {
  return {.name = field.name,
          .unit = field.unit,
          .help = field.help,
          .member = static_cast<double Derived::*>(field.member),
          .default_value = field.default_value,
          .min = field.min,
          .max = field.max,
          .integer = field.integer,
          .choices = field.choices,
          .required = field.required,
          .flag = static_cast<bool Derived::*>(field.flag),
          .object = static_cast<Json Derived::*>(field.object),
          .list = static_cast<std::vector<double> Derived::*>(field.list),
          .default_json = field.default_json};
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

// A record's output field I as a constant.
template <class Record, std::size_t I>
inline constexpr const auto& kOutputField = std::get<I>(Schema<Record>::fields);

// Where `field` lives in `input`.
template <class In>
FieldTarget targetIn(const InputField<In>& field, In& input) {
  FieldTarget target;
  if (field.member) target.number = &(input.*field.member);
  if (field.flag) target.flag = &(input.*field.flag);
  if (field.object) target.object = &(input.*field.object);
  if (field.list) target.list = &(input.*field.list);
  return target;
}

// The declaration of the input named `name`, or nullptr.
template <class Calculator>
const InputField<typename Calculator::Input>* findField(std::string_view name) {
  for (const auto& field : Calculator::inputs) {
    if (field.name == name) return &field;
  }
  return nullptr;
}

// A calculator's input names, in declaration order.
template <class Calculator>
constexpr auto kInputNames = std::apply(
    [](const auto&... field) {
      return std::array<std::string_view, sizeof...(field)>{field.name...};
    },
    Calculator::inputs);

template <class Calculator>
std::string noSuchInput(std::string_view name) {
  return noSuchInput(Calculator::id, kInputNames<Calculator>, name);
}

// Builds a calculator's input from a JSON object of named values, applying defaults, choices and
// ranges. Keys the calculator does not declare are errors, so a typo never passes silently.
template <class Calculator>
Outcome<typename Calculator::Input> readInput(const Json& supplied) {
  using In = typename Calculator::Input;
  Outcome<In> outcome;
  outcome.errors = unknownKeyErrors(Calculator::id, kInputNames<Calculator>, supplied);
  if (!supplied.isObject()) return outcome;
  for (const InputField<In>& field : Calculator::inputs) {
    const FieldTarget target = targetIn(field, outcome.value);
    setDefaultValue(target, field.default_value, field.default_json);
    // A null is read, and refused, as a value: a caller's null (JSON.stringify's NaN, a cleared
    // variable) must not quietly become the default.
    const Json* value = supplied.at(field.name);
    if (!value) {
      if (field.required) {
        outcome.errors.push_back(
            {std::string(field.name),
             std::string(field.name) + " is required: " + rangeText(field.rule())});
      }
      continue;
    }
    if (auto error = readValue(field.rule(), *value, target)) {
      outcome.errors.push_back(std::move(*error));
    }
  }
  return outcome;
}

// Validates an input built in C++ (not through readInput): every field against its range.
template <class Calculator>
std::vector<FieldError> validate(const typename Calculator::Input& input) {
  std::vector<FieldError> errors;
  for (const auto& field : Calculator::inputs) {
    const double number = field.member ? input.*(field.member) : 0;
    if (auto error =
            checkValue(field.rule(), number, field.list ? &(input.*(field.list)) : nullptr)) {
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
struct IsSpan : std::false_type {};
template <class T, std::size_t N>
struct IsSpan<std::span<T, N>> : std::true_type {};
template <class T>
concept HasSchema = requires {
  Schema<T>::fields;
};

// What an output or preset value holds, as data: every record is written, checked and swept by
// one loop over its fields (field.cpp) instead of code unrolled per record, which made most of
// the wasm's calculator code. `number` reads a number (or a choice's label index), `text` a text.
enum class ValueKind : unsigned char {
  number,        // any arithmetic type but bool
  boolean,       // bool
  maybe_number,  // MaybeNumber: null when absent
  choice,        // a Labelled enum, written as its label
  text,          // std::string, std::string_view, or an enum with a label() of its own
  raw_json,      // RawJson, JsonText: JSON text written as it is
  list,          // std::vector or std::span of `item`
  record,        // a struct with a Schema: its `fields`
};

struct ValueType;

// One output field of a record as data: `at` finds its value in a record.
struct RecordField {
  std::string_view name;
  std::string_view unit;
  std::string_view formula;
  std::string_view help;
  const void* (*at)(const void* record);
  const ValueType* type;
};

// A list's items in memory: `count` of them, `stride` bytes apart from `first`.
struct ListItems {
  const char* first;
  std::size_t count;
  std::size_t stride;
  RIDGEPOINT_INLINE const void* operator[](std::size_t i) const { return first + i * stride; }
};

struct ValueType {
  ValueKind kind;
  double (*number)(const void* value) = nullptr;          // number, choice (its label's index)
  std::string_view (*text)(const void* value) = nullptr;  // text, raw_json
  std::span<const std::string_view> labels = {};          // choice
  std::span<const RecordField> fields = {};               // record
  const ValueType* item = nullptr;                        // list
  ListItems (*items)(const void* value) = nullptr;        // list
};

template <class T>
constexpr ValueType makeValueType();

// The ValueType of a C++ type (kValueType<GemmResult>): a constant the compiler builds.
template <class T>
inline constexpr ValueType kValueType = makeValueType<T>();

template <class Record, std::size_t I>
using OutputMember =
    std::remove_cvref_t<decltype(std::declval<Record>().*(kOutputField<Record, I>.member))>;

template <class Record, std::size_t I>
const void* outputFieldAt(const void* record) {
  return &(static_cast<const Record*>(record)->*(kOutputField<Record, I>.member));
}

template <class Record, std::size_t... I>
constexpr auto recordFields(std::index_sequence<I...>) {
  return std::array<RecordField, sizeof...(I)>{
      RecordField{kOutputField<Record, I>.name, kOutputField<Record, I>.unit,
                  kOutputField<Record, I>.formula, kOutputField<Record, I>.help,
                  &outputFieldAt<Record, I>, &kValueType<OutputMember<Record, I>>}...};
}

// A record's output fields as data, in the declaration's order.
template <class Record>
inline constexpr auto kRecordFields = recordFields<Record>(
    std::make_index_sequence<std::tuple_size_v<decltype(Schema<Record>::fields)>>{});

template <class T>
double numberAt(const void* value) {
  if constexpr (std::is_enum_v<T>) {
    return static_cast<double>(static_cast<std::size_t>(*static_cast<const T*>(value)));
  } else {
    return static_cast<double>(*static_cast<const T*>(value));
  }
}

template <class T>
std::string_view textAt(const void* value) {
  if constexpr (std::is_enum_v<T>) {
    return label(*static_cast<const T*>(value));
  } else {
    return *static_cast<const T*>(value);
  }
}

template <class T>
std::string_view rawJsonAt(const void* value) {
  return static_cast<const T*>(value)->text;
}

template <class List>
ListItems listItems(const void* value) {
  const auto& list = *static_cast<const List*>(value);
  return {reinterpret_cast<const char*>(list.data()), list.size(),
          sizeof(typename List::value_type)};
}

template <class T>
constexpr ValueType makeValueType() {
  if constexpr (std::is_same_v<T, bool>) {
    return {.kind = ValueKind::boolean};
  } else if constexpr (std::is_arithmetic_v<T>) {
    return {.kind = ValueKind::number, .number = &numberAt<T>};
  } else if constexpr (std::is_same_v<T, MaybeNumber>) {
    return {.kind = ValueKind::maybe_number};
  } else if constexpr (Labelled<T>) {
    return {.kind = ValueKind::choice, .number = &numberAt<T>, .labels = Labels<T>::labels};
  } else if constexpr (std::is_enum_v<T> || std::is_same_v<T, std::string> ||
                       std::is_same_v<T, std::string_view>) {
    return {.kind = ValueKind::text, .text = &textAt<T>};
  } else if constexpr (std::is_same_v<T, RawJson> || std::is_same_v<T, JsonText>) {
    return {.kind = ValueKind::raw_json, .text = &rawJsonAt<T>};
  } else if constexpr (IsVector<T>::value || IsSpan<T>::value) {
    return {.kind = ValueKind::list,
            .item = &kValueType<std::remove_cv_t<typename T::value_type>>,
            .items = &listItems<T>};
  } else {
    static_assert(HasSchema<T>, "an output value needs a Schema, or a kind in makeValueType");
    return {.kind = ValueKind::record, .fields = kRecordFields<T>};
  }
}

// True when no number anywhere in the value is NaN or infinite.
bool isFiniteValue(const void* value, const ValueType& type);

template <class T>
RIDGEPOINT_INLINE inline bool allFinite(const T& value) {
  return isFiniteValue(&value, kValueType<T>);
}

// An output field by its declaration: what a message names when the output cannot be computed.
struct OutputName {
  std::string_view name;
  std::string_view formula;
};

// The first output field of a record holding NaN or Infinity, looking inside nested records and
// rows.
std::optional<OutputName> firstNonFinite(const void* record, const ValueType& type);

template <class Record>
std::optional<OutputName> firstNonFinite(const Record& record) {
  return firstNonFinite(&record, kValueType<Record>);
}

inline bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// True when `text` holds `word` whole: no `part_of_word` character on either side. By default a
// whole identifier (a formula naming an input, not part of a longer name).
inline bool namesWord(std::string_view text, std::string_view word,
                      bool (*part_of_word)(char) = isIdentifierChar) {
  for (std::size_t at = text.find(word); at != std::string_view::npos;
       at = text.find(word, at + 1)) {
    const std::size_t end = at + word.size();
    if ((at == 0 || !part_of_word(text[at - 1])) &&
        (end == text.size() || !part_of_word(text[end]))) {
      return true;
    }
  }
  return false;
}

// The error for in-range inputs whose result is not finite: it names the output and blames the
// first input its formula names (so a tiny divisor is blamed, not the calculator's first field):
// `blamed` of `names`, holding `number` when it is a number input.
std::size_t blamedInput(std::span<const std::string_view> names, const OutputName& output);
FieldError nonFiniteError(std::string_view blamed, MaybeNumber number, const OutputName& output);

// Turns an outcome with a non-finite output into the error naming it. Out of line, as it runs
// only on a failure: evaluateInRange, inlined wherever it is called, stays small.
template <class Calculator>
__attribute__((noinline)) void rejectNonFinite(const typename Calculator::Input& input,
                                               Outcome<typename Calculator::Output>& outcome) {
  const OutputName output = *firstNonFinite(outcome.value);
  const auto& blamed = Calculator::inputs[blamedInput(kInputNames<Calculator>, output)];
  const bool number = blamed.kind() == FieldKind::number || blamed.kind() == FieldKind::integer;
  FieldError error = nonFiniteError(
      blamed.name, number ? MaybeNumber(input.*(blamed.member)) : std::nullopt, output);
  outcome.value = {};
  outcome.errors.push_back(std::move(error));
}

// The calculator's own evaluation (which adds cross-field checks) of an input whose fields are
// already in range, guarded so that it never yields NaN or Infinity. Inlined: a sweep runs it at
// every point.
template <class Calculator>
RIDGEPOINT_INLINE inline Outcome<typename Calculator::Output> evaluateInRange(
    const typename Calculator::Input& input) {
  // One outcome returned on every path, so it is built in place (a sweep's step reads it there).
  Outcome<typename Calculator::Output> outcome = Calculator::evaluate(input);
  if (outcome.ok() && !allFinite(outcome.value)) rejectNonFinite<Calculator>(input, outcome);
  return outcome;
}

// Runs a calculator on a C++ input: range checks first, then evaluateInRange. The entry point
// for inputs built in C++; readInput has already checked the ranges of what it reads.
template <class Calculator>
Outcome<typename Calculator::Output> run(const typename Calculator::Input& input) {
  Outcome<typename Calculator::Output> outcome;
  outcome.errors = validate<Calculator>(input);
  if (!outcome.ok()) return outcome;
  return evaluateInRange<Calculator>(input);
}

template <class Calculator>
typename Calculator::Input defaultInput() {
  typename Calculator::Input input{};
  for (const auto& field : Calculator::inputs) {
    setDefaultValue(targetIn(field, input), field.default_value, field.default_json);
  }
  return input;
}

}  // namespace ridgepoint
