// Reading a Hugging Face config.json into a model's shape. Two tables hold everything ridgepoint
// knows about configs: kConfigKeys (each key it reads, with every family's spelling, its kind and
// range) and kFamilies (the defaults transformers applies by model_type: MLP gating, norms,
// biases, tied embeddings, how sliding windows fall on layers). From them readModel derives the
// layout layer by layer (attention kind, window, dense or MoE) and the parameter counts, and says
// which keys it did not use and which defaults it assumed. Adding a family is one kFamilies row
// (README, "Development").
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "field.hpp"
#include "json.hpp"

namespace ridgepoint {

// linear: a recurrent layer that keeps a fixed-size state per sequence instead of a KV cache: Gated
// DeltaNet (Qwen3-Next, Qwen3.5), Mamba-2 (Nemotron-H, Granite 4.0-H), Mamba-1 (Jamba) or a gated
// short convolution (LFM2); ModelShape names which.
enum class AttentionKind { mha, gqa, mqa, mla, linear };
std::string_view label(AttentionKind kind);

// How the KV cache is stored: element size and the quantisation scales that come with FP8.
struct KvFormat {
  double bytes = 2;             // per cached element: 2 BF16, 1 FP8
  double scale_group_size = 0;  // elements sharing one scale (0: no scales)
  double scale_bytes = 4;       // per scale
};

// How the checkpoint stores its weights (quantization_config): "fp8", "fp4" (NVFP4), "mxfp4"
// (gpt-oss: the routed experts), "int8" or "int4"; empty when absent or of a method not read.
struct StoredWeights {
  std::string format;
  std::string said_by;  // "quant_method fp8", "quant_method gptq, 4 bits"
};

// A remark about a result (a layout with no MoE layer, weights that exceed memory).
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

// A default applied because the config left a key out, with the rule that gave it.
struct ConfigAssumption {
  std::string key;  // the key as a config would spell it (text_config.… when nested)
  std::string rule;
};

template <>
struct Schema<ConfigAssumption> {
  static constexpr auto fields = std::tuple{
      OutputField{"key", "", &ConfigAssumption::key},
      OutputField{"rule", "", &ConfigAssumption::rule},
  };
};

// One decoder layer as the config lays it out.
struct LayerShape {
  AttentionKind attention = AttentionKind::mha;
  double window = 0;     // tokens a query sees in this layer (0: every earlier token)
  bool chunked = false;  // Llama 4: the window is a fixed chunk, not a sliding span
  bool moe = false;      // routed experts instead of a dense FFN
  bool ffn = true;       // false: a Nemotron-H mixer block with no FFN block after it
  // Gemma 4's global layers have heads of their own width and KV heads of their own count: the
  // layer's head width over the model's head_dim, and its cached bytes per token over
  // kv_bytes_per_token_per_layer.
  double head_dim_ratio = 1;
  double kv_bytes_ratio = 1;
  // Its query and key heads' width over head_dim, which per-head q/k norms follow (Gemma 4's
  // global layers; not their count: Step-3.5's and MiMo-V2-Flash's sliding layers have their own).
  double qk_width_ratio = 1;
  // Hunyuan's cross-layer attention, Gemma 3n's and 4's KV sharing: the layer attends with the
  // keys and values an earlier layer cached (of its own shape), so it caches none but reads them.
  bool kv_shared = false;
  // DeepSeek-V4's compressed attention: beside its window of raw tokens the layer caches one
  // entry per compress_ratio tokens (0: none) and attends to all of them, or, `sparse`, to the
  // top-k a lightning indexer picks. DeepSeek-V3.2's DSA layers are indexed over every token.
  double compress_ratio = 0;
  bool indexed = false;
  // Attends to the top-k keys (DSA, V4's ratio-4 layers), picked by its own indexer (`indexed`)
  // or, GLM-5.2's shared layers, by an earlier layer's.
  bool sparse = false;
};

// Consecutive layers of the same kind, as the results list them.
struct LayerRun {
  double first = 0, count = 0;
  AttentionKind attention = AttentionKind::mha;
  double window = 0;
  bool chunked = false;
  double compress_ratio = 0;
  std::string ffn;  // "dense", "moe" or "none"
};

template <>
struct Schema<LayerRun> {
  static constexpr auto fields = std::tuple{
      OutputField{"first", "1", &LayerRun::first},
      OutputField{"count", "1", &LayerRun::count},
      OutputField{"attention", "", &LayerRun::attention},
      OutputField{"window", "1", &LayerRun::window},
      OutputField{"chunked", "", &LayerRun::chunked},
      OutputField{"compressRatio", "1", &LayerRun::compress_ratio,
                  "DeepSeek-V4: tokens per compressed KV entry beside the window (0: none)"},
      OutputField{"ffn", "", &LayerRun::ffn},
  };
};

// What every model calculator derives from a config: resolved head sizes, per-layer parameter
// counts by component (biases included in their matrices' component), the layout layer by layer
// and the cached bytes per token.
struct ModelShape {
  AttentionKind attention = AttentionKind::mha;
  double hidden = 0, layers = 0, heads = 0, kv_heads = 0, head_dim = 0;
  double qk_head_dim = 0, v_head_dim = 0;  // per head, as trained (MLA: nope + rope, v)
  double absorbed_qk_dim = 0,
         absorbed_v_dim = 0;  // per head at decode (MLA: latent + rope, latent)
  // One layer's attention; a hybrid's (Gated DeltaNet beside full attention) is the mean over
  // its layers, so that layers · attention_params counts every layer's.
  double attention_params = 0;
  double dense_ffn_params = 0;  // one dense layer
  double expert_params = 0;     // one routed expert (DeepSeek's shared experts are the same size)
  double router_params = 0;     // one MoE layer
  double routed_experts = 0, experts_per_token = 0, shared_experts = 0;
  double expert_groups = 0, groups_per_token = 0;  // node-limited routing (n_group, topk_group)
  // The width a routed token travels and the experts take in: hidden, or LatentMoE's latent.
  double routed_width = 0;
  double dense_layers = 0, moe_layers = 0;
  double norm_params = 0;  // all layers and the final norm
  double embedding_params = 0, head_params = 0, vocab = 0;
  double kv_bytes_per_token_per_layer = 0;
  std::vector<ModelNote> notes;

