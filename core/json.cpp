#include "json.hpp"

#include <fmt/compile.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <limits>

namespace ridgepoint {

const Json* Json::at(std::string_view key) const {
  if (kind != Kind::object) return nullptr;
  const auto found = std::find(keys.begin(), keys.end(), key);
  return found == keys.end() ? nullptr : &items[static_cast<std::size_t>(found - keys.begin())];
}

const Json* Json::find(std::string_view key) const {
  const Json* value = at(key);
  return value && !value->isNull() ? value : nullptr;
}

std::string Json::describe() const {
  switch (kind) {
    case Kind::null:
      return "null";
    case Kind::boolean:
      return boolean ? "true" : "false";
    case Kind::number:
      return "a number";
    case Kind::string:
      return text.empty() ? "nothing" : "text";
    case Kind::array:
      return "a list";
    case Kind::object:
      return "an object";
  }
  return "a value";
}

namespace {

// A recursive-descent parser over a string_view; depth is bounded by the limits, so recursion is
// bounded too.
class Parser {
 public:
  Parser(std::string_view text, const InputLimits& limits) : text_(text), limits_(limits) {}

  JsonParse parse() {
    JsonParse result;
    if (text_.size() > limits_.max_text_bytes) {
      fail("the input is " + std::to_string(text_.size()) + " bytes; at most " +
           std::to_string(limits_.max_text_bytes) + " are accepted");
    } else {
      skipSpace();
      value(result.value, 0);
      skipSpace();
      if (ok() && at_ != text_.size()) fail("unexpected text after the end of the JSON value");
    }
    result.error = error_;
    result.error_path = error_path_;
    return result;
  }

 private:
  bool ok() const { return error_.empty(); }

  void fail(std::string message) {
    if (!ok()) return;
    error_ = std::move(message);
    // The path is written out only here: building it for every key would cost its length each
    // time, quadratic for long keys nested deep.
    for (const PathSegment& segment : path_) {
      if (segment.index != PathSegment::kKey) {
        error_path_ += "[" + std::to_string(segment.index) + "]";
      } else {
        if (!error_path_.empty()) error_path_ += '.';
        error_path_ += segment.key;
      }
    }
  }

  void skipSpace() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t')) {
      ++at_;
    }
  }

  bool consume(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }

  void value(Json& out, std::size_t depth) {
    if (at_ >= text_.size()) return fail("the JSON text ends too early");
    const char c = text_[at_];
    if (c == '{' || c == '[') {
      if (depth >= limits_.max_depth) {
        return fail("values are nested more than " + std::to_string(limits_.max_depth) +
                    " levels deep");
      }
      return c == '{' ? object(out, depth + 1) : array(out, depth + 1);
    }
    if (c == '"') {
      out.kind = Json::Kind::string;
      return string(out.text);
    }
    if (consume("true")) {
      out.kind = Json::Kind::boolean;
      out.boolean = true;
      return;
    }
    if (consume("false")) {
      out.kind = Json::Kind::boolean;
      return;
    }
    if (consume("null")) return;
    out.kind = Json::Kind::number;
    if (consume("NaN")) {
      out.number = std::numeric_limits<double>::quiet_NaN();
    } else if (consume("Infinity")) {
      out.number = std::numeric_limits<double>::infinity();
    } else if (consume("-Infinity")) {
      out.number = -std::numeric_limits<double>::infinity();
    } else {
      number(out.number);
    }
  }

  void number(double& out) {
    const std::size_t start = at_;
    auto digits = [&] {
      const std::size_t from = at_;
      while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
      return at_ > from;
    };
    if (at_ < text_.size() && text_[at_] == '-') ++at_;
    bool valid = digits();
    if (valid && at_ < text_.size() && text_[at_] == '.') {
      ++at_;
      valid = digits();
    }
    if (valid && at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
      ++at_;
      if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
      valid = digits();
    }
    if (!valid) return fail("the JSON text has something that is not a value here");
    const std::string_view literal = text_.substr(start, at_ - start);
    // Whole numbers of up to 15 digits (counts, sizes, a sweep's values) are summed digit by
    // digit, exactly (every step stays below 2^53); anything else goes to strtod, which needs a
    // terminated copy. (fast_float would drop strtod's long-double code but adds a 10 kB table
    // of powers of five that gzip cannot shrink: 7.6 kB more gzipped wasm.)
    const bool negative = literal.front() == '-';
    if (literal.size() - negative <= 15 &&
        literal.find_first_not_of("0123456789", negative) == std::string_view::npos) {
      out = 0;
      for (const char digit : literal.substr(negative)) out = out * 10 + (digit - '0');
      if (negative) out = -out;
    } else {
      out = std::strtod(std::string(literal).c_str(), nullptr);
    }
    if (out == 0) out = 0;  // -0 reads as 0: a sign on zero means nothing to any calculator
  }

