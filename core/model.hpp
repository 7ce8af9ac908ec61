// Model calculators: parameters, KV cache, training FLOPs, memory footprints, training time and
// cost, inference roofline and multi-token prediction for a transformer described by its
// Hugging Face config.json. Sources: DeepSeek-V3 Technical Report (arXiv 2412.19437) and
// "Insights into DeepSeek-V3" (ISCA'25, arXiv 2505.09343), as collected in
// shared/reference/deepseek-papers.md; ZeRO (Rajbhandari et al., SC'20) for sharded training state.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "field.hpp"
#include "roofline.hpp"

namespace ridgepoint {

// A model's shape, one member per Hugging Face config.json key (same spelling, so a pasted config
// maps onto it key by key). Optional keys default to 0, meaning "absent from the config", so a
// pasted config never inherits another model's values; the required keys' defaults are a
// Llama-3.1-8B-sized dense model.
struct ModelConfigInput {
  double hidden_size = 0, num_hidden_layers = 0, num_attention_heads = 0;
  double num_key_value_heads = 0, head_dim = 0, intermediate_size = 0, vocab_size = 0;
  double tie_word_embeddings = 0;  // index into kFlagChoices
  // Mixture of experts (DeepSeek names; Mixtral's num_local_experts is mapped by the JS adapter).
  double n_routed_experts = 0, n_shared_experts = 0, num_experts_per_tok = 0;
  double moe_intermediate_size = 0, first_k_dense_replace = 0, moe_layer_freq = 1;
  double n_group = 0, topk_group = 0;
  // Multi-head latent attention (DeepSeek-V2/V3).
  double kv_lora_rank = 0, q_lora_rank = 0, qk_rope_head_dim = 0, qk_nope_head_dim = 0;
  double v_head_dim = 0;
  // Sliding-window attention (Mistral; Qwen2 with use_sliding_window and max_window_layers).
  double sliding_window = 0, use_sliding_window = 1, max_window_layers = 0;
  // How the KV cache is stored.
  double kv_bytes = 0, kv_scale_group_size = 0, kv_scale_bytes = 0;
};

// JSON booleans reach the core as these labels (the JS adapter turns true/false into text).
inline constexpr std::array<std::string_view, 2> kFlagChoices{"false", "true"};

inline constexpr std::array<InputField<ModelConfigInput>, 24> kModelConfigInputs{{
    {"hidden_size",
     "1",
     "model width d (config.json hidden_size)",
     &ModelConfigInput::hidden_size,
     4096,
     1,
     1e6,
     true,
     {},
     true},
    {"num_hidden_layers",
     "1",
     "transformer layers",
     &ModelConfigInput::num_hidden_layers,
     32,
     1,
     1e4,
     true,
     {},
     true},
    {"num_attention_heads",
     "1",
     "query heads",
     &ModelConfigInput::num_attention_heads,
     32,
     1,
     1e5,
     true,
     {},
     true},
    {"num_key_value_heads", "1",
     "key/value heads (GQA); absent or 0: equals num_attention_heads (Hugging Face default)",
     &ModelConfigInput::num_key_value_heads, 0, 0, 1e5, true},
    {"head_dim", "1",
     "dimension of one head; absent or 0: hidden_size / num_attention_heads (Hugging Face "
     "default)",
     &ModelConfigInput::head_dim, 0, 0, 1e5, true},
    {"intermediate_size",
     "1",
     "FFN width of the dense layers (Mixtral: of each expert)",
     &ModelConfigInput::intermediate_size,
     14336,
     1,
     1e7,
     true,
     {},
     true},
    {"vocab_size",
     "1",
     "vocabulary size",
     &ModelConfigInput::vocab_size,
     128256,
     1,
     1e8,
     true,
     {},
     true},
    {"tie_word_embeddings", "", "true: the LM head reuses the embedding matrix",
     &ModelConfigInput::tie_word_embeddings, 0, 0, 1, true, kFlagChoices},
    {"n_routed_experts", "1",
     "routed experts per MoE layer (Mixtral: num_local_experts); absent or 0: a dense model",
     &ModelConfigInput::n_routed_experts, 0, 0, 1e5, true},
    {"n_shared_experts", "1", "shared experts every token passes through",
     &ModelConfigInput::n_shared_experts, 0, 0, 1e4, true},
    {"num_experts_per_tok", "1", "routed experts chosen per token (top-k)",
     &ModelConfigInput::num_experts_per_tok, 0, 0, 1e5, true},
    {"moe_intermediate_size", "1",
     "FFN width of one expert; absent or 0: intermediate_size (Mixtral convention)",
     &ModelConfigInput::moe_intermediate_size, 0, 0, 1e7, true},
    {"first_k_dense_replace", "1", "the first k layers keep a dense FFN",
     &ModelConfigInput::first_k_dense_replace, 0, 0, 1e4, true},
    {"moe_layer_freq", "1", "every n-th layer (from first_k_dense_replace on) is MoE",
     &ModelConfigInput::moe_layer_freq, 1, 1, 1e4, true},
    {"n_group", "1", "expert groups for node-limited routing (0: none)", &ModelConfigInput::n_group,
     0, 0, 1e4, true},
    {"topk_group", "1", "groups a token may be routed to", &ModelConfigInput::topk_group, 0, 0, 1e4,
     true},
    {"kv_lora_rank", "1", "MLA: compressed KV latent dimension (0: not MLA)",
     &ModelConfigInput::kv_lora_rank, 0, 0, 1e6, true},
    {"q_lora_rank", "1", "MLA: compressed query dimension (absent or 0: no query compression)",
     &ModelConfigInput::q_lora_rank, 0, 0, 1e6, true},
    {"qk_rope_head_dim", "1", "MLA: decoupled RoPE key dimension, shared by all heads",
     &ModelConfigInput::qk_rope_head_dim, 0, 0, 1e5, true},
    {"qk_nope_head_dim", "1", "MLA: per-head query/key dimension without RoPE",
     &ModelConfigInput::qk_nope_head_dim, 0, 0, 1e5, true},
    {"v_head_dim", "1", "MLA: per-head value dimension", &ModelConfigInput::v_head_dim, 0, 0, 1e5,
     true},
    {"sliding_window", "1", "attention window in tokens (absent or 0: full attention)",
     &ModelConfigInput::sliding_window, 0, 0, 1e9, true},
    {"use_sliding_window", "",
     "Qwen2: false switches sliding_window off; other families apply it when it is set",
     &ModelConfigInput::use_sliding_window, 1, 0, 1, true, kFlagChoices},
    {"max_window_layers", "1", "Qwen2: the first this many layers keep full attention",
     &ModelConfigInput::max_window_layers, 0, 0, 1e4, true},
}};

// How the KV cache is stored: element size and the quantisation scales that come with FP8.
inline constexpr std::array<InputField<ModelConfigInput>, 3> kKvFormatInputs{{
    {"kvBytes", "B", "bytes per cached element: 2 for BF16, 1 for FP8", &ModelConfigInput::kv_bytes,
     2, 0.125, 16},
    {"kvScaleGroupSize", "1",
     "elements sharing one quantisation scale in the cache (0: no scales, e.g. BF16)",
     &ModelConfigInput::kv_scale_group_size, 0, 0, 1e6, true},
    {"kvScaleBytes", "B", "bytes per scale (4 for FP32)", &ModelConfigInput::kv_scale_bytes, 4, 0,
     16},
}};

enum class AttentionKind { mha, gqa, mqa, mla };
std::string_view label(AttentionKind kind);

// A remark about how a config was read: a Hugging Face default applied, a family convention.
struct ModelNote {
  std::string field;
  std::string text;
};

template <>
struct Schema<ModelNote> {
  static constexpr auto fields = std::tuple{
      OutputField{"field", "", &ModelNote::field},
      OutputField{"text", "", &ModelNote::text},
  };
};

// One row of the parameter breakdown.
struct ParamComponent {
  std::string name;
  double params = 0;         // stored parameters
  double active_params = 0;  // parameters one token touches
  std::string formula;
};

template <>
struct Schema<ParamComponent> {
  static constexpr auto fields = std::tuple{
      OutputField{"name", "", &ParamComponent::name},
      OutputField{"params", "1", &ParamComponent::params},
      OutputField{"activeParams", "1", &ParamComponent::active_params},
      OutputField{"formula", "", &ParamComponent::formula},
  };
};

// What every model calculator derives from a config: resolved head sizes, per-layer parameter
// counts by component, layer kinds and the cached bytes per token. Shared by the calculators of
// this header; errors name the config key at fault.
struct ModelShape {
  AttentionKind attention = AttentionKind::mha;
  double hidden = 0, layers = 0, heads = 0, kv_heads = 0, head_dim = 0;
  double qk_head_dim = 0, v_head_dim = 0;  // per head, as trained (MLA: nope + rope, v)
  double absorbed_qk_dim = 0,
         absorbed_v_dim = 0;    // per head at decode (MLA: latent + rope, latent)
  double attention_params = 0;  // one layer
  double dense_ffn_params = 0;  // one dense layer
  double expert_params = 0;     // one routed or shared expert
  double router_params = 0;     // one MoE layer
  double routed_experts = 0, experts_per_token = 0, shared_experts = 0;
  double dense_layers = 0, moe_layers = 0, windowed_layers = 0, window = 0;
  double norm_params = 0;  // all layers and the final norm
  double embedding_params = 0, head_params = 0, vocab = 0;
  double kv_bytes_per_token_per_layer = 0;
  std::vector<ModelNote> notes;

