// The precision lab: deterministic arithmetic, bit-exact rounding, scaling, accumulation and
// LogFMT. Published format constants and hand-derived roundings live in
// tests/golden/precision.json; this file holds the properties.
#include "precision.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace ridgepoint;

namespace {

QuantizeResult quantize(std::string_view format, std::string_view granularity,
                        std::vector<double> values = {}, double cols = 1024) {
  QuantizeInput input = defaultInput<Quantize>();
  for (std::size_t i = 0; i < Labels<FormatId>::labels.size(); ++i) {
    if (Labels<FormatId>::labels[i] == format) input.format = static_cast<double>(i);
  }
  for (std::size_t i = 0; i < Labels<Granularity>::labels.size(); ++i) {
    if (Labels<Granularity>::labels[i] == granularity) input.granularity = static_cast<double>(i);
  }
  // Outlier channels: where scaling granularity matters.
  input.distribution = choiceIndex(Distribution::outlier_channels);
  input.cols = cols;
  input.values = std::move(values);
  const auto outcome = run<Quantize>(input);
  REQUIRE(outcome.ok());
  return outcome.value;
}

AccumulationResult accumulate(double k, double accumulator, double promote_every) {
  AccumulationInput input = defaultInput<AccumulationError>();
  input.k = k;
  input.accumulator = accumulator;
  input.promote_every = promote_every;
  const auto outcome = run<AccumulationError>(input);
  REQUIRE(outcome.ok());
  return outcome.value;
}

}  // namespace

TEST_CASE("the deterministic log and exp agree with the C library to a few ulps") {
  for (const double x : {1e-300, 1e-9, 0.001, 0.5, 0.70710678, 1.0, 1.5, 2.0, 10.0, 12345.678}) {
    CAPTURE(x);
    CHECK(naturalLog(x) == doctest::Approx(std::log(x)).epsilon(1e-15));
  }
  CHECK(naturalLog(1.0) == 0);
  for (const double x : {-700.0, -20.0, -1.0, -1e-9, 0.0, 0.3, 1.0, 2.5, 88.0, 700.0}) {
    CAPTURE(x);
    CHECK(naturalExp(x) == doctest::Approx(std::exp(x)).epsilon(1e-14));
  }
  CHECK(naturalExp(0) == 1);
}

TEST_CASE("the seeded generator repeats itself and draws standard normals") {
  Random first(42), second(42), other(43);
  CHECK(first.next() == second.next());
  CHECK(first.next() != other.next());
  Random random(7);
  double sum = 0, squares = 0;
  constexpr int kDraws = 200000;
  for (int i = 0; i < kDraws; ++i) {
    const double z = random.normal();
    sum += z;
    squares += z * z;
  }
  CHECK(std::abs(sum / kDraws) < 0.01);
  CHECK(squares / kDraws == doctest::Approx(1).epsilon(0.01));
}

TEST_CASE("rounding is to nearest, ties to even, and exact values stay put in every format") {
  for (const NumberFormat& format : formats()) {
    if (format.id == "ue8m0") continue;
    CAPTURE(format.id);
    CHECK(roundToFormat(format.max, format) == format.max);
    CHECK(roundToFormat(-format.max, format) == -format.max);
    CHECK(roundToFormat(2 * format.max, format) == format.max);
    CHECK(roundToFormat(format.min_normal, format) == format.min_normal);
    if (format.min_subnormal > 0) {
      CHECK(roundToFormat(format.min_subnormal, format) == format.min_subnormal);
      // Half the smallest subnormal is a tie between 0 (even) and minSubnormal (odd).
      CHECK(roundToFormat(format.min_subnormal / 2, format) == 0);
      CHECK(roundToFormat(format.min_subnormal * 0.75, format) == format.min_subnormal);
    }
    if (format.exponent_bits > 0) {
      // 1 + ε/2 ties to 1; 1 + 3ε/2 ties to 1 + 2ε (the even neighbour).
      CHECK(roundToFormat(1 + format.epsilon / 2, format) == 1);
      CHECK(roundToFormat(1 + 1.5 * format.epsilon, format) == 1 + 2 * format.epsilon);
      // Rounding is idempotent: a representable value is its own rounding.
      const double once = roundToFormat(0.3, format);
      CHECK(roundToFormat(once, format) == once);
    }
  }
}

