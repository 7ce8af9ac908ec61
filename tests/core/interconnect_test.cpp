#include "interconnect.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

using namespace ridgepoint;

namespace {

CollectiveInput collectiveOf(std::string_view op, std::string_view algorithm, double ranks) {
  CollectiveInput in = defaultInput<Collective>();
  for (std::size_t i = 0; i < Labels<CollectiveOp>::labels.size(); ++i) {
    if (Labels<CollectiveOp>::labels[i] == op) in.op = static_cast<double>(i);
  }
  for (std::size_t i = 0; i < Labels<CollectiveAlgorithm>::labels.size(); ++i) {
    if (Labels<CollectiveAlgorithm>::labels[i] == algorithm) in.algorithm = static_cast<double>(i);
  }
  in.ranks = ranks;
  return in;
}

template <class Calculator>
std::string firstErrorField(const typename Calculator::Input& in) {
  const auto outcome = run<Calculator>(in);
  return outcome.ok() ? std::string("(accepted)") : outcome.errors.front().field;
}

}  // namespace

TEST_CASE("more bandwidth never slows the EP step, and more latency never speeds it up") {
  ExpertParallelStepInput in = defaultInput<ExpertParallelStep>();
  double previous_tpot = std::numeric_limits<double>::infinity();
  for (double bandwidth : {12.5e9, 25e9, 40e9, 50e9, 100e9, 900e9, 1.8e12}) {
    in.bandwidth = bandwidth;
    const auto step = run<ExpertParallelStep>(in);
    REQUIRE(step.ok());
    CHECK(step.value.tpot <= previous_tpot);
    CHECK(step.value.tokens_per_second * step.value.tpot == doctest::Approx(1));
    previous_tpot = step.value.tpot;
  }
  in.bandwidth = 50e9;
  double previous_comm = 0;
  for (double latency : {0.0, 1e-6, 5e-6, 1e-4}) {
    in.latency = latency;
    const double comm = run<ExpertParallelStep>(in).value.comm_time;
    CHECK(comm >= previous_comm);
    previous_comm = comm;
  }
}

TEST_CASE("the EP speed limit scales exactly with the bandwidth ratio (6.72 / 120.96 = 50 / 900)") {
  ExpertParallelStepInput in = defaultInput<ExpertParallelStep>();
  const double at_50 = run<ExpertParallelStep>(in).value.comm_time;
  in.bandwidth = 900e9;
  const double at_900 = run<ExpertParallelStep>(in).value.comm_time;
  CHECK(at_900 / at_50 == doctest::Approx(50.0 / 900.0).epsilon(1e-12));
}

TEST_CASE("the all-to-all bottleneck switches fabric exactly at the equal-cost expert count") {
  ExpertParallelAllToAllInput in = defaultInput<ExpertParallelAllToAll>();
  NodeLimitedRoutingInput routing = defaultInput<NodeLimitedRouting>();
  const double equal_cost = run<NodeLimitedRouting>(routing).value.max_experts;
  REQUIRE(equal_cost == doctest::Approx(12.8));
  for (double experts_per_token = 4; experts_per_token <= 24; ++experts_per_token) {
    in.experts_per_token = experts_per_token;
    const auto result = run<ExpertParallelAllToAll>(in);
    REQUIRE(result.ok());
    CAPTURE(experts_per_token);
    CHECK(result.value.equal_cost_experts == doctest::Approx(equal_cost));
    CHECK((result.value.bottleneck == Fabric::scale_up) == (experts_per_token > equal_cost));
    CHECK(result.value.time >= result.value.scale_out_time);
    CHECK(result.value.time >= result.value.scale_up_time);
  }
}

TEST_CASE("a tighter node limit never adds scale-out traffic") {
  ExpertParallelAllToAllInput in = defaultInput<ExpertParallelAllToAll>();
  in.experts_per_token = 8;
  double previous = 0;
  for (double max_nodes = 1; max_nodes <= in.nodes; ++max_nodes) {
    in.max_nodes = max_nodes;
    const auto result = run<ExpertParallelAllToAll>(in);
    REQUIRE(result.ok());
    CHECK(result.value.scale_out_bytes >= previous);
    CHECK(result.value.scale_out_saving >= 0);
    CHECK(result.value.scale_out_saving < 1);
    previous = result.value.scale_out_bytes;
  }
}

