// Kernel efficiencies for the planner, calibrated on published kernel measurements only.
#include "planner.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "planner_internal.hpp"
#include "precision.hpp"

namespace ridgepoint {

namespace {

constexpr std::string_view kDeepGemm =
    "deepseek-ai/DeepGEMM README @ a6d97a1 (2025-02-25), H800, NVCC 12.8";

// DeepGEMM's first published table: FP8 GEMMs with fine-grained scaling on H800. The dense rows
// at M = 64 and 128 are memory-bound; the M = 4096 and grouped rows are the training shapes.
constexpr std::string_view kProfile =
    "deepseek-ai/profile-data @ 4496024 train.json (PyTorch profiler, V3 DualPipe chunk pair, "
    "4 MoE layers, EP64, 4096 tokens, H800, 20 SMs for DeepEP)";
// The profile's compute kernels ran on 112 of 132 SMs (persistent GEMM grids of 112).
constexpr double kProfileSmShare = 112.0 / 132.0;
constexpr std::string_view kAzureMi300x =
    "Azure's AI-benchmarking-guide ND_MI300X_v5_results.md (samuel-bohman/AI-benchmarking-guide "
    "@ 3de0c29), GEMM HipBLASLt, FP8, random initialization, 10,000 warm-up iterations";
constexpr std::string_view kMamf =
    "stas00/ml-engineering compute/accelerator/README.md @ 744d01e (2026-08-22), Maximum "
    "Achievable Matmul FLOPS table, BF16";

// DeepGEMM's first published table: FP8 GEMMs with fine-grained scaling on H800. The dense rows
// at M = 64 and 128 are memory-bound; the M = 4096 and grouped rows are the training shapes.
// Then the framework profile: FLOPs of the V3 shape / mean kernel time over its 4 layers; the
// MLA projections (q_a, kv_a, q_b, kv_b, o: 1.533 TFLOP at 4096 tokens) as the one GEMM the
// planner models, 4096 × (187,105,280 / 7168) × 7168.
const auto kGemmCalibrations = std::to_array<GemmCalibration>({
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 64,
     .n = 2112,
     .k = 7168,
     .measured_flops = 206e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 64,
     .n = 7168,
     .k = 16384,
     .measured_flops = 336e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 128,
     .n = 2112,
     .k = 7168,
     .measured_flops = 352e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 128,
     .n = 7168,
     .k = 16384,
     .measured_flops = 645e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 2112,
     .k = 7168,
     .measured_flops = 1058e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 24576,
     .k = 1536,
     .measured_flops = 990e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 32768,
     .k = 512,
     .measured_flops = 590e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 7168,
     .k = 16384,
     .measured_flops = 1358e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 4096,
     .k = 7168,
     .measured_flops = 1304e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 7168,
     .k = 2048,
     .measured_flops = 1025e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 4,
     .m = 8192,
     .n = 4096,
     .k = 7168,
     .measured_flops = 1297e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 4,
     .m = 8192,
     .n = 7168,
     .k = 2048,
     .measured_flops = 1099e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 8,
     .m = 4096,
     .n = 4096,
     .k = 7168,
     .measured_flops = 1288e12,
     .source = kDeepGemm},
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 8,
     .m = 4096,
     .n = 7168,
     .k = 2048,
     .measured_flops = 1093e12,
     .source = kDeepGemm},
    // Fire-Flyer Table II: FP16 GEMM on DGX-A100, 263 TFLOPS per GPU; the shape is not printed,
    // so it stands for a large square GEMM (8192³ is taken).
    {.precision = "bf16",
     .machine = "a100-sxm-80gb",
     .groups = 1,
     .m = 8192,
     .n = 8192,
     .k = 8192,
     .measured_flops = 263e12,
     .source = "Fire-Flyer AI-HPC (arXiv 2408.14158v2) Table II, DGX-A100 FP16 GEMM"},
    // Maximum Achievable Matmul FLOPS: torch.mm in BF16, the mean of 100 runs at the best shape
    // (M × N × K) of a brute-force search, one GPU per machine; a ceiling for that machine's GEMMs.
    {.precision = "bf16",
     .machine = "a100-sxm-80gb",
     .groups = 1,
     .m = 1024,
     .n = 10240,
     .k = 5120,
     .measured_flops = 271.2e12,
     .source = kMamf},
    {.precision = "bf16",
     .machine = "a100-pcie-80gb",
     .groups = 1,
     .m = 2048,
     .n = 5120,
     .k = 6144,
     .measured_flops = 252.9e12,
     .source = kMamf},
    {.precision = "bf16",
     .machine = "h100-sxm",
     .groups = 1,
     .m = 2048,
     .n = 2048,
     .k = 13312,
     .measured_flops = 794.5e12,
     .source = kMamf},
    {.precision = "bf16",
     .machine = "b200",
     .groups = 1,
     .m = 1792,
     .n = 16128,
     .k = 3072,
     .measured_flops = 1745e12,
     .source = kMamf},
    {.precision = "bf16",
     .machine = "b300",
     .groups = 1,
     .m = 12288,
     .n = 18432,
     .k = 1024,
     .measured_flops = 1769.0e12,
     .source = kMamf},
    {.precision = "bf16",
     .machine = "gb200",
     .groups = 1,
     .m = 4096,
     .n = 9728,
     .k = 2048,
     .measured_flops = 1822e12,
     .source = kMamf},
    {.precision = "bf16",
     .machine = "mi300x",
     .groups = 1,
     .m = 10240,
     .n = 15360,
     .k = 8192,
     .measured_flops = 668.4e12,
     .source = kMamf},
    // hipBLASLt FP8 on MI300X (Azure's ND MI300X v5): AMD's GEMMs, not NVIDIA's shares. The
    // shapes whose 256 × 256 output tiles fill its 304 CUs at least once; the smaller ones the
    // table holds (1024³, 2048³, 4096³, 1024 × 2145 × 1024: 16 to 256 tiles) measure idle CUs,
    // which the curve, read by intensity alone, would charge to every GEMM of their intensity.
    {.precision = "fp8",
     .machine = "mi300x",
     .groups = 1,
     .m = 8192,
     .n = 8192,
     .k = 8192,
     .measured_flops = 1159.23e12,
     .source = kAzureMi300x},
    {.precision = "fp8",
     .machine = "mi300x",
     .groups = 1,
     .m = 16384,
     .n = 16384,
     .k = 16384,
     .measured_flops = 1015.1e12,
     .source = kAzureMi300x},
    {.precision = "fp8",
     .machine = "mi300x",
     .groups = 1,
     .m = 32768,
     .n = 32768,
     .k = 32768,
     .measured_flops = 1029.14e12,
     .source = kAzureMi300x},
    {.precision = "fp8",
     .machine = "mi300x",
     .groups = 1,
     .m = 6144,
     .n = 12288,
     .k = 12288,
     .measured_flops = 1159.54e12,
     .source = kAzureMi300x},
    {.precision = "fp8",
     .machine = "mi300x",
     .groups = 1,
     .m = 802816,
     .n = 192,
     .k = 768,
     .measured_flops = 605.34e12,
     .source = kAzureMi300x},
    // profile: m_grouped_fp8_ptp128c, mlp(F), routed gate+up, 1.924 TFLOP / 1862.5 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 4,
     .m = 8192,
     .n = 4096,
     .k = 7168,
     .measured_flops = 1033.1e12,
     .source = kProfile,
     .pass = "forward",
     .sm_share = kProfileSmShare},
    // profile: m_grouped_fp8_ptp128c, mlp(F), routed down, 0.962 TFLOP / 1035.25 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 4,
     .m = 8192,
     .n = 7168,
     .k = 2048,
     .measured_flops = 929.3e12,
     .source = kProfile,
     .pass = "forward",
     .sm_share = kProfileSmShare},
    // profile: fp8_ptp128c, mlp(F), shared-expert gate+up, 0.2405 TFLOP / 259.0 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 4096,
     .k = 7168,
     .measured_flops = 928.6e12,
     .source = kProfile,
     .pass = "forward",
     .sm_share = kProfileSmShare},
    // profile: fp8_ptp128c, mlp(F), shared-expert down, 0.1203 TFLOP / 138.0 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 7168,
     .k = 2048,
     .measured_flops = 871.4e12,
     .source = kProfile,
     .pass = "forward",
     .sm_share = kProfileSmShare},
    // profile: fp8_ptp128c, attn(F), the 5 MLA projections, 1.533 TFLOP / 1673.25 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 187105280.0 / 7168,
     .k = 7168,
     .measured_flops = 916.0e12,
     .source = kProfile,
     .pass = "forward",
     .sm_share = kProfileSmShare},
    // profile: m_grouped_fp8_ptp128c, mlp(B), routed gate+up input gradient, 1969.25 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 4,
     .m = 8192,
     .n = 4096,
     .k = 7168,
     .measured_flops = 977.1e12,
     .source = kProfile,
     .pass = "inputGradient",
     .sm_share = kProfileSmShare},
    // profile: m_grouped_fp8_ptp128c, mlp(B), routed down input gradient, 864.5 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 4,
     .m = 8192,
     .n = 7168,
     .k = 2048,
     .measured_flops = 1112.9e12,
     .source = kProfile,
     .pass = "inputGradient",
     .sm_share = kProfileSmShare},
    // profile: fp8_ptp128c, mlp(B), shared-expert gate+up input gradient, 240.5 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 4096,
     .k = 7168,
     .measured_flops = 1000.1e12,
     .source = kProfile,
     .pass = "inputGradient",
     .sm_share = kProfileSmShare},
    // profile: fp8_ptp128c, mlp(B), shared-expert down input gradient, 126.25 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 7168,
     .k = 2048,
     .measured_flops = 952.5e12,
     .source = kProfile,
     .pass = "inputGradient",
     .sm_share = kProfileSmShare},
    // profile: fp8_ptp128c, attn(B), the MLA projections' input gradients (7 kernels), 2272.5 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 187105280.0 / 7168,
     .k = 7168,
     .measured_flops = 674.5e12,
     .source = kProfile,
     .pass = "inputGradient",
     .sm_share = kProfileSmShare},
    // profile: fp8_dptp128c_acc, attn(W), the MLA projections' weight gradients, 2388.5 µs
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 1,
     .m = 4096,
     .n = 187105280.0 / 7168,
     .k = 7168,
     .measured_flops = 641.7e12,
     .source = kProfile,
     .pass = "weightGradient",
     .sm_share = kProfileSmShare},
    // profile: fp8_dptp128c_acc on streams 7 and 23 at once, mlp(W), routed + shared experts'
    // weight gradients, 3.247 TFLOP / 4485 µs of wall time (union of the two streams)
    {.precision = "fp8",
     .machine = "h800-sxm",
     .groups = 4,
     .m = 8192,
     .n = 4096,
     .k = 7168,
     .measured_flops = 724.0e12,
     .source = kProfile,
     .pass = "weightGradient",
     .sm_share = kProfileSmShare},
});