  double totalParams() const;
  double activeParams() const;
  double activeMatmulParams() const;  // what a token multiplies by: no embedding lookup, no norms
  double totalMatmulParams() const;
  // Keys one query attends to, summed over layers, for a sequence of seq_len tokens.
  double keysPerQuery(double seq_len, bool causal) const;
  // Cached bytes of one sequence of seq_len tokens (windowed layers keep at most `window`).
  double kvBytesPerSequence(double seq_len) const;
};

Outcome<ModelShape> shapeOf(const ModelConfigInput& config);

// rp.modelStats: parameters, KV cache and training FLOPs of one model.
struct ModelStatsInput : ModelConfigInput {
  double seq_len = 0;
  double causal = 1;  // index into kFlagChoices
};

struct ModelStatsResult {
  AttentionKind attention = AttentionKind::mha;
  double head_dim = 0, kv_heads = 0, dense_layers = 0, moe_layers = 0;
  double total_params = 0, active_params = 0;
  double total_params_without_embeddings = 0, active_params_without_embeddings = 0;
  double total_matmul_params = 0, active_matmul_params = 0;
  double kv_bytes_per_token = 0, kv_bytes_per_sequence = 0;
  double matmul_flops_per_token = 0, attention_flops_per_token = 0;
  double training_flops_per_token = 0, forward_flops_per_token = 0;
  double dense_equivalent_flops_per_token = 0, sparsity_saving = 0;
  std::vector<ParamComponent> components;
  std::vector<ModelNote> notes;
};

struct ModelStats {
  static constexpr const char* id = "modelStats";
  static constexpr std::string_view title = "Model parameters, KV cache and training FLOPs";
  using Input = ModelStatsInput;
  using Output = ModelStatsResult;
  static const std::array<InputField<ModelStatsInput>, 29> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// rp.kvCache: the cache of a context × batch against a GPU's memory after the weights.
struct KvCacheInput : ModelConfigInput {
  double context_length = 0, batch = 0;
  double memory_capacity = 0, devices = 0, weight_bytes_per_param = 0;
  double reference_kv_bytes_per_token = 0;  // 0: no comparison
};

struct KvCacheResult {
  AttentionKind attention = AttentionKind::mha;
  double kv_bytes_per_token = 0, kv_bytes_per_sequence = 0, kv_bytes_total = 0;
  double weight_bytes = 0, free_bytes = 0;
  double tokens_that_fit = 0, sequences_that_fit = 0;
  bool fits = false;
  MaybeNumber ratio_to_reference;
  std::vector<ModelNote> notes;
};

struct KvCache {
  static constexpr const char* id = "kvCache";
  static constexpr std::string_view title = "KV cache and what fits in memory";
  using Input = KvCacheInput;
  using Output = KvCacheResult;
  static const std::array<InputField<KvCacheInput>, 33> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// rp.weightMemory: the weights in every storage format, with block or tile scales.
struct WeightMemoryInput {
  double params = 0, block_side = 0, tile_length = 0, scale_bytes = 0;
};

struct WeightFormat {
  std::string format;
  double bytes_per_param = 0, bytes = 0, scale_overhead = 0;
  std::string formula;
};

struct WeightMemoryResult {
  std::vector<WeightFormat> formats;
};

struct WeightMemory {
  static constexpr const char* id = "weightMemory";
  static constexpr std::string_view title = "Weights by storage format";
  using Input = WeightMemoryInput;
  using Output = WeightMemoryResult;
  static const std::array<InputField<WeightMemoryInput>, 4> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// rp.trainingMemory: weights, gradients, master weights and AdamW moments per GPU under ZeRO.
struct TrainingMemoryInput {
  double params = 0, data_parallel = 0, zero_stage = 0, model_parallel = 0;
  double weight_bytes = 0, gradient_bytes = 0, master_bytes = 0, moment_bytes = 0;
};

struct TrainingMemoryResult {
  double params_per_gpu = 0, bytes_per_param = 0;
  double weight_bytes = 0, gradient_bytes = 0, master_weight_bytes = 0, optimizer_bytes = 0;
  double total_bytes = 0;
};

struct TrainingMemory {
  static constexpr const char* id = "trainingMemory";
  static constexpr std::string_view title = "Training state per GPU (ZeRO)";
  using Input = TrainingMemoryInput;
  using Output = TrainingMemoryResult;
  static const std::array<InputField<TrainingMemoryInput>, 8> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// rp.trainingRun: tokens × FLOPs per token on a cluster at an MFU, and the MFU a measured
// throughput implies.
struct TrainingRunInput : RoofInput {
  double flops_per_token = 0, tokens = 0, gpus = 0, mfu = 0, price_per_gpu_hour = 0;
  double measured_tokens_per_day = 0;  // 0: no measurement
};

struct TrainingRunResult {
  double total_flops = 0, gpu_hours = 0, days = 0, cost = 0;
  double tokens_per_day = 0, gpu_hours_per_trillion_tokens = 0;
  MaybeNumber implied_mfu, achieved_flops_per_gpu;
};

struct TrainingRun {
  static constexpr const char* id = "trainingRun";
  static constexpr std::string_view title = "Training time and cost";
  using Input = TrainingRunInput;
  using Output = TrainingRunResult;
  static const std::array<InputField<TrainingRunInput>, 7> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// rp.trainingBudget: a run priced phase by phase, as DeepSeek-V3's Table 1.
struct TrainingBudgetInput {
  double pretraining_tokens = 0, gpu_hours_per_trillion_tokens = 0;
  double context_extension_gpu_hours = 0, post_training_gpu_hours = 0;
  double price_per_gpu_hour = 0, gpus = 0;
};

struct TrainingBudgetResult {
  double pretraining_gpu_hours = 0, total_gpu_hours = 0;
  double pretraining_cost = 0, context_extension_cost = 0, post_training_cost = 0, total_cost = 0;
  double days_per_trillion_tokens = 0, pretraining_days = 0;
};

struct TrainingBudget {
  static constexpr const char* id = "trainingBudget";
  static constexpr std::string_view title = "Training budget by phase";
  using Input = TrainingBudgetInput;
  using Output = TrainingBudgetResult;
  static const std::array<InputField<TrainingBudgetInput>, 6> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// rp.modelInference: per-operator roofline of prefill and decode on one machine.
struct ModelInferenceInput : ModelConfigInput, RoofInput {
  double batch = 0, prompt_length = 0, context_length = 0;
  double weight_bytes = 0, activation_bytes = 0;
};

struct OperatorCost {
  std::string name;
  double flops = 0, bytes = 0, intensity = 0;
  Bound bound = Bound::memory;
  double time = 0, attainable_flops = 0;
};

struct ThroughputPoint {
  double batch = 0, time_per_output_token = 0, tokens_per_second = 0;
  Bound bound = Bound::memory;
};

struct ModelInferenceResult {
  AttentionKind attention = AttentionKind::mha;
  std::vector<OperatorCost> prefill, decode;
  double time_to_first_token = 0, time_per_output_token = 0;
  double prefill_tokens_per_second = 0, decode_tokens_per_second = 0;
  double weight_bytes = 0, ridge_point = 0;
  MaybeNumber decode_tokens_per_expert;
  MaybeNumber saturation_batch;
  std::vector<ThroughputPoint> throughput;
  std::vector<ModelNote> notes;
};

struct ModelInference {
  static constexpr const char* id = "modelInference";
  static constexpr std::string_view title = "Inference roofline of a model";
  using Input = ModelInferenceInput;
  using Output = ModelInferenceResult;
  static const std::array<InputField<ModelInferenceInput>, 34> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// rp.mtpSpeedup: tokens per decode step with multi-token prediction.
struct MtpInput {
  double acceptance_rate = 0, depth = 0, draft_cost = 0, tokens_per_second = 0;
};

struct MtpResult {
  double tokens_per_step = 0, speedup = 0;
  MaybeNumber tokens_per_second;
};

struct MtpSpeedup {
  static constexpr const char* id = "mtpSpeedup";
  static constexpr std::string_view title = "Multi-token prediction";
  using Input = MtpInput;
  using Output = MtpResult;
  static const std::array<InputField<MtpInput>, 4> inputs;
  static Outcome<Output> evaluate(const Input& input);
};

// A model preset: the config.json keys ridgepoint reads (plus a few others, to show they are
// ignored), with the published figures the papers print for it. Keys the config lacks are null.
struct HfConfig {
  std::string_view model_type;
  MaybeNumber hidden_size{}, intermediate_size{}, moe_intermediate_size{}, num_hidden_layers{};
  MaybeNumber num_attention_heads{}, num_key_value_heads{}, head_dim{}, vocab_size{};
  bool tie_word_embeddings = false;
  MaybeNumber n_routed_experts{}, num_local_experts{}, n_shared_experts{}, num_experts_per_tok{};
  MaybeNumber first_k_dense_replace{}, moe_layer_freq{}, n_group{}, topk_group{};
  MaybeNumber kv_lora_rank{}, q_lora_rank{}, qk_rope_head_dim{}, qk_nope_head_dim{}, v_head_dim{};
  MaybeNumber sliding_window{}, max_position_embeddings{}, rope_theta{};
  std::string_view torch_dtype;
};

struct ModelPreset {
  std::string_view id;
  std::string_view name;
  HfConfig config;
  std::string_view source;
  MaybeNumber printed_kv_bytes_per_token;        // ISCA'25 Table 1
  MaybeNumber printed_kv_multiplier;             // ISCA'25 Table 1, relative to DeepSeek-V3
  MaybeNumber printed_training_flops_per_token;  // ISCA'25 Table 2, at 4096 tokens
  std::string_view note;
};

std::span<const ModelPreset> models();

template <>
struct Schema<ModelStatsResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"attention", "", &ModelStatsResult::attention,
                  "mla if kv_lora_rank > 0; else mha, gqa or mqa by num_key_value_heads"},
      OutputField{"headDim", "1", &ModelStatsResult::head_dim,
                  "head_dim, or hidden_size / num_attention_heads"},
      OutputField{"kvHeads", "1", &ModelStatsResult::kv_heads,
                  "num_key_value_heads, or num_attention_heads"},
      OutputField{"denseLayers", "1", &ModelStatsResult::dense_layers,
                  "num_hidden_layers − moeLayers"},
      OutputField{"moeLayers", "1", &ModelStatsResult::moe_layers,
                  "layers i ≥ first_k_dense_replace with i mod moe_layer_freq = 0"},
      OutputField{"totalParams", "1", &ModelStatsResult::total_params, "sum of components.params"},
      OutputField{"activeParams", "1", &ModelStatsResult::active_params,
                  "sum of components.activeParams (routed: num_experts_per_tok experts)"},
      OutputField{"totalParamsWithoutEmbeddings", "1",
                  &ModelStatsResult::total_params_without_embeddings,
                  "totalParams − vocab_size · hidden_size"},
      OutputField{"activeParamsWithoutEmbeddings", "1",
                  &ModelStatsResult::active_params_without_embeddings,
                  "activeParams − vocab_size · hidden_size"},
      OutputField{"totalMatmulParams", "1", &ModelStatsResult::total_matmul_params,
                  "totalParams − norms − embedding; the LM head counts even when tied"},
      OutputField{"activeMatmulParams", "1", &ModelStatsResult::active_matmul_params,
                  "activeParams − norms − embedding; the LM head counts even when tied"},
      OutputField{"kvBytesPerToken", "B", &ModelStatsResult::kv_bytes_per_token,
                  "MLA: (kv_lora_rank + qk_rope_head_dim) · num_hidden_layers · kvBytes; else "
                  "2 · kvHeads · headDim · num_hidden_layers · kvBytes; plus scales"},
      OutputField{"kvBytesPerSequence", "B", &ModelStatsResult::kv_bytes_per_sequence,
                  "kvBytesPerToken · seqLen (windowed layers: min(seqLen, sliding_window))"},
      OutputField{"matmulFlopsPerToken", "FLOP", &ModelStatsResult::matmul_flops_per_token,
                  "6 · activeMatmulParams"},
      OutputField{"attentionFlopsPerToken", "FLOP", &ModelStatsResult::attention_flops_per_token,
                  "3 · num_hidden_layers · 2 · num_attention_heads · (d_qk + d_v) · keys, keys = "
                  "seqLen / 2 if causal else seqLen"},
      OutputField{"trainingFlopsPerToken", "FLOP", &ModelStatsResult::training_flops_per_token,
                  "matmulFlopsPerToken + attentionFlopsPerToken"},
      OutputField{"forwardFlopsPerToken", "FLOP", &ModelStatsResult::forward_flops_per_token,
                  "2 · activeMatmulParams + attentionFlopsPerToken / 3"},
      OutputField{"denseEquivalentFlopsPerToken", "FLOP",
                  &ModelStatsResult::dense_equivalent_flops_per_token,
                  "6 · totalMatmulParams + attentionFlopsPerToken (every expert active)"},
      OutputField{"sparsitySaving", "1", &ModelStatsResult::sparsity_saving,
                  "1 − trainingFlopsPerToken / denseEquivalentFlopsPerToken"},
      OutputField{"components", "", &ModelStatsResult::components},
      OutputField{"notes", "", &ModelStatsResult::notes},
  };
};

template <>
struct Schema<KvCacheResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"attention", "", &KvCacheResult::attention},
      OutputField{"kvBytesPerToken", "B", &KvCacheResult::kv_bytes_per_token,
                  "cached elements per token per layer · kvBytes · num_hidden_layers, plus scales"},
      OutputField{"kvBytesPerSequence", "B", &KvCacheResult::kv_bytes_per_sequence,
                  "kvBytesPerToken · contextLength (windowed layers: min(contextLength, "
                  "sliding_window))"},
      OutputField{"kvBytesTotal", "B", &KvCacheResult::kv_bytes_total,
                  "kvBytesPerSequence · batch"},
      OutputField{"weightBytes", "B", &KvCacheResult::weight_bytes,
                  "totalParams · weightBytesPerParam"},
      OutputField{"freeBytes", "B", &KvCacheResult::free_bytes,
                  "max(0, memoryCapacity · devices − weightBytes)"},
      OutputField{"tokensThatFit", "1", &KvCacheResult::tokens_that_fit,
                  "⌊freeBytes / kvBytesPerToken⌋"},
      OutputField{"sequencesThatFit", "1", &KvCacheResult::sequences_that_fit,
                  "⌊freeBytes / kvBytesPerSequence⌋"},
      OutputField{"fits", "", &KvCacheResult::fits,
                  "weightBytes + kvBytesTotal ≤ memoryCapacity · devices"},
      OutputField{"ratioToReference", "1", &KvCacheResult::ratio_to_reference,
                  "kvBytesPerToken / referenceKvBytesPerToken"},
      OutputField{"notes", "", &KvCacheResult::notes},
  };
};

template <>
struct Schema<WeightFormat> {
  static constexpr auto fields = std::tuple{
      OutputField{"format", "", &WeightFormat::format},
      OutputField{"bytesPerParam", "B", &WeightFormat::bytes_per_param},
      OutputField{"bytes", "B", &WeightFormat::bytes, "params · bytesPerParam"},
      OutputField{"scaleOverhead", "1", &WeightFormat::scale_overhead,
                  "scale bytes / element bytes"},
      OutputField{"formula", "", &WeightFormat::formula},
  };
};

template <>
struct Schema<WeightMemoryResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"formats", "", &WeightMemoryResult::formats},
  };
};