TEST_CASE("E4M3 saturates to 448 and every one of its 126 positive values round-trips") {
  const NumberFormat& e4m3 = formatById("e4m3");
  CHECK(roundToFormat(464, e4m3) == 448);  // IEEE would round the tie to 480; E4M3 has no 480
  CHECK(roundToFormat(1e30, e4m3) == 448);
  FormatSpacingInput input{.format = 0};
  const auto spacing = run<FormatSpacing>(input);
  REQUIRE(spacing.ok());
  CHECK(spacing.value.positive_values == 126);
  int distinct = 0;
  for (int code = 1; code < 127; ++code) {
    const int exponent = code >> 3, fraction = code & 7;
    const double value =
        exponent == 0 ? std::ldexp(fraction, -9) : std::ldexp(8 + fraction, exponent - 7 - 3);
    CHECK(roundToFormat(value, e4m3) == value);
    ++distinct;
  }
  CHECK(distinct == 126);
}

TEST_CASE("finer scaling never increases the max error on the same data") {
  for (const std::string_view format : {"e4m3", "e5m2", "int8", "e2m1", "nvfp4", "mxfp8"}) {
    CAPTURE(format);
    const double per_tensor = quantize(format, "per-tensor").rms_error;
    const double per_block = quantize(format, "128x128").rms_error;
    const double per_tile = quantize(format, "1x128").rms_error;
    CHECK(per_tile <= per_tensor);
    CHECK(per_tile <= per_block);
    const double tile_max = quantize(format, "1x128").max_absolute_error;
    CHECK(tile_max <= quantize(format, "per-tensor").max_absolute_error);
    CHECK(tile_max <= quantize(format, "128x128").max_absolute_error);
  }
}

TEST_CASE("scale overhead is 32 bits per group plus the block format's scale per block") {
  const double elements = 256 * 1024;
  CHECK(quantize("e4m3", "per-tensor").scale_bits_per_element == doctest::Approx(32 / elements));
  CHECK(quantize("e4m3", "1x128").scale_bits_per_element == doctest::Approx(32.0 / 128));
  CHECK(quantize("e4m3", "128x128").scale_bits_per_element == doctest::Approx(32.0 / (128 * 128)));
  CHECK(quantize("nvfp4", "per-tensor").scale_bits_per_element ==
        doctest::Approx(8.0 / 16 + 32 / elements));
  CHECK(quantize("mxfp4", "per-tensor").bits_per_element ==
        doctest::Approx(4 + 8.0 / 32 + 32 / elements));
}

TEST_CASE("pasted numbers are quantized instead of the synthetic tensor") {
  // One row of four: scale = 448 / 448 = 1, so each value rounds as E4M3 itself does.
  const QuantizeResult result = quantize("e4m3", "per-tensor", {448, 1.0625, -3, 0.001}, 4);
  CHECK(result.elements == 4);
  // 1.0625 ties to 1 (error 0.0625); 0.001 is 0.512 subnormal quanta: it rounds up to 2^−9.
  const double error_small = 0x1p-9 - 0.001;
  CHECK(result.rms_error ==
        doctest::Approx(std::sqrt((0.0625 * 0.0625 + error_small * error_small) / 4)));
  CHECK(result.fraction_clipped == 0);
  QuantizeInput input = defaultInput<Quantize>();
  input.values = {1, NAN};
  const auto rejected = run<Quantize>(input);
  REQUIRE_FALSE(rejected.ok());
  CHECK(rejected.errors.front().field == "values");
}

TEST_CASE("FP32 accumulation stays at FP32 level as K grows while the 14-bit register's grows") {
  const AccumulationResult fp32 = accumulate(16384, 0, 0);
  const AccumulationResult hopper = accumulate(16384, 1, 0);
  for (std::size_t i = 0; i < fp32.sweep.size(); ++i) {
    CAPTURE(fp32.sweep[i].k);
    // FP32's unit roundoff is 2^−24 ≈ 6e-8; a sum of K terms errs by at most ~K · 2^−24.
    CHECK(fp32.sweep[i].max_relative_error <= fp32.sweep[i].k * 0x1p-24);
    CHECK(hopper.sweep[i].max_relative_error > fp32.sweep[i].max_relative_error);
    if (i > 0) CHECK(hopper.sweep[i].mean_relative_error > hopper.sweep[i - 1].mean_relative_error);
  }
  CHECK(fp32.max_relative_error < 1e-5);
  // V3 report §3.3.2: "nearly 2%" at K = 4096 — the order of magnitude, 10^−2.
  const AccumulationResult at4096 = accumulate(4096, 1, 0);
  CHECK(at4096.max_relative_error > 0.01);
  CHECK(at4096.max_relative_error < 0.1);
}