// The entries of kAttentionCalibrations in their order: the choice of kernel names the one it
// takes.
enum class AttentionEntry : std::size_t {
  fa3_hopper,
  fa2,
  fa3_profiled_training,
  flash_mla_hopper,
  blackwell_mha,
  flash_mla_blackwell,
  fa2_mi300x,
  count
};

const auto kAttentionCalibrations = std::to_array<AttentionCalibration>({
    {.kernel = "FlashAttention-3",
     .machine = "h100-sxm",
     .efficiency = 590.233e12 / 989e12,
     .memory_efficiency = 3000e9 / 3.35e12,
     .source = "pytorch/benchmark ff65cb67 (FA3 forward, BF16, batch 4 × 16 heads × 4096 × 128 on "
               "H100: 590.2 TFLOPS); memory-bound: FlashMLA README @ 414a2f3 (3000 GB/s on H800)"},
    {.kernel = "FlashAttention-2",
     .machine = "a100-sxm-80gb",
     .efficiency = 0.5,
     .memory_efficiency = 0,
     .source = "FlashAttention-2 (Dao 2023, arXiv 2307.08691) abstract: 50–73 % of peak on A100; "
               "the lower end is taken"},
    // profile: flash::compute_attn_ws (fwd, 1237 µs) and FlashAttnBwd + pre/postprocess (bwd,
    // 4254.25 µs) per layer; causal MLA, 128 heads, d_qk 192, d_v 128, 4096 tokens: 0.687 TFLOP
    // forward, 2.5 × that backward
    {.kernel = "FlashAttention-3 (DeepSeek MLA, in training)",
     .machine = "h800-sxm",
     .efficiency = 555.7e12 / 989.4e12,
     .memory_efficiency = 0,
     .source = kProfile,
     .backward_efficiency = 404.0e12 / 989.4e12,
     .sm_share = kProfileSmShare},
    // The release in service when DeepSeek published its serving statistics (2025-02-28); FLOPs
    // counted as FlashMLA's benchmark does, 2 · s_q · h_q · s_k · (576 + 512).
    {.kernel = "FlashMLA (MLA decode, latent space)",
     .machine = "h800-sxm",
     .efficiency = 580e12 / 989.4e12,
     .memory_efficiency = 3000e9 / 3.35e12,
     .source = "deepseek-ai/FlashMLA README @ 414a2f3 (2025-02-24): up to 3000 GB/s memory-bound "
               "and 580 TFLOPS compute-bound on H800 SXM5, BF16 KV cache"},
    {.kernel = "FlashAttention (dense MHA on Blackwell: NVIDIA's SM100 kernels in FlashMLA)",
     .machine = "b200",
     .efficiency = 1460e12 / 2250e12,
     .memory_efficiency = 3000e9 / 3.35e12,
     .source = "deepseek-ai/FlashMLA README @ 066b5ba: dense MHA prefill up to 1460 TFLOPS forward "
               "and 1000 backward on B200, as reported by NVIDIA; memory-bound as on H800 (not "
               "measured on Blackwell)",
     .backward_efficiency = 1000e12 / 2250e12},
    // No dense MLA decoding kernel has been measured on Blackwell (FlashMLA's runs on SM90 only):
    // its dense kernel of the same release on H800 (660 TFLOPS) × the B200 / H800 ratio of the
    // one MLA decoding kernel measured on both, its sparse one (350 / 410 TFLOPS).
    {.kernel = "FlashMLA (MLA decode, latent space, on Blackwell)",
     .machine = "b200",
     .efficiency = 660e12 * (350e12 / 410e12) / 2250e12,
     .memory_efficiency = 3000e9 / 3.35e12,
     .source = "deepseek-ai/FlashMLA README @ 066b5ba (2025-09-29): dense decoding 660 TFLOPS on "
               "H800 SXM5 (SM90 only); sparse decoding 410 TFLOPS on H800 and up to 350 on B200 "
               "(\"not really optimized yet\"): 660 × 350 / 410 = 563 TFLOPS, 25 % of B200's "
               "BF16 peak; memory-bound as on H800 (not measured on Blackwell)"},
    // AMD's GPU runs its own attention kernels: NVIDIA's measurements do not carry over to it.
    {.kernel = "FlashAttention-2 (ROCm, MI300X)",
     .machine = "mi300x",
     .efficiency = 328.6e12 / 1307.4e12,
     .memory_efficiency = 0,
     .source = "Azure's AI-benchmarking-guide ND_MI300X_v5_results.md (samuel-bohman/"
               "AI-benchmarking-guide @ 3de0c29): Flash Attention 2.0, head dim 64, batch 2, "
               "8192 tokens, 328.6 TFLOPS on MI300X; memory-bound at its STREAM bandwidth (not "
               "measured)"},
});
static_assert(kAttentionCalibrations.size() == static_cast<std::size_t>(AttentionEntry::count));