template <>
struct Schema<TrainingMemoryResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"paramsPerGpu", "1", &TrainingMemoryResult::params_per_gpu,
                  "params / modelParallel"},
      OutputField{"bytesPerParam", "B", &TrainingMemoryResult::bytes_per_param,
                  "weightBytes + gradientBytes + masterBytes + 2 · momentBytes"},
      OutputField{"weightBytes", "B", &TrainingMemoryResult::weight_bytes,
                  "paramsPerGpu · weightBytes (÷ dataParallel at ZeRO stage 3)"},
      OutputField{"gradientBytes", "B", &TrainingMemoryResult::gradient_bytes,
                  "paramsPerGpu · gradientBytes (÷ dataParallel from stage 2)"},
      OutputField{"masterWeightBytes", "B", &TrainingMemoryResult::master_weight_bytes,
                  "paramsPerGpu · masterBytes (÷ dataParallel from stage 1)"},
      OutputField{"optimizerBytes", "B", &TrainingMemoryResult::optimizer_bytes,
                  "paramsPerGpu · 2 · momentBytes (÷ dataParallel from stage 1)"},
      OutputField{"totalBytes", "B", &TrainingMemoryResult::total_bytes,
                  "weightBytes + gradientBytes + masterWeightBytes + optimizerBytes"},
  };
};

