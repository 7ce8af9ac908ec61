// Every calculator ridgepoint exposes. Bindings, golden tests and benchmarks iterate this list,
// so a new calculator is one entry here.
#pragma once

#include <string_view>
#include <tuple>

#include "interconnect.hpp"
#include "model.hpp"
#include "network.hpp"
#include "planner.hpp"
#include "precision.hpp"
#include "roofline.hpp"

namespace ridgepoint {

using Calculators = std::tuple<
    // Roofline
    RidgePoint, Gemm, CrossoverK, CrossoverBatch, AttentionTiling, BoundCheck,
    // Interconnect
    ExpertParallelStep, NodeLimitedRouting, ExpertParallelAllToAll, Collective,
    HierarchicalAllReduce, CommOverlap, PipelineBubble, HfReduce, NetworkRoofline,
    // Network
    FatTree, FireFlyer, SlimFly, Dragonfly, CheapestFatTree,
    // Model
    ModelStats, KvCache, WeightMemory, TrainingMemory, TrainingRun, TrainingBudget, ModelInference,
    MtpSpeedup,
    // Precision
    FormatSpacing, RoundValue, Quantize, AccumulationError, LogFmt, CommunicationBytes,
    // Planner
    TrainingStep, ServingThroughput>;

template <class Visit>
void forEachCalculator(Visit&& visit) {
  std::apply([&](auto... calculator) { (visit(calculator), ...); }, Calculators{});
}

// The entry `pick` names for the calculator with this id (a function pointer), or null: callers
// call it through the pointer, so each calculator's entry stays a function of its own rather than
// being inlined into one dispatch over all of them, and a browser that compiles wasm functions
// on first call compiles only the calculator called.
template <class Pick>
auto calculatorEntry(std::string_view id, Pick pick) {
  decltype(pick(std::get<0>(Calculators{}))) entry = nullptr;
  forEachCalculator([&](auto calculator) {
    if (id == decltype(calculator)::id) entry = pick(calculator);
  });
  return entry;
}

}  // namespace ridgepoint
