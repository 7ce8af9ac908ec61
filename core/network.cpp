#include "network.hpp"

#include <cmath>

namespace ridgepoint {

namespace {

NetworkCost priceNetwork(const PriceInput& prices, double endpoints, double switches, double links,
                         double endpoint_links) {
  const bool optical_endpoints = choiceOf<Cabling>(prices.endpoint_cabling) == Cabling::optical;
  NetworkCost out;
  // Every link is one cable; an optical link also has a transceiver at each end.
  out.cables = links + endpoint_links;
  out.optics = 2 * links + (optical_endpoints ? 2 * endpoint_links : 0);
  // ISCA'25 Table 3 prices switches and switch-to-switch links (fit: $83,008 and $504 each).
  out.switch_cost = switches * prices.switch_price;
  out.link_cost = links * (2 * prices.optic_price + prices.cable_price);
  // Endpoint links and NICs, which Table 3 leaves out.
  out.endpoint_cost =
      endpoint_links * (prices.cable_price + (optical_endpoints ? 2 * prices.optic_price : 0)) +
      endpoints * prices.nic_price;
  out.cost = out.switch_cost + out.link_cost + out.endpoint_cost;
  out.cost_per_endpoint = out.cost / endpoints;
  return out;
}

// ---- Fat-tree --------------------------------------------------------------------------------

struct LeafPorts {
  double up = 0, down = 0;
};

// A leaf splits its ports down:up ≤ oversubscription : 1; uplinks round up to a whole port so
// the ratio never exceeds the one asked for (1 : 1 gives radix / 2 each way).
LeafPorts leafPorts(double radix, double oversubscription) {
  // The relative guard keeps a quotient that is whole up to rounding (42 / 2.8 = 15.000…02) from
  // gaining a port; the other counts divide whole numbers, which is exact when the result is.
  const double up = std::ceil(radix / (1 + oversubscription) * (1 - 1e-12));
  return {up, radix - up};
}

double fullSizePerPlane(double radix, double layers, LeafPorts leaf) {
  // One layer is a single switch with every port to an endpoint.
  if (layers == 1) return radix;
  // Al-Fares et al. 2008 §3: every spine port reaches a different leaf, so a two-layer tree has
  // radix leaves (non-blocking: radix²/2 endpoints, ISCA'25 Table 3 FT2).
  if (layers == 2) return radix * leaf.down;
  // Al-Fares et al. 2008 §3: radix pods, each of radix/2 aggregation switches with radix/2 ports
  // down, take radix²/4 leaf uplinks per pod (non-blocking: radix³/4 endpoints, Table 3 FT3).
  return radix * std::floor(radix * radix / (4 * leaf.up)) * leaf.down;
}

// A single switch has no uplinks, so no oversubscription: its crossbar is non-blocking.
LeafPorts leafPortsOf(const FatTreeInput& in) {
  return in.layers == 1 ? LeafPorts{0, in.radix} : leafPorts(in.radix, in.oversubscription);
}

bool isEvenWhole(double value) { return std::fmod(value, 2) == 0; }

// Counts for a valid input; `endpoints` is already resolved (0 replaced by the full size).
FatTreeResult sizeFatTree(const FatTreeInput& in, double endpoints) {
  const LeafPorts leaf = leafPortsOf(in);
  FatTreeResult out;
  out.endpoints = endpoints;
  out.full_size = in.planes * fullSizePerPlane(in.radix, in.layers, leaf);
  // ISCA'25 §5.1: each plane is a separate fat-tree taking its share of the endpoints.
  out.endpoints_per_plane = std::ceil(endpoints / in.planes);
  out.uplinks_per_leaf = leaf.up;
  out.downlinks_per_leaf = leaf.down;
  out.leaf_oversubscription = in.layers == 1 ? 1 : leaf.down / leaf.up;
  // Fire-Flyer §III-C: leaves = endpoints / (radix/2) when non-blocking (1,600 / 20 = 80).
  const double leaves = std::ceil(out.endpoints_per_plane / leaf.down);
  const double leaf_uplinks = leaves * leaf.up;
  double spines = 0, cores = 0;
  if (in.layers == 1) {
    // No spine: the one switch per plane is the whole tree.
  } else if (in.layers == 2) {
    // ISCA'25 Table 3 FT2: the spines take every leaf uplink on all their ports (64·32/64 = 32).
    spines = std::ceil(leaf_uplinks / in.radix);
  } else {
    // Fire-Flyer §III-C: aggregation ("spine") switches take leaf uplinks on half their ports
    // (80·20/20 = 80) and pass as many up; the core takes those on all its ports (1,600/40 = 40).
    spines = std::ceil(leaf_uplinks / (in.radix / 2));
    cores = std::ceil(leaf_uplinks / in.radix);
  }
  out.leaf_switches = in.planes * leaves;
  out.spine_switches = in.planes * spines;
  out.core_switches = in.planes * cores;
  out.switches = out.leaf_switches + out.spine_switches + out.core_switches;
  // ISCA'25 Table 3: links are switch-to-switch; each layer boundary carries every leaf uplink
  // (FT2 64·32 = 2,048; FT3 2 · 65,536 = 131,072).
  out.links = in.planes * (in.layers - 1) * leaf_uplinks;
  out.endpoint_links = endpoints;
  // Half the endpoints send to the other half at line rate, divided by the leaf oversubscription.
  out.bisection_bandwidth = endpoints * in.port_bandwidth / (2 * out.leaf_oversubscription);
  // Up to the top layer and back down: 2 (layers − 1) switch-to-switch links.
  out.diameter = 2 * (in.layers - 1);
  static_cast<NetworkCost&>(out) =
      priceNetwork(in, endpoints, out.switches, out.links, out.endpoint_links);
  return out;
}

std::string describeCapacity(double radix, double layers, double planes) {
  return "radix " + formatNumber(radix) + ", " + formatNumber(layers) +
         (layers == 1 ? " layer and " : " layers and ") + formatNumber(planes) +
         (planes == 1 ? " plane" : " planes");
}

std::string evenRadixMessage(double radix) {
  return "radix must be an even number of ports from 4 to 1024 (got " + formatNumber(radix) + ")";
}

// ---- Slim Fly ----------------------------------------------------------------------------------

bool isPrimePower(double value) {
  auto n = static_cast<long long>(value);
  long long factor = 2;
  while (factor * factor <= n && n % factor != 0) ++factor;
  if (factor * factor > n) return n > 1;  // n itself is prime
  while (n % factor == 0) n /= factor;
  return n == 1;
}

// ---- Fire-Flyer --------------------------------------------------------------------------------

FireFlyerDesign threeLayerDesign(std::string_view name, double radix, double endpoints) {
  FatTreeInput in = defaultInput<FatTree>();
  in.radix = radix;
  in.layers = 3;
  in.planes = 1;
  in.oversubscription = 1;
  FireFlyerDesign design{std::string(name)};
  design.endpoints = endpoints;
  const double capacity = fullSizePerPlane(radix, 3, leafPorts(radix, 1));
  if (endpoints > capacity) {
    design.note = "does not fit: a three-layer fat-tree of radix " + formatNumber(radix) +
                  " holds " + formatCount(capacity) + " endpoints";
    return design;
  }
  const FatTreeResult tree = sizeFatTree(in, endpoints);
  design.leaf_switches = tree.leaf_switches;
  design.spine_switches = tree.spine_switches;
  design.core_switches = tree.core_switches;
  design.switches = tree.switches;
  return design;
}

// ---- The cheapest fat-tree ---------------------------------------------------------------------

std::string_view wiringOf(double planes, double nics_per_node) {
  if (planes == 1) return nics_per_node > 1 ? "multi-rail" : "single plane";
  return nics_per_node > planes ? "multi-plane, multi-rail" : "multi-plane";
}

// Cheaper first; at equal cost fewer layers (fewer hops), then fewer switches, then more planes
// (ISCA'25 §5.1: planes isolate traffic and faults).
bool betterThan(const FabricCandidate& a, const FabricCandidate& b) {
  if (a.cost != b.cost) return a.cost < b.cost;
  if (a.layers != b.layers) return a.layers < b.layers;
  if (a.switches != b.switches) return a.switches < b.switches;
  return a.planes > b.planes;
}

}  // namespace

// ---- Fat-tree ----------------------------------------------------------------------------------

Outcome<FatTreeResult> FatTree::evaluate(const FatTreeInput& in) {
  if (!isEvenWhole(in.radix)) return failure<FatTreeResult>("radix", evenRadixMessage(in.radix));
  const double full_size = in.planes * fullSizePerPlane(in.radix, in.layers, leafPortsOf(in));
  if (in.endpoints > full_size) {
    return failure<FatTreeResult>(
        "endpoints", "endpoints must be at most " + formatNumber(full_size) + " for " +
                         describeCapacity(in.radix, in.layers, in.planes) +
                         " (0 = the full size; got " + formatNumber(in.endpoints) + ")");
  }
  if (in.endpoints != 0 && in.endpoints < in.planes) {
    return failure<FatTreeResult>("endpoints",
                                  "endpoints must be 0 (the full size) or at least planes (" +
                                      formatNumber(in.planes) + "), so every plane has one (got " +
                                      formatNumber(in.endpoints) + ")");
  }
  return {sizeFatTree(in, in.endpoints == 0 ? full_size : in.endpoints), {}};
}

// ---- Fire-Flyer --------------------------------------------------------------------------------

Outcome<FireFlyerResult> FireFlyer::evaluate(const FireFlyerInput& in) {
  if (!isEvenWhole(in.radix)) {
    return failure<FireFlyerResult>("radix", evenRadixMessage(in.radix));
  }
  FireFlyerResult out;
  // Fire-Flyer §III-B: a two-layer fat-tree of 40-port switches has 800 ports, 40 leaf + 20
  // spine switches.
  out.ports_per_zone = in.radix * in.radix / 2;
  out.leaf_switches_per_zone = in.radix;
  out.spine_switches_per_zone = in.radix / 2;
  out.switches = in.zones * (out.leaf_switches_per_zone + out.spine_switches_per_zone);
  out.gpus = in.gpu_nodes * in.gpus_per_node;
  // Fire-Flyer §III-B: GPU nodes split between the zones; every storage server has two NICs,
  // one in each zone.
  out.gpu_nodes_per_zone = std::ceil(in.gpu_nodes / in.zones);
  out.storage_ports_per_zone = in.storage_servers;
  out.ports_needed_per_zone = out.gpu_nodes_per_zone + out.storage_ports_per_zone;
  out.fits = out.ports_needed_per_zone <= out.ports_per_zone;

  const bool papers_network = in.radix == 40 && in.zones == 2;
  if (!out.fits) {
    out.note = "a zone needs " + formatNumber(out.ports_needed_per_zone) + " ports but has " +
               formatNumber(out.ports_per_zone);
    if (papers_network) out.note += "; the paper says \"approximately 600\" GPU nodes per zone";
  }
  if (papers_network) {
    out.note += std::string(out.note.empty() ? "" : "; ") +
                "the paper prints 122 switches for the two zones; the minimal count is 120 and "
                "the text does not explain the other 2";
  }

  // Named by its zones: the calculator takes any count, the paper's design has two.
  FireFlyerDesign zones{in.zones == 2 ? std::string("two-zone two-layer fat-tree (Fire-Flyer)")
                                      : formatNumber(in.zones) + "-zone two-layer fat-tree"};
  zones.endpoints = in.zones * out.ports_per_zone;
  zones.leaf_switches = in.zones * out.leaf_switches_per_zone;
  zones.spine_switches = in.zones * out.spine_switches_per_zone;
  zones.switches = out.switches;
  // Fire-Flyer Table III: 122 switches for "Our Arch".
  if (papers_network) zones.published_switches = 122;
  out.designs.push_back(zones);

  // Fire-Flyer §III-C: "a similarly sized three-layer Fat-Tree network with 1,600 access points".
  FireFlyerDesign same_ports =
      threeLayerDesign("three-layer fat-tree of the same ports", in.radix, zones.endpoints);
  if (papers_network) same_ports.published_switches = 200;
  out.designs.push_back(same_ports);

  // Fire-Flyer §III-C: a DGX-A100 cluster gives every GPU its own NIC: 10,000 access points.
  FireFlyerDesign dgx =
      threeLayerDesign("DGX-A100 three-layer fat-tree, one NIC per GPU", in.radix, out.gpus);
  if (in.radix == 40 && out.gpus == 10000) {
    dgx.published_switches = 1320;
    dgx.note =
        "the paper prints 320 core + 500 spine + 500 leaf = 1,320; the minimal core is "
        "500 · 20 / 40 = 250 (320 is not derived in the paper)";
  }
  out.designs.push_back(dgx);

  // Fire-Flyer Table II: 83 % of the performance at 60 % of the price → 1.38.
  out.cost_performance = in.relative_performance / in.relative_node_price;
  return {out, {}};
}

// ---- Slim Fly ----------------------------------------------------------------------------------

Outcome<SlimFlyResult> SlimFly::evaluate(const SlimFlyInput& in) {
  // Besta & Hoefler 2014 §3.1: q = 4w + δ with δ ∈ {−1, 0, 1}.
  const auto remainder = static_cast<int>(std::fmod(in.q, 4));
  if (remainder == 2) {
    return failure<SlimFlyResult>(
        "q", "q must be 4w + δ with δ ∈ {−1, 0, 1}, i.e. not 2 more than a multiple of 4 (got " +
                 formatNumber(in.q) + ", which has no valid δ)");
  }
  SlimFlyResult out;
  out.delta = remainder == 0 ? 0 : remainder == 1 ? 1 : -1;
  // Besta & Hoefler 2014 §3.1: network radix k' = (3q − δ)/2 (q = 28: 42).
  out.network_radix = (3 * in.q - out.delta) / 2;
  // ISCA'25 Table 3 (Slim Fly): ⌈k'/2⌉ endpoints per switch (21).
  out.endpoints_per_switch = std::ceil(out.network_radix / 2);
  out.switch_radix = out.network_radix + out.endpoints_per_switch;
  // Besta & Hoefler 2014 §3.1: the MMS graph has 2q² routers (1,568).
  out.switches = 2 * in.q * in.q;
  out.endpoints = out.switches * out.endpoints_per_switch;
  // Each router has k' network links, each shared by two routers (32,928).
  out.links = out.switches * out.network_radix / 2;
  out.endpoint_links = out.endpoints;
  // Besta & Hoefler 2014: Slim Fly has diameter 2.
  out.diameter = 2;
  // Besta & Hoefler 2014 §3.1: the MMS construction needs a finite field of q elements.
  out.prime_power = isPrimePower(in.q);
  if (!out.prime_power) {
    out.warning = "q = " + formatNumber(in.q) +
                  " is not a prime power, so no MMS graph exists for it; the counts follow the "
                  "formulas (ISCA'25 Table 3 does the same for q = 28)";
  }
  static_cast<NetworkCost&>(out) =
      priceNetwork(in, out.endpoints, out.switches, out.links, out.endpoint_links);
  return {out, {}};
}

// ---- Dragonfly ---------------------------------------------------------------------------------

Outcome<DragonflyResult> Dragonfly::evaluate(const DragonflyInput& in) {
  DragonflyResult out;
  // Kim et al. 2008 §3: with one global link between every pair of groups, g ≤ a·h + 1.
  out.max_groups = in.a * in.h + 1;
  if (in.g > out.max_groups) {
    return failure<DragonflyResult>(
        "g", "g must be at most a · h + 1 = " + formatNumber(out.max_groups) + " (got " +
                 formatNumber(in.g) + ")");
  }
  // ISCA'25 Table 3 (DF): a·g switches (16,352) and p·a·g endpoints (261,632).
  out.switches = in.a * in.g;
  out.endpoints = in.p * out.switches;
  // ISCA'25 Table 3 (DF): groups are all-to-all inside, g·a(a−1)/2 = 253,456 local links.
  out.local_links = in.g * in.a * (in.a - 1) / 2;
  // ISCA'25 Table 3 (DF): g·a·h global ports pair up, 130,816 global links; one group has no
  // other to reach, and its global ports stay unused.
  out.global_links = in.g > 1 ? std::floor(in.g * in.a * in.h / 2) : 0;
  out.links = out.local_links + out.global_links;
  out.endpoint_links = out.endpoints;
  // Kim et al. 2008 §3: a switch has p endpoint, a − 1 local and h global ports (63).
  out.switch_radix = in.p + in.a - 1 + (in.g > 1 ? in.h : 0);
  // Kim et al. 2008 §4: a minimal route is local, global, local. Without a local hop (a group of
  // one switch, each linked to every other group as g ≤ h + 1 allows) or a global one (one group,
  // all-to-all inside) it is one hop, and none on a single switch.
  out.diameter = in.g > 1 && in.a > 1 ? 3 : in.g > 1 || in.a > 1 ? 1 : 0;
  static_cast<NetworkCost&>(out) =
      priceNetwork(in, out.endpoints, out.switches, out.links, out.endpoint_links);
  return {out, {}};
}

// ---- The cheapest fat-tree ---------------------------------------------------------------------

Outcome<CheapestFatTreeResult> CheapestFatTree::evaluate(const CheapestFatTreeInput& in) {
  const SwitchModel* model = switchModelOf(in.switch_model);
  const bool custom = model == nullptr;
  const double radix = custom ? in.radix : model->radix;
  if (!isEvenWhole(radix)) return failure<CheapestFatTreeResult>("radix", evenRadixMessage(radix));

  CheapestFatTreeResult out;
  out.radix = radix;
  out.nodes = std::ceil(in.gpus / in.gpus_per_node);
  out.endpoints = out.nodes * in.nics_per_node;

  FatTreeInput tree = defaultInput<FatTree>();
  static_cast<PriceInput&>(tree) = in;
  tree.radix = radix;
  tree.oversubscription = 1;
  tree.port_bandwidth = custom ? in.port_bandwidth : model->port_bandwidth;
  const LeafPorts leaf = leafPorts(radix, 1);

  // A small search: every divisor of nicsPerNode as the plane count, one to three layers.
  bool found = false;
  for (double planes = 1; planes <= in.nics_per_node; ++planes) {
    if (std::fmod(in.nics_per_node, planes) != 0) continue;
    for (double layers : {1.0, 2.0, 3.0}) {
      FabricCandidate candidate;
      candidate.planes = planes;
      candidate.layers = layers;
      candidate.wiring = wiringOf(planes, in.nics_per_node);
      const double per_plane = out.endpoints / planes;
      const double capacity = fullSizePerPlane(radix, layers, leaf);
      candidate.fits = per_plane <= capacity;
      if (!candidate.fits) {
        candidate.note = "needs " + formatCount(per_plane) + " endpoints per plane; a " +
                         formatNumber(layers) + "-layer plane of radix " + formatNumber(radix) +
                         " holds " + formatCount(capacity);
      } else {
        tree.layers = layers;
        tree.planes = planes;
        static_cast<FatTreeResult&>(candidate) = sizeFatTree(tree, out.endpoints);
        if (!found || betterThan(candidate, out.best)) out.best = candidate;
        found = true;
      }
      out.candidates.push_back(std::move(candidate));
    }
  }
  if (!found) {
    // Most planes, three layers: each plane takes one NIC of every node.
    const double max_nodes = fullSizePerPlane(radix, 3, leaf);
    return failure<CheapestFatTreeResult>(
        "gpus", "gpus must be at most " + formatNumber(max_nodes * in.gpus_per_node) +
                    " for radix " + formatNumber(radix) + " and " + formatNumber(in.gpus_per_node) +
                    " GPUs per node: a three-layer plane holds " + formatNumber(max_nodes) +
                    " nodes (got " + formatNumber(in.gpus) + ")");
  }

  if (in.storage_ports > 0) {
    // ISCA'25 §5.1: storage has its own plane; the smallest fat-tree of this switch that fits.
    tree.planes = 1;
    tree.layers = 3;
    for (double layers : {1.0, 2.0}) {
      if (in.storage_ports <= fullSizePerPlane(radix, layers, leaf)) {
        tree.layers = layers;
        break;
      }
    }
    const double capacity = fullSizePerPlane(radix, tree.layers, leaf);
    if (in.storage_ports > capacity) {
      return failure<CheapestFatTreeResult>(
          "storagePorts", "storagePorts must be at most " + formatNumber(capacity) +
                              " for one three-layer plane of radix " + formatNumber(radix) +
                              " (got " + formatNumber(in.storage_ports) + ")");
    }
    out.storage = sizeFatTree(tree, in.storage_ports);
  }
  out.switches = out.best.switches + out.storage.switches;
  out.cost = out.best.cost + out.storage.cost;
  out.cost_per_gpu = out.cost / in.gpus;
  return {out, {}};
}

}  // namespace ridgepoint
