// The declaration mechanism's reading and checking of values, shared by every calculator: the
// templates in field.hpp only find where a field lives and call these.
#include "field.hpp"

namespace ridgepoint {

namespace {

// printf's exponent ("1e+18", "2.5e-05") as people and JSON write it ("1e18", "2.5e-5").
std::string plainExponent(std::string text) {
  const std::size_t e = text.find('e');
  if (e == std::string::npos) return text;
  std::size_t digits = e + 1;
  if (text[digits] == '+') {
    text.erase(digits, 1);
  } else if (text[digits] == '-') {
    ++digits;
  }
  while (digits + 1 < text.size() && text[digits] == '0') text.erase(digits, 1);
  return text;
}

std::string boundsText(const FieldRule& rule) {
  return "from " + formatBound(rule.min, rule.unit) + " to " + formatBound(rule.max, rule.unit);
}

}  // namespace

std::string formatBound(double value, std::string_view unit) {
  const double magnitude = std::abs(value);
  const bool prefixed_up =
      (unit == "B" || unit == "B/s" || unit == "FLOP" || unit == "FLOP/s") && magnitude >= 1e3;
  const bool prefixed_down = unit == "s" && magnitude > 0 && magnitude < 1;
  if (prefixed_up || prefixed_down) return formatQuantity(value, unit);
  // Four digits stay together ("1024"), as SI writes them; more are grouped by thousands.
  std::string text = plainExponent(magnitude < 1e4 ? formatNumber(value) : formatCount(value));
  return unit == "1" ? text : text + " " + std::string(unit);
}

std::string rangeText(const FieldRule& rule) {
  switch (rule.kind) {
    case FieldKind::boolean:
      return "true or false";
    case FieldKind::object:
      return "an object";
    case FieldKind::list:
      return "a list of numbers " + boundsText(rule);
    case FieldKind::choice: {
      std::string text = "one of";
      for (std::size_t i = 0; i < rule.choices.size(); ++i) {
        text += (i == 0 ? " '" : ", '");
        text += rule.choices[i];
        text += "'";
      }
      return text;
    }
    case FieldKind::number:
    case FieldKind::integer:
      break;
  }
  return (rule.integer ? "a whole number " : "a number ") + boundsText(rule);
}

std::optional<FieldError> checkRange(const FieldRule& rule, double value) {
  if (inRange(rule, value)) return std::nullopt;
  std::string message = std::string(rule.name) + " must be " + rangeText(rule);
  if (!std::isfinite(value)) {
    message += " (got a value that is not a finite number)";
  } else {
    message += " (got " + plainExponent(formatGiven(value)) + ")";
  }
  return FieldError{std::string(rule.name), std::move(message)};
}

std::optional<FieldError> readValue(const FieldRule& rule, const Json& value,
                                    const FieldTarget& target) {
  auto wrong = [&](std::string got) {
    return FieldError{std::string(rule.name), std::string(rule.name) + " must be " +
                                                  rangeText(rule) + " (got " + got + ")"};
  };
  switch (rule.kind) {
    case FieldKind::boolean:
      if (value.kind != Json::Kind::boolean) return wrong(value.describe());
      *target.flag = value.boolean;
      return std::nullopt;
    case FieldKind::object:
      if (!value.isObject()) return wrong(value.describe());
      *target.object = value;
      return std::nullopt;
    case FieldKind::list: {
      if (value.kind != Json::Kind::array) return wrong(value.describe());
      std::vector<double>& list = *target.list;
      list.clear();
      list.reserve(value.items.size());
      for (std::size_t i = 0; i < value.items.size(); ++i) {
        const Json& item = value.items[i];
        const bool in_range = item.kind == Json::Kind::number && std::isfinite(item.number) &&
                              item.number >= rule.min && item.number <= rule.max;
        if (!in_range) {
          return FieldError{
              std::string(rule.name),
              std::string(rule.name) + "[" + std::to_string(i) + "] must be a number " +
                  boundsText(rule) + " (got " +
                  (item.kind != Json::Kind::number ? item.describe()
                   : std::isfinite(item.number)    ? plainExponent(formatGiven(item.number))
                                                   : "a value that is not a finite number") +
                  ")"};
        }
        list.push_back(item.number);
      }
      return std::nullopt;
    }
    case FieldKind::choice: {
      for (std::size_t i = 0; value.kind == Json::Kind::string && i < rule.choices.size(); ++i) {
        if (rule.choices[i] == value.text) {
          *target.number = static_cast<double>(i);
          return std::nullopt;
        }
      }
      if (value.kind == Json::Kind::string && !value.text.empty()) {
        return wrong("'" + shortened(value.text) + "'");
      }
      return wrong(value.describe());
    }
    case FieldKind::number:
    case FieldKind::integer:
      if (value.kind != Json::Kind::number) return wrong(value.describe());
      if (auto error = checkRange(rule, value.number)) return error;
      *target.number = value.number;
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<FieldError> checkValue(const FieldRule& rule, double number,
                                     const std::vector<double>* list) {
  switch (rule.kind) {
    case FieldKind::boolean:
    case FieldKind::object:
      return std::nullopt;
    case FieldKind::list:
      for (const double value : *list) {
        if (auto error = checkRange(rule, value)) return error;
      }
      return std::nullopt;
    case FieldKind::choice:
      if (number < 0 || number >= static_cast<double>(rule.choices.size()) ||
          number != std::floor(number)) {
        return FieldError{std::string(rule.name),
                          std::string(rule.name) + " must be " + rangeText(rule)};
      }
      return std::nullopt;
    case FieldKind::number:
    case FieldKind::integer:
      return checkRange(rule, number);
  }
  return std::nullopt;
}

void setDefaultValue(const FieldTarget& target, double value, std::string_view json) {
  if (target.flag) {
    *target.flag = value != 0;
  } else if (target.object) {
    *target.object = parseJson(json.empty() ? "{}" : json).value;
  } else if (target.list) {
    target.list->clear();
  } else {
    *target.number = value;
  }
}

std::string noSuchInput(std::string_view calculator, std::span<const std::string_view> names,
                        std::string_view name) {
  std::string list;
  for (const std::string_view input : names) {
    list += list.empty() ? "" : ", ";
    list += input;
  }
  return std::string(calculator) + " has no input '" + shortened(name) + "'; its inputs are " +
         list;
}

std::vector<FieldError> unknownKeyErrors(std::string_view calculator,
                                         std::span<const std::string_view> names,
                                         const Json& supplied) {
  std::vector<FieldError> errors;
  if (!supplied.isObject()) {
    errors.push_back({"input", std::string(calculator) + " takes one object of inputs (got " +
                                   supplied.describe() + ")"});
    return errors;
  }
  // The first few are named (an empty key is blamed on the input as a whole), the rest counted,
  // so 10,000 stray keys make one short message list, not 10,000 messages.
  constexpr std::size_t kNamedUnknownKeys = 5;
  std::size_t unknown = 0;
  for (const std::string& key : supplied.keys) {
    if (std::find(names.begin(), names.end(), key) != names.end() ||
        ++unknown > kNamedUnknownKeys) {
      continue;
    }
    errors.push_back({key.empty() ? "input" : key, noSuchInput(calculator, names, key)});
  }
  if (unknown > kNamedUnknownKeys) {
    errors.push_back({"input", "and " + std::to_string(unknown - kNamedUnknownKeys) +
                                   " more keys that " + std::string(calculator) +
                                   " has no input for"});
  }
  return errors;
}

bool isFiniteValue(const void* value, const ValueType& type) {
  switch (type.kind) {
    case ValueKind::number:
      return isFiniteNumber(type.number(value));
    case ValueKind::maybe_number: {
      const auto& maybe = *static_cast<const MaybeNumber*>(value);
      return !maybe || isFiniteNumber(*maybe);
    }
    case ValueKind::list: {
      const ListItems items = type.items(value);
      for (std::size_t i = 0; i < items.count; ++i) {
        if (!isFiniteValue(items[i], *type.item)) return false;
      }
      return true;
    }
    case ValueKind::record:
      for (const RecordField& field : type.fields) {
        if (!isFiniteValue(field.at(value), *field.type)) return false;
      }
      return true;
    case ValueKind::boolean:
    case ValueKind::choice:
    case ValueKind::text:
    case ValueKind::raw_json:
      return true;
  }
  return true;
}

std::optional<OutputName> firstNonFinite(const void* record, const ValueType& type) {
  for (const RecordField& field : type.fields) {
    const void* member = field.at(record);
    if (isFiniteValue(member, *field.type)) continue;
    std::optional<OutputName> found;
    if (field.type->kind == ValueKind::record) {
      found = firstNonFinite(member, *field.type);
    } else if (field.type->kind == ValueKind::list && field.type->item->kind == ValueKind::record) {
      const ListItems items = field.type->items(member);
      for (std::size_t i = 0; i < items.count && !found; ++i) {
        if (!isFiniteValue(items[i], *field.type->item)) {
          found = firstNonFinite(items[i], *field.type->item);
        }
      }
    }
    return found ? found : OutputName{field.name, field.formula};
  }
  return std::nullopt;
}

std::size_t blamedInput(std::span<const std::string_view> names, const OutputName& output) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (namesWord(output.formula, names[i])) return i;
  }
  return 0;
}

FieldError nonFiniteError(std::string_view blamed, MaybeNumber number, const OutputName& output) {
  std::string message = "these inputs make ";
  if (number) message = std::string(blamed) + " = " + formatNumber(*number) + " makes ";
  message += std::string(output.name) + " too large to represent";
  if (!output.formula.empty()) message += " (" + std::string(output.formula) + ")";
  return {std::string(blamed), std::move(message)};
}

}  // namespace ridgepoint
