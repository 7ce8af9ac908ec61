// Link, node and latency presets for the interconnect calculators. Sources are those collected in
// shared/reference/hardware-and-collectives.md §6 and deepseek-papers.md §1.6, §1.9, §2.4, §3.
// [S1] is stas00/ml-engineering network/README.md @ 744d01e1, which cites the vendors.
#include <algorithm>
#include <array>
#include <cstdlib>

#include "interconnect.hpp"

namespace ridgepoint {

namespace {

// The scale-out bandwidth of one GPU when `nics` ports of `port_gigabits` serve `gpus` GPUs.
constexpr double perGpuScaleOut(double nics, double port_gigabits, double gpus) {
  return nics * gigabitsToBytesPerSecond(port_gigabits) / gpus;
}

constexpr auto kLinks = std::to_array<Link>({
    {.id = "nvlink3-a100",
     .name = "NVLink 3 (A100, 12 links)",
     .fabric = "scale-up",
     .bandwidth = 300e9,
     .achievable_bandwidth = 230e9,
     .source = "[S1] NVLink 3: 12 links, 300 GB/s per direction; NVIDIA/nccl-tests#149 (NCCL "
               "maintainer): "
               "~20 GB/s effective per link, ~230 GB/s in total",
     .note = "600 GB/s is both directions added"},
    {.id = "nvlink4-h100",
     .name = "NVLink 4 (H100/H200, 18 links)",
     .fabric = "scale-up",
     .bandwidth = 450e9,
     .achievable_bandwidth = 370e9,
     .source = "[S1] NVLink 4: 18 links, 450 GB/s per direction; NVIDIA/nccl-tests#212 (NCCL "
               "maintainer): "
               "\"450GB/s is the line rate … effective NVLink bandwidth of 370GB/s\"",
     .note = "900 GB/s is both directions added"},
    {.id = "nvlink4-h800",
     .name = "NVLink 4, reduced (H800)",
     .fabric = "scale-up",
     .bandwidth = 200e9,
     .achievable_bandwidth = 160e9,
     .latency = 3.33e-6,
     .source =
         "ISCA'25 §4.1 (NVLink cut from 900 to 400 GB/s), §4.3 (\"NVLink provides 200GB/s … about "
         "160GB/s can actually be achieved\"), V3 report §3.2.2 (160 GB/s); latency: ISCA'25 Table "
         "5",
     .note = "400 GB/s is both directions added; latency is CPU-side end to end for 64 B"},
    {.id = "nvlink5-b200",
     .name = "NVLink 5 (B200/GB200, 18 links)",
     .fabric = "scale-up",
     .bandwidth = 900e9,
     .source = "[S1] NVLink 5: 18 links, 900 GB/s per direction",
     .note = "GB200 NVL72 gives the same 900 GB/s per GPU across a 72-GPU domain (ISCA'25 §2.3.2)"},
    {.id = "pcie4-x16",
     .name = "PCIe 4.0 x16",
     .fabric = "host",
     .bandwidth = 31e9,
     .achievable_bandwidth = 27e9,
     .source =
         "[S1] PCIe Gen4 x16: 31 GB/s per direction; Fire-Flyer §IV: one PCIe 4.0 x16 port reaches "
         ">27 GB/s GPU→CPU",
     .note = "two GPUs sharing one root port reach ~37 GB/s together (Fire-Flyer §IV)"},
    {.id = "pcie5-x16",
     .name = "PCIe 5.0 x16",
     .fabric = "host",
     .bandwidth = 63e9,
     .source = "[S1] PCIe Gen5 x16: 63 GB/s per direction",
     .note = "ISCA'25 §6.2: 160 lanes of PCIe 5.0 need over 640 GB/s per node"},
    {.id = "pcie6-x16",
     .name = "PCIe 6.0 x16",
     .fabric = "host",
     .bandwidth = 121e9,
     .source = "[S1] PCIe Gen6 x16: 121 GB/s per direction"},
    {.id = "ib-hdr",
     .name = "InfiniBand HDR port (ConnectX-6)",
     .fabric = "scale-out",
     .port_rate = 200e9,
     .bandwidth = gigabitsToBytesPerSecond(200),
     .source =
         "[S1] IB HDR: 4 lanes × 50 Gb/s = 200 Gb/s; NVIDIA OFED docs: ConnectX-6 tops out at HDR",
     .note = "Fire-Flyer's A100 PCIe nodes have one such NIC for 8 GPUs"},
    {.id = "ib-ndr",
     .name = "InfiniBand NDR port (ConnectX-7)",
     .fabric = "scale-out",
     .port_rate = 400e9,
     .bandwidth = gigabitsToBytesPerSecond(400),
     .achievable_bandwidth = 40e9,
     .latency = 2.8e-6,
     .source =
         "[S1] IB NDR: 4 × 100 Gb/s = 400 Gb/s; ISCA'25 §4.3: \"each 400Gbps IB NIC delivers only "
         "50GB/s … use 40GB/s for effective bandwidth\"; latency: ISCA'25 Table 5 (same leaf)",
     .note =
         "NVIDIA/nccl-tests#290 (NVIDIA): 46–48 GB/s per NIC in nccl-tests; 3.7 µs across leaves"},
    {.id = "ib-xdr",
     .name = "InfiniBand XDR port (ConnectX-8)",
     .fabric = "scale-out",
     .port_rate = 800e9,
     .bandwidth = gigabitsToBytesPerSecond(800),
     .source = "[S1] IB XDR: 4 × 200 Gb/s = 800 Gb/s (IBTA XDR release)"},
    {.id = "roce-400g",
     .name = "400G RoCE (Ethernet)",
     .fabric = "scale-out",
     .port_rate = 400e9,
     .bandwidth = gigabitsToBytesPerSecond(400),
     .latency = 3.6e-6,
     .source =
         "ISCA'25 §5.1 (400 Gbps RoCE storage plane), §5.2.1 (128-port RoCE switches); latency: "
         "ISCA'25 Table 5 (same leaf)",
     .note = "5.6 µs across leaves (ISCA'25 Table 5)"},
    {.id = "infinity-fabric-mi300x",
     .name = "AMD Infinity Fabric (MI300X, 7 peers)",
     .fabric = "scale-up",
     .bandwidth = 448e9,
     .achievable_bandwidth = 316.82e9,
     .source = "[S1]: 7 links, 64 GB/s per peer per direction, 448 GB/s aggregate per direction; "
               "achievable: RCCL all-reduce bus bandwidth at 8 GB on 8 MI300X, Azure's "
               "AI-benchmarking-guide ND_MI300X_v5_results.md (samuel-bohman/AI-benchmarking-guide "
               "@ 3de0c29: 316.82 GB/s)",
     .note = "point-to-point: one peer gets only 64 GB/s; [S1] halves AMD's 128 GB/s bidirectional "
             "figure"},
});

constexpr const Link& findLinkIn(std::string_view id) {
  for (const Link& link : kLinks) {
    if (link.id == id) return link;
  }
  std::abort();  // in a constant expression: a misspelt link id stops the build
}

// A node from its per-GPU figures and the links behind them. Achievable scale-up is the link's
// stated rate where the node's figure is its line rate (the NVLink links are per GPU already);
// achievable scale-out is the NICs' share at the link's stated efficiency.
constexpr NodeDesign node(std::string_view id, std::string_view name, std::string_view gpu,
                          double gpus, double nics, double scale_up, std::string_view scale_up_link,
                          double scale_out, std::string_view scale_out_link,
                          std::string_view source, std::string_view note) {
  const Link& up = findLinkIn(scale_up_link);
  const Link& out = findLinkIn(scale_out_link);
  const double achievable_up =
      up.achievable_bandwidth ? std::min(scale_up, *up.achievable_bandwidth) : scale_up;
  const double achievable_out =
      out.achievable_bandwidth ? scale_out * *out.achievable_bandwidth / out.bandwidth : scale_out;
  return {id,
          name,
          gpu,
          gpus,
          nics,
          scale_up,
          scale_out,
          scale_up / scale_out,
          scale_up_link,
          scale_out_link,
          achievable_up,
          achievable_out,
          source,
          note};
}

constexpr std::array<NodeDesign, 10> kNodeDesigns{{
    node("deepseek-h800", "DeepSeek H800 node (8 GPUs, 8 × 400G CX7)", "h800-sxm", 8, 8, 160e9,
         "nvlink4-h800", perGpuScaleOut(8, 400, 8), "ib-ndr",
         "V3 report §3.2.2: NVLink 160 GB/s, IB 50 GB/s, \"roughly 3.2 times\"; ISCA'25 §4.1: "
         "eight 400G CX7 NICs per node",
         "ISCA'25 §4.3 counts 200:50 nominal or 160:40 effective, about 4:1"),
    node("dgx-h100", "DGX H100 (8 GPUs, 8 × NDR 400G)", "h100-sxm", 8, 8, 450e9, "nvlink4-h100",
         perGpuScaleOut(8, 400, 8), "ib-ndr",
         "[S1]: DGX H100 with 8 single-port ConnectX-7 at 400 Gb/s; NVLink 4 450 GB/s per "
         "direction",
         "nominal rates on both fabrics"),
    node("hgx-h200", "HGX H200 (8 GPUs, 8 × NDR 400G)", "h200-sxm", 8, 8, 450e9, "nvlink4-h100",
         perGpuScaleOut(8, 400, 8), "ib-ndr",
         "NVIDIA's MLPerf system description H200-SXM-141GBx8 (MLCommons inference_results_v4.1): "
         "\"18x 4th Gen NVLink, 900GB/s\", i.e. NVLink 4 at 450 GB/s per direction as H100's",
         "the scale-out NICs (8 single-port ConnectX-7 at 400 Gb/s, as DGX H100's) are an "
         "assumption, not a cited figure"),
    node("dgx-a100", "DGX A100 (8 GPUs, 8 + 1 × HDR 200G)", "a100-sxm-80gb", 8, 8, 300e9,
         "nvlink3-a100", perGpuScaleOut(8, 200, 8), "ib-hdr",
         "Fire-Flyer Table I: 9 × CX6 200 Gb/s, NVLink 600 GB/s among 8 GPUs (both directions)",
         "the ninth NIC serves storage and is not counted"),
    node("fire-flyer-a100-pcie", "Fire-Flyer A100 PCIe node (8 GPUs, 1 × HDR 200G)",
         "a100-pcie-80gb", 8, 1, 31e9, "pcie4-x16", perGpuScaleOut(1, 200, 8), "ib-hdr",
         "Fire-Flyer Table I: 8 × PCIe A100, 1 × CX6 200 Gb/s; [S1] PCIe 4.0 x16 31 GB/s",
         "scale-up is PCIe through the CPU (NVLink bridges joined pairs later)"),
    node(
        "dgx-b200", "DGX B200 (8 GPUs, 8 × 400G CX7)", "b200", 8, 8, 900e9, "nvlink5-b200",
        perGpuScaleOut(8, 400, 8), "ib-ndr",
        "NVIDIA DGX B200 User Guide (docs.nvidia.com/dgx/dgxb200-user-guide): 8 B200, two NVLink 5 "
        "switches giving 14.4 TB/s in all (900 GB/s per GPU per direction, as [S1]), 8 "
        "single-port ConnectX-7 at up to 400 Gb/s",
        "nominal rates on both fabrics; BlueField-3 storage ports not counted"),
    node("dgx-b300", "DGX B300 (8 GPUs, 8 × 800G CX8)", "b300", 8, 8, 900e9, "nvlink5-b200",
         perGpuScaleOut(8, 800, 8), "ib-xdr",
         "[S1]: DGX B300 with 8 ConnectX-8 at 800 Gb/s (XDR); NVLink 5 900 GB/s per direction, as "
         "B200's",
         "nominal rates on both fabrics (no achievable XDR rate published)"),
    node(
        "gb200-nvl72", "GB200 NVL72 (72 GPUs in one NVLink domain, 1 × 400G per GPU)", "gb200", 72,
        72, 900e9, "nvlink5-b200", perGpuScaleOut(72, 400, 72), "ib-ndr",
        "[S1] NVLink 5: 900 GB/s per direction per GPU across the 72-GPU domain; ISCA'25 §2.3.2 "
        "uses the same 900 GB/s",
        "the scale-out NIC (one 400 Gb/s ConnectX-7 per GPU) is an assumption, not a cited figure"),
    node("gb300-nvl72", "GB300 NVL72 (72 GPUs in one NVLink domain, 1 × 800G per GPU)", "gb300", 72,
         72, 900e9, "nvlink5-b200", perGpuScaleOut(72, 800, 72), "ib-xdr",
         "[S1] NVLink 5: 900 GB/s per direction per GPU across the 72-GPU domain, as GB200 "
         "NVL72's",
         "the scale-out NIC (one 800 Gb/s ConnectX-8 per GPU, as DGX B300 has) is an assumption, "
         "not a cited figure"),
    node("mi300x-platform", "AMD Instinct MI300X platform (8 GPUs, Infinity Fabric mesh, 8 × 400G)",
         "mi300x", 8, 8, 448e9, "infinity-fabric-mi300x", perGpuScaleOut(8, 400, 8), "roce-400g",
         "[S1]: each MI300X has 7 Infinity Fabric links, one to each other GPU of its 8-GPU "
         "board, 64 GB/s per peer per direction, 448 GB/s in all",
         "a mesh, not a switch: one peer gets 64 GB/s, all seven 448 GB/s; collectives run at the "
         "317 GB/s RCCL measured, the all-to-all at the share of line rate DeepEP measured on "
         "NVLink (no MI300X all-to-all measurement is used); the scale-out NICs (8 × 400 Gb/s "
         "RoCE) are an assumption, not a cited figure"),
}};

// ISCA'25 Table 5: CPU-side end-to-end latency for 64 B.
const auto kMeasuredLatencies = std::to_array<MeasuredLatency>({
    {.link_layer = "RoCE", .same_leaf = 3.6e-6, .cross_leaf = 5.6e-6, .source = "ISCA'25 Table 5"},
    {.link_layer = "InfiniBand",
     .same_leaf = 2.8e-6,
     .cross_leaf = 3.7e-6,
     .source = "ISCA'25 Table 5"},
    {.link_layer = "NVLink", .same_leaf = 3.33e-6, .source = "ISCA'25 Table 5 (intra-node)"},
});

}  // namespace

std::span<const Link> links() { return kLinks; }
std::span<const NodeDesign> nodeDesigns() { return kNodeDesigns; }
std::span<const MeasuredLatency> measuredLatencies() { return kMeasuredLatencies; }

}  // namespace ridgepoint
