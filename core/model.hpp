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
#include "json.hpp"
#include "model_config.hpp"
#include "roofline.hpp"

namespace ridgepoint {

// The Llama-3.1-8B config.json (huggingface.co/meta-llama/Llama-3.1-8B, config.json): what the
// model calculators read when a caller gives no config, and the preset of that name.
// Checked key by key against ai-dynamo/aiconfigurator
// aic-core/src/aiconfigurator_core/model_configs/meta-llama--Meta-Llama-3.1-8B_config.json
// @095f58a51c and NVIDIA/TensorRT-LLM tests/unittest/_torch/modeling/test_modeling_llama.py
// (LLAMA_3_1_8B_CONFIG) @151c21c6a0.
inline constexpr std::string_view kLlama31_8bConfig = R"json({
  "architectures": [
    "LlamaForCausalLM"
  ],
  "attention_bias": false,
  "attention_dropout": 0.0,
  "bos_token_id": 128000,
  "eos_token_id": 128001,
  "hidden_act": "silu",
  "hidden_size": 4096,
  "initializer_range": 0.02,
  "intermediate_size": 14336,
  "max_position_embeddings": 131072,
  "mlp_bias": false,
  "model_type": "llama",
  "num_attention_heads": 32,
  "num_hidden_layers": 32,
  "num_key_value_heads": 8,
  "pretraining_tp": 1,
  "rms_norm_eps": 1e-05,
  "rope_scaling": {
    "factor": 8.0,
    "low_freq_factor": 1.0,
    "high_freq_factor": 4.0,
    "original_max_position_embeddings": 8192,
    "rope_type": "llama3"
  },
  "rope_theta": 500000.0,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.43.0.dev0",
  "use_cache": true,
  "vocab_size": 128256
})json";

// What every calculator that takes a model reads: the config.json itself and how its KV cache is
// stored. The config's keys are read by readModel (model_config.hpp), not declared here one by one.
struct ModelInput {
  Json config;
  double kv_bytes = 0, kv_scale_group_size = 0, kv_scale_bytes = 0;
  KvFormat kvFormat() const { return {kv_bytes, kv_scale_group_size, kv_scale_bytes}; }
};

inline constexpr auto kModelInputs = std::to_array<InputField<ModelInput>>({
    {.name = "config",
     .unit = "",
     .help = "a parsed Hugging Face config.json (default: Llama-3.1-8B's); the keys read, their "
             "aliases and the family defaults are in docs/model-import.md",
     .object = &ModelInput::config,
     .default_json = kLlama31_8bConfig},
    {.name = "kvBytes",
     .unit = "B",
     .help = "bytes per cached element: 2 for BF16, 1 for FP8",
     .member = &ModelInput::kv_bytes,
     .default_value = 2,
     .min = 0.125,
     .max = 16},
    {.name = "kvScaleGroupSize",
     .unit = "1",
     .help = "elements sharing one quantisation scale in the cache (0: no scales, e.g. BF16)",
     .member = &ModelInput::kv_scale_group_size,
     .default_value = 0,
     .min = 0,
     .max = 1e6,
     .integer = true},
    {.name = "kvScaleBytes",
     .unit = "B",
     .help = "bytes per scale (4 for FP32)",
     .member = &ModelInput::kv_scale_bytes,
     .default_value = 4,
     .min = 0,
     .max = 16},
});

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

// rp.modelStats: parameters, KV cache and training FLOPs of one model.
struct ModelStatsInput : ModelInput {
  double seq_len = 0;
  bool causal = true;
};

struct ModelStatsResult {
  AttentionKind attention = AttentionKind::mha;
  double head_dim = 0, kv_heads = 0, dense_layers = 0, moe_layers = 0;
  double total_params = 0, active_params = 0;
  double total_params_without_embeddings = 0, active_params_without_embeddings = 0;
  double total_matmul_params = 0, active_matmul_params = 0;
  double kv_bytes_per_token = 0, kv_bytes_per_sequence = 0, state_bytes_per_sequence = 0;
  double matmul_flops_per_token = 0, attention_flops_per_token = 0;
  double training_flops_per_token = 0, forward_flops_per_token = 0;
  double dense_equivalent_flops_per_token = 0, sparsity_saving = 0;
  double mtp_params = 0;
  std::string family;
  std::string recurrent_mixer;
  std::vector<LayerRun> layers;
  std::vector<ParamComponent> components;
  std::vector<std::string> ignored_keys;
  std::vector<ConfigAssumption> assumed;
  std::vector<ModelNote> notes;
};

