// The core's sweep, as rp.sweep and the benchmark call it: each point's numbers equal a single
// evaluation's outputs bit for bit, one column per output in the declaration's order; nulls,
// flags, choices and the outputs that are not numbers cross as the sweep documents; values given
// as numbers sweep as the same values given as JSON; a failing point ends the sweep.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "api.hpp"
#include "registry.hpp"

using namespace ridgepoint;

TEST_CASE("a sweep of gemm over m holds, column by column, the outputs of single evaluations") {
  const std::string input = R"({"n":4096,"k":4096,"aBytes":1,"bBytes":1,"peakFlops":1.979e15})";
  const SweepAnswer answer = sweep("gemm", input, "m", "[1,64,4096]");
  REQUIRE(answer.ok());
  CHECK(answer.others.empty());
  REQUIRE(answer.points == 3);
  REQUIRE(answer.number_columns == sweepNumberCount(kValueType<GemmResult>));
  REQUIRE(answer.numbers().size() == 3 * sweepNumberCount(kValueType<GemmResult>));
  GemmInput single = readInput<Gemm>(parseJson(input).value).value;
  const std::vector<double> ms = {1, 64, 4096};
  for (std::size_t point = 0; point < ms.size(); ++point) {
    single.m = ms[point];
    const GemmResult result = run<Gemm>(single).value;
    CAPTURE(ms[point]);
    CHECK(answer.column(0)[point] == result.flops);
    CHECK(answer.column(2)[point] == result.intensity);
    CHECK(answer.column(7)[point] == static_cast<double>(result.bound));
    CHECK(answer.column(8)[point] == result.attainable_flops);
    CHECK(answer.column(9)[point] == result.fraction_of_peak);
  }
  // The columns follow one another: output c of point p is numbers()[c * points + p].
  CHECK(answer.numbers()[8 * 3 + 1] == answer.column(8)[1]);
  // m = 1 is memory-bound, m = 4096 compute-bound: the choice crosses as its label's index.
  CHECK(answer.column(7)[0] == static_cast<double>(Bound::memory));
  CHECK(answer.column(7)[2] == static_cast<double>(Bound::compute));
}

TEST_CASE("values given as numbers sweep as the same values given as JSON text") {
  const std::string input = R"({"n":4096,"k":4096,"peakFlops":1.979e15,"latency":1e-6})";
  const std::vector<double> ms = {1, 2.5, 64, 4096};
  const SweepAnswer text = sweep("gemm", input, "m", "[1,2,64,4096]");
  const SweepAnswer numbers = sweep("gemm", input, "m", std::vector<double>{1, 2, 64, 4096});
  REQUIRE(text.ok());
  REQUIRE(numbers.ok());
  CHECK(std::ranges::equal(numbers.numbers(), text.numbers()));
  // A sign on zero means nothing, as when it is read from JSON.
  const SweepAnswer zero = sweep("gemm", "{}", "latency", std::vector<double>{-0.0});
  REQUIRE(zero.ok());
  CHECK(std::ranges::equal(zero.numbers(), sweep("gemm", "{}", "latency", "[0]").numbers()));
  // Checked as JSON values are: the range, and the kind of input.
  CHECK(sweep("gemm", "{}", "m", ms).errors ==
        R"json({"ok":false,"errors":[{"field":"m","message":"values[1]: m must be a whole )json"
        R"json(number from 1 to 1,000,000,000 (got 2.5)"}]})json");
  CHECK(sweep("gemm", "{}", "m", std::vector<double>{std::nan("")}).errors ==
        sweep("gemm", "{}", "m", "[NaN]").errors);
  CHECK(sweep("collective", "{}", "algorithm", std::vector<double>{1}).errors ==
        sweep("collective", "{}", "algorithm", "[1]").errors);
  CHECK(sweep("gemm", "{}", "m", std::vector<double>(kInputLimits.max_sweep_points + 1, 1))
            .errors.find("at most 10000 points") != std::string::npos);
}

TEST_CASE("a sweep writes null as NaN, flags as 1 or 0, and texts and lists as JSON") {
  // No k makes a GEMM with m = 1 compute-bound on this machine; m = 4096 reaches the ridge.
  const SweepAnswer crossover =
      sweep("crossoverK", R"({"n":4096,"peakFlops":1.979e15})", "m", "[1,4096]");
  REQUIRE(crossover.ok());
  // Five columns of two points: k, analyticK, limitIntensity, ridgePoint, reachable.
  REQUIRE(crossover.numbers().size() == 10);
  CHECK(std::isnan(crossover.column(0)[0]));
  CHECK(crossover.column(4)[0] == 0);
  CHECK(crossover.column(0)[1] ==
        run<CrossoverK>(readInput<CrossoverK>(parseJson(R"({"m":4096,"n":4096,)"
                                                        R"("peakFlops":1.979e15})")
                                                  .value)
                            .value)
            .value.k);
  CHECK(crossover.column(4)[1] == 1);

  // Five numbers per point; the methods table, a list, is each point's one other output.
  const SweepAnswer bubbles = sweep("pipelineBubble", "{}", "stages", "[4,8]");
  REQUIRE(bubbles.ok());
  CHECK(bubbles.numbers().size() == 10);
  CHECK(bubbles.others.starts_with(R"([{"methods":[{"method":)"));
  CHECK(bubbles.others.find(R"(]},{"methods":[)") != std::string::npos);
  CHECK(bubbles.others.ends_with("}]"));
}

TEST_CASE("a failing point ends the sweep with its errors naming the field and the point") {
  const SweepAnswer answer = sweep("gemm", "{}", "m", "[1,2,0.5]");
  CHECK_FALSE(answer.ok());
  CHECK(answer.numbers().empty());
  CHECK(answer.errors ==
        R"json({"ok":false,"errors":[{"field":"m","message":"values[2]: m must be a whole )json"
        R"json(number from 1 to 1,000,000,000 (got 0.5)"}]})json");
  CHECK(sweep("gemm", "{}", "q", "[1]").errors.find(R"("field":"field")") != std::string::npos);
  CHECK(sweep("gemmm", "{}", "m", "[1]").errors.find(R"("field":"calculator")") !=
        std::string::npos);
}
