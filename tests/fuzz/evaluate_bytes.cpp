#include "evaluate_bytes.hpp"

#include <cmath>
#include <string_view>
#include <vector>

#include "api.hpp"
#include "registry.hpp"

namespace ridgepoint::fuzz {

namespace {

std::vector<std::string_view> calculatorIds() {
  std::vector<std::string_view> ids;
  forEachCalculator([&](auto calculator) { ids.push_back(decltype(calculator)::id); });
  return ids;
}

// A number anywhere in the answer that is not finite (the reader accepts NaN and Infinity tokens,
// so a leaked one shows up here).
bool hasNonFinite(const Json& value) {
  if (value.kind == Json::Kind::number) return !std::isfinite(value.number);
  for (const Json& item : value.items) {
    if (hasNonFinite(item)) return true;
  }
  return false;
}

}  // namespace

std::string checkEvaluate(std::span<const unsigned char> bytes) {
  static const std::vector<std::string_view> ids = calculatorIds();
  if (bytes.empty()) return "";
  const std::string_view id = ids[bytes[0] % ids.size()];
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()) + 1, bytes.size() - 1);
  const std::string answer = evaluateJson(id, text);

  // Answers are read without the input limits: a result may be larger than any input.
  const InputLimits unlimited{.max_text_bytes = answer.size(),
                              .max_depth = 64,
                              .max_keys = answer.size(),
                              .max_items = answer.size(),
                              .max_string_bytes = answer.size()};
  const JsonParse parsed = parseJson(answer, unlimited);
  const std::string where = std::string(id) + ": ";
  if (!parsed.ok()) return where + "the answer is not JSON (" + parsed.error + ")";
  if (hasNonFinite(parsed.value)) return where + "the answer holds NaN or Infinity";
  const Json* ok = parsed.value.find("ok");
  if (!ok || ok->kind != Json::Kind::boolean) return where + "the answer has no ok";
  if (ok->boolean) {
    const Json* value = parsed.value.find("value");
    return value && value->isObject() ? "" : where + "an accepted answer has no value object";
  }
  const Json* errors = parsed.value.find("errors");
  if (!errors || errors->kind != Json::Kind::array || errors->items.empty()) {
    return where + "a refused answer has no errors";
  }
  for (const Json& error : errors->items) {
    const Json* field = error.find("field");
    const Json* message = error.find("message");
    if (!field || field->text.empty() || !message || message->text.empty()) {
      return where + "an error lacks its field or message";
    }
  }
  return "";
}

}  // namespace ridgepoint::fuzz
