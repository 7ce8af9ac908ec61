// Cluster network calculators: two- and three-layer fat-trees with planes (multi-plane) and
// oversubscription, Fire-Flyer's two-zone design, Slim Fly, Dragonfly, their cost, and the
// cheapest fat-tree for a GPU count. `links` always counts switch-to-switch links, as ISCA'25
// Table 3 does; endpoint links are counted separately.
// Sources: DeepSeek ISCA'25 §5.1 and Table 3; Fire-Flyer AI-HPC (SC24) §III and §IX;
// Al-Fares et al., "A Scalable, Commodity Data Center Network Architecture" (SIGCOMM 2008);
// Besta & Hoefler, "Slim Fly" (SC14); Kim et al., "Technology-Driven, Highly-Scalable Dragonfly
// Topology" (ISCA 2008).
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "field.hpp"

namespace ridgepoint {

// ---- Switch models ------------------------------------------------------------------------

struct SwitchModel {
  std::string_view id;
  std::string_view name;
  double radix = 0;           // ports per switch
  double port_bandwidth = 0;  // B/s per direction of one port
  std::string_view source{};
  std::string_view note{};
};

// Sources are those collected in shared/reference/hardware-and-collectives.md §6.3 and
// deepseek-papers.md §1.7, §1.9, §3.2 and §3.6.
inline constexpr auto kSwitchModels = std::to_array<SwitchModel>({
    {.id = "qm8700",
     .name = "NVIDIA Quantum QM8700 (HDR InfiniBand)",
     .radix = 40,
     .port_bandwidth = 25e9,
     .source =
         "Fire-Flyer AI-HPC §III-B: \"QM8700 InfiniBand Switch, offering 40 ports at 200 Gbps\"",
     .note = "the switch of Fire-Flyer's two-zone fat-tree; 200 Gb/s = 25 GB/s"},
    {.id = "qm9700",
     .name = "NVIDIA Quantum-2 QM9700 (NDR InfiniBand)",
     .radix = 64,
     .port_bandwidth = 50e9,
     .source = "QM97XX user manual (32 OSFP cages × 2 logical ports at 400 Gb/s); ISCA'25 §5.1: "
               "\"64-port 400G IB switches\"",
     .note = "the switch of DeepSeek's multi-plane fat-tree; 400 Gb/s = 50 GB/s"},
    {.id = "roce-128",
     .name = "128-port 400 GbE RoCE switch (generic)",
     .radix = 128,
     .port_bandwidth = 50e9,
     .source = "ISCA'25 §5.2.1: \"128 ports commonly found in RoCE switches\"; Fire-Flyer §IX: "
               "\"128-port 400 Gbps RoCE switch\"",
     .note = "a class of switch, not one product"},
    {.id = "q3400",
     .name = "NVIDIA Quantum-X800 Q3400 (XDR InfiniBand)",
     .radix = 144,
     .port_bandwidth = 100e9,
     .source = "third-party listings only (hardware-and-collectives.md §6.3): 144 ports × 800 Gb/s",
     .note = "not confirmed by a primary source"},
});

std::span<const SwitchModel> switches();

// The switch choices of a calculator: "custom" (use the radix input) and every preset id.
inline constexpr auto kSwitchModelChoices = [] {
  std::array<std::string_view, kSwitchModels.size() + 1> ids{"custom"};
  for (std::size_t i = 0; i < kSwitchModels.size(); ++i) ids[i + 1] = kSwitchModels[i].id;
  return ids;
}();

// A switch choice as its preset, or nullptr for "custom".
constexpr const SwitchModel* switchModelOf(double choice) {
  const auto index = static_cast<std::size_t>(choice);
  return index == 0 ? nullptr : &kSwitchModels[index - 1];
}

template <>
struct Schema<SwitchModel> {
  static constexpr auto fields = std::tuple{
      OutputField{"id", "", &SwitchModel::id},
      OutputField{"name", "", &SwitchModel::name},
      OutputField{"radix", "1", &SwitchModel::radix},
      OutputField{"portBandwidth", "B/s", &SwitchModel::port_bandwidth},
      OutputField{"source", "", &SwitchModel::source},
      OutputField{"note", "", &SwitchModel::note},
  };
};

// ---- Prices and what they buy ----------------------------------------------------------------

// The paper publishes no unit prices. The defaults are a two-price fit to ISCA'25 Table 3
// (deepseek-papers.md §1.7): $83,008 per switch and $504 per switch-to-switch link, taken here
// as two optics of $252 and no cable price; endpoint links are copper and NICs unpriced, as the
// table leaves them out. They are assumptions to replace with your own quotes.
// How endpoints reach their leaf switch.
enum class Cabling { copper, optical };
template <>
struct Labels<Cabling> {
  static constexpr auto labels = std::to_array<std::string_view>({"copper", "optical"});
};

struct PriceInput {
  double switch_price = 0;      // USD
  double optic_price = 0;       // USD per transceiver
  double cable_price = 0;       // USD per cable (copper DAC, or the fibre of an optical link)
  double nic_price = 0;         // USD per endpoint NIC port
  double endpoint_cabling = 0;  // a Cabling
};

inline constexpr auto kPriceInputs = std::to_array<InputField<PriceInput>>({
    {.name = "switchPrice",
     .unit = "$",
     .help = "price of one switch; the default 83,008 is a fit to ISCA'25 Table 3, not a published "
             "price",
     .member = &PriceInput::switch_price,
     .default_value = 83008,
     .min = 0,
     .max = 1e9},
    {.name = "opticPrice",
     .unit = "$",
     .help = "price of one transceiver (two per optical link); the default 252 makes the "
             "$504-per-link fit to ISCA'25 Table 3, an assumption",
     .member = &PriceInput::optic_price,
     .default_value = 252,
     .min = 0,
     .max = 1e9},
    {.name = "cablePrice",
     .unit = "$",
     .help = "price of one cable (a copper endpoint link, or the fibre of an optical link); "
             "default 0: the Table 3 fit folds cables into the link price",
     .member = &PriceInput::cable_price,
     .default_value = 0,
     .min = 0,
     .max = 1e9},
    {.name = "nicPrice",
     .unit = "$",
     .help = "price of one endpoint NIC port; default 0: Table 3 leaves NICs out",
     .member = &PriceInput::nic_price,
     .default_value = 0,
     .min = 0,
     .max = 1e9},
    {.name = "endpointCabling",
     .unit = "",
     .help = "how endpoints reach their leaf switch: copper (short) or optical",
     .member = &PriceInput::endpoint_cabling,
     .default_value = choiceIndex(Cabling::copper),
     .choices = Labels<Cabling>::labels},
});

// Cables, optics and cost of a network, shared by every topology's result.
struct NetworkCost {
  double cables = 0, optics = 0;
  double switch_cost = 0, link_cost = 0, endpoint_cost = 0, cost = 0, cost_per_endpoint = 0;
};

inline constexpr auto kNetworkCostFields = std::tuple{
    OutputField{"cables", "1", &NetworkCost::cables, "links + endpointLinks"},
    OutputField{"optics", "1", &NetworkCost::optics,
                "2 · links, plus 2 · endpointLinks when endpointCabling is 'optical'"},
    OutputField{"switchCost", "$", &NetworkCost::switch_cost, "switches · switchPrice"},
    OutputField{"linkCost", "$", &NetworkCost::link_cost, "links · (2 · opticPrice + cablePrice)"},
    OutputField{"endpointCost", "$", &NetworkCost::endpoint_cost,
                "endpointLinks · (cablePrice + 2 · opticPrice if optical) + endpoints · nicPrice"},
    OutputField{"cost", "$", &NetworkCost::cost, "switchCost + linkCost + endpointCost"},
    OutputField{"costPerEndpoint", "$", &NetworkCost::cost_per_endpoint, "cost / endpoints"},
};

// ---- Fat-tree (one to three layers, planes, oversubscription) --------------------------------

struct FatTreeInput : PriceInput {
  double radix = 0, layers = 0, planes = 0;
  double endpoints = 0;  // total over all planes; 0 = the full size of the design
  double oversubscription = 0;
  double port_bandwidth = 0;  // B/s per direction
};

struct FatTreeResult : NetworkCost {
  double endpoints = 0, full_size = 0, endpoints_per_plane = 0;
  double switches = 0, links = 0, endpoint_links = 0;
  double leaf_switches = 0, spine_switches = 0, core_switches = 0;
  double uplinks_per_leaf = 0, downlinks_per_leaf = 0, leaf_oversubscription = 0;
  double bisection_bandwidth = 0, diameter = 0;
};

template <>
struct Schema<FatTreeResult> {
  static constexpr auto fields = std::tuple_cat(
      std::tuple{
          OutputField{"endpoints", "1", &FatTreeResult::endpoints,
                      "endpoints, or fullSize when endpoints is 0"},
          OutputField{"fullSize", "1", &FatTreeResult::full_size,
                      "planes · radix (1 layer: one switch), planes · radix · downlinksPerLeaf "
                      "(2 layers; radix²/2 non-blocking), or "
                      "planes · radix · ⌊radix² / (4 · uplinksPerLeaf)⌋ · downlinksPerLeaf "
                      "(3 layers; radix³/4 non-blocking)"},
          OutputField{"endpointsPerPlane", "1", &FatTreeResult::endpoints_per_plane,
                      "⌈endpoints / planes⌉"},
          OutputField{"switches", "1", &FatTreeResult::switches,
                      "leafSwitches + spineSwitches + coreSwitches"},
          OutputField{"links", "1", &FatTreeResult::links,
                      "(layers − 1) · leafSwitches · uplinksPerLeaf (switch-to-switch)"},
          OutputField{"endpointLinks", "1", &FatTreeResult::endpoint_links, "endpoints"},
          OutputField{"leafSwitches", "1", &FatTreeResult::leaf_switches,
                      "planes · ⌈endpointsPerPlane / downlinksPerLeaf⌉"},
          OutputField{
              "spineSwitches", "1", &FatTreeResult::spine_switches,
              "0 (1 layer), planes · ⌈leaves per plane · uplinksPerLeaf / radix⌉ (2 layers), "
              "planes · ⌈leaves per plane · uplinksPerLeaf / (radix / 2)⌉ (3 layers)"},
          OutputField{"coreSwitches", "1", &FatTreeResult::core_switches,
                      "planes · ⌈leaves per plane · uplinksPerLeaf / radix⌉ (3 layers), else 0"},
          OutputField{"uplinksPerLeaf", "1", &FatTreeResult::uplinks_per_leaf,
                      "⌈radix / (1 + oversubscription)⌉; 0 with 1 layer"},
          OutputField{"downlinksPerLeaf", "1", &FatTreeResult::downlinks_per_leaf,
                      "radix − uplinksPerLeaf"},
          OutputField{"leafOversubscription", "1", &FatTreeResult::leaf_oversubscription,
                      "downlinksPerLeaf / uplinksPerLeaf; 1 with 1 layer (one switch is "
                      "non-blocking)"},
          OutputField{"bisectionBandwidth", "B/s", &FatTreeResult::bisection_bandwidth,
                      "endpoints · portBandwidth / (2 · leafOversubscription)"},
          OutputField{"diameter", "1", &FatTreeResult::diameter,
                      "2 · (layers − 1) switch-to-switch links on the longest shortest path"},
      },
      kNetworkCostFields);
};

inline constexpr auto kFatTreeInputs = concatFields<FatTreeInput>(
    std::to_array<InputField<FatTreeInput>>({
        {.name = "radix",
         .unit = "1",
         .help = "ports per switch (even)",
         .member = &FatTreeInput::radix,
         .default_value = 64,
         .min = 4,
         .max = 1024,
         .integer = true},
        {.name = "layers",
         .unit = "1",
         .help =
             "switch layers: 1 (one switch per plane), 2 (leaf, spine) or 3 (leaf, spine, core)",
         .member = &FatTreeInput::layers,
         .default_value = 2,
         .min = 1,
         .max = 3,
         .integer = true},
        {.name = "planes",
         .unit = "1",
         .help =
             "independent fat-trees, one per NIC of a node (ISCA'25 multi-plane); 1 for one fabric",
         .member = &FatTreeInput::planes,
         .default_value = 1,
         .min = 1,
         .max = 64,
         .integer = true},
        {.name = "endpoints",
         .unit = "1",
         .help = "endpoints (NIC ports) over all planes; 0 builds the full size of the design",
         .member = &FatTreeInput::endpoints,
         .default_value = 0,
         .min = 0,
         .max = 1e9,
         .integer = true},
        {.name = "oversubscription",
         .unit = "1",
         .help =
             "leaf downlinks per uplink (1 = non-blocking); the uplinks round up to whole ports; "
             "a single layer has no uplinks and ignores it",
         .member = &FatTreeInput::oversubscription,
         .default_value = 1,
         .min = 1,
         .max = 16},
        {.name = "portBandwidth",
         .unit = "B/s",
         .help = "bandwidth of one port per direction (400 Gb/s = 50e9 B/s)",
         .member = &FatTreeInput::port_bandwidth,
         .default_value = 50e9,
         .min = 1e6,
         .max = 1e13},
    }),
    kPriceInputs);

struct FatTree {
  static constexpr const char* id = "fatTree";
  static constexpr std::string_view title = "Fat-tree (one to three layers, multi-plane)";
  using Input = FatTreeInput;
  using Output = FatTreeResult;
  static constexpr auto& inputs = kFatTreeInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- Fire-Flyer two-zone fat-tree (SC24 §III) -----------------------------------------------

struct FireFlyerInput {
  double radix = 0, zones = 0, gpu_nodes = 0, gpus_per_node = 0, storage_servers = 0;
  double relative_performance = 0, relative_node_price = 0;
};

// One design of the paper's comparison: minimal whole-switch counts, and the paper's own count
// where the inputs are the paper's.
struct FireFlyerDesign {
  std::string name;
  double endpoints = 0, leaf_switches = 0, spine_switches = 0, core_switches = 0, switches = 0;
  MaybeNumber published_switches{};
  std::string note{};
};

struct FireFlyerResult {
  double ports_per_zone = 0, leaf_switches_per_zone = 0, spine_switches_per_zone = 0;
  double switches = 0, gpus = 0, gpu_nodes_per_zone = 0, storage_ports_per_zone = 0;
  double ports_needed_per_zone = 0;
  bool fits = false;
  std::string note;
  std::vector<FireFlyerDesign> designs;
  double cost_performance = 0;
};

template <>
struct Schema<FireFlyerDesign> {
  static constexpr auto fields = std::tuple{
      OutputField{"name", "", &FireFlyerDesign::name},
      OutputField{"endpoints", "1", &FireFlyerDesign::endpoints},
      OutputField{"leafSwitches", "1", &FireFlyerDesign::leaf_switches},
      OutputField{"spineSwitches", "1", &FireFlyerDesign::spine_switches},
      OutputField{"coreSwitches", "1", &FireFlyerDesign::core_switches},
      OutputField{"switches", "1", &FireFlyerDesign::switches},
      OutputField{"publishedSwitches", "1", &FireFlyerDesign::published_switches,
                  "Fire-Flyer Table III, shown when the inputs are the paper's"},
      OutputField{"note", "", &FireFlyerDesign::note},
  };
};

template <>
struct Schema<FireFlyerResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"portsPerZone", "1", &FireFlyerResult::ports_per_zone, "radix² / 2"},
      OutputField{"leafSwitchesPerZone", "1", &FireFlyerResult::leaf_switches_per_zone, "radix"},
      OutputField{"spineSwitchesPerZone", "1", &FireFlyerResult::spine_switches_per_zone,
                  "radix / 2"},
      OutputField{"switches", "1", &FireFlyerResult::switches,
                  "zones · (leafSwitchesPerZone + spineSwitchesPerZone)"},
      OutputField{"gpus", "1", &FireFlyerResult::gpus, "gpuNodes · gpusPerNode"},
      OutputField{"gpuNodesPerZone", "1", &FireFlyerResult::gpu_nodes_per_zone,
                  "⌈gpuNodes / zones⌉ (one IB NIC per node)"},
      OutputField{"storagePortsPerZone", "1", &FireFlyerResult::storage_ports_per_zone,
                  "storageServers (each has one NIC in every zone)"},
      OutputField{"portsNeededPerZone", "1", &FireFlyerResult::ports_needed_per_zone,
                  "gpuNodesPerZone + storagePortsPerZone"},
      OutputField{"fits", "", &FireFlyerResult::fits, "portsNeededPerZone ≤ portsPerZone"},
      OutputField{"note", "", &FireFlyerResult::note},
      OutputField{"designs", "", &FireFlyerResult::designs,
                  "the two zones, a three-layer fat-tree of the same ports, and a DGX-style "
                  "three-layer fat-tree of gpus endpoints"},
      OutputField{"costPerformance", "1", &FireFlyerResult::cost_performance,
                  "relativePerformance / relativeNodePrice"},
  };
};

