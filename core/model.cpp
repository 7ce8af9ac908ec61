#include "model.hpp"

#include <algorithm>
#include <cmath>

namespace ridgepoint {

namespace {

constexpr double kSecondsPerHour = 3600;
constexpr double kHoursPerDay = 24;
constexpr double kSecondsPerDay = 86400;
constexpr double kTrillion = 1e12;

}  // namespace

// ---- modelStats ----

Outcome<ModelStatsResult> ModelStats::evaluate(const ModelStatsInput& in) {
  auto shaped = readModel(in.config, in.kvFormat());
  if (!shaped.ok()) return {{}, shaped.errors};
  const ModelShape& shape = shaped.value;
  ModelStatsResult out;
  out.attention = shape.attention;
  out.head_dim = shape.head_dim;
  out.kv_heads = shape.kv_heads;
  out.dense_layers = shape.dense_layers;
  out.moe_layers = shape.moe_layers;
  out.recurrent_mixer = shape.recurrent_mixer;
  out.total_params = shape.totalParams();
  out.active_params = shape.activeParams();
  out.total_params_without_embeddings = out.total_params - shape.embedding_params;
  out.active_params_without_embeddings = out.active_params - shape.embedding_params;
  out.total_matmul_params = shape.totalMatmulParams();
  out.active_matmul_params = shape.activeMatmulParams();
  out.kv_bytes_per_token = shape.kvBytesPerToken();
  out.kv_bytes_per_sequence = shape.kvBytesPerSequence(in.seq_len);
  out.state_bytes_per_sequence = shape.stateBytesPerSequence();
  // ISCA'25 Table 2 (reference §1.2): 6 · N_act for forward + backward of the matmuls …
  out.matmul_flops_per_token = 6 * out.active_matmul_params;
  // … plus 3 (forward + 2× backward) · 2 · heads · (d_qk + d_v) per key, per layer.
  out.attention_flops_per_token = 3 * shape.attentionFlopsPerQuery(in.seq_len, in.causal, false);
  out.training_flops_per_token = out.matmul_flops_per_token + out.attention_flops_per_token;
  // The forward pass alone is a third of training (backward = 2× forward, Kaplan et al. 2020).
  out.forward_flops_per_token = 2 * out.active_matmul_params + out.attention_flops_per_token / 3;
  // ISCA'25 §2.2.1: MoE saves compute against a dense model of the same total size.
  out.dense_equivalent_flops_per_token =
      6 * out.total_matmul_params + out.attention_flops_per_token;
  out.sparsity_saving = 1 - out.training_flops_per_token / out.dense_equivalent_flops_per_token;

  const double moe = shape.moe_layers;
  const double shared =
      shape.shared_expert_params > 0 ? shape.shared_expert_params : shape.expert_params;
  const std::string ffn_matrices = shape.gated_mlp ? "3" : "2";
  out.components = {
      {"embedding", shape.embedding_params, shape.embedding_params,
       "vocab_size · hidden_size (OPT: word_embed_proj_dim), + vocab_size_per_layer_input · "
       "num_hidden_layers · hidden_size_per_layer_input (Gemma 3n and 4's per-layer inputs)"},
      {"attention", shape.layers * shape.attention_params, shape.layers * shape.attention_params,
       shape.attention == AttentionKind::mla
           ? "num_hidden_layers · (q projections + hidden_size · (kv_lora_rank + "
             "qk_rope_head_dim) + kv_lora_rank · heads · (qk_nope_head_dim + v_head_dim) + "
             "heads · v_head_dim · hidden_size)"
           : "num_hidden_layers · (2 · hidden_size · headDim · (num_attention_heads + kvHeads) "
             "+ the family's biases and sinks); a recurrent layer (Gated DeltaNet, Mamba-2) "
             "counts its projections, convolution and norm instead; + the per-layer input gate "
             "and projection (Gemma 3n and 4), LAuReL and AltUp's router (Gemma 3n); DeepSeek-V4: "
             "low-rank query, one key/value head, grouped low-rank output, compressor, indexer "
             "and hyper-connections per layer"},
      {"dense FFN", shape.dense_layers * shape.dense_ffn_params,
       shape.dense_layers * shape.dense_ffn_params,
       "denseLayers · " + ffn_matrices +
           " · hidden_size · intermediate_size (+ biases); 3 matrices when gated"},
      {"routed experts", moe * shape.routed_experts * shape.expert_params,
       moe * shape.experts_per_token * shape.expert_params,
       "moeLayers · experts · " + ffn_matrices +
           " · hidden_size · moe_intermediate_size (active: num_experts_per_tok)"},
      {"shared experts", moe * shape.shared_experts * shared, moe * shape.shared_experts * shared,
       "moeLayers · (n_shared_experts · an expert, or one shared_expert_intermediate_size wide "
       "and its gate)"},
      {"router", moe * shape.router_params, moe * shape.router_params,
       "moeLayers · experts · hidden_size"},
      {"norms", shape.norm_params, shape.norm_params,
       "num_hidden_layers · (norms per layer · hidden_size (LayerNorm: 2×) + q/k norms + "
       "q_lora_rank + kv_lora_rank) + the final norm (Nemotron-H: one per block)"},
      {"LM head", shape.head_params, shape.head_params,
       "vocab_size · hidden_size (OPT: word_embed_proj_dim; 0 when tie_word_embeddings)"},
      {"position embedding", shape.position_embedding_params, shape.position_embedding_params,
       "n_positions · hidden_size (learned positions: GPT-2; OPT: max_position_embeddings + 2)"},
      {"embedding projections", shape.embedding_projection_params,
       shape.embedding_projection_params,
       "2 · word_embed_proj_dim · hidden_size (OPT's project_in and project_out, when they "
       "differ); per_layer_model_projection (Gemma 3n and 4) and AltUp's projections in and "
       "out (Gemma 3n)"},
  };
  out.mtp_params = shape.mtp_params;
  out.family = shape.family;
  out.layers = shape.layerRuns();
  out.ignored_keys = shape.ignored_keys;
  out.assumed = shape.assumed;
  out.notes = shape.notes;
  return {out, {}};
}

// ---- kvCache ----

Outcome<KvCacheResult> KvCache::evaluate(const KvCacheInput& in) {
  auto shaped = readModel(in.config, in.kvFormat());
  if (!shaped.ok()) return {{}, shaped.errors};
  const ModelShape& shape = shaped.value;
  KvCacheResult out;
  out.attention = shape.attention;
  out.kv_bytes_per_token = shape.kvBytesPerToken();
  out.kv_bytes_per_sequence = shape.kvBytesPerSequence(in.context_length);
  out.kv_bytes_total = out.kv_bytes_per_sequence * in.batch;
  out.weight_bytes = shape.totalParams() * in.weight_bytes_per_param;
  const double memory = in.memory_capacity * in.devices;
  // ISCA'25 §2.1: the cache competes with the weights for HBM, so it gets what they leave
  // (activations and workspace not counted).
  out.free_bytes = std::max(0.0, memory - out.weight_bytes);
  out.tokens_that_fit = std::floor(out.free_bytes / out.kv_bytes_per_token);
  out.sequences_that_fit = std::floor(out.free_bytes / out.kv_bytes_per_sequence);
  out.fits = out.weight_bytes + out.kv_bytes_total <= memory;
  if (in.reference_kv_bytes_per_token > 0) {
    // ISCA'25 Table 1 multiplier: one model's bytes per token over another's.
    out.ratio_to_reference = out.kv_bytes_per_token / in.reference_kv_bytes_per_token;
  }
  out.ignored_keys = shape.ignored_keys;
  out.assumed = shape.assumed;
  out.notes = shape.notes;
  if (out.weight_bytes > memory) {
    out.notes.push_back({"memoryCapacity", "the weights alone (" +
                                               formatQuantity(out.weight_bytes, "B") +
                                               ") exceed memoryCapacity · devices"});
  }
  return {out, {}};
}

// ---- weightMemory ----

Outcome<WeightMemoryResult> WeightMemory::evaluate(const WeightMemoryInput& in) {
  const double per_block = in.scale_bytes / (in.block_side * in.block_side);
  const double per_tile = in.scale_bytes / in.tile_length;
  struct Format {
    std::string name;
    double element_bytes, scale_bytes_per_element;
    std::string formula;
  };
  // V3 report §3.3: weights in 128×128 blocks, activations in 1×128 tiles, one scale each; INT8
  // and INT4 rows use the same 1×tileLength groups (group-wise integer quantisation, as AWQ and
  // GPTQ with group size 128). Block scales assume sides that are multiples of blockSide (V3's
  // are).
  const std::string block = formatNumber(in.block_side) + "×" + formatNumber(in.block_side);
  const std::string tile = "1×" + formatNumber(in.tile_length);
  const std::array<Format, 6> formats{{
      {"FP32", 4, 0, "4"},
      {"BF16", 2, 0, "2"},
      {"FP8, " + block + " blocks", 1, per_block, "1 + scaleBytes / blockSide²"},
      {"FP8, " + tile + " tiles", 1, per_tile, "1 + scaleBytes / tileLength"},
      {"INT8, " + tile + " groups", 1, per_tile, "1 + scaleBytes / tileLength"},
      {"INT4, " + tile + " groups", 0.5, per_tile, "0.5 + scaleBytes / tileLength"},
  }};
  WeightMemoryResult out;
  for (const Format& format : formats) {
    const double bytes_per_param = format.element_bytes + format.scale_bytes_per_element;
    out.formats.push_back({format.name, bytes_per_param, in.params * bytes_per_param,
                           format.scale_bytes_per_element / format.element_bytes, format.formula});
  }
  return {out, {}};
}

// ---- trainingMemory ----

Outcome<TrainingMemoryResult> TrainingMemory::evaluate(const TrainingMemoryInput& in) {
  TrainingMemoryResult out;
  out.params_per_gpu = in.params / in.model_parallel;
  out.bytes_per_param = in.weight_bytes + in.gradient_bytes + in.master_bytes + 2 * in.moment_bytes;
  // ZeRO (Rajbhandari et al., SC'20, §5): stage 1 partitions optimizer states over N_d, stage 2
  // also gradients, stage 3 also parameters.
  auto sharded = [&](double stage) { return in.zero_stage >= stage ? in.data_parallel : 1.0; };
  out.weight_bytes = out.params_per_gpu * in.weight_bytes / sharded(3);
  out.gradient_bytes = out.params_per_gpu * in.gradient_bytes / sharded(2);
  out.master_weight_bytes = out.params_per_gpu * in.master_bytes / sharded(1);
  // AdamW keeps two moments per weight (V3 report §3.3: in BF16).
  out.optimizer_bytes = out.params_per_gpu * 2 * in.moment_bytes / sharded(1);
  out.total_bytes =
      out.weight_bytes + out.gradient_bytes + out.master_weight_bytes + out.optimizer_bytes;
  return {out, {}};
}

// ---- trainingRun ----

Outcome<TrainingRunResult> TrainingRun::evaluate(const TrainingRunInput& in) {
  TrainingRunResult out;
  out.total_flops = in.tokens * in.flops_per_token;
  // MFU = achieved / peak FLOP/s (ISCA'25 §5.1.2, Table 4), so time = work / (GPUs × peak × MFU)
  // and GPU-hours are that time times the GPUs.
  const double gpu_seconds = out.total_flops / (in.peak_flops * in.mfu);
  out.gpu_hours = gpu_seconds / kSecondsPerHour;
  // V3 report §1: 180K GPU-hours on 2048 GPUs = 3.7 days of wall-clock time.
  out.days = out.gpu_hours / in.gpus / kHoursPerDay;
  // V3 report Table 1: cost = GPU-hours × rental price.
  out.cost = out.gpu_hours * in.price_per_gpu_hour;
  out.tokens_per_day = in.gpus * in.peak_flops * in.mfu * kSecondsPerDay / in.flops_per_token;
  out.gpu_hours_per_trillion_tokens =
      kTrillion * in.flops_per_token / (in.peak_flops * in.mfu) / kSecondsPerHour;
  if (in.measured_tokens_per_day > 0) {
    // ISCA'25 Table 4 (reference §1.8): MFU = tokens/s × FLOPs per token / (GPUs × peak).
    const double achieved = in.measured_tokens_per_day / kSecondsPerDay * in.flops_per_token;
    out.achieved_flops_per_gpu = achieved / in.gpus;
    out.implied_mfu = achieved / (in.gpus * in.peak_flops);
  }
  return {out, {}};
}

// ---- trainingBudget ----

Outcome<TrainingBudgetResult> TrainingBudget::evaluate(const TrainingBudgetInput& in) {
  TrainingBudgetResult out;
  // V3 report §1: "180K H800 GPU hours" per trillion tokens × 14.8T tokens = 2,664K.
  out.pretraining_gpu_hours = in.pretraining_tokens / kTrillion * in.gpu_hours_per_trillion_tokens;
  // V3 report Table 1: phases add up, and each is priced at the rental rate.
  out.total_gpu_hours =
      out.pretraining_gpu_hours + in.context_extension_gpu_hours + in.post_training_gpu_hours;
  out.pretraining_cost = out.pretraining_gpu_hours * in.price_per_gpu_hour;
  out.context_extension_cost = in.context_extension_gpu_hours * in.price_per_gpu_hour;
  out.post_training_cost = in.post_training_gpu_hours * in.price_per_gpu_hour;
  out.total_cost = out.total_gpu_hours * in.price_per_gpu_hour;
  // V3 report §1: 180K GPU-hours / 2048 GPUs = "3.7 days" per trillion tokens.
  out.days_per_trillion_tokens = in.gpu_hours_per_trillion_tokens / in.gpus / kHoursPerDay;
  out.pretraining_days = out.pretraining_gpu_hours / in.gpus / kHoursPerDay;
  return {out, {}};
}

// ---- mtpSpeedup ----

Outcome<MtpResult> MtpSpeedup::evaluate(const MtpInput& in) {
  MtpResult out;
  // V3 report §5.4.3: the i-th drafted token counts only if every earlier one was accepted, so a
  // step yields 1 + a + a² + … + a^depth tokens (1.85–1.9 at a = 0.85–0.9, "1.8×" measured).
  out.tokens_per_step = 1;
  double accepted = 1;
  for (int i = 0; i < static_cast<int>(in.depth); ++i) {
    accepted *= in.acceptance_rate;
    out.tokens_per_step += accepted;
  }
  out.speedup = out.tokens_per_step / (1 + in.draft_cost);
  if (in.tokens_per_second > 0) out.tokens_per_second = in.tokens_per_second * out.speedup;
  return {out, {}};
}

}  // namespace ridgepoint
