// Every calculator ridgepoint exposes. Bindings, golden tests and benchmarks iterate this list,
// so a new calculator is one entry here.
#pragma once

#include <tuple>

#include "roofline.hpp"

namespace ridgepoint {

using Calculators = std::tuple<
    // Roofline
    RidgePoint, Gemm, CrossoverK, CrossoverBatch, AttentionTiling, BoundCheck>;

template <class Visit>
void forEachCalculator(Visit&& visit) {
  std::apply([&](auto... calculator) { (visit(calculator), ...); }, Calculators{});
}

}  // namespace ridgepoint