inline constexpr auto kFireFlyerInputs = std::to_array<InputField<FireFlyerInput>>({
    {.name = "radix",
     .unit = "1",
     .help = "ports per switch (QM8700: 40)",
     .member = &FireFlyerInput::radix,
     .default_value = 40,
     .min = 4,
     .max = 1024,
     .integer = true},
    {.name = "zones",
     .unit = "1",
     .help = "separate two-layer fat-trees (Fire-Flyer: 2)",
     .member = &FireFlyerInput::zones,
     .default_value = 2,
     .min = 1,
     .max = 16,
     .integer = true},
    {.name = "gpuNodes",
     .unit = "1",
     .help = "GPU compute nodes, one IB NIC each (Fire-Flyer: about 1,250)",
     .member = &FireFlyerInput::gpu_nodes,
     .default_value = 1250,
     .min = 1,
     .max = 1e6,
     .integer = true},
    {.name = "gpusPerNode",
     .unit = "1",
     .help = "GPUs per node (Fire-Flyer: 8 PCIe A100)",
     .member = &FireFlyerInput::gpus_per_node,
     .default_value = 8,
     .min = 1,
     .max = 64,
     .integer = true},
    {.name = "storageServers",
     .unit = "1",
     .help = "storage servers, each with one NIC in every zone (Fire-Flyer: 180)",
     .member = &FireFlyerInput::storage_servers,
     .default_value = 180,
     .min = 0,
     .max = 1e6,
     .integer = true},
    {.name = "relativePerformance",
     .unit = "1",
     .help = "performance of a node relative to DGX-A100 (Table II: 0.83)",
     .member = &FireFlyerInput::relative_performance,
     .default_value = 0.83,
     .min = 0.01,
     .max = 100},
    {.name = "relativeNodePrice",
     .unit = "1",
     .help = "price of a node relative to DGX-A100 (Table II: 0.60)",
     .member = &FireFlyerInput::relative_node_price,
     .default_value = 0.6,
     .min = 0.01,
     .max = 100},
});