  void appendUtf8(std::string& out, unsigned code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  bool hex4(unsigned& code) {
    if (at_ + 4 > text_.size()) return false;
    code = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[at_++];
      code <<= 4;
      if (h >= '0' && h <= '9') {
        code |= static_cast<unsigned>(h - '0');
      } else if (h >= 'a' && h <= 'f') {
        code |= static_cast<unsigned>(h - 'a' + 10);
      } else if (h >= 'A' && h <= 'F') {
        code |= static_cast<unsigned>(h - 'A' + 10);
      } else {
        return false;
      }
    }
    return true;
  }

  // One multi-byte UTF-8 character starting at the byte just read (at_ - 1), appended to `out`:
  // no overlong forms, no surrogates, nothing past U+10FFFF.
  bool utf8Sequence(std::string& out) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text_[i]); };
    const std::size_t start = at_ - 1;
    const unsigned lead = byte(start);
    std::size_t length = 0;
    unsigned low = 0x80, high = 0xBF;  // the allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return false;
    }
    if (start + length > text_.size()) return false;
    for (std::size_t i = 1; i < length; ++i) {
      const unsigned next = byte(start + i);
      if (next < (i == 1 ? low : 0x80) || next > (i == 1 ? high : 0xBF)) return false;
    }
    out.append(text_.substr(start, length));
    at_ = start + length;
    return true;
  }

  void string(std::string& out) {
    ++at_;  // the opening quote
    while (ok()) {
      if (at_ >= text_.size()) return fail("a text value is not closed");
      const char c = text_[at_++];
      if (c == '"') break;
      if (static_cast<unsigned char>(c) < 0x20) return fail("a text value holds a control byte");
      if (static_cast<unsigned char>(c) >= 0x80) {
        if (!utf8Sequence(out)) return fail("a text value is not valid UTF-8");
      } else if (c != '\\') {
        out += c;
      } else if (at_ >= text_.size()) {
        return fail("a text value is not closed");
      } else {
        const char e = text_[at_++];
        switch (e) {
          case '"':
          case '\\':
          case '/':
            out += e;
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'n':
            out += '\n';
            break;
          case 'r':
            out += '\r';
            break;
          case 't':
            out += '\t';
            break;
          case 'u': {
            unsigned code = 0;
            if (!hex4(code)) return fail("a text value has a bad \\u escape");
            if (code >= 0xD800 && code < 0xDC00 && text_.substr(at_, 2) == "\\u") {
              at_ += 2;
              unsigned low = 0;
              if (!hex4(low) || low < 0xDC00 || low >= 0xE000) {
                return fail("a text value has a bad \\u escape");
              }
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            } else if (code >= 0xD800 && code < 0xE000) {
              // A lone surrogate is no character: text stays valid UTF-8 for every reader.
              return fail("a text value has a lone surrogate \\u escape");
            }
            appendUtf8(out, code);
            break;
          }
          default:
            return fail("a text value has a bad escape");
        }
      }
      if (out.size() > limits_.max_string_bytes) {
        return fail("a text value is longer than " + std::to_string(limits_.max_string_bytes) +
                    " bytes");
      }
    }
  }

  void array(Json& out, std::size_t depth) {
    out.kind = Json::Kind::array;
    ++at_;
    skipSpace();
    if (consume("]")) return;
    while (ok()) {
      if (out.items.size() >= limits_.max_items) {
        return fail("a list has more than " + std::to_string(limits_.max_items) + " items");
      }
      path_.push_back({.key = {}, .index = out.items.size()});
      out.items.emplace_back();
      value(out.items.back(), depth);
      skipSpace();
      if (ok()) path_.pop_back();
      if (!ok() || consume("]")) break;
      if (!consume(",")) return fail("a list needs a comma or ] here");
      skipSpace();
    }
  }

  void object(Json& out, std::size_t depth) {
    out.kind = Json::Kind::object;
    ++at_;
    skipSpace();
    if (consume("}")) return duplicateKey(out);
    while (ok()) {
      if (at_ >= text_.size() || text_[at_] != '"')
        return fail("an object needs a quoted key here");
      std::string key;
      string(key);
      if (!ok()) return;
      path_.push_back({.key = key});
      // Keys that would reach an object's prototype in JS are never data.
      if (key == "__proto__" || key == "constructor" || key == "prototype") {
        return fail("the key '" + shortened(key) + "' is not accepted");
      }
      if (out.keys.size() >= limits_.max_keys) {
        return fail("an object has more than " + std::to_string(limits_.max_keys) + " keys");
      }
      skipSpace();
      if (!consume(":")) return fail("an object needs a : after its key");
      skipSpace();
      out.keys.push_back(std::move(key));
      out.items.emplace_back();
      value(out.items.back(), depth);
      skipSpace();
      if (ok()) path_.pop_back();
      if (!ok()) return;
      if (consume("}")) return duplicateKey(out);
      if (!consume(",")) return fail("an object needs a comma or } here");
      skipSpace();
    }
  }

  // A key that appears twice in one object, found by sorting (10,000 keys compared pairwise in
  // each of many objects would take seconds).
  void duplicateKey(const Json& object) {
    std::vector<std::string_view> sorted(object.keys.begin(), object.keys.end());
    std::sort(sorted.begin(), sorted.end());
    const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
    if (twice == sorted.end()) return;
    path_.push_back({.key = std::string(*twice)});
    fail("the key '" + shortened(*twice) + "' appears twice");
  }

  std::string_view text_;
  const InputLimits& limits_;
  std::size_t at_ = 0;
  // A key, or the index of a list item (kept as a number: a list of 10,000 values would otherwise
  // build 10,000 texts that only an error needs).
  struct PathSegment {
    static constexpr std::size_t kKey = static_cast<std::size_t>(-1);
    std::string key;
    std::size_t index = kKey;
  };
  std::vector<PathSegment> path_;  // from the top level to where the reader is
  std::string error_;
  std::string error_path_;
};

}  // namespace

