#include "interconnect.hpp"

#include <algorithm>
#include <cmath>

namespace ridgepoint {

namespace {

// ⌈log₂ n⌉: the rounds of a recursive-doubling or binomial-tree algorithm on n ranks.
double doublingRounds(double ranks) {
  double rounds = 0;
  for (double reached = 1; reached < ranks; reached *= 2) ++rounds;
  return rounds;
}

// Bruck et al. 1997 (all-to-all, index algorithm): round k sends the blocks whose index has bit k
// set, each 1/ranks of the data; with ranks a power of two every round sends half of them, the
// (S/2)⌈lg n⌉ of Thakur et al. 2005 §4.5, and fewer otherwise.
double bruckBlocks(double ranks) {
  double blocks = 0;
  for (double bit = 1; bit < ranks; bit *= 2) {
    const double period = 2 * bit;  // indices cycle through bit k's 0s then 1s every 2^(k+1)
    blocks += std::floor(ranks / period) * bit + std::max(0.0, std::fmod(ranks, period) - bit);
  }
  return blocks;
}

// A ring all-reduce of `bytes` over `ranks`: Thakur et al. 2005 §4.4 (ring / Patarasuk & Yuan):
// 2(n−1) steps of α, and each rank sends 2(n−1)/n of the data.
double ringAllReduceTime(double ranks, double bytes, double bandwidth, double latency) {
  return 2 * (ranks - 1) * latency + 2 * (ranks - 1) / ranks * bytes / bandwidth;
}

// Message steps on the critical path and bytes a rank sends on its busiest link.
struct CollectiveCost {
  double steps = 0;
  double link_bytes = 0;
};

CollectiveCost collectiveCost(CollectiveOp op, CollectiveAlgorithm algorithm, double n,
                              double bytes) {
  const double rounds = doublingRounds(n);
  const double share = (n - 1) / n * bytes;  // what a rank exchanges when each keeps 1/n
  switch (op) {
    case CollectiveOp::allreduce:
      // Thakur et al. 2005 §4.4: ring 2(n−1)α; Rabenseifner (halving + doubling) 2⌈lg n⌉α;
      // both move 2(n−1)/n · S. Direct: reduce-scatter then all-gather to all peers at once.
      if (algorithm == CollectiveAlgorithm::ring) return {2 * (n - 1), 2 * share};
      if (algorithm == CollectiveAlgorithm::tree) return {2 * rounds, 2 * share};
      return {2, 2 * share};
    case CollectiveOp::allgather:
    case CollectiveOp::reducescatter:
      // Thakur et al. 2005 §4.1, §4.3: ring (n−1)α, recursive doubling/halving ⌈lg n⌉α; both
      // move (n−1)/n · S. Direct: every peer at once, one step.
      if (algorithm == CollectiveAlgorithm::ring) return {n - 1, share};
      if (algorithm == CollectiveAlgorithm::tree) return {rounds, share};
      return {1, share};
    case CollectiveOp::broadcast:
    case CollectiveOp::reduce:
      // nccl-tests PERFORMANCE.md: pipelined chain, t = S/B plus the chain's n−1 steps;
      // Thakur et al. 2005 §4.2: binomial tree ⌈lg n⌉(α + S·β); direct: the root sends n−1 copies.
      if (algorithm == CollectiveAlgorithm::ring) return {n - 1, bytes};
      if (algorithm == CollectiveAlgorithm::tree) return {rounds, rounds * bytes};
      return {1, (n - 1) * bytes};
    case CollectiveOp::alltoall:
      // Thakur et al. 2005 §4.5: pairwise exchange (n−1)α + (n−1)/n · S·β; Bruck ⌈lg n⌉α and
      // its blocks of S/n; direct: every peer at once.
      if (algorithm == CollectiveAlgorithm::ring) return {n - 1, share};
      if (algorithm == CollectiveAlgorithm::tree) return {rounds, bruckBlocks(n) * bytes / n};
      return {1, share};
    case CollectiveOp::sendrecv:
      // nccl-tests sendrecv: each rank sends S to its neighbour, one message.
      return {1, bytes};
  }
  return {};
}

// nccl-tests doc/PERFORMANCE.md: busbw = algbw · factor, the factor per operation.
double busFactor(CollectiveOp op, double n) {
  switch (op) {
    case CollectiveOp::allreduce:
      return 2 * (n - 1) / n;
    case CollectiveOp::allgather:
    case CollectiveOp::reducescatter:
    case CollectiveOp::alltoall:
      return (n - 1) / n;
    case CollectiveOp::broadcast:
    case CollectiveOp::reduce:
    case CollectiveOp::sendrecv:
      return 1;
  }
  return 1;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

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
  // the bound counts every target node as remote. On one node nothing leaves it.
  const bool one_node = in.nodes == 1;
  out.nodes_per_token = one_node ? 0 : std::min({in.max_nodes, out.targets_per_token, in.nodes});
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
  out.scale_out_saving =
      one_node ? 0 : 1 - out.nodes_per_token / std::min(out.targets_per_token, in.nodes);
  return {out, {}};
}

// ---------------------------------------------------------------------------------------------

Outcome<CollectiveResult> Collective::evaluate(const CollectiveInput& in) {
  const auto op = choiceOf<CollectiveOp>(in.op);
  const auto algorithm = choiceOf<CollectiveAlgorithm>(in.algorithm);
  if (op == CollectiveOp::sendrecv && algorithm == CollectiveAlgorithm::tree) {
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
  // One flat ring over all ranks whose every step waits on the slower, scale-out link; on one
  // node there is none, and the ring is the node's own.
  const bool one_node = in.nodes == 1;
  out.flat_ring_time =
      ringAllReduceTime(ranks, in.bytes, one_node ? in.scale_up_bandwidth : in.scale_out_bandwidth,
                        one_node ? in.scale_up_latency : in.scale_out_latency);
  // How much the two-level schedule gains over the flat ring.
  out.speedup = out.flat_ring_time / out.time;
  // nccl-tests PERFORMANCE.md: algbw = S / t, busbw = algbw · 2(n−1)/n.
  out.algbw = in.bytes / out.time;
  out.busbw = out.algbw * 2 * (ranks - 1) / ranks;
  return {out, {}};
}

// ---------------------------------------------------------------------------------------------

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