struct FireFlyer {
  static constexpr const char* id = "fireFlyer";
  static constexpr std::string_view title = "Fire-Flyer two-zone fat-tree";
  using Input = FireFlyerInput;
  using Output = FireFlyerResult;
  static constexpr auto& inputs = kFireFlyerInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- Slim Fly (MMS graph) -------------------------------------------------------------------

struct SlimFlyInput : PriceInput {
  double q = 0;
};

struct SlimFlyResult : NetworkCost {
  double endpoints = 0, switches = 0, links = 0, endpoint_links = 0;
  double delta = 0, network_radix = 0, endpoints_per_switch = 0, switch_radix = 0, diameter = 0;
  bool prime_power = false;
  std::string warning;
};

template <>
struct Schema<SlimFlyResult> {
  static constexpr auto fields = std::tuple_cat(
      std::tuple{
          OutputField{"endpoints", "1", &SlimFlyResult::endpoints, "switches · endpointsPerSwitch"},
          OutputField{"switches", "1", &SlimFlyResult::switches, "2 · q²"},
          OutputField{"links", "1", &SlimFlyResult::links, "switches · networkRadix / 2"},
          OutputField{"endpointLinks", "1", &SlimFlyResult::endpoint_links, "endpoints"},
          OutputField{"delta", "1", &SlimFlyResult::delta, "δ ∈ {−1, 0, 1} with q = 4w + δ"},
          OutputField{"networkRadix", "1", &SlimFlyResult::network_radix, "(3q − δ) / 2"},
          OutputField{"endpointsPerSwitch", "1", &SlimFlyResult::endpoints_per_switch,
                      "⌈networkRadix / 2⌉"},
          OutputField{"switchRadix", "1", &SlimFlyResult::switch_radix,
                      "networkRadix + endpointsPerSwitch (ports used per switch)"},
          OutputField{"diameter", "1", &SlimFlyResult::diameter, "2"},
          OutputField{"primePower", "", &SlimFlyResult::prime_power, "q = pⁿ for a prime p"},
          OutputField{"warning", "", &SlimFlyResult::warning},
      },
      kNetworkCostFields);
};

inline constexpr auto kSlimFlyInputs = concatFields<SlimFlyInput>(
    std::to_array<InputField<SlimFlyInput>>({
        {.name = "q",
         .unit = "1",
         .help = "MMS graph parameter: q = 4w + δ with δ ∈ {−1, 0, 1} (q ≡ 2 mod 4 has none); a "
                 "prime power for the graph to exist",
         .member = &SlimFlyInput::q,
         .default_value = 28,
         .min = 3,
         .max = 1000,
         .integer = true},
    }),
    kPriceInputs);

struct SlimFly {
  static constexpr const char* id = "slimFly";
  static constexpr std::string_view title = "Slim Fly (MMS graph)";
  using Input = SlimFlyInput;
  using Output = SlimFlyResult;
  static constexpr auto& inputs = kSlimFlyInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- Dragonfly ------------------------------------------------------------------------------

struct DragonflyInput : PriceInput {
  double a = 0, h = 0, p = 0, g = 0;
};

struct DragonflyResult : NetworkCost {
  double endpoints = 0, switches = 0, links = 0, endpoint_links = 0;
  double local_links = 0, global_links = 0, switch_radix = 0, max_groups = 0, diameter = 0;
};

template <>
struct Schema<DragonflyResult> {
  static constexpr auto fields = std::tuple_cat(
      std::tuple{
          OutputField{"endpoints", "1", &DragonflyResult::endpoints, "p · a · g"},
          OutputField{"switches", "1", &DragonflyResult::switches, "a · g"},
          OutputField{"links", "1", &DragonflyResult::links, "localLinks + globalLinks"},
          OutputField{"endpointLinks", "1", &DragonflyResult::endpoint_links, "endpoints"},
          OutputField{"localLinks", "1", &DragonflyResult::local_links,
                      "g · a · (a − 1) / 2 (all-to-all inside each group)"},
          OutputField{"globalLinks", "1", &DragonflyResult::global_links,
                      "⌊g · a · h / 2⌋ (0 for one group)"},
          OutputField{"switchRadix", "1", &DragonflyResult::switch_radix,
                      "p + (a − 1) + h (ports used per switch; without h for one group)"},
          OutputField{"maxGroups", "1", &DragonflyResult::max_groups, "a · h + 1"},
          OutputField{"diameter", "1", &DragonflyResult::diameter,
                      "3 (local, global, local); 1 with one group or one switch per group, 0 "
                      "for a single switch"},
      },
      kNetworkCostFields);
};

inline constexpr auto kDragonflyInputs =
    concatFields<DragonflyInput>(std::to_array<InputField<DragonflyInput>>({
                                     {.name = "a",
                                      .unit = "1",
                                      .help = "switches per group",
                                      .member = &DragonflyInput::a,
                                      .default_value = 32,
                                      .min = 1,
                                      .max = 1024,
                                      .integer = true},
                                     {.name = "h",
                                      .unit = "1",
                                      .help = "global links per switch",
                                      .member = &DragonflyInput::h,
                                      .default_value = 16,
                                      .min = 1,
                                      .max = 1024,
                                      .integer = true},
                                     {.name = "p",
                                      .unit = "1",
                                      .help = "endpoints per switch",
                                      .member = &DragonflyInput::p,
                                      .default_value = 16,
                                      .min = 1,
                                      .max = 1024,
                                      .integer = true},
                                     {.name = "g",
                                      .unit = "1",
                                      .help = "groups: at most a · h + 1",
                                      .member = &DragonflyInput::g,
                                      .default_value = 511,
                                      .min = 1,
                                      .max = 1048577,
                                      .integer = true},
                                 }),
                                 kPriceInputs);

struct Dragonfly {
  static constexpr const char* id = "dragonfly";
  static constexpr std::string_view title = "Dragonfly";
  using Input = DragonflyInput;
  using Output = DragonflyResult;
  static constexpr auto& inputs = kDragonflyInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- The cheapest multi-plane fat-tree for a GPU count --------------------------------------

struct CheapestFatTreeInput : PriceInput {
  double gpus = 0, gpus_per_node = 0, nics_per_node = 0;
  double switch_model = 0;    // index into kSwitchModelChoices
  double radix = 0;           // used when switchModel is 'custom'
  double port_bandwidth = 0;  // B/s per direction, used when switchModel is 'custom'
  double storage_ports = 0;
};

// One candidate: `planes` fat-trees of `layers` layers, each holding nodes · nicsPerNode /
// planes endpoints. When it does not fit, the counts are zero and `note` says why.
struct FabricCandidate : FatTreeResult {
  double planes = 0, layers = 0;
  std::string_view wiring;
  bool fits = false;
  std::string note;
};

template <>
struct Schema<FabricCandidate> {
  static constexpr auto fields = std::tuple_cat(
      std::tuple{
          OutputField{"planes", "1", &FabricCandidate::planes,
                      "a divisor of nicsPerNode: NICs of a node spread over the planes"},
          OutputField{"layers", "1", &FabricCandidate::layers},
          OutputField{"wiring", "", &FabricCandidate::wiring,
                      "multi-plane when planes > 1; multi-rail when one plane takes several "
                      "NICs of a node"},
          OutputField{"fits", "", &FabricCandidate::fits, "endpointsPerPlane ≤ full size"},
          OutputField{"note", "", &FabricCandidate::note},
      },
      Schema<FatTreeResult>::fields);
};

struct CheapestFatTreeResult {
  double radix = 0, nodes = 0, endpoints = 0;
  FabricCandidate best;
  FatTreeResult storage;
  double switches = 0, cost = 0, cost_per_gpu = 0;
  std::vector<FabricCandidate> candidates;
};

template <>
struct Schema<CheapestFatTreeResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"radix", "1", &CheapestFatTreeResult::radix,
                  "the switch model's radix, or radix when switchModel is 'custom'"},
      OutputField{"nodes", "1", &CheapestFatTreeResult::nodes, "⌈gpus / gpusPerNode⌉"},
      OutputField{"endpoints", "1", &CheapestFatTreeResult::endpoints, "nodes · nicsPerNode"},
      OutputField{"best", "", &CheapestFatTreeResult::best,
                  "the fitting candidate of least cost; ties go to fewer layers, then fewer "
                  "switches, then more planes"},
      OutputField{"storage", "", &CheapestFatTreeResult::storage,
                  "a separate single-plane fat-tree of storagePorts endpoints (the fewest layers "
                  "that fit); zero when storagePorts is 0"},
      OutputField{"switches", "1", &CheapestFatTreeResult::switches,
                  "best.switches + storage.switches"},
      OutputField{"cost", "$", &CheapestFatTreeResult::cost, "best.cost + storage.cost"},
      OutputField{"costPerGpu", "$", &CheapestFatTreeResult::cost_per_gpu, "cost / gpus"},
      OutputField{"candidates", "", &CheapestFatTreeResult::candidates,
                  "every planes (divisor of nicsPerNode) × layers (1, 2, 3) considered"},
  };
};