const AttentionCalibration& calibrationOf(AttentionEntry entry) {
  return kAttentionCalibrations[static_cast<std::size_t>(entry)];
}

constexpr std::string_view kDeepEp =
    "deepseek-ai/DeepEP docs/legacy.md (V1 README) @ dd758ca: H800, ~160 GB/s NVLink, CX7 400G "
    "(~50 GB/s); 7168 hidden, top-8, FP8 dispatch, BF16 combine";

// DeepEP V1's performance tables. Normal kernels: 4096 tokens per GPU, top-4 groups; low-latency
// kernels: 128 tokens per GPU.
const auto kAllToAllCalibrations = std::to_array<AllToAllCalibration>({
    {.kernel = "normal",
     .node = "deepseek-h800",
     .expert_parallel = 8,
     .fabric = Fabric::scale_up,
     .dispatch_bandwidth = 153e9,
     .combine_bandwidth = 158e9,
     .source = kDeepEp},
    {.kernel = "normal",
     .node = "deepseek-h800",
     .expert_parallel = 16,
     .fabric = Fabric::scale_out,
     .dispatch_bandwidth = 43e9,
     .combine_bandwidth = 43e9,
     .source = kDeepEp},
    {.kernel = "normal",
     .node = "deepseek-h800",
     .expert_parallel = 32,
     .fabric = Fabric::scale_out,
     .dispatch_bandwidth = 58e9,
     .combine_bandwidth = 57e9,
     .source = kDeepEp},
    {.kernel = "normal",
     .node = "deepseek-h800",
     .expert_parallel = 64,
     .fabric = Fabric::scale_out,
     .dispatch_bandwidth = 51e9,
     .combine_bandwidth = 50e9,
     .source = kDeepEp},
    {.kernel = "low-latency",
     .node = "deepseek-h800",
     .expert_parallel = 8,
     .fabric = Fabric::scale_out,
     .dispatch_bandwidth = 98e9,
     .combine_bandwidth = 127e9,
     .source = kDeepEp},
    {.kernel = "low-latency",
     .node = "deepseek-h800",
     .expert_parallel = 16,
     .fabric = Fabric::scale_out,
     .dispatch_bandwidth = 63e9,
     .combine_bandwidth = 74e9,
     .source = kDeepEp},
    {.kernel = "low-latency",
     .node = "deepseek-h800",
     .expert_parallel = 32,
     .fabric = Fabric::scale_out,
     .dispatch_bandwidth = 48e9,
     .combine_bandwidth = 53e9,
     .source = kDeepEp},
    {.kernel = "low-latency",
     .node = "deepseek-h800",
     .expert_parallel = 64,
     .fabric = Fabric::scale_out,
     .dispatch_bandwidth = 43e9,
     .combine_bandwidth = 46e9,
     .source = kDeepEp},
    {.kernel = "low-latency",
     .node = "deepseek-h800",
     .expert_parallel = 128,
     .fabric = Fabric::scale_out,
     .dispatch_bandwidth = 39e9,
     .combine_bandwidth = 39e9,
     .source = kDeepEp},
    {.kernel = "low-latency",
     .node = "deepseek-h800",
     .expert_parallel = 256,
     .fabric = Fabric::scale_out,
     .dispatch_bandwidth = 39e9,
     .combine_bandwidth = 40e9,
     .source = kDeepEp},
});

