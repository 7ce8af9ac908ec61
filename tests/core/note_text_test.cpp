// The numbers in the notes and reasons a person reads on the page: quantities with a decimal
// prefix as the page shows values, counts grouped by thousands.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "field.hpp"
#include "json.hpp"

using namespace ridgepoint;

TEST_CASE("a quantity in a note takes four significant digits and a decimal prefix") {
  CHECK(formatQuantity(1.34205e12, "B") == "1.342 TB");  // DeepSeek-V3's BF16 weights
  CHECK(formatQuantity(3.35e12, "B/s") == "3.35 TB/s");
  CHECK(formatQuantity(12288, "B") == "12.29 kB");
  CHECK(formatQuantity(4.096e-9, "s") == "4.096 ns");
  CHECK(formatQuantity(80e9, "B") == "80 GB");
  CHECK(formatQuantity(512, "B") == "512 B");
  CHECK(formatQuantity(0, "s") == "0 s");
  CHECK(formatQuantity(-2.5e-3, "s") == "-2.5 ms");
  // Rounding to four digits can reach the next prefix: 999.96 kB reads 1 MB, not 1000 kB.
  CHECK(formatQuantity(999.96e3, "B") == "1 MB");
  CHECK(formatQuantity(999.94e3, "B") == "999.9 kB");
}

TEST_CASE("a count in a note is whole and grouped by thousands") {
  CHECK(formatCount(100000) == "100,000");
  CHECK(formatCount(2048) == "2,048");
  CHECK(formatCount(512) == "512");
  CHECK(formatCount(-1234567) == "-1,234,567");
  CHECK(formatCount(0) == "0");
  CHECK(formatCount(2.5) == "2.5");  // not a count: as formatNumber writes it
}

// printf is the reference these are checked against (glibc in the native build); the core writes
// without it, so that the wasm carries none.
std::string printfSignificant(double value, int precision) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*g", precision, value);
  return text;
}

TEST_CASE("numbers to 6 and 4 significant digits read exactly as printf's %g writes them") {
  std::vector<double> values = {0,
                                -0.0,
                                1,
                                -1,
                                0.1,
                                1e-4,
                                9.99995e-5,
                                1e-5,
                                999999,
                                999999.5,
                                1e6,
                                1e16,
                                1e21,
                                1e22,
                                1e23,
                                1e300,
                                4.9e-324,
                                2.2250738585072014e-308,
                                1.7976931348623157e308,
                                0.5,
                                2.5,
                                1234565,
                                1234575,
                                1.0625,
                                12.5,
                                0.125,
                                99.995,
                                1e15,
                                123456789.5};
  // Random bit patterns over the doubles' whole range, and values whose shortest digits end in a
  // 5 just past the digits kept, where only the exact value decides which way they round.
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t bits = next();
    double value;
    std::memcpy(&value, &bits, sizeof value);
    if (std::isfinite(value)) values.push_back(value);
  }
  for (int i = 0; i < 200000; ++i) {
    const int kept = i % 2 == 0 ? 6 : 4;
    const double whole =
        static_cast<double>(next() % static_cast<std::uint64_t>(std::pow(10, kept)));
    const int exponent = static_cast<int>(next() % 50) - 30;
    values.push_back((whole * 10 + 5) * std::pow(10.0, exponent));
  }
  int differences = 0;
  for (const double value : values) {
    for (const int precision : {6, 4}) {
      if (formatSignificant(value, precision) == printfSignificant(value, precision)) continue;
      // Below 1e-15 and above 1e22 a 5 that ends the shortest digits rounds to even (json.hpp).
      const double magnitude = std::abs(value);
      if (magnitude > 1e22 || magnitude < 1e-15) continue;
      if (++differences <= 5) {
        CHECK_MESSAGE(formatSignificant(value, precision) == printfSignificant(value, precision),
                      printfSignificant(value, 17), " at ", precision);
      }
    }
  }
  CHECK(differences == 0);
  CHECK(formatNumber(1e18) == "1e+18");
  CHECK(formatNumber(0.001) == "0.001");
  CHECK(formatNumber(1.34205e12) == "1.34205e+12");
  CHECK(formatNumber(4096) == "4096");
  // A whole number of more than six digits keeps them all; 1e+06 stays short (formatBound groups
  // it).
  CHECK(formatNumber(1e6) == "1e+06");
  CHECK(formatNumber(1000001) == "1000001");
  CHECK(formatNumber(1234567) == "1234567");
  CHECK(formatNumber(-12345678) == "-12345678");
  CHECK(formatNumber(1234567.5) == "1.23457e+06");
}

TEST_CASE("a value quoted back in a message keeps every digit it holds") {
  CHECK(formatGiven(0.9950001) == "0.9950001");  // not 0.995, the bound of a 0-0.995 field
  CHECK(formatGiven(1000000001) == "1000000001");
  CHECK(formatGiven(0.1) == "0.1");
  CHECK(formatGiven(2.5) == "2.5");
  CHECK(formatGiven(1e30) == "1e+30");
  CHECK(formatGiven(0.1 + 0.2) == "0.30000000000000004");
}

TEST_CASE("a range's bounds read as the page takes them, never in printf's exponent") {
  // Units that take SI prefixes get them, as the page's inputs accept "3.35T" or "80 GB".
  CHECK(formatBound(1e6, "FLOP/s") == "1 MFLOP/s");
  CHECK(formatBound(1e20, "FLOP/s") == "100 EFLOP/s");
  CHECK(formatBound(1e15, "B/s") == "1 PB/s");
  CHECK(formatBound(1e-12, "s") == "1 ps");
  // Below a kilo a byte count stays as it is (no millibytes); seconds above one keep "s".
  CHECK(formatBound(0.125, "B") == "0.125 B");
  CHECK(formatBound(10, "s") == "10 s");
  CHECK(formatBound(0, "s") == "0 s");
  // Plain counts and the units prefixes do not suit are grouped, or written as JSON writes them.
  CHECK(formatBound(1e9, "1") == "1,000,000,000");
  CHECK(formatBound(1e6, "$/h") == "1,000,000 $/h");
  CHECK(formatBound(1e18, "tokens/day") == "1e18 tokens/day");
  CHECK(formatBound(1e300, "1") == "1e300");
  CHECK(formatBound(1e-4, "1") == "0.0001");
  CHECK(formatBound(2.5e-5, "1") == "2.5e-5");
}