TEST_CASE("busbw is at least algbw for all-reduce on two or more ranks, for every algorithm") {
  for (double ranks : {2.0, 3.0, 8.0, 64.0, 1000.0}) {
    for (std::string_view algorithm : Labels<CollectiveAlgorithm>::labels) {
      CAPTURE(ranks);
      CAPTURE(algorithm);
      const auto result = run<Collective>(collectiveOf("allreduce", algorithm, ranks));
      REQUIRE(result.ok());
      CHECK(result.value.busbw >= result.value.algbw);
      CHECK(result.value.bus_factor == doctest::Approx(2 * (ranks - 1) / ranks));
    }
  }
}

TEST_CASE("no collective's busbw exceeds the link bandwidth, and more bandwidth never slows one") {
  for (std::string_view op : Labels<CollectiveOp>::labels) {
    for (std::string_view algorithm : Labels<CollectiveAlgorithm>::labels) {
      if (op == "sendrecv" && algorithm == "tree") continue;
      for (double ranks : {2.0, 5.0, 8.0, 64.0}) {
        CAPTURE(op);
        CAPTURE(algorithm);
        CAPTURE(ranks);
        CollectiveInput in = collectiveOf(op, algorithm, ranks);
        const auto slow = run<Collective>(in);
        REQUIRE(slow.ok());
        CHECK(slow.value.busbw <= in.bandwidth * (1 + 1e-12));
        in.bandwidth *= 2;
        const auto fast = run<Collective>(in);
        CHECK(fast.value.time <= slow.value.time);
      }
    }
  }
}

TEST_CASE("with no latency the ring all-reduce reaches busbw equal to the link bandwidth") {
  CollectiveInput in = collectiveOf("allreduce", "ring", 8);
  in.latency = 0;
  for (double bytes : {1.0, 1e3, 1e9}) {
    in.bytes = bytes;
    CHECK(run<Collective>(in).value.busbw == doctest::Approx(in.bandwidth));
  }
}

TEST_CASE("the hierarchical all-reduce beats a flat ring on the slower link once a node has GPUs") {
  HierarchicalAllReduceInput in = defaultInput<HierarchicalAllReduce>();
  for (double gpus : {2.0, 4.0, 8.0}) {
    in.gpus_per_node = gpus;
    const auto result = run<HierarchicalAllReduce>(in);
    REQUIRE(result.ok());
    CHECK(result.value.speedup > 1);
    CHECK(result.value.busbw >= result.value.algbw);
  }
  in.gpus_per_node = 1;
  in.nodes = 1;
  CHECK(firstErrorField<HierarchicalAllReduce>(in) == "nodes");
}

TEST_CASE(
    "Bruck's all-to-all sends the blocks whose index has each bit set, half only at 2^k ranks") {
  // Blocks of S/n sent over ⌈lg n⌉ rounds, counted by hand: 3 ranks {1}, {2}; 5 ranks {1, 3},
  // {2, 3}, {4}; 8 ranks 4 + 4 + 4; 12 ranks 6 + 6 + 4 + 4.
  for (const auto [ranks, blocks] :
       {std::pair{3.0, 2.0}, std::pair{5.0, 5.0}, std::pair{8.0, 12.0}, std::pair{12.0, 20.0}}) {
    CollectiveInput in = collectiveOf("alltoall", "tree", ranks);
    in.latency = 0;
    const auto result = run<Collective>(in);
    REQUIRE(result.ok());
    CAPTURE(ranks);
    CHECK(result.value.transfer_time ==
          doctest::Approx(blocks * in.bytes / ranks / in.bandwidth).epsilon(1e-12));
  }
}

TEST_CASE("on one node the hierarchical all-reduce is the node's own ring, with nothing to gain") {
  HierarchicalAllReduceInput in = defaultInput<HierarchicalAllReduce>();
  in.nodes = 1;
  const auto result = run<HierarchicalAllReduce>(in);
  REQUIRE(result.ok());
  // Thakur et al.: 2(g−1)α + 2(g−1)/g · S/B, all on scale-up links.
  const double g = in.gpus_per_node;
  const double ring =
      2 * (g - 1) * in.scale_up_latency + 2 * (g - 1) / g * in.bytes / in.scale_up_bandwidth;
  CHECK(result.value.inter_node_time == 0);
  CHECK(result.value.time == doctest::Approx(ring));
  CHECK(result.value.flat_ring_time == doctest::Approx(ring));
  CHECK(result.value.speedup == doctest::Approx(1));
}