template <>
struct Schema<TrainingRunResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"totalFlops", "FLOP", &TrainingRunResult::total_flops, "tokens · flopsPerToken"},
      OutputField{"gpuHours", "h", &TrainingRunResult::gpu_hours,
                  "totalFlops / (peakFlops · mfu) / 3600"},
      OutputField{"days", "d", &TrainingRunResult::days, "gpuHours / gpus / 24"},
      OutputField{"cost", "$", &TrainingRunResult::cost, "gpuHours · pricePerGpuHour"},
      OutputField{"tokensPerDay", "1", &TrainingRunResult::tokens_per_day,
                  "gpus · peakFlops · mfu · 86400 / flopsPerToken"},
      OutputField{"gpuHoursPerTrillionTokens", "h",
                  &TrainingRunResult::gpu_hours_per_trillion_tokens,
                  "1e12 · flopsPerToken / (peakFlops · mfu) / 3600"},
      OutputField{"impliedMfu", "1", &TrainingRunResult::implied_mfu,
                  "measuredTokensPerDay / 86400 · flopsPerToken / (gpus · peakFlops)"},
      OutputField{"achievedFlopsPerGpu", "FLOP/s", &TrainingRunResult::achieved_flops_per_gpu,
                  "measuredTokensPerDay / 86400 · flopsPerToken / gpus"},
  };
};

