#include "machines.hpp"

#include <array>

namespace ridgepoint {

namespace {

// Sources are those collected in shared/reference/hardware-and-collectives.md §6.1.
const std::array<Machine, 10> kMachines{{
    {"toy-60",
     "Toy machine A (roofline card)",
     {.bf16 = 60e12},
     3e12,
     std::nullopt,
     "Roofline card: 60 TFLOP/s with 3 TB/s, ridge 20 FLOP/B",
     "A teaching machine, not a product"},
    {"toy-100",
     "Toy machine B (roofline card)",
     {.bf16 = 100e12},
     2e12,
     std::nullopt,
     "Roofline card: 100 TFLOP/s with 2 TB/s, ridge 50 FLOP/B",
     "A teaching machine, not a product"},
    {"a100-sxm-80gb",
     "NVIDIA A100 SXM4 80GB",
     {.fp64 = 19.5e12, .tf32 = 156e12, .bf16 = 312e12, .int8 = 624e12},
     2.039e12,
     80e9,
     "NVIDIA A100 datasheet via glennklockwood.com and stas00/ml-engineering (dense)",
     "FP64 is the tensor-core rate"},
    {"a100-pcie-80gb",
     "NVIDIA A100 PCIe 80GB",
     {.fp64 = 19.5e12, .tf32 = 156e12, .bf16 = 312e12, .int8 = 624e12},
     1.94e12,
     80e9,
     "NVIDIA A100 product page via stas00/ml-engineering (dense); same TFLOP/s as SXM",
     "FP64 is the tensor-core rate"},
    {"h100-sxm",
     "NVIDIA H100 SXM5 80GB",
     {.fp64 = 66.9e12, .tf32 = 494.5e12, .bf16 = 989e12, .fp8 = 1979e12, .int8 = 1979e12},
     3.35e12,
     80e9,
     "NVIDIA H100 product page via stas00/ml-engineering and glennklockwood.com",
     "dense; FP64 is the tensor-core rate"},
    {"h800-sxm",
     "NVIDIA H800 SXM5 80GB",
     {.bf16 = 989.4e12, .fp8 = 1978.8e12},
     3.35e12,
     80e9,
     "DeepSeek FlashMLA and FP8 posts: BF16 = 4096 FLOP/clk/SM × 132 SMs × 1830 MHz; HBM 3.35 TB/s",
     "FP8 derived as twice BF16 (Hopper tensor cores); 80 GB capacity is the commonly quoted, "
     "not a DeepSeek, figure; FP64/TF32 not published"},
    {"h200-sxm",
     "NVIDIA H200 SXM 141GB",
     {.fp64 = 66.9e12, .tf32 = 494.5e12, .bf16 = 989e12, .fp8 = 1979e12, .int8 = 1979e12},
     4.8e12,
     141e9,
     "NVIDIA H200 product page via stas00/ml-engineering (same compute as H100)",
     "dense; FP64 is the tensor-core rate"},
    {"b200",
     "NVIDIA B200 (HGX/DGX, 1000 W)",
     {.fp64 = 40e12,
      .tf32 = 1125e12,
      .bf16 = 2250e12,
      .fp8 = 4500e12,
      .int8 = 4500e12,
      .fp4 = 9000e12},
     8e12,
     180e9,
     "NVIDIA DGX B200 datasheet via stas00/ml-engineering and glennklockwood.com",
     "dense; capacity is the DGX B200 figure"},
    {"gb200",
     "NVIDIA GB200 (one Blackwell GPU of an NVL72)",
     {.fp64 = 45e12,
      .tf32 = 1250e12,
      .bf16 = 2500e12,
      .fp8 = 5000e12,
      .int8 = 5000e12,
      .fp4 = 10000e12},
     8e12,
     186e9,
     "NVIDIA GB200 NVL72 page via stas00/ml-engineering @ 744d01e1 (per GPU: GB200 is two chips); "
     "186 GB HBM3e also in MLCommons v6.1 Crusoe GB200 system JSON",
     "dense; FP64 from glennklockwood.com"},
    {"mi300x",
     "AMD Instinct MI300X",
     {.fp64 = 163.4e12, .tf32 = 653.7e12, .bf16 = 1307.4e12, .fp8 = 2614.9e12, .int8 = 2614.9e12},
     5.3e12,
     192e9,
     "AMD ROCm docs, gpu-arch/mi300.md, peak-performance table",
     "dense; FP64 is the matrix rate, TF32 the vector rate"},
}};

}  // namespace

std::span<const Machine> machines() { return kMachines; }

}  // namespace ridgepoint
