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

struct ExpertParallelStepInput : TokenPayloadInput {
  double bandwidth = 0;  // B/s per device, one direction
  double layers = 0, micro_batches = 0;
  double latency = 0;  // s, per all-to-all (dispatch and combine each pay it)
};

struct ExpertParallelStepResult {
  double bytes = 0, transfer_time = 0, latency_time = 0, comm_time = 0;
  double layer_time = 0, tpot = 0, tokens_per_second = 0, latency_share = 0;
};

struct ExpertParallelStep {
  static constexpr const char* id = "expertParallelStep";
  static constexpr std::string_view title = "Expert-parallel decode speed limit";
  using Input = ExpertParallelStepInput;
  using Output = ExpertParallelStepResult;
  static const std::array<InputField<Input>, 9> inputs;
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
      OutputField{"tokensPerSecond", "token/s", &R::tokens_per_second, "1 / tpot"},
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

struct NodeLimitedRoutingInput : FabricPairInput {
  double max_nodes = 0;  // M: nodes one token may be dispatched to
};

struct NodeLimitedRoutingResult {
  double experts_per_node = 0, max_experts = 0, max_experts_rounded = 0;
};

struct NodeLimitedRouting {
  static constexpr const char* id = "nodeLimitedRouting";
  static constexpr std::string_view title = "Node-limited routing: equal-cost experts";
  using Input = NodeLimitedRoutingInput;
  using Output = NodeLimitedRoutingResult;
  static const std::array<InputField<Input>, 3> inputs;
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
std::string_view label(Fabric fabric);

struct ExpertParallelAllToAllResult {
  double targets_per_token = 0, nodes_per_token = 0, experts_per_gpu = 0;
  double scale_out_bytes = 0, scale_up_bytes = 0;
  double scale_out_time = 0, scale_up_time = 0, time = 0;
  Fabric bottleneck = Fabric::scale_out;
  double equal_cost_experts = 0, scale_out_saving = 0;
};

struct ExpertParallelAllToAll {
  static constexpr const char* id = "expertParallelAllToAll";
  static constexpr std::string_view title = "Expert-parallel all-to-all over two fabrics";
  using Input = ExpertParallelAllToAllInput;
  using Output = ExpertParallelAllToAllResult;
  static const std::array<InputField<Input>, 12> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

template <>
struct Schema<ExpertParallelAllToAllResult> {
  using R = ExpertParallelAllToAllResult;
  static constexpr auto fields = std::tuple{
      OutputField{"targetsPerToken", "1", &R::targets_per_token, "expertsPerToken + sharedExperts"},
      OutputField{"nodesPerToken", "1", &R::nodes_per_token,
                  "min(maxNodes, targetsPerToken, nodes): at most, every target node remote"},
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
                  "1 − nodesPerToken / min(targetsPerToken, nodes)"},
  };
};

// ---------------------------------------------------------------------------------------------
// One collective under the α-β model, reported as nccl-tests reports it.
struct CollectiveInput {
  double op = 0;  // index into kCollectiveOps
  double ranks = 0;
  double bytes = 0;      // S as nccl-tests counts it (the whole array for gather-type ops)
  double bandwidth = 0;  // B/s per rank, one direction
  double latency = 0;    // s per message step (α)
  double algorithm = 0;  // index into kCollectiveAlgorithms
};

inline constexpr std::array<std::string_view, 7> kCollectiveOps{
    "allreduce", "allgather", "reducescatter", "broadcast", "reduce", "alltoall", "sendrecv"};
inline constexpr std::array<std::string_view, 3> kCollectiveAlgorithms{"ring", "tree", "direct"};

struct CollectiveResult {
  double time = 0, algbw = 0, busbw = 0, bus_factor = 0;
  double latency_steps = 0, latency_time = 0, transfer_time = 0;
};

struct Collective {
  static constexpr const char* id = "collective";
  static constexpr std::string_view title = "Collective: time, algbw and busbw";
  using Input = CollectiveInput;
  using Output = CollectiveResult;
  static const std::array<InputField<Input>, 6> inputs;
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

struct HierarchicalAllReduce {
  static constexpr const char* id = "hierarchicalAllReduce";
  static constexpr std::string_view title = "Hierarchical all-reduce (intra-node, then inter-node)";
  using Input = HierarchicalAllReduceInput;
  using Output = HierarchicalAllReduceResult;
  static const std::array<InputField<Input>, 7> inputs;
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
                  "nodes · gpusPerNode"},
      OutputField{"speedup", "1", &R::speedup, "flatRingTime / time"},
      OutputField{"algbw", "B/s", &R::algbw, "bytes / time"},
      OutputField{"busbw", "B/s", &R::busbw, "algbw · 2(r−1)/r"},
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

struct CommOverlap {
  static constexpr const char* id = "commOverlap";
  static constexpr std::string_view title = "Compute/communication overlap";
  using Input = CommOverlapInput;
  using Output = CommOverlapResult;
  static const std::array<InputField<Input>, 4> inputs;
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

struct PipelineBubble {
  static constexpr const char* id = "pipelineBubble";
  static constexpr std::string_view title = "Pipeline bubbles: 1F1B, ZB1P, DualPipe, DualPipeV";
  using Input = PipelineBubbleInput;
  using Output = PipelineBubbleResult;
  static const std::array<InputField<Input>, 5> inputs;
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

struct HfReduce {
  static constexpr const char* id = "hfReduce";
  static constexpr std::string_view title = "PCIe all-reduce: ring vs HFReduce";
  using Input = HfReduceInput;
  using Output = HfReduceResult;
  static const std::array<InputField<Input>, 3> inputs;
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
std::string_view label(Limit limit);

struct NetworkRooflineResult {
  double intensity = 0, comm_intensity = 0, ridge_point = 0, link_ridge_point = 0;
  double compute_time = 0, memory_time = 0, comm_time = 0, time = 0;
  Limit bound = Limit::compute;
  double attainable_flops = 0;
};

struct NetworkRoofline {
  static constexpr const char* id = "networkRoofline";
  static constexpr std::string_view title = "Network roofline: compute, memory or link bound";
  using Input = NetworkRooflineInput;
  using Output = NetworkRooflineResult;
  static const std::array<InputField<Input>, 6> inputs;
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
  std::string_view id;
  std::string_view name;
  std::string_view fabric;           // "scale-up", "scale-out" or "host"
  MaybeNumber port_rate;             // bit/s, for links sold by their signalling rate
  double bandwidth = 0;              // B/s per direction, nominal
  MaybeNumber achievable_bandwidth;  // B/s per direction, as measured or stated by the source
  MaybeNumber latency;               // s, small-message latency where a source measured one
  std::string_view source;
  std::string_view note;
};

struct NodeDesign {
  std::string_view id;
  std::string_view name;
  double gpus = 0, nics = 0;
  double scale_up_bandwidth = 0;   // B/s per GPU, one direction
  double scale_out_bandwidth = 0;  // B/s per GPU, one direction (the node's NICs shared)
  double scale_up_to_scale_out = 0;
  std::string_view source;
  std::string_view note;
};

struct MeasuredLatency {
  std::string_view link_layer;
  double same_leaf = 0;    // s
  MaybeNumber cross_leaf;  // s; null where the path has no second switch tier
  std::string_view source;
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
      OutputField{"gpus", "1", &NodeDesign::gpus},
      OutputField{"nics", "1", &NodeDesign::nics},
      OutputField{"scaleUpBandwidth", "B/s", &NodeDesign::scale_up_bandwidth},
      OutputField{"scaleOutBandwidth", "B/s", &NodeDesign::scale_out_bandwidth},
      OutputField{"scaleUpToScaleOut", "1", &NodeDesign::scale_up_to_scale_out,
                  "scaleUpBandwidth / scaleOutBandwidth"},
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