std::string shortened(std::string_view text, std::size_t bytes) {
  if (text.size() <= bytes) return std::string(text);
  // Back off to the start of a UTF-8 character, so the result stays valid UTF-8.
  while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) --bytes;
  return std::string(text.substr(0, bytes)) + "…";
}

JsonParse parseJson(std::string_view text, const InputLimits& limits) {
  return Parser(text, limits).parse();
}

char* writeJson(char* out, std::string_view text) {
  *out++ = '"';
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      *out++ = '\\';
      *out++ = c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      constexpr std::string_view kHex = "0123456789abcdef";
      out = std::copy_n("\\u00", 4, out);
      *out++ = kHex[static_cast<unsigned char>(c) >> 4];
      *out++ = kHex[static_cast<unsigned char>(c) & 0xF];
    } else {
      *out++ = c;
    }
  }
  *out++ = '"';
  return out;
}

void appendJson(std::string& json, std::string_view text) {
  const std::size_t at = json.size();
  json.resize(at + maxJsonBytes(text));
  json.resize(static_cast<std::size_t>(writeJson(json.data() + at, text) - json.data()));
}

char* writeJson(char* out, double number) {
  if (!std::isfinite(number)) return std::copy_n("null", 4, out);
  // -0 is written as 0: a sign on zero means nothing to any reader ("−0 B" is a defect).
  if (number == 0) number = 0;
  // The shortest text that reads back as the same double (fmt's Dragonbox), with an exponent only
  // outside 1e-4 … 1e16: whole numbers stay whole ("4096"), 0.1 stays "0.1".
  return fmt::format_to(out, FMT_COMPILE("{}"), number);
}

