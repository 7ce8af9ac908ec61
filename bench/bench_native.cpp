// Prints native evaluations per second of every calculator on its default input. Figures, not a
// pass/fail test: timings vary with the machine.
#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>

#include "registry.hpp"

namespace {

// A published deployment as its calculator's input: the model's config keys, then the settings.
template <class Calculator>
typename Calculator::Input deploymentInput(const ridgepoint::Deployment& deployment) {
  using namespace ridgepoint;
  HfConfig hf = deployment.config;
  for (const ModelPreset& preset : models()) {
    if (preset.id == deployment.model) hf = preset.config;
  }
  const ModelConfigInput config = configInput(hf);
  const auto read = readInput<Calculator>([&](std::string_view name) -> SuppliedValue {
    for (const DeploymentSetting& setting : deployment.settings) {
      if (setting.name != name) continue;
      if (setting.number) return *setting.number;
      return std::string(setting.text);
    }
    for (const auto& field : kModelConfigInputs) {
      if (field.name != name) continue;
      const double value = config.*(field.member);
      if (!field.choices.empty())
        return std::string(field.choices[static_cast<std::size_t>(value)]);
      return value;
    }
    return std::monostate{};
  });
  return read.value;
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

}  // namespace

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