template <>
struct Schema<TrainingBudgetResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"pretrainingGpuHours", "h", &TrainingBudgetResult::pretraining_gpu_hours,
                  "pretrainingTokens / 1e12 · gpuHoursPerTrillionTokens"},
      OutputField{"totalGpuHours", "h", &TrainingBudgetResult::total_gpu_hours,
                  "pretrainingGpuHours + contextExtensionGpuHours + postTrainingGpuHours"},
      OutputField{"pretrainingCost", "$", &TrainingBudgetResult::pretraining_cost,
                  "pretrainingGpuHours · pricePerGpuHour"},
      OutputField{"contextExtensionCost", "$", &TrainingBudgetResult::context_extension_cost,
                  "contextExtensionGpuHours · pricePerGpuHour"},
      OutputField{"postTrainingCost", "$", &TrainingBudgetResult::post_training_cost,
                  "postTrainingGpuHours · pricePerGpuHour"},
      OutputField{"totalCost", "$", &TrainingBudgetResult::total_cost,
                  "totalGpuHours · pricePerGpuHour"},
      OutputField{"daysPerTrillionTokens", "d", &TrainingBudgetResult::days_per_trillion_tokens,
                  "gpuHoursPerTrillionTokens / gpus / 24"},
      OutputField{"pretrainingDays", "d", &TrainingBudgetResult::pretraining_days,
                  "pretrainingGpuHours / gpus / 24"},
  };
};

