// Prints native evaluations per second of every calculator on its default input, the precision
// lab's large cases, and points per second of the sweep bench/sweep.mjs times in wasm. Figures,
// not a pass/fail test: timings vary with the machine.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>
#include <string_view>
#include <vector>

#include "api.hpp"
#include "registry.hpp"

namespace {

// A published deployment as its calculator's input.
template <class Calculator>
typename Calculator::Input deploymentInput(const ridgepoint::Deployment& deployment) {
  return ridgepoint::readInput<Calculator>(ridgepoint::parseJson(deployment.input.text).value)
      .value;
}

template <class Calculator>
double timeEvaluations(const typename Calculator::Input& input, double& sink) {
  using Clock = std::chrono::steady_clock;
  long evaluations = 0;
  const auto start = Clock::now();
  std::chrono::duration<double> elapsed{};
  do {
    for (int i = 0; i < 100; ++i) {
      sink += static_cast<double>(ridgepoint::run<Calculator>(input).errors.size());
    }
    evaluations += 100;
    elapsed = Clock::now() - start;
  } while (elapsed.count() < 0.3);
  return evaluations / elapsed.count();
}

// A chart's curve: gemm at m = 1 … 1,000 through the core function rp.sweep calls in wasm, the
// values as numbers as rp.sweep sends a number input's (bench/sweep.mjs uses the same input and
// values, the same warm-up and, like it, counts processor time for about a second).
void sweepFigure(double& sink) {
  const std::string input =
      R"({"n":4096,"k":4096,"aBytes":1,"bBytes":1,"cBytes":2,"peakFlops":1.979e15,)"
      R"("memoryBandwidth":3.35e12})";
  std::vector<double> values;
  for (int m = 1; m <= 1000; ++m) values.push_back(m);
  const auto sweep = [&] {
    sink += ridgepoint::sweep("gemm", input, "m", values).numbers().back();
  };
  for (int i = 0; i < 20; ++i) sweep();
  long points = 0;
  const std::clock_t cpu_start = std::clock();
  double cpu_seconds = 0;
  do {
    sweep();
    points += 1000;
    cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  } while (cpu_seconds < 1);
  std::printf("native sweep of gemm over m, 1000 points %12.0f points/s\n", points / cpu_seconds);
}

}  // namespace

int main(int argc, char** argv) {
  using Clock = std::chrono::steady_clock;
  double sink = 0;
  // `--sweep`: the sweep figure alone, which bench/sweep.mjs takes in turn with its wasm figure.
  if (argc > 1 && std::string_view(argv[1]) == "--sweep") {
    sweepFigure(sink);
    return sink < 0;
  }
  ridgepoint::forEachCalculator([&](auto calculator) {
    using Calculator = decltype(calculator);
    const auto input = ridgepoint::defaultInput<Calculator>();
    long evaluations = 0;
    // Batches grow from 1 to 1000, so a calculator that takes milliseconds still stops near 0.3 s.
    long batch = 1;
    const auto start = Clock::now();
    std::chrono::duration<double> elapsed{};
    do {
      for (long i = 0; i < batch; ++i) {
        const auto outcome = ridgepoint::run<Calculator>(input);
        sink += static_cast<double>(outcome.errors.size());
      }
      evaluations += batch;
      batch = std::min(2 * batch, 1000L);
      elapsed = Clock::now() - start;
    } while (elapsed.count() < 0.3);
    std::printf("native %-20s %12.0f evaluations/s\n", Calculator::id,
                evaluations / elapsed.count());
  });
  // Issue 13 target: the precision lab at 1M elements and K = 16,384 with no perceptible delay.
  auto median_ms = [&](auto evaluate) {
    std::array<double, 7> times{};
    for (double& time : times) {
      const auto begin = Clock::now();
      sink += evaluate();
      time = std::chrono::duration<double, std::milli>(Clock::now() - begin).count();
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
  };
  ridgepoint::QuantizeInput tensor = ridgepoint::defaultInput<ridgepoint::Quantize>();
  tensor.rows = 1024;
  tensor.cols = 1024;
  std::printf("quantize 1M elements (e4m3, 1x128): median %.1f ms\n", median_ms([&] {
                return ridgepoint::run<ridgepoint::Quantize>(tensor).value.rms_error;
              }));
  // A 64-bin histogram of a unit normal's shape on [−4, 4) (the same in bench.mjs).
  ridgepoint::QuantizeInput sampled = tensor;
  sampled.distribution = ridgepoint::choiceIndex(ridgepoint::Distribution::histogram);
  for (int i = 0; i <= 64; ++i) sampled.histogram_edges.push_back(-4 + i / 8.0);
  for (int i = 0; i < 64; ++i) {
    const double middle = -4 + (i + 0.5) / 8;
    sampled.histogram_counts.push_back(std::round(1000 * std::exp(-middle * middle / 2)));
  }
  std::printf("quantize 1M elements from a 64-bin histogram: median %.1f ms\n", median_ms([&] {
                return ridgepoint::run<ridgepoint::Quantize>(sampled).value.rms_error;
              }));
  ridgepoint::AccumulationInput dot = ridgepoint::defaultInput<ridgepoint::AccumulationError>();
  dot.k = 16384;
  std::printf("accumulationError K = 16384, 16 trials with sweep: median %.1f ms\n", median_ms([&] {
                return ridgepoint::run<ridgepoint::AccumulationError>(dot).value.max_relative_error;
              }));
  ridgepoint::LogFmtInput log_fmt = ridgepoint::defaultInput<ridgepoint::LogFmt>();
  log_fmt.tiles = 8192;
  std::printf("logFmt 1M elements (8192 tiles of 1x128, n = 8): median %.1f ms\n", median_ms([&] {
                return ridgepoint::run<ridgepoint::LogFmt>(log_fmt).value.rms_error;
              }));

  sweepFigure(sink);

  // The planner on the published deployments: a full training step (every stage, every
  // collective) and a decode node with its Pareto sweep and batch search.
  for (const ridgepoint::Deployment& deployment : ridgepoint::deployments()) {
    double rate = 0;
    if (deployment.calculator == std::string_view("trainingStep")) {
      rate = timeEvaluations<ridgepoint::TrainingStep>(
          deploymentInput<ridgepoint::TrainingStep>(deployment), sink);
    } else {
      rate = timeEvaluations<ridgepoint::ServingThroughput>(
          deploymentInput<ridgepoint::ServingThroughput>(deployment), sink);
    }
    std::printf("native planner %-22s %10.0f evaluations/s\n", std::string(deployment.id).c_str(),
                rate);
  }
  return sink < 0;  // keeps the loop from being optimised away
}