inline constexpr auto kCheapestFatTreeInputs = concatFields<CheapestFatTreeInput>(
    std::to_array<InputField<CheapestFatTreeInput>>({
        {.name = "gpus",
         .unit = "1",
         .help = "GPUs to connect",
         .member = &CheapestFatTreeInput::gpus,
         .default_value = 100000,
         .min = 1,
         .max = 1e7,
         .integer = true},
        {.name = "gpusPerNode",
         .unit = "1",
         .help = "GPUs per node",
         .member = &CheapestFatTreeInput::gpus_per_node,
         .default_value = 8,
         .min = 1,
         .max = 64,
         .integer = true},
        {.name = "nicsPerNode",
         .unit = "1",
         .help = "compute NICs per node (ISCA'25: 8, one per GPU); planes divide them",
         .member = &CheapestFatTreeInput::nics_per_node,
         .default_value = 8,
         .min = 1,
         .max = 64,
         .integer = true},
        {.name = "switchModel",
         .unit = "",
         .help = "switch preset (rp.switches()), or 'custom' to use radix",
         .member = &CheapestFatTreeInput::switch_model,
         .default_value = choiceIndex(kSwitchModelChoices, "qm9700"),
         .choices = kSwitchModelChoices},
        {.name = "radix",
         .unit = "1",
         .help = "ports per switch (even), when switchModel is 'custom'",
         .member = &CheapestFatTreeInput::radix,
         .default_value = 64,
         .min = 4,
         .max = 1024,
         .integer = true},
        {.name = "portBandwidth",
         .unit = "B/s",
         .help = "bandwidth of one port per direction, when 'custom'",
         .member = &CheapestFatTreeInput::port_bandwidth,
         .default_value = 50e9,
         .min = 1e6,
         .max = 1e13},
        {.name = "storagePorts",
         .unit = "1",
         .help = "ports of a separate storage plane (ISCA'25 §5.1: one storage NIC per node, plus "
                 "storage servers); 0 for none",
         .member = &CheapestFatTreeInput::storage_ports,
         .default_value = 0,
         .min = 0,
         .max = 1e7,
         .integer = true},
    }),
    kPriceInputs);