  // Beside the above: what the per-layer reading adds.
  std::string family;               // the model_type whose rules applied ("" when unknown)
  StoredWeights stored_weights;     // the checkpoint's (quantization_config)
  bool gated_mlp = true;            // gate, up, down (SwiGLU, GeGLU) or up, down (GELU, ReLU)
  double shared_expert_params = 0;  // one shared expert (Qwen-MoE: its own width, and its gate)
  double position_embedding_params = 0;    // learned positions (GPT-2)
  double embedding_projection_params = 0;  // OPT-350m's project_in and project_out
  double head_width = 0;  // what the LM head multiplies: hidden_size (OPT: word_embed_proj_dim)
  double mtp_layers = 0, mtp_params = 0;  // DeepSeek-V3's multi-token prediction modules
  // One MTP module's block as it attends and routes: the last layer's shape, or the one the
  // config gives it (DeepSeek-V4's own compression ratio, Nemotron-H's attention and MoE).
  LayerShape mtp_block;
  std::vector<LayerShape> layer_shapes;   // one per layer, in order
  std::vector<std::string> ignored_keys;  // config keys ridgepoint did not use
  std::vector<ConfigAssumption> assumed;  // defaults applied, each with its rule
  // DeepSeek Sparse Attention (V3.2): each query attends to at most sparse_keys keys, which a
  // lightning indexer picks by scoring every earlier key (0: dense attention).
  double sparse_keys = 0;
  double indexer_flops_per_key = 0;              // 2 · index_n_heads · index_head_dim
  double indexer_bytes_per_token_per_layer = 0;  // its key cache, within the KV bytes above
  // Recurrent layers, Gated DeltaNet (Yang et al., ICLR 2025; transformers models/qwen3_next) or
  // Mamba-2 (Dao & Gu, ICML 2024; transformers models/nemotron_h, granitemoehybrid): no KV cache
  // (kv_bytes_per_token_per_layer is a full-attention layer's), a fixed state per sequence, and
  // a recurrence whose FLOPs per token do not grow with the context.
  std::string recurrent_mixer;    // "Gated DeltaNet", "Mamba-2", … or "" (none)
  double linear_layers = 0;       // layers with a recurrence in place of attention (no KV cache)
  double recurrent_layers = 0;    // layers keeping a state: linear_layers, or every Falcon-H1 layer
  double linear_value_heads = 0;  // heads with a state each (TP splits them)
  double linear_state_bytes_per_layer = 0;      // one sequence's recurrent and conv state
  double linear_flops_per_token_per_layer = 0;  // the recurrence, all heads

