// Prints native evaluations per second of every calculator on its default input. Figures, not a
// pass/fail test: timings vary with the machine.
#include <chrono>
#include <cstdio>

#include "registry.hpp"

int main() {
  using Clock = std::chrono::steady_clock;
  double sink = 0;
  ridgepoint::forEachCalculator([&](auto calculator) {
    using Calculator = decltype(calculator);
    const auto input = ridgepoint::defaultInput<Calculator>();
    long evaluations = 0;
    const auto start = Clock::now();
    std::chrono::duration<double> elapsed{};
    do {
      for (int i = 0; i < 1000; ++i) {
        const auto outcome = ridgepoint::run<Calculator>(input);
        sink += static_cast<double>(outcome.errors.size());
      }
      evaluations += 1000;
      elapsed = Clock::now() - start;
    } while (elapsed.count() < 0.3);
    std::printf("native %-20s %12.0f evaluations/s\n", Calculator::id,
                evaluations / elapsed.count());
  });
  return sink < 0;  // keeps the loop from being optimised away
}
