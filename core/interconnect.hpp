// Interconnect and communication: the expert-parallel all-to-all and its speed limit, node-limited
// routing, collectives with nccl-tests' algbw/busbw, compute/communication overlap, pipeline
// bubbles, PCIe all-reduce (HFReduce), a network roofline, and link presets with their sources.
// Sources: DeepSeek ISCA'25 (arXiv 2505.09343v2), DeepSeek-V3 report (arXiv 2412.19437),
// DualPipe README, Fire-Flyer AI-HPC (arXiv 2408.14158v2), nccl-tests doc/PERFORMANCE.md,
// Thakur, Rabenseifner & Gropp, "Optimization of Collective Communication Operations in MPICH"
// (IJHPCA 2005). Bandwidths are bytes per second in one direction; 1 GB/s = 1e9 B/s.
#pragma once

#include <array>
#include <span>
#include <string_view>
#include <vector>

#include "field.hpp"
#include "roofline.hpp"

namespace ridgepoint {

// A port rate in Gb/s as bytes per second: network ports are sold in bits (400 Gb/s = 50e9 B/s).
constexpr double gigabitsToBytesPerSecond(double gigabits) { return gigabits * 1e9 / 8; }

// ---------------------------------------------------------------------------------------------
// The EP speed limit of ISCA'25 §2.3.2: every decode step is bounded by two all-to-alls per layer.
// What every device sends in one EP step: its tokens, each to several experts, dispatched in one
// precision and combined back in another.
struct TokenPayloadInput {
  double tokens_per_device = 0, experts_per_token = 0, hidden = 0;
  double dispatch_bytes = 0, combine_bytes = 0;  // B per element
};

// Defaults are the ISCA'25 §2.3.2 decode step: 32 tokens, 8 routed + 1 shared experts, hidden
// "≈7K" (the paper's 7000; V3's true hidden size is 7168), FP8 dispatch and BF16 combine.
inline constexpr auto kTokenPayloadInputs = std::to_array<InputField<TokenPayloadInput>>({
    {.name = "tokensPerDevice",
     .unit = "1",
     .help = "tokens each device sends in one step",
     .member = &TokenPayloadInput::tokens_per_device,
     .default_value = 32,
     .min = 1,
     .max = 1e7,
     .integer = true},
    {.name = "expertsPerToken",
     .unit = "1",
     .help =
         "experts each token is sent to (V3 decode: 8 routed + 1 shared served like a routed one)",
     .member = &TokenPayloadInput::experts_per_token,
     .default_value = 9,
     .min = 1,
     .max = 1024,
     .integer = true},
    {.name = "hidden",
     .unit = "1",
     .help = "hidden size: elements per token sent",
     .member = &TokenPayloadInput::hidden,
     .default_value = 7000,
     .min = 1,
     .max = 1e6,
     .integer = true},
    {.name = "dispatchBytes",
     .unit = "B",
     .help = "bytes per element dispatched (FP8: 1; with one FP32 scale per 128: 1.03125)",
     .member = &TokenPayloadInput::dispatch_bytes,
     .default_value = 1,
     .min = 0.125,
     .max = 16},
    {.name = "combineBytes",
     .unit = "B",
     .help = "bytes per element combined back (BF16: 2)",
     .member = &TokenPayloadInput::combine_bytes,
     .default_value = 2,
     .min = 0.125,
     .max = 16},
});

struct ExpertParallelStepInput : TokenPayloadInput {
  double bandwidth = 0;  // B/s per device, one direction
  double layers = 0, micro_batches = 0;
  double latency = 0;  // s, per all-to-all (dispatch and combine each pay it)
};

struct ExpertParallelStepResult {
  double bytes = 0, transfer_time = 0, latency_time = 0, comm_time = 0;
  double layer_time = 0, tpot = 0, tokens_per_second = 0, latency_share = 0;
};

inline constexpr auto kExpertParallelStepInputs = concatFields<ExpertParallelStepInput>(
    kTokenPayloadInputs,
    std::to_array<InputField<ExpertParallelStepInput>>({
        {.name = "bandwidth",
         .unit = "B/s",
         .help = "per-device network bandwidth, one direction (one 400 Gb/s NIC: 50e9)",
         .member = &ExpertParallelStepInput::bandwidth,
         .default_value = 50e9,
         .min = 1e6,
         .max = 1e15},
        {.name = "layers",
         .unit = "1",
         .help = "layers, each with its own all-to-alls (ISCA'25 counts all 61 of V3's)",
         .member = &ExpertParallelStepInput::layers,
         .default_value = 61,
         .min = 1,
         .max = 1000,
         .integer = true},
        {.name = "microBatches",
         .unit = "1",
         .help = "micro-batches overlapped per layer, each with its own all-to-alls",
         .member = &ExpertParallelStepInput::micro_batches,
         .default_value = 2,
         .min = 1,
         .max = 64,
         .integer = true},
        {.name = "latency",
         .unit = "s",
         .help = "network latency of one all-to-all (dispatch and combine each pay it)",
         .member = &ExpertParallelStepInput::latency,
         .default_value = 0,
         .min = 0,
         .max = 1},
    }));

struct ExpertParallelStep {
  static constexpr const char* id = "expertParallelStep";
  static constexpr std::string_view title = "Expert-parallel decode speed limit";
  using Input = ExpertParallelStepInput;
  using Output = ExpertParallelStepResult;
  static constexpr auto& inputs = kExpertParallelStepInputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<ExpertParallelStepResult> {
  using R = ExpertParallelStepResult;
  static constexpr auto fields = std::tuple{
      OutputField{"bytes", "B", &R::bytes,
                  "(dispatchBytes + combineBytes) · tokensPerDevice · expertsPerToken · hidden"},
      OutputField{"transferTime", "s", &R::transfer_time, "bytes / bandwidth"},
      OutputField{"latencyTime", "s", &R::latency_time, "2 · latency (dispatch and combine)"},
      OutputField{"commTime", "s", &R::comm_time, "transferTime + latencyTime"},
      OutputField{"layerTime", "s", &R::layer_time, "microBatches · commTime"},
      OutputField{"tpot", "s", &R::tpot, "layers · layerTime"},
      OutputField{"tokensPerSecond", "tokens/s", &R::tokens_per_second, "1 / tpot"},
      OutputField{"latencyShare", "1", &R::latency_share, "latencyTime / commTime"},
  };
};

// ---------------------------------------------------------------------------------------------
// V3 report §3.2.2: with NVLink b_up and IB b_out, a token that crosses IB once per node can be
// forwarded over NVLink to b_up / b_out experts at no extra cost.
// The two fabrics of a GPU: scale-up inside the node (NVLink) and scale-out between nodes (NIC).
struct FabricPairInput {
  double scale_up_bandwidth = 0, scale_out_bandwidth = 0;  // B/s per GPU, one direction
};

// V3 report §3.2.2: NVLink 160 GB/s achievable, IB 50 GB/s per 400 Gb/s NIC.
inline constexpr auto kFabricPairInputs = std::to_array<InputField<FabricPairInput>>({
    {.name = "scaleUpBandwidth",
     .unit = "B/s",
     .help = "per-GPU bandwidth inside the node (NVLink), one direction",
     .member = &FabricPairInput::scale_up_bandwidth,
     .default_value = 160e9,
     .min = 1e6,
     .max = 1e15},
    {.name = "scaleOutBandwidth",
     .unit = "B/s",
     .help = "per-GPU bandwidth between nodes (its NIC), one direction",
     .member = &FabricPairInput::scale_out_bandwidth,
     .default_value = 50e9,
     .min = 1e6,
     .max = 1e15},
});

struct NodeLimitedRoutingInput : FabricPairInput {
  double max_nodes = 0;  // M: nodes one token may be dispatched to
};

inline constexpr auto kNodeLimitInputs = concatFields<NodeLimitedRoutingInput>(
    std::to_array<InputField<NodeLimitedRoutingInput>>({
        {.name = "maxNodes",
         .unit = "1",
         .help = "M: the most nodes one token may be dispatched to (V3: 4)",
         .member = &NodeLimitedRoutingInput::max_nodes,
         .default_value = 4,
         .min = 1,
         .max = 1e5,
         .integer = true},
    }),
    kFabricPairInputs);

struct NodeLimitedRoutingResult {
  double experts_per_node = 0, max_experts = 0, max_experts_rounded = 0;
};

struct NodeLimitedRouting {
  static constexpr const char* id = "nodeLimitedRouting";
  static constexpr std::string_view title = "Node-limited routing: equal-cost experts";
  using Input = NodeLimitedRoutingInput;
  using Output = NodeLimitedRoutingResult;
  static constexpr auto& inputs = kNodeLimitInputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<NodeLimitedRoutingResult> {
  using R = NodeLimitedRoutingResult;
  static constexpr auto fields = std::tuple{
      OutputField{"expertsPerNode", "1", &R::experts_per_node,
                  "scaleUpBandwidth / scaleOutBandwidth"},
      OutputField{"maxExperts", "1", &R::max_experts, "maxNodes · expertsPerNode"},
      OutputField{"maxExpertsRounded", "1", &R::max_experts_rounded,
                  "maxExperts rounded to the nearest whole expert, as the V3 report does"},
  };
};

// ---------------------------------------------------------------------------------------------
// The EP all-to-all of one GPU split over the two fabrics (DeepEP-style forwarding): a token
// crosses the scale-out fabric once per target node and the scale-up fabric once per expert.
struct ExpertParallelAllToAllInput : TokenPayloadInput, NodeLimitedRoutingInput {
  double shared_experts = 0, experts = 0, gpus_per_node = 0, nodes = 0;
};

enum class Fabric { scale_up, scale_out };
template <>
struct Labels<Fabric> {
  static constexpr auto labels = std::to_array<std::string_view>({"scale-up", "scale-out"});
};

struct ExpertParallelAllToAllResult {
  double targets_per_token = 0, nodes_per_token = 0, experts_per_gpu = 0;
  double scale_out_bytes = 0, scale_up_bytes = 0;
  double scale_out_time = 0, scale_up_time = 0, time = 0;
  Fabric bottleneck = Fabric::scale_out;
  double equal_cost_experts = 0, scale_out_saving = 0;
};

inline constexpr auto kExpertParallelAllToAllInputs = concatFields<ExpertParallelAllToAllInput>(
    kTokenPayloadInputs,
    std::to_array<InputField<ExpertParallelAllToAllInput>>({
        {.name = "sharedExperts",
         .unit = "1",
         .help = "shared experts sent like routed ones (0 when every GPU computes them locally)",
         .member = &ExpertParallelAllToAllInput::shared_experts,
         .default_value = 0,
         .min = 0,
         .max = 64,
         .integer = true},
        {.name = "experts",
         .unit = "1",
         .help = "routed experts in the layer (V3: 256)",
         .member = &ExpertParallelAllToAllInput::experts,
         .default_value = 256,
         .min = 1,
         .max = 1e6,
         .integer = true},
        {.name = "gpusPerNode",
         .unit = "1",
         .help = "GPUs in one scale-up domain (node)",
         .member = &ExpertParallelAllToAllInput::gpus_per_node,
         .default_value = 8,
         .min = 1,
         .max = 1024,
         .integer = true},
        {.name = "nodes",
         .unit = "1",
         .help = "nodes the experts are spread over (V3 training: 8)",
         .member = &ExpertParallelAllToAllInput::nodes,
         .default_value = 8,
         .min = 1,
         .max = 1e5,
         .integer = true},
    }),
    kNodeLimitInputs);

struct ExpertParallelAllToAll {
  static constexpr const char* id = "expertParallelAllToAll";
  static constexpr std::string_view title = "Expert-parallel all-to-all over two fabrics";
  using Input = ExpertParallelAllToAllInput;
  using Output = ExpertParallelAllToAllResult;
  static constexpr auto& inputs = kExpertParallelAllToAllInputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<ExpertParallelAllToAllResult> {
  using R = ExpertParallelAllToAllResult;
  static constexpr auto fields = std::tuple{
      OutputField{"targetsPerToken", "1", &R::targets_per_token, "expertsPerToken + sharedExperts"},
      OutputField{"nodesPerToken", "1", &R::nodes_per_token,
                  "min(maxNodes, targetsPerToken, nodes): at most, every target node remote "
                  "(0 on one node)"},
      OutputField{"expertsPerGpu", "1", &R::experts_per_gpu, "experts / (nodes · gpusPerNode)"},
      OutputField{"scaleOutBytes", "B", &R::scale_out_bytes,
                  "tokensPerDevice · nodesPerToken · hidden · (dispatchBytes + combineBytes)"},
      OutputField{"scaleUpBytes", "B", &R::scale_up_bytes,
                  "tokensPerDevice · targetsPerToken · hidden · (dispatchBytes + combineBytes)"},
      OutputField{"scaleOutTime", "s", &R::scale_out_time, "scaleOutBytes / scaleOutBandwidth"},
      OutputField{"scaleUpTime", "s", &R::scale_up_time, "scaleUpBytes / scaleUpBandwidth"},
      OutputField{"time", "s", &R::time,
                  "max(scaleOutTime, scaleUpTime): forwarding overlaps the two fabrics"},
      OutputField{"bottleneck", "", &R::bottleneck, "the fabric with the larger time"},
      OutputField{"equalCostExperts", "1", &R::equal_cost_experts,
                  "nodesPerToken · scaleUpBandwidth / scaleOutBandwidth"},
      OutputField{"scaleOutSaving", "1", &R::scale_out_saving,
                  "1 − nodesPerToken / min(targetsPerToken, nodes) (0 on one node: nothing "
                  "crosses the scale-out fabric)"},
  };
};

// ---------------------------------------------------------------------------------------------
// One collective under the α-β model, reported as nccl-tests reports it.
enum class CollectiveOp {
  allreduce,
  allgather,
  reducescatter,
  broadcast,
  reduce,
  alltoall,
  sendrecv
};
template <>
struct Labels<CollectiveOp> {
  static constexpr auto labels = std::to_array<std::string_view>(
      {"allreduce", "allgather", "reducescatter", "broadcast", "reduce", "alltoall", "sendrecv"});
};

enum class CollectiveAlgorithm { ring, tree, direct };
template <>
struct Labels<CollectiveAlgorithm> {
  static constexpr auto labels = std::to_array<std::string_view>({"ring", "tree", "direct"});
};

struct CollectiveInput {
  double op = 0;  // a CollectiveOp
  double ranks = 0;
  double bytes = 0;      // S as nccl-tests counts it (the whole array for gather-type ops)
  double bandwidth = 0;  // B/s per rank, one direction
  double latency = 0;    // s per message step (α)
  double algorithm = 0;  // a CollectiveAlgorithm
};

struct CollectiveResult {
  double time = 0, algbw = 0, busbw = 0, bus_factor = 0;
  double latency_steps = 0, latency_time = 0, transfer_time = 0;
};

inline constexpr auto kCollectiveInputs = std::to_array<InputField<CollectiveInput>>({
    {.name = "op",
     .unit = "",
     .help = "the collective operation",
     .member = &CollectiveInput::op,
     .default_value = choiceIndex(CollectiveOp::allreduce),
     .choices = Labels<CollectiveOp>::labels},
    {.name = "ranks",
     .unit = "1",
     .help = "GPUs taking part",
     .member = &CollectiveInput::ranks,
     .default_value = 8,
     .min = 2,
     .max = 1e6,
     .integer = true},
    {.name = "bytes",
     .unit = "B",
     .help = "message size as nccl-tests counts it (the whole gathered array for allgather, "
             "reducescatter and alltoall)",
     .member = &CollectiveInput::bytes,
     .default_value = 1e9,
     .min = 1,
     .max = 1e15},
    {.name = "bandwidth",
     .unit = "B/s",
     .help = "per-rank link bandwidth, one direction",
     .member = &CollectiveInput::bandwidth,
     .default_value = 50e9,
     .min = 1e6,
     .max = 1e15},
    {.name = "latency",
     .unit = "s",
     .help = "α: latency of one message step (ISCA'25 Table 5: 2.8–5.6 µs)",
     .member = &CollectiveInput::latency,
     .default_value = 3.7e-6,
     .min = 0,
     .max = 1},
    {.name = "algorithm",
     .unit = "",
     .help = "ring; tree (recursive doubling, binomial tree, Bruck); direct (all peers at once)",
     .member = &CollectiveInput::algorithm,
     .default_value = choiceIndex(CollectiveAlgorithm::ring),
     .choices = Labels<CollectiveAlgorithm>::labels},
});

struct Collective {
  static constexpr const char* id = "collective";
  static constexpr std::string_view title = "Collective: time, algbw and busbw";
  using Input = CollectiveInput;
  using Output = CollectiveResult;
  static constexpr auto& inputs = kCollectiveInputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<CollectiveResult> {
  using R = CollectiveResult;
  static constexpr auto fields = std::tuple{
      OutputField{"time", "s", &R::time, "latencyTime + transferTime"},
      OutputField{"algbw", "B/s", &R::algbw, "bytes / time"},
      OutputField{"busbw", "B/s", &R::busbw, "algbw · busFactor"},
      OutputField{"busFactor", "1", &R::bus_factor,
                  "allreduce 2(ranks−1)/ranks; allgather, reducescatter, alltoall "
                  "(ranks−1)/ranks; broadcast, reduce, sendrecv 1"},
      OutputField{"latencySteps", "1", &R::latency_steps,
                  "message steps on the critical path for this op and algorithm"},
      OutputField{"latencyTime", "s", &R::latency_time, "latencySteps · latency"},
      OutputField{"transferTime", "s", &R::transfer_time,
                  "bytes a rank sends on its busiest link / bandwidth"},
  };
};

// ---------------------------------------------------------------------------------------------
// Two-level all-reduce: reduce-scatter inside the node, all-reduce of 1/g of the data between
// nodes (one rail per GPU), all-gather inside the node; against a flat ring at the slower link.
struct HierarchicalAllReduceInput : FabricPairInput {
  double bytes = 0, gpus_per_node = 0, nodes = 0;
  double scale_up_latency = 0, scale_out_latency = 0;  // s per message step
};

struct HierarchicalAllReduceResult {
  double intra_node_time = 0, inter_node_time = 0, time = 0;
  double flat_ring_time = 0, speedup = 0, algbw = 0, busbw = 0;
};

inline constexpr auto kHierarchicalAllReduceInputs = concatFields<HierarchicalAllReduceInput>(
    std::to_array<InputField<HierarchicalAllReduceInput>>({
        {.name = "bytes",
         .unit = "B",
         .help = "data each GPU all-reduces (e.g. its gradients)",
         .member = &HierarchicalAllReduceInput::bytes,
         .default_value = 1e9,
         .min = 1,
         .max = 1e15},
        {.name = "gpusPerNode",
         .unit = "1",
         .help = "GPUs per node, each with its own NIC rail",
         .member = &HierarchicalAllReduceInput::gpus_per_node,
         .default_value = 8,
         .min = 1,
         .max = 1024,
         .integer = true},
        {.name = "nodes",
         .unit = "1",
         .help = "nodes",
         .member = &HierarchicalAllReduceInput::nodes,
         .default_value = 16,
         .min = 1,
         .max = 1e5,
         .integer = true},
    }),
    kFabricPairInputs,
    std::to_array<InputField<HierarchicalAllReduceInput>>({
        {.name = "scaleUpLatency",
         .unit = "s",
         .help = "latency of one step inside the node (ISCA'25 Table 5: 3.33 µs)",
         .member = &HierarchicalAllReduceInput::scale_up_latency,
         .default_value = 3.33e-6,
         .min = 0,
         .max = 1},
        {.name = "scaleOutLatency",
         .unit = "s",
         .help = "latency of one step between nodes (ISCA'25 Table 5: IB 3.7 µs across leaves)",
         .member = &HierarchicalAllReduceInput::scale_out_latency,
         .default_value = 3.7e-6,
         .min = 0,
         .max = 1},
    }));

struct HierarchicalAllReduce {
  static constexpr const char* id = "hierarchicalAllReduce";
  static constexpr std::string_view title = "Hierarchical all-reduce (intra-node, then inter-node)";
  using Input = HierarchicalAllReduceInput;
  using Output = HierarchicalAllReduceResult;
  static constexpr auto& inputs = kHierarchicalAllReduceInputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<HierarchicalAllReduceResult> {
  using R = HierarchicalAllReduceResult;
  static constexpr auto fields = std::tuple{
      OutputField{"intraNodeTime", "s", &R::intra_node_time,
                  "2 · ((gpusPerNode−1) · scaleUpLatency + (gpusPerNode−1)/gpusPerNode · bytes / "
                  "scaleUpBandwidth)"},
      OutputField{"interNodeTime", "s", &R::inter_node_time,
                  "2(nodes−1) · scaleOutLatency + 2(nodes−1)/nodes · (bytes/gpusPerNode) / "
                  "scaleOutBandwidth"},
      OutputField{"time", "s", &R::time, "intraNodeTime + interNodeTime"},
      OutputField{"flatRingTime", "s", &R::flat_ring_time,
                  "2(r−1) · scaleOutLatency + 2(r−1)/r · bytes / scaleOutBandwidth, r = "
                  "nodes · gpusPerNode (on one node, scale-up's latency and bandwidth)"},
      OutputField{"speedup", "1", &R::speedup, "flatRingTime / time"},
      OutputField{"algbw", "B/s", &R::algbw, "bytes / time"},
      OutputField{"busbw", "B/s", &R::busbw, "algbw · 2(r−1)/r, r the ranks of the flat ring"},
  };
};

// ---------------------------------------------------------------------------------------------
// Communication overlapped with compute on SMs taken from the compute (V3 report §3.2.2, §3.5.1).
struct CommOverlapInput {
  double compute_time = 0, comm_time = 0;  // s: compute on every SM, communication alone
  double total_sms = 0, comm_sms = 0;
};

struct CommOverlapResult {
  double sm_share = 0, slowed_compute_time = 0, overlapped_time = 0, serialized_time = 0;
  double exposed_comm_time = 0, speedup = 0, compute_to_comm_ratio = 0;
};

inline constexpr auto kCommOverlapInputs = std::to_array<InputField<CommOverlapInput>>({
    {.name = "computeTime",
     .unit = "s",
     .help = "compute of one step on every SM",
     .member = &CommOverlapInput::compute_time,
     .default_value = 1e-3,
     .min = 1e-12,
     .max = 1e6},
    {.name = "commTime",
     .unit = "s",
     .help = "communication of the same step on its own SMs",
     .member = &CommOverlapInput::comm_time,
     .default_value = 1e-3,
     .min = 1e-12,
     .max = 1e6},
    {.name = "totalSms",
     .unit = "1",
     .help = "SMs on the GPU (H800: 132)",
     .member = &CommOverlapInput::total_sms,
     .default_value = 132,
     .min = 1,
     .max = 1e4,
     .integer = true},
    {.name = "commSms",
     .unit = "1",
     .help = "SMs given to communication (V3 training: 20)",
     .member = &CommOverlapInput::comm_sms,
     .default_value = 20,
     .min = 0,
     .max = 1e4,
     .integer = true},
});

struct CommOverlap {
  static constexpr const char* id = "commOverlap";
  static constexpr std::string_view title = "Compute/communication overlap";
  using Input = CommOverlapInput;
  using Output = CommOverlapResult;
  static constexpr auto& inputs = kCommOverlapInputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<CommOverlapResult> {
  using R = CommOverlapResult;
  static constexpr auto fields = std::tuple{
      OutputField{"smShare", "1", &R::sm_share, "commSms / totalSms"},
      OutputField{"slowedComputeTime", "s", &R::slowed_compute_time,
                  "computeTime · totalSms / (totalSms − commSms)"},
      OutputField{"overlappedTime", "s", &R::overlapped_time, "max(slowedComputeTime, commTime)"},
      OutputField{"serializedTime", "s", &R::serialized_time, "computeTime + commTime"},
      OutputField{"exposedCommTime", "s", &R::exposed_comm_time,
                  "max(0, commTime − slowedComputeTime)"},
      OutputField{"speedup", "1", &R::speedup, "serializedTime / overlappedTime"},
      OutputField{"computeToCommRatio", "1", &R::compute_to_comm_ratio, "computeTime / commTime"},
  };
};

// ---------------------------------------------------------------------------------------------
// Pipeline bubbles of V3 report Table 2 and the DualPipe README, in units of F, B, W and F&B.
struct PipelineBubbleInput {
  double stages = 0;  // PP
  double forward = 0, backward = 0, weight_backward = 0, overlapped_forward_backward = 0;
};

struct PipelineMethod {
  std::string_view method;
  double bubble = 0;
  double parameter_copies = 0;    // × the model's parameters per stage
  double activation_batches = 0;  // micro-batches of activations held at the peak
  double devices = 0;
};

struct PipelineBubbleResult {
  double one_f_one_b = 0, zero_bubble_1p = 0, dual_pipe = 0, dual_pipe_v = 0;
  double dual_pipe_v_devices = 0;
  std::vector<PipelineMethod> methods;
};

inline constexpr auto kPipelineBubbleInputs = std::to_array<InputField<PipelineBubbleInput>>({
    {.name = "stages",
     .unit = "1",
     .help = "PP: pipeline stages (even, for DualPipe)",
     .member = &PipelineBubbleInput::stages,
     .default_value = 16,
     .min = 2,
     .max = 1024,
     .integer = true},
    {.name = "forward",
     .unit = "s",
     .help = "F: time of one forward chunk",
     .member = &PipelineBubbleInput::forward,
     .default_value = 1,
     .min = 0,
     .max = 1e6},
    {.name = "backward",
     .unit = "s",
     .help = "B: time of one full backward chunk",
     .member = &PipelineBubbleInput::backward,
     .default_value = 2,
     .min = 0,
     .max = 1e6},
    {.name = "weightBackward",
     .unit = "s",
     .help = "W: the backward-for-weights part of B",
     .member = &PipelineBubbleInput::weight_backward,
     .default_value = 1,
     .min = 0,
     .max = 1e6},
    {.name = "overlappedForwardBackward",
     .unit = "s",
     .help = "F&B: a forward and a backward chunk run overlapped, from max(F, B) to F + B",
     .member = &PipelineBubbleInput::overlapped_forward_backward,
     .default_value = 3,
     .min = 0,
     .max = 2e6},
});

struct PipelineBubble {
  static constexpr const char* id = "pipelineBubble";
  static constexpr std::string_view title = "Pipeline bubbles: 1F1B, ZB1P, DualPipe, DualPipeV";
  using Input = PipelineBubbleInput;
  using Output = PipelineBubbleResult;
  static constexpr auto& inputs = kPipelineBubbleInputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<PipelineMethod> {
  using R = PipelineMethod;
  static constexpr auto fields = std::tuple{
      OutputField{"method", "", &R::method},
      OutputField{"bubble", "s", &R::bubble, "this method's bubble formula"},
      OutputField{"parameterCopies", "1", &R::parameter_copies,
                  "1 for 1F1B and ZB1P, 2 for DualPipe and DualPipeV"},
      OutputField{"activationBatches", "1", &R::activation_batches,
                  "stages for 1F1B and ZB1P, stages + 1 for DualPipe and DualPipeV"},
      OutputField{"devices", "1", &R::devices, "stages, or stages / 2 for DualPipeV"},
  };
};

template <>
struct Schema<PipelineBubbleResult> {
  using R = PipelineBubbleResult;
  static constexpr auto fields = std::tuple{
      OutputField{"oneFOneB", "s", &R::one_f_one_b, "(stages − 1) · (forward + backward)"},
      OutputField{"zeroBubble1P", "s", &R::zero_bubble_1p,
                  "(stages − 1) · (forward + backward − 2 · weightBackward)"},
      OutputField{"dualPipe", "s", &R::dual_pipe,
                  "(stages/2 − 1) · (overlappedForwardBackward + backward − 3 · weightBackward)"},
      OutputField{"dualPipeV", "s", &R::dual_pipe_v, "dualPipe, on stages/2 devices"},
      OutputField{"dualPipeVDevices", "1", &R::dual_pipe_v_devices, "stages / 2"},
      OutputField{"methods", "", &R::methods, "one row per method: bubble and memory"},
  };
};

// ---------------------------------------------------------------------------------------------
// PCIe all-reduce on a node without NVLink (Fire-Flyer §IV): ring traffic over PCIe against
// HFReduce's one copy down and one up, and HFReduce's host-memory ceiling.
struct HfReduceInput {
  double ranks = 0;
  double host_memory_bandwidth = 0;  // B/s
  double memory_passes = 0;          // host-memory traffic as a multiple of the data
};

struct HfReduceResult {
  double ring_pcie_units = 0, hf_reduce_pcie_units = 0, pcie_saving = 0, ceiling = 0;
};

inline constexpr auto kHfReduceInputs = std::to_array<InputField<HfReduceInput>>({
    {.name = "ranks",
     .unit = "1",
     .help = "GPUs in the all-reduce on one node",
     .member = &HfReduceInput::ranks,
     .default_value = 8,
     .min = 2,
     .max = 1024,
     .integer = true},
    {.name = "hostMemoryBandwidth",
     .unit = "B/s",
     .help = "host memory bandwidth in practice (16-channel DDR4-3200: 320 GB/s)",
     .member = &HfReduceInput::host_memory_bandwidth,
     .default_value = 320e9,
     .min = 1e6,
     .max = 1e15},
    {.name = "memoryPasses",
     .unit = "1",
     .help = "host-memory traffic per byte reduced (Fire-Flyer: 8 + 9 + 5 + 2 = 24 for 8 GPUs)",
     .member = &HfReduceInput::memory_passes,
     .default_value = 24,
     .min = 1,
     .max = 1000},
});

struct HfReduce {
  static constexpr const char* id = "hfReduce";
  static constexpr std::string_view title = "PCIe all-reduce: ring vs HFReduce";
  using Input = HfReduceInput;
  using Output = HfReduceResult;
  static constexpr auto& inputs = kHfReduceInputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<HfReduceResult> {
  using R = HfReduceResult;
  static constexpr auto fields = std::tuple{
      OutputField{"ringPcieUnits", "1", &R::ring_pcie_units, "(2 · ranks − 1) / ranks"},
      OutputField{"hfReducePcieUnits", "1", &R::hf_reduce_pcie_units,
                  "1: one device-to-host and one host-to-device copy"},
      OutputField{"pcieSaving", "1", &R::pcie_saving, "1 − hfReducePcieUnits / ringPcieUnits"},
      OutputField{"ceiling", "B/s", &R::ceiling, "hostMemoryBandwidth / memoryPasses"},
  };
};

// ---------------------------------------------------------------------------------------------
// The roofline with a third roof: bytes sent over the GPU's link per FLOP.
struct NetworkRooflineInput : RoofInput {
  double flops = 0, memory_bytes = 0, comm_bytes = 0;
  double link_bandwidth = 0;  // B/s per GPU, one direction
};

enum class Limit { compute, memory, link };
template <>
struct Labels<Limit> {
  static constexpr auto labels = std::to_array<std::string_view>({"compute", "memory", "link"});
};

struct NetworkRooflineResult {
  double intensity = 0, comm_intensity = 0, ridge_point = 0, link_ridge_point = 0;
  double compute_time = 0, memory_time = 0, comm_time = 0, time = 0;
  Limit bound = Limit::compute;
  double attainable_flops = 0;
};

inline constexpr auto kNetworkRooflineInputs =
    concatFields<NetworkRooflineInput>(std::to_array<InputField<NetworkRooflineInput>>({
                                           {.name = "flops",
                                            .unit = "FLOP",
                                            .help = "FLOPs of the layer on one GPU",
                                            .member = &NetworkRooflineInput::flops,
                                            .default_value = 1e9,
                                            .min = 1,
                                            .max = 1e21},
                                           {.name = "memoryBytes",
                                            .unit = "B",
                                            .help = "bytes it reads and writes in HBM",
                                            .member = &NetworkRooflineInput::memory_bytes,
                                            .default_value = 1e7,
                                            .min = 1,
                                            .max = 1e18},
                                           {.name = "commBytes",
                                            .unit = "B",
                                            .help = "bytes it sends over its link (one direction)",
                                            .member = &NetworkRooflineInput::comm_bytes,
                                            .default_value = 1e6,
                                            .min = 1,
                                            .max = 1e18},
                                       }),
                                       kRoofInputs,
                                       std::to_array<InputField<NetworkRooflineInput>>({
                                           {.name = "linkBandwidth",
                                            .unit = "B/s",
                                            .help = "the GPU's link bandwidth, one direction",
                                            .member = &NetworkRooflineInput::link_bandwidth,
                                            .default_value = 50e9,
                                            .min = 1e6,
                                            .max = 1e15},
                                       }));

struct NetworkRoofline {
  static constexpr const char* id = "networkRoofline";
  static constexpr std::string_view title = "Network roofline: compute, memory or link bound";
  using Input = NetworkRooflineInput;
  using Output = NetworkRooflineResult;
  static constexpr auto& inputs = kNetworkRooflineInputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<NetworkRooflineResult> {
  using R = NetworkRooflineResult;
  static constexpr auto fields = std::tuple{
      OutputField{"intensity", "FLOP/B", &R::intensity, "flops / memoryBytes"},
      OutputField{"commIntensity", "FLOP/B", &R::comm_intensity, "flops / commBytes"},
      OutputField{"ridgePoint", "FLOP/B", &R::ridge_point, "peakFlops / memoryBandwidth"},
      OutputField{"linkRidgePoint", "FLOP/B", &R::link_ridge_point, "peakFlops / linkBandwidth"},
      OutputField{"computeTime", "s", &R::compute_time, "flops / peakFlops"},
      OutputField{"memoryTime", "s", &R::memory_time, "memoryBytes / memoryBandwidth"},
      OutputField{"commTime", "s", &R::comm_time, "commBytes / linkBandwidth"},
      OutputField{"time", "s", &R::time, "max(computeTime, memoryTime, commTime)"},
      OutputField{"bound", "", &R::bound, "the roof with the largest time (compute on a tie)"},
      OutputField{"attainableFlops", "FLOP/s", &R::attainable_flops, "flops / time"},
  };
};

// ---------------------------------------------------------------------------------------------
// Presets: links (per direction, nominal and achievable), node designs, ISCA'25 Table 5.
struct Link {
  std::string_view id{};
  std::string_view name{};
  std::string_view fabric{};           // "scale-up", "scale-out" or "host"
  MaybeNumber port_rate{};             // bit/s, for links sold by their signalling rate
  double bandwidth = 0;                // B/s per direction, nominal
  MaybeNumber achievable_bandwidth{};  // B/s per direction, as measured or stated by the source
  MaybeNumber latency{};               // s, small-message latency where a source measured one
  std::string_view source{};
  std::string_view note{};
};

struct NodeDesign {
  std::string_view id;
  std::string_view name;
  std::string_view gpu;  // the machines() id of the GPU the node is built around
  double gpus = 0, nics = 0;
  double scale_up_bandwidth = 0;   // B/s per GPU, one direction
  double scale_out_bandwidth = 0;  // B/s per GPU, one direction (the node's NICs shared)
  double scale_up_to_scale_out = 0;
  std::string_view scale_up_link, scale_out_link;  // ids in links()
  // What collectives reach, B/s per GPU, one direction: the links' achievable rates where a
  // source states one (NCCL's maintainers, DeepSeek), else the figures above.
  double achievable_scale_up = 0, achievable_scale_out = 0;
  std::string_view source;
  std::string_view note;
};

struct MeasuredLatency {
  std::string_view link_layer;
  double same_leaf = 0;      // s
  MaybeNumber cross_leaf{};  // s; null where the path has no second switch tier
  std::string_view source{};
};

std::span<const Link> links();
std::span<const NodeDesign> nodeDesigns();
std::span<const MeasuredLatency> measuredLatencies();

template <>
struct Schema<Link> {
  static constexpr auto fields = std::tuple{
      OutputField{"id", "", &Link::id},
      OutputField{"name", "", &Link::name},
      OutputField{"fabric", "", &Link::fabric},
      OutputField{"portRate", "bit/s", &Link::port_rate},
      OutputField{"bandwidth", "B/s", &Link::bandwidth, "portRate / 8 where a port rate is given"},
      OutputField{"achievableBandwidth", "B/s", &Link::achievable_bandwidth},
      OutputField{"latency", "s", &Link::latency},
      OutputField{"source", "", &Link::source},
      OutputField{"note", "", &Link::note},
  };
};

template <>
struct Schema<NodeDesign> {
  static constexpr auto fields = std::tuple{
      OutputField{"id", "", &NodeDesign::id},
      OutputField{"name", "", &NodeDesign::name},
      OutputField{"gpu", "", &NodeDesign::gpu, "",
                  "the machines() id of the GPU the node is built around"},
      OutputField{"gpus", "1", &NodeDesign::gpus},
      OutputField{"nics", "1", &NodeDesign::nics},
      OutputField{"scaleUpBandwidth", "B/s", &NodeDesign::scale_up_bandwidth},
      OutputField{"scaleOutBandwidth", "B/s", &NodeDesign::scale_out_bandwidth},
      OutputField{"scaleUpToScaleOut", "1", &NodeDesign::scale_up_to_scale_out,
                  "scaleUpBandwidth / scaleOutBandwidth"},
      OutputField{"scaleUpLink", "", &NodeDesign::scale_up_link},
      OutputField{"scaleOutLink", "", &NodeDesign::scale_out_link},
      OutputField{"achievableScaleUp", "B/s", &NodeDesign::achievable_scale_up,
                  "min(scaleUpBandwidth, the scale-up link's achievableBandwidth)"},
      OutputField{"achievableScaleOut", "B/s", &NodeDesign::achievable_scale_out,
                  "scaleOutBandwidth · the scale-out link's achievableBandwidth / bandwidth"},
      OutputField{"source", "", &NodeDesign::source},
      OutputField{"note", "", &NodeDesign::note},
  };
};

template <>
struct Schema<MeasuredLatency> {
  static constexpr auto fields = std::tuple{
      OutputField{"linkLayer", "", &MeasuredLatency::link_layer},
      OutputField{"sameLeaf", "s", &MeasuredLatency::same_leaf},
      OutputField{"crossLeaf", "s", &MeasuredLatency::cross_leaf},
      OutputField{"source", "", &MeasuredLatency::source},
  };
};

}  // namespace ridgepoint
