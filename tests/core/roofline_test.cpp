#include "roofline.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "machines.hpp"

using namespace ridgepoint;

namespace {

GemmInput toyGemm(double m, double n, double k) {
  GemmInput in = defaultInput<Gemm>();
  in.m = m;
  in.n = n;
  in.k = k;
  return in;
}

}  // namespace

TEST_CASE("time is never below either roof and bandwidth never slows an operation") {
  for (double m : {1.0, 7.0, 64.0, 1000.0}) {
    for (double k : {1.0, 16.0, 512.0, 100000.0}) {
      GemmInput in = toyGemm(m, 96, k);
      in.latency = 1e-7;
      const GemmResult slow = run<Gemm>(in).value;
      CHECK(slow.time >= slow.compute_time);
      CHECK(slow.time >= slow.memory_time);
      in.memory_bandwidth *= 2;
      const GemmResult fast = run<Gemm>(in).value;
      CHECK(fast.time <= slow.time);
      CHECK(fast.attainable_flops <= in.peak_flops);
    }
  }
}

TEST_CASE("intensity grows with k and approaches its limit from below") {
  double previous = 0;
  for (double k = 1; k <= 1 << 20; k *= 2) {
    const double intensity = run<Gemm>(toyGemm(64, 64, k)).value.intensity;
    CHECK(intensity > previous);
    CHECK(intensity < 32);  // 2·64·64 / (2·64 + 2·64)
    previous = intensity;
  }
}

TEST_CASE("the bisection crossover is the ceiling of the analytic one") {
  for (double side : {48.0, 64.0, 100.0, 512.0, 4096.0}) {
    GemmInput in = toyGemm(side, side, 1);
    const CrossoverKResult crossover = run<CrossoverK>(in).value;
    REQUIRE(crossover.k.has_value());
    // 48×48 lands exactly on the ridge at k = 120, where rounding can put the analytic value a
    // hair above the whole number.
    CHECK(*crossover.k == std::max(1.0, std::ceil(*crossover.analytic_k * (1 - 1e-12))));
    in.k = *crossover.k;
    CHECK(run<Gemm>(in).value.bound == Bound::compute);
    if (*crossover.k > 1) {
      in.k = *crossover.k - 1;
      CHECK(run<Gemm>(in).value.bound == Bound::memory);
    }
  }
}

TEST_CASE("a crossover beyond gemm's largest k is reported as not found, not as a k gemm rejects") {
  // 64×64 with 2-byte elements approaches 32 FLOP/B; a ridge ε below it is crossed at
  // k ≈ ridge · cBytes · m · n / (256 ε) = 1024 / ε (the analytic formula).
  GemmInput in = toyGemm(64, 64, 1);
  in.memory_bandwidth = 1e12;
  for (const double epsilon : {1.024e-7, 1.024e-5}) {
    in.peak_flops = (32 - epsilon) * in.memory_bandwidth;
    const CrossoverKResult crossover = run<CrossoverK>(in).value;
    CHECK(crossover.reachable);
    REQUIRE(crossover.analytic_k.has_value());
    CHECK(*crossover.analytic_k == doctest::Approx(1024 / epsilon).epsilon(1e-6));
    if (*crossover.analytic_k > kLargestGemmDimension) {
      CHECK_FALSE(crossover.k.has_value());
    } else {
      REQUIRE(crossover.k.has_value());
      in.k = *crossover.k;
      CHECK(run<Gemm>(in).ok());
      CHECK(run<Gemm>(in).value.bound == Bound::compute);
    }
  }
}

TEST_CASE("more latency never needs a smaller batch to hide it") {
  GemmInput in = defaultInput<CrossoverBatch>();
  in.n = in.k = 4096;
  double previous = 0;
  for (double latency : {0.0, 1e-6, 1e-5, 1e-4}) {
    in.latency = latency;
    const auto crossover = run<CrossoverBatch>(in).value;
    REQUIRE(crossover.batch.has_value());
    CHECK(*crossover.batch >= previous);
    previous = *crossover.batch;
  }
}

