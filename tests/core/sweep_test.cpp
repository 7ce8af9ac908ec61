// The core's sweep, as rp.sweep and the benchmark call it: each point's numbers equal a single
// evaluation's outputs bit for bit, in the declaration's order; nulls, flags, choices and the
// outputs that are not numbers cross as the sweep documents; a failing point ends the sweep.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "api.hpp"
#include "registry.hpp"

using namespace ridgepoint;

TEST_CASE("a sweep of gemm over m holds, row by row, the outputs of single evaluations") {
  const std::string input = R"({"n":4096,"k":4096,"aBytes":1,"bBytes":1,"peakFlops":1.979e15})";
  const SweepAnswer answer = sweep("gemm", input, "m", "[1,64,4096]");
  REQUIRE(answer.ok());
  CHECK(answer.others.empty());
  REQUIRE(answer.numbers.size() == 3 * kSweepNumbers<GemmResult>);
  GemmInput single = readInput<Gemm>(parseJson(input).value).value;
  for (const double m : {1.0, 64.0, 4096.0}) {
    single.m = m;
    const GemmResult result = run<Gemm>(single).value;
    const double* row = answer.numbers.data() + (m == 1 ? 0 : m == 64 ? 1 : 2) * 10;
    CAPTURE(m);
    CHECK(row[0] == result.flops);
    CHECK(row[2] == result.intensity);
    CHECK(row[7] == static_cast<double>(result.bound));
    CHECK(row[8] == result.attainable_flops);
    CHECK(row[9] == result.fraction_of_peak);
  }
  // m = 1 is memory-bound, m = 4096 compute-bound: the choice crosses as its label's index.
  CHECK(answer.numbers[7] == static_cast<double>(Bound::memory));
  CHECK(answer.numbers[27] == static_cast<double>(Bound::compute));
}

TEST_CASE("a sweep writes null as NaN, flags as 1 or 0, and texts and lists as JSON") {
  // No k makes a GEMM with m = 1 compute-bound on this machine; m = 4096 reaches the ridge.
  const SweepAnswer crossover =
      sweep("crossoverK", R"({"n":4096,"peakFlops":1.979e15})", "m", "[1,4096]");
  REQUIRE(crossover.ok());
  // Each row: k, analyticK, limitIntensity, ridgePoint, reachable.
  REQUIRE(crossover.numbers.size() == 10);
  CHECK(std::isnan(crossover.numbers[0]));
  CHECK(crossover.numbers[4] == 0);
  CHECK(crossover.numbers[5] ==
        run<CrossoverK>(readInput<CrossoverK>(parseJson(R"({"m":4096,"n":4096,)"
                                                        R"("peakFlops":1.979e15})")
                                                  .value)
                            .value)
            .value.k);
  CHECK(crossover.numbers[9] == 1);

  // Five numbers per point; the methods table, a list, is each point's one other output.
  const SweepAnswer bubbles = sweep("pipelineBubble", "{}", "stages", "[4,8]");
  REQUIRE(bubbles.ok());
  CHECK(bubbles.numbers.size() == 10);
  CHECK(bubbles.others.starts_with(R"([{"methods":[{"method":)"));
  CHECK(bubbles.others.find(R"(]},{"methods":[)") != std::string::npos);
  CHECK(bubbles.others.ends_with("}]"));
}

TEST_CASE("a failing point ends the sweep with its errors naming the field and the point") {
  const SweepAnswer answer = sweep("gemm", "{}", "m", "[1,2,0.5]");
  CHECK_FALSE(answer.ok());
  CHECK(answer.numbers.empty());
  CHECK(answer.errors ==
        R"json({"ok":false,"errors":[{"field":"m","message":"values[2]: m must be a whole )json"
        R"json(number from 1 to 1e+09 (got 0.5)"}]})json");
  CHECK(sweep("gemm", "{}", "q", "[1]").errors.find(R"("field":"field")") != std::string::npos);
  CHECK(sweep("gemmm", "{}", "m", "[1]").errors.find(R"("field":"calculator")") !=
        std::string::npos);
}