TEST_CASE("on one node an expert-parallel all-to-all puts nothing on the scale-out fabric") {
  ExpertParallelAllToAllInput in = defaultInput<ExpertParallelAllToAll>();
  in.nodes = 1;
  in.max_nodes = 1;
  const auto result = run<ExpertParallelAllToAll>(in);
  REQUIRE(result.ok());
  CHECK(result.value.nodes_per_token == 0);
  CHECK(result.value.scale_out_bytes == 0);
  CHECK(result.value.scale_out_time == 0);
  CHECK(result.value.scale_out_saving == 0);
  CHECK(result.value.bottleneck == Fabric::scale_up);
  CHECK(result.value.time == result.value.scale_up_time);
}

TEST_CASE("overlap on up to 20 of 132 SMs is never slower than compute and communication in turn") {
  CommOverlapInput in = defaultInput<CommOverlap>();
  for (double comm_sms : {0.0, 10.0, 20.0, 40.0}) {
    for (double ratio : {0.25, 1.0, 4.0}) {
      in.comm_sms = comm_sms;
      in.comm_time = in.compute_time / ratio;
      const auto result = run<CommOverlap>(in);
      REQUIRE(result.ok());
      CHECK(result.value.overlapped_time >= in.compute_time);
      CHECK(result.value.overlapped_time >= in.comm_time);
      if (comm_sms <= 20) CHECK(result.value.overlapped_time <= result.value.serialized_time);
    }
  }
}

TEST_CASE("DualPipe's bubble is never above ZB1P's, which is never above 1F1B's, for F&B = F + B") {
  PipelineBubbleInput in = defaultInput<PipelineBubble>();
  for (double stages = 2; stages <= 64; stages += 2) {
    for (double weight = 0; weight <= 1; weight += 0.25) {
      in.stages = stages;
      in.weight_backward = weight;
      const auto result = run<PipelineBubble>(in);
      REQUIRE(result.ok());
      CHECK(result.value.dual_pipe <= result.value.zero_bubble_1p);
      CHECK(result.value.zero_bubble_1p <= result.value.one_f_one_b);
      CHECK(result.value.dual_pipe_v == result.value.dual_pipe);
      CHECK(result.value.methods.size() == 4);
    }
  }
}

TEST_CASE("HFReduce's PCIe saving grows towards one half as the ring grows") {
  HfReduceInput in = defaultInput<HfReduce>();
  double previous = 0;
  for (double ranks = 2; ranks <= 1024; ranks *= 2) {
    in.ranks = ranks;
    const auto result = run<HfReduce>(in).value;
    CHECK(result.ring_pcie_units < 2);
    CHECK(result.pcie_saving > previous);
    CHECK(result.pcie_saving < 0.5);
    previous = result.pcie_saving;
  }
}

TEST_CASE("the network roofline names the slowest of its three roofs") {
  NetworkRooflineInput in = defaultInput<NetworkRoofline>();
  in.flops = 1e12;
  in.memory_bytes = 1;
  in.comm_bytes = 1;
  CHECK(run<NetworkRoofline>(in).value.bound == Limit::compute);
  in.memory_bytes = 1e12;
  CHECK(run<NetworkRoofline>(in).value.bound == Limit::memory);
  in.comm_bytes = 1e12;
  CHECK(run<NetworkRoofline>(in).value.bound == Limit::link);
  const auto result = run<NetworkRoofline>(in).value;
  CHECK(result.attainable_flops <= in.peak_flops);
  in.link_bandwidth *= 2;
  CHECK(run<NetworkRoofline>(in).value.time <= result.time);
}

