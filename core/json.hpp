// Plain JSON data, as every input reaches the core: the JS API copies a caller's object into plain
// data and sends it as one JSON text, so no JS code can run while the core reads it and native
// callers (tests, the fuzzer, the parity check) take exactly the same path. Parsing never throws
// and enforces the declared limits below, so no input can exhaust memory or the stack.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ridgepoint {

// The limits every input obeys, in the core and (from rp.limits()) in the JS API's copy.
struct InputLimits {
  std::size_t max_text_bytes = 32u << 20;  // the whole input as JSON text: 32 MiB
  std::size_t max_depth = 32;              // objects and arrays nested in one another
  std::size_t max_keys = 10000;            // keys of one object (a config.json has ~50)
  std::size_t max_items = 1u << 20;        // elements of one array: a 1 M-element tensor
  std::size_t max_string_bytes = 65536;    // one text value
  std::size_t max_sweep_points = 10000;    // values of one sweep: a chart needs a few hundred
};
inline constexpr InputLimits kInputLimits{};

class Json {
 public:
  enum class Kind : unsigned char { null, boolean, number, string, array, object };

  Kind kind = Kind::null;
  bool boolean = false;
  double number = 0;  // may be ±Infinity or NaN, which the JS API sends as bare tokens
  std::string text;
  std::vector<Json> items;        // array elements, or object values
  std::vector<std::string> keys;  // object keys, in source order, beside their values in items

  bool isNull() const { return kind == Kind::null; }
  bool isObject() const { return kind == Kind::object; }
  // The value under `key` of an object, or nullptr (also for a JSON null: "absent").
  const Json* find(std::string_view key) const;
  // The value under `key` of an object, null included, or nullptr when it has no such key.
  const Json* at(std::string_view key) const;
  // "a number", "text", "true", "an object", …: what a message says a caller gave.
  std::string describe() const;
};

// The parsed value, or the first problem found and the key path to it
// ("config.text_config.hidden_size"; empty for the top level).
struct JsonParse {
  Json value;
  std::string error_path;
  std::string error;
  bool ok() const { return error.empty(); }
};

// Strict JSON plus the bare tokens NaN, Infinity and -Infinity (so a non-finite number reaches
// validation and is reported against its field instead of turning into null).
JsonParse parseJson(std::string_view text, const InputLimits& limits = kInputLimits);

// `text` cut to at most `bytes` bytes at a character boundary, with "…" when cut: how messages
// quote a caller's key or text.
std::string shortened(std::string_view text, std::size_t bytes = 40);

// Writing JSON: text escaped, numbers as the shortest text JSON.parse reads back as the same
// double, -0 as 0, non-finite numbers as null (the core's outputs are finite; a last guard).
void appendJson(std::string& json, std::string_view text);
void appendJson(std::string& json, double number);
void appendJson(std::string& json, const Json& value);

// The same texts written at `out`, which has room for them, returning their end: a writer that
// sized its text once (a sweep's records) writes values without an append each.
inline constexpr std::size_t kMaxNumberBytes = 32;  // the longest: "-2.2250738585072014e-308"
char* writeJson(char* out, double number);
constexpr std::size_t maxJsonBytes(std::string_view text) { return 6 * text.size() + 2; }
char* writeJson(char* out, std::string_view text);

// `value` to `precision` significant digits (1 to 14), written as printf's "%.<precision>g"
// writes it: rounded to nearest (ties to even), no trailing zeros, an exponent below 1e-4 or from
// 10^precision. The same code in native and wasm builds, without printf (4 kB of gzipped
// wasm). One difference: below 1e-15 and above 1e22, where the exact value is not compared, a
// value whose shortest digits end in a 5 just past `precision` rounds them to even.
std::string formatSignificant(double value, int precision);

// A number in a message: up to six significant digits ("%.6g"), enough to name a range, short to
// read; a whole number with more digits keeps every one of them.
std::string formatNumber(double value);

// A value a message quotes back to whoever gave it: every digit it holds (the shortest that
// reads back as the same double), so 1,000,001 never reads as the bound 1e+06 it broke.
std::string formatGiven(double value);

// A quantity in a note a person reads, as the page shows values: four significant digits and a
// decimal prefix ("1.342 TB", "3.35 TB/s", "4.096 ns").
std::string formatQuantity(double value, std::string_view unit);

// A count in a note: whole, grouped by thousands ("100,000"); anything else as formatNumber.
std::string formatCount(double value);

// JSON text kept as written (a preset's published config.json): written out verbatim.
struct RawJson {
  std::string_view text;
};
inline void appendJson(std::string& json, const RawJson& value) { json += value.text; }
// JSON text made at run time (a published deployment's input), written out verbatim too: a list
// of them is written without parsing each into a Json first.
struct JsonText {
  std::string text;
};
inline void appendJson(std::string& json, const JsonText& value) { json += value.text; }

}  // namespace ridgepoint