TEST_CASE("promotion to FP32 every 128 products bounds the 14-bit accumulator's error") {
  const AccumulationResult promoted = accumulate(16384, 1, 128);
  const AccumulationResult never = accumulate(16384, 1, 0);
  CHECK(promoted.wgmmas_per_promotion == 4);  // V3 report: N_C = 128 is 4 WGMMAs
  CHECK(promoted.promotions == 128);
  double bound = 0;
  for (const auto& point : promoted.sweep) {
    if (point.k <= 128) bound = std::max(bound, point.max_relative_error);
  }
  for (const auto& point : promoted.sweep) {
    CAPTURE(point.k);
    // Past 128 each FP32 add brings in one 128-product partial sum's error, no more.
    CHECK(point.max_relative_error <= bound);
  }
  CHECK(promoted.max_relative_error * 100 < never.max_relative_error);
}

TEST_CASE("Hopper's register keeps 13 fraction bits below the largest term") {
  // 1 and 32 · 2^−14: aligned to 2^0, each 2^−14 falls below the 13th fraction bit and is lost.
  std::vector<double> products(32, 0x1p-14);
  products[0] = 1;
  CHECK(hopperAccumulate(products, 0) == 1);
  // At 2^−13 each survives: 1 + 31 · 2^−13.
  std::fill(products.begin() + 1, products.end(), 0x1p-13);
  CHECK(hopperAccumulate(products, 0) == 1 + 31 * 0x1p-13);
  // Truncation is toward zero (Khattak & Mikaitis's H100 model): −2^−14 is lost too, where a
  // sign-fill shift (toward −∞) would make it −2^−13.
  products.assign({1, -0x1p-14});
  CHECK(hopperAccumulate(products, 0) == 1);
  products.assign({1, -3 * 0x1p-14});
  CHECK(hopperAccumulate(products, 0) == 1 - 0x1p-13);
}

TEST_CASE("a rejected promotion interval names the field") {
  AccumulationInput input = defaultInput<AccumulationError>();
  input.promote_every = 100;
  const auto outcome = run<AccumulationError>(input);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.errors.front().field == "promoteEvery");
}

TEST_CASE("LogFMT decodes a tile's min and max to themselves and rounds in linear space") {
  const double e = naturalExp(1);
  const std::vector<double> tile{1, -e, e * e};
  const std::vector<double> decoded = logFmtRoundTrip(tile, 8);
  CHECK(decoded[0] == 1);
  CHECK(decoded[2] == doctest::Approx(e * e).epsilon(1e-15));
  // Step = (2 − 0) / 126; −e is 63 steps up: on the grid, sign kept.
  CHECK(decoded[1] == doctest::Approx(-e).epsilon(1e-14));
  // Between the codes 1 and e^step, the geometric mean rounds down in linear space (it lies
  // below the arithmetic midpoint), although in log space it is the midpoint.
  const double step = 2.0 / 126;
  const double low = 1, high = naturalExp(step);
  const double between = std::sqrt(low * high) * (1 + 1e-9);
  CHECK(logFmtRoundTrip(std::vector<double>{1, between, e * e}, 8)[1] == low);
  const double above_midpoint = (low + high) / 2 * (1 + 1e-9);
  CHECK(logFmtRoundTrip(std::vector<double>{1, above_midpoint, e * e}, 8)[1] ==
        doctest::Approx(high).epsilon(1e-15));
  // min > max − ln(2^32): a value 2^−40 below max is raised to the clamped min or zero.
  const std::vector<double> wide = logFmtRoundTrip(std::vector<double>{1, 0x1p-40}, 8);
  CHECK(wide[1] == 0);
}