struct CheapestFatTree {
  static constexpr const char* id = "cheapestFatTree";
  static constexpr std::string_view title = "Cheapest multi-plane fat-tree for a GPU count";
  using Input = CheapestFatTreeInput;
  using Output = CheapestFatTreeResult;
  static constexpr auto& inputs = kCheapestFatTreeInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---- Published designs (ISCA'25 Table 3) ----------------------------------------------------

// The inputs that rebuild a published design with its calculator; null where not used.
struct NetworkParameters {
  MaybeNumber radix{}, layers{}, planes{}, q{}, a{}, h{}, p{}, g{};
};

struct PublishedNetwork {
  std::string_view id;
  std::string_view name;
  std::string_view calculator;
  NetworkParameters input;
  double endpoints = 0, switches = 0, links = 0;
  double cost = 0;               // USD, as printed (M$ × 1e6)
  double cost_per_endpoint = 0;  // USD, as printed (k$ × 1e3)
  std::string_view source{};
  std::string_view note{};
};

std::span<const PublishedNetwork> publishedNetworks();

template <>
struct Schema<NetworkParameters> {
  static constexpr auto fields = std::tuple{
      OutputField{"radix", "1", &NetworkParameters::radix},
      OutputField{"layers", "1", &NetworkParameters::layers},
      OutputField{"planes", "1", &NetworkParameters::planes},
      OutputField{"q", "1", &NetworkParameters::q},
      OutputField{"a", "1", &NetworkParameters::a},
      OutputField{"h", "1", &NetworkParameters::h},
      OutputField{"p", "1", &NetworkParameters::p},
      OutputField{"g", "1", &NetworkParameters::g},
  };
};

template <>
struct Schema<PublishedNetwork> {
  static constexpr auto fields = std::tuple{
      OutputField{"id", "", &PublishedNetwork::id},
      OutputField{"name", "", &PublishedNetwork::name},
      OutputField{"calculator", "", &PublishedNetwork::calculator},
      OutputField{"input", "", &PublishedNetwork::input},
      OutputField{"endpoints", "1", &PublishedNetwork::endpoints},
      OutputField{"switches", "1", &PublishedNetwork::switches},
      OutputField{"links", "1", &PublishedNetwork::links},
      OutputField{"cost", "$", &PublishedNetwork::cost},
      OutputField{"costPerEndpoint", "$", &PublishedNetwork::cost_per_endpoint},
      OutputField{"source", "", &PublishedNetwork::source},
      OutputField{"note", "", &PublishedNetwork::note},
  };
};

}  // namespace ridgepoint
