// The numbers in the notes and reasons a person reads on the page: quantities with a decimal
// prefix as the page shows values, counts grouped by thousands.
#include <doctest/doctest.h>

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
