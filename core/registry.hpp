// Every calculator ridgepoint exposes. Bindings, golden tests and benchmarks iterate this list,
// so a new calculator is one entry here.
#pragma once

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

}  // namespace ridgepoint