// profile: the non-GEMM kernels on the compute stream (per_token_cast_to_fp8, layer_norm,
// rotary, swiglu, permute/expand, top-k, copies), µs per layer / 4096 tokens. Attention backward
// includes the rotary and copy kernels the autograd thread launched outside the annotations.
const auto kElementwiseCalibrations = std::to_array<ElementwiseCalibration>({
    {.part = "attention",
     .machine = "h800-sxm",
     .forward = 1175.25e-6 / 4096,
     .backward = (2185.25e-6 + 771.75e-6) / 4096,
     .weight_backward = 0,
     .source = kProfile},
    {.part = "mlp",
     .machine = "h800-sxm",
     .forward = 1309.0e-6 / 4096,
     .backward = 2105.5e-6 / 4096,
     .weight_backward = 577.75e-6 / 4096,
     .source = kProfile},
});

// B read and written per element: FP8 inputs are 1 B, BF16 2 B; outputs are BF16.
double gemmIntensity(double m, double n, double k, double input_bytes) {
  return 2 * m * n * k / (input_bytes * (m * k + k * n) + 2 * m * n);
}

}  // namespace

std::span<const GemmCalibration> gemmCalibrations() { return kGemmCalibrations; }
std::span<const AttentionCalibration> attentionCalibrations() { return kAttentionCalibrations; }
std::span<const AllToAllCalibration> allToAllCalibrations() { return kAllToAllCalibrations; }
std::span<const ElementwiseCalibration> elementwiseCalibrations() {
  return kElementwiseCalibrations;
}