void appendJson(std::string& json, double number) {
  char digits[kMaxNumberBytes];
  json.append(digits, writeJson(digits, number));
}

namespace {

// A positive finite double's shortest round-trip digits (fmt's Dragonbox, as writeJson writes
// them) without leading or trailing zeros, and where the decimal point goes: the value reads
// 0.digits × 10^point.
struct ShortestDigits {
  std::string digits;
  int point = 0;
};

ShortestDigits shortestDigits(double value) {
  char text[kMaxNumberBytes];
  std::string_view written(text, static_cast<std::size_t>(writeJson(text, value) - text));
  int exponent = 0;
  if (const std::size_t e = written.find('e'); e != std::string_view::npos) {
    const bool negative = written[e + 1] == '-';
    for (const char c : written.substr(e + 2)) exponent = exponent * 10 + (c - '0');
    if (negative) exponent = -exponent;
    written = written.substr(0, e);
  }
  ShortestDigits shortest;
  int point = -1;
  for (const char c : written) {
    if (c == '.') {
      point = static_cast<int>(shortest.digits.size());
    } else {
      shortest.digits += c;
    }
  }
  if (point < 0) point = static_cast<int>(shortest.digits.size());
  const std::size_t leading = shortest.digits.find_first_not_of('0');
  shortest.digits.erase(0, leading);
  shortest.digits.erase(shortest.digits.find_last_not_of('0') + 1);
  shortest.point = point - static_cast<int>(leading) + exponent;
  return shortest;
}

// A number held exactly as the sum of two doubles.
struct HighLow {
  double hi, lo;
};

// a · b exactly, as hi + lo (Dekker 1971, "A floating-point technique for extending the available
// precision"; without fused multiply-add, which wasm lacks): each factor split into two halves
// of 26 bits, whose products are exact.
HighLow twoProduct(double a, double b) {
  auto split = [](double x) {
    const double c = 134217729.0 * x;  // 2^27 + 1
    const double high = c - (c - x);
    return HighLow{high, x - high};
  };
  const auto [ah, al] = split(a);
  const auto [bh, bl] = split(b);
  const double product = a * b;
  return {product, ((ah * bh - product) + ah * bl + al * bh) + al * bl};
}

// The sign of value − digits × 10^exponent, exactly, where digits is a whole number below 2^53
// and |exponent| ≤ 22 (10^exponent is then a double); 0 beyond, where it is not needed.
int compareWithDecimal(double value, double digits, int exponent) {
  if (exponent > 22 || exponent < -22) return 0;
  double power = 1;
  for (int i = 0; i < std::abs(exponent); ++i) power *= 10;  // exact up to 1e22
  // The differences are exact (Sterbenz): the two sides agree to within a factor of two.
  if (exponent >= 0) {
    const auto [hi, lo] = twoProduct(digits, power);
    const double difference = value - hi;
    return difference > lo ? 1 : difference < lo ? -1 : 0;
  }
  const auto [hi, lo] = twoProduct(value, power);
  const double difference = hi - digits;
  return difference > -lo ? 1 : difference < -lo ? -1 : 0;
}

}  // namespace

