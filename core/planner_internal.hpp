// Helpers the planner's source files share; not part of the public core.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interconnect.hpp"
#include "machines.hpp"
#include "model_config.hpp"
#include "planner.hpp"

namespace ridgepoint {

const Machine* findMachine(std::string_view id);
const NodeDesign* findNode(std::string_view id);

// The HBM bandwidth a read-and-write kernel reaches (norms, casts, the optimizer): the machine's
// measured STREAM Triad, else its datasheet bandwidth at the share the H100 measured (2.97 of
// 3.35 TB/s), as unmeasured GPUs take measured ones' efficiencies elsewhere.
double streamBandwidth(const Machine& machine);

// The HBM bandwidth a memory-bound attention kernel reaches on `machine`: what it was measured
// to reach as a share of STREAM on its own GPU, on this GPU's STREAM (a kernel does not outrun
// the memory system: its datasheet share would let it on a GPU whose STREAM is lower); without a
// measurement, STREAM's.
double attentionMemoryBandwidth(const AttentionCalibration& kernel, const Machine& machine);

// A note when `node` is built around another GPU than `machine`: its bandwidths are taken as
// given (a what-if the planner allows), which the reader should know.
std::optional<ModelNote> foreignNodeNote(const Machine& machine, const NodeDesign& node);

// rp.collective's time for `ranks` GPUs moving `bytes` at `bandwidth` B/s each, `latency` s per
// message step; 0 for fewer than two ranks or no bytes.
double collectiveTime(CollectiveOp op, double ranks, double bytes, double bandwidth,
                      double latency = 0,
                      CollectiveAlgorithm algorithm = CollectiveAlgorithm::ring);

// The bandwidth per GPU of a collective over `size` ranks that lie `stride` ranks apart (the
// product of the parallel dimensions inside it, in Megatron's rank order). Inside one node:
// scale-up. Across nodes NCCL runs a ring per NIC, so a group with k GPUs in each node crosses
// between nodes over k GPUs' share of the node's NICs, never faster than scale-up.
double groupBandwidth(const NodeDesign& node, double stride, double size);

// Attention FLOPs per computed prompt token (ModelShape::attentionFlopsPerQuery, causal) when
// prompt lengths spread between requests: lognormal with mean `mean_length` and coefficient of
// variation `spread`, each prompt's first `hit` share served from the prefix cache. A computed
// token lies in a prompt of length L in proportion to L, so the average runs over the
// length-weighted lognormal (median mean · e^{σ²/2}, σ² = ln(1 + spread²)); for full attention,
// whose cost per query is affine in L, that is the cost at mean · (1 + spread²).
double spreadPromptAttention(const ModelShape& shape, double mean_length, double spread,
                             double hit);

// gemmEfficiency's calibration points for one machine, precision and pass, gathered, sorted and
// averaged once: an evaluation reads them for every GEMM of every layer (gathering them per GEMM
// was four fifths of a training step's evaluation).
class GemmCurve {
 public:
  GemmCurve(const Machine& machine, GemmPrecision target, std::string_view pass);
  // Fraction of the target precision's peak one m × k by k × n GEMM reaches.
  double efficiency(double m, double n, double k) const;

 private:
  struct Point {
    double relative_intensity, efficiency;
    // The least efficiency per unit of intensity at or below this point: above it, efficiency
    // may grow at most in proportion to intensity (a GEMM with more rows never takes less time).
    double least_per_intensity = 0;
  };
  std::vector<Point> points_;  // by relative intensity
  double plateau_ = 0;         // above the highest point
  double ridge_;               // the target precision's ridge point on the machine, FLOP/B
  double element_bytes_;       // one operand element at the target precision
};

// gemmEfficiency on one machine, each (precision, pass) curve built at its first GEMM.
class GemmEfficiencies {
 public:
  explicit GemmEfficiencies(const Machine& machine) : machine_(machine) {}
  double operator()(GemmPrecision precision, double m, double n, double k,
                    std::string_view pass = "benchmark") const;

 private:
  struct Entry {
    GemmPrecision precision;
    std::string pass;
    GemmCurve curve;
  };
  const Machine& machine_;
  mutable std::vector<Entry> curves_;  // a cache: what the calls return does not depend on it
};

// DeepSeek's profiled framework (profile-data train.json) ran V3's layers: MLA attention and MoE.
// Its measured GEMM passes, attention and non-GEMM kernels stand for FP8 runs of models built the
// same way; FP8 runs of other models take the kernel benchmarks, as BF16 runs do.
inline bool likeProfiledModel(const ModelShape& shape) {
  return shape.attention == AttentionKind::mla && shape.moe_layers > 0;
}

// Elements per token an MoE block's non-GEMM kernels move: the block's input (d), each of the
// top-k copies of the token (d), and each routed and shared expert's first GEMM output and
// activation (3 · its width).
inline double moeElementsPerToken(const ModelShape& shape) {
  const double d = shape.hidden;
  const double width = shape.expert_params / (3 * d);
  const double shared_width =
      shape.shared_expert_params > 0 ? shape.shared_expert_params / (3 * d) : width;
  return d + shape.experts_per_token * (d + 3 * width) + shape.shared_experts * 3 * shared_width;
}
// The same for the profiled model, DeepSeek-V3 (config.json: hidden 7,168, 8 of 256 routed
// experts and 1 shared, each 2,048 wide).
inline constexpr double kProfiledMoeElementsPerToken = 7168 + 8 * (7168 + 3 * 2048) + 3 * 2048;

// Elements per token an attention block's non-GEMM kernels move: the block's input and output
// (2 d), and each head's query and key (qk head dim each) and value and output (v head dim each).
inline double attentionElementsPerToken(const ModelShape& shape) {
  return 2 * shape.hidden + shape.heads * (2 * shape.qk_head_dim + 2 * shape.v_head_dim);
}
// The same for DeepSeek-V3 (config.json: 128 heads, qk 128 + 64 rotary, v 128).
inline constexpr double kProfiledAttentionElementsPerToken = 2 * 7168 + 128 * (2 * 192 + 2 * 128);

// The profile's per-token non-GEMM times (measured on DeepSeek-V3) scaled to a model built like
// it, by the elements each block moves per token: 1 and 1 for V3 itself.
struct ProfileScale {
  double attention = 1, mlp = 1;
};
inline ProfileScale profileScale(const ModelShape& shape) {
  return {attentionElementsPerToken(shape) / kProfiledAttentionElementsPerToken,
          moeElementsPerToken(shape) / kProfiledMoeElementsPerToken};
}

// What each block keeps outside its tensor-parallel matrices, per token and hidden element
// (norm input, first Linear's input, dropout mask): trainingStep's replicated activations.
double blockInputBytes(bool fp8, bool dropout);
// Bytes one layer writes (and a training step saves) per token and hidden element, at the
// config's widths (Korthikanti et al. 2022 §4), by block; `moe` for an MoE layer.
struct SavedBytes {
  double attention = 0, mlp = 0;
  double total() const { return attention + mlp; }
};
SavedBytes savedBytesPerElement(const ModelShape& shape, bool moe, bool fp8, bool dropout);

// The expert-parallel rules both planners apply, as the message for the expertParallel field:
// EP 1 for a model without routed experts, otherwise a divisor of `experts` (the routed ones; a
// serving plan's redundant copies are the caller's to check). Empty when `ep` passes.
std::optional<std::string> expertParallelError(double ep, double routed_experts);

}  // namespace ridgepoint