const Machine* findMachine(std::string_view id) {
  for (const Machine& machine : machines()) {
    if (machine.id == id) return &machine;
  }
  return nullptr;
}

const NodeDesign* findNode(std::string_view id) {
  for (const NodeDesign& node : nodeDesigns()) {
    if (node.id == id) return &node;
  }
  return nullptr;
}

std::optional<ModelNote> foreignNodeNote(const Machine& machine, const NodeDesign& node) {
  if (node.gpu == machine.id) return std::nullopt;
  const Machine* built_for = findMachine(node.gpu);
  return ModelNote{
      "node", std::string(node.name) + " is built around " +
                  std::string(built_for ? built_for->name : node.gpu) + " GPUs: its scale-up (" +
                  formatQuantity(node.scale_up_bandwidth, "B/s") + ") and scale-out (" +
                  formatQuantity(node.scale_out_bandwidth, "B/s") +
                  " per GPU) are taken as they are for " + std::string(machine.name)};
}

std::optional<std::string> expertParallelError(double ep, double routed_experts) {
  if (ep <= 1) return std::nullopt;
  if (routed_experts == 0) {
    return "expertParallel must be 1 for a model without routed experts (got " + formatNumber(ep) +
           ")";
  }
  if (std::fmod(routed_experts, ep) != 0) {
    return "expertParallel must divide the routed experts (" + formatNumber(routed_experts) +
           ") (got " + formatNumber(ep) + ")";
  }
  return std::nullopt;
}

// NCCL's maintainers (NVIDIA/nccl#412): inter-node all-reduce bus bandwidth grows with the NICs
// the node's GPUs use, up to NVLink's; #1168: a ring with 4 GPUs per node reaches half of 8's.
double groupBandwidth(const NodeDesign& node, double stride, double size) {
  if (stride * size <= node.gpus) return node.achievable_scale_up;
  const double gpus_per_node = std::max(1.0, std::min(size, std::floor(node.gpus / stride)));
  return std::min(node.achievable_scale_up, gpus_per_node * node.achievable_scale_out);
}

double collectiveTime(CollectiveOp op, double ranks, double bytes, double bandwidth, double latency,
                      CollectiveAlgorithm algorithm) {
  if (ranks < 2 || bytes <= 0) return 0;
  CollectiveInput in;
  in.op = choiceIndex(op);
  in.ranks = ranks;
  in.bytes = bytes;
  in.bandwidth = bandwidth;
  in.latency = latency;
  in.algorithm = choiceIndex(algorithm);
  const auto outcome = Collective::evaluate(in);
  return outcome.ok() ? outcome.value.time : 0;
}

// What each block keeps outside its tensor-parallel matrices, per token and hidden element: its
// norm's input (2 B), its first Linear's input and the dropout mask. Korthikanti et al. 2022
// Eq. 2: without sequence parallelism every TP GPU keeps these whole (10 for a GPT layer).
double blockInputBytes(bool fp8, bool dropout) { return 2 + (fp8 ? 1 : 2) + (dropout ? 1 : 0); }

