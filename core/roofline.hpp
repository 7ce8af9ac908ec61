// Roofline calculators: GEMM cost model, the crossover to compute-bound along k or along the
// batch, FlashAttention-style tiling, and checking a measurement against the roofline bound.
// Sources: Williams, Waterman & Patterson, "Roofline" (CACM 2009); DeepSeek ISCA'25 §2.3.
#pragma once

#include <array>
#include <string_view>

#include "field.hpp"

namespace ridgepoint {

// The two roofs of a machine at one precision; every roofline calculator takes them.
struct RoofInput {
  double peak_flops = 0;        // FLOP/s
  double memory_bandwidth = 0;  // B/s
};

inline constexpr auto kRoofInputs = std::to_array<InputField<RoofInput>>({
    {.name = "peakFlops",
     .unit = "FLOP/s",
     .help = "peak compute of the machine at this precision (dense)",
     .member = &RoofInput::peak_flops,
     .default_value = 60e12,
     .min = 1e6,
     .max = 1e20},
    {.name = "memoryBandwidth",
     .unit = "B/s",
     .help = "memory bandwidth of the machine",
     .member = &RoofInput::memory_bandwidth,
     .default_value = 3e12,
     .min = 1e6,
     .max = 1e17},
});

struct RidgePointResult {
  double ridge_point = 0;
};

template <>
struct Schema<RidgePointResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"ridgePoint", "FLOP/B", &RidgePointResult::ridge_point,
                  "peakFlops / memoryBandwidth"},
  };
};

// The intensity at which a machine's compute roof meets its memory slope.
struct RidgePoint {
  static constexpr const char* id = "ridgePoint";
  static constexpr std::string_view title = "Ridge point";
  using Input = RoofInput;
  using Output = RidgePointResult;
  static constexpr auto& inputs = kRoofInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// A (possibly batched) GEMM C[m×n] = A[m×k]·B[k×n] on a machine with one roof and one slope.
struct GemmInput : RoofInput {
  double m = 0, n = 0, k = 0, batch = 0;
  double a_bytes = 0, b_bytes = 0, c_bytes = 0;  // bytes per element of A, B and C
  double latency = 0;                            // s, a fixed cost added to each operation
};

enum class Bound { memory, compute };
template <>
struct Labels<Bound> {
  static constexpr auto labels = std::to_array<std::string_view>({"memory", "compute"});
};

struct GemmResult {
  double flops = 0, bytes = 0, intensity = 0, ridge_point = 0;
  double compute_time = 0, memory_time = 0, time = 0;
  Bound bound = Bound::memory;
  double attainable_flops = 0, fraction_of_peak = 0;
};

// The largest m, n or k a GEMM takes; a crossover beyond it is reported as not found.
inline constexpr double kLargestGemmDimension = 1e9;

// Element sizes go down to 1/8 B so FP4 with scales (≈0.53 B) and packed formats fit.
inline constexpr auto kGemmInputs = concatFields<GemmInput>(
    std::to_array<InputField<GemmInput>>({
        {.name = "m",
         .unit = "1",
         .help = "rows of A and C (for a weight-stationary GEMM: tokens in the batch)",
         .member = &GemmInput::m,
         .default_value = 64,
         .min = 1,
         .max = kLargestGemmDimension,
         .integer = true},
        {.name = "n",
         .unit = "1",
         .help = "columns of B and C",
         .member = &GemmInput::n,
         .default_value = 64,
         .min = 1,
         .max = kLargestGemmDimension,
         .integer = true},
        {.name = "k",
         .unit = "1",
         .help = "the shared (reduction) dimension",
         .member = &GemmInput::k,
         .default_value = 16,
         .min = 1,
         .max = kLargestGemmDimension,
         .integer = true},
        {.name = "batch",
         .unit = "1",
         .help = "independent GEMMs of this shape",
         .member = &GemmInput::batch,
         .default_value = 1,
         .min = 1,
         .max = 1e9,
         .integer = true},
        {.name = "aBytes",
         .unit = "B",
         .help = "bytes per element of A",
         .member = &GemmInput::a_bytes,
         .default_value = 2,
         .min = 0.125,
         .max = 16},
        {.name = "bBytes",
         .unit = "B",
         .help = "bytes per element of B",
         .member = &GemmInput::b_bytes,
         .default_value = 2,
         .min = 0.125,
         .max = 16},
        {.name = "cBytes",
         .unit = "B",
         .help = "bytes per element of C",
         .member = &GemmInput::c_bytes,
         .default_value = 2,
         .min = 0.125,
         .max = 16},
    }),
    kRoofInputs,
    std::to_array<InputField<GemmInput>>({
        {.name = "latency",
         .unit = "s",
         .help = "fixed time per operation (launch, synchronisation)",
         .member = &GemmInput::latency,
         .default_value = 0,
         .min = 0,
         .max = 10},
    }));

template <>
struct Schema<GemmResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"flops", "FLOP", &GemmResult::flops, "2 · m · n · k · batch"},
      OutputField{"bytes", "B", &GemmResult::bytes,
                  "(aBytes · m · k + bBytes · k · n + cBytes · m · n) · batch"},
      OutputField{"intensity", "FLOP/B", &GemmResult::intensity, "flops / bytes"},
      OutputField{"ridgePoint", "FLOP/B", &GemmResult::ridge_point, "peakFlops / memoryBandwidth"},
      OutputField{"computeTime", "s", &GemmResult::compute_time, "flops / peakFlops"},
      OutputField{"memoryTime", "s", &GemmResult::memory_time, "bytes / memoryBandwidth"},
      OutputField{"time", "s", &GemmResult::time, "max(computeTime, memoryTime) + latency"},
      OutputField{"bound", "", &GemmResult::bound,
                  "compute if intensity ≥ ridgePoint, else memory"},
      OutputField{"attainableFlops", "FLOP/s", &GemmResult::attainable_flops, "flops / time"},
      OutputField{"fractionOfPeak", "1", &GemmResult::fraction_of_peak,
                  "attainableFlops / peakFlops"},
  };
};