  // KV cache bytes one token adds, over the layers that keep one; in a model with compressed
  // layers (DeepSeek-V4) the windows are a fixed cost per sequence, not counted here.
  double kvBytesPerToken() const;
  // The fixed state of one sequence, over the recurrent layers (within kvBytesPerSequence).
  double stateBytesPerSequence() const { return recurrent_layers * linear_state_bytes_per_layer; }

  double totalParams() const;
  double activeParams() const;
  double activeMatmulParams() const;  // what a token multiplies by: no embedding lookup, no norms
  double totalMatmulParams() const;
  // Keys one query attends to, summed over layers, each layer's counted at its head width over
  // head_dim (1 but in Gemma 4's global layers), for a sequence of seq_len tokens (`sparse`
  // false: before DSA's top-k, as its indexer and a dense kernel see them).
  double keysPerQuery(double seq_len, bool causal, bool sparse = true) const;
  // FLOPs of one query's attention core, all heads, summed over layers: averaged over the
  // queries at positions from..to of a causal pass (0 < from < to: after a cached prefix), or,
  // causal false, each seeing all `to` keys (decode); per head as trained, or in MLA's latent
  // space.
  double attentionFlopsPerQuery(double to, bool causal, bool latent, double from = 0) const;
  // Cached bytes one query's attention reads: every kept token (a layer sharing an earlier
  // layer's cache reads it again), or under DSA the top-k tokens' entries and every token's
  // indexer key; Gated DeltaNet layers read their state and write it back.
  double attendedKvBytes(double seq_len) const;
  // Cached bytes of one sequence of seq_len tokens: each layer keeps at most its window; a Gated
  // DeltaNet layer its state.
  double kvBytesPerSequence(double seq_len) const;
  // The attention layers' KV bytes for one sequence: those they cache (shared false) or those
  // the layers sharing an earlier layer's cache read (true); `windows` false leaves out what
  // windowed layers keep, a fixed cost per sequence.
  double layerKvBytes(double seq_len, bool shared, bool windows = true) const;
  std::vector<LayerRun> layerRuns() const;
  // Keys a lightning indexer scores for one query, summed over its layers (every earlier token
  // under DSA, every compressed entry of DeepSeek-V4's CSA layers).
  double indexedKeysPerQuery(double seq_len, bool causal) const;
  bool compressedAttention() const;
};

// A config.json (parsed) and how its cache is stored, as a model shape; or errors whose field is
// the config key path at fault, "config.num_attention_heads" or "config.text_config.hidden_size".
Outcome<ModelShape> readModel(const Json& config, const KvFormat& kv);

// The kinds of value a config key holds.
enum class ConfigKeyKind { count, size, ratio, boolean, text, list, object };

// One config.json key ridgepoint reads, under every spelling a family uses.
struct ConfigKey {
  std::string_view name;                         // the spelling most families use
  std::array<std::string_view, 7> aliases = {};  // other families' spellings of the same thing
  ConfigKeyKind kind = ConfigKeyKind::count;
  double min = 0, max = 0;  // counts and sizes: whole numbers in this range; ratios: any number
  std::string_view help;
  // Configures Mamba layers: in a family without them such a key marks layers ridgepoint does not
  // model (the search for unmodelled-layer keys does not pass over it).
  bool state_space = false;
  // Hunyuan lists some MoE keys, Gemma 3n its FFN width, once per layer: a list whose items are
  // all one number reads as that number (layers that differ are refused, not averaged).
  bool per_layer = false;
};

// How a family places sliding windows on its layers.
enum class WindowRule {
  none,         // no sliding attention (a sliding_window key is not used)
  every_layer,  // Mistral, Mixtral: sliding_window on every layer
  qwen,         // Qwen2/3: only with use_sliding_window, from layer max_window_layers on
  alternate,    // Gemma-2, gpt-oss: even layers (0, 2, …) slide, odd ones see everything
  pattern,      // Gemma-3: every sliding_window_pattern-th layer is global, the rest slide
};

enum class NormKind { rms, layer };  // RMSNorm: a weight per channel; LayerNorm: weight and bias

// The defaults transformers applies for one model_type (its configuration_*.py and
// modeling_*.py), beside what the config's keys say.
struct Family {
  std::string_view model_type;
  std::string_view source;  // the transformers files the rules come from
  bool gated_mlp = true;
  double ffn_multiple = 0;  // intermediate_size absent: ffn_multiple · hidden_size (0: required)
  NormKind norm = NormKind::rms;
  double norms_per_layer = 2;
  bool qk_norm = false;      // RMSNorm of head_dim on queries and keys (Qwen3, Gemma-3)
  bool qk_norm_key = false;  // those norms only with use_qk_norm (GLM-4.5, Hunyuan)
  // OLMo 2, MiniMax-M2: the query and key norms span every head (num_attention_heads · head_dim
  // and num_key_value_heads · head_dim wide), not one head.
  bool qk_norm_whole = false;
  bool output_bias = true;         // attention_bias also biases o (GLM: q, k and v only)
  bool tie_default = false;        // tie_word_embeddings when the config leaves it out
  bool learned_positions = false;  // n_positions × hidden_size position embeddings (GPT-2)
  // Learned positions: the key that counts them, its default, and rows beyond it (OPT:
  // max_position_embeddings, 2048, OPTLearnedPositionalEmbedding's offset of 2).
  std::string_view positions_key = "n_positions";
  double positions_default = 1024;
  double position_offset = 0;
  bool bias_default = false;         // attention_bias (Falcon: bias) when the config leaves it out
  bool bias_key_covers_mlp = false;  // Falcon's bias switches every linear layer's bias
  bool qkv_bias = false;             // q, k, v always carry biases, o none (Qwen2)
  bool ffn_halved = false;       // QWen: intermediate_size counts w1 and w2 together (each is half)
  bool mlp_bias = false;         // every FFN matrix, experts included, carries a bias
  bool router_bias = false;      // gpt-oss
  bool attention_sinks = false;  // gpt-oss: one learned logit per head and layer
  bool shared_expert_gate = false;  // Qwen2-MoE: a hidden_size × 1 gate on the shared expert
  bool multi_query_default =
      false;                   // Falcon, GPT-BigCode: multi_query when the config leaves it out
  bool falcon_layout = false;  // parallel_attn and new_decoder_architecture set norms and KV heads
  // Llama 4: intermediate_size is the experts' (and the one shared expert's) width,
  // intermediate_size_mlp the dense layers'; layers with RoPE (no_rope_layers) attend in chunks of
  // attention_chunk_size.
  bool llama4_layout = false;
  // OPT: word_embed_proj_dim ≠ hidden_size adds project_in and project_out (OPT-350m);
  // do_layer_norm_before false drops the final LayerNorm.
  bool opt_layout = false;
  bool head_bias = false;       // Phi: the LM head carries a bias (vocab_size)
  bool head_bias_key = false;   // PhiMoE: that bias only with lm_head_bias
  bool embedding_norm = false;  // BLOOM: a LayerNorm right after the token embedding
  WindowRule windows = WindowRule::none;
  double window_default = 0;   // sliding_window when the config leaves it out (0: none)
  double sliding_pattern = 0;  // WindowRule::pattern: sliding_window_pattern's default
  // EXAONE 4: sliding_window_pattern may also be letters, "LLLG": L slides, G is global, repeated
  // from layer 0, and the last layer is global whatever its letter.
  bool lettered_pattern = false;
  double vocab_default = 0;  // vocab_size when the config leaves it out (0: required)
  // Qwen3-Next, Qwen3.5: "linear_attention" layers are Gated DeltaNet (full_attention_interval
  // places them without layer_types), and q_proj also gives an output gate (attn_output_gate).
  bool gated_delta_net = false;
  // MiniMax-Text-01 and MiniMax-M1: lightning-attention layers (MiniMaxLightningAttention),
  // "linear_attention" in layer_types or 0 in the original checkpoints' attn_type_list.
  bool lightning_attention = false;
  // Kimi Linear: Kimi Delta Attention layers, those linear_attn_config.kda_layers lists (counted
  // from 1); the others are MLA.
  bool kda_layout = false;
  // LongCat-Flash: each of num_layers layers holds two attention blocks and two dense FFNs, a MoE
  // beside the first FFN (read as 2 · num_layers layers, every other one with the MoE), and the
  // router also picks among zero_expert_num identity experts, which hold no weights.
  bool longcat_layout = false;
  // Tencent's Hunyuan (use_cla): a layer whose index cla_share_factor does not divide reuses the
  // keys and values of the layer before it (cross-layer attention).
  bool cross_layer_attention = false;
  // Gemma 3n: per-layer input embeddings (a second table, hidden_size_per_layer_input wide per
  // layer) and their projections, AltUp's altup_num_inputs residual streams, LAuReL's low-rank
  // residual, and the last num_kv_shared_layers layers reusing earlier layers' keys and values.
  bool gemma3n_layout = false;
  // Gemma 4: full-attention layers of global_head_dim with num_global_key_value_heads whose keys
  // are their values (attention_k_eq_v: no v_proj), the last layer always full attention, and
  // with enable_moe_block a MoE beside each layer's dense FFN.
  bool gemma4_layout = false;
  // Mamba-2 layers (transformers Mamba2Mixer): layer_types "mamba" (Granite 4.0-H, whose FFN is
  // shared_intermediate_size wide beside its experts), every layer but attn_layer_indices (Bamba)
  // or, nemotron_blocks, hybrid_override_pattern or layers_block_type (Nemotron-H: blocks of one
  // mixer or one FFN each).
  bool mamba2 = false;
  bool mamba_auto_head = false;    // mamba_d_head "auto" (the default): mamba_expand · d / heads
  bool attention_indices = false;  // Bamba: attn_layer_indices lists the attention layers
  bool granite_ffn = false;
  bool nemotron_blocks = false;
  // Falcon-H1: every layer runs Mamba-2 (of mamba_d_ssm channels) beside its attention.
  bool parallel_mamba = false;
  // LFM2: "conv" layers are gated short convolutions (Lfm2ShortConv), and the FFN width is
  // adjusted from intermediate_size (block_auto_adjust_ff_dim).
  bool lfm2_layout = false;
  bool lfm2_ffn_adjust = false;  // LFM2's dense model: block_auto_adjust_ff_dim (default true)
  // Jamba: Mamba-1 layers (JambaMambaMixer) but every attn_layer_period-th from attn_layer_offset,
  // experts every expert_layer_period-th from expert_layer_offset.
  bool jamba_layout = false;
  // DBRX: objects whose keys read as keys of the top level named by their path
  // ("ffn_config.moe_num_experts"), so the aliases of kConfigKeys can spell them.
  std::array<std::string_view, 2> lifted_objects = {};
  // The Mamba-2 defaults of its configuration_*.py: heads, groups, state size.
  double mamba_heads_default = 128, mamba_groups_default = 8, mamba_state_default = 128;
  // Llama 3.2 Vision: the layers in cross_attention_layers attend to the image's tokens, not the
  // text's (q and k norms, two tanh gates), and the embedding has 8 rows more than the head.
  bool mllama_layout = false;
  // Nemotron-NAS (DeciLM): block_configs give each layer its own attention (a GQA group, a linear
  // layer, or none) and FFN (its own width, a linear layer, or none).
  bool nas_blocks = false;
  // ChatGLM2/3 and GLM-4-9B: multi_query_group_num counts the key/value heads only with
  // multi_query_attention (default false).
  bool chatglm_layout = false;
  // Step-3: queries through a share_q_dim-wide projection and RMSNorm before wq (heads ×
  // head_dim); MoE on the layers moe_layers_enum lists ("4,5,…,59").
  bool step3_layout = false;
  // MiMo-V2-Flash: hybrid_layer_pattern places full and sliding layers, each kind with its own
  // heads and key and value widths (values narrower than keys); moe_layer_freq lists the MoE
  // layers.
  bool mimo_layout = false;
  // DeepSeek-V4: per layer compress_ratios (0: a sliding window alone, 4: compressed entries
  // picked by a lightning indexer, others: every compressed entry), one key/value head
  // head_dim wide, a grouped low-rank output (o_groups, o_lora_rank), hc_mult hyper-connection
  // streams, and hash routing without a bias in the first num_hash_layers layers.
  bool deepseek_v4_layout = false;
  // AFMoE (Arcee): gate_proj (hidden × heads · head_dim) gates the attention output by a sigmoid.
  bool attention_output_gate = false;
  // MiniMax-M3: MiniMax Sparse Attention on the layers sparse_attention_freq (or layer_types)
  // marks, each with a lightning indexer that keeps index_topk_blocks blocks of index_block_size
  // keys per key/value group; dense layers' FFNs dense_intermediate_size wide, one shared expert
  // shared_intermediate_size wide beside the routed ones.
  bool minimax_m3_layout = false;
  // Step-3.5: sliding layers (layer_types) with their own heads (attention_other_setting), with
  // use_head_wise_attn_gate a sigmoid gate per head, MoE on the moe_layers_enum layers, and MTP
  // layers of a sliding attention, a dense FFN and an LM head each.
  bool step3p5_layout = false;
  // Snowflake Arctic: MoE on layers i with (i + 1) mod moe_layer_frequency = 0, and with
  // parallel_attn_mlp_res a residual MLP hidden_size wide (and its RMSNorm) beside the experts.
  bool arctic_layout = false;
  // The same rules under other model_types (a vision-language wrapper's, its text config's).
  std::array<std::string_view, 2> other_model_types = {};
};

std::span<const ConfigKey> configKeys();
std::span<const Family> families();

// One config key as rp.configKeys() lists it (docs/model-import.md): kConfigKeys' row, its
// spellings as a list and its range only where the kind has one.
struct ConfigKeyInfo {
  std::string_view name;
  std::vector<std::string_view> aliases;
  std::string_view kind;  // "count", "size", "ratio", "boolean", "text", "list" or "object"
  MaybeNumber min, max;   // counts and sizes: whole numbers in this range; ratios: any number
  std::string_view help;
};

std::vector<ConfigKeyInfo> configKeyInfo();

template <>
struct Schema<Family> {
  static constexpr auto fields = std::tuple{
      OutputField{"modelType", "", &Family::model_type, "config.json's model_type"},
      OutputField{"source", "", &Family::source, "the modeling code the family's rules come from"},
  };
};

template <>
struct Schema<ConfigKeyInfo> {
  static constexpr auto fields = std::tuple{
      OutputField{"name", "", &ConfigKeyInfo::name, "the spelling most families use"},
      OutputField{"aliases", "", &ConfigKeyInfo::aliases, "other families' spellings"},
      OutputField{"kind", "", &ConfigKeyInfo::kind,
                  "count, size, ratio, boolean, text, list or object"},
      OutputField{"min", "1", &ConfigKeyInfo::min, "smallest value read (counts, sizes, ratios)"},
      OutputField{"max", "1", &ConfigKeyInfo::max, "largest value read (counts, sizes, ratios)"},
      OutputField{"help", "", &ConfigKeyInfo::help, "what the key sets"},
  };
};

}  // namespace ridgepoint