// Bytes one layer saves for its backward per token and hidden element (× tokens · hidden / TP
// under tensor and sequence parallelism): Korthikanti et al. 2022 §4's tensors at the config's
// widths. The attention block keeps its norm's input and the QKV input (2 B each), Q, K and V
// (2 B each at their widths) and the output projection's input; the MLP block its norm's input,
// its first Linear's input, the activation's inputs (gated: gate and up) and the second Linear's
// input; dropout adds a 1 B mask to each block. A GPT layer (MHA, 4h GELU, dropout) gives their
// 34. An MoE block keeps each routed copy of the token and its expert's activations, and its
// shared experts'. FP8 caches Linear and activation inputs at 1 B, the output projection's in
// E5M6, 1.5 B (V3 report §3.3.2). MLA is left at Korthikanti's count (34; FP8: 34 − 10.5, those
// same inputs): DeepSeek-V3 recomputes its norms and up-projections in the backward.
SavedBytes savedBytesPerElement(const ModelShape& shape, bool moe, bool fp8, bool dropout) {
  // MLA at Korthikanti's count, split between the blocks as in their GPT layer: attention 13 of
  // the 34 (norm and QKV inputs 4, Q, K, V 6, output projection input 2, dropout mask 1), the
  // MLP block 21 (norm and first Linear inputs 4, the GeLU's and second Linear's inputs 16, mask
  // 1).
  if (shape.attention == AttentionKind::mla) {
    const double total = fp8 ? 34 - 10.5 : 34;
    return {.attention = total * 13 / 34, .mlp = total * 21 / 34};
  }
  const double d = shape.hidden;
  const double linear_input = fp8 ? 1 : 2;
  const double qkv =
      shape.heads * shape.qk_head_dim + shape.kv_heads * (shape.qk_head_dim + shape.v_head_dim);
  const double attention = blockInputBytes(fp8, dropout) + 2 * qkv / d +
                           (fp8 ? 1.5 : 2) * shape.heads * shape.v_head_dim / d;
  // An FFN keeps its activation's inputs and its second Linear's input, each as wide as the FFN:
  // as many elements per token as its matrices, so one per d of its parameters, gated or not.
  auto ffn = [&](double params) { return linear_input * params / (d * d); };
  double mlp = blockInputBytes(fp8, dropout);
  if (!moe) return {.attention = attention, .mlp = mlp + ffn(shape.dense_ffn_params)};
  mlp += shape.experts_per_token * (linear_input + ffn(shape.expert_params));
  if (shape.shared_experts > 0) {
    const double shared =
        shape.shared_expert_params > 0 ? shape.shared_expert_params : shape.expert_params;
    mlp += shape.shared_experts * ffn(shared);
  }
  return {.attention = attention, .mlp = mlp};
}

double gemmPeak(const Machine& machine, GemmPrecision precision) {
  switch (precision) {
    case GemmPrecision::fp4:
      return machine.peak_flops.fp4.value_or(0);
    case GemmPrecision::fp8:
      return machine.peak_flops.fp8.value_or(0);
    case GemmPrecision::bf16:
      break;
  }
  return machine.peak_flops.bf16.value_or(0);
}

// NVIDIA, "Introducing NVFP4" (2025): 4-bit E2M1 values, one FP8 E4M3 scale per 16.
double gemmElementBytes(GemmPrecision precision) {
  switch (precision) {
    case GemmPrecision::fp4:
      return 0.5 + 1.0 / 16;
    case GemmPrecision::fp8:
      return 1;
    case GemmPrecision::bf16:
      break;
  }
  return 2;
}

// OCP Microscaling Formats (MX) Specification v1.0 §5: MXFP4 is blocks of 32 E2M1 elements
// (4 bits) sharing one E8M0 scale (8 bits).
double expertWeightBytes(GemmPrecision precision, ExpertWeights weights) {
  return weights == ExpertWeights::mxfp4 ? 0.5 + 1.0 / 32 : gemmElementBytes(precision);
}

// A GEMM's efficiency is read off the calibration points of its precision by arithmetic
// intensity relative to the machine's ridge (roofline, Williams et al. 2009), interpolated in
// log(intensity); below the lowest point the memory roof caps it, above the highest it
// stays flat. The points measured on this machine are used; without any, those measured on a
// machine with the same peak in this precision (the same die at the same clocks: H100, H800 and
// H200); only without those do the points of its maker's other GPUs carry over (all points when
// its maker measured none), each as a fraction of its machine's peak at the same relative
// intensity. A point measured on part of the SMs counts per SM.
namespace {

// A GPU's maker, the first word of its name: one maker's kernels do not stand for another's.
std::string_view makerOf(const Machine& machine) {
  return machine.name.substr(0, machine.name.find(' '));
}

}  // namespace

