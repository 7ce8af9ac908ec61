// A sweep's work at every point: the loop, each point's value read and checked, and each
// calculator's step. Its own file so that it alone is compiled for speed in wasm (CMakeLists.txt);
// a sweep's set-up (api.hpp: reading the input once) runs once and is compiled for size.
#include "api.hpp"
#include "registry.hpp"

namespace ridgepoint {

SweepAnswer sweepFailure(std::string errors_json) {
  SweepAnswer answer;
  answer.errors = std::move(errors_json);
  return answer;
}

std::optional<SweepAnswer> SweepValues::check(std::string_view field) {
  if (is_text_) {
    parsed_ = parseJson(text_);
    if (!parsed_.ok()) return sweepFailure(parseErrorJson(parsed_, "values"));
    if (parsed_.value.kind != Json::Kind::array) {
      return sweepFailure(
          errorsJson({{"values", "values must be a list of values for " + std::string(field) +
                                     " (got " + parsed_.value.describe() + ")"}}));
    }
  }
  if (size() > kInputLimits.max_sweep_points) {
    return sweepFailure(errorsJson(
        {{"values", "values must hold at most " + std::to_string(kInputLimits.max_sweep_points) +
                        " points (got " + std::to_string(size()) + ")"}}));
  }
  return std::nullopt;
}

bool SweepValues::read(std::size_t point, const FieldRule& rule, const FieldTarget& target,
                       std::vector<FieldError>& errors) const {
  const bool takes_numbers = rule.kind == FieldKind::number || rule.kind == FieldKind::integer;
  if (!is_text_ && takes_numbers) {
    // + 0.0 turns -0 into 0, as the JSON reader does.
    const double number = numbers_[point] + 0.0;
    if (inRange(rule, number)) {
      *target.number = number;
      return true;
    }
  }
  return readJson(point, rule, target, errors);
}

bool SweepValues::readJson(std::size_t point, const FieldRule& rule, const FieldTarget& target,
                           std::vector<FieldError>& errors) const {
  Json number;
  if (!is_text_) {
    number.kind = Json::Kind::number;
    number.number = numbers_[point] + 0.0;
  }
  auto error = readValue(rule, is_text_ ? parsed_.value.items[point] : number, target);
  if (!error) return true;
  errors.push_back(std::move(*error));
  return false;
}

SweepAnswer sweepPoints(const SweepValues& values, const FieldRule& rule, const FieldTarget& target,
                        std::size_t numbers_per_point, SweepStep step, const void* input) {
  SweepAnswer answer;
  answer.points = values.size();
  answer.number_columns = numbers_per_point;
  // Left unset (make_unique_for_overwrite, which Emscripten 3.1.6's libc++ lacks): every point
  // writes its numbers.
  answer.number_block.reset(new double[answer.points * numbers_per_point]);
  std::vector<FieldError> errors;
  for (std::size_t i = 0; i < answer.points; ++i) {
    if (values.read(i, rule, target, errors) &&
        step(input, answer.number_block.get() + i, answer.points, answer.others, errors)) {
      // A calculator's other outputs are about the same length at every point: grow their text
      // once, not by doubling.
      if (i == 0) answer.others.reserve(answer.others.size() * answer.points + 2);
      continue;
    }
    for (FieldError& error : errors) {
      error.message = "values[" + std::to_string(i) + "]: " + error.message;
    }
    return sweepFailure(errorsJson(errors));
  }
  if (!answer.others.empty()) answer.others += ']';
  return answer;
}

void writeSweepPoint(const void* record, const ValueType& type, double* first, std::size_t points,
                     std::string& others) {
  bool any_other = false;
  for (const RecordField& field : type.fields) {
    const ValueKind kind = field.type->kind;
    if (!isSweepNumber(kind)) {
      any_other = true;
      continue;
    }
    const void* value = field.at(record);
    // + 0.0 turns -0 into 0, as the JSON writer does.
    if (kind == ValueKind::boolean) {
      *first = *static_cast<const bool*>(value) ? 1 : 0;
    } else if (kind == ValueKind::maybe_number) {
      const auto& maybe = *static_cast<const MaybeNumber*>(value);
      *first = maybe ? *maybe + 0.0 : std::numeric_limits<double>::quiet_NaN();
    } else {
      *first = field.type->number(value) + 0.0;
    }
    first += points;
  }
  if (!any_other) return;
  others += others.empty() ? "[{" : ",{";
  for (const RecordField& field : type.fields) {
    if (isSweepNumber(field.type->kind)) continue;
    if (others.back() != '{') others += ',';
    appendJson(others, field.name);
    others += ':';
    appendValue(others, field.at(record), *field.type);
  }
  others += '}';
}

namespace {

// The calculator's SweepStep.
template <class Calculator>
bool evaluatePoint(const void* input, double* first, std::size_t points, std::string& others,
                   std::vector<FieldError>& errors) {
  auto outcome =
      evaluateInRange<Calculator>(*static_cast<const typename Calculator::Input*>(input));
  if (!outcome.ok()) {
    errors = std::move(outcome.errors);
    return false;
  }
  writeSweepPoint(&outcome.value, kValueType<typename Calculator::Output>, first, points, others);
  return true;
}

}  // namespace

SweepStep sweepStep(std::string_view id) {
  return calculatorEntry(id, [](auto calculator) { return &evaluatePoint<decltype(calculator)>; });
}

}  // namespace ridgepoint