TEST_CASE("LogFMT-8 beats E4M3 and E5M2 on normal activations, LogFMT-10 beats LogFMT-8") {
  LogFmtInput input = defaultInput<LogFmt>();
  const auto eight = run<LogFmt>(input);
  input.bits = 10;
  const auto ten = run<LogFmt>(input);
  REQUIRE(eight.ok());
  REQUIRE(ten.ok());
  CHECK(eight.value.step_divisor == 126);  // ISCA'25 §3.2: 2^7 − 2
  CHECK(ten.value.step_divisor == 510);
  CHECK(eight.value.rms_error < eight.value.e4m3_rms_error);
  CHECK(eight.value.rms_error < eight.value.e5m2_rms_error);
  CHECK(ten.value.rms_error < eight.value.rms_error);
  CHECK(eight.value.bytes_per_element == doctest::Approx(1 + 8.0 / 128));
}

TEST_CASE("a histogram's samples fall in its bins in proportion to their counts") {
  SyntheticTensorInput input;
  input.distribution = choiceIndex(Distribution::histogram);
  input.seed = 3;
  input.histogram_edges = {0, 1, 2, 4};
  input.histogram_counts = {1, 0, 3};
  REQUIRE_FALSE(checkHistogram(input));
  const std::vector<double> values = syntheticValues(input, 1000, 100);
  double first = 0, empty = 0, last = 0, sum_last = 0;
  for (const double x : values) {
    REQUIRE(x >= 0);
    REQUIRE(x < 4);
    if (x < 1) first += 1;
    if (x >= 1 && x < 2) empty += 1;
    if (x >= 2) {
      last += 1;
      sum_last += x;
    }
  }
  const double n = static_cast<double>(values.size());
  // Binomial: the share 1/4 has standard deviation sqrt(0.25 · 0.75 / 1e5) ≈ 0.0014.
  CHECK(first / n == doctest::Approx(0.25).epsilon(0.03));
  CHECK(empty == 0);
  CHECK(last / n == doctest::Approx(0.75).epsilon(0.01));
  // Uniform within [2, 4): mean 3.
  CHECK(sum_last / last == doctest::Approx(3).epsilon(0.005));
}

TEST_CASE("a one-bin histogram draws exactly the uniform distribution on its bin") {
  SyntheticTensorInput histogram;
  histogram.distribution = choiceIndex(Distribution::histogram);
  histogram.seed = 5;
  histogram.histogram_edges = {-1, 1};
  histogram.histogram_counts = {2};
  SyntheticTensorInput uniform;
  uniform.distribution = choiceIndex(Distribution::uniform);
  uniform.seed = 5;
  CHECK(syntheticValues(histogram, 64, 128) == syntheticValues(uniform, 64, 128));
}

TEST_CASE("a histogram with too many bins or unsorted edges is rejected, naming the field") {
  SyntheticTensorInput input;
  input.distribution = choiceIndex(Distribution::histogram);
  input.histogram_edges.resize(static_cast<std::size_t>(kMaxHistogramBins) + 2);
  for (std::size_t i = 0; i < input.histogram_edges.size(); ++i) input.histogram_edges[i] = i;
  input.histogram_counts.assign(input.histogram_edges.size() - 1, 1);
  auto error = checkHistogram(input);
  REQUIRE(error);
  CHECK(error->field == "histogramEdges");
  CHECK(error->message.find("4097") != std::string::npos);
  input.histogram_edges.pop_back();
  input.histogram_counts.pop_back();
  CHECK_FALSE(checkHistogram(input));
  input.histogram_edges[10] = input.histogram_edges[9];
  error = checkHistogram(input);
  REQUIRE(error);
  CHECK(error->field == "histogramEdges");
  CHECK(error->message.find("edge 10") != std::string::npos);
}

TEST_CASE("quantizing the same seeded tensor gives the same figures as quantizing it pasted") {
  QuantizeInput seeded = defaultInput<Quantize>();
  seeded.rows = 16;
  seeded.cols = 256;
  QuantizeInput pasted = seeded;
  pasted.values = syntheticValues(seeded, 16, 256);
  const auto a = run<Quantize>(seeded), b = run<Quantize>(pasted);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(a.value.rms_error == b.value.rms_error);
  CHECK(a.value.max_relative_error == b.value.max_relative_error);
}