std::string formatSignificant(double value, int precision) {
  if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  std::string text = std::signbit(value) ? "-" : "";
  if (value == 0) return text + "0";
  auto [digits, point] = shortestDigits(std::abs(value));
  const auto kept = static_cast<std::size_t>(precision);
  if (digits.size() > kept) {
    // Rounded to nearest, as printf rounds the exact value. The shortest digits decide but for a
    // 5 that ends them, where the exact value may lie either side of it (or on it: then to even).
    const char next = digits[kept];
    bool up = next > '5' || (next == '5' && digits.size() > kept + 1);
    if (next == '5' && digits.size() == kept + 1) {
      double whole = 0;  // the digits as a whole number: at most 15 of them, below 2^53, exact
      for (const char digit : digits) whole = whole * 10 + (digit - '0');
      const int side =
          compareWithDecimal(std::abs(value), whole, point - static_cast<int>(digits.size()));
      up = side > 0 || (side == 0 && (digits[kept - 1] - '0') % 2 == 1);
    }
    digits.resize(kept);
    if (up) {
      std::size_t at = kept;
      while (at > 0 && digits[at - 1] == '9') digits[--at] = '0';
      if (at == 0) {
        digits.insert(digits.begin(), '1');
        digits.pop_back();
        ++point;
      } else {
        ++digits[at - 1];
      }
    }
    digits.erase(digits.find_last_not_of('0') + 1);
  }
  // printf's %g: exponent form below 1e-4 or from 10^precision, else plain; no trailing zeros.
  const int exponent = point - 1;
  const auto size = static_cast<int>(digits.size());
  if (exponent < -4 || exponent >= precision) {
    text += digits[0];
    if (size > 1) text.append(".").append(digits, 1);
    text += exponent < 0 ? "e-" : "e+";
    if (std::abs(exponent) < 10) text += '0';
    text += std::to_string(std::abs(exponent));
  } else if (point <= 0) {
    text.append("0.").append(static_cast<std::size_t>(-point), '0').append(digits);
  } else if (point >= size) {
    text.append(digits).append(static_cast<std::size_t>(point - size), '0');
  } else {
    text.append(digits, 0, static_cast<std::size_t>(point))
        .append(".")
        .append(digits, static_cast<std::size_t>(point));
  }
  return text;
}

std::string formatNumber(double value) {
  // A whole number of more than six digits keeps them all: a count (1,234,567 tokens) is exact
  // or wrong, and rounded it could read as the bound it broke.
  if (std::isfinite(value) && value == std::floor(value) && std::abs(value) < 1e17 &&
      shortestDigits(std::abs(value)).digits.size() > 6) {
    return formatGiven(value);
  }
  return formatSignificant(value, 6);
}

// 17 significant digits round-trip any double; shortestDigits never needs more.
std::string formatGiven(double value) { return formatSignificant(value, 17); }

std::string formatQuantity(double value, std::string_view unit) {
  struct Prefix {
    double scale;
    std::string_view symbol;
  };
  static constexpr Prefix kPrefixes[] = {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"},
                                         {1e6, "M"},  {1e3, "k"},  {1, ""},     {1e-3, "m"},
                                         {1e-6, "µ"}, {1e-9, "n"}, {1e-12, "p"}};
  // The largest prefix the value reaches once rounded to four digits (999.96 kB reads 1 MB).
  const double magnitude = std::abs(value);
  Prefix prefix = value == 0 ? kPrefixes[6] : kPrefixes[std::size(kPrefixes) - 1];
  for (const Prefix& candidate : kPrefixes) {
    if (value != 0 && magnitude >= candidate.scale * 0.99995) {
      prefix = candidate;
      break;
    }
  }
  return formatSignificant(value / prefix.scale, 4) + " " + std::string(prefix.symbol) +
         std::string(unit);
}

std::string formatCount(double value) {
  if (value != std::floor(value) || std::abs(value) >= 1e15) return formatNumber(value);
  std::string digits = std::to_string(static_cast<long long>(std::abs(value)));
  for (std::ptrdiff_t at = std::ssize(digits) - 3; at > 0; at -= 3) digits.insert(at, ",");
  return (value < 0 ? "-" : "") + digits;
}

void appendJson(std::string& json, const Json& value) {
  switch (value.kind) {
    case Json::Kind::null:
      json += "null";
      break;
    case Json::Kind::boolean:
      json += value.boolean ? "true" : "false";
      break;
    case Json::Kind::number:
      appendJson(json, value.number);
      break;
    case Json::Kind::string:
      appendJson(json, std::string_view(value.text));
      break;
    case Json::Kind::array:
      json += '[';
      for (std::size_t i = 0; i < value.items.size(); ++i) {
        if (i) json += ',';
        appendJson(json, value.items[i]);
      }
      json += ']';
      break;
    case Json::Kind::object:
      json += '{';
      for (std::size_t i = 0; i < value.items.size(); ++i) {
        if (i) json += ',';
        appendJson(json, std::string_view(value.keys[i]));
        json += ':';
        appendJson(json, value.items[i]);
      }
      json += '}';
      break;
  }
}

}  // namespace ridgepoint
