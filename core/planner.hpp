// The deployment planner: one training step and one serving node of a model on a cluster,
// composed from the model shape (model.hpp), the collectives and bubbles (interconnect.hpp) and
// kernel efficiencies calibrated on published kernel measurements (never on the deployments the
// planner is compared with). Sources: DeepSeek-V3 report (arXiv 2412.19437) §3.2–3.3, ISCA'25
// (arXiv 2505.09343), Narayanan et al. SC'21 (Megatron-LM), Korthikanti et al. 2022 (activation
// memory), DeepGEMM, FlashAttention-2/3, FlashMLA READMEs, Fire-Flyer (arXiv 2408.14158),
// deepseek-ai/profile-data (train.json: kernel times of DeepSeek's FP8 training framework).
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "interconnect.hpp"
#include "machines.hpp"
#include "model.hpp"
#include "precision.hpp"

namespace ridgepoint {

// Machines and nodes the planner offers: the presets with a memory capacity and a node design.
inline constexpr std::array<std::string_view, 9> kPlannerMachines{
    "h800-sxm", "h100-sxm", "h200-sxm", "a100-sxm-80gb", "b200",
    "b300",     "gb200",    "gb300",    "mi300x"};
inline constexpr std::array<std::string_view, 10> kPlannerNodes{
    "deepseek-h800", "dgx-h100", "hgx-h200",    "dgx-a100",    "fire-flyer-a100-pcie",
    "dgx-b200",      "dgx-b300", "gb200-nvl72", "gb300-nvl72", "mi300x-platform"};

// The planner's choices, each a named enum whose labels are the API's values.
// A training run's GEMM precision.
enum class TrainingPrecision { bf16, fp8 };
template <>
struct Labels<TrainingPrecision> {
  static constexpr auto labels = std::to_array<std::string_view>({"bf16", "fp8"});
};

// A GEMM's operand format, and a serving run's weight precision: BF16, FP8 (E4M3 with DeepGEMM's
// 1×128 scales) or NVFP4 (E2M1 with one E4M3 scale per 16 elements; Blackwell).
enum class GemmPrecision { bf16, fp8, fp4 };
template <>
struct Labels<GemmPrecision> {
  static constexpr auto labels = std::to_array<std::string_view>({"bf16", "fp8", "fp4"});
};

// How a served model's routed experts keep their weights: as its GEMMs (`precision`), or in
// MXFP4 as gpt-oss publishes them, unpacked inside the GEMM kernel (weight-only).
enum class ExpertWeights { precision, mxfp4 };
template <>
struct Labels<ExpertWeights> {
  static constexpr auto labels = std::to_array<std::string_view>({"precision", "mxfp4"});
};

enum class Recompute { none, selective, full };
template <>
struct Labels<Recompute> {
  static constexpr auto labels = std::to_array<std::string_view>({"none", "selective", "full"});
};

enum class Schedule { one_f_one_b, interleaved, zb1p, dualpipe };
template <>
struct Labels<Schedule> {
  static constexpr auto labels =
      std::to_array<std::string_view>({"1f1b", "interleaved", "zb1p", "dualpipe"});
};

enum class AttentionKernel { flash, materialized };
template <>
struct Labels<AttentionKernel> {
  static constexpr auto labels = std::to_array<std::string_view>({"flash", "materialized"});
};

enum class ServingPhase { prefill, decode, colocated };
template <>
struct Labels<ServingPhase> {
  static constexpr auto labels =
      std::to_array<std::string_view>({"prefill", "decode", "colocated"});
};

// ---------------------------------------------------------------------------------------------
// Kernel efficiency: the fraction of peak a GEMM or attention kernel reaches, from measurements.
// Two kinds of measurement: micro-benchmarks (one kernel alone on the whole GPU: DeepGEMM's
// README, Fire-Flyer) and a profile of a real training framework (DeepSeek's profile-data
// train.json, one DualPipe forward + backward chunk pair of V3 on H800, EP64), where every
// compute kernel ran on 112 of 132 SMs beside DeepEP and the backward GEMMs are timed too.
// Clock throttling under load is inside the framework measurements, so no separate term.
inline constexpr std::array<std::string_view, 4> kGemmPasses{"benchmark", "forward",
                                                             "inputGradient", "weightGradient"};

struct GemmCalibration {
  std::string_view precision;  // "fp8" or "bf16"
  std::string_view machine;    // the machine preset it was measured on
  // The forward GEMM (m × k by k × n, `groups` of them); `pass` says which of its three GEMMs
  // (forward, input gradient, weight gradient) was timed.
  double groups = 1, m = 0, n = 0, k = 0;
  double measured_flops = 0;  // FLOP/s
  std::string_view source;
  std::string_view pass = "benchmark";  // one of kGemmPasses
  double sm_share = 1;                  // share of the GPU's SMs the kernel had
};

struct AttentionCalibration {
  std::string_view kernel;
  std::string_view machine;
  double efficiency = 0;         // measured forward FLOP/s / dense BF16 peak
  double memory_efficiency = 0;  // measured B/s / HBM bandwidth (0: not measured)
  std::string_view source;
  double backward_efficiency = 0;  // backward (2.5 × forward FLOPs) likewise (0: as forward)
  double sm_share = 1;             // share of the GPU's SMs the kernel had
};

// Non-GEMM kernels of one layer in a training framework (norms, casts to FP8, SwiGLU, rotary,
// token permutation, router top-k): seconds per token per layer on `machine`. They are
// memory-bound, so another GPU takes them × (the measured GPU's STREAM / its STREAM).
struct ElementwiseCalibration {
  std::string_view part;  // "attention" (the attention block) or "mlp" (the MoE block)
  std::string_view machine;
  double forward = 0, backward = 0, weight_backward = 0;  // s per token per layer
  std::string_view source;
};

// An expert-parallel all-to-all kernel as DeepEP measured it: its "normal" kernels (NVLink
// forwarding into RDMA, one copy per target node; training and prefill) and its "low-latency"
// kernels (RDMA, and NVLink to peers in the same NVLink domain; one copy per target expert;
// decode). Bandwidths count bytes as DeepEP's tests do (logical: the local node's share
// included), so time = those bytes / bandwidth.
inline constexpr std::array<std::string_view, 2> kAllToAllKernels{"normal", "low-latency"};

struct AllToAllCalibration {
  std::string_view kernel;  // one of kAllToAllKernels
  std::string_view node;    // the node design it was measured on
  double expert_parallel = 0;
  Fabric fabric = Fabric::scale_out;
  double dispatch_bandwidth = 0, combine_bandwidth = 0;  // B/s per GPU
  std::string_view source;
};

std::span<const GemmCalibration> gemmCalibrations();
std::span<const AllToAllCalibration> allToAllCalibrations();
std::span<const AttentionCalibration> attentionCalibrations();
std::span<const ElementwiseCalibration> elementwiseCalibrations();

// Fraction of `peak` one GEMM (m × k by k × n) reaches on `machine` at `precision`, on all SMs.
// `pass` other than "benchmark" reads the framework points of that pass when there are any for
// the precision, else the micro-benchmark points.
// FP4 GEMMs take the FP8 measurements, at the same intensity relative to the ridge point (the
// one published FP4 table found, vllm-project/vllm#20646's B200 NVFP4 GEMM, is of a kernel
// before its tuning); their roof is the machine's FP4 peak.
double gemmEfficiency(const Machine& machine, GemmPrecision precision, double m, double n, double k,
                      std::string_view pass = "benchmark");
// Dense tensor-core peak of `machine` at `precision` (0 when it has none).
double gemmPeak(const Machine& machine, GemmPrecision precision);
// Bytes one operand element occupies: BF16 2, FP8 1, NVFP4 0.5 + one E4M3 scale per 16 = 0.5625.
double gemmElementBytes(GemmPrecision precision);

// Bytes per routed-expert weight as served: the GEMM precision's, or MXFP4's.
double expertWeightBytes(GemmPrecision precision, ExpertWeights weights);
// Attention kernel on `machine`: FlashAttention-3 on Hopper and later, else FA2; `training`
// on Hopper and later: the framework profile's MLA forward and backward.
const AttentionCalibration& attentionCalibration(const Machine& machine, bool training = false);
// MLA decode in latent space on `machine`: FlashMLA on Hopper and later, else FA2.
const AttentionCalibration& latentDecodeCalibration(const Machine& machine);
// Dispatch and combine bandwidth of `kernel` at `expert_parallel` GPUs on `node`: the measured
// points of that kernel on the fabric the EP group spans, as a fraction of the measuring node's
// bandwidth on that fabric (interpolated in log EP), times `node`'s.
struct AllToAllBandwidth {
  double dispatch = 0, combine = 0;  // B/s per GPU
  Fabric fabric = Fabric::scale_out;
};
AllToAllBandwidth allToAllBandwidth(const NodeDesign& node, std::string_view kernel,
                                    double expert_parallel);
// What one expert-parallel dispatch and combine of `tokens` tokens put on the wire, each token
// to `experts_per_token` experts: FP8 E4M3 with one FP32 scale per 1×128 tile (V3 report
// §3.3.2) or BF16 dispatch, BF16 combine, counted by rp.communicationBytes.
CommunicationBytesResult expertParallelBytes(bool fp8_dispatch, double tokens, double hidden,
                                             double experts_per_token);
// Seconds per token per layer of the non-GEMM kernels of `part` on `machine` (forward, backward,
// weight backward), scaled from the framework profile by HBM bandwidth.
ElementwiseCalibration elementwiseCost(const Machine& machine, std::string_view part);

// ---------------------------------------------------------------------------------------------
// The GPU and the node both planner calculators run on: declared once.
struct PlannerHardwareInput : ModelInput {
  double machine = 0, node = 0;
};

inline constexpr auto kPlannerHardwareInputs = std::to_array<InputField<PlannerHardwareInput>>({
    {.name = "machine",
     .unit = "",
     .help = "GPU (a machine preset)",
     .member = &PlannerHardwareInput::machine,
     .default_value = choiceIndex(kPlannerMachines, "h100-sxm"),
     .choices = kPlannerMachines},
    {.name = "node",
     .unit = "",
     .help = "node design: GPUs per node, scale-up and scale-out bandwidth",
     .member = &PlannerHardwareInput::node,
     .default_value = choiceIndex(kPlannerNodes, "dgx-h100"),
     .choices = kPlannerNodes},
});

// ---------------------------------------------------------------------------------------------
// rp.trainingStep
struct TrainingStepInput : PlannerHardwareInput {
  double gpus = 0;
  double tensor_parallel = 0, pipeline_parallel = 0, expert_parallel = 0, context_parallel = 0;
  double expert_tensor_parallel = 0, virtual_stages = 0;
  double seq_len = 0, global_batch = 0, micro_batch = 0;
  double precision = 0, recompute = 0, schedule = 0, attention_kernel = 0;
  bool causal = true, dropout = false, sequence_parallel = true, expert_parallel_overlap = false;
  bool data_parallel_overlap = false;
  double comm_sms = 0, gpu_sms = 0, moment_bytes = 0, mtp_modules = 0, zero_stage = 0;
};

inline constexpr auto kTrainingStepInputs = concatFields<TrainingStepInput>(
    pickFields(kModelInputs, std::array<std::string_view, 1>{"config"}), kPlannerHardwareInputs,
    std::to_array<InputField<TrainingStepInput>>({
        {.name = "gpus",
         .unit = "1",
         .help = "GPUs in the job",
         .member = &TrainingStepInput::gpus,
         .default_value = 64,
         .min = 1,
         .max = 1e6,
         .integer = true},
        {.name = "tensorParallel",
         .unit = "1",
         .help = "TP: GPUs sharing each matrix (Megatron)",
         .member = &TrainingStepInput::tensor_parallel,
         .default_value = 1,
         .min = 1,
         .max = 1024,
         .integer = true},
        {.name = "pipelineParallel",
         .unit = "1",
         .help = "PP: pipeline stages",
         .member = &TrainingStepInput::pipeline_parallel,
         .default_value = 1,
         .min = 1,
         .max = 1024,
         .integer = true},
        {.name = "expertParallel",
         .unit = "1",
         .help =
             "EP: GPUs the routed experts are spread over, carved out of data × tensor parallel",
         .member = &TrainingStepInput::expert_parallel,
         .default_value = 1,
         .min = 1,
         .max = 1e5,
         .integer = true},
        {.name = "expertTensorParallel",
         .unit = "1",
         .help = "ETP: GPUs each routed expert is split over (Megatron-Core's "
                 "expert_tensor_parallel_size), each taking 1/ETP of its width and the tokens of "
                 "all ETP GPUs (gathered and scattered back in every MoE layer); EP × ETP GPUs are "
                 "carved out of data × tensor parallel",
         .member = &TrainingStepInput::expert_tensor_parallel,
         .default_value = 1,
         .min = 1,
         .max = 1024,
         .integer = true},
        {.name = "contextParallel",
         .unit = "1",
         .help = "CP: GPUs sharing one sequence (ring attention)",
         .member = &TrainingStepInput::context_parallel,
         .default_value = 1,
         .min = 1,
         .max = 1024,
         .integer = true},
        {.name = "virtualStages",
         .unit = "1",
         .help = "model chunks per GPU for the interleaved schedule",
         .member = &TrainingStepInput::virtual_stages,
         .default_value = 2,
         .min = 1,
         .max = 64,
         .integer = true},
        {.name = "seqLen",
         .unit = "1",
         .help = "tokens per sequence",
         .member = &TrainingStepInput::seq_len,
         .default_value = 4096,
         .min = 1,
         .max = 1e7,
         .integer = true},
        {.name = "globalBatch",
         .unit = "1",
         .help = "sequences per optimizer step",
         .member = &TrainingStepInput::global_batch,
         .default_value = 512,
         .min = 1,
         .max = 1e8,
         .integer = true},
        {.name = "microBatch",
         .unit = "1",
         .help = "sequences per micro-batch",
         .member = &TrainingStepInput::micro_batch,
         .default_value = 1,
         .min = 1,
         .max = 1e5,
         .integer = true},
        {.name = "precision",
         .unit = "",
         .help =
             "GEMM precision (attention stays BF16); fp8 runs DeepGEMM's FP8 kernels, and for "
             "models built like DeepSeek-V3 (MLA, MoE) takes GEMM, attention and non-GEMM kernel "
             "times from DeepSeek's profiled training framework (profile-data train.json)",
         .member = &TrainingStepInput::precision,
         .default_value = choiceIndex(TrainingPrecision::bf16),
         .choices = Labels<TrainingPrecision>::labels},
        {.name = "recompute",
         .unit = "",
         .help = "activation recomputation: selective recomputes the attention core, full the "
                 "whole forward",
         .member = &TrainingStepInput::recompute,
         .default_value = choiceIndex(Recompute::none),
         .choices = Labels<Recompute>::labels},
        {.name = "schedule",
         .unit = "",
         .help = "pipeline schedule",
         .member = &TrainingStepInput::schedule,
         .default_value = choiceIndex(Schedule::one_f_one_b),
         .choices = Labels<Schedule>::labels},
        {.name = "causal",
         .unit = "",
         .help = "MFU counts only the lower triangle of attention (FlashAttention convention); "
                 "false: the whole matrix (Megatron)",
         .default_value = 1,
         .flag = &TrainingStepInput::causal},
        {.name = "attentionKernel",
         .unit = "",
         .help = "flash: fused, scores stay on chip; materialized: scores written to memory "
                 "(Megatron 2021)",
         .member = &TrainingStepInput::attention_kernel,
         .default_value = choiceIndex(AttentionKernel::flash),
         .choices = Labels<AttentionKernel>::labels},
        {.name = "dropout",
         .unit = "",
         .help = "dropout after attention and MLP and on materialized scores (Megatron-LM's GPT, "
                 "2021): a 1 B mask saved per element; today's pre-training runs without",
         .default_value = 0,
         .flag = &TrainingStepInput::dropout},
        {.name = "sequenceParallel",
         .unit = "",
         .help = "sequence parallelism (Korthikanti et al. 2022): norms and dropouts split over "
                 "the tensor-parallel GPUs; without it (Megatron-LM 2021) each keeps and runs them "
                 "whole",
         .default_value = 1,
         .flag = &TrainingStepInput::sequence_parallel},
        {.name = "expertParallelOverlap",
         .unit = "",
         .help = "each micro-batch's EP all-to-all runs under another micro-batch's compute, as "
                 "Megatron-Core's overlap_moe_expert_parallel_comm pairs one's forward with "
                 "another's backward in 1F1B and interleaved schedules (DualPipe always does): "
                 "only what outlasts that compute stays exposed; needs two micro-batches or more",
         .default_value = 0,
         .flag = &TrainingStepInput::expert_parallel_overlap},
        {.name = "dataParallelOverlap",
         .unit = "",
         .help = "ZeRO-1 and 2 reduce each gradient bucket while the last micro-batch's backward "
                 "still runs and gather the parameters under the next step's first forward, as "
                 "Megatron-Core's overlap_grad_reduce and overlap_param_gather do: only what "
                 "outlasts that compute stays exposed (ZeRO-3 always overlaps)",
         .default_value = 0,
         .flag = &TrainingStepInput::data_parallel_overlap},
        {.name = "commSms",
         .unit = "1",
         .help = "SMs per GPU kept for communication kernels (DeepSeek-V3: 20)",
         .member = &TrainingStepInput::comm_sms,
         .default_value = 0,
         .min = 0,
         .max = 1024,
         .integer = true},
        {.name = "gpuSms",
         .unit = "1",
         .help = "SMs per GPU (H800/H100 SXM: 132)",
         .member = &TrainingStepInput::gpu_sms,
         .default_value = 132,
         .min = 1,
         .max = 1024,
         .integer = true},
        {.name = "momentBytes",
         .unit = "B",
         .help = "bytes per AdamW moment (FP32: 4; DeepSeek-V3: BF16, 2)",
         .member = &TrainingStepInput::moment_bytes,
         .default_value = 4,
         .min = 1,
         .max = 8,
         .integer = true},
        {.name = "mtpModules",
         .unit = "1",
         .help = "multi-token-prediction modules trained on the last stage (DeepSeek-V3: 1)",
         .member = &TrainingStepInput::mtp_modules,
         .default_value = 0,
         .min = 0,
         .max = 8,
         .integer = true},
        {.name = "zeroStage",
         .unit = "1",
         .help = "what data parallelism shards (ZeRO): 1 optimizer states, 2 also gradients, 3 "
                 "also weights, gathered for each micro-batch (FSDP)",
         .member = &TrainingStepInput::zero_stage,
         .default_value = 1,
         .min = 1,
         .max = 3,
         .integer = true},
    }));

enum class TrainingBottleneck {
  compute,
  tensor_parallel,
  context_parallel,
  expert_parallel,
  pipeline_send,
  data_parallel,
  bubble,
  optimizer
};
template <>
struct Labels<TrainingBottleneck> {
  static constexpr auto labels = std::to_array<std::string_view>(
      {"compute", "tensor parallel", "context parallel", "expert parallel", "pipeline send",
       "data parallel", "bubble", "optimizer"});
};

struct TrainingStepResult {
  double step_time = 0, mfu = 0, hardware_flops_per_gpu = 0, model_flops_per_gpu = 0;
  double tokens_per_second = 0, tokens_per_day = 0;
  double data_parallel = 0, micro_batches = 0, layers_per_stage = 0;
  double forward_time = 0, backward_time = 0, weight_backward_time = 0, recompute_time = 0;
  double cast_time = 0;
  double compute_time = 0, exposed_comm_time = 0;
  double tensor_parallel_time = 0, context_parallel_time = 0, expert_parallel_time = 0;
  double pipeline_send_time = 0, data_parallel_time = 0;
  double exposed_tensor_parallel_time = 0, exposed_context_parallel_time = 0;
  double exposed_expert_parallel_time = 0, exposed_pipeline_send_time = 0;
  double exposed_data_parallel_time = 0;
  double bubble_time = 0, bubble_fraction = 0, optimizer_time = 0;
  double gemm_efficiency = 0, attention_efficiency = 0;
  double weight_bytes = 0, gradient_bytes = 0, optimizer_bytes = 0, activation_bytes = 0;
  double memory_per_gpu = 0, memory_capacity = 0;
  bool fits = false;
  std::string fit_note;
  TrainingBottleneck bottleneck = TrainingBottleneck::compute;
  std::vector<ModelNote> notes;
};

struct TrainingStep {
  static constexpr const char* id = "trainingStep";
  static constexpr std::string_view title = "Training step on a cluster";
  using Input = TrainingStepInput;
  using Output = TrainingStepResult;
  static constexpr auto& inputs = kTrainingStepInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---------------------------------------------------------------------------------------------
// rp.servingThroughput
struct ServingInput : PlannerHardwareInput {
  double phase = 0, gpus = 0, tensor_parallel = 0, expert_parallel = 0, redundant_experts = 0;
  double expert_imbalance = 0;
  double input_length = 0, output_length = 0, cache_hit_rate = 0, prompt_length_spread = 0;
  double tokens_per_second_per_user = 0, decode_batch_per_gpu = 0, mtp_acceptance = 0,
         precision = 0, expert_weights = 0;
  double prefill_tokens_per_gpu = 0, comm_sms = 0, gpu_sms = 0, price_per_gpu_hour = 0;
  double micro_batches = 0, kv_memory_fraction = 0, runtime_bytes_per_gpu = 0;
};

// The cache's format (kvBytes and its scales) after the plan, beside kvMemoryFraction: a form
// reads machine and workload first.
inline constexpr auto kServingInputs = concatFields<ServingInput>(
    pickFields(kModelInputs, std::array<std::string_view, 1>{"config"}), kPlannerHardwareInputs,
    std::to_array<InputField<ServingInput>>({
        {.name = "phase",
         .unit = "",
         .help = "prefill (prompt tokens), decode (output tokens), or colocated: both on the same "
                 "GPUs, as vLLM, SGLang and TensorRT-LLM run by default (output tokens, each "
                 "request's prefill time included)",
         .member = &ServingInput::phase,
         .default_value = choiceIndex(ServingPhase::decode),
         .choices = Labels<ServingPhase>::labels},
        {.name = "gpus",
         .unit = "1",
         .help = "GPUs in one serving unit (DeepSeek: prefill 32, decode 144)",
         .member = &ServingInput::gpus,
         .default_value = 8,
         .min = 1,
         .max = 1e5,
         .integer = true},
        {.name = "tensorParallel",
         .unit = "1",
         .help = "TP: GPUs sharing each weight matrix of one replica (vLLM, TensorRT-LLM: 8 in a "
                 "node for a 70B model); the unit runs gpus / TP replicas",
         .member = &ServingInput::tensor_parallel,
         .default_value = 1,
         .min = 1,
         .max = 1024,
         .integer = true},
        {.name = "expertParallel",
         .unit = "1",
         .help = "EP: GPUs the routed experts are spread over (else they are split like the "
                 "other weights, over TP)",
         .member = &ServingInput::expert_parallel,
         .default_value = 1,
         .min = 1,
         .max = 1e5,
         .integer = true},
        {.name = "redundantExperts",
         .unit = "1",
         .help = "extra copies of hot experts (DeepSeek: 32)",
         .member = &ServingInput::redundant_experts,
         .default_value = 0,
         .min = 0,
         .max = 1e5,
         .integer = true},
        {.name = "expertImbalance",
         .unit = "1",
         .help = "routed tokens on the busiest GPU over the mean, less 1: it paces the routed "
                 "experts and the all-to-all (TensorRT-LLM, DeepSeek-R1 on EP32: 0.11 with 32 "
                 "redundant experts placed by EPLB, 1.56 without)",
         .member = &ServingInput::expert_imbalance,
         .default_value = 0.11,
         .min = 0,
         .max = 10},
        {.name = "inputLength",
         .unit = "1",
         .help = "prompt tokens per request",
         .member = &ServingInput::input_length,
         .default_value = 4096,
         .min = 1,
         .max = 1e7,
         .integer = true},
        {.name = "outputLength",
         .unit = "1",
         .help = "output tokens per request",
         .member = &ServingInput::output_length,
         .default_value = 1024,
         .min = 1,
         .max = 1e7,
         .integer = true},
        {.name = "cacheHitRate",
         .unit = "1",
         .help = "share of prompt tokens served from the prefix cache",
         .member = &ServingInput::cache_hit_rate,
         .default_value = 0,
         .min = 0,
         .max = 0.99},
        {.name = "promptLengthSpread",
         .unit = "1",
         .help = "standard deviation of prompt lengths over inputLength (0: all equal): prefill "
                 "attention grows with a prompt's square, so spread prompts cost more per token "
                 "(lognormal lengths, the same cache-hit share in each; Mooncake's chat trace: "
                 "1.31)",
         .member = &ServingInput::prompt_length_spread,
         .default_value = 0,
         .min = 0,
         .max = 10},
        {.name = "tokensPerSecondPerUser",
         .unit = "tokens/s",
         .help = "decode speed each request must see (0: as fast as memory allows)",
         .member = &ServingInput::tokens_per_second_per_user,
         .default_value = 0,
         .min = 0,
         .max = 1e5},
        {.name = "decodeBatchPerGpu",
         .unit = "1",
         .help = "sequences one replica decodes at once (0: the largest that fits and meets "
                 "tokensPerSecondPerUser)",
         .member = &ServingInput::decode_batch_per_gpu,
         .default_value = 0,
         .min = 0,
         .max = 1e6,
         .integer = true},
        {.name = "mtpAcceptance",
         .unit = "1",
         .help = "multi-token prediction: acceptance of the one draft token (0: no MTP); "
                 "the config's MTP modules run on every step, their weights and KV resident",
         .member = &ServingInput::mtp_acceptance,
         .default_value = 0,
         .min = 0,
         .max = 1},
        {.name = "precision",
         .unit = "",
         .help = "weight and GEMM precision (attention, embeddings, LM head and routers stay "
                 "BF16); fp4 is NVFP4 (E2M1 with one E4M3 scale per 16 weights), on Blackwell",
         .member = &ServingInput::precision,
         .default_value = choiceIndex(GemmPrecision::bf16),
         .choices = Labels<GemmPrecision>::labels},
        {.name = "expertWeights",
         .unit = "",
         .help = "how the routed experts' weights are stored: at the GEMM precision, or mxfp4 as "
                 "gpt-oss publishes them (E2M1 with one E8M0 scale per 32 weights, 4.25 bits), "
                 "unpacked inside the GEMM kernel, which computes at precision: weight-only, any "
                 "GPU",
         .member = &ServingInput::expert_weights,
         .default_value = choiceIndex(ExpertWeights::precision),
         .choices = Labels<ExpertWeights>::labels},
        {.name = "prefillTokensPerGpu",
         .unit = "1",
         .help = "prompt tokens one replica (one GPU, or tensorParallel GPUs) takes per prefill "
                 "pass (whole prompts)",
         .member = &ServingInput::prefill_tokens_per_gpu,
         .default_value = 16384,
         .min = 1,
         .max = 1e7,
         .integer = true},
        {.name = "commSms",
         .unit = "1",
         .help = "SMs per GPU kept for communication kernels (DeepEP's low-latency kernels: none)",
         .member = &ServingInput::comm_sms,
         .default_value = 0,
         .min = 0,
         .max = 1024,
         .integer = true},
        {.name = "gpuSms",
         .unit = "1",
         .help = "SMs per GPU (H800/H100 SXM: 132)",
         .member = &ServingInput::gpu_sms,
         .default_value = 132,
         .min = 1,
         .max = 1024,
         .integer = true},
        {.name = "kvMemoryFraction",
         .unit = "1",
         .help = "share of the memory left beside the weights and runtimeBytesPerGpu that the "
                 "runtime gives the KV cache (TensorRT-LLM's free_gpu_memory_fraction, 0.9 by "
                 "default)",
         .member = &ServingInput::kv_memory_fraction,
         .default_value = 0.9,
         .min = 0.01,
         .max = 1},
        {.name = "runtimeBytesPerGpu",
         .unit = "B",
         .help = "memory each GPU's runtime holds besides the weights and the KV cache: CUDA "
                 "context, library workspaces, communication buffers and the activations of its "
                 "largest forward pass (3.05 GiB, as vLLM measured for Llama 3 8B on one H100: "
                 "1.79 GiB outside PyTorch, 1.26 GiB of activations at 8,192 tokens)",
         .member = &ServingInput::runtime_bytes_per_gpu,
         // vllm-project/vllm#10511 (2024-12-14): Meta-Llama-3-8B on H100, non_torch_memory 1.79 GiB
         // + PyTorch activation peak memory 1.26 GiB.
         .default_value = (1.79 + 1.26) * 1073741824.0,
         .min = 0,
         .max = 1e12},
        {.name = "pricePerGpuHour",
         .unit = "$/h",
         .help = "rental price of one GPU for an hour",
         .member = &ServingInput::price_per_gpu_hour,
         .default_value = 2,
         .min = 0,
         .max = 1e4},
        {.name = "microBatches",
         .unit = "1",
         .help =
             "micro-batches in flight: 2 overlaps each one's all-to-all with the other's compute",
         .member = &ServingInput::micro_batches,
         .default_value = 2,
         .min = 1,
         .max = 2,
         .integer = true},
    }),
    pickFields(kModelInputs,
               std::array<std::string_view, 3>{"kvBytes", "kvScaleGroupSize", "kvScaleBytes"}));

enum class ServingBottleneck { compute, memory, scale_up, scale_out, capacity };
template <>
struct Labels<ServingBottleneck> {
  static constexpr auto labels =
      std::to_array<std::string_view>({"compute", "memory", "scale-up", "scale-out", "capacity"});
};

struct ParetoPoint {
  double batch_per_gpu = 0, tokens_per_second_per_user = 0, tokens_per_second_per_gpu = 0;
};

struct ServingResult {
  double tokens_per_second_per_node = 0, tokens_per_second_per_gpu = 0;
  double batch_per_gpu = 0, max_batch_per_gpu = 0;
  // Absent (null) when nothing runs: a plan that does not fit serves no token, so it has no step,
  // no latency and no price per token (0 s or $0 would read as instant or free). A prefill node
  // emits no output token: no TPOT or per-user speed.
  MaybeNumber step_time, tpot, ttft, tokens_per_second_per_user;
  MaybeNumber compute_time, memory_time, comm_time, tensor_parallel_time;
  double dispatch_bytes = 0, combine_bytes = 0;
  double weight_bytes_per_gpu = 0, kv_bytes_per_gpu = 0, memory_capacity = 0;
  MaybeNumber cost_per_million_tokens;
  bool fits = false;
  ServingBottleneck bottleneck = ServingBottleneck::compute;
  std::vector<ParetoPoint> pareto;
  std::vector<ModelNote> notes;
};

struct ServingThroughput {
  static constexpr const char* id = "servingThroughput";
  static constexpr std::string_view title = "Serving throughput of a node";
  using Input = ServingInput;
  using Output = ServingResult;
  static constexpr auto& inputs = kServingInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// ---------------------------------------------------------------------------------------------
// Published deployments as planner inputs (shared/reference/deployments.md).
struct PublishedPhase {
  std::string_view name;  // as the source prints it: "1F", "bubble", …
  double seconds = 0;
};

struct Deployment {
  std::string_view id;
  std::string_view name;
  std::string_view calculator;  // "trainingStep" or "servingThroughput"
  std::string_view model;       // a models() id, or "" when the config is the row's own
  JsonText input;               // the calculator's input: the model's config.json, then the setup
  std::string_view output;      // the output compared
  double published = 0;
  std::string_view unit;
  std::string_view source;
  std::string_view assumptions;
  std::vector<PublishedPhase> published_breakdown;  // where published
};

std::span<const Deployment> deployments();

template <>
struct Schema<PublishedPhase> {
  static constexpr auto fields = std::tuple{
      OutputField{"name", "", &PublishedPhase::name},
      OutputField{"seconds", "s", &PublishedPhase::seconds},
  };
};

template <>
struct Schema<Deployment> {
  static constexpr auto fields = std::tuple{
      OutputField{"id", "", &Deployment::id},
      OutputField{"name", "", &Deployment::name},
      OutputField{"calculator", "", &Deployment::calculator},
      OutputField{"model", "", &Deployment::model},
      OutputField{"input", "", &Deployment::input},
      OutputField{"output", "", &Deployment::output},
      OutputField{"published", "", &Deployment::published},
      OutputField{"unit", "", &Deployment::unit},
      OutputField{"source", "", &Deployment::source},
      OutputField{"assumptions", "", &Deployment::assumptions},
      OutputField{"publishedBreakdown", "", &Deployment::published_breakdown},
  };
};

template <>
struct Schema<GemmCalibration> {
  static constexpr auto fields = std::tuple{
      OutputField{"precision", "", &GemmCalibration::precision},
      OutputField{"machine", "", &GemmCalibration::machine},
      OutputField{"groups", "1", &GemmCalibration::groups},
      OutputField{"m", "1", &GemmCalibration::m},
      OutputField{"n", "1", &GemmCalibration::n},
      OutputField{"k", "1", &GemmCalibration::k},
      OutputField{"measuredFlops", "FLOP/s", &GemmCalibration::measured_flops},
      OutputField{"source", "", &GemmCalibration::source},
      OutputField{"pass", "", &GemmCalibration::pass},
      OutputField{"smShare", "1", &GemmCalibration::sm_share},
  };
};

template <>
struct Schema<AttentionCalibration> {
  static constexpr auto fields = std::tuple{
      OutputField{"kernel", "", &AttentionCalibration::kernel},
      OutputField{"machine", "", &AttentionCalibration::machine},
      OutputField{"efficiency", "1", &AttentionCalibration::efficiency},
      OutputField{"memoryEfficiency", "1", &AttentionCalibration::memory_efficiency},
      OutputField{"source", "", &AttentionCalibration::source},
      OutputField{"backwardEfficiency", "1", &AttentionCalibration::backward_efficiency},
      OutputField{"smShare", "1", &AttentionCalibration::sm_share},
  };
};

template <>
struct Schema<ElementwiseCalibration> {
  static constexpr auto fields = std::tuple{
      OutputField{"part", "", &ElementwiseCalibration::part},
      OutputField{"machine", "", &ElementwiseCalibration::machine},
      OutputField{"forward", "s", &ElementwiseCalibration::forward},
      OutputField{"backward", "s", &ElementwiseCalibration::backward},
      OutputField{"weightBackward", "s", &ElementwiseCalibration::weight_backward},
      OutputField{"source", "", &ElementwiseCalibration::source},
  };
};

template <>
struct Schema<TrainingStepResult> {
  using R = TrainingStepResult;
  static constexpr auto fields = std::tuple{
      OutputField{"stepTime", "s", &R::step_time,
                  "computeTime + exposedCommTime + bubbleTime + optimizerTime"},
      OutputField{"mfu", "1", &R::mfu,
                  "model FLOPs per step (no recomputation; causal per input) / (stepTime · gpus · "
                  "dense BF16 peak)"},
      OutputField{"hardwareFlopsPerGpu", "FLOP/s", &R::hardware_flops_per_gpu,
                  "FLOPs executed per step, recomputation included, averaged over the GPUs "
                  "(every pipeline stage's) / stepTime"},
      OutputField{"modelFlopsPerGpu", "FLOP/s", &R::model_flops_per_gpu,
                  "model FLOPs per step / (stepTime · gpus)"},
      OutputField{"tokensPerSecond", "tokens/s", &R::tokens_per_second,
                  "globalBatch · seqLen / stepTime"},
      OutputField{"tokensPerDay", "tokens/day", &R::tokens_per_day, "tokensPerSecond · 86400"},
      OutputField{"dataParallel", "1", &R::data_parallel,
                  "gpus / (tensorParallel · contextParallel · pipelineParallel)"},
      OutputField{"microBatches", "1", &R::micro_batches,
                  "globalBatch / (dataParallel · microBatch): per pipeline per step"},
      OutputField{"layersPerStage", "1", &R::layers_per_stage,
                  "⌈num_hidden_layers / pipelineParallel⌉ (the slowest stage)"},
      OutputField{"forwardTime", "s", &R::forward_time,
                  "microBatches · F of the slowest stage (GEMMs, attention, non-GEMM kernels: "
                  "fp8 MLA and MoE models as profiled in DeepSeek's framework, scaled from V3's "
                  "widths by the elements each block moves, else activation traffic and "
                  "castTime's forward casts)"},
      OutputField{"backwardTime", "s", &R::backward_time,
                  "microBatches · B (input-gradient GEMMs, attention backward, non-GEMM kernels, "
                  "castTime's gradient casts)"},
      OutputField{"weightBackwardTime", "s", &R::weight_backward_time,
                  "microBatches · W (weight-gradient GEMMs, their casts and transposes)"},
      OutputField{"recomputeTime", "s", &R::recompute_time,
                  "microBatches · the forward recomputed (full: F; selective: attention core)"},
      OutputField{"computeTime", "s", &R::compute_time,
                  "forwardTime + backwardTime + weightBackwardTime + recomputeTime"},
      OutputField{"castTime", "s", &R::cast_time,
                  "microBatches · FP8 casts inside forwardTime and backwardTime: 6 B per element "
                  "of each FP8 GEMM's input and output gradient (amax read, then read and written "
                  "row- and column-wise: Transformer Engine's current scaling) / the machine's "
                  "streamBandwidth; 0 "
                  "in BF16 and in DeepSeek's profiled framework, whose kernels hold its casts"},
      OutputField{"exposedCommTime", "s", &R::exposed_comm_time,
                  "sum of the exposed TP, CP, EP, PP and DP times"},
      OutputField{
          "tensorParallelTime", "s", &R::tensor_parallel_time,
          "microBatches · 4 ring all-reduces of tokens · hidden · 2 B per layer (6 with full "
          "recomputation: the recomputed forward repeats its two)"},
      OutputField{"contextParallelTime", "s", &R::context_parallel_time,
                  "microBatches · (CP − 1) KV blocks passed round the ring per layer, ×3"},
      OutputField{"expertParallelTime", "s", &R::expert_parallel_time,
                  "microBatches · MoE layers · (dispatch + combine) forward and backward"},
      OutputField{"pipelineSendTime", "s", &R::pipeline_send_time,
                  "microBatches · chunks · 2 · tokens · hidden · 2 B / TP / bandwidth (chunks: "
                  "virtualStages when interleaved, else 1; scale-up when all the GPUs fit in a "
                  "node, else scale-out)"},
      OutputField{"dataParallelTime", "s", &R::data_parallel_time,
                  "ZeRO-1, 2: gradient reduce-scatter + parameter all-gather (a ring all-reduce); "
                  "ZeRO-3: microBatches · (2 BF16 weight all-gathers + FP32 gradient "
                  "reduce-scatter); over scale-up inside a node, else at min(scale-up, k · "
                  "scale-out) for k of the group's GPUs in each node (NCCL's ring per NIC)"},
      OutputField{"exposedTensorParallelTime", "s", &R::exposed_tensor_parallel_time,
                  "tensorParallelTime: no schedule hides it"},
      OutputField{"exposedContextParallelTime", "s", &R::exposed_context_parallel_time,
                  "max(0, contextParallelTime − attention time): the ring overlaps attention"},
      OutputField{"exposedExpertParallelTime", "s", &R::exposed_expert_parallel_time,
                  "DualPipe: max(0, EP time − compute of the paired chunk); else all of it"},
      OutputField{"exposedPipelineSendTime", "s", &R::exposed_pipeline_send_time,
                  "DualPipe and ZB1P overlap it; 1F1B and interleaved expose it"},
      OutputField{"exposedDataParallelTime", "s", &R::exposed_data_parallel_time,
                  "ZeRO-1, 2: dataParallelTime, after the last backward; with "
                  "dataParallelOverlap, max(0, half of it − the last micro-batch's backward) + "
                  "max(0, half − its forward); ZeRO-3: per micro-batch what its compute does not "
                  "hide"},
      OutputField{"bubbleTime", "s", &R::bubble_time,
                  "1F1B (PP−1)(F+B+W); interleaved that / virtualStages; ZB1P (PP−1)(F+B−W); "
                  "DualPipe (PP/2−1)(F&B+B+W−3W)"},
      OutputField{"bubbleFraction", "1", &R::bubble_fraction, "bubbleTime / stepTime"},
      OutputField{"optimizerTime", "s", &R::optimizer_time,
                  "optimizer-state bytes read and written per GPU / the machine's streamBandwidth"},
      OutputField{"gemmEfficiency", "1", &R::gemm_efficiency,
                  "GEMM FLOPs (forward and both backward) / (GEMM time · peak at the GEMM "
                  "precision)"},
      OutputField{"attentionEfficiency", "1", &R::attention_efficiency,
                  "forward attention kernel FLOP/s / BF16 peak on all SMs (calibration table)"},
      OutputField{"weightBytes", "B", &R::weight_bytes,
                  "BF16 weights of the GPU's layers (ZeRO-3: / its data-parallel group)"},
      OutputField{"gradientBytes", "B", &R::gradient_bytes,
                  "FP32 gradients of those weights (ZeRO-2, 3: / its data-parallel group)"},
      OutputField{
          "optimizerBytes", "B", &R::optimizer_bytes,
          "(4 B master + 2 · momentBytes) per parameter / the ranks sharing the weights (DP · "
          "CP; experts DP · CP · TP / EP)"},
      OutputField{"activationBytes", "B", &R::activation_bytes,
                  "in-flight micro-batches (PP, DualPipe PP + 1, interleaved counted as 1F1B; at "
                  "most the micro-batches) · layers · s·b·h·(saved + 5·a·s/h) / t (Korthikanti et "
                  "al. 2022, their tensors at the config's widths: 34 for a GPT layer with "
                  "dropout; fp8: Linear and activation inputs cached at 1 B as in the V3 report "
                  "§3.3.2; scores 2 B without dropout; without sequence parallelism the norms' and "
                  "dropouts' share, 10 for a GPT layer, not divided by t), less what "
                  "recomputation drops"},
      OutputField{"memoryPerGpu", "B", &R::memory_per_gpu,
                  "weightBytes + gradientBytes + optimizerBytes + activationBytes"},
      OutputField{"memoryCapacity", "B", &R::memory_capacity, "the machine's HBM"},
      OutputField{"fits", "", &R::fits, "memoryPerGpu ≤ memoryCapacity"},
      OutputField{"fitNote", "", &R::fit_note},
      OutputField{"bottleneck", "", &R::bottleneck, "the largest term of stepTime"},
      OutputField{"notes", "", &R::notes},
  };
};

template <>
struct Schema<ParetoPoint> {
  static constexpr auto fields = std::tuple{
      OutputField{"batchPerGpu", "1", &ParetoPoint::batch_per_gpu},
      OutputField{"tokensPerSecondPerUser", "tokens/s", &ParetoPoint::tokens_per_second_per_user},
      OutputField{"tokensPerSecondPerGpu", "tokens/s", &ParetoPoint::tokens_per_second_per_gpu},
  };
};

template <>
struct Schema<ServingResult> {
  using R = ServingResult;
  static constexpr auto fields = std::tuple{
      OutputField{"tokensPerSecondPerNode", "tokens/s", &R::tokens_per_second_per_node,
                  "tokensPerSecondPerGpu · GPUs per node (a unit smaller than a node: its own "
                  "GPUs)"},
      OutputField{"tokensPerSecondPerGpu", "tokens/s", &R::tokens_per_second_per_gpu,
                  "prefill: prompt tokens (cache hits included) / step / tensorParallel; "
                  "decode and colocated: batchPerGpu / tpot / tensorParallel"},
      OutputField{"batchPerGpu", "1", &R::batch_per_gpu,
                  "sequences of one replica (one GPU, or tensorParallel GPUs): decode, the "
                  "largest batch that fits and meets tokensPerSecondPerUser; prefill, whole "
                  "prompts in prefillTokensPerGpu"},
      OutputField{"maxBatchPerGpu", "1", &R::max_batch_per_gpu,
                  "sequences whose KV fits in kvMemoryFraction of the memory beside the weights "
                  "and runtimeBytesPerGpu (TP splits K and V by heads, not MLA's latent)"},
      OutputField{
          "stepTime", "s", &R::step_time,
          "one micro-batch: computeTime + memoryTime + commTime + tensorParallelTime; two: each "
          "MoE layer's all-to-all hides under the other micro-batch's compute slot by slot as "
          "DeepSeek profiled it (decode: routed experts run alone), dense layers, the head and "
          "the TP all-reduces in turn (null when nothing fits)"},
      OutputField{"tpot", "s", &R::tpot,
                  "stepTime / (1 + mtpAcceptance); colocated: / (1 − prefill's share of the time, "
                  "r / (outputLength · p + r), r output and p prompt rates of one replica); "
                  "null in prefill"},
      OutputField{"ttft", "s", &R::ttft,
                  "the uncached prompt's prefill on one replica (null when nothing fits)"},
      OutputField{"tokensPerSecondPerUser", "tokens/s", &R::tokens_per_second_per_user,
                  "1 / tpot (null in prefill)"},
      OutputField{"computeTime", "s", &R::compute_time,
                  "GEMM and attention FLOPs at calibrated efficiency (a GEMM below the ridge "
                  "point counts in memoryTime)"},
      OutputField{"memoryTime", "s", &R::memory_time,
                  "weights (at the machine's streamBandwidth) and KV (at the attention kernel's "
                  "measured share of STREAM) read beyond what overlaps the arithmetic, GEMMs "
                  "below the ridge point (their weight reads bound them), and the non-GEMM "
                  "kernels: for fp8 prefill of MLA and MoE models as profiled in DeepSeek's "
                  "training framework (forward), scaled from V3's widths by the elements each "
                  "block moves, else one write of each activation a training "
                  "step keeps (Korthikanti et al. 2022, at the config's widths; the blocks' "
                  "inputs whole on every TP GPU) at the machine's streamBandwidth"},
      OutputField{"commTime", "s", &R::comm_time,
                  "MoE layers · (dispatch + combine): bytes sent / DeepEP's measured bandwidth "
                  "(decode: low-latency kernels, every copy; prefill: normal kernels, one copy "
                  "per target node; over scale-up when the EP group fits one scale-up domain), "
                  "each at least one link latency"},
      OutputField{"tensorParallelTime", "s", &R::tensor_parallel_time,
                  "layers · 2 all-reduces of the replica's tokens · hidden · 2 B over TP (every "
                  "peer at once in a node, a ring across nodes; one link latency a step)"},
      OutputField{"dispatchBytes", "B", &R::dispatch_bytes,
                  "one MoE layer's dispatch per GPU: tokens · expertsPerToken · hidden · (FP8 + "
                  "FP32 scale per 1×128, or BF16), as rp.communicationBytes counts"},
      OutputField{"combineBytes", "B", &R::combine_bytes,
                  "one MoE layer's combine per GPU: tokens · expertsPerToken · hidden · 2 B"},
      OutputField{"weightBytesPerGpu", "B", &R::weight_bytes_per_gpu,
                  "attention, dense layers, shared experts and embeddings / TP + (experts + "
                  "redundant) / EP (without EP: / TP)"},
      OutputField{"kvBytesPerGpu", "B", &R::kv_bytes_per_gpu,
                  "batchPerGpu · KV of inputLength + outputLength tokens on one GPU"},
      OutputField{"memoryCapacity", "B", &R::memory_capacity, "the machine's HBM"},
      OutputField{"costPerMillionTokens", "$", &R::cost_per_million_tokens,
                  "pricePerGpuHour / 3600 / tokensPerSecondPerGpu · 1e6 (null when nothing fits)"},
      OutputField{"fits", "", &R::fits,
                  "the KV the step holds (decode: batchPerGpu sequences; prefill: the pass's "
                  "prompts) fits in kvMemoryFraction of what the weights and runtimeBytesPerGpu "
                  "leave of memoryCapacity"},
      OutputField{"bottleneck", "", &R::bottleneck, "the largest of the step's terms"},
      OutputField{"pareto", "", &R::pareto,
                  "decode tokens/s per GPU against per-user speed, batch 1 … maxBatchPerGpu"},
      OutputField{"notes", "", &R::notes},
  };
};

}  // namespace ridgepoint
