#include "machines.hpp"

#include <array>

namespace ridgepoint {

namespace {

// Sources are those collected in shared/reference/hardware-and-collectives.md §6.1.
const auto kMachines = std::to_array<Machine>({
    {.id = "toy-60",
     .name = "Toy machine A (roofline card)",
     .peak_flops = {.bf16 = 60e12},
     .memory_bandwidth = 3e12,
     .source = "Roofline card: 60 TFLOP/s with 3 TB/s, ridge 20 FLOP/B",
     .note = "A teaching machine, not a product"},
    {.id = "toy-100",
     .name = "Toy machine B (roofline card)",
     .peak_flops = {.bf16 = 100e12},
     .memory_bandwidth = 2e12,
     .source = "Roofline card: 100 TFLOP/s with 2 TB/s, ridge 50 FLOP/B",
     .note = "A teaching machine, not a product"},
    {.id = "a100-sxm-80gb",
     .name = "NVIDIA A100 SXM4 80GB",
     .peak_flops = {.fp64 = 19.5e12, .tf32 = 156e12, .bf16 = 312e12, .int8 = 624e12},
     .memory_bandwidth = 2.039e12,
     // What the CUDA runtime lets a process allocate (totalGlobalMem), not the datasheet's "80GB".
     .memory_capacity = 85'100'068'864,
     .stream_bandwidth = 1.70e12,
     .source = "NVIDIA A100 datasheet via glennklockwood.com and stas00/ml-engineering (dense); "
               "capacity: deviceQuery on A100-SXM4-80GB, thamada/nvidia-smi "
               "gls/A100SXMx4_deviceQuery.py @ b09ef13 (81,158 MiB); STREAM Triad: Azure/"
               "AI-benchmarking-guide Azure_Results/ND_A100_v4_results.md @ 3bb66ca (1.70 TB/s)",
     .note = "FP64 is the tensor-core rate; capacity is the CUDA runtime's total, 85.1 GB"},
    {.id = "a100-pcie-80gb",
     .name = "NVIDIA A100 PCIe 80GB",
     .peak_flops = {.fp64 = 19.5e12, .tf32 = 156e12, .bf16 = 312e12, .int8 = 624e12},
     .memory_bandwidth = 1.94e12,
     .memory_capacity = 80e9,
     .source = "NVIDIA A100 product page via stas00/ml-engineering (dense); same TFLOP/s as SXM",
     .note =
         "FP64 is the tensor-core rate; capacity is the datasheet's decimal 80 GB (no device query "
         "cited; the SXM4 part reports 85.1 GB)"},
    {.id = "h100-sxm",
     .name = "NVIDIA H100 SXM5 80GB",
     .peak_flops =
         {.fp64 = 66.9e12, .tf32 = 494.5e12, .bf16 = 989e12, .fp8 = 1979e12, .int8 = 1979e12},
     .memory_bandwidth = 3.35e12,
     .memory_capacity = 85'045'477'376,
     .stream_bandwidth = 2.97e12,
     .source = "NVIDIA H100 product page via stas00/ml-engineering and glennklockwood.com; "
               "capacity: deviceQuery on H100 80GB HBM3, thamada/nvidia-smi "
               "nvsim/H100SXMx8_deviceQuery.py @ 03fbe6e (81,106 MiB); STREAM Triad: Azure's "
               "AI-benchmarking-guide ND_H100_v5_results.md (samuel-bohman/AI-benchmarking-guide "
               "@ a6533f1: 2.97 TB/s)",
     .note = "dense; FP64 is the tensor-core rate; capacity is the CUDA runtime's total, 85.0 GB"},
    {.id = "h800-sxm",
     .name = "NVIDIA H800 SXM5 80GB",
     .peak_flops = {.bf16 = 989.4e12, .fp8 = 1978.8e12},
     .memory_bandwidth = 3.35e12,
     .memory_capacity = 85'045'477'376,
     .stream_bandwidth = 2.97e12,
     .source = "DeepSeek FlashMLA and FP8 posts: BF16 = 4096 FLOP/clk/SM × 132 SMs × 1830 MHz; HBM "
               "3.35 TB/s",
     .note =
         "FP8 derived as twice BF16 (Hopper tensor cores); capacity and STREAM Triad as the H100 "
         "SXM5's 80GB HBM3 (the same memory; DeepSeek published neither): the CUDA runtime's "
         "total, "
         "85.0 GB; FP64/TF32 not published"},
    {.id = "h200-sxm",
     .name = "NVIDIA H200 SXM 141GB",
     .peak_flops =
         {.fp64 = 66.9e12, .tf32 = 494.5e12, .bf16 = 989e12, .fp8 = 1979e12, .int8 = 1979e12},
     .memory_bandwidth = 4.8e12,
     .memory_capacity = 141e9,
     .stream_bandwidth = 4.15e12,
     .source = "NVIDIA H200 product page via stas00/ml-engineering (same compute as H100); STREAM "
               "Triad: Azure/AI-benchmarking-guide Azure_Results/ND_H200_v5_results.md @ 7f20e5f "
               "(4.15 TB/s)",
     .note =
         "dense; FP64 is the tensor-core rate; capacity is the datasheet's 141 GB (no device query "
         "cited)"},
    {.id = "b200",
     .name = "NVIDIA B200 (HGX/DGX, 1000 W)",
     .peak_flops = {.fp64 = 40e12,
                    .tf32 = 1125e12,
                    .bf16 = 2250e12,
                    .fp8 = 4500e12,
                    .int8 = 4500e12,
                    .fp4 = 9000e12},
     .memory_bandwidth = 8e12,
     .memory_capacity = 180e9,
     .source = "NVIDIA DGX B200 datasheet via stas00/ml-engineering and glennklockwood.com",
     .note = "dense; capacity is the DGX B200 datasheet's figure (no device query cited)"},
    {.id = "b300",
     .name = "NVIDIA B300 (HGX/DGX, Blackwell Ultra)",
     .peak_flops =
         {.tf32 = 1125e12, .bf16 = 2250e12, .fp8 = 4500e12, .int8 = 4500e12, .fp4 = 12600e12},
     .memory_bandwidth = 8e12,
     .memory_capacity = 288e9,
     .source = "NVIDIA DGX B300 datasheet via stas00/ml-engineering @ 744d01e (TFLOPS and memory "
               "tables: dense)",
     .note = "dense; FP4 is the table's fp4 column (15 PFLOP/s NVFP4 listed apart); FP64 not in "
             "the cited table; capacity is the datasheet's (no device query cited)"},
    {.id = "gb200",
     .name = "NVIDIA GB200 (one Blackwell GPU of an NVL72)",
     .peak_flops = {.fp64 = 45e12,
                    .tf32 = 1250e12,
                    .bf16 = 2500e12,
                    .fp8 = 5000e12,
                    .int8 = 5000e12,
                    .fp4 = 10000e12},
     .memory_bandwidth = 8e12,
     .memory_capacity = 186e9,
     .source =
         "NVIDIA GB200 NVL72 page via stas00/ml-engineering @ 744d01e1 (per GPU: GB200 is two "
         "chips); 186 GB HBM3e also in MLCommons v6.1 Crusoe GB200 system JSON",
     .note = "dense; FP64 from glennklockwood.com; capacity is the datasheet's (no device query "
             "cited)"},
    {.id = "gb300",
     .name = "NVIDIA GB300 (one Blackwell Ultra GPU of an NVL72)",
     .peak_flops =
         {.tf32 = 1250e12, .bf16 = 2500e12, .fp8 = 5000e12, .int8 = 5000e12, .fp4 = 15000e12},
     .memory_bandwidth = 8e12,
     .memory_capacity = 288e9,
     .source = "stas00/ml-engineering compute/accelerator/README.md @ 744d01e: TFLOPS table, GB300 "
               "SXM row (per GPU, dense); memory as its B300 SXM row (288 GB HBM3e, 8 TB/s), the "
               "same Blackwell Ultra GPU (its note 24: GB300 NVL72 is GB200 NVL72 with faster FP4 "
               "and more memory); 288 GB also in NVIDIA and SGLang's GB300 post "
               "(lm-sys/lm-sys.github.io blog/2025-02-19-gb300-longctx.md)",
     .note =
         "dense; FP64 not in the cited table; capacity is the datasheet's (no device query cited)"},
    {.id = "mi300x",
     .name = "AMD Instinct MI300X",
     .peak_flops = {.fp64 = 163.4e12,
                    .tf32 = 653.7e12,
                    .bf16 = 1307.4e12,
                    .fp8 = 2614.9e12,
                    .int8 = 2614.9e12},
     .memory_bandwidth = 5.3e12,
     .memory_capacity = 206'141'652'992,
     .stream_bandwidth = 4.09e12,
     .source = "AMD ROCm docs, gpu-arch/mi300.md, peak-performance table; capacity: HIP "
               "totalGlobalMem, thamada/nvidia-smi nvsim/MI300X_x4_deviceQuery.py @ a296cf1 "
               "(196,592 MiB); STREAM Triad: Azure's AI-benchmarking-guide "
               "ND_MI300X_v5_results.md (samuel-bohman/AI-benchmarking-guide @ 3de0c29: 4.09 TB/s)",
     .note = "dense; FP64 is the matrix rate, TF32 the vector rate; capacity is the HIP runtime's "
             "total, 206.1 GB (the datasheet's 192 GB)"},
});

}  // namespace

std::span<const Machine> machines() { return kMachines; }

}  // namespace ridgepoint