inline constexpr auto kModelStatsInputs = concatFields<ModelStatsInput>(
    kModelInputs, std::to_array<InputField<ModelStatsInput>>({
                      {.name = "seqLen",
                       .unit = "1",
                       .help = "training sequence length (tokens)",
                       .member = &ModelStatsInput::seq_len,
                       .default_value = 4096,
                       .min = 1,
                       .max = 1e8,
                       .integer = true},
                      {.name = "causal",
                       .unit = "",
                       .help = "true: count only the lower triangle of attention (FlashAttention "
                               "convention)",
                       .default_value = 1,
                       .flag = &ModelStatsInput::causal},
                  }));

struct ModelStats {
  static constexpr const char* id = "modelStats";
  static constexpr std::string_view title = "Model parameters, KV cache and training FLOPs";
  using Input = ModelStatsInput;
  using Output = ModelStatsResult;
  static constexpr auto& inputs = kModelStatsInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// rp.kvCache: the cache of a context × batch against a GPU's memory after the weights.
struct KvCacheInput : ModelInput {
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
  std::vector<std::string> ignored_keys;
  std::vector<ConfigAssumption> assumed;
  std::vector<ModelNote> notes;
};

inline constexpr auto kKvCacheInputs = concatFields<KvCacheInput>(
    kModelInputs, std::to_array<InputField<KvCacheInput>>({
                      {.name = "contextLength",
                       .unit = "1",
                       .help = "tokens cached per sequence",
                       .member = &KvCacheInput::context_length,
                       .default_value = 4096,
                       .min = 1,
                       .max = 1e9,
                       .integer = true},
                      {.name = "batch",
                       .unit = "1",
                       .help = "sequences cached at once",
                       .member = &KvCacheInput::batch,
                       .default_value = 1,
                       .min = 1,
                       .max = 1e7,
                       .integer = true},
                      {.name = "memoryCapacity",
                       .unit = "B",
                       .help = "memory of one device (HBM)",
                       .member = &KvCacheInput::memory_capacity,
                       .default_value = 80e9,
                       .min = 1e6,
                       .max = 1e15},
                      {.name = "devices",
                       .unit = "1",
                       .help = "devices sharing the weights and the cache",
                       .member = &KvCacheInput::devices,
                       .default_value = 1,
                       .min = 1,
                       .max = 1e6,
                       .integer = true},
                      {.name = "weightBytesPerParam",
                       .unit = "B",
                       .help = "bytes per stored weight (2 BF16, ≈1 FP8)",
                       .member = &KvCacheInput::weight_bytes_per_param,
                       .default_value = 2,
                       .min = 0.125,
                       .max = 16},
                      {.name = "referenceKvBytesPerToken",
                       .unit = "B",
                       .help = "another model's KV bytes per token to compare with (0: none)",
                       .member = &KvCacheInput::reference_kv_bytes_per_token,
                       .default_value = 0,
                       .min = 0,
                       .max = 1e12},
                  }));

struct KvCache {
  static constexpr const char* id = "kvCache";
  static constexpr std::string_view title = "KV cache and what fits in memory";
  using Input = KvCacheInput;
  using Output = KvCacheResult;
  static constexpr auto& inputs = kKvCacheInputs;
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

inline constexpr auto kWeightMemoryInputs = std::to_array<InputField<WeightMemoryInput>>({
    {.name = "params",
     .unit = "1",
     .help = "parameters stored",
     .member = &WeightMemoryInput::params,
     .default_value = 671e9,
     .min = 1,
     .max = 1e15},
    {.name = "blockSide",
     .unit = "1",
     .help = "FP8 weight blocks are blockSide × blockSide (V3: 128)",
     .member = &WeightMemoryInput::block_side,
     .default_value = 128,
     .min = 1,
     .max = 1e5,
     .integer = true},
    {.name = "tileLength",
     .unit = "1",
     .help = "1 × tileLength tiles share a scale (V3 activations: 128)",
     .member = &WeightMemoryInput::tile_length,
     .default_value = 128,
     .min = 1,
     .max = 1e5,
     .integer = true},
    {.name = "scaleBytes",
     .unit = "B",
     .help = "bytes per scale (FP32: 4)",
     .member = &WeightMemoryInput::scale_bytes,
     .default_value = 4,
     .min = 0,
     .max = 16},
});

struct WeightMemory {
  static constexpr const char* id = "weightMemory";
  static constexpr std::string_view title = "Weights by storage format";
  using Input = WeightMemoryInput;
  using Output = WeightMemoryResult;
  static constexpr auto& inputs = kWeightMemoryInputs;
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

inline constexpr auto kTrainingMemoryInputs = std::to_array<InputField<TrainingMemoryInput>>({
    {.name = "params",
     .unit = "1",
     .help = "parameters of the model",
     .member = &TrainingMemoryInput::params,
     .default_value = 7.5e9,
     .min = 1,
     .max = 1e15},
    {.name = "dataParallel",
     .unit = "1",
     .help = "data-parallel degree N_d",
     .member = &TrainingMemoryInput::data_parallel,
     .default_value = 64,
     .min = 1,
     .max = 1e7,
     .integer = true},
    {.name = "zeroStage",
     .unit = "1",
     .help = "ZeRO stage: 1 shards optimizer state, 2 also gradients, 3 also weights",
     .member = &TrainingMemoryInput::zero_stage,
     .default_value = 0,
     .min = 0,
     .max = 3,
     .integer = true},
    {.name = "modelParallel",
     .unit = "1",
     .help = "ways the weights are split before data parallelism (TP × PP × EP)",
     .member = &TrainingMemoryInput::model_parallel,
     .default_value = 1,
     .min = 1,
     .max = 1e7,
     .integer = true},
    {.name = "weightBytes",
     .unit = "B",
     .help = "bytes per working weight (BF16: 2)",
     .member = &TrainingMemoryInput::weight_bytes,
     .default_value = 2,
     .min = 0.125,
     .max = 16},
    {.name = "gradientBytes",
     .unit = "B",
     .help = "bytes per gradient (BF16: 2; V3 keeps FP32: 4)",
     .member = &TrainingMemoryInput::gradient_bytes,
     .default_value = 2,
     .min = 0.125,
     .max = 16},
    {.name = "masterBytes",
     .unit = "B",
     .help = "bytes per master weight (FP32: 4)",
     .member = &TrainingMemoryInput::master_bytes,
     .default_value = 4,
     .min = 0,
     .max = 16},
    {.name = "momentBytes",
     .unit = "B",
     .help = "bytes per AdamW moment, two per weight (FP32: 4; V3 uses BF16: 2)",
     .member = &TrainingMemoryInput::moment_bytes,
     .default_value = 4,
     .min = 0,
     .max = 16},
});

struct TrainingMemory {
  static constexpr const char* id = "trainingMemory";
  static constexpr std::string_view title = "Training state per GPU (ZeRO)";
  using Input = TrainingMemoryInput;
  using Output = TrainingMemoryResult;
  static constexpr auto& inputs = kTrainingMemoryInputs;
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

inline constexpr auto kTrainingRunInputs = concatFields<TrainingRunInput>(
    std::to_array<InputField<TrainingRunInput>>({
        {.name = "flopsPerToken",
         .unit = "FLOP",
         .help = "training FLOPs per token (modelStats.trainingFlopsPerToken)",
         .member = &TrainingRunInput::flops_per_token,
         .default_value = 250e9,
         .min = 1,
         .max = 1e18,
         .required = true},
        {.name = "tokens",
         .unit = "1",
         .help = "training tokens",
         .member = &TrainingRunInput::tokens,
         .default_value = 14.8e12,
         .min = 1,
         .max = 1e18,
         .required = true},
        {.name = "gpus",
         .unit = "1",
         .help = "GPUs in the run",
         .member = &TrainingRunInput::gpus,
         .default_value = 2048,
         .min = 1,
         .max = 1e8,
         .integer = true},
    }),
    pickFields(kRoofInputs, std::to_array<std::string_view>({"peakFlops"})),
    std::to_array<InputField<TrainingRunInput>>({
        {.name = "mfu",
         .unit = "1",
         .help = "model FLOPs utilisation: achieved / peak",
         .member = &TrainingRunInput::mfu,
         .default_value = 0.4,
         .min = 1e-4,
         .max = 1},
        {.name = "pricePerGpuHour",
         .unit = "$/h",
         .help = "rental price of one GPU-hour",
         .member = &TrainingRunInput::price_per_gpu_hour,
         .default_value = 2,
         .min = 0,
         .max = 1e6},
        {.name = "measuredTokensPerDay",
         .unit = "tokens/day",
         .help = "a measured throughput, to infer the MFU (0: none)",
         .member = &TrainingRunInput::measured_tokens_per_day,
         .default_value = 0,
         .min = 0,
         .max = 1e18},
    }));

struct TrainingRun {
  static constexpr const char* id = "trainingRun";
  static constexpr std::string_view title = "Training time and cost";
  using Input = TrainingRunInput;
  using Output = TrainingRunResult;
  static constexpr auto& inputs = kTrainingRunInputs;
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

inline constexpr auto kTrainingBudgetInputs = std::to_array<InputField<TrainingBudgetInput>>({
    {.name = "pretrainingTokens",
     .unit = "1",
     .help = "pre-training tokens",
     .member = &TrainingBudgetInput::pretraining_tokens,
     .default_value = 14.8e12,
     .min = 0,
     .max = 1e18},
    {.name = "gpuHoursPerTrillionTokens",
     .unit = "h",
     .help = "GPU-hours to train on one trillion tokens",
     .member = &TrainingBudgetInput::gpu_hours_per_trillion_tokens,
     .default_value = 180e3,
     .min = 0,
     .max = 1e12},
    {.name = "contextExtensionGpuHours",
     .unit = "h",
     .help = "GPU-hours of context extension",
     .member = &TrainingBudgetInput::context_extension_gpu_hours,
     .default_value = 119e3,
     .min = 0,
     .max = 1e12},
    {.name = "postTrainingGpuHours",
     .unit = "h",
     .help = "GPU-hours of post-training",
     .member = &TrainingBudgetInput::post_training_gpu_hours,
     .default_value = 5e3,
     .min = 0,
     .max = 1e12},
    {.name = "pricePerGpuHour",
     .unit = "$/h",
     .help = "rental price of one GPU-hour",
     .member = &TrainingBudgetInput::price_per_gpu_hour,
     .default_value = 2,
     .min = 0,
     .max = 1e6},
    {.name = "gpus",
     .unit = "1",
     .help = "GPUs in the cluster",
     .member = &TrainingBudgetInput::gpus,
     .default_value = 2048,
     .min = 1,
     .max = 1e8,
     .integer = true},
});

struct TrainingBudget {
  static constexpr const char* id = "trainingBudget";
  static constexpr std::string_view title = "Training budget by phase";
  using Input = TrainingBudgetInput;
  using Output = TrainingBudgetResult;
  static constexpr auto& inputs = kTrainingBudgetInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// rp.modelInference: per-operator roofline of prefill and decode on one machine.
struct ModelInferenceInput : ModelInput, RoofInput {
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
  std::vector<std::string> ignored_keys;
  std::vector<ConfigAssumption> assumed;
  std::vector<ModelNote> notes;
};

inline constexpr auto kModelInferenceInputs =
    concatFields<ModelInferenceInput>(kModelInputs, kRoofInputs,
                                      std::to_array<InputField<ModelInferenceInput>>({
                                          {.name = "batch",
                                           .unit = "1",
                                           .help = "sequences decoded together",
                                           .member = &ModelInferenceInput::batch,
                                           .default_value = 64,
                                           .min = 1,
                                           .max = 1e6,
                                           .integer = true},
                                          {.name = "promptLength",
                                           .unit = "1",
                                           .help = "prompt tokens prefilled for the first token",
                                           .member = &ModelInferenceInput::prompt_length,
                                           .default_value = 4096,
                                           .min = 1,
                                           .max = 1e8,
                                           .integer = true},
                                          {.name = "contextLength",
                                           .unit = "1",
                                           .help = "cached tokens per sequence during decode",
                                           .member = &ModelInferenceInput::context_length,
                                           .default_value = 4096,
                                           .min = 1,
                                           .max = 1e8,
                                           .integer = true},
                                          {.name = "weightBytesPerParam",
                                           .unit = "B",
                                           .help = "bytes per weight as served (BF16: 2, FP8: 1)",
                                           .member = &ModelInferenceInput::weight_bytes,
                                           .default_value = 2,
                                           .min = 0.125,
                                           .max = 16},
                                          {.name = "activationBytes",
                                           .unit = "B",
                                           .help = "bytes per activation element",
                                           .member = &ModelInferenceInput::activation_bytes,
                                           .default_value = 2,
                                           .min = 0.125,
                                           .max = 16},
                                      }));

struct ModelInference {
  static constexpr const char* id = "modelInference";
  static constexpr std::string_view title = "Inference roofline of a model";
  using Input = ModelInferenceInput;
  using Output = ModelInferenceResult;
  static constexpr auto& inputs = kModelInferenceInputs;
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

inline constexpr auto kMtpSpeedupInputs = std::to_array<InputField<MtpInput>>({
    {.name = "acceptanceRate",
     .unit = "1",
     .help = "probability a drafted token is accepted (V3: 0.85–0.9)",
     .member = &MtpInput::acceptance_rate,
     .default_value = 0.85,
     .min = 0,
     .max = 1},
    {.name = "depth",
     .unit = "1",
     .help = "tokens drafted per step (MTP modules; V3: 1)",
     .member = &MtpInput::depth,
     .default_value = 1,
     .min = 0,
     .max = 64,
     .integer = true},
    {.name = "draftCost",
     .unit = "1",
     .help = "time of the MTP modules relative to one main-model step",
     .member = &MtpInput::draft_cost,
     .default_value = 0,
     .min = 0,
     .max = 10},
    {.name = "tokensPerSecond",
     .unit = "tokens/s",
     .help = "decode throughput without MTP (0: not given)",
     .member = &MtpInput::tokens_per_second,
     .default_value = 0,
     .min = 0,
     .max = 1e12},
});

struct MtpSpeedup {
  static constexpr const char* id = "mtpSpeedup";
  static constexpr std::string_view title = "Multi-token prediction";
  using Input = MtpInput;
  using Output = MtpResult;
  static constexpr auto& inputs = kMtpSpeedupInputs;
  static Outcome<Output> evaluate(const Input& input);
};

// A model preset: the published config.json, verbatim, with the figures the papers print for it.
struct ModelPreset {
  std::string_view id;
  std::string_view name;
  RawJson config;                                // the config.json text as published
  std::string_view source;                       // repository, file and commit
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
                  "MLA: qk_nope_head_dim + qk_rope_head_dim; else head_dim, or hidden_size / "
                  "num_attention_heads"},
      OutputField{"kvHeads", "1", &ModelStatsResult::kv_heads,
                  "num_key_value_heads; absent: 1 with multi_query, else num_attention_heads"},
      OutputField{"denseLayers", "1", &ModelStatsResult::dense_layers,
                  "layers with a dense FFN: num_hidden_layers − moeLayers (Nemotron-H: mixer "
                  "blocks followed by an MLP block)"},
      OutputField{"moeLayers", "1", &ModelStatsResult::moe_layers,
                  "layers i ≥ first_k_dense_replace with i mod moe_layer_freq = 0, (i + 1) mod "
                  "decoder_sparse_step = 0 and i not in mlp_only_layers (Nemotron-H: mixer "
                  "blocks followed by an MoE block)"},
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
                  "totalParams − norms − embedding − learned position embeddings; the LM head "
                  "counts even when tied"},
      OutputField{"activeMatmulParams", "1", &ModelStatsResult::active_matmul_params,
                  "activeParams − norms − embedding − learned position embeddings; the LM head "
                  "counts even when tied"},
      OutputField{
          "kvBytesPerToken", "B", &ModelStatsResult::kv_bytes_per_token,
          "MLA: (kv_lora_rank + qk_rope_head_dim) · num_hidden_layers · kvBytes; else "
          "2 · kvHeads · headDim · num_hidden_layers · kvBytes; plus scales; DSA (index_topk) adds "
          "the indexer's FP8 key, (index_head_dim + 4 · ⌈index_head_dim / 128⌉) · "
          "num_hidden_layers; recurrent layers (Gated DeltaNet, Mamba-2) keep none; DeepSeek-V4: "
          "headDim · kvBytes (the key is the value) / r per layer of compress ratio r, plus the "
          "indexer's key / 4 on ratio-4 layers (windows are per sequence)"},
      OutputField{"kvBytesPerSequence", "B", &ModelStatsResult::kv_bytes_per_sequence,
                  "Σ over attention layers of kvBytesPerToken / those layers · min(seqLen, the "
                  "layer's window), plus stateBytesPerSequence; DeepSeek-V4: per layer its "
                  "window and seqLen / r compressed entries (and their indexer keys)"},
      OutputField{"stateBytesPerSequence", "B", &ModelStatsResult::state_bytes_per_sequence,
                  "Gated DeltaNet layers × (linear_num_value_heads · linear_key_head_dim · "
                  "linear_value_head_dim · s + conv channels · (linear_conv_kernel_dim − 1) · 2), "
                  "conv channels = 2 · linear_num_key_heads · linear_key_head_dim + "
                  "linear_num_value_heads · linear_value_head_dim; Mamba-2 layers (Falcon-H1: "
                  "every layer) × "
                  "(mamba_num_heads · mamba_head_dim · ssm_state_size · s + conv channels · "
                  "(conv_kernel − 1) · 2), conv channels = mamba_num_heads · mamba_head_dim + 2 · "
                  "n_groups · ssm_state_size; Mamba-1 layers (Jamba) × expand · hidden_size · "
                  "(ssm_state_size · s + (conv_kernel − 1) · 2); short convolutions (LFM2) × "
                  "hidden_size · (conv_L_cache − 1) · 2; s = 4 if mamba_ssm_dtype is "
                  "float32, else 2; 0 without them"},
      OutputField{"matmulFlopsPerToken", "FLOP", &ModelStatsResult::matmul_flops_per_token,
                  "6 · activeMatmulParams"},
      OutputField{"attentionFlopsPerToken", "FLOP", &ModelStatsResult::attention_flops_per_token,
                  "3 · 2 · num_attention_heads · (d_qk + d_v) · Σ over layers of keys (d_qk, "
                  "d_v: a head's query-key and value widths, headDim each but under MLA), keys = "
                  "seqLen / 2 if causal else seqLen (window W: W − W² / (2 · seqLen), or W); DSA: "
                  "keys capped at index_topk as a window, the cheaper of dense per-head and "
                  "sparse latent (kv_lora_rank + rope, kv_lora_rank) widths, plus the indexer's "
                  "2 · index_n_heads · index_head_dim per earlier key; DeepSeek-V4: per layer the "
                  "window's keys plus seqLen / r compressed entries (ratio 4: capped at "
                  "index_topk, the indexer over all of them); a recurrent layer attends "
                  "to no keys and adds, Gated DeltaNet, 7 · linear_num_value_heads · "
                  "linear_key_head_dim · linear_value_head_dim, Mamba-2, 5 · mamba_num_heads · "
                  "mamba_head_dim · ssm_state_size, Mamba-1, 7 · expand · hidden_size · "
                  "ssm_state_size, a short convolution (LFM2) 2 · hidden_size, plus 2 · conv "
                  "channels · the conv kernel"},
      OutputField{"trainingFlopsPerToken", "FLOP", &ModelStatsResult::training_flops_per_token,
                  "matmulFlopsPerToken + attentionFlopsPerToken"},
      OutputField{"forwardFlopsPerToken", "FLOP", &ModelStatsResult::forward_flops_per_token,
                  "2 · activeMatmulParams + attentionFlopsPerToken / 3"},
      OutputField{"denseEquivalentFlopsPerToken", "FLOP",
                  &ModelStatsResult::dense_equivalent_flops_per_token,
                  "6 · totalMatmulParams + attentionFlopsPerToken (every expert active)"},
      OutputField{"sparsitySaving", "1", &ModelStatsResult::sparsity_saving,
                  "1 − trainingFlopsPerToken / denseEquivalentFlopsPerToken"},
      OutputField{"mtpParams", "1", &ModelStatsResult::mtp_params,
                  "num_nextn_predict_layers · (2 · hidden_size² + norms + one transformer "
                  "layer: its attention and its MoE or FFN block): DeepSeek-V3's MTP modules, "
                  "outside totalParams as on the model card"},
      OutputField{"family", "", &ModelStatsResult::family,
                  "the model_type whose defaults applied (empty: read as Llama-style)"},
      OutputField{
          "recurrentMixer", "", &ModelStatsResult::recurrent_mixer,
          "\"Gated DeltaNet\", \"Kimi Delta Attention\", \"lightning attention\", \"Mamba-2\", "
          "\"Mamba-1\" or \"short convolution\": the kind of the layers whose attention is "
          "linear, which keep a state instead of a KV cache; empty without them"},
      OutputField{"layers", "", &ModelStatsResult::layers,
                  "runs of consecutive layers with the same attention, window and FFN"},
      OutputField{"components", "", &ModelStatsResult::components},
      OutputField{"ignoredKeys", "", &ModelStatsResult::ignored_keys,
                  "config keys ridgepoint did not use"},
      OutputField{"assumed", "", &ModelStatsResult::assumed,
                  "defaults applied for keys the config left out, each with its rule"},
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
                  "Σ over attention layers of kvBytesPerToken / those layers · "
                  "min(contextLength, the layer's window), plus the recurrent layers' state "
                  "(modelStats' stateBytesPerSequence)"},
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
      OutputField{"ignoredKeys", "", &KvCacheResult::ignored_keys,
                  "config keys ridgepoint did not use"},
      OutputField{"assumed", "", &KvCacheResult::assumed,
                  "defaults applied for keys the config left out, each with its rule"},
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
      // Named per GPU: the inputs weightBytes, gradientBytes, … are bytes per parameter.
      OutputField{"weightBytesPerGpu", "B", &TrainingMemoryResult::weight_bytes,
                  "paramsPerGpu · weightBytes (÷ dataParallel at ZeRO stage 3)"},
      OutputField{"gradientBytesPerGpu", "B", &TrainingMemoryResult::gradient_bytes,
                  "paramsPerGpu · gradientBytes (÷ dataParallel from stage 2)"},
      OutputField{"masterWeightBytesPerGpu", "B", &TrainingMemoryResult::master_weight_bytes,
                  "paramsPerGpu · masterBytes (÷ dataParallel from stage 1)"},
      OutputField{"optimizerBytesPerGpu", "B", &TrainingMemoryResult::optimizer_bytes,
                  "paramsPerGpu · 2 · momentBytes (÷ dataParallel from stage 1)"},
      OutputField{"totalBytesPerGpu", "B", &TrainingMemoryResult::total_bytes,
                  "weightBytesPerGpu + gradientBytesPerGpu + masterWeightBytesPerGpu + "
                  "optimizerBytesPerGpu"},
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
      OutputField{"tokensPerDay", "tokens/day", &TrainingRunResult::tokens_per_day,
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
      OutputField{"tokensPerSecond", "tokens/s", &ThroughputPoint::tokens_per_second,
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
      OutputField{"prefillTokensPerSecond", "tokens/s",
                  &ModelInferenceResult::prefill_tokens_per_second,
                  "promptLength / timeToFirstToken"},
      OutputField{"decodeTokensPerSecond", "tokens/s",
                  &ModelInferenceResult::decode_tokens_per_second, "batch / timePerOutputToken"},
      OutputField{"weightBytes", "B", &ModelInferenceResult::weight_bytes,
                  "totalParams · weightBytesPerParam"},
      OutputField{"ridgePoint", "FLOP/B", &ModelInferenceResult::ridge_point,
                  "peakFlops / memoryBandwidth"},
      OutputField{"decodeTokensPerExpert", "1", &ModelInferenceResult::decode_tokens_per_expert,
                  "batch · num_experts_per_tok / n_routed_experts"},
      OutputField{"saturationBatch", "1", &ModelInferenceResult::saturation_batch,
                  "smallest batch whose decode step is compute-bound overall (null: never)"},
      OutputField{"throughput", "", &ModelInferenceResult::throughput,
                  "decode tokens/s at batch 1, 2, 4, … 4096"},
      OutputField{"ignoredKeys", "", &ModelInferenceResult::ignored_keys,
                  "config keys ridgepoint did not use"},
      OutputField{"assumed", "", &ModelInferenceResult::assumed,
                  "defaults applied for keys the config left out, each with its rule"},
      OutputField{"notes", "", &ModelInferenceResult::notes},
  };
};

template <>
struct Schema<MtpResult> {
  static constexpr auto fields = std::tuple{
      OutputField{"tokensPerStep", "1", &MtpResult::tokens_per_step,
                  "1 + acceptanceRate + acceptanceRate² + … (depth terms)"},
      OutputField{"speedup", "1", &MtpResult::speedup, "tokensPerStep / (1 + draftCost)"},
      OutputField{"mtpTokensPerSecond", "tokens/s", &MtpResult::tokens_per_second,
                  "tokensPerSecond · speedup (null when tokensPerSecond is not given)"},
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