GemmCurve::GemmCurve(const Machine& machine, GemmPrecision target, std::string_view pass)
    : ridge_(gemmPeak(machine, target) / machine.memory_bandwidth),
      element_bytes_(gemmElementBytes(target)) {
  // FP4 reads the FP8 points (planner.hpp).
  const GemmPrecision measured =
      target == GemmPrecision::bf16 ? GemmPrecision::bf16 : GemmPrecision::fp8;
  const std::string_view precision = label(measured);
  const double input_bytes = gemmElementBytes(measured);
  const bool framework = pass != "benchmark" &&
                         std::any_of(kGemmCalibrations.begin(), kGemmCalibrations.end(),
                                     [&](const GemmCalibration& point) {
                                       return point.precision == precision && point.pass == pass;
                                     });
  const std::string_view used_pass = framework ? pass : "benchmark";
  const auto peakOf = [&](const Machine& of) { return gemmPeak(of, measured); };
  // Without a measurement on this machine or one of its peak, the points carried over are those
  // of its own maker, unless its maker measured none.
  enum class Match { other_maker, any, same_peak, same_machine };
  struct Candidate {
    Point point;
    Match match;
  };
  std::vector<Candidate> candidates;
  Match best = Match::other_maker;
  for (const GemmCalibration& point : kGemmCalibrations) {
    if (point.precision != precision || point.pass != used_pass) continue;
    const Machine* measured_on = findMachine(point.machine);
    const double peak = peakOf(*measured_on);
    const Match match = measured_on->id == machine.id                 ? Match::same_machine
                        : std::abs(peak / peakOf(machine) - 1) < 0.01 ? Match::same_peak
                        : makerOf(*measured_on) == makerOf(machine)   ? Match::any
                                                                      : Match::other_maker;
    best = std::max(best, match);
    const double ridge = peak / measured_on->memory_bandwidth;
    candidates.push_back({{gemmIntensity(point.m, point.n, point.k, input_bytes) / ridge,
                           point.measured_flops / (peak * point.sm_share)},
                          match});
  }
  for (const Candidate& candidate : candidates) {
    if (candidate.match == best) points_.push_back(candidate.point);
  }
  std::sort(points_.begin(), points_.end(), [](const Point& a, const Point& b) {
    return a.relative_intensity < b.relative_intensity;
  });
  double least = points_.front().efficiency / points_.front().relative_intensity;
  for (Point& point : points_) {
    least = std::min(least, point.efficiency / point.relative_intensity);
    point.least_per_intensity = least;
  }
  // Flat above the highest point: the mean of the points within a factor 2 of it, so one noisy
  // large shape does not set the plateau alone.
  double sum = 0, count = 0;
  for (const Point& point : points_) {
    if (point.relative_intensity * 2 >= points_.back().relative_intensity) {
      sum += point.efficiency;
      ++count;
    }
  }
  plateau_ = sum / count;
}

// Points measured on unrelated shapes can rise faster than intensity from one to the next, which
// would make a GEMM with more rows take less time (a batch of 128 faster than one of 120). Above
// each point efficiency is held to at most x times the least efficiency per intensity at or below
// it: for fixed n and k, time ∝ m / efficiency then never falls as m grows. On a segment
// efficiency / x has no interior minimum (log-linear efficiency), so the points' least is the
// least so far.
double GemmCurve::efficiency(double m, double n, double k) const {
  const double x = gemmIntensity(m, n, k, element_bytes_) / ridge_;
  if (x <= points_.front().relative_intensity) {
    // Below the lowest point only the memory roof is left: x · peak at most.
    return std::min(points_.front().efficiency, x);
  }
  if (x >= points_.back().relative_intensity) {
    return std::min(plateau_, x * points_.back().least_per_intensity);
  }
  for (std::size_t i = 1; i < points_.size(); ++i) {
    if (x <= points_[i].relative_intensity) {
      // naturalLog, not std::log: the same bits native and in wasm (precision.hpp).
      const double t =
          naturalLog(x / points_[i - 1].relative_intensity) /
          naturalLog(points_[i].relative_intensity / points_[i - 1].relative_intensity);
      const double between =
          points_[i - 1].efficiency + t * (points_[i].efficiency - points_[i - 1].efficiency);
      return std::min(between, x * points_[i - 1].least_per_intensity);
    }
  }
  return points_.back().efficiency;
}

double GemmEfficiencies::operator()(GemmPrecision precision, double m, double n, double k,
                                    std::string_view pass) const {
  for (const Entry& entry : curves_) {
    if (entry.precision == precision && entry.pass == pass) return entry.curve.efficiency(m, n, k);
  }
  curves_.push_back({precision, std::string(pass), GemmCurve(machine_, precision, pass)});
  return curves_.back().curve.efficiency(m, n, k);
}

double gemmEfficiency(const Machine& machine, GemmPrecision target, double m, double n, double k,
                      std::string_view pass) {
  return GemmCurve(machine, target, pass).efficiency(m, n, k);
}

// AMD's GPUs run the kernel measured on AMD's (makerOf); FlashAttention-3 runs on Hopper (an FP8
// unit is the tell), NVIDIA's SM100 kernels on Blackwell (FP4 units are), FA2 elsewhere;
// DeepSeek's profiled framework keeps its H800 measurement.
const AttentionCalibration& attentionCalibration(const Machine& machine, bool training) {
  const AttentionCalibration& amd = calibrationOf(AttentionEntry::fa2_mi300x);
  if (makerOf(machine) == makerOf(*findMachine(amd.machine))) return amd;
  if (!machine.peak_flops.fp8) return calibrationOf(AttentionEntry::fa2);
  if (training) return calibrationOf(AttentionEntry::fa3_profiled_training);
  return calibrationOf(machine.peak_flops.fp4 ? AttentionEntry::blackwell_mha
                                              : AttentionEntry::fa3_hopper);
}