TEST_CASE("every bad-input class of the issue is rejected with its field named") {
  SUBCASE("a collective with fewer than two ranks") {
    CHECK(firstErrorField<Collective>(collectiveOf("allreduce", "ring", 1)) == "ranks");
  }
  SUBCASE("more nodes per token than nodes") {
    ExpertParallelAllToAllInput in = defaultInput<ExpertParallelAllToAll>();
    in.max_nodes = in.nodes + 1;
    CHECK(firstErrorField<ExpertParallelAllToAll>(in) == "maxNodes");
  }
  SUBCASE("a top-k above the expert count") {
    ExpertParallelAllToAllInput in = defaultInput<ExpertParallelAllToAll>();
    in.experts_per_token = in.experts + 1;
    CHECK(firstErrorField<ExpertParallelAllToAll>(in) == "expertsPerToken");
  }
  SUBCASE("an odd pipeline for DualPipe") {
    PipelineBubbleInput in = defaultInput<PipelineBubble>();
    in.stages = 15;
    const auto outcome = run<PipelineBubble>(in);
    REQUIRE_FALSE(outcome.ok());
    CHECK(outcome.errors.front().field == "stages");
    CHECK(outcome.errors.front().message ==
          "stages must be even for DualPipe and DualPipeV (got 15)");
  }
  SUBCASE("zero bandwidth") {
    ExpertParallelStepInput in = defaultInput<ExpertParallelStep>();
    in.bandwidth = 0;
    const auto outcome = run<ExpertParallelStep>(in);
    REQUIRE_FALSE(outcome.ok());
    CHECK(outcome.errors.front().message ==
          "bandwidth must be a number from 1 MB/s to 1 PB/s (got 0)");
    NodeLimitedRoutingInput routing = defaultInput<NodeLimitedRouting>();
    routing.scale_out_bandwidth = 0;
    CHECK(firstErrorField<NodeLimitedRouting>(routing) == "scaleOutBandwidth");
  }
  SUBCASE("a negative latency") {
    CollectiveInput in = collectiveOf("allgather", "ring", 8);
    in.latency = -1e-6;
    CHECK(firstErrorField<Collective>(in) == "latency");
  }
  SUBCASE("NaN and infinity anywhere") {
    ExpertParallelStepInput in = defaultInput<ExpertParallelStep>();
    in.hidden = std::numeric_limits<double>::quiet_NaN();
    CHECK(firstErrorField<ExpertParallelStep>(in) == "hidden");
    in.hidden = 7000;
    in.latency = std::numeric_limits<double>::infinity();
    CHECK(firstErrorField<ExpertParallelStep>(in) == "latency");
  }
}

TEST_CASE(
    "link presets state per-direction bandwidth, convert port rates from bits, and cite sources") {
  REQUIRE(links().size() >= 12);
  for (const Link& link : links()) {
    CAPTURE(link.id);
    CHECK_FALSE(link.source.empty());
    CHECK(link.bandwidth > 0);
    if (link.port_rate) CHECK(link.bandwidth == *link.port_rate / 8);
    if (link.achievable_bandwidth) CHECK(*link.achievable_bandwidth < link.bandwidth);
  }
  auto find = [](std::string_view id) {
    for (const Link& link : links()) {
      if (link.id == id) return link;
    }
    FAIL("no link " << id);
    return Link{};
  };
  CHECK(find("ib-ndr").bandwidth == 50e9);
  CHECK(*find("ib-ndr").achievable_bandwidth == 40e9);
  CHECK(find("nvlink4-h800").bandwidth == 200e9);
  CHECK(*find("nvlink4-h800").achievable_bandwidth == 160e9);
  for (const NodeDesign& node : nodeDesigns()) {
    CAPTURE(node.id);
    CHECK_FALSE(node.source.empty());
    CHECK(node.scale_up_to_scale_out ==
          doctest::Approx(node.scale_up_bandwidth / node.scale_out_bandwidth));
  }
  CHECK(nodeDesigns()[0].scale_up_to_scale_out == doctest::Approx(3.2));
  // What collectives reach per GPU: the scale-up link's achievable rate where the node's figure
  // is the line rate; the NICs at their link's stated share (NDR 40 of 50, ISCA'25 §4.3); the
  // figures themselves where no source states one (HDR, NVLink 5).
  const auto achievable = [](std::string_view id) {
    for (const NodeDesign& node : nodeDesigns()) {
      if (node.id == id) return std::pair{node.achievable_scale_up, node.achievable_scale_out};
    }
    return std::pair{0.0, 0.0};
  };
  CHECK(achievable("deepseek-h800") == std::pair{160e9, 40e9});  // ISCA'25 §4.3: 160:40
  CHECK(achievable("dgx-h100") == std::pair{370e9, 40e9});
  // H200's NVLink 4 is H100's (MLPerf's "18x 4th Gen NVLink, 900GB/s"): the same rates.
  CHECK(achievable("hgx-h200") == std::pair{370e9, 40e9});
  CHECK(achievable("dgx-a100") == std::pair{230e9, 25e9});
  CHECK(achievable("fire-flyer-a100-pcie") == std::pair{27e9, 25e9 / 8});
  CHECK(achievable("gb200-nvl72") == std::pair{900e9, 40e9});
  CHECK(achievable("dgx-b200") == std::pair{900e9, 40e9});
  // DGX B300: 8 × 800 Gb/s ConnectX-8, one per GPU; no achievable XDR rate published, so nominal.
  CHECK(achievable("dgx-b300") == std::pair{900e9, 100e9});
  REQUIRE(measuredLatencies().size() == 3);
  CHECK(measuredLatencies()[1].same_leaf == 2.8e-6);
  CHECK(*measuredLatencies()[1].cross_leaf == 3.7e-6);
}