template <>
struct Schema<OperatorCost> {
  static constexpr auto fields = std::tuple{
      OutputField{"name", "", &OperatorCost::name},
      OutputField{"flops", "FLOP", &OperatorCost::flops},
      OutputField{"bytes", "B", &OperatorCost::bytes},
      OutputField{"intensity", "FLOP/B", &OperatorCost::intensity, "flops / bytes"},
      OutputField{"bound", "", &OperatorCost::bound, "compute if intensity ≥ ridgePoint"},
      OutputField{"time", "s", &OperatorCost::time,
                  "max(flops / peakFlops, bytes / memoryBandwidth)"},
      OutputField{"attainableFlops", "FLOP/s", &OperatorCost::attainable_flops, "flops / time"},
  };
};

template <>
struct Schema<ThroughputPoint> {
  static constexpr auto fields = std::tuple{
      OutputField{"batch", "1", &ThroughputPoint::batch},
      OutputField{"timePerOutputToken", "s", &ThroughputPoint::time_per_output_token},
      OutputField{"tokensPerSecond", "1/s", &ThroughputPoint::tokens_per_second,
                  "batch / timePerOutputToken"},
      OutputField{"bound", "", &ThroughputPoint::bound},
  };
};

template <>
struct Schema<ModelInferenceResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"attention", "", &ModelInferenceResult::attention},
      OutputField{"prefill", "", &ModelInferenceResult::prefill,
                  "one sequence of promptLength tokens"},
      OutputField{"decode", "", &ModelInferenceResult::decode,
                  "one step: batch tokens, each attending to contextLength cached tokens"},
      OutputField{"timeToFirstToken", "s", &ModelInferenceResult::time_to_first_token,
                  "sum of prefill times (a lower bound)"},
      OutputField{"timePerOutputToken", "s", &ModelInferenceResult::time_per_output_token,
                  "sum of decode times (a lower bound)"},
      OutputField{"prefillTokensPerSecond", "1/s", &ModelInferenceResult::prefill_tokens_per_second,
                  "promptLength / timeToFirstToken"},
      OutputField{"decodeTokensPerSecond", "1/s", &ModelInferenceResult::decode_tokens_per_second,
                  "batch / timePerOutputToken"},
      OutputField{"weightBytes", "B", &ModelInferenceResult::weight_bytes,
                  "totalParams · weightBytes"},
      OutputField{"ridgePoint", "FLOP/B", &ModelInferenceResult::ridge_point,
                  "peakFlops / memoryBandwidth"},
      OutputField{"decodeTokensPerExpert", "1", &ModelInferenceResult::decode_tokens_per_expert,
                  "batch · num_experts_per_tok / n_routed_experts"},
      OutputField{"saturationBatch", "1", &ModelInferenceResult::saturation_batch,
                  "smallest batch whose decode step is compute-bound overall (null: never)"},
      OutputField{"throughput", "", &ModelInferenceResult::throughput,
                  "decode tokens/s at batch 1, 2, 4, … 4096"},
      OutputField{"notes", "", &ModelInferenceResult::notes},
  };
};