// Blackwell (FP4 tensor cores are the tell) has its own; other machines with FP8 take Hopper's.
const AttentionCalibration& latentDecodeCalibration(const Machine& machine) {
  if (machine.peak_flops.fp4) return calibrationOf(AttentionEntry::flash_mla_blackwell);
  return calibrationOf(machine.peak_flops.fp8 ? AttentionEntry::flash_mla_hopper
                                              : AttentionEntry::fa2);
}

// A group inside one scale-up domain stays on it, whichever kernel: DeepEP's low-latency kernels
// reach NVLink peers directly by default (deep_ep/buffer.py, allow_nvlink_for_low_latency_mode;
// allow_mnnvl across a multi-node NVLink domain such as GB200 NVL72). Only normal kernels were
// measured on NVLink, so low-latency kernels there take those points; V1's low-latency EP8 ran
// over RDMA inside one node (NVSHMEM_DISABLE_P2P) and stays a scale-out point. Above the largest
// measured EP the bandwidth stays flat (DeepEP's low-latency EP128 and EP256 agree).
AllToAllBandwidth allToAllBandwidth(const NodeDesign& node, std::string_view kernel,
                                    double expert_parallel) {
  AllToAllBandwidth out;
  out.fabric = expert_parallel <= node.gpus ? Fabric::scale_up : Fabric::scale_out;
  const std::string_view measured_kernel =
      out.fabric == Fabric::scale_up ? kAllToAllKernels[0] : kernel;
  const double line =
      out.fabric == Fabric::scale_up ? node.scale_up_bandwidth : node.scale_out_bandwidth;
  struct Point {
    double ep, dispatch, combine;
  };
  std::vector<Point> points;
  for (const AllToAllCalibration& point : kAllToAllCalibrations) {
    if (point.kernel != measured_kernel || point.fabric != out.fabric) continue;
    const NodeDesign* measured_on = findNode(point.node);
    const double measured_line = out.fabric == Fabric::scale_up ? measured_on->scale_up_bandwidth
                                                                : measured_on->scale_out_bandwidth;
    points.push_back({point.expert_parallel, point.dispatch_bandwidth / measured_line,
                      point.combine_bandwidth / measured_line});
  }
  // Points are listed by EP; the nearest ones bracket this group.
  const Point* low = &points.front();
  const Point* high = &points.back();
  for (const Point& point : points) {
    if (point.ep <= expert_parallel) low = &point;
  }
  for (auto it = points.rbegin(); it != points.rend(); ++it) {
    if (it->ep >= expert_parallel) high = &*it;
  }
  const double t = high->ep > low->ep
                       ? naturalLog(expert_parallel / low->ep) / naturalLog(high->ep / low->ep)
                       : 0;
  out.dispatch = line * (low->dispatch + t * (high->dispatch - low->dispatch));
  out.combine = line * (low->combine + t * (high->combine - low->combine));
  return out;
}

CommunicationBytesResult expertParallelBytes(bool fp8_dispatch, double tokens, double hidden,
                                             double experts_per_token) {
  auto format = [](FormatId id) { return static_cast<double>(id); };
  CommunicationBytesInput in;
  in.dispatch_format = format(fp8_dispatch ? FormatId::e4m3 : FormatId::bf16);
  in.combine_format = format(FormatId::bf16);
  in.gradient_format = format(FormatId::bf16);
  in.scale_group_size = 128;
  in.tokens = tokens;
  in.hidden = hidden;
  in.experts_per_token = experts_per_token;
  in.gradient_params = 1;
  in.ranks = 1;
  return CommunicationBytes::evaluate(in).value;
}

double streamBandwidth(const Machine& machine) {
  if (machine.stream_bandwidth) return *machine.stream_bandwidth;
  const Machine& measured = *findMachine("h100-sxm");
  return machine.memory_bandwidth * (*measured.stream_bandwidth / measured.memory_bandwidth);
}

double attentionMemoryBandwidth(const AttentionCalibration& kernel, const Machine& machine) {
  if (kernel.memory_efficiency <= 0) return streamBandwidth(machine);
  const Machine& measured = *findMachine(kernel.machine);
  return streamBandwidth(machine) * kernel.memory_efficiency * measured.memory_bandwidth /
         streamBandwidth(measured);
}

ElementwiseCalibration elementwiseCost(const Machine& machine, std::string_view part) {
  for (const ElementwiseCalibration& measured : kElementwiseCalibrations) {
    if (measured.part != part) continue;
    const double scale = streamBandwidth(*findMachine(measured.machine)) / streamBandwidth(machine);
    ElementwiseCalibration cost = measured;
    cost.machine = machine.id;
    cost.forward *= scale;
    cost.backward *= scale;
    cost.weight_backward *= scale;
    return cost;
  }
  return {};
}

}  // namespace ridgepoint