struct Gemm {
  static constexpr const char* id = "gemm";
  static constexpr std::string_view title = "GEMM on the roofline";
  using Input = GemmInput;
  using Output = GemmResult;
  static constexpr auto& inputs = kGemmInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// The smallest whole size of one GEMM dimension that makes it compute-bound, by bisection over
// the cost model and by solving computeTime = memoryTime + latency analytically.
struct CrossoverLimits {
  double limit_intensity = 0;  // intensity as the size tends to infinity
  double ridge_point = 0;
  bool reachable = false;  // false: no size, however large, reaches the ridge
};

struct CrossoverKResult : CrossoverLimits {
  MaybeNumber k;           // null when no k reaches the ridge
  MaybeNumber analytic_k;  // the real-valued solution, null when none exists
};

struct CrossoverBatchResult : CrossoverLimits {
  MaybeNumber batch;
  MaybeNumber analytic_batch;
};

struct CrossoverK {
  static constexpr const char* id = "crossoverK";
  static constexpr std::string_view title = "Smallest k that is compute-bound";
  using Input = GemmInput;
  using Output = CrossoverKResult;
  static constexpr auto inputs = pickFields(
      kGemmInputs, std::to_array<std::string_view>(
                       {"m", "n", "aBytes", "bBytes", "cBytes", "peakFlops", "memoryBandwidth"}));
  static Outcome<Output> evaluate(const Input& input);
};

// Weight-stationary GEMM: weights B[k×n] are read once, m is the batch of tokens. Latency is
// hidden once the batch's arithmetic outlasts the weight traffic plus the fixed latency.
struct CrossoverBatch {
  static constexpr const char* id = "crossoverBatch";
  static constexpr std::string_view title = "Smallest batch that is compute-bound";
  using Input = GemmInput;
  using Output = CrossoverBatchResult;
  static constexpr auto inputs = pickFields(
      kGemmInputs, std::to_array<std::string_view>({"n", "k", "aBytes", "bBytes", "cBytes",
                                                    "peakFlops", "memoryBandwidth", "latency"}));
  static Outcome<Output> evaluate(const Input& input);
};

// FlashAttention-2 tiling (Dao 2023, Alg. 1): a block of `block_size` queries stays on chip while
// K and V stream past it once per query block; Q is read and O written once.
struct AttentionInput : RoofInput {
  double seq_len = 0, head_dim = 0, block_size = 0, element_bytes = 0;
};

inline constexpr auto kAttentionInputs =
    concatFields<AttentionInput>(std::to_array<InputField<AttentionInput>>({
                                     {.name = "seqLen",
                                      .unit = "1",
                                      .help = "tokens in the sequence (queries = keys)",
                                      .member = &AttentionInput::seq_len,
                                      .default_value = 4096,
                                      .min = 1,
                                      .max = 1e7,
                                      .integer = true},
                                     {.name = "headDim",
                                      .unit = "1",
                                      .help = "dimension of one attention head",
                                      .member = &AttentionInput::head_dim,
                                      .default_value = 128,
                                      .min = 1,
                                      .max = 1e5,
                                      .integer = true},
                                     {.name = "blockSize",
                                      .unit = "1",
                                      .help = "queries held on chip per block",
                                      .member = &AttentionInput::block_size,
                                      .default_value = 128,
                                      .min = 1,
                                      .max = 1e7,
                                      .integer = true},
                                     {.name = "elementBytes",
                                      .unit = "B",
                                      .help = "bytes per element of Q, K, V and O",
                                      .member = &AttentionInput::element_bytes,
                                      .default_value = 2,
                                      .min = 0.125,
                                      .max = 16},
                                 }),
                                 kRoofInputs);

struct AttentionResult {
  double flops = 0, bytes = 0, intensity = 0, ridge_point = 0;
  Bound bound = Bound::memory;
  double limit_intensity = 0;       // as seqLen tends to infinity at this block size
  MaybeNumber smallest_block_size;  // null when even blockSize = seqLen stays memory-bound
};

struct AttentionTiling {
  static constexpr const char* id = "attentionTiling";
  static constexpr std::string_view title = "Attention tiling";
  using Input = AttentionInput;
  using Output = AttentionResult;
  static constexpr auto& inputs = kAttentionInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// A measured time or throughput for a GEMM against its roofline bound.
enum class Measurement { time, throughput };
template <>
struct Labels<Measurement> {
  static constexpr auto labels = std::to_array<std::string_view>({"time", "throughput"});
};

struct BoundCheckInput : GemmInput {
  double measurement = 0;  // a Measurement
  double measured_time = 0;
  double measured_flops = 0;
};

inline constexpr auto kBoundCheckInputs = concatFields<BoundCheckInput>(
    kGemmInputs, std::to_array<InputField<BoundCheckInput>>({
                     {.name = "measurement",
                      .unit = "",
                      .help = "which measurement you have",
                      .member = &BoundCheckInput::measurement,
                      .default_value = choiceIndex(Measurement::time),
                      .choices = Labels<Measurement>::labels},
                     {.name = "measuredTime",
                      .unit = "s",
                      .help = "measured time of one operation (when measurement is 'time')",
                      .member = &BoundCheckInput::measured_time,
                      .default_value = 1e-6,
                      .min = 1e-12,
                      .max = 1e6},
                     {.name = "measuredFlops",
                      .unit = "FLOP/s",
                      .help = "measured throughput (when measurement is 'throughput')",
                      .member = &BoundCheckInput::measured_flops,
                      .default_value = 1e12,
                      .min = 1,
                      .max = 1e20},
                 }));

struct BoundCheckResult {
  double bound_time = 0, measured_time = 0, achieved_flops = 0, attainable_flops = 0;
  double fraction_of_bound = 0;
  bool possible = false;
  std::string reason;
};

struct BoundCheck {
  static constexpr const char* id = "boundCheck";
  static constexpr std::string_view title = "Roofline bound check";
  using Input = BoundCheckInput;
  using Output = BoundCheckResult;
  static constexpr auto& inputs = kBoundCheckInputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<CrossoverKResult> {
  static constexpr auto fields = std::tuple{
      OutputField{
          "k", "1", &CrossoverKResult::k,
          "smallest whole k with intensity ≥ ridgePoint (bisection); null above gemm's largest k"},
      OutputField{
          "analyticK", "1", &CrossoverKResult::analytic_k,
          "ridgePoint · cBytes · m · n / (2 · m · n − ridgePoint · (aBytes · m + bBytes · n))"},
      OutputField{"limitIntensity", "FLOP/B", &CrossoverKResult::limit_intensity,
                  "2 · m · n / (aBytes · m + bBytes · n)"},
      OutputField{"ridgePoint", "FLOP/B", &CrossoverKResult::ridge_point,
                  "peakFlops / memoryBandwidth"},
      OutputField{"reachable", "", &CrossoverKResult::reachable, "limitIntensity > ridgePoint"},
  };
};

template <>
struct Schema<CrossoverBatchResult> {
  static constexpr auto fields = std::tuple{
      OutputField{
          "batch", "1", &CrossoverBatchResult::batch,
          "smallest whole m with computeTime ≥ memoryTime + latency (bisection); null above gemm's "
          "largest m"},
      OutputField{"analyticBatch", "1", &CrossoverBatchResult::analytic_batch,
                  "(bBytes · k · n / memoryBandwidth + latency) / (2 · n · k / peakFlops − "
                  "(aBytes · k + cBytes · n) / memoryBandwidth)"},
      OutputField{"limitIntensity", "FLOP/B", &CrossoverBatchResult::limit_intensity,
                  "2 · n · k / (aBytes · k + cBytes · n)"},
      OutputField{"ridgePoint", "FLOP/B", &CrossoverBatchResult::ridge_point,
                  "peakFlops / memoryBandwidth"},
      OutputField{"reachable", "", &CrossoverBatchResult::reachable, "limitIntensity > ridgePoint"},
  };
};

template <>
struct Schema<AttentionResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"flops", "FLOP", &AttentionResult::flops, "4 · seqLen² · headDim"},
      OutputField{"bytes", "B", &AttentionResult::bytes,
                  "elementBytes · 2 · seqLen · headDim · (1 + ⌈seqLen / blockSize⌉)"},
      OutputField{"intensity", "FLOP/B", &AttentionResult::intensity, "flops / bytes"},
      OutputField{"ridgePoint", "FLOP/B", &AttentionResult::ridge_point,
                  "peakFlops / memoryBandwidth"},
      OutputField{"bound", "", &AttentionResult::bound,
                  "compute if intensity ≥ ridgePoint, else memory"},
      OutputField{"limitIntensity", "FLOP/B", &AttentionResult::limit_intensity,
                  "2 · blockSize / elementBytes"},
      OutputField{"smallestBlockSize", "1", &AttentionResult::smallest_block_size,
                  "smallest blockSize with intensity ≥ ridgePoint at this seqLen"},
  };
};

template <>
struct Schema<BoundCheckResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"boundTime", "s", &BoundCheckResult::bound_time,
                  "max(flops / peakFlops, bytes / memoryBandwidth) + latency"},
      OutputField{"measuredTime", "s", &BoundCheckResult::measured_time,
                  "measuredTime, or flops / measuredFlops"},
      OutputField{"achievedFlops", "FLOP/s", &BoundCheckResult::achieved_flops,
                  "flops / measuredTime"},
      OutputField{"attainableFlops", "FLOP/s", &BoundCheckResult::attainable_flops,
                  "flops / boundTime"},
      OutputField{"fractionOfBound", "1", &BoundCheckResult::fraction_of_bound,
                  "boundTime / measuredTime"},
      OutputField{"possible", "", &BoundCheckResult::possible, "measuredTime ≥ boundTime"},
      OutputField{"reason", "", &BoundCheckResult::reason},
  };
};

}  // namespace ridgepoint