TEST_CASE("attention intensity never falls as the query block grows") {
  AttentionInput in = defaultInput<AttentionTiling>();
  double previous = 0;
  for (double block = 1; block <= in.seq_len; block *= 2) {
    in.block_size = block;
    const AttentionResult result = run<AttentionTiling>(in).value;
    CHECK(result.intensity >= previous);
    CHECK(result.intensity <= result.limit_intensity);
    previous = result.intensity;
  }
}

TEST_CASE("a measurement slower than the bound is possible, a faster one is not") {
  BoundCheckInput in = defaultInput<BoundCheck>();
  const double bound = run<Gemm>(in).value.time;
  in.measured_time = bound * 1.01;
  CHECK(run<BoundCheck>(in).value.possible);
  in.measured_time = bound * 0.99;
  const BoundCheckResult impossible = run<BoundCheck>(in).value;
  CHECK_FALSE(impossible.possible);
  CHECK(impossible.reason.rfind("impossible", 0) == 0);
}

TEST_CASE("an impossible measurement's reason names the latency apart from the work") {
  BoundCheckInput in = defaultInput<BoundCheck>();
  in.m = in.n = in.k = 4096;
  in.peak_flops = 989e12;
  in.memory_bandwidth = 3.35e12;
  in.latency = 1e-3;
  in.measured_time = 1e-3;
  const BoundCheckResult result = run<BoundCheck>(in).value;
  REQUIRE_FALSE(result.possible);
  // 2 · 4096³ = 137.4 GFLOP at 989 TFLOP/s: 139 µs, and 1.139 ms with the 1 ms latency.
  CHECK(result.reason ==
        "impossible: 137.4 GFLOP at a peak of 989 TFLOP/s take at least 139 µs, and with the 1 ms "
        "latency at least 1.139 ms");
}

TEST_CASE("every bad-input class is rejected with the field and its range") {
  GemmInput in = toyGemm(64, 64, 16);
  std::string got;
  SUBCASE("zero") { in.m = 0, got = "0"; }
  SUBCASE("negative") { in.m = -3, got = "-3"; }
  SUBCASE("NaN") {
    in.m = std::numeric_limits<double>::quiet_NaN(), got = "a value that is not a finite number";
  }
  SUBCASE("Infinity") {
    in.m = std::numeric_limits<double>::infinity(), got = "a value that is not a finite number";
  }
  SUBCASE("absurd size") { in.m = 1e30, got = "1e30"; }
  SUBCASE("fraction") { in.m = 2.5, got = "2.5"; }
  const auto outcome = run<Gemm>(in);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.errors.front().field == "m");
  // The bound as people write it (grouped digits), the value as JSON writes it: never "1e+09".
  CHECK(outcome.errors.front().message ==
        "m must be a whole number from 1 to 1,000,000,000 (got " + got + ")");
}

TEST_CASE("a value just past a bound is quoted in full, never as the bound") {
  GemmInput in = toyGemm(64, 64, 16);
  in.m = 1e9 + 1;
  const auto outcome = run<Gemm>(in);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.errors.front().message ==
        "m must be a whole number from 1 to 1,000,000,000 (got 1000000001)");
}

TEST_CASE("a missing required field and text for a number are named") {
  auto outcome = readInput<Gemm>(parseJson(R"({"k": "sixteen"})").value);
  REQUIRE(outcome.errors.size() == 1);
  CHECK(outcome.errors[0].field == "k");
  CHECK(outcome.errors[0].message == "k must be a whole number from 1 to 1,000,000,000 (got text)");
}

TEST_CASE("machine presets carry a source and dense figures consistent with their ridge") {
  REQUIRE(machines().size() >= 9);
  for (const Machine& machine : machines()) {
    CAPTURE(machine.id);
    CHECK_FALSE(machine.source.empty());
    REQUIRE(machine.peak_flops.bf16.has_value());
    CHECK(machine.memory_bandwidth > 0);
  }
  CHECK(*machines()[0].peak_flops.bf16 / machines()[0].memory_bandwidth == 20);
  CHECK(*machines()[1].peak_flops.bf16 / machines()[1].memory_bandwidth == 50);
}
