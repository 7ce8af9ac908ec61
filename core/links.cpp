// Link, node and latency presets for the interconnect calculators. Sources are those collected in
// shared/reference/hardware-and-collectives.md §6 and deepseek-papers.md §1.6, §1.9, §2.4, §3.
// [S1] is stas00/ml-engineering network/README.md @ 744d01e1, which cites the vendors.
#include <array>

#include "interconnect.hpp"

namespace ridgepoint {

namespace {

// The scale-out bandwidth of one GPU when `nics` ports of `port_gigabits` serve `gpus` GPUs.
constexpr double perGpuScaleOut(double nics, double port_gigabits, double gpus) {
  return nics * gigabitsToBytesPerSecond(port_gigabits) / gpus;
}

constexpr NodeDesign node(std::string_view id, std::string_view name, double gpus, double nics,
                          double scale_up, double scale_out, std::string_view source,
                          std::string_view note) {
  return {id, name, gpus, nics, scale_up, scale_out, scale_up / scale_out, source, note};
}

const std::array<Link, 12> kLinks{{
    {"nvlink3-a100", "NVLink 3 (A100, 12 links)", "scale-up", std::nullopt, 300e9, 230e9,
     std::nullopt,
     "[S1] NVLink 3: 12 links, 300 GB/s per direction; NVIDIA/nccl-tests#149 (NCCL maintainer): "
     "~20 GB/s effective per link, ~230 GB/s in total",
     "600 GB/s is both directions added"},
    {"nvlink4-h100", "NVLink 4 (H100/H200, 18 links)", "scale-up", std::nullopt, 450e9, 370e9,
     std::nullopt,
     "[S1] NVLink 4: 18 links, 450 GB/s per direction; NVIDIA/nccl-tests#212 (NCCL maintainer): "
     "\"450GB/s is the line rate … effective NVLink bandwidth of 370GB/s\"",
     "900 GB/s is both directions added"},
    {"nvlink4-h800", "NVLink 4, reduced (H800)", "scale-up", std::nullopt, 200e9, 160e9, 3.33e-6,
     "ISCA'25 §4.1 (NVLink cut from 900 to 400 GB/s), §4.3 (\"NVLink provides 200GB/s … about "
     "160GB/s can actually be achieved\"), V3 report §3.2.2 (160 GB/s); latency: ISCA'25 Table 5",
     "400 GB/s is both directions added; latency is CPU-side end to end for 64 B"},
    {"nvlink5-b200", "NVLink 5 (B200/GB200, 18 links)", "scale-up", std::nullopt, 900e9,
     std::nullopt, std::nullopt, "[S1] NVLink 5: 18 links, 900 GB/s per direction",
     "GB200 NVL72 gives the same 900 GB/s per GPU across a 72-GPU domain (ISCA'25 §2.3.2)"},
    {"pcie4-x16", "PCIe 4.0 x16", "host", std::nullopt, 31e9, 27e9, std::nullopt,
     "[S1] PCIe Gen4 x16: 31 GB/s per direction; Fire-Flyer §IV: one PCIe 4.0 x16 port reaches "
     ">27 GB/s GPU→CPU",
     "two GPUs sharing one root port reach ~37 GB/s together (Fire-Flyer §IV)"},
    {"pcie5-x16", "PCIe 5.0 x16", "host", std::nullopt, 63e9, std::nullopt, std::nullopt,
     "[S1] PCIe Gen5 x16: 63 GB/s per direction",
     "ISCA'25 §6.2: 160 lanes of PCIe 5.0 need over 640 GB/s per node"},
    {"pcie6-x16", "PCIe 6.0 x16", "host", std::nullopt, 121e9, std::nullopt, std::nullopt,
     "[S1] PCIe Gen6 x16: 121 GB/s per direction", ""},
    {"ib-hdr", "InfiniBand HDR port (ConnectX-6)", "scale-out", 200e9,
     gigabitsToBytesPerSecond(200), std::nullopt, std::nullopt,
     "[S1] IB HDR: 4 lanes × 50 Gb/s = 200 Gb/s; NVIDIA OFED docs: ConnectX-6 tops out at HDR",
     "Fire-Flyer's A100 PCIe nodes have one such NIC for 8 GPUs"},
    {"ib-ndr", "InfiniBand NDR port (ConnectX-7)", "scale-out", 400e9,
     gigabitsToBytesPerSecond(400), 40e9, 2.8e-6,
     "[S1] IB NDR: 4 × 100 Gb/s = 400 Gb/s; ISCA'25 §4.3: \"each 400Gbps IB NIC delivers only "
     "50GB/s … use 40GB/s for effective bandwidth\"; latency: ISCA'25 Table 5 (same leaf)",
     "NVIDIA/nccl-tests#290 (NVIDIA): 46–48 GB/s per NIC in nccl-tests; 3.7 µs across leaves"},
    {"ib-xdr", "InfiniBand XDR port (ConnectX-8)", "scale-out", 800e9,
     gigabitsToBytesPerSecond(800), std::nullopt, std::nullopt,
     "[S1] IB XDR: 4 × 200 Gb/s = 800 Gb/s (IBTA XDR release)", ""},
    {"roce-400g", "400G RoCE (Ethernet)", "scale-out", 400e9, gigabitsToBytesPerSecond(400),
     std::nullopt, 3.6e-6,
     "ISCA'25 §5.1 (400 Gbps RoCE storage plane), §5.2.1 (128-port RoCE switches); latency: "
     "ISCA'25 Table 5 (same leaf)",
     "5.6 µs across leaves (ISCA'25 Table 5)"},
    {"infinity-fabric-mi300x", "AMD Infinity Fabric (MI300X, 7 peers)", "scale-up", std::nullopt,
     448e9, std::nullopt, std::nullopt,
     "[S1]: 7 links, 64 GB/s per peer per direction, 448 GB/s aggregate per direction",
     "point-to-point: one peer gets only 64 GB/s; [S1] halves AMD's 128 GB/s bidirectional figure"},
}};

const std::array<NodeDesign, 5> kNodeDesigns{{
    node("deepseek-h800", "DeepSeek H800 node (8 GPUs, 8 × 400G CX7)", 8, 8, 160e9,
         perGpuScaleOut(8, 400, 8),
         "V3 report §3.2.2: NVLink 160 GB/s, IB 50 GB/s, \"roughly 3.2 times\"; ISCA'25 §4.1: "
         "eight 400G CX7 NICs per node",
         "ISCA'25 §4.3 counts 200:50 nominal or 160:40 effective, about 4:1"),
    node("dgx-h100", "DGX H100 (8 GPUs, 8 × NDR 400G)", 8, 8, 450e9, perGpuScaleOut(8, 400, 8),
         "[S1]: DGX H100 with 8 single-port ConnectX-7 at 400 Gb/s; NVLink 4 450 GB/s per "
         "direction",
         "nominal rates on both fabrics"),
    node("dgx-a100", "DGX A100 (8 GPUs, 8 + 1 × HDR 200G)", 8, 8, 300e9, perGpuScaleOut(8, 200, 8),
         "Fire-Flyer Table I: 9 × CX6 200 Gb/s, NVLink 600 GB/s among 8 GPUs (both directions)",
         "the ninth NIC serves storage and is not counted"),
    node("fire-flyer-a100-pcie", "Fire-Flyer A100 PCIe node (8 GPUs, 1 × HDR 200G)", 8, 1, 31e9,
         perGpuScaleOut(1, 200, 8),
         "Fire-Flyer Table I: 8 × PCIe A100, 1 × CX6 200 Gb/s; [S1] PCIe 4.0 x16 31 GB/s",
         "scale-up is PCIe through the CPU (NVLink bridges joined pairs later)"),
    node(
        "gb200-nvl72", "GB200 NVL72 (72 GPUs in one NVLink domain, 1 × 400G per GPU)", 72, 72,
        900e9, perGpuScaleOut(72, 400, 72),
        "[S1] NVLink 5: 900 GB/s per direction per GPU across the 72-GPU domain; ISCA'25 §2.3.2 "
        "uses the same 900 GB/s",
        "the scale-out NIC (one 400 Gb/s ConnectX-7 per GPU) is an assumption, not a cited figure"),
}};

// ISCA'25 Table 5: CPU-side end-to-end latency for 64 B.
const std::array<MeasuredLatency, 3> kMeasuredLatencies{{
    {"RoCE", 3.6e-6, 5.6e-6, "ISCA'25 Table 5"},
    {"InfiniBand", 2.8e-6, 3.7e-6, "ISCA'25 Table 5"},
    {"NVLink", 3.33e-6, std::nullopt, "ISCA'25 Table 5 (intra-node)"},
}};

}  // namespace

std::span<const Link> links() { return kLinks; }
std::span<const NodeDesign> nodeDesigns() { return kNodeDesigns; }
std::span<const MeasuredLatency> measuredLatencies() { return kMeasuredLatencies; }

}  // namespace ridgepoint
