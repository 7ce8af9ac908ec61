// Published deployments (shared/reference/deployments.md) as planner inputs, each with the
// figure it published. The planner is never calibrated on these rows: they are its test.
#include <array>

#include "planner.hpp"

namespace ridgepoint {

namespace {

using S = DeploymentSetting;

constexpr std::string_view kIsca = "ISCA'25 Table 4 (MPFT column); V3 report §3.2";
constexpr std::string_view kV3Assumptions =
    "V3 training as published: PP16 DualPipe, EP64 over 8 nodes, no TP, ZeRO-1, FP8 GEMMs, 20 of "
    "132 SMs for communication, BF16 AdamW moments; one 4096-token sequence per micro-batch (not "
    "published); one MTP module on the head's rank; RMSNorm/MLA up-projection recomputation not "
    "modelled";

std::vector<S> v3Training() {
  return {S{"machine", {}, "h800-sxm"},
          S{"node", {}, "deepseek-h800"},
          S{"gpus", 2048, ""},
          S{"tensorParallel", 1, ""},
          S{"pipelineParallel", 16, ""},
          S{"expertParallel", 64, ""},
          S{"contextParallel", 1, ""},
          S{"seqLen", 4096, ""},
          S{"globalBatch", 15360, ""},
          S{"microBatch", 1, ""},
          S{"precision", {}, "fp8"},
          S{"recompute", {}, "none"},
          S{"schedule", {}, "dualpipe"},
          S{"causal", {}, "true"},
          S{"attentionKernel", {}, "flash"},
          S{"commSms", 20, ""},
          S{"gpuSms", 132, ""},
          S{"momentBytes", 2, ""},
          S{"mtpModules", 1, ""}};
}

// Narayanan et al. SC'21: GPT with learned positions and a non-gated 4h GELU MLP. ridgepoint's
// model shape counts a gated FFN as 3 · d · width, so width = 8h/3 gives the same 8h² weights.
HfConfig gpt(double hidden, double layers, double heads, double width) {
  return {.model_type = "gpt2",
          .hidden_size = hidden,
          .intermediate_size = width,
          .num_hidden_layers = layers,
          .num_attention_heads = heads,
          .num_key_value_heads = heads,
          .vocab_size = 51200,
          .tie_word_embeddings = true,
          .torch_dtype = "float16"};
}

std::vector<S> megatron(double gpus, double tp, double pp, double batch, double micro,
                        std::string_view schedule) {
  return {S{"machine", {}, "a100-sxm-80gb"},
          S{"node", {}, "dgx-a100"},
          S{"gpus", gpus, ""},
          S{"tensorParallel", tp, ""},
          S{"pipelineParallel", pp, ""},
          S{"seqLen", 2048, ""},
          S{"globalBatch", batch, ""},
          S{"microBatch", micro, ""},
          S{"precision", {}, "bf16"},
          S{"recompute", {}, "full"},
          S{"schedule", {}, schedule},
          S{"causal", {}, "false"},
          S{"attentionKernel", {}, "materialized"}};
}

constexpr std::string_view kMegatron =
    "Narayanan et al. SC'21 Table 1 (achieved TFLOP/s per GPU by their Eq. 3, full recomputation)";
constexpr std::string_view kMegatronAssumptions =
    "DGX A100 80 GB, BF16, full recomputation, scores materialised (2021 kernels), FFN as 8h² "
    "weights; micro-batch sizes not published in Table 1 (assumed as set)";

std::vector<S> v3Serving(std::string_view phase, double gpus, double user_speed) {
  return {S{"machine", {}, "h800-sxm"},  S{"node", {}, "deepseek-h800"},
          S{"phase", {}, phase},         S{"gpus", gpus, ""},
          S{"expertParallel", gpus, ""}, S{"redundantExperts", 32, ""},
          S{"inputLength", 4096, ""},    S{"outputLength", 1024, ""},
          S{"cacheHitRate", 0.563, ""},  S{"tokensPerSecondPerUser", user_speed, ""},
          S{"mtpAcceptance", 0.8, ""},   S{"precision", {}, "fp8"},
          S{"commSms", 20, ""},          S{"microBatches", 2, ""}};
}

constexpr std::string_view kServing =
    "DeepSeek inference-system overview (2025-03-01): per H800 node, 24-hour average";
constexpr std::string_view kServingAssumptions =
    "assumed 4096-token prompts and 1024-token outputs (not published); 56.3 % cache hits, MTP "
    "acceptance 0.8, 20 tokens/s per user, 20 SMs for communication; the published figure is a "
    "day's average, ridgepoint's is a saturated unit";

// ISCA'25 Table 4, MPFT column: the phases of one step (they sum to 19.90 s).
std::vector<S> v3Breakdown() {
  return {S{"1F", 1.13, ""},    S{"1B", 1.99, ""},     S{"1W", 0.48, ""},
          S{"1F1B", 13.95, ""}, S{"bubble", 2.06, ""}, S{"opt", 0.29, ""}};
}

}  // namespace

std::span<const Deployment> deployments() {
  static const std::array<Deployment, 6> kDeployments{{
      {"deepseek-v3-step",
       "DeepSeek-V3 training step, 2048 H800",
       "trainingStep",
       "deepseek-v3",
       {},
       v3Training(),
       "stepTime",
       19.926,
       "s",
       kIsca,
       kV3Assumptions,
       v3Breakdown()},
      {"deepseek-v3-mfu",
       "DeepSeek-V3 causal MFU, 2048 H800",
       "trainingStep",
       "deepseek-v3",
       {},
       v3Training(),
       "mfu",
       0.3894,
       "1",
       kIsca,
       kV3Assumptions,
       v3Breakdown()},
      {"megatron-1.7b",
       "Megatron-LM GPT 1.7B, 32 A100",
       "trainingStep",
       "",
       gpt(2304, 24, 24, 6144),
       megatron(32, 1, 1, 512, 16, "1f1b"),
       "hardwareFlopsPerGpu",
       137e12,
       "FLOP/s",
       kMegatron,
       kMegatronAssumptions,
       {}},
      {"megatron-1t",
       "Megatron-LM GPT 1 T, 3072 A100",
       "trainingStep",
       "",
       gpt(25600, 128, 160, 68267),
       megatron(3072, 8, 64, 3072, 1, "interleaved"),
       "hardwareFlopsPerGpu",
       163e12,
       "FLOP/s",
       kMegatron,
       kMegatronAssumptions,
       {}},
      {"deepseek-v3-prefill",
       "DeepSeek-V3 prefill, H800 node (EP32)",
       "servingThroughput",
       "deepseek-v3",
       {},
       v3Serving("prefill", 32, 0),
       "tokensPerSecondPerNode",
       73.7e3,
       "1/s",
       kServing,
       kServingAssumptions,
       {}},
      {"deepseek-v3-decode",
       "DeepSeek-V3 decode, H800 node (EP144)",
       "servingThroughput",
       "deepseek-v3",
       {},
       v3Serving("decode", 144, 20),
       "tokensPerSecondPerNode",
       14.8e3,
       "1/s",
       kServing,
       kServingAssumptions,
       {}},
  }};
  return kDeployments;
}

}  // namespace ridgepoint
