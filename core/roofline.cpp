#include "roofline.hpp"

#include <algorithm>
#include <cmath>

namespace ridgepoint {

namespace {

// Roofline (Williams et al. 2009): time is set by the slower of the compute and memory roofs.
GemmResult gemmCost(const GemmInput& in) {
  GemmResult out;
  // FLOPs of a GEMM: one multiply and one add per (i, j, l) triple.
  out.flops = 2 * in.m * in.n * in.k * in.batch;
  // Every operand crosses memory once: A (m×k), B (k×n), C (m×n).
  out.bytes =
      (in.a_bytes * in.m * in.k + in.b_bytes * in.k * in.n + in.c_bytes * in.m * in.n) * in.batch;
  out.intensity = out.flops / out.bytes;
  // Roofline: the ridge point is the intensity where both roofs meet.
  out.ridge_point = in.peak_flops / in.memory_bandwidth;
  out.compute_time = out.flops / in.peak_flops;
  out.memory_time = out.bytes / in.memory_bandwidth;
  out.time = std::max(out.compute_time, out.memory_time) + in.latency;
  // At exactly the ridge both roofs bind; the card calls that compute-bound.
  out.bound = out.intensity >= out.ridge_point ? Bound::compute : Bound::memory;
  out.attainable_flops = out.flops / out.time;
  out.fraction_of_peak = out.attainable_flops / in.peak_flops;
  return out;
}

// The GEMM dimension a crossover solves for.
enum class Dimension { k, m };

// Arithmetic hides memory traffic and latency once flops/peak ≥ bytes/bandwidth + latency.
bool hidesMemory(const GemmInput& in) {
  const GemmResult cost = gemmCost(in);
  return cost.compute_time >= cost.memory_time + in.latency;
}

struct Crossover {
  CrossoverLimits limits;
  MaybeNumber size, analytic_size;
};

Crossover solveCrossover(GemmInput in, Dimension dimension) {
  double& size = dimension == Dimension::k ? in.k : in.m;
  // Both times are linear in the size: compute = slope_c · s, memory = slope_m · s + fixed.
  const double per_flop = 2 * in.n * (dimension == Dimension::k ? in.m : in.k) / in.peak_flops;
  const double per_byte = (dimension == Dimension::k ? in.a_bytes * in.m + in.b_bytes * in.n
                                                     : in.a_bytes * in.k + in.c_bytes * in.n) /
                          in.memory_bandwidth;
  const double fixed_bytes =
      dimension == Dimension::k ? in.c_bytes * in.m * in.n : in.b_bytes * in.k * in.n;
  const double fixed_time = fixed_bytes / in.memory_bandwidth + in.latency;

  Crossover out;
  out.limits.ridge_point = in.peak_flops / in.memory_bandwidth;
  // Intensity as the size tends to infinity: the fixed operand's traffic vanishes.
  out.limits.limit_intensity = per_flop * in.peak_flops / (per_byte * in.memory_bandwidth);
  out.limits.reachable = per_flop > per_byte;
  if (!out.limits.reachable) return out;
  // computeTime = memoryTime + latency, solved for the size.
  out.analytic_size = fixed_time / (per_flop - per_byte);

  // Bisection over the cost model itself, so the two answers check each other.
  // Searched only up to the largest size gemm takes, so a size found can be evaluated there.
  double low = 0, high = 1;
  size = high;
  while (!hidesMemory(in)) {
    if (high == kLargestGemmDimension) return out;  // reachable in theory, beyond gemm's range
    low = high;
    high = std::min(2 * high, kLargestGemmDimension);
    size = high;
  }
  while (high - low > 1) {
    const double middle = std::floor((low + high) / 2);
    size = middle;
    (hidesMemory(in) ? high : low) = middle;
  }
  out.size = high;
  return out;
}

double attentionFlops(const AttentionInput& in) {
  // QKᵀ and P·V each take 2 · seqLen² · headDim FLOPs (non-causal, one head).
  return 4 * in.seq_len * in.seq_len * in.head_dim;
}

double attentionBytes(const AttentionInput& in, double block_size) {
  // FlashAttention-2 Alg. 1: Q read and O written once; K and V read once per query block.
  const double query_blocks = std::ceil(in.seq_len / block_size);
  return in.element_bytes * 2 * in.seq_len * in.head_dim * (1 + query_blocks);
}

}  // namespace

// Roofline (Williams et al. 2009): ridge point = peak FLOP/s ÷ memory bandwidth.
Outcome<RidgePointResult> RidgePoint::evaluate(const RoofInput& input) {
  return {{input.peak_flops / input.memory_bandwidth}, {}};
}

Outcome<GemmResult> Gemm::evaluate(const GemmInput& input) { return {gemmCost(input), {}}; }

Outcome<CrossoverKResult> CrossoverK::evaluate(const GemmInput& input) {
  GemmInput in = input;
  in.batch = 1;
  in.latency = 0;
  const Crossover crossover = solveCrossover(in, Dimension::k);
  CrossoverKResult out;
  static_cast<CrossoverLimits&>(out) = crossover.limits;
  out.k = crossover.size;
  out.analytic_k = crossover.analytic_size;
  return {out, {}};
}

Outcome<CrossoverBatchResult> CrossoverBatch::evaluate(const GemmInput& input) {
  GemmInput in = input;
  in.batch = 1;
  const Crossover crossover = solveCrossover(in, Dimension::m);
  CrossoverBatchResult out;
  static_cast<CrossoverLimits&>(out) = crossover.limits;
  out.batch = crossover.size;
  out.analytic_batch = crossover.analytic_size;
  return {out, {}};
}

Outcome<AttentionResult> AttentionTiling::evaluate(const AttentionInput& in) {
  if (in.block_size > in.seq_len) {
    return failure<AttentionResult>(
        "blockSize", "blockSize must be at most seqLen (" + formatNumber(in.seq_len) + ")");
  }
  AttentionResult out;
  out.flops = attentionFlops(in);
  out.bytes = attentionBytes(in, in.block_size);
  out.intensity = out.flops / out.bytes;
  out.ridge_point = in.peak_flops / in.memory_bandwidth;
  out.bound = out.intensity >= out.ridge_point ? Bound::compute : Bound::memory;
  // seqLen → ∞: ⌈seqLen/blockSize⌉ ≈ seqLen/blockSize, so intensity → 2 · blockSize / bytes.
  out.limit_intensity = 2 * in.block_size / in.element_bytes;
  // Intensity never falls as the block grows (fewer K/V passes), so bisection finds the edge.
  auto intensity_at = [&](double block) { return out.flops / attentionBytes(in, block); };
  if (intensity_at(in.seq_len) >= out.ridge_point) {
    double low = 0, high = in.seq_len;
    while (high - low > 1) {
      const double middle = std::floor((low + high) / 2);
      (intensity_at(middle) >= out.ridge_point ? high : low) = middle;
    }
    out.smallest_block_size = high;
  }
  return {out, {}};
}

Outcome<BoundCheckResult> BoundCheck::evaluate(const BoundCheckInput& in) {
  const GemmResult cost = gemmCost(in);
  BoundCheckResult out;
  out.bound_time = cost.time;
  out.attainable_flops = cost.attainable_flops;
  const bool by_time = choiceOf<Measurement>(in.measurement) == Measurement::time;
  // A throughput measurement is converted to the time it implies for this GEMM.
  out.measured_time = by_time ? in.measured_time : cost.flops / in.measured_flops;
  out.achieved_flops = cost.flops / out.measured_time;
  out.fraction_of_bound = out.bound_time / out.measured_time;
  out.possible = out.measured_time >= out.bound_time;
  if (out.possible) {
    out.reason = "reaches " + formatNumber(100 * out.fraction_of_bound) +
                 " % of the roofline bound (" + std::string(label(cost.bound)) + "-bound)";
  } else {
    // The bound is the slower of the two times plus the fixed latency: the reason names each part.
    const std::string work = cost.bound == Bound::memory
                                 ? "moving " + formatQuantity(cost.bytes, "B") + " at " +
                                       formatQuantity(in.memory_bandwidth, "B/s")
                                 : formatQuantity(cost.flops, "FLOP") + " at a peak of " +
                                       formatQuantity(in.peak_flops, "FLOP/s");
    out.reason = "impossible: " + work + " take" + (cost.bound == Bound::memory ? "s" : "") +
                 " at least " + formatQuantity(std::max(cost.compute_time, cost.memory_time), "s") +
                 (in.latency > 0 ? ", and with the " + formatQuantity(in.latency, "s") +
                                       " latency at least " + formatQuantity(out.bound_time, "s")
                                 : "");
  }
  return {out, {}};
}

}  // namespace ridgepoint