template <>
struct Schema<MtpResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"tokensPerStep", "1", &MtpResult::tokens_per_step,
                  "1 + acceptanceRate + acceptanceRate² + … (depth terms)"},
      OutputField{"speedup", "1", &MtpResult::speedup, "tokensPerStep / (1 + draftCost)"},
      OutputField{"tokensPerSecond", "1/s", &MtpResult::tokens_per_second,
                  "tokensPerSecond input · speedup"},
  };
};

template <>
struct Schema<HfConfig> {
  static constexpr auto fields = std::tuple{
      OutputField{"model_type", "", &HfConfig::model_type},
      OutputField{"hidden_size", "1", &HfConfig::hidden_size},
      OutputField{"intermediate_size", "1", &HfConfig::intermediate_size},
      OutputField{"moe_intermediate_size", "1", &HfConfig::moe_intermediate_size},
      OutputField{"num_hidden_layers", "1", &HfConfig::num_hidden_layers},
      OutputField{"num_attention_heads", "1", &HfConfig::num_attention_heads},
      OutputField{"num_key_value_heads", "1", &HfConfig::num_key_value_heads},
      OutputField{"head_dim", "1", &HfConfig::head_dim},
      OutputField{"vocab_size", "1", &HfConfig::vocab_size},
      OutputField{"tie_word_embeddings", "", &HfConfig::tie_word_embeddings},
      OutputField{"n_routed_experts", "1", &HfConfig::n_routed_experts},
      OutputField{"num_local_experts", "1", &HfConfig::num_local_experts},
      OutputField{"n_shared_experts", "1", &HfConfig::n_shared_experts},
      OutputField{"num_experts_per_tok", "1", &HfConfig::num_experts_per_tok},
      OutputField{"first_k_dense_replace", "1", &HfConfig::first_k_dense_replace},
      OutputField{"moe_layer_freq", "1", &HfConfig::moe_layer_freq},
      OutputField{"n_group", "1", &HfConfig::n_group},
      OutputField{"topk_group", "1", &HfConfig::topk_group},
      OutputField{"kv_lora_rank", "1", &HfConfig::kv_lora_rank},
      OutputField{"q_lora_rank", "1", &HfConfig::q_lora_rank},
      OutputField{"qk_rope_head_dim", "1", &HfConfig::qk_rope_head_dim},
      OutputField{"qk_nope_head_dim", "1", &HfConfig::qk_nope_head_dim},
      OutputField{"v_head_dim", "1", &HfConfig::v_head_dim},
      OutputField{"sliding_window", "1", &HfConfig::sliding_window},
      OutputField{"max_position_embeddings", "1", &HfConfig::max_position_embeddings},
      OutputField{"rope_theta", "1", &HfConfig::rope_theta},
      OutputField{"torch_dtype", "", &HfConfig::torch_dtype},
  };
};

template <>
struct Schema<ModelPreset> {
  static constexpr auto fields = std::tuple{
      OutputField{"id", "", &ModelPreset::id},
      OutputField{"name", "", &ModelPreset::name},
      OutputField{"config", "", &ModelPreset::config},
      OutputField{"source", "", &ModelPreset::source},
      OutputField{"printedKvBytesPerToken", "B", &ModelPreset::printed_kv_bytes_per_token},
      OutputField{"printedKvMultiplier", "1", &ModelPreset::printed_kv_multiplier},
      OutputField{"printedTrainingFlopsPerToken", "FLOP",
                  &ModelPreset::printed_training_flops_per_token},
      OutputField{"note", "", &ModelPreset::note},
  };
};

}  // namespace ridgepoint
