#include "interconnect.hpp"

#include <algorithm>
#include <cmath>

namespace ridgepoint {

std::string_view label(Fabric fabric) {
  return fabric == Fabric::scale_up ? "scale-up" : "scale-out";
}

std::string_view label(Limit limit) {
  switch (limit) {
    case Limit::compute:
      return "compute";
    case Limit::memory:
      return "memory";
    case Limit::link:
      return "link";
  }
  return "compute";
}

namespace {

// Defaults are the ISCA'25 §2.3.2 decode step: 32 tokens, 8 routed + 1 shared experts, hidden
// "≈7K" (the paper's 7000; V3's true hidden size is 7168), FP8 dispatch and BF16 combine.
constexpr std::array<InputField<TokenPayloadInput>, 5> kTokenPayloadInputs{{
    {"tokensPerDevice", "1", "tokens each device sends in one step",
     &TokenPayloadInput::tokens_per_device, 32, 1, 1e7, true},
    {"expertsPerToken", "1",
     "experts each token is sent to (V3 decode: 8 routed + 1 shared served like a routed one)",
     &TokenPayloadInput::experts_per_token, 9, 1, 1024, true},
    {"hidden", "1", "hidden size: elements per token sent", &TokenPayloadInput::hidden, 7000, 1,
     1e6, true},
    {"dispatchBytes", "B",
     "bytes per element dispatched (FP8: 1; with one FP32 scale per 128: 1.03125)",
     &TokenPayloadInput::dispatch_bytes, 1, 0.125, 16},
    {"combineBytes", "B", "bytes per element combined back (BF16: 2)",
     &TokenPayloadInput::combine_bytes, 2, 0.125, 16},
}};

// V3 report §3.2.2: NVLink 160 GB/s achievable, IB 50 GB/s per 400 Gb/s NIC.
constexpr std::array<InputField<FabricPairInput>, 2> kFabricPairInputs{{
    {"scaleUpBandwidth", "B/s", "per-GPU bandwidth inside the node (NVLink), one direction",
     &FabricPairInput::scale_up_bandwidth, 160e9, 1e6, 1e15},
    {"scaleOutBandwidth", "B/s", "per-GPU bandwidth between nodes (its NIC), one direction",
     &FabricPairInput::scale_out_bandwidth, 50e9, 1e6, 1e15},
}};

constexpr auto kNodeLimitInputs = concatFields<NodeLimitedRoutingInput>(
    std::array<InputField<NodeLimitedRoutingInput>, 1>{{
        {"maxNodes", "1", "M: the most nodes one token may be dispatched to (V3: 4)",
         &NodeLimitedRoutingInput::max_nodes, 4, 1, 1e5, true},
    }},
    kFabricPairInputs);

// ⌈log₂ n⌉: the rounds of a recursive-doubling or binomial-tree algorithm on n ranks.
double doublingRounds(double ranks) {
  double rounds = 0;
  for (double reached = 1; reached < ranks; reached *= 2) ++rounds;
  return rounds;
}

// A ring all-reduce of `bytes` over `ranks`: Thakur et al. 2005 §4.4 (ring / Patarasuk & Yuan):
// 2(n−1) steps of α, and each rank sends 2(n−1)/n of the data.
double ringAllReduceTime(double ranks, double bytes, double bandwidth, double latency) {
  return 2 * (ranks - 1) * latency + 2 * (ranks - 1) / ranks * bytes / bandwidth;
}

enum class Op { allreduce, allgather, reducescatter, broadcast, reduce, alltoall, sendrecv };
enum class Algorithm { ring, tree, direct };

// Message steps on the critical path and bytes a rank sends on its busiest link.
struct CollectiveCost {
  double steps = 0;
  double link_bytes = 0;
};

CollectiveCost collectiveCost(Op op, Algorithm algorithm, double n, double bytes) {
  const double rounds = doublingRounds(n);
  const double share = (n - 1) / n * bytes;  // what a rank exchanges when each keeps 1/n
  switch (op) {
    case Op::allreduce:
      // Thakur et al. 2005 §4.4: ring 2(n−1)α; Rabenseifner (halving + doubling) 2⌈lg n⌉α;
      // both move 2(n−1)/n · S. Direct: reduce-scatter then all-gather to all peers at once.
      if (algorithm == Algorithm::ring) return {2 * (n - 1), 2 * share};
      if (algorithm == Algorithm::tree) return {2 * rounds, 2 * share};
      return {2, 2 * share};
    case Op::allgather:
    case Op::reducescatter:
      // Thakur et al. 2005 §4.1, §4.3: ring (n−1)α, recursive doubling/halving ⌈lg n⌉α; both
      // move (n−1)/n · S. Direct: every peer at once, one step.
      if (algorithm == Algorithm::ring) return {n - 1, share};
      if (algorithm == Algorithm::tree) return {rounds, share};
      return {1, share};
    case Op::broadcast:
    case Op::reduce:
      // nccl-tests PERFORMANCE.md: pipelined chain, t = S/B plus the chain's n−1 steps;
      // Thakur et al. 2005 §4.2: binomial tree ⌈lg n⌉(α + S·β); direct: the root sends n−1 copies.
      if (algorithm == Algorithm::ring) return {n - 1, bytes};
      if (algorithm == Algorithm::tree) return {rounds, rounds * bytes};
      return {1, (n - 1) * bytes};
    case Op::alltoall:
      // Thakur et al. 2005 §4.5: pairwise exchange (n−1)α + (n−1)/n · S·β; Bruck
      // ⌈lg n⌉α + (S/2)⌈lg n⌉β; direct: every peer at once.
      if (algorithm == Algorithm::ring) return {n - 1, share};
      if (algorithm == Algorithm::tree) return {rounds, rounds * bytes / 2};
      return {1, share};
    case Op::sendrecv:
      // nccl-tests sendrecv: each rank sends S to its neighbour, one message.
      return {1, bytes};
  }
  return {};
}

// nccl-tests doc/PERFORMANCE.md: busbw = algbw · factor, the factor per operation.
double busFactor(Op op, double n) {
  switch (op) {
    case Op::allreduce:
      return 2 * (n - 1) / n;
    case Op::allgather:
    case Op::reducescatter:
    case Op::alltoall:
      return (n - 1) / n;
    case Op::broadcast:
    case Op::reduce:
    case Op::sendrecv:
      return 1;
  }
  return 1;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

const std::array<InputField<ExpertParallelStepInput>, 9> ExpertParallelStep::inputs =
    concatFields<ExpertParallelStepInput>(
        kTokenPayloadInputs,
        std::array<InputField<ExpertParallelStepInput>, 4>{{
            {"bandwidth", "B/s",
             "per-device network bandwidth, one direction (one 400 Gb/s NIC: 50e9)",
             &ExpertParallelStepInput::bandwidth, 50e9, 1e6, 1e15},
            {"layers", "1", "layers, each with its own all-to-alls (ISCA'25 counts all 61 of V3's)",
             &ExpertParallelStepInput::layers, 61, 1, 1000, true},
            {"microBatches", "1",
             "micro-batches overlapped per layer, each with its own all-to-alls",
             &ExpertParallelStepInput::micro_batches, 2, 1, 64, true},
            {"latency", "s", "network latency of one all-to-all (dispatch and combine each pay it)",
             &ExpertParallelStepInput::latency, 0, 0, 1},
        }});

Outcome<ExpertParallelStepResult> ExpertParallelStep::evaluate(const ExpertParallelStepInput& in) {
  ExpertParallelStepResult out;
  // ISCA'25 §2.3.2: (1 + 2) B × 32 tokens × 9 experts × 7K = bytes of dispatch plus combine.
  out.bytes = (in.dispatch_bytes + in.combine_bytes) * in.tokens_per_device * in.experts_per_token *
              in.hidden;
  // ISCA'25 §2.3.2: Comm. Time = bytes / 50 GB/s (network latency not included there).
  out.transfer_time = out.bytes / in.bandwidth;
  // A latency per all-to-all, two all-to-alls (dispatch, combine) per step.
  out.latency_time = 2 * in.latency;
  out.comm_time = out.transfer_time + out.latency_time;
  // ISCA'25 §2.3.2: two micro-batches overlap compute, so each layer costs 2 × Comm. Time.
  out.layer_time = in.micro_batches * out.comm_time;
  // ISCA'25 §2.3.2: TPOT = 61 layers × time per layer; tokens/s = 1 / TPOT.
  out.tpot = in.layers * out.layer_time;
  out.tokens_per_second = 1 / out.tpot;
  // The part of each step that more bandwidth cannot remove.
  out.latency_share = out.latency_time / out.comm_time;
  return {out, {}};
}

// ---------------------------------------------------------------------------------------------

const std::array<InputField<NodeLimitedRoutingInput>, 3> NodeLimitedRouting::inputs =
    kNodeLimitInputs;

Outcome<NodeLimitedRoutingResult> NodeLimitedRouting::evaluate(const NodeLimitedRoutingInput& in) {
  NodeLimitedRoutingResult out;
  // V3 report §3.2.2: NVLink 160 GB/s is 3.2 × IB 50 GB/s, so 3.2 experts per node cost no more.
  out.experts_per_node = in.scale_up_bandwidth / in.scale_out_bandwidth;
  // V3 report §3.2.2: 4 nodes × 3.2 experts/node = 12.8, "a maximum of 13 experts".
  out.max_experts = in.max_nodes * out.experts_per_node;
  out.max_experts_rounded = std::round(out.max_experts);
  return {out, {}};
}

// ---------------------------------------------------------------------------------------------

const std::array<InputField<ExpertParallelAllToAllInput>, 12> ExpertParallelAllToAll::inputs =
    concatFields<ExpertParallelAllToAllInput>(
        kTokenPayloadInputs,
        std::array<InputField<ExpertParallelAllToAllInput>, 4>{{
            {"sharedExperts", "1",
             "shared experts sent like routed ones (0 when every GPU computes them locally)",
             &ExpertParallelAllToAllInput::shared_experts, 0, 0, 64, true},
            {"experts", "1", "routed experts in the layer (V3: 256)",
             &ExpertParallelAllToAllInput::experts, 256, 1, 1e6, true},
            {"gpusPerNode", "1", "GPUs in one scale-up domain (node)",
             &ExpertParallelAllToAllInput::gpus_per_node, 8, 1, 1024, true},
            {"nodes", "1", "nodes the experts are spread over (V3 training: 8)",
             &ExpertParallelAllToAllInput::nodes, 8, 1, 1e5, true},
        }},
        kNodeLimitInputs);

Outcome<ExpertParallelAllToAllResult> ExpertParallelAllToAll::evaluate(
    const ExpertParallelAllToAllInput& in) {
  if (in.experts_per_token > in.experts) {
    return failure<ExpertParallelAllToAllResult>(
        "expertsPerToken", "expertsPerToken must be at most experts (" + formatNumber(in.experts) +
                               "); got " + formatNumber(in.experts_per_token));
  }
  if (in.max_nodes > in.nodes) {
    return failure<ExpertParallelAllToAllResult>(
        "maxNodes", "maxNodes must be at most nodes (" + formatNumber(in.nodes) + "); got " +
                        formatNumber(in.max_nodes));
  }
  // Experts sit evenly on nodes, so M nodes hold M · experts / nodes of them.
  const double reachable_experts = in.max_nodes * in.experts / in.nodes;
  if (reachable_experts < in.experts_per_token) {
    return failure<ExpertParallelAllToAllResult>(
        "maxNodes",
        "maxNodes must reach at least expertsPerToken experts: " + formatNumber(in.max_nodes) +
            " nodes hold only " + formatNumber(reachable_experts));
  }
  ExpertParallelAllToAllResult out;
  const double bytes_per_copy = in.hidden * (in.dispatch_bytes + in.combine_bytes);
  out.targets_per_token = in.experts_per_token + in.shared_experts;
  // ISCA'25 §4.3: with node-limited routing a token crosses IB once per target node (Mt, not 8t);
  // the bound counts every target node as remote.
  out.nodes_per_token = std::min({in.max_nodes, out.targets_per_token, in.nodes});
  // V3 report §4.2: 256 experts on 64 GPUs, 4 per GPU.
  out.experts_per_gpu = in.experts / (in.nodes * in.gpus_per_node);
  out.scale_out_bytes = in.tokens_per_device * out.nodes_per_token * bytes_per_copy;
  // V3 report §3.2.2: IB delivers to the same-index GPU, NVLink forwards to each target expert.
  out.scale_up_bytes = in.tokens_per_device * out.targets_per_token * bytes_per_copy;
  // ISCA'25 §2.3.2: time on a fabric = bytes / its bandwidth.
  out.scale_out_time = out.scale_out_bytes / in.scale_out_bandwidth;
  out.scale_up_time = out.scale_up_bytes / in.scale_up_bandwidth;
  // V3 report §3.2.2: IB sending, forwarding and NVLink receiving run as overlapped stages.
  out.time = std::max(out.scale_out_time, out.scale_up_time);
  out.bottleneck = out.scale_up_time > out.scale_out_time ? Fabric::scale_up : Fabric::scale_out;
  // V3 report §3.2.2: the experts per token at which both fabrics take equally long.
  out.equal_cost_experts = out.nodes_per_token * in.scale_up_bandwidth / in.scale_out_bandwidth;
  // ISCA'25 §4.3: IB traffic falls from one copy per target (8t) to one per node (Mt).
  out.scale_out_saving = 1 - out.nodes_per_token / std::min(out.targets_per_token, in.nodes);
  return {out, {}};
}

// ---------------------------------------------------------------------------------------------

const std::array<InputField<CollectiveInput>, 6> Collective::inputs{{
    {"op", "", "the collective operation", &CollectiveInput::op, 0, 0, kCollectiveOps.size() - 1,
     true, kCollectiveOps},
    {"ranks", "1", "GPUs taking part", &CollectiveInput::ranks, 8, 2, 1e6, true},
    {"bytes", "B",
     "message size as nccl-tests counts it (the whole gathered array for allgather, "
     "reducescatter and alltoall)",
     &CollectiveInput::bytes, 1e9, 1, 1e15},
    {"bandwidth", "B/s", "per-rank link bandwidth, one direction", &CollectiveInput::bandwidth,
     50e9, 1e6, 1e15},
    {"latency", "s", "α: latency of one message step (ISCA'25 Table 5: 2.8–5.6 µs)",
     &CollectiveInput::latency, 3.7e-6, 0, 1},
    {"algorithm", "",
     "ring; tree (recursive doubling, binomial tree, Bruck); direct (all peers "
     "at once)",
     &CollectiveInput::algorithm, 0, 0, kCollectiveAlgorithms.size() - 1, true,
     kCollectiveAlgorithms},
}};

Outcome<CollectiveResult> Collective::evaluate(const CollectiveInput& in) {
  const auto op = static_cast<Op>(in.op);
  const auto algorithm = static_cast<Algorithm>(in.algorithm);
  if (op == Op::sendrecv && algorithm == Algorithm::tree) {
    return failure<CollectiveResult>(
        "algorithm",
        "algorithm must be 'ring' or 'direct' for sendrecv: it is one message to a "
        "neighbour, there is no tree");
  }
  const CollectiveCost cost = collectiveCost(op, algorithm, in.ranks, in.bytes);
  CollectiveResult out;
  // Hockney's α-β model: time = steps · α + bytes on the busiest link / bandwidth.
  out.latency_steps = cost.steps;
  out.latency_time = cost.steps * in.latency;
  out.transfer_time = cost.link_bytes / in.bandwidth;
  out.time = out.latency_time + out.transfer_time;
  // nccl-tests PERFORMANCE.md: algbw = S / t; busbw = algbw · factor.
  out.algbw = in.bytes / out.time;
  out.bus_factor = busFactor(op, in.ranks);
  out.busbw = out.algbw * out.bus_factor;
  return {out, {}};
}

// ---------------------------------------------------------------------------------------------

const std::array<InputField<HierarchicalAllReduceInput>, 7> HierarchicalAllReduce::inputs =
    concatFields<HierarchicalAllReduceInput>(
        std::array<InputField<HierarchicalAllReduceInput>, 3>{{
            {"bytes", "B", "data each GPU all-reduces (e.g. its gradients)",
             &HierarchicalAllReduceInput::bytes, 1e9, 1, 1e15},
            {"gpusPerNode", "1", "GPUs per node, each with its own NIC rail",
             &HierarchicalAllReduceInput::gpus_per_node, 8, 1, 1024, true},
            {"nodes", "1", "nodes", &HierarchicalAllReduceInput::nodes, 16, 1, 1e5, true},
        }},
        kFabricPairInputs,
        std::array<InputField<HierarchicalAllReduceInput>, 2>{{
            {"scaleUpLatency", "s",
             "latency of one step inside the node (ISCA'25 Table 5: 3.33 µs)",
             &HierarchicalAllReduceInput::scale_up_latency, 3.33e-6, 0, 1},
            {"scaleOutLatency", "s",
             "latency of one step between nodes (ISCA'25 Table 5: IB 3.7 µs across leaves)",
             &HierarchicalAllReduceInput::scale_out_latency, 3.7e-6, 0, 1},
        }});

Outcome<HierarchicalAllReduceResult> HierarchicalAllReduce::evaluate(
    const HierarchicalAllReduceInput& in) {
  const double ranks = in.gpus_per_node * in.nodes;
  if (ranks < 2) {
    return failure<HierarchicalAllReduceResult>(
        "nodes", "nodes × gpusPerNode must be at least 2 for an all-reduce (got 1)");
  }
  const double g = in.gpus_per_node;
  HierarchicalAllReduceResult out;
  // Thakur et al. 2005 §4.1, §4.3: ring reduce-scatter, then later ring all-gather, inside the
  // node: each (g−1)α + (g−1)/g · S/B.
  out.intra_node_time =
      2 * ((g - 1) * in.scale_up_latency + (g - 1) / g * in.bytes / in.scale_up_bandwidth);
  // Each GPU then all-reduces its 1/g shard with its peers on the other nodes over its own rail.
  out.inter_node_time =
      ringAllReduceTime(in.nodes, in.bytes / g, in.scale_out_bandwidth, in.scale_out_latency);
  out.time = out.intra_node_time + out.inter_node_time;
  // One flat ring over all ranks whose every step waits on the slower, scale-out link.
  out.flat_ring_time =
      ringAllReduceTime(ranks, in.bytes, in.scale_out_bandwidth, in.scale_out_latency);
  // How much the two-level schedule gains over the flat ring.
  out.speedup = out.flat_ring_time / out.time;
  // nccl-tests PERFORMANCE.md: algbw = S / t, busbw = algbw · 2(n−1)/n.
  out.algbw = in.bytes / out.time;
  out.busbw = out.algbw * 2 * (ranks - 1) / ranks;
  return {out, {}};
}

// ---------------------------------------------------------------------------------------------

const std::array<InputField<CommOverlapInput>, 4> CommOverlap::inputs{{
    {"computeTime", "s", "compute of one step on every SM", &CommOverlapInput::compute_time, 1e-3,
     1e-12, 1e6},
    {"commTime", "s", "communication of the same step on its own SMs", &CommOverlapInput::comm_time,
     1e-3, 1e-12, 1e6},
    {"totalSms", "1", "SMs on the GPU (H800: 132)", &CommOverlapInput::total_sms, 132, 1, 1e4,
     true},
    {"commSms", "1", "SMs given to communication (V3 training: 20)", &CommOverlapInput::comm_sms,
     20, 0, 1e4, true},
}};

Outcome<CommOverlapResult> CommOverlap::evaluate(const CommOverlapInput& in) {
  if (in.comm_sms >= in.total_sms) {
    return failure<CommOverlapResult>(
        "commSms", "commSms must be less than totalSms (" + formatNumber(in.total_sms) +
                       ") so some SMs compute; got " + formatNumber(in.comm_sms));
  }
  CommOverlapResult out;
  // V3 report §3.5.1: 20 of the H800's 132 SMs go to communication (15.2 %).
  out.sm_share = in.comm_sms / in.total_sms;
  // Compute assumed to scale with the SMs left to it.
  out.slowed_compute_time = in.compute_time * in.total_sms / (in.total_sms - in.comm_sms);
  // V3 report §3.2.1: with full overlap the step takes the longer of the two.
  out.overlapped_time = std::max(out.slowed_compute_time, in.comm_time);
  // Without overlap every SM computes, then communication runs alone.
  out.serialized_time = in.compute_time + in.comm_time;
  // Communication the compute does not hide.
  out.exposed_comm_time = std::max(0.0, in.comm_time - out.slowed_compute_time);
  out.speedup = out.serialized_time / out.overlapped_time;
  // V3 report §3.2.1: cross-node EP gives a computation-to-communication ratio of about 1:1.
  out.compute_to_comm_ratio = in.compute_time / in.comm_time;
  return {out, {}};
}

// ---------------------------------------------------------------------------------------------

const std::array<InputField<PipelineBubbleInput>, 5> PipelineBubble::inputs{{
    {"stages", "1", "PP: pipeline stages (even, for DualPipe)", &PipelineBubbleInput::stages, 16, 2,
     1024, true},
    {"forward", "s", "F: time of one forward chunk", &PipelineBubbleInput::forward, 1, 0, 1e6},
    {"backward", "s", "B: time of one full backward chunk", &PipelineBubbleInput::backward, 2, 0,
     1e6},
    {"weightBackward", "s", "W: the backward-for-weights part of B",
     &PipelineBubbleInput::weight_backward, 1, 0, 1e6},
    {"overlappedForwardBackward", "s",
     "F&B: a forward and a backward chunk run overlapped, from max(F, B) to F + B",
     &PipelineBubbleInput::overlapped_forward_backward, 3, 0, 2e6},
}};

Outcome<PipelineBubbleResult> PipelineBubble::evaluate(const PipelineBubbleInput& in) {
  if (std::fmod(in.stages, 2) != 0) {
    return failure<PipelineBubbleResult>(
        "stages",
        "stages must be even for DualPipe and DualPipeV (got " + formatNumber(in.stages) + ")");
  }
  if (in.weight_backward > in.backward) {
    return failure<PipelineBubbleResult>(
        "weightBackward", "weightBackward must be at most backward (" + formatNumber(in.backward) +
                              "): W is part of B");
  }
  const double fb = in.overlapped_forward_backward;
  if (fb < std::max(in.forward, in.backward) || fb > in.forward + in.backward) {
    return failure<PipelineBubbleResult>(
        "overlappedForwardBackward",
        "overlappedForwardBackward must be from max(forward, backward) = " +
            formatNumber(std::max(in.forward, in.backward)) +
            " to forward + backward = " + formatNumber(in.forward + in.backward));
  }
  if (2 * in.weight_backward > in.forward + in.backward ||
      3 * in.weight_backward > fb + in.backward) {
    return failure<PipelineBubbleResult>(
        "weightBackward",
        "weightBackward must be at most (forward + backward) / 2 and (overlappedForwardBackward + "
        "backward) / 3, or a bubble would be negative");
  }
  PipelineBubbleResult out;
  const double pp = in.stages;
  // V3 report Table 2: 1F1B bubble (PP − 1)(F + B).
  out.one_f_one_b = (pp - 1) * (in.forward + in.backward);
  // V3 report Table 2: ZB1P bubble (PP − 1)(F + B − 2W).
  out.zero_bubble_1p = (pp - 1) * (in.forward + in.backward - 2 * in.weight_backward);
  // V3 report Table 2: DualPipe bubble (PP/2 − 1)(F&B + B − 3W).
  out.dual_pipe = (pp / 2 - 1) * (fb + in.backward - 3 * in.weight_backward);
  // DualPipe README: DualPipeV has DualPipe's bubble on PP/2 devices.
  out.dual_pipe_v = out.dual_pipe;
  out.dual_pipe_v_devices = pp / 2;
  // V3 report Table 2 and DualPipe README: parameter and activation multipliers, devices.
  out.methods = {
      {"1F1B", out.one_f_one_b, 1, pp, pp},
      {"ZB1P", out.zero_bubble_1p, 1, pp, pp},
      {"DualPipe", out.dual_pipe, 2, pp + 1, pp},
      {"DualPipeV", out.dual_pipe_v, 2, pp + 1, pp / 2},
  };
  return {out, {}};
}

// ---------------------------------------------------------------------------------------------

const std::array<InputField<HfReduceInput>, 3> HfReduce::inputs{{
    {"ranks", "1", "GPUs in the all-reduce on one node", &HfReduceInput::ranks, 8, 2, 1024, true},
    {"hostMemoryBandwidth", "B/s",
     "host memory bandwidth in practice (16-channel DDR4-3200: 320 GB/s)",
     &HfReduceInput::host_memory_bandwidth, 320e9, 1e6, 1e15},
    {"memoryPasses", "1",
     "host-memory traffic per byte reduced (Fire-Flyer: 8 + 9 + 5 + 2 = 24 for 8 GPUs)",
     &HfReduceInput::memory_passes, 24, 1, 1000},
}};

Outcome<HfReduceResult> HfReduce::evaluate(const HfReduceInput& in) {
  HfReduceResult out;
  // Fire-Flyer §IV: NCCL's ring sends each unit 2n − 1 times, (2n − 1)/n units of PCIe bandwidth.
  out.ring_pcie_units = (2 * in.ranks - 1) / in.ranks;
  // Fire-Flyer §IV: HFReduce does one D2H and one H2D copy, 1 unit.
  out.hf_reduce_pcie_units = 1;
  // Fire-Flyer §IV: the PCIe traffic HFReduce avoids, relative to the ring.
  out.pcie_saving = 1 - out.hf_reduce_pcie_units / out.ring_pcie_units;
  // Fire-Flyer §IV-D: 320 GB/s of host memory ÷ 24 passes = 13.3 GB/s theoretical.
  out.ceiling = in.host_memory_bandwidth / in.memory_passes;
  return {out, {}};
}

// ---------------------------------------------------------------------------------------------

const std::array<InputField<NetworkRooflineInput>, 6> NetworkRoofline::inputs =
    concatFields<NetworkRooflineInput>(
        std::array<InputField<NetworkRooflineInput>, 3>{{
            {"flops", "FLOP", "FLOPs of the layer on one GPU", &NetworkRooflineInput::flops, 1e9, 1,
             1e21},
            {"memoryBytes", "B", "bytes it reads and writes in HBM",
             &NetworkRooflineInput::memory_bytes, 1e7, 1, 1e18},
            {"commBytes", "B", "bytes it sends over its link (one direction)",
             &NetworkRooflineInput::comm_bytes, 1e6, 1, 1e18},
        }},
        kRoofInputs,
        std::array<InputField<NetworkRooflineInput>, 1>{{
            {"linkBandwidth", "B/s", "the GPU's link bandwidth, one direction",
             &NetworkRooflineInput::link_bandwidth, 50e9, 1e6, 1e15},
        }});

Outcome<NetworkRooflineResult> NetworkRoofline::evaluate(const NetworkRooflineInput& in) {
  NetworkRooflineResult out;
  // Roofline (Williams et al. 2009) with a third roof: FLOPs per byte sent over the link.
  out.intensity = in.flops / in.memory_bytes;
  out.comm_intensity = in.flops / in.comm_bytes;
  out.ridge_point = in.peak_flops / in.memory_bandwidth;
  out.link_ridge_point = in.peak_flops / in.link_bandwidth;
  out.compute_time = in.flops / in.peak_flops;
  out.memory_time = in.memory_bytes / in.memory_bandwidth;
  out.comm_time = in.comm_bytes / in.link_bandwidth;
  out.time = std::max({out.compute_time, out.memory_time, out.comm_time});
  // The slowest roof binds; on a tie compute wins, as at the roofline's ridge.
  out.bound = out.compute_time >= std::max(out.memory_time, out.comm_time) ? Limit::compute
              : out.memory_time >= out.comm_time                           ? Limit::memory
                                                                           : Limit::link;
  // Roofline (Williams et al. 2009): attainable FLOP/s = FLOPs / the binding roof's time.
  out.attainable_flops = in.flops / out.time;
  return {out, {}};
}

}  // namespace ridgepoint
