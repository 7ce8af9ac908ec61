#include "model_config.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

namespace ridgepoint {

std::string_view label(AttentionKind kind) {
  switch (kind) {
    case AttentionKind::mla:
      return "mla";
    case AttentionKind::gqa:
      return "gqa";
    case AttentionKind::mqa:
      return "mqa";
    case AttentionKind::linear:
      return "linear";
    case AttentionKind::mha:
      break;
  }
  return "mha";
}

namespace {

using K = ConfigKeyKind;

// Every config.json key ridgepoint reads. A key not listed here (or listed but not needed by the
// config's family and layout) is reported in ignoredKeys.
const std::array<ConfigKey, 156> kConfigKeys{{
    {.name = "model_type", .kind = K::text, .help = "the family: picks the rules of kFamilies"},
    {.name = "hidden_size",
     .aliases = {"n_embd", "d_model", "n_embed"},
     .kind = K::size,
     .min = 1,
     .max = 1e6,
     .help = "model width"},
    {.name = "num_hidden_layers",
     .aliases = {"n_layer", "num_layers", "n_layers"},
     .min = 1,
     .max = 1e4,
     .help = "decoder layers"},
    {.name = "num_attention_heads",
     .aliases = {"n_head", "n_heads"},
     .min = 1,
     .max = 1e5,
     .help = "query heads"},
    {.name = "num_key_value_heads",
     .aliases = {"num_kv_heads", "n_head_kv", "attn_config.kv_n_heads", "num_attention_groups",
                 "multi_query_group_num"},
     .min = 1,
     .max = 1e5,
     .help = "key/value heads (GQA; ChatGLM's multi_query_group_num, with "
             "multi_query_attention); absent: multi_query gives 1, else num_attention_heads"},
    {.name = "multi_query",
     .kind = K::boolean,
     .help = "Falcon, GPT-BigCode: one key/value head shared by all query heads"},
    {.name = "multi_query_attention",
     .kind = K::boolean,
     .help = "ChatGLM: multi_query_group_num counts the key/value heads (default false: one per "
             "query head)"},
    {.name = "head_dim",
     .aliases = {"attention_head_dim", "kv_channels"},
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "width of one head; absent: hidden_size / num_attention_heads"},
    {.name = "intermediate_size",
     .aliases = {"n_inner", "ffn_hidden_size", "ffn_dim", "block_ff_dim"},
     .kind = K::size,
     .min = 1,
     .max = 1e7,
     .help = "FFN width of dense layers (Mixtral, gpt-oss: of each expert; QWen: w1 and w2 "
             "together)",
     .per_layer = true},
    {.name = "expansion_ratio",
     .kind = K::ratio,
     .min = 0,
     .max = 1e3,
     .help = "MPT: the FFN width as a multiple of d_model (intermediate_size absent)"},
    {.name = "vocab_size",
     .aliases = {"padded_vocab_size"},
     .min = 1,
     .max = 1e8,
     .help = "vocabulary size"},
    {.name = "tie_word_embeddings",
     .aliases = {"tie_embedding"},
     .kind = K::boolean,
     .help = "the LM head reuses the embedding matrix"},
    {.name = "hidden_act",
     .aliases = {"hidden_activation", "activation_function"},
     .kind = K::text,
     .help = "FFN activation; gating follows the family (an unknown family: *glu and silu gate)"},
    {.name = "attention_bias",
     .aliases = {"bias", "enable_bias", "use_bias", "add_bias_linear"},
     .kind = K::boolean,
     .help = "q, k, v, o projections carry biases (Falcon's bias, OPT's enable_bias, StarCoder2's "
             "use_bias, ChatGLM's add_bias_linear: every linear layer)"},
    {.name = "no_bias",
     .kind = K::boolean,
     .help = "MPT, QWen: no linear layer carries a bias (false: every one does; QWen's c_attn "
             "always does)"},
    {.name = "mlp_bias", .kind = K::boolean, .help = "FFN matrices carry biases (Llama)"},
    {.name = "lm_head_bias",
     .kind = K::boolean,
     .help = "PhiMoE: the LM head carries a bias, vocab_size wide (default false)"},
    {.name = "n_positions",
     .kind = K::size,
     .min = 1,
     .max = 1e8,
     .help = "learned position embeddings (GPT-2)"},
    {.name = "num_experts",
     .aliases = {"num_local_experts", "n_routed_experts", "moe_num_experts",
                 "ffn_config.moe_num_experts"},
     .min = 0,
     .max = 1e5,
     .help = "routed experts per MoE layer (0 or absent: dense)",
     .per_layer = true},
    {.name = "num_experts_per_tok",
     .aliases = {"experts_per_token", "moe_k", "moe_topk", "top_k_experts", "ffn_config.moe_top_k",
                 "moe_top_k", "num_experts_per_token"},
     .min = 1,
     .max = 1e5,
     .help = "routed experts chosen per token (top-k)",
     .per_layer = true},
    {.name = "moe_intermediate_size",
     .aliases = {"expert_intermediate_size", "ffn_config.ffn_hidden_size",
                 "expert_ffn_hidden_size"},
     .kind = K::size,
     .min = 1,
     .max = 1e7,
     .help = "FFN width of one expert; absent: intermediate_size",
     .per_layer = true},
    {.name = "n_shared_experts",
     .aliases = {"num_shared_experts", "moe_num_shared_experts", "num_shared_expert"},
     .min = 0,
     .max = 1e4,
     .help = "shared experts every token passes through, each an expert wide (DeepSeek, ERNIE, "
             "Ling, Hunyuan)",
     .per_layer = true},
    {.name = "moe_shared_expert_intermediate_size",
     .kind = K::size,
     .min = 1,
     .max = 1e7,
     .help = "width of each shared expert where it differs from a routed one (Ling 2.0)"},
    {.name = "share_q_dim",
     .kind = K::size,
     .min = 1,
     .max = 1e7,
     .help = "Step-3: queries pass through a share_q_dim-wide projection and RMSNorm first"},
    {.name = "moe_layers_enum",
     .kind = K::text,
     .help = "Step-3, Step-3.5: the MoE layers' indices, comma-separated (\"4,5,…,59\"; Step-3.5 "
             "also a list)"},
    {.name = "shared_expert_intermediate_size",
     .aliases = {"share_expert_dim"},
     .kind = K::size,
     .min = 0,
     .max = 1e7,
     .help = "width of the one shared expert (Qwen-MoE; Step-3: share_expert_dim)"},
    {.name = "use_expert_bias",
     .aliases = {"moe_router_enable_expert_bias", "use_moe_router_bias"},
     .kind = K::boolean,
     .help = "LFM2-MoE, Ling 2.0 (moe_router_enable_expert_bias), Step-3.5 (use_moe_router_bias): "
             "the router adds a learned bias per expert (default false)"},
    {.name = "first_k_dense_replace",
     .aliases = {"num_dense_layers"},
     .min = 0,
     .max = 1e4,
     .help = "the first k layers keep a dense FFN (DeepSeek; LFM2-MoE: num_dense_layers)"},
    // LongCat-Flash (transformers models/longcat_flash).
    {.name = "zero_expert_num",
     .min = 0,
     .max = 1e5,
     .help = "LongCat-Flash: identity experts the router may pick beside the routed ones (no "
             "weights, no FLOPs)"},
    {.name = "zero_expert_type",
     .kind = K::text,
     .help = "LongCat-Flash: what a zero expert computes (\"identity\")"},
    // Tencent's Hunyuan (modeling_hunyuan.py: HunYuanConfig).
    {.name = "use_cla",
     .kind = K::boolean,
     .help = "Hunyuan: cross-layer attention, layers sharing one layer's keys and values"},
    {.name = "cla_share_factor",
     .min = 1,
     .max = 1e4,
     .help = "Hunyuan: layers per shared key/value cache with use_cla (default 1)"},
    {.name = "moe_layer_freq",
     .min = 1,
     .max = 1e4,
     .help = "layers i with i mod moe_layer_freq = 0 are MoE (DeepSeek); MiMo-V2-Flash: a list, 1 "
             "on each MoE layer"},
    // Snowflake Arctic (vLLM models/arctic.py, the checkpoint's configuration_arctic.py).
    {.name = "moe_layer_frequency",
     .min = 1,
     .max = 1e4,
     .help = "Arctic: layers i with (i + 1) mod moe_layer_frequency = 0 are MoE (default 2)"},
    // vLLM's and candle's Arctic read use_residual for the same MLP; the checkpoint sets both.
    {.name = "parallel_attn_mlp_res",
     .aliases = {"use_residual"},
     .kind = K::boolean,
     .help = "Arctic: each MoE layer also runs a residual MLP hidden_size wide, with an RMSNorm "
             "of its own, beside its experts (default false; vLLM reads use_residual)"},
    {.name = "decoder_sparse_step",
     .aliases = {"interleave_moe_layer_step", "moe_layer_interval"},
     .min = 1,
     .max = 1e4,
     .help =
         "layers i with (i + 1) mod decoder_sparse_step = 0 are MoE (Qwen-MoE, Llama 4, ERNIE)"},
    {.name = "moe_layers",
     .kind = K::list,
     .min = 0,
     .max = 1e4,
     .help = "the MoE layers' indices (Llama 4; overrides the rules above)"},
    {.name = "intermediate_size_mlp",
     .kind = K::size,
     .min = 1,
     .max = 1e7,
     .help = "Llama 4: FFN width of dense layers"},
    {.name = "attention_chunk_size",
     .kind = K::size,
     .min = 1,
     .max = 1e9,
     .help = "Llama 4: RoPE layers attend within chunks of this many tokens"},
    {.name = "no_rope_layers",
     .kind = K::list,
     .min = 0,
     .max = 1,
     .help = "Llama 4: per layer, 1 for RoPE (chunked) and 0 for global NoPE; empty: every 4th "
             "layer global"},
    {.name = "use_qk_norm",
     .kind = K::boolean,
     .help = "Llama 4: L2 norm of queries and keys (no weights); Hunyuan, GLM-4.5: query and "
             "key RMSNorms of head_dim"},
    {.name = "block_configs",
     .kind = K::list,
     .help = "Nemotron-NAS: per layer, attention (n_heads_in_group, no_op, replace_with_linear) "
             "and ffn (ffn_mult, no_op, replace_with_linear)"},
    {.name = "cross_attention_layers",
     .kind = K::list,
     .min = 0,
     .max = 1e4,
     .help = "Llama 3.2 Vision: layer indices that attend to the image's tokens (no KV per text "
             "token)"},
    {.name = "mlp_only_layers",
     .kind = K::list,
     .min = 0,
     .max = 1e4,
     .help = "layer indices that keep a dense FFN (Qwen-MoE)"},
    {.name = "n_group", .min = 0, .max = 1e4, .help = "expert groups for node-limited routing"},
    {.name = "topk_group", .min = 0, .max = 1e4, .help = "groups a token may be routed to"},
    {.name = "kv_lora_rank",
     .kind = K::size,
     .min = 0,
     .max = 1e6,
     .help = "MLA: compressed KV latent width (absent or 0: not MLA)"},
    {.name = "q_lora_rank",
     .kind = K::size,
     .min = 0,
     .max = 1e6,
     .help = "MLA: compressed query width (absent: no query compression)"},
    {.name = "index_topk",
     .min = 1,
     .max = 1e7,
     .help = "MLA with DeepSeek Sparse Attention (V3.2): keys each query attends to, picked by the "
             "lightning indexer"},
    // GLM-5.2's IndexShare (transformers models/glm_moe_dsa: GlmMoeDsaConfig).
    {.name = "index_topk_freq",
     .min = 1,
     .max = 1e4,
     .help = "GLM-5.2: the indexer runs every this-many layers and the others reuse its top-k "
             "(above 1: not modelled)"},
    {.name = "indexer_types",
     .kind = K::list,
     .help = "GLM-5.2: per layer \"full\" (its own indexer) or \"shared\" (not modelled)"},
    {.name = "hybrid_layer_pattern",
     .kind = K::list,
     .min = 0,
     .max = 1,
     .help = "MiMo-V2-Flash: per layer 1 (sliding window, swa_* shapes) or 0 (full attention)"},
    {.name = "swa_num_attention_heads",
     .aliases = {"attention_other_setting.num_attention_heads", "num_sliding_attention_heads"},
     .min = 1,
     .max = 1e5,
     .help = "MiMo-V2-Flash, Step-3.5 (attention_other_setting): query heads of the sliding "
             "layers"},
    {.name = "swa_num_key_value_heads",
     .aliases = {"attention_other_setting.num_attention_groups"},
     .min = 1,
     .max = 1e5,
     .help = "MiMo-V2-Flash, Step-3.5 (attention_other_setting): key/value heads of the sliding "
             "layers"},
    {.name = "swa_head_dim",
     .aliases = {"attention_other_setting.head_dim"},
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "MiMo-V2-Flash, Step-3.5 (attention_other_setting): query/key width of the sliding "
             "layers"},
    {.name = "use_head_wise_attn_gate",
     .kind = K::boolean,
     .help = "Step-3.5: a sigmoid gate per attention head on its output (g_proj, hidden_size → "
             "heads; default false)"},
    {.name = "swa_v_head_dim",
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "MiMo-V2-Flash: value width of the sliding layers"},
    {.name = "add_swa_attention_sink_bias",
     .kind = K::boolean,
     .help = "MiMo-V2-Flash: a sink logit per head in the sliding layers"},
    {.name = "add_full_attention_sink_bias",
     .kind = K::boolean,
     .help = "MiMo-V2-Flash: a sink logit per head in the full layers"},
    {.name = "compress_ratios",
     .kind = K::list,
     .min = 0,
     .max = 1e6,
     .help = "DeepSeek-V4: per layer (and MTP block), tokens per compressed KV entry beside the "
             "sliding window: 0 none, 4 picked by the lightning indexer, others all attended"},
    {.name = "compress_rates.compressed_sparse_attention",
     .min = 2,
     .max = 1e6,
     .help = "DeepSeek-V4 in transformers' spelling: tokens per entry of the indexer-picked "
             "layers (compressed_sparse_attention in layer_types; default 4)"},
    {.name = "compress_rates.heavily_compressed_attention",
     .min = 2,
     .max = 1e6,
     .help = "DeepSeek-V4 in transformers' spelling: tokens per entry of the fully attended "
             "compressed layers (heavily_compressed_attention; default 128)"},
    {.name = "mlp_layer_types",
     .kind = K::list,
     .help = "DeepSeek-V4 in transformers' spelling: \"hash_moe\" on the hash-routed layers"},
    {.name = "o_groups",
     .min = 1,
     .max = 1e4,
     .help = "DeepSeek-V4: groups of heads in the low-rank output projection"},
    {.name = "o_lora_rank",
     .kind = K::size,
     .min = 1,
     .max = 1e6,
     .help = "DeepSeek-V4: each output group's low-rank width"},
    {.name = "hc_mult",
     .min = 1,
     .max = 64,
     .help = "DeepSeek-V4: hyper-connection streams carrying the residual"},
    {.name = "num_hash_layers",
     .min = 0,
     .max = 1e4,
     .help = "DeepSeek-V4: first layers routing by a token-id table (no router bias)"},
    {.name = "index_n_heads",
     .aliases = {"sparse_attention_config.sparse_num_index_heads"},
     .min = 1,
     .max = 1e5,
     .help = "DeepSeek Sparse Attention, MiniMax-M3: the lightning indexer's query heads"},
    {.name = "index_head_dim",
     .aliases = {"sparse_attention_config.sparse_index_dim"},
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "DeepSeek Sparse Attention, MiniMax-M3: width of the indexer's heads and of the key "
             "it caches"},
    // MiniMax Sparse Attention (MiniMax-M3), under sparse_attention_config in its config.json and
    // flat in transformers' MiniMaxM3VLTextConfig.
    {.name = "use_sparse_attention",
     .aliases = {"sparse_attention_config.use_sparse_attention"},
     .kind = K::boolean,
     .help = "MiniMax-M3: false leaves every layer dense, without an indexer (default true)"},
    {.name = "sparse_attention_freq",
     .aliases = {"sparse_attention_config.sparse_attention_freq"},
     .kind = K::list,
     .help = "MiniMax-M3: 1 on each layer with sparse attention and an indexer, 0 on dense ones "
             "(layer_types, when given, decides)"},
    {.name = "index_topk_blocks",
     .aliases = {"sparse_attention_config.sparse_topk_blocks"},
     .min = 1,
     .max = 1e6,
     .help = "MiniMax-M3: key blocks each query attends to, the local one among them, picked per "
             "key/value group by the indexer (default 16)"},
    {.name = "index_block_size",
     .aliases = {"sparse_attention_config.sparse_block_size"},
     .kind = K::size,
     .min = 1,
     .max = 1e6,
     .help = "MiniMax-M3: keys in one block the indexer scores and picks (default 128)"},
    {.name = "dense_intermediate_size",
     .kind = K::size,
     .min = 1,
     .max = 1e7,
     .help = "MiniMax-M3: the dense layers' FFN width (the experts' is intermediate_size; "
             "default 12288)"},
    {.name = "qk_rope_head_dim",
     .kind = K::size,
     .min = 0,
     .max = 1e5,
     .help = "MLA: decoupled RoPE key width, shared by all heads"},
    {.name = "qk_nope_head_dim",
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "MLA: per-head query/key width without RoPE"},
    {.name = "v_head_dim",
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "MLA, MiMo-V2-Flash: per-head value width (elsewhere head_dim)"},
    {.name = "num_nextn_predict_layers",
     .aliases = {"mtp_num_hidden_layers"},
     .min = 0,
     .max = 100,
     .help = "multi-token prediction modules (DeepSeek-V3; Qwen3-Next and Qwen3.5 spell it "
             "mtp_num_hidden_layers), counted apart from totalParams"},
    {.name = "sliding_window",
     .kind = K::size,
     .min = 0,
     .max = 1e9,
     .help = "attention window of sliding layers, in tokens (0: none)"},
    {.name = "use_sliding_window",
     .kind = K::boolean,
     .help = "Qwen: false switches sliding_window off"},
    {.name = "max_window_layers",
     .min = 0,
     .max = 1e4,
     .help = "Qwen: layers from this index on slide"},
    {.name = "sliding_window_pattern",
     .aliases = {"_sliding_window_pattern", "global_attn_every_n_layers"},
     .min = 1,
     .max = 1e4,
     .help = "Gemma-3, Cohere2, EXAONE 4: every n-th layer is global, the others slide (EXAONE 4 "
             "also spells it in letters: \"LLLG\")"},
    {.name = "layer_types",
     .kind = K::list,
     .help = "per layer: \"full_attention\", \"sliding_attention\" or, in Qwen3-Next and "
             "Qwen3.5, \"linear_attention\" (Gated DeltaNet; MiniMax: lightning attention) "
             "(overrides family rules)"},
    // MiniMax-Text-01 and MiniMax-M1 as their own checkpoints spell them (modeling_minimax_m1.py).
    {.name = "attn_type_list",
     .kind = K::list,
     .help = "MiniMax: per layer 0 (lightning attention) or 1 (softmax attention)"},
    {.name = "linear_attn_alpha_factor",
     .aliases = {"layernorm_linear_attention_alpha"},
     .kind = K::ratio,
     .min = 0,
     .max = 1e6,
     .help = "MiniMax: weight of the residual around a lightning-attention layer (no parameters)"},
    {.name = "linear_attn_beta_factor",
     .aliases = {"layernorm_linear_attention_beta"},
     .kind = K::ratio,
     .min = 0,
     .max = 1e6,
     .help = "MiniMax: weight of a lightning-attention layer's output (no parameters)"},
    // Kimi Linear (moonshotai/Kimi-Linear-48B-A3B configuration_kimi.py), under linear_attn_config.
    {.name = "linear_attn_config.kda_layers",
     .kind = K::list,
     .help = "Kimi Linear: the Kimi Delta Attention layers, counted from 1; the others are MLA"},
    {.name = "linear_attn_config.full_attn_layers",
     .kind = K::list,
     .help = "Kimi Linear: the MLA layers, counted from 1 (the model reads kda_layers only)"},
    // Qwen3-Next and Qwen3.5 (transformers models/qwen3_next, qwen3_5): Gated DeltaNet layers.
    {.name = "full_attention_interval",
     .min = 1,
     .max = 1e4,
     .help = "Qwen3-Next, Qwen3.5 without layer_types: every this-many-th layer is full "
             "attention, the others Gated DeltaNet (default 4)"},
    {.name = "linear_num_key_heads",
     .min = 1,
     .max = 1e4,
     .help = "Gated DeltaNet query and key heads (default 16)"},
    {.name = "linear_num_value_heads",
     .aliases = {"linear_attn_config.num_heads"},
     .min = 1,
     .max = 1e4,
     .help = "Gated DeltaNet value heads, each with its own state (default 32); Kimi Delta "
             "Attention's heads"},
    {.name = "linear_key_head_dim",
     .aliases = {"linear_attn_config.head_dim"},
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "Gated DeltaNet query and key head width (default 128); Kimi Delta Attention's "
             "head width (keys and values)"},
    {.name = "linear_value_head_dim",
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "Gated DeltaNet value head width (default 128)"},
    {.name = "linear_conv_kernel_dim",
     .aliases = {"linear_attn_config.short_conv_kernel_size"},
     .min = 1,
     .max = 1e3,
     .help = "Gated DeltaNet's (Kimi Delta Attention's) causal convolution over q, k and v, in "
             "tokens (default 4)"},
    {.name = "attn_output_gate",
     .kind = K::boolean,
     .help = "Qwen3-Next, Qwen3.5: q_proj also gives a sigmoid gate per head and channel on the "
             "attention output (default true)"},
    // Gemma 4 (transformers models/gemma4).
    {.name = "global_head_dim",
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "Gemma 4: head width of the full-attention layers (default 512)"},
    {.name = "num_global_key_value_heads",
     .min = 1,
     .max = 1e5,
     .help = "Gemma 4: key/value heads of the full-attention layers when attention_k_eq_v"},
    {.name = "attention_k_eq_v",
     .kind = K::boolean,
     .help = "Gemma 4: the full-attention layers' keys are their values (no v_proj; the cache "
             "still holds both)"},
    {.name = "enable_moe_block",
     .kind = K::boolean,
     .help = "Gemma 4: every layer adds routed experts beside its dense FFN (default false)"},
    {.name = "hidden_size_per_layer_input",
     .kind = K::size,
     .min = 0,
     .max = 1e6,
     .help = "Gemma 3n, Gemma 4: per-layer input embeddings' width per layer (default 256; 0: "
             "none)"},
    // Gemma 3n (transformers models/gemma3n: Gemma3nTextConfig).
    {.name = "vocab_size_per_layer_input",
     .min = 1,
     .max = 1e8,
     .help = "Gemma 3n, Gemma 4: rows of the per-layer input embedding table (default 262,144)"},
    {.name = "altup_num_inputs",
     .min = 1,
     .max = 64,
     .help = "Gemma 3n: AltUp's residual streams (default 4)"},
    {.name = "laurel_rank",
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "Gemma 3n: rank of LAuReL's low-rank residual (default 64)"},
    {.name = "num_kv_shared_layers",
     .min = 0,
     .max = 1e4,
     .help = "Gemma 3n, Gemma 4: the last layers, which reuse earlier layers' keys and values "
             "(no KV cache)"},
    {.name = "use_double_wide_mlp",
     .kind = K::boolean,
     .help = "Gemma 4: the layers that share keys and values have FFNs twice as wide"},
    {.name = "mamba_ssm_dtype",
     .aliases = {"mamba_ssm_cache_dtype"},
     .kind = K::text,
     .help = "the recurrent state's element type (\"float32\": 4 B; absent: BF16, 2 B)"},
    // Mamba-2 layers (transformers models/nemotron_h, granitemoehybrid: Mamba2Mixer).
    {.name = "hybrid_override_pattern",
     .kind = K::text,
     .help = "Nemotron-H: one character per block, M Mamba-2, * attention, - MLP, E MoE",
     .state_space = true},
    {.name = "mtp_hybrid_override_pattern",
     .kind = K::text,
     .help = "Nemotron-H: the MTP layer's blocks, as hybrid_override_pattern spells them "
             "(default *E)",
     .state_space = true},
    {.name = "mtp_layers_block_type",
     .kind = K::list,
     .help = "Nemotron-H: the MTP layer's blocks, as layers_block_type spells them",
     .state_space = true},
    {.name = "layers_block_type",
     .kind = K::list,
     .help = "Nemotron-H without hybrid_override_pattern: per block \"mamba\", \"attention\", "
             "\"mlp\" or \"moe\"",
     .state_space = true},
    {.name = "mamba_num_heads",
     .aliases = {"mamba_n_heads"},
     .min = 1,
     .max = 1e5,
     .help = "Mamba-2 heads per layer, each with its own state (Nemotron-H, Granite 4.0-H: 128)",
     .state_space = true},
    {.name = "mamba_head_dim",
     .aliases = {"mamba_d_head"},
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "Mamba-2 head width (Nemotron-H: 64; Granite 4.0-H: \"auto\", mamba_expand · "
             "hidden_size / mamba_n_heads)",
     .state_space = true},
    {.name = "ssm_state_size",
     .aliases = {"mamba_d_state"},
     .kind = K::size,
     .min = 1,
     .max = 1e5,
     .help = "Mamba-2 state size N: each head keeps a head width × N state",
     .state_space = true},
    {.name = "n_groups",
     .aliases = {"mamba_n_groups"},
     .min = 1,
     .max = 1e5,
     .help = "Mamba-2 groups sharing B and C (Nemotron-H: 8; Granite 4.0-H: 1)",
     .state_space = true},
    {.name = "conv_kernel",
     .aliases = {"mamba_d_conv"},
     .min = 1,
     .max = 1e3,
     .help = "Mamba-2 causal convolution, in tokens (default 4)",
     .state_space = true},
    {.name = "expand",
     .aliases = {"mamba_expand"},
     .min = 1,
     .max = 1e3,
     .help = "Granite 4.0-H with mamba_d_head \"auto\": Mamba-2 width over hidden_size (default 2)",
     .state_space = true},
    {.name = "use_conv_bias",
     .aliases = {"mamba_conv_bias"},
     .kind = K::boolean,
     .help = "the Mamba-2 convolution carries a bias (default true)",
     .state_space = true},
    {.name = "mamba_proj_bias",
     .kind = K::boolean,
     .help = "Mamba-2 in_proj and out_proj carry biases (default false)",
     .state_space = true},
    {.name = "moe_latent_size",
     .aliases = {"routed_expert_hidden_size"},
     .kind = K::size,
     .min = 0,
     .max = 1e6,
     .help = "Nemotron 3 Super, Ultra, Kimi K3 (routed_expert_hidden_size): routed experts work "
             "in a latent this wide, projected to and from hidden_size once per token (LatentMoE)"},
    {.name = "latent_moe_use_norm",
     .kind = K::boolean,
     .help = "Kimi K3: an RMSNorm in the latent on the routed experts' weighted sum (default "
             "false)"},
    // Kimi K3 (its text_config is kimi_linear; the K3 technical report, arXiv 2607.24653).
    {.name = "use_full_rank_gate",
     .aliases = {"linear_attn_config.use_full_rank_gate"},
     .kind = K::boolean,
     .help = "Kimi K3: KDA's output gate one full-rank projection (g_proj, hidden → heads · "
             "head_dim) in place of Kimi Linear's two low-rank ones (default false)"},
    {.name = "mla_use_output_gate",
     .kind = K::boolean,
     .help = "Kimi K3: MLA's output passes a sigmoid gate (g_proj, hidden → heads · v_head_dim; "
             "default false)"},
    {.name = "attn_res_block_size",
     .min = 0,
     .max = 1e4,
     .help = "Kimi K3: Block Attention Residuals, layers per block (0 or absent: none); each "
             "layer's attention and FFN read the blocks through a pseudo-query and an RMSNorm "
             "of their own, the output through one more pair"},
    // LFM2 (transformers models/lfm2).
    {.name = "full_attn_idxs",
     .kind = K::list,
     .help = "LFM2 without layer_types: the attention layers' indices, the others convolutions"},
    {.name = "conv_L_cache",
     .min = 1,
     .max = 1e3,
     .help = "LFM2: the short convolution's kernel, in tokens (default 3)"},
    {.name = "conv_bias",
     .kind = K::boolean,
     .help = "LFM2: the convolution layers' projections and kernel carry biases (default false)"},
    {.name = "block_auto_adjust_ff_dim",
     .kind = K::boolean,
     .help = "LFM2: the FFN is 2/3 of intermediate_size, times block_ffn_dim_multiplier, rounded "
             "up to block_multiple_of (default true)"},
    {.name = "block_ffn_dim_multiplier",
     .kind = K::ratio,
     .min = 0,
     .max = 1e3,
     .help = "LFM2: the FFN width's multiplier when adjusted (default 1)"},
    {.name = "block_multiple_of",
     .min = 1,
     .max = 1e6,
     .help = "LFM2: the adjusted FFN width rounds up to a multiple of this (default 256)"},
    {.name = "mamba_d_ssm",
     .kind = K::size,
     .min = 1,
     .max = 1e6,
     .help = "Falcon-H1: the Mamba-2 channels, mamba_n_heads · mamba_d_head",
     .state_space = true},
    {.name = "mamba_rms_norm",
     .kind = K::boolean,
     .help = "Falcon-H1: a gated RMSNorm on the Mamba-2 output (default false)",
     .state_space = true},
    {.name = "projectors_bias",
     .kind = K::boolean,
     .help = "Falcon-H1: the Mamba-2 out_proj carries a bias (default false)"},
    {.name = "attn_layer_indices",
     .kind = K::list,
     .help = "Bamba: the attention layers' indices, the others Mamba-2",
     .state_space = true},
    {.name = "mamba_dt_rank",
     .min = 1,
     .max = 1e5,
     .help = "Jamba: rank of the Mamba-1 step-size projection (\"auto\", the default: "
             "⌈hidden_size / 16⌉)",
     .state_space = true},
    {.name = "attn_layer_period",
     .min = 1,
     .max = 1e4,
     .help = "Jamba: one attention layer in this many (default 8), the others Mamba-1"},
    {.name = "attn_layer_offset",
     .min = 0,
     .max = 1e4,
     .help = "Jamba: the first attention layer (default 4)"},
    {.name = "expert_layer_period",
     .min = 1,
     .max = 1e4,
     .help = "Jamba: one MoE layer in this many (default 2), the others dense"},
    {.name = "expert_layer_offset",
     .min = 0,
     .max = 1e4,
     .help = "Jamba: the first MoE layer (default 1)"},
    {.name = "shared_intermediate_size",
     .kind = K::size,
     .min = 0,
     .max = 1e7,
     .help = "Granite 4.0-H: width of each layer's shared MLP (beside the experts, or alone); "
             "MiniMax-M3: its shared expert's (default 3072)"},
    {.name = "parallel_attn",
     .kind = K::boolean,
     .help = "Falcon: attention and FFN share one LayerNorm"},
    {.name = "new_decoder_architecture",
     .kind = K::boolean,
     .help = "Falcon-40B/180B: two LayerNorms per layer and num_kv_heads"},
    {.name = "max_position_embeddings",
     .kind = K::size,
     .min = 1,
     .max = 1e8,
     .help = "OPT: learned position embeddings (plus 2 rows); other families: not used"},
    {.name = "word_embed_proj_dim",
     .kind = K::size,
     .min = 1,
     .max = 1e6,
     .help = "OPT: width of the token embedding and LM head, projected to hidden_size"},
    {.name = "do_layer_norm_before",
     .kind = K::boolean,
     .help = "OPT: pre-LayerNorm layers and a final LayerNorm (false: OPT-350m, no final norm)"},
    {.name = "is_encoder_decoder",
     .kind = K::boolean,
     .help = "true: an encoder-decoder (T5, BART), which ridgepoint does not model"},
    {.name = "text_config",
     .aliases = {"llm_config", "language_config"},
     .kind = K::object,
     .help = "multimodal and Llama 4 configs: the language model's keys are read from here "
             "(InternVL and NVIDIA's VL models: llm_config; DeepSeek-VL2: language_config; "
             "Qwen3-Omni: thinker_config.text_config)"},
    {.name = "quantization_config",
     .kind = K::object,
     .help = "how the checkpoint stores its weights (quant_method fp8, fbgemm_fp8, mxfp4, "
             "modelopt's quant_algo, compressed-tensors' config_groups, awq, gptq, bitsandbytes): "
             "read to say when the serving planner's precision counts other bytes; the counts "
             "do not change"},
    // Keys read only to say they change nothing ridgepoint computes.
    {.name = "norm_topk_prob", .kind = K::boolean, .help = "routing weights renormalised"},
    {.name = "routed_scaling_factor",
     .aliases = {"route_scale"},
     .kind = K::ratio,
     .min = 0,
     .max = 1e6,
     .help = "routing weights scaled"},
    {.name = "scoring_func",
     .aliases = {"score_function"},
     .kind = K::text,
     .help = "router score function (Ling 2.0: score_function)"},
    {.name = "topk_method", .kind = K::text, .help = "router top-k method"},
    {.name = "num_mtp_modules",
     .min = 0,
     .max = 100,
     .help = "MiniMax-M3: draft steps of its MTP module (num_nextn_predict_layers counts the "
             "modules)"},
    {.name = "qkv_bias",
     .aliases = {"use_qkv_bias", "add_qkv_bias"},
     .kind = K::boolean,
     .help = "q, k, v carry biases, o none (overrides attention_bias)"},
    {.name = "moe_layer_start_index",
     .min = 0,
     .max = 1e4,
     .help = "layers before this index are dense (alias of first_k_dense_replace)"},
    {.name = "moe_layer_end_index",
     .min = -1,
     .max = 1e4,
     .help = "layers after this index are dense (ERNIE; -1 or absent: the last layer)"},
    {.name = "use_mixed_mlp_moe",
     .kind = K::boolean,
     .help = "Hunyuan: a shared MLP beside the routed experts (false: none)"},
}};

// The families ridgepoint knows, by model_type. A config without model_type, or with another,
// is read with the first row's rules (a Llama-style decoder) and says so in `assumed`.
const std::array<Family, 89> kFamilies{{
    {.model_type = "llama", .source = "transformers models/llama (configuration, modeling)"},
    // Llama's layers, every fourth without RoPE (no_rope_layers); SmolLM3Config ties the input and
    // output embeddings unless told otherwise, where Llama does not.
    {.model_type = "smollm3",
     .source = "transformers models/smollm3 (configuration_smollm3: tie_word_embeddings=True)",
     .tie_default = true},
    {.model_type = "mistral",
     .source = "transformers models/mistral",
     .windows = WindowRule::every_layer,
     .window_default = 4096},
    {.model_type = "mixtral",
     .source = "transformers models/mixtral",
     .windows = WindowRule::every_layer},
    {.model_type = "phimoe",
     .source = "transformers models/phimoe (Mixtral's experts and router; LayerNorms with a bias; "
               "attention_bias on q, k, v and o; an LM head bias with lm_head_bias; "
               "sliding_window on every layer)",
     .norm = NormKind::layer,
     .head_bias_key = true,
     .windows = WindowRule::every_layer},
    {.model_type = "olmoe",
     .source = "transformers models/olmoe (experts on every layer, intermediate_size wide, no "
               "shared expert; q and k RMSNorms over all heads)",
     .qk_norm = true,
     .qk_norm_whole = true},
    {.model_type = "dbrx",
     .source = "transformers models/dbrx (attention and expert settings under attn_config and "
               "ffn_config; GLU experts; LayerNorms without bias, a weight per channel as RMSNorm "
               "has; DbrxAttentionConfig's kv_n_heads defaults to 1)",
     .multi_query_default = true,
     .lifted_objects = {"attn_config", "ffn_config"}},
    {.model_type = "arctic",
     .source = "vLLM model_executor/models/arctic.py and Snowflake's configuration_arctic.py (MoE "
               "every moe_layer_frequency-th layer, a residual hidden-wide MLP beside its experts)",
     .arctic_layout = true},
    {.model_type = "qwen2",
     .source = "transformers models/qwen2",
     .qkv_bias = true,
     .windows = WindowRule::qwen,
     .window_default = 4096},
    {.model_type = "mimo",
     .source = "XiaomiMiMo/MiMo-7B-Base modeling_mimo.py (MiMoConfig is Qwen2Config; Qwen2's "
               "decoder; MiMoMTPLayers: input_proj of [embedding; hidden], five norms, a Qwen2 "
               "attention and MLP)",
     .qkv_bias = true,
     .windows = WindowRule::qwen,
     .window_default = 4096},
    {.model_type = "qwen2_moe",
     .source = "transformers models/qwen2_moe",
     .qkv_bias = true,
     .shared_expert_gate = true,
     .windows = WindowRule::qwen,
     .window_default = 4096},
    {.model_type = "qwen3",
     .source = "transformers models/qwen3",
     .qk_norm = true,
     .windows = WindowRule::qwen,
     .window_default = 4096},
    {.model_type = "qwen3_moe",
     .source = "transformers models/qwen3_moe",
     .qk_norm = true,
     .windows = WindowRule::qwen,
     .window_default = 4096},
    // The Qwen vision-language models' language models: their text families' layers (flat in
    // Qwen2-VL's and Qwen2.5-VL's config, under text_config in newer ones).
    {.model_type = "qwen2_vl",
     .source = "transformers models/qwen2_vl (Qwen2's layers)",
     .qkv_bias = true},
    {.model_type = "qwen2_5_vl",
     .source = "transformers models/qwen2_5_vl (Qwen2's layers)",
     .qkv_bias = true},
    {.model_type = "qwen2_5_vl_text",
     .source = "transformers models/qwen2_5_vl (Qwen2's layers)",
     .qkv_bias = true},
    {.model_type = "qwen3_vl_text",
     .source = "transformers models/qwen3_vl (Qwen3's layers)",
     .qk_norm = true},
    {.model_type = "qwen3_vl_moe_text",
     .source = "transformers models/qwen3_vl_moe (Qwen3-MoE's layers)",
     .qk_norm = true},
    {.model_type = "qwen3_omni_moe_text",
     .source = "transformers models/qwen3_omni_moe (the thinker's language model: Qwen3-MoE's "
               "layers)",
     .qk_norm = true},
    // Three Gated DeltaNet layers to one gated full-attention layer by default, Qwen-MoE experts
    // with a gated shared expert.
    {.model_type = "qwen3_next",
     .source = "transformers models/qwen3_next (Gated DeltaNet and gated attention, Qwen-MoE)",
     .qk_norm = true,
     .shared_expert_gate = true,
     .gated_delta_net = true},
    {.model_type = "qwen3_5_text",
     .source = "transformers models/qwen3_5 (Qwen3-Next's layers, dense FFN)",
     .qk_norm = true,
     .gated_delta_net = true},
    {.model_type = "qwen3_5_moe_text",
     .source = "transformers models/qwen3_5_moe (Qwen3-Next's layers and experts)",
     .qk_norm = true,
     .shared_expert_gate = true,
     .gated_delta_net = true},
    // MiniMax-Text-01 and MiniMax-M1: lightning attention in most layers, Mixtral's attention in
    // the others and Mixtral's experts; transformers spells the layout layer_types, the original
    // checkpoints (trust_remote_code) attn_type_list.
    {.model_type = "minimax",
     .source = "transformers models/minimax (MiniMaxLightningAttention; Mixtral's attention and "
               "experts)",
     .lightning_attention = true},
    {.model_type = "minimax_m1",
     .source = "MiniMax-AI/MiniMax-M1 modeling_minimax_m1.py (lightning attention where "
               "attn_type_list is 0; Mixtral's attention and experts)",
     .lightning_attention = true},
    {.model_type = "minimax_text_01",
     .source = "MiniMaxAI/MiniMax-Text-01 modeling_minimax_text_01.py (MiniMax-M1's layers)",
     .lightning_attention = true},
    // Kimi Linear: DeepSeek-V3's MLA and experts (sigmoid router with e_score_correction_bias,
    // shared experts), Kimi Delta Attention in the layers linear_attn_config lists.
    {.model_type = "kimi_linear",
     .source = "moonshotai/Kimi-Linear-48B-A3B modeling_kimi.py (KimiDeltaAttention, "
               "KimiMLAAttention, KimiSparseMoeBlock); Kimi K3 (model_type kimi_k3 around a "
               "kimi_linear text_config): full-rank KDA gates, gated MLA output, a latent MoE with "
               "its norm, Block Attention Residuals, as the K3 technical report (arXiv 2607.24653) "
               "and the tensor names of its checkpoint give them",
     .router_bias = true,
     .kda_layout = true,
     .lifted_objects = {"linear_attn_config"},
     .other_model_types = {"kimi_k3"}},
    // LongCat-Flash: DeepSeek's MLA in both attention blocks of a layer, SwiGLU FFNs, a router
    // with e_score_correction_bias over the experts and the identity experts.
    {.model_type = "longcat_flash",
     .source = "transformers models/longcat_flash and meituan-longcat/LongCat-Flash-Chat "
               "modeling_longcat_flash.py (two MLA blocks and two dense MLPs a layer, a MoE with "
               "identity experts from the first)",
     .router_bias = true,
     .longcat_layout = true},
    // Mamba-2 hybrids. Nemotron-H: relu² MLPs and experts (up, down), one RMSNorm per block, an
    // untied head, DeepSeek-style experts (a shared expert of its own width, the router's
    // e_score_correction_bias).
    {.model_type = "nemotron_h",
     .source = "transformers models/nemotron_h (Mamba-2, attention, relu² MLP and MoE blocks as "
               "hybrid_override_pattern lays them out)",
     .gated_mlp = false,
     .router_bias = true,
     .mamba2 = true,
     .nemotron_blocks = true},
    // Granite 3: Llama's layers (with scaling multipliers, which change no count); the MoE models
    // Mixtral-style experts intermediate_size wide, granitemoeshared with a shared MLP beside them.
    {.model_type = "granite", .source = "transformers models/granite (Llama's layers)"},
    {.model_type = "granitemoe",
     .source = "transformers models/granitemoe (experts intermediate_size wide, no shared MLP)"},
    {.model_type = "granitemoeshared",
     .source = "transformers models/granitemoeshared (granitemoe's experts and a SwiGLU MLP "
               "shared_intermediate_size wide beside them)",
     .granite_ffn = true},
    {.model_type = "granitemoehybrid",
     .source = "transformers models/granitemoehybrid (Mamba-2 or attention by layer_types; a "
               "SwiGLU MLP shared_intermediate_size wide in every layer, beside the experts when "
               "num_local_experts > 0)",
     .mamba2 = true,
     .mamba_auto_head = true,
     .granite_ffn = true,
     .mamba_groups_default = 1,
     .mamba_state_default = 256},
    {.model_type = "lfm2",
     .source = "transformers models/lfm2 (gated short-convolution layers beside attention ones, "
               "q/k norms, the FFN width adjusted from intermediate_size, tied embeddings)",
     .qk_norm = true,
     .tie_default = true,
     .lfm2_layout = true,
     .lfm2_ffn_adjust = true},
    {.model_type = "lfm2_moe",
     .source = "transformers models/lfm2_moe (LFM2's layers; experts after num_dense_layers dense "
               "ones, intermediate_size wide, the router's expert bias with use_expert_bias)",
     .qk_norm = true,
     .tie_default = true,
     .lfm2_layout = true},
    {.model_type = "falcon_h1",
     .source = "transformers models/falcon_h1 (Mamba-2 and attention side by side in every layer, "
               "a SwiGLU MLP after them; multipliers change no count)",
     .mamba2 = true,
     .parallel_mamba = true,
     .mamba_groups_default = 1,
     .mamba_state_default = 256},
    {.model_type = "bamba",
     .source = "transformers models/bamba (Mamba-2 layers but those in attn_layer_indices; a "
               "SwiGLU MLP in every layer)",
     .mamba2 = true,
     .mamba_auto_head = true,
     .attention_indices = true,
     .mamba_groups_default = 1,
     .mamba_state_default = 256},
    {.model_type = "jamba",
     .source = "transformers models/jamba (Mamba-1 layers but every attn_layer_period-th from "
               "attn_layer_offset; experts every expert_layer_period-th from expert_layer_offset)",
     .jamba_layout = true},
    {.model_type = "gemma",
     .source = "transformers models/gemma (GeGLU, tied embeddings)",
     .tie_default = true},
    {.model_type = "gemma2",
     .source = "transformers models/gemma2 (four norms per layer; layer_types: even layers slide)",
     .norms_per_layer = 4,
     .tie_default = true,
     .windows = WindowRule::alternate,
     .window_default = 4096},
    {.model_type = "gemma3_text",
     .source = "transformers models/gemma3 (sliding_window_pattern 6, q/k norms)",
     .norms_per_layer = 4,
     .qk_norm = true,
     .tie_default = true,
     .windows = WindowRule::pattern,
     .window_default = 4096,
     .sliding_pattern = 6,
     // configuration_gemma3.py: Gemma3TextConfig(vocab_size=262_208); the 4B/12B/27B config.json
     // files leave it out of their text_config.
     .vocab_default = 262208},
    // Gemma 3n: Gemma 3's layers (four norms, q/k norms, a tied head) with per-layer inputs,
    // AltUp, LAuReL and KV sharing; four sliding layers to one full by default.
    {.model_type = "gemma3n_text",
     .source = "transformers models/gemma3n (Gemma3nTextModel, Gemma3nTextDecoderLayer: "
               "Gemma3nTextAltUp, Gemma3nTextLaurelBlock, per_layer_input_gate and "
               "per_layer_projection; KV sharing in Gemma3nTextAttention)",
     .norms_per_layer = 4,
     .qk_norm = true,
     .tie_default = true,
     .windows = WindowRule::pattern,
     .window_default = 512,
     .sliding_pattern = 5,
     .vocab_default = 262400,
     .gemma3n_layout = true},
    // configuration_gemma4.py: five sliding layers to one full, sliding_window 512, vocab 262,144
    // by default.
    {.model_type = "gemma4_text",
     .source = "transformers models/gemma4 (global layers of their own width, keys equal to "
               "values, MoE beside the dense FFN; the small models' per-layer inputs, KV sharing "
               "and double-wide FFNs)",
     .norms_per_layer = 4,
     .qk_norm = true,
     .tie_default = true,
     .windows = WindowRule::pattern,
     .window_default = 512,
     .sliding_pattern = 6,
     .vocab_default = 262144,
     .gemma4_layout = true},
    {.model_type = "deepseek_v2", .source = "transformers models/deepseek_v2"},
    {.model_type = "deepseek_v3", .source = "transformers models/deepseek_v3"},
    {.model_type = "mimo_v2_flash",
     .source = "XiaomiMiMo/MiMo-V2-Flash modeling_mimo_v2_flash.py (MiMoV2Attention: hybrid "
               "full and sliding layers, values narrower than keys, sink logits; DeepSeek-V3's "
               "router and experts)",
     .mimo_layout = true},
    {.model_type = "deepseek_v4",
     .source = "deepseek-ai/DeepSeek-V4-Flash inference/model.py (Attention, Compressor, Indexer, "
               "Block's hyper-connections, Gate's hash routing, MTPBlock); transformers "
               "models/deepseek_v4 (layer types by compress_ratios)",
     .windows = WindowRule::every_layer,
     .window_default = 128,
     .lifted_objects = {"compress_rates"},
     .deepseek_v4_layout = true},
    {.model_type = "deepseek_v32",
     .source =
         "deepseek-ai/DeepSeek-V3.2-Exp inference/model.py (V3 with DeepSeek Sparse Attention)"},
    // GLM-5 (transformers models/glm_moe_dsa): DeepSeek-V3.2's MLA and indexer (its classes
    // inherited), GLM's sigmoid router, dense layers before the MoE ones.
    {.model_type = "glm_moe_dsa",
     .source =
         "transformers models/glm_moe_dsa (DeepSeek-V3.2's MLA and lightning indexer, GLM-4.5's "
         "experts)"},
    {.model_type = "kimi_k2",
     .source = "moonshotai/Kimi-K2 modeling_deepseek.py (the DeepSeek-V3 architecture)"},
    {.model_type = "gpt_oss",
     .source = "transformers models/gpt_oss (biased experts and router, attention sinks)",
     .bias_default = true,
     .mlp_bias = true,
     .router_bias = true,
     .attention_sinks = true,
     .windows = WindowRule::alternate,
     .window_default = 128},
    {.model_type = "gpt2",
     .source = "transformers models/gpt2 (Conv1D layers with biases, learned positions)",
     .gated_mlp = false,
     .ffn_multiple = 4,
     .norm = NormKind::layer,
     .tie_default = true,
     .learned_positions = true,
     .bias_default = true,
     .mlp_bias = true},
    {.model_type = "gpt_bigcode",
     .source = "transformers models/gpt_bigcode (GPT-2 layers, multi-query attention)",
     .gated_mlp = false,
     .ffn_multiple = 4,
     .norm = NormKind::layer,
     .tie_default = true,
     .learned_positions = true,
     .bias_default = true,
     .mlp_bias = true,
     .multi_query_default = true},
    {.model_type = "gpt_neox",
     .source = "transformers models/gpt_neox (biased linear layers, LayerNorm)",
     .gated_mlp = false,
     .ffn_multiple = 4,
     .norm = NormKind::layer,
     .bias_default = true,
     .mlp_bias = true},
    {.model_type = "falcon",
     .source = "transformers models/falcon (multi_query, parallel attention)",
     .gated_mlp = false,
     .ffn_multiple = 4,
     .norm = NormKind::layer,
     .tie_default = true,
     .bias_key_covers_mlp = true,
     .multi_query_default = true,
     .falcon_layout = true},
    {.model_type = "RefinedWebModel",
     .source = "tiiuae's original Falcon-7B code (configuration_RW.py): the falcon rules",
     .gated_mlp = false,
     .ffn_multiple = 4,
     .norm = NormKind::layer,
     .tie_default = true,
     .bias_key_covers_mlp = true,
     .multi_query_default = true,
     .falcon_layout = true},
    {.model_type = "opt",
     .source = "transformers models/opt (ReLU FFN, biases, LayerNorm, tied head, learned positions "
               "offset by 2)",
     .gated_mlp = false,
     .norm = NormKind::layer,
     .tie_default = true,
     .learned_positions = true,
     .positions_key = "max_position_embeddings",
     .positions_default = 2048,
     .position_offset = 2,
     .bias_default = true,
     .bias_key_covers_mlp = true,
     .opt_layout = true},
    {.model_type = "phi",
     .source = "transformers models/phi (one LayerNorm per layer, parallel attention and FFN, "
               "biases everywhere, LM head with a bias)",
     .gated_mlp = false,
     .norm = NormKind::layer,
     .norms_per_layer = 1,
     .bias_default = true,
     .mlp_bias = true,
     .head_bias = true},
    {.model_type = "bloom",
     .source = "transformers models/bloom (4 · hidden GELU FFN, biases, LayerNorm after the "
               "embedding, ALiBi, tied head)",
     .gated_mlp = false,
     .ffn_multiple = 4,
     .norm = NormKind::layer,
     .tie_default = true,
     .bias_default = true,
     .mlp_bias = true,
     .embedding_norm = true},
    {.model_type = "starcoder2",
     .source = "transformers models/starcoder2 (GELU FFN, use_bias on every linear layer, "
               "LayerNorm, tied head, sliding_window on every layer)",
     .gated_mlp = false,
     .norm = NormKind::layer,
     .tie_default = true,
     .bias_default = true,
     .bias_key_covers_mlp = true,
     .windows = WindowRule::every_layer},
    {.model_type = "cohere",
     .source = "transformers models/cohere (one weight-only LayerNorm per layer before parallel "
               "attention and FFN, tied head; with use_qk_norm, weight-only LayerNorms of "
               "(heads, head_dim) on queries and keys)",
     .norms_per_layer = 1,
     .qk_norm_key = true,
     .qk_norm_whole = true,
     .tie_default = true},
    {.model_type = "cohere2",
     .source = "transformers models/cohere2 (the cohere layer; three sliding layers, then a "
               "global one)",
     .norms_per_layer = 1,
     .tie_default = true,
     .windows = WindowRule::pattern,
     .window_default = 4096,
     .sliding_pattern = 4},
    {.model_type = "exaone4",
     .source = "transformers models/exaone4 (q/k norms; sliding_window_pattern 4 or letters "
               "such as \"LLLG\": three sliding layers, then a global one)",
     .qk_norm = true,
     .windows = WindowRule::pattern,
     .window_default = 4096,
     .sliding_pattern = 4,
     .lettered_pattern = true},
    {.model_type = "gptj",
     .source = "transformers models/gptj (one LayerNorm before parallel attention and FFN, "
               "unbiased attention, biased 4 · hidden GELU FFN, an untied LM head with a bias)",
     .gated_mlp = false,
     .ffn_multiple = 4,
     .norm = NormKind::layer,
     .norms_per_layer = 1,
     .mlp_bias = true,
     .head_bias = true},
    {.model_type = "mpt",
     .source =
         "transformers models/mpt (fused Wqkv, expansion_ratio · d_model GELU FFN, LayerNorms "
         "without bias, no_bias, tied head, ALiBi)",
     .gated_mlp = false,
     .ffn_multiple = 4,
     .tie_default = true,
     .bias_key_covers_mlp = true,
     .lifted_objects = {"attn_config"}},
    {.model_type = "qwen",
     .source = "Qwen/Qwen-7B's modeling_qwen.py (QWen: c_attn with a bias, SwiGLU of w1 and w2 "
               "each intermediate_size / 2 wide, RMSNorm, untied head; no_bias for the rest)",
     .bias_key_covers_mlp = true,
     .qkv_bias = true,
     .ffn_halved = true},
    {.model_type = "chatglm",
     .source =
         "THUDM's modeling_chatglm.py (ChatGLM2/3, GLM-4-9B: SwiGLU of ffn_hidden_size, q, k, v "
         "biased by add_qkv_bias, add_bias_linear for the rest, RMSNorm, untied "
         "output_layer)",
     .bias_key_covers_mlp = true,
     .chatglm_layout = true},
    {.model_type = "nemotron",
     .source = "transformers models/nemotron (Nemotron-4, Minitron: a relu² FFN without a gate, "
               "LayerNorm1P with weight and bias, untied head)",
     .gated_mlp = false,
     .norm = NormKind::layer,
     .vocab_default = 256000},
    {.model_type = "llama4_text",
     .source = "transformers models/llama4 (MoE with a shared expert, chunked attention)",
     .llama4_layout = true},
    {.model_type = "phi3",
     .source = "transformers models/phi3 (fused qkv and gate_up; sliding_window on every layer)",
     .windows = WindowRule::every_layer},
    {.model_type = "ernie4_5",
     .source = "transformers models/ernie4_5 (use_bias on every linear layer, tied head)",
     .tie_default = true,
     .bias_key_covers_mlp = true},
    {.model_type = "ernie4_5_moe",
     .source = "transformers models/ernie4_5_moe (moe_num_experts, moe_k; MoE from "
               "moe_layer_start_index to moe_layer_end_index every moe_layer_interval; one shared "
               "MLP moe_num_shared_experts experts wide; the router's e_score_correction_bias)",
     .tie_default = true,
     .bias_key_covers_mlp = true,
     .router_bias = true},
    // Tencent's released configs say model_type "hunyuan" (their modeling_hunyuan.py);
    // transformers' conversions, hunyuan_v1_moe and hunyuan_v1_dense. The same layers.
    {.model_type = "hunyuan",
     .source = "Tencent's modeling_hunyuan.py (Hunyuan-A13B, Hunyuan-7B): num_experts > 1 makes "
               "every layer MoE, with a shared MLP when use_mixed_mlp_moe; moe_topk and "
               "num_shared_expert listed per layer; attention_head_dim; query and key RMSNorms of "
               "head_dim when use_qk_norm; with use_cla, k_proj and v_proj only in every "
               "cla_share_factor-th layer (Hunyuan-Large)",
     .qk_norm_key = true,
     .cross_layer_attention = true},
    {.model_type = "hunyuan_v1_moe",
     .source = "transformers models/hunyuan_v1_moe (the hunyuan layer, with query and key "
               "RMSNorms whatever use_qk_norm says and no cross-layer attention: use_cla is "
               "read under model_type \"hunyuan\")",
     .qk_norm = true},
    {.model_type = "hunyuan_v1_dense",
     .source = "transformers models/hunyuan_v1_dense (hunyuan_v1_moe's layer with one dense MLP)",
     .qk_norm = true},
    {.model_type = "glm4",
     .source = "transformers models/glm4 (four RMSNorms per layer: post-attention and post-MLP "
               "ones beside the pre-norms; attention_bias on q, k and v, never o)",
     .norms_per_layer = 4,
     .output_bias = false},
    {.model_type = "glm4_moe",
     .source = "transformers models/glm4_moe (the DeepSeek-MoE layout; attention_bias on q, k and "
               "v, never o; query and key RMSNorms of head_dim when use_qk_norm; the router's "
               "e_score_correction_bias)",
     .qk_norm_key = true,
     .output_bias = false,
     .router_bias = true},
    // The GLM vision-language models' language models (under text_config): GLM-4.1V's is GLM-4's
    // layer, GLM-4.5V's GLM-4.5's without query and key norms.
    // OLMo 2 and 3 (transformers models/olmo2, olmo3): norms after attention and MLP instead of
    // before, and query and key norms over all heads; OLMo 3 slides three layers in four.
    {.model_type = "olmo2",
     .source = "transformers models/olmo2 (post-attention and post-MLP RMSNorms; q and k "
               "RMSNorms over all heads)",
     .qk_norm = true,
     .qk_norm_whole = true},
    {.model_type = "olmo3",
     .source = "transformers models/olmo3 (OLMo 2's layer; three 4,096-token sliding layers, then "
               "a global one)",
     .qk_norm = true,
     .qk_norm_whole = true,
     .windows = WindowRule::pattern,
     .window_default = 4096,
     .sliding_pattern = 4},
    {.model_type = "minimax_m2",
     .source = "transformers models/minimax_m2 (Mixtral-style experts intermediate_size wide, "
               "sigmoid router with e_score_correction_bias; q and k RMSNorms over all heads)",
     .qk_norm = true,
     .qk_norm_whole = true,
     .router_bias = true},
    // MiniMax-M3's text model, under text_config of its vision-language config.
    {.model_type = "minimax_m3",
     .source = "transformers models/minimax_m3_vl (modular_minimax_m3_vl, MiniMaxM3VLTextConfig; "
               "model_type minimax_m3_vl, its text_config minimax_m3_vl_text): q and k RMSNorms "
               "per head; on the sparse layers MiniMax Sparse Attention's lightning indexer "
               "(MiniMaxM3VLIndexer: q_proj to index_n_heads · index_head_dim and k_proj to one "
               "key, each normed); dense layers' FFNs dense_intermediate_size wide; experts "
               "intermediate_size wide beside one shared expert shared_intermediate_size wide, "
               "the router's e_score_correction_bias; its MTP module (one sparse MoE layer, "
               "model.mtp.layers.0) as NeMo AutoModel and RTP-LLM load it",
     .qk_norm = true,
     .router_bias = true,
     .lifted_objects = {"sparse_attention_config"},
     .minimax_m3_layout = true,
     .other_model_types = {"minimax_m3_vl", "minimax_m3_vl_text"}},
    {.model_type = "afmoe",
     .source = "transformers models/afmoe (Arcee's Trinity: sigmoid-gated attention output, q/k "
               "norms, four norms per layer, shared experts num_shared_experts · "
               "moe_intermediate_size wide, the router's expert bias; three sliding layers, then "
               "a global one)",
     .norms_per_layer = 4,
     .qk_norm = true,
     .router_bias = true,
     .windows = WindowRule::pattern,
     .window_default = 1024,
     .sliding_pattern = 4,
     .attention_output_gate = true},
    {.model_type = "step3_text",
     .source = "StepFun's Step-3 (vLLM models/step3_text.py, Step3TextConfig): queries through "
               "q_proj to share_q_dim, inter_norm and wq; one key/value head "
               "(num_attention_groups); MoE with one shared expert on the moe_layers_enum layers",
     .step3_layout = true},
    // Step-3.5-Flash, and Step-3.7-Flash's language model (its text_config).
    {.model_type = "step3p5",
     .source = "transformers models/step3p7 (modular_step3p7: Step3p7TextConfig, "
               "Step3p7Attention, Step3p7SparseMoeBlock, Step3p7DecoderLayer; model_type step3p7 "
               "wraps it) and vLLM models/step3p5.py, step3p5_mtp.py: the sliding layers' heads "
               "from attention_other_setting, q and k RMSNorms per head, with "
               "use_head_wise_attn_gate a sigmoid gate per head (g_proj); MoE on the "
               "moe_layers_enum layers (3 on by default) with one shared expert share_expert_dim "
               "wide; each MTP layer (num_nextn_predict_layers) a sliding layer with a dense FFN "
               "and an LM head of its own (shared_head.output)",
     .qk_norm = true,
     .lifted_objects = {"attention_other_setting"},
     .step3p5_layout = true,
     .other_model_types = {"step3p7"}},
    {.model_type = "nemotron-nas",
     .source = "NVIDIA's modeling_decilm.py (Llama-3.3-Nemotron-Super-49B, "
               "Llama-3.1-Nemotron-Ultra-253B): Llama layers, each with the attention and FFN its "
               "block_configs entry gives",
     .nas_blocks = true},
    {.model_type = "mllama_text_model",
     .source = "transformers models/mllama (Llama 3.2 Vision's language model: Llama layers, and "
               "cross-attention layers to the image with q/k norms and two tanh gates)",
     .mllama_layout = true},
    {.model_type = "glm4v_text",
     .source = "transformers models/glm4v (GLM-4's layer: four RMSNorms, attention_bias on q, k "
               "and v, never o)",
     .norms_per_layer = 4,
     .output_bias = false},
    {.model_type = "glm4v_moe_text",
     .source = "transformers models/glm4v_moe (GLM-4.5's MoE layer without query and key norms; "
               "attention_bias on q, k and v, never o; the router's e_score_correction_bias)",
     .output_bias = false,
     .router_bias = true},
    {.model_type = "bailing_moe",
     .source = "inclusionAI's modeling_bailing_moe.py for Ling (DeepSeek-MoE layout: "
               "first_k_dense_replace, num_shared_experts experts wide) and "
               "modeling_bailing_moe_v2.py for Ling 2.0 (query and key RMSNorms of head_dim with "
               "use_qk_norm, the router's expert bias with moe_router_enable_expert_bias)",
     .qk_norm_key = true},
    {.model_type = "bailing_moe_v2",
     .source = "inclusionAI's modeling_bailing_moe_v2.py for Ling 2.0 (bailing_moe's layout; query "
               "and key RMSNorms of head_dim with use_qk_norm, the router's expert bias with "
               "moe_router_enable_expert_bias)",
     .qk_norm_key = true},
}};

std::string describeNumber(const Json& value) {
  if (value.kind == Json::Kind::string && value.text.size() <= 40) return '"' + value.text + '"';
  return value.kind == Json::Kind::number && std::isfinite(value.number) ? formatGiven(value.number)
                                                                         : value.describe();
}

bool sameValue(const Json& a, const Json& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Json::Kind::number:
      return a.number == b.number;
    case Json::Kind::boolean:
      return a.boolean == b.boolean;
    case Json::Kind::string:
      return a.text == b.text;
    default:
      return false;
  }
}

// Reads keys of one config object (the top level, or text_config), remembering which it used.
class ConfigReader {
 public:
  ConfigReader(const Json& model, std::string prefix)
      : model_(model), prefix_(std::move(prefix)), used_(model.keys.size(), false) {}

  std::vector<FieldError> errors;
  std::vector<ConfigAssumption> assumed;

  bool ok() const { return errors.empty(); }
  // "text_config.hidden_size": how a message names a key.
  std::string shown(std::string_view key) const { return prefix_ + std::string(key); }

  void fail(std::string_view key, std::string message) {
    const std::string where = shown(spelling(key));
    errors.push_back({"config." + where, "config." + where + " " + std::move(message)});
  }
  void assume(std::string_view key, std::string rule) {
    assumed.push_back({shown(key), std::move(rule)});
  }

  // The value under `name` or one of its aliases (null counts as absent), marking every present
  // spelling used; `found` is set to the spelling the config uses. Two spellings with different
  // values are an error.
  const Json* find(std::string_view name, std::string* found = nullptr) {
    const ConfigKey& key = lookup(name);
    const Json* value = nullptr;
    std::string_view where = name;
    auto consider = [&](std::string_view spelling) {
      if (spelling.empty()) return;
      for (std::size_t i = 0; i < model_.keys.size(); ++i) {
        if (model_.keys[i] != spelling) continue;
        used_[i] = true;
        const Json& candidate = model_.items[i];
        if (candidate.isNull()) return;
        if (!value) {
          value = &candidate;
          where = spelling;
        } else if (!sameValue(*value, candidate)) {
          fail(spelling, "and " + shown(where) + " are the same setting; they differ (" +
                             describeNumber(candidate) + " and " + describeNumber(*value) +
                             "): keep one");
        }
      }
    };
    consider(key.name);
    for (std::string_view alias : key.aliases) consider(alias);
    if (found) *found = std::string(where);
    return value;
  }

  // A whole number within the key's range, or nullopt when absent (or wrong: then an error).
  std::optional<double> number(std::string_view name) {
    std::string where;
    const Json* value = find(name, &where);
    if (!value) return std::nullopt;
    const ConfigKey& key = lookup(name);
    if (key.per_layer && value->kind == Json::Kind::array) {
      const auto differs =
          std::find_if(value->items.begin(), value->items.end(),
                       [&](const Json& item) { return !sameValue(item, value->items.front()); });
      if (value->items.empty() || differs != value->items.end()) {
        fail(where,
             "lists a value per layer; ridgepoint reads such a list only when every layer "
             "has the same value (got " +
                 (value->items.empty()
                      ? std::string("an empty list")
                      : describeNumber(value->items.front()) + " and " + describeNumber(*differs)) +
                 ")");
        return std::nullopt;
      }
      value = &value->items.front();
    }
    const bool whole =
        key.kind == ConfigKeyKind::ratio || value->number == std::floor(value->number);
    const bool valid = value->kind == Json::Kind::number && std::isfinite(value->number) && whole;
    if (!valid || value->number < key.min || value->number > key.max) {
      fail(where, std::string("must be ") +
                      (key.kind == ConfigKeyKind::ratio ? "a number" : "a whole number") +
                      " from " + formatBound(key.min, "1") + " to " + formatBound(key.max, "1") +
                      " (got " + describeNumber(*value) + ")");
      return std::nullopt;
    }
    return value->number;
  }

  // A required whole number: absent is an error naming the key.
  double required(std::string_view name) {
    if (auto value = number(name)) return *value;
    if (!find(name)) {
      const ConfigKey& key = lookup(name);
      fail(name, "is required: a whole number from " + formatBound(key.min, "1") + " to " +
                     formatBound(key.max, "1") + " (" + std::string(key.help) + ")");
    }
    return 0;
  }

  std::optional<bool> flag(std::string_view name) {
    std::string where;
    const Json* value = find(name, &where);
    if (!value) return std::nullopt;
    if (value->kind != Json::Kind::boolean) {
      fail(where, "must be true or false (got " + describeNumber(*value) + ")");
      return std::nullopt;
    }
    return value->boolean;
  }

  std::optional<std::string> text(std::string_view name) {
    std::string where;
    const Json* value = find(name, &where);
    if (!value) return std::nullopt;
    if (value->kind != Json::Kind::string) {
      fail(where, "must be text (got " + value->describe() + ")");
      return std::nullopt;
    }
    return value->text;
  }

  // Whether the key holds the text "auto": a value its configuration class derives from others.
  bool automatic(std::string_view name) {
    const Json* value = find(name);
    return value && value->kind == Json::Kind::string && value->text == "auto";
  }

  // A list, or nullptr when absent (or not a list: then an error).
  const Json* list(std::string_view name) {
    std::string where;
    const Json* value = find(name, &where);
    if (!value) return nullptr;
    if (value->kind != Json::Kind::array) {
      fail(where, "must be a list (got " + value->describe() + ")");
      return nullptr;
    }
    return value;
  }

  // Keys present but not used, as a config would name them.
  void unused(std::vector<std::string>& keys) const {
    for (std::size_t i = 0; i < model_.keys.size(); ++i) {
      if (!used_[i]) keys.push_back(shown(model_.keys[i]));
    }
  }

  // Whether the config spells out `name` (or an alias), null included: a null sliding_window
  // switches the window off where leaving the key out takes the family's default.
  bool present(std::string_view name) {
    const ConfigKey& key = lookup(name);
    bool seen = false;
    for (std::size_t i = 0; i < model_.keys.size(); ++i) {
      if (spells(key, model_.keys[i])) used_[i] = seen = true;
    }
    return seen;
  }

  // The first key that `matches` (its name and value) and that ridgepoint does not read: a key
  // here that is no spelling of kConfigKeys (nor, `state_space` false, of a Mamba key, which the
  // family does not read) or, with `nested`, any key one object deep, shown as its path and value:
  // "ffn_config.moe_num_experts (16)".
  struct UnreadKey {
    std::string path;       // as fail() takes it: "ffn_config.moe_num_experts"
    std::string described;  // as a message shows it: "ffn_config.moe_num_experts (16)"
  };
  template <class Matches>
  std::optional<UnreadKey> firstUnreadKey(Matches matches, bool nested,
                                          bool state_space = true) const {
    auto found = [&](const std::string& path, const Json& value) {
      return UnreadKey{path, shown(path) + " (" +
                                 (value.kind == Json::Kind::number ? formatNumber(value.number)
                                                                   : value.describe()) +
                                 ")"};
    };
    for (std::size_t i = 0; i < model_.keys.size(); ++i) {
      const Json& value = model_.items[i];
      if (!isSpelling(model_.keys[i], state_space) && matches(model_.keys[i], value)) {
        return found(model_.keys[i], value);
      }
      if (!nested || !value.isObject()) continue;
      for (std::size_t j = 0; j < value.keys.size(); ++j) {
        if (matches(value.keys[j], value.items[j])) {
          return found(model_.keys[i] + "." + value.keys[j], value.items[j]);
        }
      }
    }
    return std::nullopt;
  }

  void markUsed(std::string_view key) {
    for (std::size_t i = 0; i < model_.keys.size(); ++i) {
      if (model_.keys[i] == key) used_[i] = true;
    }
  }

 private:
  // Whether `name` is one of `key`'s spellings.
  static bool spells(const ConfigKey& key, std::string_view name) {
    // An empty name is no spelling: the unused alias slots are empty.
    return &key != &kUndeclared && !name.empty() &&
           (key.name == name ||
            std::find(key.aliases.begin(), key.aliases.end(), name) != key.aliases.end());
  }
  static bool isSpelling(std::string_view name, bool state_space) {
    return std::any_of(kConfigKeys.begin(), kConfigKeys.end(), [&](const ConfigKey& key) {
      return (state_space || !key.state_space) && spells(key, name);
    });
  }

 public:
  // `name`'s spellings as a message lists them: "num_experts, num_local_experts or …".
  static std::string spellings(std::string_view name) {
    const ConfigKey& key = lookup(name);
    std::vector<std::string_view> all{key.name};
    for (std::string_view alias : key.aliases) {
      if (!alias.empty()) all.push_back(alias);
    }
    std::string text(all.front());
    for (std::size_t i = 1; i < all.size(); ++i) {
      text += (i + 1 == all.size() ? " or " : ", ") + std::string(all[i]);
    }
    return text;
  }

 private:
  // A name kConfigKeys does not declare reads as absent (spells nothing), never as another key.
  static constexpr ConfigKey kUndeclared{};
  // The spelling the config uses for a declared key (ChatGLM's multi_query_group_num for
  // num_key_value_heads), so that a message names what the caller wrote; else the name itself.
  std::string_view spelling(std::string_view name) const {
    auto present = [&](std::string_view spelled) {
      return std::find(model_.keys.begin(), model_.keys.end(), spelled) != model_.keys.end();
    };
    if (present(name)) return name;
    for (std::string_view alias : lookup(name).aliases) {
      if (!alias.empty() && present(alias)) return alias;
    }
    return name;
  }

  static const ConfigKey& lookup(std::string_view name) {
    for (const ConfigKey& key : kConfigKeys) {
      if (key.name == name) return key;
    }
    return kUndeclared;
  }

  const Json& model_;
  std::string prefix_;
  std::vector<bool> used_;
};

// A config.json is a few kilobytes; this bounds the work and the ignoredKeys list of a pasted
// document that is not one.
constexpr std::size_t kMaxConfigBytes = 1u << 20;

// Keys one query attends to in a layer, given the sequence and the layer's window (0: none).
// ISCA'25 Table 2 (reference §1.2): causal attention counts the lower triangle, seq_len / 2 keys
// per query on average; with a window W < seq_len, Σ min(i, W) / seq_len ≈ W − W² / (2 · seq_len).
double keysInLayer(double seq_len, double window, bool causal, bool chunked = false) {
  const bool windowed = window > 0 && window < seq_len;
  // Llama 4's chunks: a query sees the earlier tokens of its own chunk, window / 2 on average.
  if (chunked && windowed) return causal ? window / 2 : window;
  if (!causal) return windowed ? window : seq_len;
  return windowed ? window - window * window / (2 * seq_len) : seq_len / 2;
}

// Architectures whose layers are not attention-and-FFN blocks, or not a decoder alone: read as a
// Llama-style decoder they would give wrong figures, so they are refused by name.
struct UnmodelledFamily {
  std::string_view kind;
  std::array<std::string_view, 14> model_types;
};
const std::array<UnmodelledFamily, 5> kUnmodelled{{
    {"a state-space or recurrent model (Mamba, RWKV layers)",
     {"mamba", "mamba2", "falcon_mamba", "zamba", "zamba2", "recurrent_gemma", "rwkv", "rwkv7",
      "plamo2"}},
    // Gemma 4's unified models are of a layout not read here (gemma4_text is).
    {"a Gemma 4 unified model", {"gemma4_unified", "gemma4_unified_text"}},
    // DeciLM-7B: each layer its own KV heads (num_key_value_heads_per_layer).
    {"a model whose layers differ one by one in key/value heads (DeciLM-7B: "
     "num_key_value_heads_per_layer)",
     {"deci"}},
    {"an encoder-decoder",
     {"t5", "mt5", "umt5", "bart", "mbart", "pegasus", "marian", "whisper", "longt5",
      "switch_transformers"}},
    {"an encoder",
     {"bert", "roberta", "xlm-roberta", "deberta", "deberta-v2", "distilbert", "electra",
      "modernbert"}},
}};

// One Nemotron-NAS layer as its block_configs entry gives it (modeling_decilm.py).
struct NasBlock {
  double kv_heads = 0;            // 0: no attention, or a linear layer in its place
  bool linear_attention = false;  // a hidden × hidden linear layer instead of attention
  double ffn_width = 0;           // the SwiGLU's width; 0: no FFN, or a linear layer
  bool linear_ffn = false;
  bool ffn = true;  // false: no FFN (ffn.no_op)
};

const UnmodelledFamily* unmodelled(std::string_view model_type) {
  for (const UnmodelledFamily& family : kUnmodelled) {
    for (std::string_view type : family.model_types) {
      if (!type.empty() && type == model_type) return &family;
    }
  }
  return nullptr;
}

const Family* familyOf(std::string_view model_type) {
  for (const Family& family : kFamilies) {
    const auto& others = family.other_model_types;
    if (family.model_type == model_type ||
        (!model_type.empty() &&
         std::find(others.begin(), others.end(), model_type) != others.end())) {
      return &family;
    }
  }
  return nullptr;
}

// The family whose transformers class the config's first architectures entry names
// ("DeepseekV4ForCausalLM": deepseek_v4), compared without case, underscores or the class's
// head ("ForCausalLM"), or "" when none does; a kUnmodelled type counts as a family here.
std::string_view familyOfArchitecture(const Json& config) {
  const Json* classes = config.find("architectures");
  if (!classes || classes->kind != Json::Kind::array || classes->items.empty() ||
      classes->items.front().kind != Json::Kind::string) {
    return {};
  }
  auto squashed = [](std::string_view text) {
    std::string letters;
    for (char c : text) {
      if (std::isalnum(static_cast<unsigned char>(c))) {
        letters += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
    }
    return letters;
  };
  std::string_view name = classes->items.front().text;
  for (std::string_view head : {"ForCausalLM", "ForConditionalGeneration", "LMHeadModel"}) {
    if (name.ends_with(head)) {
      name.remove_suffix(head.size());
      break;
    }
  }
  const std::string wanted = squashed(name);
  if (wanted.empty()) return {};
  auto matches = [&](std::string_view type) {
    if (type.ends_with("_text")) type.remove_suffix(5);
    return squashed(type) == wanted;
  };
  for (const Family& family : kFamilies) {
    if (matches(family.model_type)) return family.model_type;
    for (std::string_view other : family.other_model_types) {
      if (!other.empty() && matches(other)) return family.model_type;
    }
  }
  for (const UnmodelledFamily& other : kUnmodelled) {
    for (std::string_view type : other.model_types) {
      if (!type.empty() && matches(type)) return type;
    }
  }
  return {};
}

// A config whose family lifts objects (DBRX's attn_config and ffn_config) with their keys moved
// to the top level under their paths; anything else (a family that lifts none, an object that is
// not one) gives null and is read as it is. A text config without a model_type of its own is of
// its wrapper's (`outer`).
Json liftedConfig(const Json& model, const Json& outer) {
  const Json* type = model.find("model_type");
  if (!type) type = outer.find("model_type");
  const Family* family = type && type->kind == Json::Kind::string ? familyOf(type->text) : nullptr;
  if (!family || family->lifted_objects.front().empty()) return {};
  Json lifted;
  lifted.kind = Json::Kind::object;
  for (std::size_t i = 0; i < model.keys.size(); ++i) {
    const auto& names = family->lifted_objects;
    const bool lift = model.items[i].isObject() &&
                      std::find(names.begin(), names.end(), model.keys[i]) != names.end();
    if (!lift) {
      lifted.keys.push_back(model.keys[i]);
      lifted.items.push_back(model.items[i]);
      continue;
    }
    const Json& object = model.items[i];
    for (std::size_t j = 0; j < object.keys.size(); ++j) {
      lifted.keys.push_back(model.keys[i] + "." + object.keys[j]);
      lifted.items.push_back(object.items[j]);
    }
  }
  return lifted;
}

bool activationIsGated(std::string_view activation) {
  return activation == "silu" || activation == "swish" ||
         (activation.size() >= 3 && activation.substr(activation.size() - 3) == "glu");
}

// configuration_nemotron_h: a block is one Mamba-2 (M) or attention (*) mixer, or one MLP (-) or
// MoE (E) FFN, each with its own RMSNorm. A layer here is a mixer block with the FFN block that
// follows it, if any.
struct NemotronLayer {
  bool attention = false;
  char ffn = 0;  // '-', 'E' or 0 (none)
};

// Nemotron-H's blocks (hybrid_override_pattern, or layers_block_type), paired into layers; none
// when `read` failed.
std::optional<std::vector<NemotronLayer>> readNemotronBlocks(ConfigReader& read, double blocks) {
  std::vector<NemotronLayer> nemotron;
  std::string pattern;
  std::string_view pattern_key = "hybrid_override_pattern";
  if (auto text = read.text("hybrid_override_pattern")) {
    pattern = *text;
  } else if (const Json* types = read.list("layers_block_type")) {
    pattern_key = "layers_block_type";
    constexpr std::array<std::pair<std::string_view, char>, 4> kBlocks{
        {{"mamba", 'M'}, {"attention", '*'}, {"mlp", '-'}, {"moe", 'E'}}};
    for (const Json& type : types->items) {
      const auto* block = std::find_if(kBlocks.begin(), kBlocks.end(), [&](const auto& known) {
        return type.kind == Json::Kind::string && type.text == known.first;
      });
      if (block == kBlocks.end()) {
        read.fail("layers_block_type",
                  "must hold \"mamba\", \"attention\", \"mlp\" or \"moe\" (item " +
                      std::to_string(pattern.size()) + " is " + describeNumber(type) + ")");
        return std::nullopt;
      }
      pattern += block->second;
    }
  } else if (read.ok()) {
    pattern = "M-M-M-M*-M-M-M-M-M*-M-M-M-M-M*-M-M-M-M-M*-M-M-M-M-M-";
    read.assume("hybrid_override_pattern",
                "hybrid_override_pattern is absent: " + pattern + " (nemotron_h default)");
  }
  if (!read.ok()) return std::nullopt;
  if (static_cast<double>(pattern.size()) != blocks) {
    read.fail(pattern_key, "must give one block per layer of num_hidden_layers (" +
                               formatNumber(blocks) + ") (got " + std::to_string(pattern.size()) +
                               ")");
    return std::nullopt;
  }
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char block = pattern[i];
    // A message quotes the whole character there, not one byte of it (the text is UTF-8).
    std::size_t end = i + 1;
    while (end < pattern.size() && (static_cast<unsigned char>(pattern[end]) & 0xC0) == 0x80) ++end;
    const std::string at =
        " (block " + std::to_string(i) + " is '" + pattern.substr(i, end - i) + "')";
    if (block == 'M' || block == '*') {
      nemotron.push_back({block == '*', 0});
    } else if (block != '-' && block != 'E') {
      read.fail(pattern_key, "must hold only M (Mamba-2), * (attention), - (MLP) and E (MoE)" + at);
    } else if (nemotron.empty() || nemotron.back().ffn != 0) {
      read.fail(pattern_key,
                "must put each MLP (-) or MoE (E) block right after a Mamba-2 (M) or "
                "attention (*) block, as ridgepoint pairs them into layers" +
                    at);
    } else {
      nemotron.back().ffn = block;
    }
    if (!read.ok()) return std::nullopt;
  }
  return nemotron;
}

}  // namespace

std::span<const ConfigKey> configKeys() { return kConfigKeys; }
std::span<const Family> families() { return kFamilies; }

std::vector<ConfigKeyInfo> configKeyInfo() {
  // In ConfigKeyKind's order.
  constexpr std::array<std::string_view, 7> kKinds{"count", "size", "ratio", "boolean",
                                                   "text",  "list", "object"};
  std::vector<ConfigKeyInfo> keys;
  keys.reserve(kConfigKeys.size());
  for (const ConfigKey& key : kConfigKeys) {
    const bool ranged = key.kind == K::count || key.kind == K::size || key.kind == K::ratio;
    std::vector<std::string_view> aliases;
    for (std::string_view alias : key.aliases) {
      if (!alias.empty()) aliases.push_back(alias);
    }
    keys.push_back({.name = key.name,
                    .aliases = std::move(aliases),
                    .kind = kKinds[static_cast<std::size_t>(key.kind)],
                    .min = ranged ? MaybeNumber(key.min) : std::nullopt,
                    .max = ranged ? MaybeNumber(key.max) : std::nullopt,
                    .help = key.help});
  }
  return keys;
}

double ModelShape::totalParams() const {
  const double shared = shared_expert_params > 0 ? shared_expert_params : expert_params;
  return embedding_params + position_embedding_params + embedding_projection_params + head_params +
         norm_params + layers * attention_params + dense_layers * dense_ffn_params +
         moe_layers * (routed_experts * expert_params + shared_experts * shared + router_params);
}

double ModelShape::activeParams() const {
  // V3 report §4.2 / reference §1.2: a token passes its top-k routed experts and the shared ones.
  const double shared = shared_expert_params > 0 ? shared_expert_params : expert_params;
  return embedding_params + position_embedding_params + embedding_projection_params + head_params +
         norm_params + layers * attention_params + dense_layers * dense_ffn_params +
         moe_layers * (experts_per_token * expert_params + shared_experts * shared + router_params);
}

// Reference §1.2: N_act includes the LM head and excludes the embedding lookup (and norms). A
// tied head stores no weights of its own but still multiplies by vocab × d.
double ModelShape::activeMatmulParams() const {
  return activeParams() - embedding_params - position_embedding_params - norm_params - head_params +
         vocab * head_width;
}

double ModelShape::totalMatmulParams() const {
  return totalParams() - embedding_params - position_embedding_params - norm_params - head_params +
         vocab * head_width;
}

double ModelShape::keysPerQuery(double seq_len, bool causal, bool sparse) const {
  // DSA's top-k caps a query's keys as a window of that many keys would (min(position, k)).
  auto attended = [&](const LayerShape& layer, double pool_window) {
    if (!sparse || !layer.sparse) return pool_window;
    return pool_window > 0 ? std::min(pool_window, sparse_keys) : sparse_keys;
  };
  double keys = 0;
  for (const LayerShape& layer : layer_shapes) {
    if (layer.attention == AttentionKind::linear) continue;  // a state, not keys
    // DeepSeek-V4 inference/model.py (get_window_topk_idxs, get_compress_topk_idxs): a
    // compressed layer's raw window, then its entries (seq_len / ratio), all or the top-k.
    const double layer_keys =
        layer.compress_ratio > 0
            ? keysInLayer(seq_len, layer.window, causal) +
                  keysInLayer(seq_len / layer.compress_ratio, attended(layer, 0), causal)
            : keysInLayer(seq_len, attended(layer, layer.window), causal, layer.chunked);
    keys += layer_keys * layer.head_dim_ratio;
  }
  return keys;
}

double ModelShape::indexedKeysPerQuery(double seq_len, bool causal) const {
  double keys = 0;
  for (const LayerShape& layer : layer_shapes) {
    if (!layer.indexed) continue;
    const double pool = layer.compress_ratio > 0 ? seq_len / layer.compress_ratio : seq_len;
    keys += keysInLayer(pool, 0, causal);
  }
  return keys;
}

bool ModelShape::compressedAttention() const {
  return std::any_of(layer_shapes.begin(), layer_shapes.end(),
                     [](const LayerShape& layer) { return layer.compress_ratio > 0; });
}

double ModelShape::attentionFlopsPerQuery(double to, bool causal, bool latent, double from) const {
  // Per query, summed over layers: for queries at positions from..to of a causal pass, the sum
  // over the whole pass to `to` less the part before `from`.
  auto perQuery = [&](auto count) {
    if (!causal) return count(to, false);
    if (from <= 0 || from >= to) return count(to, true);
    return (to * count(to, true) - from * count(from, true)) / (to - from);
  };
  auto keys = [&](bool sparse) {
    return perQuery([&](double seq, bool c) { return keysPerQuery(seq, c, sparse); });
  };
  // ISCA'25 Table 2: 2 · heads · (d_qk + d_v) FLOPs per key, per head as trained or, decoding
  // MLA, in its latent space (§2.1.2).
  const double per_head = 2 * heads * (qk_head_dim + v_head_dim);
  const double per_latent = 2 * heads * (absorbed_qk_dim + absorbed_v_dim);
  const double attended = keys(true);
  // Gated DeltaNet layers: the same recurrence for every token, whatever the context.
  const double recurrence = recurrent_layers * linear_flops_per_token_per_layer;
  if (sparse_keys <= 0) return (latent ? per_latent : per_head) * attended + recurrence;
  // DeepSeek-V3.2 report §2.1: DSA attends in MLA's latent (MQA) space, and a short prefill runs
  // a masked dense MHA instead because it is cheaper: whichever costs less. Its lightning indexer
  // scores every key of its pool.
  const double sparse = per_latent * attended;
  const double indexed = perQuery([&](double seq, bool c) { return indexedKeysPerQuery(seq, c); });
  return (latent ? sparse : std::min(per_head * keys(false), sparse)) +
         indexer_flops_per_key * indexed;
}

// The KV bytes of one sequence of seq_len tokens that the attention layers cache (`shared`
// false) or read from an earlier layer's cache (true).
double ModelShape::layerKvBytes(double seq_len, bool shared, bool windows) const {
  // A windowed layer keeps only the last `window` tokens (Mistral 7B paper §2, rolling buffer);
  // a compressed one (DeepSeek-V4) its window and one entry per compress_ratio tokens; an
  // indexed one also the indexer's key of each token (V3.2) or compressed entry (V4).
  const double entry = kv_bytes_per_token_per_layer - indexer_bytes_per_token_per_layer;
  double bytes = 0;
  for (const LayerShape& layer : layer_shapes) {
    if (layer.attention == AttentionKind::linear || layer.kv_shared != shared) continue;
    const double raw = layer.window > 0 ? std::min(seq_len, layer.window) : seq_len;
    const double compressed = layer.compress_ratio > 0 ? seq_len / layer.compress_ratio : 0;
    const double pool = layer.compress_ratio > 0 ? compressed : raw;
    const bool fixed = !windows && layer.window > 0;
    bytes += entry * ((fixed ? 0 : raw) + compressed) * layer.kv_bytes_ratio +
             (layer.indexed ? indexer_bytes_per_token_per_layer * pool : 0);
  }
  return bytes;
}

double ModelShape::kvBytesPerSequence(double seq_len) const {
  return layerKvBytes(seq_len, false) + stateBytesPerSequence();
}

double ModelShape::kvBytesPerToken() const {
  return layerKvBytes(1, false, !compressedAttention());
}

double ModelShape::attendedKvBytes(double seq_len) const {
  // A Gated DeltaNet layer reads its state and writes it back at every step; a layer that
  // shares an earlier layer's keys and values reads them again.
  if (sparse_keys <= 0 && !compressedAttention()) {
    return kvBytesPerSequence(seq_len) + layerKvBytes(seq_len, true) + stateBytesPerSequence();
  }
  // DSA: the entries of the top-k keys, and the indexer's key of every token of its pool; a
  // compressed layer (DeepSeek-V4) also reads its window.
  const double entry = kv_bytes_per_token_per_layer - indexer_bytes_per_token_per_layer;
  double bytes = 0;
  for (const LayerShape& layer : layer_shapes) {
    if (layer.attention == AttentionKind::linear) continue;
    const double raw = layer.window > 0 ? std::min(seq_len, layer.window) : seq_len;
    const double pool = layer.compress_ratio > 0 ? seq_len / layer.compress_ratio : raw;
    const double picked = layer.sparse ? std::min(pool, sparse_keys) : pool;
    bytes += entry * (layer.compress_ratio > 0 ? raw + picked : picked) +
             (layer.indexed ? indexer_bytes_per_token_per_layer * pool : 0);
  }
  return bytes + 2 * stateBytesPerSequence();
}

std::vector<LayerRun> ModelShape::layerRuns() const {
  std::vector<LayerRun> runs;
  for (std::size_t i = 0; i < layer_shapes.size(); ++i) {
    const LayerShape& layer = layer_shapes[i];
    const std::string ffn = !layer.ffn ? "none" : layer.moe ? "moe" : "dense";
    if (!runs.empty() && runs.back().attention == layer.attention &&
        runs.back().window == layer.window && runs.back().chunked == layer.chunked &&
        runs.back().compress_ratio == layer.compress_ratio && runs.back().ffn == ffn) {
      runs.back().count += 1;
    } else {
      runs.push_back({static_cast<double>(i), 1, layer.attention, layer.window, layer.chunked,
                      layer.compress_ratio, ffn});
    }
  }
  return runs;
}

// How a checkpoint stores its weights, from its quantization_config (transformers'
// quantizers/ and each method's config class); unknown methods leave it empty.
StoredWeights storedWeights(const Json& quantization) {
  auto text = [&](const Json& object, std::string_view key) -> std::string {
    const Json* value = object.find(key);
    return value && value->kind == Json::Kind::string ? value->text : "";
  };
  auto number = [&](const Json& object, std::string_view key) {
    const Json* value = object.find(key);
    return value && value->kind == Json::Kind::number ? value->number : 0.0;
  };
  auto flag = [&](const Json& object, std::string_view key) {
    const Json* value = object.find(key);
    return value && value->kind == Json::Kind::boolean && value->boolean;
  };
  auto lower = [](std::string value) {
    std::transform(value.begin(), value.end(), value.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return value;
  };
  const std::string method = lower(text(quantization, "quant_method"));
  StoredWeights stored;
  stored.said_by = "quant_method " + method;
  auto integer = [&](double bits) {
    stored.format = bits == 4 ? "int4" : bits == 8 ? "int8" : "";
    stored.said_by += ", " + formatNumber(bits) + " bits";
  };
  if (method == "fp8" || method == "fbgemm_fp8") {
    stored.format = "fp8";
  } else if (method == "mxfp4") {
    stored.format = "mxfp4";  // gpt-oss: the routed experts; attention and the rest in BF16
  } else if (method == "modelopt") {
    const std::string algo = lower(text(quantization, "quant_algo"));
    stored.said_by += ", quant_algo " + algo;
    stored.format = algo == "fp8" || algo.starts_with("fp8_")       ? "fp8"
                    : algo == "nvfp4" || algo.starts_with("nvfp4_") ? "fp4"
                    : algo.starts_with("w4a")                       ? "int4"
                    : algo.starts_with("w8a")                       ? "int8"
                                                                    : "";
  } else if (method == "compressed-tensors") {
    // The first scheme of config_groups: its weights' bits and type (float or int).
    const Json* groups = quantization.find("config_groups");
    const Json* group =
        groups && groups->isObject() && !groups->items.empty() ? &groups->items.front() : nullptr;
    const Json* weights = group && group->isObject() ? group->find("weights") : nullptr;
    if (weights && weights->isObject()) {
      const double bits = number(*weights, "num_bits");
      const std::string type = lower(text(*weights, "type"));
      stored.said_by += ", " + formatNumber(bits) + "-bit " + type + " weights";
      stored.format = type == "float" ? (bits == 8   ? "fp8"
                                         : bits == 4 ? "fp4"
                                                     : "")
                      : type == "int" ? (bits == 8   ? "int8"
                                         : bits == 4 ? "int4"
                                                     : "")
                                      : "";
    }
  } else if (method == "awq" || method == "gptq") {
    integer(number(quantization, "bits"));
  } else if (method == "bitsandbytes") {
    if (flag(quantization, "load_in_4bit")) integer(4);
    if (flag(quantization, "load_in_8bit")) integer(8);
  }
  if (stored.format.empty()) stored.said_by.clear();
  return stored;
}

Outcome<ModelShape> readModel(const Json& root, const KvFormat& kv) {
  // The longer sections are lambdas the compiler keeps apart (noinline), each false where the
  // reader has failed (read.errors says why): V8 compiles a wasm function on its first call, in
  // time that grows faster than its size, and this reader as one 61 kB function took 12 ms of a
  // page's first config (Liftoff, Node 20).
  if (!root.isObject()) {
    return failure<ModelShape>(
        "config", "config must be a parsed config.json object (got " + root.describe() + ")");
  }
  std::string text;
  appendJson(text, root);
  if (text.size() > kMaxConfigBytes) {
    return failure<ModelShape>("config", "config is " + std::to_string(text.size()) +
                                             " bytes of JSON; a config.json is at most " +
                                             std::to_string(kMaxConfigBytes) + " bytes (1 MiB)");
  }

  // Multimodal and Llama 4 configs nest the language model under text_config (InternVL and
  // NVIDIA's VL models under llm_config, DeepSeek-VL2 under language_config, Qwen3-Omni under its
  // thinker's text_config).
  std::string_view nesting = "text_config";
  const Json* nested = nullptr;
  for (std::string_view key : {"text_config", "llm_config", "language_config", "thinker_config"}) {
    if ((nested = root.find(key))) {
      nesting = key;
      break;
    }
  }
  std::string nesting_path(nesting);
  const Json* thinker = nullptr;  // Qwen3-Omni: its audio and vision encoders are not read
  if (nested && nesting == "thinker_config" && nested->isObject()) {
    thinker = nested;
    nested = nested->find("text_config");
    nesting_path = "thinker_config.text_config";
    if (!nested) {
      return failure<ModelShape>("config.thinker_config.text_config",
                                 "config.thinker_config.text_config is required: the thinker's "
                                 "language model");
    }
  }
  if (nested && !nested->isObject()) {
    return failure<ModelShape>("config." + nesting_path, nesting_path + " must be an object (got " +
                                                             nested->describe() + ")");
  }
  const Json& model = nested ? *nested : root;
  const Json lifted = liftedConfig(model, root);
  ConfigReader outer(root, "");
  ConfigReader read(lifted.isObject() ? lifted : model, nested ? nesting_path + "." : "");
  ModelShape shape;
  if (nested) {
    outer.markUsed(nesting);
    outer.markUsed("model_type");
  }
  // A multimodal checkpoint's quantization_config sits beside its text_config.
  const Json* quantization = read.find("quantization_config");
  if (!quantization && nested) quantization = outer.find("quantization_config");
  if (quantization && quantization->isObject()) shape.stored_weights = storedWeights(*quantization);

  // ---- family ----
  std::optional<std::string> model_type = read.text("model_type");
  if (!model_type && nested) model_type = outer.text("model_type");
  // A model_type of a serving engine's own (SGLang's "deepseek_ref" for DeepSeek-V4) or of a
  // family the tables do not name: the architectures entry, the class the config was written
  // for, may name one they do.
  const std::optional<std::string> written_type = model_type;
  if (!model_type || (!familyOf(*model_type) && !unmodelled(*model_type))) {
    std::string_view by_class = familyOfArchitecture(model);
    bool outer_class = false;
    if (by_class.empty() && nested) {
      by_class = familyOfArchitecture(root);
      outer_class = !by_class.empty();
    }
    if (!by_class.empty()) {
      (outer_class ? outer : read).markUsed("architectures");
      model_type = std::string(by_class);
    }
  }
  // A wrapper of a kind refused by name around a text model of a known one (Kimi K3 around
  // kimi_linear): its own model_type decides.
  if (const std::optional<std::string> wrapper = nested ? outer.text("model_type") : std::nullopt;
      wrapper && unmodelled(*wrapper)) {
    outer.fail("model_type", "'" + *wrapper + "' is " + std::string(unmodelled(*wrapper)->kind) +
                                 "; ridgepoint reads decoder-only transformers of the layouts "
                                 "its README lists, and this is not one of them");
    return {{}, outer.errors};
  }
  if (const UnmodelledFamily* other = model_type ? unmodelled(*model_type) : nullptr) {
    const std::string written = written_type ? "'" + *written_type + "'" : "(absent)";
    const std::string named = written_type == model_type
                                  ? written
                                  : written + " (its architectures entry: " + *model_type + ")";
    read.fail("model_type", named + " is " + std::string(other->kind) +
                                "; ridgepoint reads decoder-only transformers of the layouts "
                                "its README lists, and this is not one of them");
    return {{}, read.errors};
  }
  if (read.flag("is_encoder_decoder").value_or(false)) {
    read.fail("is_encoder_decoder",
              "is true: an encoder-decoder; ridgepoint models decoder-only transformers");
    return {{}, read.errors};
  }
  // Layers of another kind, or sharing KV, in a family kUnmodelled does not name yet: a key of
  // their own gives them away (a linear_attn_config outside Kimi Linear, a mamba_ or ssm_
  // setting, Gemma 3n's num_kv_shared_layers, a cla_ key of cross-layer attention; use_cla and
  // attention_k_eq_v, which kConfigKeys knows, are checked below).
  const Family* found = model_type ? familyOf(*model_type) : nullptr;
  const Family& family = found ? *found : kFamilies.front();
  // A Mamba family's own keys (mamba_chunk_size, use_mamba_kernels, …) name its layers.
  const bool state_space_family = family.mamba2 || family.jamba_layout;
  const std::size_t state_space_words = state_space_family ? 3 : 0;
  auto otherLayers = [&](const std::string& name, const Json& value) {
    // Kimi Linear's own object (gate_lower_bound and the like: settings of its KDA layers).
    if (family.kda_layout && name.starts_with("linear_attn_config.")) return false;
    constexpr std::array<std::string_view, 7> kWords{"mamba",     "mamba2", "ssm",   "linear_attn",
                                                     "kv_shared", "cla",    "k_eq_v"};
    const bool set = !value.isNull() && !(value.kind == Json::Kind::boolean && !value.boolean) &&
                     !(value.kind == Json::Kind::number && value.number == 0);
    // Whole words between underscores, so that use_ssmax (scalable softmax) is not an SSM.
    return set && std::any_of(kWords.begin() + state_space_words, kWords.end(),
                              [&](std::string_view word) {
                                return namesWord(name, word, [](char c) { return c != '_'; });
                              });
  };
  constexpr std::string_view kOtherLayers =
      "configures layers other than attention and FFN blocks, or KV shared between layers or "
      "between keys and values; ridgepoint models decoder-only transformers whose every layer "
      "has its own attention and KV cache";
  if (auto key = read.firstUnreadKey(otherLayers, false, state_space_family)) {
    read.fail(key->path, std::string(kOtherLayers));
    return {{}, read.errors};
  }
  // Four keys of kConfigKeys, which the search above passes over, describe one family's layout
  // each (Gemma 4's keys-equal-values, a Gated DeltaNet state's type, Tencent's Hunyuan's
  // cross-layer attention, Gemma 3n's and 4's KV sharing); elsewhere they mark layers ridgepoint
  // does not model.
  const bool k_eq_v = read.flag("attention_k_eq_v").value_or(false);
  const std::optional<std::string> state_dtype = read.text("mamba_ssm_dtype");
  const bool foreign_k_eq_v = k_eq_v && !family.gemma4_layout;
  const bool foreign_cla = read.flag("use_cla").value_or(false) && !family.cross_layer_attention;
  const bool foreign_kv_sharing = read.number("num_kv_shared_layers").value_or(0) > 0 &&
                                  !family.gemma3n_layout && !family.gemma4_layout;
  if (foreign_k_eq_v || foreign_cla || foreign_kv_sharing ||
      (state_dtype && !family.gated_delta_net && !state_space_family)) {
    // Cross-layer attention is modelled in Tencent's own Hunyuan layout only: say where.
    const std::string cla_note =
        foreign_cla ? "; cross-layer KV sharing (use_cla) is read under Tencent's model_type "
                      "\"hunyuan\" (modeling_hunyuan.py), which " +
                          std::string(model_type ? *model_type : "this family") +
                          "'s transformers class does not implement"
                    : "";
    read.fail(foreign_k_eq_v       ? "attention_k_eq_v"
              : foreign_cla        ? "use_cla"
              : foreign_kv_sharing ? "num_kv_shared_layers"
                                   : "mamba_ssm_dtype",
              std::string(kOtherLayers) + cla_note);
    return {{}, read.errors};
  }
  // A key the config may leave out for the family's default (its configuration_*.py value),
  // which `assumed` then lists; `detail` says what the default means.
  auto familyDefault = [&](std::string_view name, double fallback, std::string_view detail = "") {
    if (auto value = read.number(name)) return *value;
    if (read.ok()) {
      read.assume(name, std::string(name) + " is absent: " + formatNumber(fallback) +
                            std::string(detail) + " (" + std::string(family.model_type) +
                            " default)");
    }
    return fallback;
  };
  shape.family = found ? std::string(found->model_type) : "";
  if (found && written_type != model_type) {
    read.assume(
        "model_type",
        (written_type ? "model_type '" + *written_type + "' is not a family ridgepoint knows"
                      : std::string("model_type is absent")) +
            "; the architectures entry names " + *model_type + "'s class: read by its rules");
  }
  if (!found) {
    read.assume("model_type",
                (model_type ? "model_type '" + *model_type + "' is not a family ridgepoint knows"
                            : std::string("model_type is absent")) +
                    ": read as a Llama-style decoder (RMSNorm, no biases, untied head unless "
                    "tie_word_embeddings)");
  }

  // One "expert" is the dense FFN: Hunyuan-7B writes num_experts 1, and modeling_hunyuan builds
  // its MoE block only for num_experts > 1.
  const double experts_key = read.number("num_experts").value_or(0);
  // modeling_gemma4 builds its experts only with enable_moe_block (its dense configs write
  // num_experts null).
  const bool experts_enabled =
      !family.gemma4_layout || read.flag("enable_moe_block").value_or(false);
  double experts = experts_enabled && experts_key > 1 ? experts_key : 0;
  // Nemotron 3 Super and Ultra (modeling_nemotron_h, NemotronHMoE): LatentMoE projects each
  // token to moe_latent_size before the routed experts and back after them.
  const double latent = experts > 0 ? read.number("moe_latent_size").value_or(0) : 0;
  // A family's own spelling of its routed experts, unread, would make a MoE model dense.
  if (experts_key == 0 && read.ok()) {
    // A key naming experts with a count above 1 (a number, or a list holding one).
    auto countsExperts = [](const std::string& name, const Json& value) {
      auto above1 = [](const Json& item) {
        return item.kind == Json::Kind::number && item.number > 1;
      };
      return name.find("expert") != std::string::npos &&
             (above1(value) || (value.kind == Json::Kind::array &&
                                std::any_of(value.items.begin(), value.items.end(), above1)));
    };
    if (auto key = read.firstUnreadKey(countsExperts, true)) {
      read.fail("num_experts",
                "is absent, but " + key->described +
                    " names experts in a spelling ridgepoint does not read for this family: read "
                    "as a dense model it would be wrong. Give the routed experts as num_experts "
                    "and the experts per token as num_experts_per_tok");
      return {{}, read.errors};
    }
  }

  // ---- sizes ----
  const double d = read.required("hidden_size");
  // NemotronHConfig derives num_hidden_layers from its block list when a config leaves it out
  // (Nemotron 3 Ultra's).
  const double blocks = [&]() -> double {
    if (!family.nemotron_blocks || read.find("num_hidden_layers")) {
      return read.required("num_hidden_layers");
    }
    const Json* pattern = read.find("hybrid_override_pattern");
    const Json* types = read.find("layers_block_type");
    const double listed = pattern && pattern->kind == Json::Kind::string ? pattern->text.size()
                          : types && types->kind == Json::Kind::array    ? types->items.size()
                                                                         : 0;
    if (listed == 0) return read.required("num_hidden_layers");
    read.assume("num_hidden_layers", "num_hidden_layers is absent: the " + formatNumber(listed) +
                                         " blocks the block list gives (NemotronHConfig)");
    return listed;
  }();
  const double heads = read.required("num_attention_heads");
  const double vocab = [&]() -> double {
    if (read.ok() && !read.find("vocab_size") && family.vocab_default > 0) {
      read.assume("vocab_size", "vocab_size is absent: " + formatNumber(family.vocab_default) +
                                    " (" + std::string(family.model_type) + " default)");
      return family.vocab_default;
    }
    return read.required("vocab_size");
  }();
  if (!read.ok() || !outer.ok()) {
    auto errors = outer.errors;
    errors.insert(errors.end(), read.errors.begin(), read.errors.end());
    return {{}, errors};
  }
  // A list of one value per layer (Hunyuan's moe_topk, Gemma 3n's intermediate_size) must hold
  // as many as the config has layers: a shorter or longer one is a config written for another.
  for (const ConfigKey& key : configKeys()) {
    std::string where;
    const Json* list = key.per_layer ? read.find(key.name, &where) : nullptr;
    if (list && list->kind == Json::Kind::array && !list->items.empty() &&
        static_cast<double>(list->items.size()) != blocks) {
      read.fail(where, "lists a value per layer: must list one per layer (" + formatNumber(blocks) +
                           ") (got " + formatNumber(static_cast<double>(list->items.size())) + ")");
    }
  }
  if (!read.ok()) return {{}, read.errors};
  std::vector<NemotronLayer> nemotron;
  if (family.nemotron_blocks) {
    if (auto paired = readNemotronBlocks(read, blocks)) nemotron = std::move(*paired);
    if (!read.ok()) return {{}, read.errors};
    const bool moe_blocks =
        std::any_of(nemotron.begin(), nemotron.end(),
                    [](const NemotronLayer& layer) { return layer.ffn == 'E'; });
    if (moe_blocks && experts == 0) {
      read.fail("num_experts", "must be above 1 when the blocks include MoE (E) blocks (" +
                                   ConfigReader::spellings("num_experts") + ")");
      return {{}, read.errors};
    }
    if (!moe_blocks) experts = 0;  // the MoE keys its config class always writes describe no block
  }
  // LongCat-Flash's num_layers counts layers of two blocks each (transformers' own config writes
  // the blocks as num_hidden_layers).
  std::string layers_spelled;
  if (family.longcat_layout) read.find("num_hidden_layers", &layers_spelled);
  const double layers = family.nemotron_blocks           ? static_cast<double>(nemotron.size())
                        : layers_spelled == "num_layers" ? 2 * blocks
                                                         : blocks;
  shape.hidden = shape.routed_width = d;
  shape.layers = layers;
  shape.heads = heads;
  shape.vocab = vocab;
  const std::optional<std::string> activation = read.text("hidden_act");
  shape.gated_mlp = family.gated_mlp;
  if (!found && activation) {
    shape.gated_mlp = activationIsGated(*activation);
    read.assume("hidden_act",
                "activation '" + *activation + "' in an unknown family: " +
                    (shape.gated_mlp ? "a gated FFN (gate, up, down)" : "a plain FFN (up, down)"));
  }

  // ---- attention ----
  // Nemotron-NAS (modeling_decilm.py): each layer's attention is a GQA group of n_heads_in_group
  // query heads per key/value head, a hidden × hidden linear layer (replace_with_linear), or none
  // (no_op); its FFN a SwiGLU of _ffn_mult_to_intermediate_size(ffn_mult) = 2 · ffn_mult · d / 3
  // (truncated) rounded up to a multiple of 256, a linear layer, or none.
  std::vector<NasBlock> nas;
  if (family.nas_blocks) {
    const Json* blocks = read.list("block_configs");
    if (!read.ok()) return {{}, read.errors};
    if (!blocks || blocks->items.size() != static_cast<std::size_t>(layers)) {
      read.fail("block_configs",
                "must give one block per layer (" + formatNumber(layers) + ") (got " +
                    (blocks ? std::to_string(blocks->items.size()) : "none") + ")");
      return {{}, read.errors};
    }
    auto flag = [](const Json* part, std::string_view key) {
      const Json* value = part ? part->find(key) : nullptr;
      return value && value->kind == Json::Kind::boolean && value->boolean;
    };
    auto number = [](const Json* part, std::string_view key) -> std::optional<double> {
      const Json* value = part ? part->find(key) : nullptr;
      if (!value || value->kind != Json::Kind::number) return std::nullopt;
      return value->number;
    };
    for (std::size_t i = 0; i < blocks->items.size(); ++i) {
      const Json& block = blocks->items[i];
      const Json* attention = block.find("attention");
      const Json* ffn = block.find("ffn");
      const std::string where = "layer " + std::to_string(i) + "'s ";
      if (!attention || !attention->isObject() || !ffn || !ffn->isObject()) {
        read.fail("block_configs", "must give " + where + "attention and ffn as objects");
        return {{}, read.errors};
      }
      // Sink tokens, windows and sparsity change what a layer attends to: not read.
      for (std::string_view key : {"window_length", "num_sink_tokens", "sparsify"}) {
        const Json* value = attention->find(key);
        if (value && !value->isNull()) {
          read.fail("block_configs", "gives " + where + "attention a " + std::string(key) +
                                         ", which ridgepoint does not model");
          return {{}, read.errors};
        }
      }
      NasBlock layer;
      if (flag(attention, "replace_with_linear")) {
        layer.linear_attention = true;
      } else if (!flag(attention, "no_op")) {
        const std::optional<double> group = number(attention, "n_heads_in_group");
        if (!group || *group < 1 || *group != std::floor(*group) || std::fmod(heads, *group) != 0) {
          read.fail("block_configs", "must give " + where +
                                         "attention an n_heads_in_group dividing "
                                         "num_attention_heads (" +
                                         formatNumber(heads) + ") (got " +
                                         (group ? formatNumber(*group) : std::string("none")) +
                                         ")");
          return {{}, read.errors};
        }
        layer.kv_heads = heads / *group;
      }
      if (flag(ffn, "no_op")) {
        layer.ffn = false;
      } else if (flag(ffn, "replace_with_linear")) {
        layer.linear_ffn = true;
      } else {
        const std::optional<double> mult = number(ffn, "ffn_mult");
        if (!mult || *mult <= 0 || *mult > 1e3) {
          read.fail("block_configs", "must give " + where + "ffn an ffn_mult from 0 to 1000 (got " +
                                         (mult ? formatNumber(*mult) : std::string("none")) + ")");
          return {{}, read.errors};
        }
        layer.ffn_width = 256 * std::ceil(std::floor(2 * *mult * d / 3) / 256);
      }
      nas.push_back(layer);
    }
  }
  // Gemma 4's full-attention layers, set below: their attention parameters, head width over
  // head_dim and cached bytes per token over a sliding layer's.
  double global_attention_params = 0, global_head_dim_ratio = 1, global_kv_bytes_ratio = 1;
  // MiMo-V2-Flash's sliding layers, of their own heads and widths: their attention parameters,
  // FLOPs per key and cached bytes per token over a full layer's.
  double swa_attention_params = 0, swa_flops_ratio = 1, swa_kv_bytes_ratio = 1,
         swa_qk_width_ratio = 1;
  double cla_share = 0;  // Hunyuan's cla_share_factor with use_cla (0: every layer its own KV)
  // Gemma 3n: AltUp's streams; Gemma 3n and 4: the per-layer inputs' width (0 elsewhere, and in
  // Gemma 4's large models, whose configs set it so).
  const double altup = family.gemma3n_layout ? familyDefault("altup_num_inputs", 4) : 0;
  const double per_layer_width = family.gemma3n_layout || family.gemma4_layout
                                     ? familyDefault("hidden_size_per_layer_input", 256)
                                     : 0;
  // Gemma 3n and 4: the last num_kv_shared_layers layers reuse earlier layers' keys and values.
  const double kv_shared_layers =
      family.gemma3n_layout || family.gemma4_layout
          ? std::min(read.number("num_kv_shared_layers").value_or(0), layers)
          : 0;
  // Gemma 4: a shared layer's k_proj, v_proj and k_norm, which it does not have (sliding, full).
  double shared_kv_params = 0, global_shared_kv_params = 0;
  const double kv_lora_rank = read.number("kv_lora_rank").value_or(0);
  const bool mla = kv_lora_rank > 0;
  // MPT and QWen say it the other way round: no_bias.
  const std::optional<bool> no_bias = read.flag("no_bias");
  const std::optional<bool> bias_key =
      no_bias ? std::optional<bool>(!*no_bias) : read.flag("attention_bias");
  const bool biased = bias_key.value_or(family.bias_default);
  const bool qkv_bias = read.flag("qkv_bias").value_or(family.qkv_bias || biased);
  const bool o_bias = biased && !family.qkv_bias && family.output_bias;
  double mla_norms = 0;
  // DSA: one layer's indexer (its norm apart), and GLM-5.2's layers without one.
  double indexer_params = 0, indexer_norms = 0;
  std::vector<bool> shared_indexer;
  const auto readAttentionWeights = [&]() __attribute__((noinline)) {
    if (mla) {
      const std::optional<double> nope = read.number("qk_nope_head_dim");
      const std::optional<double> v_dim = read.number("v_head_dim");
      const std::optional<double> rope = read.number("qk_rope_head_dim");
      const double q_lora_rank = read.number("q_lora_rank").value_or(0);
      if (!nope) read.fail("qk_nope_head_dim", "is required when kv_lora_rank is set (MLA)");
      if (!v_dim) read.fail("v_head_dim", "is required when kv_lora_rank is set (MLA)");
      if (!rope) read.fail("qk_rope_head_dim", "is required when kv_lora_rank is set (MLA)");
      if (!read.ok()) return false;
      shape.attention = AttentionKind::mla;
      shape.kv_heads = heads;
      shape.head_dim = shape.qk_head_dim = *nope + *rope;
      shape.v_head_dim = *v_dim;
      // ISCA'25 §2.1.2: decode attends in the latent space (W_UK, W_UV absorbed), so scores use the
      // latent plus the decoupled RoPE key and values are the latent itself.
      shape.absorbed_qk_dim = kv_lora_rank + *rope;
      shape.absorbed_v_dim = kv_lora_rank;
      const double q_params = q_lora_rank > 0
                                  ? d * q_lora_rank + q_lora_rank * heads * shape.qk_head_dim
                                  : d * heads * shape.qk_head_dim;
      // Reference §1.2 (V3 MLA per layer): q_a + q_b + kv_a (d × (kv_lora + rope)) +
      // kv_b (kv_lora × heads × (nope + v)) + o (heads × v × d) = 187,105,280 for V3.
      shape.attention_params = q_params + d * (kv_lora_rank + *rope) +
                               kv_lora_rank * heads * (*nope + *v_dim) + heads * *v_dim * d;
      // Kimi K3 (mla_use_output_gate): g_proj, hidden → heads · v_head_dim, gates the output.
      if (read.flag("mla_use_output_gate").value_or(false)) {
        shape.attention_params += d * heads * *v_dim;
      }
      // modeling_deepseek: RMSNorms on the compressed query and KV latents.
      mla_norms = q_lora_rank + kv_lora_rank;
      if (auto top_k = read.number("index_topk")) {
        // DeepSeek-V3.2's lightning indexer (inference/model.py, class Indexer): wq_b from the
        // compressed query to index_n_heads × index_head_dim, wk from the hidden state to one
        // shared key, a LayerNorm on that key, and weights_proj (one weight per indexer head).
        const std::optional<double> index_heads = read.number("index_n_heads");
        const std::optional<double> index_dim = read.number("index_head_dim");
        if (!index_heads) read.fail("index_n_heads", "is required when index_topk is set (DSA)");
        if (!index_dim) read.fail("index_head_dim", "is required when index_topk is set (DSA)");
        // GLM-5.2's IndexShare (modular_glm_moe_dsa: indexer None on a "shared" layer): a layer
        // listed "shared" in indexer_types has no indexer (no weights, no keys cached, no scoring)
        // and attends to the top-k of the last layer that has one.
        const Json* indexers = read.list("indexer_types");
        if (indexers) {
          if (indexers->items.size() != static_cast<std::size_t>(layers)) {
            read.fail("indexer_types", "must list \"full\" or \"shared\" for each of the " +
                                           formatNumber(layers) + " layers (got " +
                                           std::to_string(indexers->items.size()) + " items)");
          }
          for (std::size_t i = 0; read.ok() && i < indexers->items.size(); ++i) {
            const Json& type = indexers->items[i];
            const bool full = type.kind == Json::Kind::string && type.text == "full";
            if (!full && !(type.kind == Json::Kind::string && type.text == "shared")) {
              read.fail("indexer_types", "must list \"full\" or \"shared\" per layer (got " +
                                             describeNumber(type) + ")");
            } else if (i == 0 && !full) {
              read.fail("indexer_types",
                        "must start with \"full\": a shared layer reuses the "
                        "top-k of an earlier layer's indexer");
            }
            shared_indexer.push_back(!full);
          }
        } else if (read.number("index_topk_freq").value_or(1) > 1) {
          read.fail("index_topk_freq",
                    "is above 1 (GLM-5.2's IndexShare) without indexer_types, which ridgepoint "
                    "reads to know the layers that reuse another layer's indexer");
        }
        if (!read.ok()) return false;
        const double query_input = q_lora_rank > 0 ? q_lora_rank : d;
        indexer_params =
            query_input * *index_heads * *index_dim + d * *index_dim + d * *index_heads;
        indexer_norms = 2 * *index_dim;  // k_norm: weight and bias
        shape.attention_params += indexer_params;
        mla_norms += indexer_norms;
        shape.sparse_keys = *top_k;
        // Its scores: one index_head_dim dot product per indexer head per earlier key.
        shape.indexer_flops_per_key = 2 * *index_heads * *index_dim;
        // Its key cache: FP8, one FP32 scale per 128 elements (k_cache, k_scale_cache), whatever
        // format the latent cache uses.
        shape.indexer_bytes_per_token_per_layer = *index_dim + 4 * std::ceil(*index_dim / 128);
      }
    } else {
      if (auto head_dim = read.number("head_dim")) {
        shape.head_dim = *head_dim;
      } else if (read.ok()) {
        if (std::fmod(d, heads) != 0) {
          read.fail("num_attention_heads", "must divide hidden_size (" + formatNumber(d) +
                                               ") when head_dim is absent (got " +
                                               formatNumber(heads) + ")");
          return false;
        }
        shape.head_dim = d / heads;
        read.assume("head_dim", "head_dim is absent: hidden_size / num_attention_heads = " +
                                    formatNumber(shape.head_dim) + " (Hugging Face default)");
      }
      // Falcon's old decoder reads multi_query and ignores num_kv_heads; the new one the reverse.
      const std::optional<bool> new_decoder =
          family.falcon_layout ? read.flag("new_decoder_architecture") : std::nullopt;
      const bool kv_key_counts = family.falcon_layout ? new_decoder.value_or(false)
                                 : family.chatglm_layout
                                     ? read.flag("multi_query_attention").value_or(false)
                                     : true;
      const std::optional<double> kv_heads =
          kv_key_counts ? read.number("num_key_value_heads") : std::nullopt;
      const std::optional<bool> multi_query = kv_heads ? std::nullopt : read.flag("multi_query");
      if (!nas.empty()) {
        // The widest group sets the layout; each layer caches its own share (kv_bytes_ratio).
        shape.kv_heads = 1;
        for (const NasBlock& layer : nas) shape.kv_heads = std::max(shape.kv_heads, layer.kv_heads);
      } else if (kv_heads) {
        shape.kv_heads = *kv_heads;
      } else if (multi_query.value_or(family.multi_query_default)) {
        shape.kv_heads = 1;
        if (!multi_query) {
          read.assume("multi_query", "multi_query is absent: true, one key/value head (" +
                                         std::string(family.model_type) + " default)");
        }
      } else {
        shape.kv_heads = heads;
        if (family.chatglm_layout) {
          read.assume(
              "multi_query_attention",
              std::string(read.find("multi_query_attention")
                              ? "multi_query_attention is false"
                              : "multi_query_attention is absent: false (ChatGLM default)") +
                  ": one key/value head per query head, multi_query_group_num unused");
        } else if (!multi_query) {
          read.assume("num_key_value_heads",
                      "num_key_value_heads is absent: equals num_attention_heads = " +
                          formatNumber(heads) + " (Hugging Face default)");
        }
      }
      if (!read.ok()) return false;
      if (shape.kv_heads > heads || std::fmod(heads, shape.kv_heads) != 0) {
        read.fail(kv_heads ? "num_key_value_heads" : "multi_query",
                  "must give key/value heads that divide num_attention_heads (" +
                      formatNumber(heads) + ") (got " + formatNumber(shape.kv_heads) + ")");
        return false;
      }
      shape.attention = shape.kv_heads == heads ? AttentionKind::mha
                        : shape.kv_heads == 1   ? AttentionKind::mqa
                                                : AttentionKind::gqa;
      shape.qk_head_dim = shape.v_head_dim = shape.head_dim;
      shape.absorbed_qk_dim = shape.absorbed_v_dim = shape.head_dim;
      const double q_width = heads * shape.head_dim, kv_width = shape.kv_heads * shape.head_dim;
      // modeling_qwen3_next (Qwen3NextAttention): q_proj is twice as wide, its second half a
      // sigmoid gate on the attention output.
      const bool output_gate =
          family.attention_output_gate ||
          (family.gated_delta_net && read.flag("attn_output_gate").value_or(true));
      // Q and O are heads × head_dim wide, K and V kv_heads × head_dim (GQA, Ainslie et al. 2023);
      // biases and gpt-oss's per-head sink logits as the family's modeling code declares them.
      // Step-3 (Step3TextAttention): q_proj to share_q_dim, its RMSNorm, then wq to the heads.
      const double share_q = family.step3_layout ? read.number("share_q_dim").value_or(0) : 0;
      const double query_params =
          share_q > 0 ? d * share_q + share_q + share_q * q_width : d * q_width;
      shape.attention_params = query_params + d * q_width + 2 * d * kv_width +
                               (output_gate ? d * q_width : 0) +
                               (qkv_bias ? q_width + 2 * kv_width : 0) + (o_bias ? d : 0) +
                               (family.attention_sinks ? heads : 0);
      // modeling_hunyuan (HunYuanCrossAttention): with use_cla, a layer whose index
      // cla_share_factor does not divide attends with the keys and values of the last layer that
      // computed them: it has no k_proj or v_proj and caches nothing.
      if (family.cross_layer_attention && read.flag("use_cla").value_or(false)) {
        cla_share = read.number("cla_share_factor").value_or(1);
        const double sharing = layers - std::ceil(layers / cla_share);
        shape.attention_params -=
            sharing * (2 * d * kv_width + (qkv_bias ? 2 * kv_width : 0)) / layers;
      }
      if (family.mimo_layout || family.step3p5_layout) {
        // modeling_mimo_v2_flash (MiMoV2Attention): keys head_dim wide and values v_head_dim wide;
        // q, k, v and o projections; the sliding layers (hybrid_layer_pattern 1) have their own
        // heads, key/value heads and widths (swa_*), and a sink logit per head with
        // add_swa_attention_sink_bias (full layers with add_full_attention_sink_bias). Step-3.5's
        // sliding layers (layer_types) take theirs from attention_other_setting.
        const double v_dim = read.number("v_head_dim").value_or(shape.head_dim);
        const double swa_heads = read.number("swa_num_attention_heads").value_or(heads);
        if (family.step3p5_layout && !read.present("swa_num_attention_heads") && read.ok()) {
          read.assume("swa_num_attention_heads",
                      "attention_other_setting is absent: the sliding layers have "
                      "num_attention_heads = " +
                          formatNumber(heads) + " heads (Step3p7TextConfig default)");
        }
        const double swa_kv = read.number("swa_num_key_value_heads").value_or(shape.kv_heads);
        const double swa_dim = read.number("swa_head_dim").value_or(shape.head_dim);
        const double swa_v_dim = read.number("swa_v_head_dim").value_or(v_dim);
        if (read.ok() && (swa_kv > swa_heads || std::fmod(swa_heads, swa_kv) != 0)) {
          std::string spelled = "swa_num_key_value_heads";
          read.find("swa_num_key_value_heads", &spelled);
          read.fail(spelled, "must divide the sliding layers' query heads (" +
                                 formatNumber(swa_heads) + ") (got " + formatNumber(swa_kv) + ")");
        }
        if (!read.ok()) return false;
        auto attentionParams = [&](double q_heads, double kv, double dim, double value_dim,
                                   bool sinks) {
          return d * q_heads * dim + d * kv * (dim + value_dim) + q_heads * value_dim * d +
                 (qkv_bias ? q_heads * dim + kv * (dim + value_dim) : 0) + (o_bias ? d : 0) +
                 (sinks ? q_heads : 0);
        };
        shape.v_head_dim = shape.absorbed_v_dim = v_dim;
        shape.attention_params =
            attentionParams(heads, shape.kv_heads, shape.head_dim, v_dim,
                            read.flag("add_full_attention_sink_bias").value_or(false));
        swa_attention_params =
            attentionParams(swa_heads, swa_kv, swa_dim, swa_v_dim,
                            read.flag("add_swa_attention_sink_bias").value_or(false));
        swa_flops_ratio = swa_heads * (swa_dim + swa_v_dim) / (heads * (shape.head_dim + v_dim));
        swa_kv_bytes_ratio =
            swa_kv * (swa_dim + swa_v_dim) / (shape.kv_heads * (shape.head_dim + v_dim));
        swa_qk_width_ratio = swa_dim / shape.head_dim;
        // Step3p7Attention: g_proj gives each head a sigmoid gate on its output.
        if (family.step3p5_layout && read.flag("use_head_wise_attn_gate").value_or(false)) {
          shape.attention_params += d * heads;
          swa_attention_params += d * swa_heads;
        }
      }
      if (family.gemma4_layout) {
        // modeling_gemma4 (Gemma4TextAttention): a full-attention layer's heads are global_head_dim
        // wide; with attention_k_eq_v it has num_global_key_value_heads and no v_proj, yet caches
        // keys and values both (keys take k_norm and RoPE, values v_norm).
        const double global_dim = familyDefault("global_head_dim", 512);
        double global_kv = shape.kv_heads;
        if (k_eq_v) {
          const std::optional<double> key = read.number("num_global_key_value_heads");
          if (!read.ok()) return false;
          if (!key || *key > heads || std::fmod(heads, *key) != 0) {
            read.fail("num_global_key_value_heads",
                      "must give key/value heads that divide num_attention_heads (" +
                          formatNumber(heads) + ") when attention_k_eq_v is true (got " +
                          (key ? formatNumber(*key) : std::string("none")) + ")");
            return false;
          }
          global_kv = *key;
        }
        const double global_q = heads * global_dim, global_kv_width = global_kv * global_dim;
        const double kv_projections = k_eq_v ? 1 : 2;
        global_attention_params = 2 * d * global_q + kv_projections * d * global_kv_width +
                                  (qkv_bias ? global_q + kv_projections * global_kv_width : 0) +
                                  (o_bias ? d : 0);
        global_head_dim_ratio = global_dim / shape.head_dim;
        global_kv_bytes_ratio = global_kv_width / kv_width;
        // modeling_gemma4 (Gemma4TextAttention): a layer that shares another's keys and values has
        // no k_proj, v_proj or k_norm.
        shared_kv_params = 2 * d * kv_width + (qkv_bias ? 2 * kv_width : 0) + shape.head_dim;
        global_shared_kv_params = kv_projections * d * global_kv_width +
                                  (qkv_bias ? kv_projections * global_kv_width : 0) + global_dim;
      }
      // MiniMax-M3's sparse layers come from sparse_attention_config (lifted: its keys read as
      // sparse_attention_config.…) or transformers' flat keys; with neither sparse_attention_freq
      // nor layer_types, MiniMaxM3VLTextConfig makes every layer full attention.
      const Json* sparse_object =
          family.minimax_m3_layout ? model.find("sparse_attention_config") : nullptr;
      if (sparse_object && !sparse_object->isNull() && !sparse_object->isObject()) {
        read.fail("sparse_attention_config",
                  "must be an object (got " + sparse_object->describe() + ")");
        return false;
      }
      const bool sparse_listed =
          family.minimax_m3_layout &&
          (read.present("sparse_attention_freq") || read.present("layer_types"));
      if (family.minimax_m3_layout && !sparse_listed && read.ok()) {
        read.assume(
            "sparse_attention_freq",
            "sparse_attention_freq and layer_types are absent: every layer is full attention, "
            "without an indexer (MiniMaxM3VLTextConfig default)");
      }
      if (sparse_listed && read.flag("use_sparse_attention").value_or(true)) {
        // modular_minimax_m3_vl (MiniMaxM3VLIndexer): q_proj to index_n_heads · index_head_dim and
        // k_proj to one index_head_dim key, each with an RMSNorm; its heads (one per key/value
        // group) score every earlier key and keep index_topk_blocks blocks of index_block_size
        // keys, which is all a sparse layer's attention then reads. Defaults:
        // MiniMaxM3VLTextConfig's.
        const double index_heads = familyDefault("index_n_heads", 4);
        const double index_dim = familyDefault("index_head_dim", 128);
        const double blocks = familyDefault("index_topk_blocks", 16);
        const double block_size = familyDefault("index_block_size", 128);
        indexer_params = d * index_heads * index_dim + d * index_dim;
        indexer_norms = 2 * index_dim;  // q_norm and k_norm: a weight each
        shape.attention_params += indexer_params;
        mla_norms += indexer_norms;
        shape.sparse_keys = blocks * block_size;
        shape.indexer_flops_per_key = 2 * index_heads * index_dim;
        // Its key cache (MiniMaxM3VLSparseCacheLayer.idx_keys): one key per token, stored as the
        // layer's keys and values are.
        shape.indexer_bytes_per_token_per_layer =
            index_dim * kv.bytes +
            (kv.scale_group_size > 0 ? std::ceil(index_dim / kv.scale_group_size) * kv.scale_bytes
                                     : 0);
      }
    }

    if (!nas.empty()) {
      // Each layer's own attention, averaged over the layers: the totals and every per-token count
      // are exact; the planner runs each layer at the average.
      double total = 0;
      for (const NasBlock& layer : nas) {
        if (layer.linear_attention) {
          total += d * d;
        } else if (layer.kv_heads > 0) {
          total += 2 * d * heads * shape.head_dim + 2 * d * layer.kv_heads * shape.head_dim;
        }
      }
      shape.attention_params = total / layers;
    }
    return true;
  };
  if (!readAttentionWeights()) return {{}, read.errors};

  // ---- layer layout: MoE ----
  // Layer indices (counted from `first`) as a mask over the layers, or, when one item is no
  // index, an error at `name` (`spelled`: how the config writes the list) and an empty mask.
  auto layerMask = [&](std::string_view name, std::span<const Json> items, std::string_view spelled,
                       double first = 0) {
    std::vector<bool> listed(static_cast<std::size_t>(layers), false);
    for (const Json& item : items) {
      const bool index = item.kind == Json::Kind::number && item.number >= first &&
                         item.number < layers + first && item.number == std::floor(item.number);
      if (!index) {
        read.fail(name, "must list layer indices from " + formatNumber(first) + " to " +
                            formatNumber(layers - 1 + first) + std::string(spelled) + " (got " +
                            describeNumber(item) + ")");
        return std::vector<bool>{};
      }
      listed[static_cast<std::size_t>(item.number - first)] = true;
    }
    return listed;
  };
  // A list of layer indices (mlp_only_layers, moe_layers, attn_layer_indices, full_attn_idxs) as
  // a mask over the layers: empty when the config leaves the key out, or when an item is no index
  // (then an error names the key).
  auto listedLayers = [&](std::string_view name) {
    const Json* items = read.list(name);
    return items ? layerMask(name, items->items, "") : std::vector<bool>{};
  };
  // A list of one 0 or 1 per layer (MiMo-V2-Flash's moe_layer_freq and hybrid_layer_pattern) as
  // a mask over the layers; when an item is neither, or the list is short, an error at `name`.
  auto flagMask = [&](std::string_view name, const Json& list) {
    std::vector<bool> flags;
    if (list.items.size() < static_cast<std::size_t>(layers)) {
      read.fail(name, "must list 0 or 1 for each of the " + formatNumber(layers) + " layers (got " +
                          std::to_string(list.items.size()) + " items)");
      return flags;
    }
    for (std::size_t i = 0; i < static_cast<std::size_t>(layers); ++i) {
      const Json& item = list.items[i];
      if (item.kind != Json::Kind::number || (item.number != 0 && item.number != 1)) {
        read.fail(name, "must list 0 or 1 for each layer (got " + describeNumber(item) + ")");
        return std::vector<bool>{};
      }
      flags.push_back(item.number == 1);
    }
    return flags;
  };
  const auto readLayerLayout = [&]() __attribute__((noinline)) {
    const double first_dense = std::max(read.number("first_k_dense_replace").value_or(0),
                                        read.number("moe_layer_start_index").value_or(0));
    // ERNIE: MoE up to moe_layer_end_index inclusive; -1 (its default) is the last layer.
    const double last_moe = read.number("moe_layer_end_index").value_or(-1);
    // modeling_longcat_flash: the MoE sits in the first block of each layer.
    // MiMo-V2-Flash and MiniMax-M3 list moe_layer_freq per layer, 1 on the MoE layers.
    const Json* moe_flags =
        family.mimo_layout || family.minimax_m3_layout ? read.list("moe_layer_freq") : nullptr;
    const double moe_every = family.longcat_layout ? 2
                             : moe_flags           ? 1
                                                   : read.number("moe_layer_freq").value_or(1);
    const double sparse_step = family.arctic_layout
                                   ? familyDefault("moe_layer_frequency", 2)
                                   : read.number("decoder_sparse_step").value_or(1);
    const std::vector<bool> mlp_only = listedLayers("mlp_only_layers");
    std::vector<bool> listed_moe = listedLayers("moe_layers");
    if (moe_flags) listed_moe = flagMask("moe_layer_freq", *moe_flags);
    // MiniMax-M3: the sparse-attention layers by sparse_attention_freq (layer_types, read with the
    // windows below, decides when given).
    std::vector<bool> sparse_layers;
    if (family.minimax_m3_layout && shape.sparse_keys > 0 && read.ok()) {
      std::string spelled;  // under sparse_attention_config in MiniMax's config.json
      if (const Json* flags = read.list("sparse_attention_freq")) {
        read.find("sparse_attention_freq", &spelled);
        sparse_layers = flagMask(spelled, *flags);
      } else {
        // MiniMaxM3VLTextConfig without either: every layer full attention.
        sparse_layers.assign(static_cast<std::size_t>(layers), false);
      }
    }
    // transformers' spelling (MiniMaxM3VLTextConfig, Step3p7TextConfig): mlp_layer_types, "sparse"
    // on each MoE layer and "dense" elsewhere, decides over moe_layer_freq and moe_layers_enum.
    const Json* mlp_types = (family.minimax_m3_layout || family.step3p5_layout) && read.ok()
                                ? read.list("mlp_layer_types")
                                : nullptr;
    if (mlp_types) {
      listed_moe.clear();
      for (const Json& type : mlp_types->items) {
        const bool sparse = type.kind == Json::Kind::string && type.text == "sparse";
        if (!sparse && !(type.kind == Json::Kind::string && type.text == "dense")) {
          read.fail("mlp_layer_types",
                    "must hold \"sparse\" or \"dense\" (got " + describeNumber(type) + ")");
          break;
        }
        listed_moe.push_back(sparse);
      }
      if (read.ok() && listed_moe.size() != static_cast<std::size_t>(layers)) {
        read.fail("mlp_layer_types", "must list one type per layer (" + formatNumber(layers) +
                                         ") (got " + std::to_string(listed_moe.size()) + ")");
      }
    } else if ((family.step3_layout || family.step3p5_layout) && read.ok()) {
      // Step3TextConfig, Step3p7TextConfig: moe_layers_enum, comma-separated in config.json
      // (Step-3.5 also a list); by default 4 to 59 (Step-3) or 3 on (Step-3.5).
      const Json* enumerated = family.step3p5_layout ? read.find("moe_layers_enum") : nullptr;
      if (enumerated && enumerated->kind == Json::Kind::array) {
        listed_moe = layerMask("moe_layers_enum", enumerated->items, "");
      } else if (const std::optional<std::string> listed = read.text("moe_layers_enum")) {
        std::vector<Json> items;
        for (std::string_view rest = *listed; !rest.empty();) {
          const std::size_t comma = rest.find(',');
          std::string_view part = rest.substr(0, comma);
          rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
          // Step3p7TextConfig skips blank items and the spaces around an index ("3, 4 ,7").
          while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
          while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
          if (part.empty()) continue;
          Json item;
          item.kind = Json::Kind::string;
          item.text = std::string(part);
          char* end = nullptr;
          const double number = std::strtod(item.text.c_str(), &end);
          if (*end == '\0') {
            item.kind = Json::Kind::number;
            item.number = number;
          }
          items.push_back(std::move(item));
        }
        listed_moe = layerMask("moe_layers_enum", items, ", comma-separated");
      } else {
        listed_moe.assign(static_cast<std::size_t>(layers), false);
        const std::size_t first = family.step3p5_layout ? 3 : 4;
        const std::size_t last = family.step3p5_layout ? listed_moe.size() : 60;
        for (std::size_t i = first; i < listed_moe.size() && i < last; ++i) listed_moe[i] = true;
        if (experts > 0) {
          read.assume(
              "moe_layers_enum",
              family.step3p5_layout
                  ? "moe_layers_enum is absent: layers 3 on are MoE (Step3p7TextConfig default)"
                  : "moe_layers_enum is absent: layers 4 to 59 are MoE (Step3TextConfig "
                    "default)");
        }
      }
    }
    if (first_dense > layers) {
      read.fail("first_k_dense_replace", "must be at most num_hidden_layers (" +
                                             formatNumber(layers) + ") (got " +
                                             formatNumber(first_dense) + ")");
    }
    // configuration_jamba: layer i is attention when i mod attn_layer_period = attn_layer_offset
    // (Mamba-1 otherwise), MoE when i mod expert_layer_period = expert_layer_offset.
    double attention_period = 0, attention_offset = 0, expert_period = 0, expert_offset = 0;
    if (family.jamba_layout) {
      attention_period = familyDefault("attn_layer_period", 8);
      attention_offset = familyDefault("attn_layer_offset", 4);
      expert_period = familyDefault("expert_layer_period", 2);
      expert_offset = familyDefault("expert_layer_offset", 1);
      if (read.ok() && attention_offset >= attention_period) {
        read.fail("attn_layer_offset", "must be below attn_layer_period (" +
                                           formatNumber(attention_period) + ") (got " +
                                           formatNumber(attention_offset) + ")");
      } else if (read.ok() && expert_offset >= expert_period) {
        read.fail("expert_layer_offset", "must be below expert_layer_period (" +
                                             formatNumber(expert_period) + ") (got " +
                                             formatNumber(expert_offset) + ")");
      }
    }
    if (!read.ok()) return false;
    shape.layer_shapes.resize(static_cast<std::size_t>(layers));
    for (std::size_t i = 0; i < shape.layer_shapes.size(); ++i) {
      const double index = static_cast<double>(i);
      // DeepSeek (first_k_dense_replace, moe_layer_freq) and Qwen-MoE (decoder_sparse_step,
      // mlp_only_layers) rules together; each is neutral at its default.
      LayerShape& layer = shape.layer_shapes[i];
      layer.attention = shape.attention;
      // DSA: every layer attends to top-k keys, with an indexer of its own but GLM-5.2's shared;
      // MiniMax-M3: its sparse layers only.
      layer.sparse = shape.sparse_keys > 0 && (sparse_layers.empty() || sparse_layers[i]);
      layer.indexed = layer.sparse && (shared_indexer.empty() || !shared_indexer[i]);
      if (family.nemotron_blocks) {
        if (!nemotron[i].attention) layer.attention = AttentionKind::linear;
        layer.ffn = nemotron[i].ffn != 0;
        layer.moe = nemotron[i].ffn == 'E';
      } else if (family.jamba_layout) {
        if (std::fmod(index, attention_period) != attention_offset) {
          layer.attention = AttentionKind::linear;
        }
        layer.moe = experts > 0 && std::fmod(index, expert_period) == expert_offset;
      } else {
        layer.moe =
            experts > 0 &&
            (listed_moe.empty()
                 ? index >= first_dense && (last_moe < 0 || index <= last_moe) &&
                       std::fmod(index, moe_every) == 0 && std::fmod(index + 1, sparse_step) == 0 &&
                       (mlp_only.empty() || !mlp_only[i])
                 : listed_moe[i]);
      }
      if (!nas.empty()) layer.ffn = nas[i].ffn;
      shape.moe_layers += layer.ffn && layer.moe ? 1 : 0;
      shape.dense_layers += layer.ffn && !layer.moe ? 1 : 0;
    }
    return true;
  };
  if (!readLayerLayout()) return {{}, read.errors};

  // ---- FFN ----
  const auto readFeedForward = [&]() __attribute__((noinline)) {
    const double ffn_matrices = shape.gated_mlp ? 3 : 2;
    const bool mlp_bias =
        read.flag("mlp_bias").value_or(family.mlp_bias) || (family.bias_key_covers_mlp && biased);
    // One FFN of `width`: gate (if gated), up and down; biases on each if the family has them.
    auto ffnParams = [&](double width) {
      return ffn_matrices * d * width + (mlp_bias ? (ffn_matrices - 1) * width + d : 0);
    };
    auto intermediate = [&]() -> double {
      if (auto width = read.number("intermediate_size")) {
        // QWen (modeling_qwen.py QWenMLP): w1 and w2 are intermediate_size / 2 wide each.
        if (family.ffn_halved) return *width / 2;
        if (!family.lfm2_ffn_adjust || !read.flag("block_auto_adjust_ff_dim").value_or(true)) {
          return *width;
        }
        // modeling_lfm2 (Lfm2MLP): two thirds of intermediate_size, times the multiplier, rounded
        // up to block_multiple_of.
        const double multiple = read.number("block_multiple_of").value_or(256);
        double adjusted = std::floor(2 * *width / 3);
        if (auto multiplier = read.number("block_ffn_dim_multiplier")) {
          adjusted = std::floor(*multiplier * adjusted);
        }
        return multiple * std::ceil(adjusted / multiple);
      }
      if (!read.ok()) return 0;
      // MPT (llm-foundry's resolve_ffn_hidden_size): int(expansion_ratio · d_model).
      if (auto ratio = read.number("expansion_ratio")) {
        const double width = std::floor(*ratio * d);
        if (width < 1) {
          read.fail("expansion_ratio",
                    "must give an FFN at least 1 wide: expansion_ratio · d_model (" +
                        formatNumber(d) + ") (got " + formatNumber(*ratio) + ")");
        }
        return width;
      }
      if (!read.ok()) return 0;
      if (family.ffn_multiple > 0) {
        const double width = family.ffn_multiple * d;
        read.assume("intermediate_size",
                    "intermediate_size is absent: " + formatNumber(family.ffn_multiple) +
                        " · hidden_size = " + formatNumber(width) + " (" +
                        std::string(family.model_type) + " default)");
        return width;
      }
      read.required("intermediate_size");
      return 0;
    };
    // modeling_granitemoehybrid: every layer's shared_mlp, alone or beside the experts.
    auto graniteShared = [&]() {
      return familyDefault("shared_intermediate_size", 1024, " wide shared MLP");
    };
    if (!nas.empty()) {
      // Each layer's own FFN, averaged over the layers that have one.
      double total = 0;
      for (const NasBlock& layer : nas) {
        if (layer.ffn) total += layer.linear_ffn ? d * d : ffnParams(layer.ffn_width);
      }
      if (shape.dense_layers > 0) shape.dense_ffn_params = total / shape.dense_layers;
    } else if (shape.dense_layers > 0) {
      shape.dense_ffn_params =
          ffnParams(family.llama4_layout       ? read.required("intermediate_size_mlp")
                    : family.granite_ffn       ? graniteShared()
                    : family.minimax_m3_layout ? familyDefault("dense_intermediate_size", 12288)
                                               : intermediate());
      // modeling_gemma4 (Gemma4TextMLP): with use_double_wide_mlp, the layers that share keys and
      // values have FFNs twice as wide; every layer is run at the average.
      if (family.gemma4_layout && kv_shared_layers > 0 && kv_shared_layers < layers &&
          read.flag("use_double_wide_mlp").value_or(false)) {
        shape.dense_ffn_params = ((layers - kv_shared_layers) * shape.dense_ffn_params +
                                  kv_shared_layers * ffnParams(2 * intermediate())) /
                                 layers;
        shape.notes.push_back(
            {"use_double_wide_mlp",
             "the " + formatNumber(kv_shared_layers) +
                 " layers that share keys and values have FFNs 2 · intermediate_size wide: "
                 "parameters are counted layer by layer, the planner runs every layer at the "
                 "average FFN"});
      }
    }
    if (experts > 0) {
      const std::optional<double> top_k = read.number("num_experts_per_tok");
      if (!read.ok()) return false;
      if (!top_k || *top_k > experts) {
        read.fail("num_experts_per_tok", "must be a whole number from 1 to the experts (" +
                                             formatNumber(experts) + ") (got " +
                                             (top_k ? formatNumber(*top_k) : "none") + ")");
        return false;
      }
      const double groups = read.number("n_group").value_or(0);
      const double top_groups = read.number("topk_group").value_or(0);
      if (groups > 0) {
        if (std::fmod(experts, groups) != 0) {
          read.fail("n_group", "must divide the routed experts (" + formatNumber(experts) +
                                   ") (got " + formatNumber(groups) + ")");
        } else if (top_groups < 1 || top_groups > groups) {
          read.fail("topk_group", "must be a whole number from 1 to n_group (" +
                                      formatNumber(groups) + ") (got " + formatNumber(top_groups) +
                                      ")");
        } else if (top_groups * experts / groups < *top_k) {
          // V3 report §2.1.2: top-k is chosen among the experts of topk_group groups.
          read.fail("topk_group",
                    "groups of experts / n_group experts hold fewer than "
                    "num_experts_per_tok (" +
                        formatNumber(*top_k) + ") experts; raise topk_group");
        }
      }
      // modeling_longcat_flash (LongcatFlashTopkRouter): the top k of experts + zero_expert_num
      // slots, a pick of an identity expert costing nothing; routing spread evenly over the slots
      // (what its expert bias steers toward) gives k · experts / (experts + zero) real ones a
      // token.
      const double zero_experts =
          family.longcat_layout ? read.number("zero_expert_num").value_or(0) : 0;
      if (const std::optional<std::string> type = read.text("zero_expert_type");
          type && *type != "identity") {
        read.fail("zero_expert_type", "must be \"identity\" (got \"" + *type + "\")");
        return false;
      }
      shape.routed_experts = experts;
      shape.experts_per_token = *top_k * experts / (experts + zero_experts);
      if (zero_experts > 0) {
        shape.notes.push_back(
            {"zero_expert_num",
             "the router picks " + formatNumber(*top_k) + " of " +
                 formatNumber(experts + zero_experts) + " slots, " + formatNumber(zero_experts) +
                 " of them identity experts (no weights, no FLOPs): spread evenly, " +
                 formatNumber(shape.experts_per_token) +
                 " real experts a token, which activeParams, the FLOPs and the planner count "
                 "(from " +
                 "0 to " + formatNumber(*top_k) + " token by token)"});
      }
      shape.expert_groups = groups;
      shape.groups_per_token = top_groups;
      double expert_width = 0;
      if (auto width = read.number("moe_intermediate_size")) {
        expert_width = *width;
      } else if (family.llama4_layout || family.granite_ffn) {
        expert_width = read.required("intermediate_size");
      } else if (read.ok()) {
        expert_width = intermediate();
        read.assume("moe_intermediate_size",
                    "moe_intermediate_size is absent: each expert is intermediate_size = " +
                        formatNumber(expert_width) + " wide (Mixtral, gpt-oss convention)");
      }
      // A latent expert maps moe_latent_size, not hidden_size, to its width and back.
      shape.expert_params = latent > 0
                                ? ffn_matrices * latent * expert_width +
                                      (mlp_bias ? (ffn_matrices - 1) * expert_width + latent : 0)
                                : ffnParams(expert_width);
      // The router is one d × experts matrix per MoE layer (reference §1.2: 256 × 7168); Gemma 4's
      // adds a scale per channel and one per expert (Gemma4TextRouter); LatentMoE's projections
      // into the latent and out of it (fc1_latent_proj, fc2_latent_proj) run beside it, once per
      // token.
      const bool expert_bias = family.router_bias || read.flag("use_expert_bias").value_or(false);
      const double slots = experts + zero_experts;
      // Kimi K3 (latent_moe_use_norm): routed_expert_norm on the latent sum.
      const bool latent_norm = latent > 0 && read.flag("latent_moe_use_norm").value_or(false);
      shape.router_params = slots * d + (expert_bias ? slots : 0) +
                            (family.gemma4_layout ? d + experts : 0) +
                            (latent > 0 ? 2 * d * latent + (mlp_bias ? latent + d : 0) : 0) +
                            (latent_norm ? latent : 0);
      if (latent > 0) shape.routed_width = latent;
      if (family.arctic_layout) {
        // arctic.py: with parallel_attn_mlp_res each MoE layer's residual_mlp (an ArcticMLP with
        // is_residual_mlp, hidden_size wide) runs beside the experts on every token.
        if (read.flag("parallel_attn_mlp_res").value_or(false)) {
          shape.shared_experts = 1;
          shape.shared_expert_params = ffnParams(d);
        }
      } else if (family.gemma4_layout || family.longcat_layout) {
        // modeling_gemma4: the layer's dense FFN (intermediate_size) runs beside the experts;
        // modeling_longcat_flash: the first block's dense MLP (ffn_hidden_size) beside the MoE.
        shape.shared_experts = 1;
        shape.shared_expert_params = ffnParams(intermediate());
      } else if (family.llama4_layout) {
        // modeling_llama4: every MoE layer adds one shared expert as wide as a routed one.
        shape.shared_experts = 1;
        shape.shared_expert_params = shape.expert_params;
      } else if (family.granite_ffn) {
        const double width = graniteShared();
        shape.shared_experts = width > 0 ? 1 : 0;
        shape.shared_expert_params = ffnParams(width);
      } else if (family.minimax_m3_layout) {
        // MiniMaxM3VLSparseMoeBlock: one shared expert, shared_intermediate_size wide, whatever
        // n_shared_experts says.
        read.number("n_shared_experts");
        const double width = familyDefault("shared_intermediate_size", 3072);
        shape.shared_experts = width > 0 ? 1 : 0;
        shape.shared_expert_params = ffnParams(width);
      } else if (auto shared = read.number("n_shared_experts");
                 shared && *shared > 0 && read.flag("use_mixed_mlp_moe").value_or(true)) {
        shape.shared_experts = *shared;
        // Ling 2.0 (modeling_bailing_moe_v2): shared experts of their own width; Step-3.7-Flash
        // gives it as share_expert_dim.
        std::optional<double> shared_width = read.number("moe_shared_expert_intermediate_size");
        if (!shared_width) shared_width = read.number("shared_expert_intermediate_size");
        // Shared experts work on hidden_size even beside latent routed ones (Kimi K3).
        shape.shared_expert_params = shared_width ? ffnParams(*shared_width)
                                     : latent > 0 ? ffnParams(expert_width)
                                                  : shape.expert_params;
      } else if (auto width = read.number("shared_expert_intermediate_size"); width && *width > 0) {
        // Qwen2-MoE: one shared expert of its own width, scaled by a sigmoid gate (d × 1).
        shape.shared_experts = 1;
        shape.shared_expert_params = ffnParams(*width) + (family.shared_expert_gate ? d : 0);
      }
      read.flag("norm_topk_prob");
      read.number("routed_scaling_factor");
      read.text("scoring_func");
      read.text("topk_method");
      if (shape.moe_layers == 0) {
        shape.notes.push_back(
            {"first_k_dense_replace", "no layer is MoE with this layout; every layer is dense"});
      }
    } else if (read.number("n_shared_experts").value_or(0) > 0 && experts_key != 1 &&
               !family.nemotron_blocks) {
      std::string spelled;  // the config's own spelling (ERNIE's moe_num_shared_experts, …)
      read.find("n_shared_experts", &spelled);
      read.fail(spelled, "needs routed experts (" + ConfigReader::spellings("num_experts") + ")");
    }
    if (!read.ok()) return false;

    // MiniMax's code has a shared expert beside the experts when shared_intermediate_size > 0, of
    // a width its two implementations disagree on; the released checkpoints have none (0).
    if (family.lightning_attention && read.number("shared_intermediate_size").value_or(0) > 0) {
      read.fail(
          "shared_intermediate_size",
          "is not 0: MiniMax's shared expert is not modelled (its released models have none)");
      return false;
    }
    return true;
  };
  if (!readFeedForward()) return {{}, read.errors};

  // ---- windows ----
  // configuration_nemotron_h derives a layer_types of its own from the pattern (its MLP blocks
  // as "moe", for the cache): the pattern read above is the layout.
  const Json* layer_types =
      family.nemotron_blocks || family.jamba_layout || family.deepseek_v4_layout
          ? nullptr
          : read.list("layer_types");
  if (family.nemotron_blocks) read.present("layer_types");
  if (!read.ok()) return {{}, read.errors};
  double window = 0;
  auto windowKey = [&]() {
    const std::optional<double> key = read.number("sliding_window");
    if (key) return *key;
    if (read.present("sliding_window")) return 0.0;
    if (read.ok() && family.window_default > 0) {
      read.assume("sliding_window",
                  "sliding_window is absent: " + formatNumber(family.window_default) + " (" +
                      std::string(family.model_type) + " default)");
    }
    return family.window_default;
  };
  // Step-3.5's published config lists its MTP layers' types after the decoder's (sliding: the
  // README's "sliding-window attention" MTP head, when it does not).
  bool step3p5_mtp_sliding = true;
  const double mtp_types =
      family.step3p5_layout ? read.number("num_nextn_predict_layers").value_or(0) : 0;
  const auto readLayerWindows = [&]() __attribute__((noinline)) {
    if (layer_types) {
      const std::size_t listed = layer_types->items.size();
      if (listed != shape.layer_shapes.size() &&
          (mtp_types == 0 ||
           listed != shape.layer_shapes.size() + static_cast<std::size_t>(mtp_types))) {
        read.fail("layer_types", "must list one type per layer (" + formatNumber(layers) +
                                     (mtp_types > 0 ? "; or " + formatNumber(layers + mtp_types) +
                                                          ", the MTP layers' after them"
                                                    : std::string()) +
                                     ") (got " + std::to_string(listed) + ")");
        return false;
      }
      auto named = [](const Json& type, std::string_view name) {
        return type.kind == Json::Kind::string && type.text == name;
      };
      window = windowKey();
      for (std::size_t i = 0; i < layer_types->items.size(); ++i) {
        const Json& type = layer_types->items[i];
        const bool sliding = named(type, "sliding_attention");
        if (((family.gated_delta_net || family.lightning_attention) &&
             named(type, "linear_attention")) ||
            (family.mamba2 && named(type, "mamba")) ||
            (family.lfm2_layout && named(type, "conv"))) {
          shape.layer_shapes[i].attention = AttentionKind::linear;
          continue;
        }
        // configuration_granitemoehybrid: "mamba" or "attention"; GlmMoeDsaConfig writes
        // "deepseek_sparse_attention" for its DSA layers (their top-k comes from index_topk);
        // MiniMaxM3VLTextConfig "minimax_m3_sparse" for its sparse layers, the others full.
        const bool minimax_sparse = family.minimax_m3_layout && named(type, "minimax_m3_sparse");
        if (family.minimax_m3_layout && i < shape.layer_shapes.size()) {
          LayerShape& layer = shape.layer_shapes[i];
          layer.sparse = layer.indexed = minimax_sparse && shape.sparse_keys > 0;
        }
        const bool full =
            named(type, "full_attention") || (family.mamba2 && named(type, "attention")) ||
            (shape.sparse_keys > 0 && named(type, "deepseek_sparse_attention")) || minimax_sparse;
        if (!sliding && !full) {
          read.fail(
              "layer_types",
              std::string("must hold ") +
                  (family.mamba2        ? "\"mamba\" or \"attention\""
                   : family.lfm2_layout ? "\"conv\" or \"full_attention\""
                   : family.gated_delta_net || family.lightning_attention
                       ? "\"full_attention\", \"linear_attention\" or \"sliding_attention\""
                   : family.minimax_m3_layout
                       ? "\"full_attention\", \"minimax_m3_sparse\" or \"sliding_attention\""
                   : shape.sparse_keys > 0 ? "\"full_attention\", \"deepseek_sparse_attention\" or "
                                             "\"sliding_attention\""
                                           : "\"full_attention\" or \"sliding_attention\"") +
                  " (item " + std::to_string(i) + " is " + describeNumber(type) + ")");
          return false;
        }
        if (sliding && window <= 0) {
          read.fail("sliding_window", "is required when layer_types has sliding layers");
          return false;
        }
        if (i >= shape.layer_shapes.size()) {  // Step-3.5: an MTP layer's type (all alike)
          step3p5_mtp_sliding = sliding;
          continue;
        }
        LayerShape& layer = shape.layer_shapes[i];
        layer.window = sliding ? window : 0;
        if (family.step3p5_layout && sliding) {
          layer.head_dim_ratio = swa_flops_ratio;
          layer.kv_bytes_ratio = swa_kv_bytes_ratio;
          layer.qk_width_ratio = swa_qk_width_ratio;
        }
      }
    } else if ((family.mamba2 && !family.nemotron_blocks && !family.parallel_mamba) ||
               family.lfm2_layout) {
      // configuration_granitemoehybrid: without layer_types every layer is Mamba-2;
      // configuration_bamba: every layer but those attn_layer_indices lists; LFM2: every layer but
      // those full_attn_idxs lists is a convolution.
      for (LayerShape& layer : shape.layer_shapes) layer.attention = AttentionKind::linear;
      const std::string_view indices_key =
          family.lfm2_layout ? "full_attn_idxs" : "attn_layer_indices";
      const std::vector<bool> attending = family.attention_indices || family.lfm2_layout
                                              ? listedLayers(indices_key)
                                              : std::vector<bool>{};
      if (!read.ok()) return false;
      for (std::size_t i = 0; i < attending.size(); ++i) {
        if (attending[i]) shape.layer_shapes[i].attention = shape.attention;
      }
    } else if (family.lightning_attention) {
      // modeling_minimax_m1: attn_type_list gives each layer 0 (lightning) or 1 (softmax);
      // configuration_minimax without either list: lightning in every second layer from layer 1.
      if (const Json* types = read.list("attn_type_list")) {
        if (types->items.size() != shape.layer_shapes.size()) {
          read.fail("attn_type_list", "must give one type per layer (" + formatNumber(layers) +
                                          ") (got " + std::to_string(types->items.size()) + ")");
          return false;
        }
        for (std::size_t i = 0; i < types->items.size(); ++i) {
          const Json& type = types->items[i];
          if (type.kind != Json::Kind::number || (type.number != 0 && type.number != 1)) {
            read.fail("attn_type_list",
                      "must hold 0 (lightning attention) or 1 (softmax "
                      "attention) (item " +
                          std::to_string(i) + " is " + describeNumber(type) + ")");
            return false;
          }
          if (type.number == 0) shape.layer_shapes[i].attention = AttentionKind::linear;
        }
      } else {
        if (read.ok()) {
          read.assume("layer_types",
                      "layer_types and attn_type_list are absent: lightning attention in layers 1, "
                      "3, 5, … (configuration_minimax default)");
        }
        for (std::size_t i = 1; i < shape.layer_shapes.size(); i += 2) {
          shape.layer_shapes[i].attention = AttentionKind::linear;
        }
      }
    } else if (family.mimo_layout) {
      // modeling_mimo_v2_flash: hybrid_layer_pattern 1 marks a sliding layer (sliding_window),
      // 0 a full one.
      const Json* pattern = read.list("hybrid_layer_pattern");
      if (!pattern)
        read.fail("hybrid_layer_pattern", "is required: 0 (full) or 1 (sliding) per layer");
      const std::vector<bool> sliding =
          pattern ? flagMask("hybrid_layer_pattern", *pattern) : std::vector<bool>{};
      window = read.required("sliding_window");
      if (!read.ok()) return false;
      for (std::size_t i = 0; i < sliding.size(); ++i) {
        if (!sliding[i]) continue;
        LayerShape& layer = shape.layer_shapes[i];
        layer.window = window;
        layer.head_dim_ratio = swa_flops_ratio;
        layer.kv_bytes_ratio = swa_kv_bytes_ratio;
        layer.qk_width_ratio = swa_qk_width_ratio;
      }
    } else if (family.kda_layout) {
      // configuration_kimi: layer i is Kimi Delta Attention when i + 1 is in kda_layers, MLA
      // otherwise (full_attn_layers, its complement, is not read by the model).
      if (const Json* listed = read.list("linear_attn_config.kda_layers")) {
        const std::vector<bool> kda =
            layerMask("linear_attn_config.kda_layers", listed->items, ", counted from 1", 1);
        if (!read.ok()) return false;
        for (std::size_t i = 0; i < kda.size(); ++i) {
          if (kda[i]) shape.layer_shapes[i].attention = AttentionKind::linear;
        }
      }
    } else if (family.gated_delta_net) {
      // configuration_qwen3_next: without layer_types, layer i is full attention when (i + 1) is a
      // multiple of full_attention_interval (4 by default), Gated DeltaNet otherwise.
      const double interval =
          familyDefault("full_attention_interval", 4, ", every 4th layer full attention");
      for (std::size_t i = 0; i < shape.layer_shapes.size(); ++i) {
        if (std::fmod(static_cast<double>(i + 1), interval) != 0) {
          shape.layer_shapes[i].attention = AttentionKind::linear;
        }
      }
    } else {
      switch (family.windows) {
        case WindowRule::none:
          break;
        case WindowRule::every_layer:
          window = windowKey();
          for (LayerShape& layer : shape.layer_shapes) layer.window = window;
          break;
        case WindowRule::qwen: {
          // configuration_qwen2: sliding_window applies only with use_sliding_window, and then to
          // layers i ≥ max_window_layers.
          const bool use = read.flag("use_sliding_window").value_or(false);
          const std::optional<double> key = read.number("sliding_window");
          const double from = read.number("max_window_layers").value_or(28);
          if (use) {
            window = key.value_or(family.window_default);
            for (std::size_t i = static_cast<std::size_t>(std::min(from, layers));
                 i < shape.layer_shapes.size(); ++i) {
              shape.layer_shapes[i].window = window;
            }
          }
          break;
        }
        case WindowRule::alternate:
          window = windowKey();
          for (std::size_t i = 0; i < shape.layer_shapes.size(); i += 2) {
            shape.layer_shapes[i].window = window;
          }
          break;
        case WindowRule::pattern: {
          window = windowKey();
          if (window <= 0) break;  // sliding_window null: every layer global, whatever the pattern
          const Json* letters =
              family.lettered_pattern ? read.find("sliding_window_pattern") : nullptr;
          if (letters && letters->kind == Json::Kind::string) {
            // configuration_exaone4: "L" slides, "G" is global, from layer 0 on, repeated; the last
            // layer is global.
            const std::string& text = letters->text;
            if (text.empty() || text.find_first_not_of("LG") != std::string::npos) {
              read.fail("sliding_window_pattern",
                        "must be a whole number or letters L (sliding) and G (global) (got \"" +
                            text + "\")");
              return false;
            }
            for (std::size_t i = 0; i + 1 < shape.layer_shapes.size(); ++i) {
              if (text[i % text.size()] == 'L') shape.layer_shapes[i].window = window;
            }
            break;
          }
          const double pattern =
              familyDefault("sliding_window_pattern", family.sliding_pattern,
                            ", every " + formatNumber(family.sliding_pattern) + "th layer global");
          // configuration_gemma3: layer i slides unless (i + 1) is a multiple of the pattern.
          for (std::size_t i = 0; i < shape.layer_shapes.size(); ++i) {
            if (std::fmod(static_cast<double>(i + 1), pattern) != 0) {
              shape.layer_shapes[i].window = window;
            }
          }
          // configuration_gemma4: the last layer is always full attention.
          if (family.gemma4_layout) shape.layer_shapes.back().window = 0;
          break;
        }
      }
    }
    if (family.llama4_layout && !layer_types) {
      // configuration_llama4: an empty no_rope_layers means every 4th layer is a global NoPE layer;
      // the others use RoPE and attend within chunks of attention_chunk_size.
      // Left out, Llama4TextConfig's default chunk of 8,192 tokens; written null, no chunking.
      const double chunk =
          read.present("attention_chunk_size")
              ? read.number("attention_chunk_size").value_or(0)
              : familyDefault("attention_chunk_size", 8192, " tokens a chunk of the RoPE layers");
      const Json* rope = read.list("no_rope_layers");
      const bool listed = rope && !rope->items.empty();
      if (listed && rope->items.size() != shape.layer_shapes.size()) {
        read.fail("no_rope_layers", "must list one 0 or 1 per layer (" + formatNumber(layers) +
                                        ") (got " + std::to_string(rope->items.size()) + ")");
        return false;
      }
      read.flag("use_qk_norm");
      for (std::size_t i = 0; chunk > 0 && i < shape.layer_shapes.size(); ++i) {
        const bool uses_rope =
            listed ? rope->items[i].kind == Json::Kind::number && rope->items[i].number != 0
                   : (i + 1) % 4 != 0;
        shape.layer_shapes[i].window = uses_rope ? chunk : 0;
        shape.layer_shapes[i].chunked = uses_rope;
      }
    }
    return true;
  };
  if (!readLayerWindows()) return {{}, read.errors};
  // Nemotron-NAS: a layer caches its own group's keys and values; one without attention (or with a
  // linear layer in its place) caches none and computes no attention scores.
  double nas_attention_free = 0;
  for (std::size_t i = 0; i < nas.size(); ++i) {
    shape.layer_shapes[i].kv_bytes_ratio = nas[i].kv_heads / shape.kv_heads;
    if (nas[i].kv_heads == 0) {
      shape.layer_shapes[i].head_dim_ratio = shape.layer_shapes[i].qk_width_ratio = 0;
      nas_attention_free += nas[i].linear_attention ? 0 : 1;
    }
  }
  // modeling_mllama: a cross-attention layer's keys and values are the image's, computed once per
  // image: it caches none per text token.
  double cross_layers = 0;
  if (family.mllama_layout) {
    const std::vector<bool> cross = listedLayers("cross_attention_layers");
    for (std::size_t i = 0; i < cross.size(); ++i) {
      if (!cross[i]) continue;
      shape.layer_shapes[i].kv_bytes_ratio = 0;
      cross_layers += 1;
    }
  }
  // Hunyuan's cross layers (use_cla, above) cache nothing.
  double kv_sharing_layers = 0;
  for (std::size_t i = 0; cla_share > 1 && i < shape.layer_shapes.size(); ++i) {
    if (std::fmod(static_cast<double>(i), cla_share) == 0) continue;
    shape.layer_shapes[i].kv_shared = true;
    kv_sharing_layers += 1;
  }
  if (kv_sharing_layers > 0) {
    shape.notes.push_back(
        {"use_cla", formatNumber(kv_sharing_layers) + " of " + formatNumber(layers) +
                        " layers attend with the keys and values of the layer before them "
                        "(cla_share_factor " +
                        formatNumber(cla_share) + "): no k_proj or v_proj, and no KV cache"});
  }
  // modeling_gemma3n, modeling_gemma4 (the attention classes): the last num_kv_shared_layers
  // layers attend with the keys and values of the last earlier layer of their kind (sliding or
  // full) and cache none. Gemma 3n's checkpoint keeps their k_proj and v_proj; Gemma 4's code
  // builds none (Google's checkpoints carry them unused).
  double shared_kv_total = 0;
  for (std::size_t i = static_cast<std::size_t>(layers - kv_shared_layers);
       i < shape.layer_shapes.size(); ++i) {
    shape.layer_shapes[i].kv_shared = true;
    shared_kv_total +=
        shape.layer_shapes[i].window > 0 ? shared_kv_params : global_shared_kv_params;
  }
  if (kv_shared_layers > 0) {
    shape.notes.push_back(
        {"num_kv_shared_layers",
         "the last " + formatNumber(kv_shared_layers) + " of " + formatNumber(layers) +
             " layers attend with the keys and values of an earlier layer of their kind: no KV "
             "cache (" +
             (family.gemma3n_layout ? "their k_proj and v_proj are counted, as the checkpoint "
                                      "holds them)"
                                    : "nor k_proj, v_proj or k_norm)")});
  }
  if (!read.ok()) return {{}, read.errors};
  double global_layers = 0;
  for (LayerShape& layer : shape.layer_shapes) {
    if (layer.attention == AttentionKind::linear) shape.linear_layers += 1;
    if (family.gemma4_layout && layer.window == 0) {
      layer.head_dim_ratio = layer.qk_width_ratio = global_head_dim_ratio;
      layer.kv_bytes_ratio = global_kv_bytes_ratio;
      global_layers += 1;
    }
  }
  // A full layer's attention, before the average over the layers (Step-3.5's MTP layers).
  const double full_attention_params = shape.attention_params;
  if (family.mimo_layout || family.step3p5_layout) {
    const double sliding = static_cast<double>(
        std::count_if(shape.layer_shapes.begin(), shape.layer_shapes.end(),
                      [](const LayerShape& layer) { return layer.window > 0; }));
    shape.attention_params =
        ((layers - sliding) * shape.attention_params + sliding * swa_attention_params) / layers;
  }
  if (global_layers > 0) {
    shape.attention_params = ((layers - global_layers) * shape.attention_params +
                              global_layers * global_attention_params) /
                             layers;
  }
  // modeling_gemma3n and modeling_gemma4 (the decoder layers), beside the attention on the
  // residual stream of every layer: per_layer_input_gate and per_layer_projection
  // (hidden_size_per_layer_input wide); Gemma 3n also LAuReL's linear_left and linear_right
  // (laurel_rank) and AltUp's modality_router (altup_num_inputs). Their norms and AltUp's
  // coefficients count as norms. Gemma 4's KV-sharing layers have no k_proj, v_proj or k_norm.
  shape.attention_params += 2 * d * per_layer_width - shared_kv_total / layers;
  if (family.gemma3n_layout) {
    shape.attention_params += 2 * d * familyDefault("laurel_rank", 64) + d * altup;
  }

  // ---- recurrent layers ----
  double linear_params = 0;
  const auto readRecurrentLayers = [&]() __attribute__((noinline)) {
    // The key that lays the linear layers out, which messages about them name.
    const std::string_view layout_key = family.nemotron_blocks     ? "hybrid_override_pattern"
                                        : family.jamba_layout      ? "attn_layer_offset"
                                        : family.attention_indices ? "attn_layer_indices"
                                        : layer_types              ? "layer_types"
                                        : family.lfm2_layout       ? "full_attn_idxs"
                                        : family.gated_delta_net   ? "full_attention_interval"
                                        : family.kda_layout        ? "linear_attn_config.kda_layers"
                                        : family.lightning_attention && read.find("attn_type_list")
                                            ? "attn_type_list"
                                            : "layer_types";
    if (shape.linear_layers == layers) {
      read.fail(layout_key,
                "leaves no attention layer: ridgepoint models hybrids whose KV cache sits in their "
                "attention layers");
      return false;
    }
    shape.recurrent_layers = family.parallel_mamba ? layers : shape.linear_layers;
    double state_bytes = 2;
    // LFM2 keeps only conv inputs; Kimi Delta Attention's state is FP32 in every engine.
    if (shape.recurrent_layers > 0 && !family.lfm2_layout && !family.kda_layout) {
      if (!state_dtype) {
        read.assume(
            "mamba_ssm_dtype",
            "mamba_ssm_dtype is absent: the recurrent state in BF16, 2 B an element (vLLM's "
            "mamba_ssm_cache_dtype 'auto': the model's dtype)");
      } else if (*state_dtype == "float32") {
        state_bytes = 4;
      } else if (*state_dtype != "bfloat16" && *state_dtype != "float16") {
        read.fail("mamba_ssm_dtype", "must be \"float32\", \"bfloat16\" or \"float16\" (got \"" +
                                         *state_dtype + "\")");
        return false;
      }
    }
    if (shape.linear_layers > 0 && family.gated_delta_net) {
      // Gated DeltaNet (modeling_qwen3_next, Qwen3NextGatedDeltaNet; Qwen3.5 splits the same
      // projections in four), with configuration_qwen3_next's defaults.
      const double key_heads = familyDefault("linear_num_key_heads", 16);
      const double value_heads = familyDefault("linear_num_value_heads", 32);
      const double key_dim = familyDefault("linear_key_head_dim", 128);
      const double value_dim = familyDefault("linear_value_head_dim", 128);
      const double kernel = familyDefault("linear_conv_kernel_dim", 4);
      if (!read.ok()) return false;
      if (std::fmod(value_heads, key_heads) != 0) {
        // Each key head serves value_heads / key_heads value heads (repeat_interleave).
        read.fail("linear_num_value_heads", "must be a multiple of linear_num_key_heads (" +
                                                formatNumber(key_heads) + ") (got " +
                                                formatNumber(value_heads) + ")");
        return false;
      }
      shape.recurrent_mixer = "Gated DeltaNet";
      shape.linear_value_heads = value_heads;
      const double keys = key_heads * key_dim, values = value_heads * value_dim;
      const double conv = 2 * keys + values;  // q, k and v pass the causal convolution
      // in_proj_qkvz (q, k, v and the output gate z), in_proj_ba (β and the decay's input per
      // value head), conv1d (depthwise, no bias), dt_bias and A_log, the gated RMSNorm of one
      // value head's width, out_proj.
      linear_params = d * (2 * keys + 2 * values) + d * 2 * value_heads + conv * kernel +
                      2 * value_heads + value_dim + values * d;
      // The state a sequence keeps: per value head a key_dim × value_dim matrix, and the last
      // kernel − 1 inputs of the convolution (BF16).
      shape.linear_state_bytes_per_layer =
          value_heads * key_dim * value_dim * state_bytes + conv * (kernel - 1) * 2;
      // Yang, Kautz, Hatamizadeh, "Gated Delta Networks" (ICLR 2025), recurrent form
      // S_t = α_t (I − β_t k_t k_tᵀ) S_{t−1} + β_t k_t v_tᵀ, o_t = S_tᵀ q_t: per token and value
      // head Sᵀk and Sᵀq (2 · key_dim · value_dim FLOPs each), the rank-one update (2 · key_dim ·
      // value_dim) and the decay (key_dim · value_dim); the convolution 2 · kernel per channel.
      shape.linear_flops_per_token_per_layer =
          7 * value_heads * key_dim * value_dim + 2 * conv * kernel;
    } else if (shape.linear_layers > 0 && family.lightning_attention) {
      // MiniMaxLightningAttention (transformers models/minimax; modeling_minimax_m1.py): one
      // qkv_proj (SiLU) to H heads of head_dim each for q, k and v, output_gate (sigmoid), an
      // RMSNorm over all heads, out_proj; no biases.
      const double width = shape.heads * shape.head_dim;
      shape.recurrent_mixer = "lightning attention";
      shape.linear_value_heads = shape.heads;
      linear_params = 5 * d * width + width;
      // The state a sequence keeps: per head the head_dim × head_dim sum of k vᵀ (no convolution).
      shape.linear_state_bytes_per_layer =
          shape.heads * shape.head_dim * shape.head_dim * state_bytes;
      // Recurrent form (MiniMaxLightningAttention's decode loop, S_t = λ S_{t−1} + k_t v_tᵀ,
      // o_t = q_t S_t): per token, head and state element the decay, the outer product's multiply
      // and its add (3 FLOPs), and the read-out's multiply-add (2).
      shape.linear_flops_per_token_per_layer = 5 * shape.heads * shape.head_dim * shape.head_dim;
    } else if (shape.linear_layers > 0 && family.kda_layout) {
      // KimiDeltaAttention (modeling_kimi.py): H heads of head_dim for q, k and v (P = H · head_dim
      // wide each) and their depthwise short convolutions (no bias); the decay gate through
      // f_a_proj (hidden → head_dim) and f_b_proj (head_dim → P) with A_log per head and dt_bias
      // per channel; β from b_proj (hidden → H); the output gate through g_a_proj and g_b_proj (no
      // bias); o_norm, one head_dim-wide weight for every head; o_proj.
      auto required = [&](std::string_view name, std::string_view spelled) {
        const std::optional<double> value = read.number(name);
        if (!value && read.ok()) {
          read.fail(spelled, "is required when linear_attn_config.kda_layers lists layers");
        }
        return value.value_or(0);
      };
      const double heads = required("linear_num_value_heads", "linear_attn_config.num_heads");
      const double head_dim = required("linear_key_head_dim", "linear_attn_config.head_dim");
      const double kernel =
          required("linear_conv_kernel_dim", "linear_attn_config.short_conv_kernel_size");
      if (!read.ok()) return false;
      const double width = heads * head_dim;
      shape.recurrent_mixer = "Kimi Delta Attention";
      shape.linear_value_heads = heads;
      // Kimi K3 (use_full_rank_gate): the output gate one g_proj, hidden → P, not g_a and g_b.
      const double output_gate = read.flag("use_full_rank_gate").value_or(false)
                                     ? d * width
                                     : d * head_dim + head_dim * width;
      linear_params = 3 * d * width + 3 * width * kernel + heads + d * head_dim + head_dim * width +
                      output_gate + width + d * heads + head_dim + width * d;
      // The state a sequence keeps: per head a head_dim × head_dim matrix in FP32 (vLLM's
      // kda_state_dtype keeps the recurrent state in FP32 whatever the model's dtype), and the last
      // kernel − 1 inputs of q's, k's and v's convolutions (BF16).
      shape.linear_state_bytes_per_layer =
          heads * head_dim * head_dim * 4 + 3 * width * (kernel - 1) * 2;
      // The delta rule's recurrent form, counted as Gated DeltaNet's above (Yang et al., ICLR 2025;
      // KDA's decay is per channel, the same count): per token and head Sᵀk and Sᵀq (2 · head_dim²
      // each), the rank-one update (2 · head_dim²) and the decay (head_dim²); the convolutions 2 ·
      // kernel per channel.
      shape.linear_flops_per_token_per_layer =
          7 * heads * head_dim * head_dim + 2 * 3 * width * kernel;
    } else if (shape.linear_layers > 0 && family.lfm2_layout) {
      // LFM2's gated short convolution (modeling_lfm2, Lfm2ShortConv): in_proj to B, C and x, a
      // depthwise convolution of conv_L_cache taps over B·x, C times its output, out_proj.
      const double kernel = familyDefault("conv_L_cache", 3);
      const bool bias = read.flag("conv_bias").value_or(false);
      if (!read.ok()) return false;
      shape.recurrent_mixer = "short convolution";
      shape.linear_value_heads = d;  // every channel its own taps: TP splits channels
      linear_params = 3 * d * d + d * kernel + d * d + (bias ? 5 * d : 0);
      // The state a sequence keeps: the convolution's last kernel − 1 inputs (BF16).
      shape.linear_state_bytes_per_layer = d * (kernel - 1) * 2;
      // Per token: the convolution's 2 · kernel FLOPs per channel and the two gates' products.
      shape.linear_flops_per_token_per_layer = 2 * d * kernel + 2 * d;
    } else if (shape.linear_layers > 0 && family.jamba_layout) {
      // Mamba-1 (modeling_jamba, JambaMambaMixer), with configuration_jamba's defaults.
      const double state = familyDefault("ssm_state_size", 16);
      const double kernel = familyDefault("conv_kernel", 4);
      const double expand = familyDefault("expand", 2);
      const bool conv_bias = read.flag("use_conv_bias").value_or(true);
      const bool proj_bias = read.flag("mamba_proj_bias").value_or(false);
      const bool rank_given = read.find("mamba_dt_rank") != nullptr;
      const double dt_rank = !rank_given || read.automatic("mamba_dt_rank")
                                 ? std::ceil(d / 16)
                                 : read.number("mamba_dt_rank").value_or(0);
      if (!rank_given && read.ok()) {
        read.assume("mamba_dt_rank", "mamba_dt_rank is absent: \"auto\", ⌈hidden_size / 16⌉ = " +
                                         formatNumber(dt_rank) + " (jamba default)");
      }
      if (!read.ok()) return false;
      shape.recurrent_mixer = "Mamba-1";
      const double inner = expand * d;
      shape.linear_value_heads = inner;  // every channel has its own state: TP splits channels
      // in_proj (x and the gate z), conv1d (depthwise), x_proj (Δ's low-rank input, B and C),
      // dt_proj (with its bias), A_log and D, the RMSNorms of Δ, B and C, out_proj.
      linear_params = (d + (proj_bias ? 1 : 0)) * 2 * inner + inner * kernel +
                      (conv_bias ? inner : 0) + inner * (dt_rank + 2 * state) + dt_rank * inner +
                      inner + inner * state + inner + dt_rank + 2 * state + inner * d +
                      (proj_bias ? d : 0);
      // The state a sequence keeps: per channel N elements (ssm_state), and the last kernel − 1
      // inputs of the convolution (conv_state, BF16).
      shape.linear_state_bytes_per_layer = inner * state * state_bytes + inner * (kernel - 1) * 2;
      // Gu & Dao, "Mamba" (2023) Algorithm 2, h_t = exp(Δ_t A) h_{t−1} + Δ_t B_t x_t, y_t = C_t
      // h_t: per token, channel and state element the decay (a multiply and an exponential), the
      // input term (a multiply), the update (a multiply-add) and the read-out (a multiply-add): 7
      // FLOPs; the convolution 2 · kernel per channel.
      shape.linear_flops_per_token_per_layer = 7 * inner * state + 2 * inner * kernel;
    } else if (shape.recurrent_layers > 0) {
      // Mamba-2 (transformers Mamba2Mixer, as NemotronHMamba2Mixer and GraniteMoeHybridMambaLayer
      // build it), with the family's configuration defaults.
      // A key as this config spells it (Granite: mamba_n_heads), for messages.
      auto spelled = [&](std::string_view name) {
        std::string spelling(name);
        read.find(name, &spelling);
        return spelling;
      };
      const double mamba_heads = familyDefault("mamba_num_heads", family.mamba_heads_default);
      const double groups = familyDefault("n_groups", family.mamba_groups_default);
      const double state = familyDefault("ssm_state_size", family.mamba_state_default);
      const double kernel = familyDefault("conv_kernel", 4);
      const bool conv_bias = read.flag("use_conv_bias").value_or(true);
      const bool proj_bias = read.flag("mamba_proj_bias").value_or(false);
      double head_width = 0;
      const bool width_given = read.find("mamba_head_dim") != nullptr;
      if (family.mamba_auto_head && (!width_given || read.automatic("mamba_head_dim"))) {
        // configuration_granitemoehybrid: mamba_d_head "auto" is mamba_expand · hidden_size over
        // the heads, which must divide it.
        const double expand = familyDefault("expand", 2);
        if (read.ok() && std::fmod(expand * d, mamba_heads) != 0) {
          read.fail(spelled("mamba_num_heads"), "must divide mamba_expand · hidden_size (" +
                                                    formatNumber(expand * d) +
                                                    ") when mamba_d_head is "
                                                    "\"auto\" (got " +
                                                    formatNumber(mamba_heads) + ")");
        }
        head_width = expand * d / mamba_heads;
        if (!width_given && read.ok()) {
          read.assume("mamba_head_dim",
                      "mamba_d_head is absent: \"auto\", mamba_expand · "
                      "hidden_size / mamba_n_heads = " +
                          formatNumber(head_width) + " (" + std::string(family.model_type) +
                          " default)");
        }
      } else {
        head_width = familyDefault("mamba_head_dim", 64);
      }
      if (!read.ok()) return false;
      if (std::fmod(mamba_heads, groups) != 0) {
        read.fail(spelled("n_groups"), "must divide " + spelled("mamba_num_heads") + " (" +
                                           formatNumber(mamba_heads) + ") (got " +
                                           formatNumber(groups) + ")");
        return false;
      }
      const double inner = mamba_heads * head_width;
      // modeling_falcon_h1 (FalconH1Mixer): mamba_d_ssm channels, which its kernels split into the
      // heads (Megatron-Bridge writes it as heads · head width); a gated norm only with
      // mamba_rms_norm; out_proj's bias by projectors_bias.
      bool gated_norm = true, out_bias = proj_bias;
      if (family.parallel_mamba) {
        if (auto channels = read.number("mamba_d_ssm"); channels && *channels != inner) {
          read.fail("mamba_d_ssm", "must equal mamba_n_heads · mamba_d_head (" +
                                       formatNumber(inner) + ") (got " + formatNumber(*channels) +
                                       ")");
        } else if (!channels && read.ok()) {
          read.assume("mamba_d_ssm", "mamba_d_ssm is absent: mamba_n_heads · mamba_d_head = " +
                                         formatNumber(inner) + " (the channels the heads split)");
        }
        gated_norm = read.flag("mamba_rms_norm").value_or(false);
        out_bias = read.flag("projectors_bias").value_or(false);
        if (!read.ok()) return false;
      }
      shape.recurrent_mixer = "Mamba-2";
      shape.linear_value_heads = mamba_heads;
      const double conv = inner + 2 * groups * state;  // x, B and C pass the causal convolution
      const double projected = inner + conv + mamba_heads;  // in_proj: z, x, B, C and dt per head
      // in_proj, conv1d (depthwise), dt_bias, A_log and D per head, the gated RMSNorm, out_proj.
      linear_params = (d + (proj_bias ? 1 : 0)) * projected + conv * kernel +
                      (conv_bias ? conv : 0) + 3 * mamba_heads + (gated_norm ? inner : 0) +
                      inner * d + (out_bias ? d : 0);
      // The state a sequence keeps: per head a head_width × N matrix (ssm_state), and the last
      // kernel − 1 inputs of the convolution (conv_state, BF16).
      shape.linear_state_bytes_per_layer =
          mamba_heads * head_width * state * state_bytes + conv * (kernel - 1) * 2;
      // Dao & Gu, "Transformers are SSMs" (ICML 2024) §3, recurrent form h_t = a_t h_{t−1} +
      // B_t x_tᵀ, y_t = h_tᵀ C_t (mamba_ssm's selective_state_update): per token, head and state
      // element a decay, an outer-product term and an add (3 FLOPs) and the read-out's multiply-add
      // (2); the convolution 2 · kernel per channel.
      shape.linear_flops_per_token_per_layer =
          5 * mamba_heads * head_width * state + 2 * conv * kernel;
    }
    if (family.parallel_mamba) {
      shape.notes.push_back(
          {"mamba_n_heads",
           "every layer runs Mamba-2 beside its attention: a KV cache and a fixed state per "
           "sequence, read and written back at each decode step; the planner runs the Mamba-2 "
           "projections with the attention's as GEMMs and the recurrence at the attention kernels' "
           "efficiency (no Mamba-2 kernel measurement is used)"});
    } else if (shape.linear_layers > 0) {
      shape.notes.push_back(
          {std::string(layout_key),
           formatNumber(shape.linear_layers) + " of " + formatNumber(layers) + " layers are " +
               shape.recurrent_mixer +
               " layers: no KV cache but a fixed state per sequence, read and written back at each "
               "decode "
               "step; the planner runs their projections as GEMMs and their recurrence at the "
               "attention kernels' efficiency (no " +
               shape.recurrent_mixer + " kernel measurement is used)"});
    }
    if (!nas.empty()) {
      double linear = 0, no_ffn = 0, narrowest = 0, widest = 0;
      for (const NasBlock& layer : nas) {
        linear += (layer.linear_attention ? 1 : 0) + (layer.linear_ffn ? 1 : 0);
        no_ffn += layer.ffn ? 0 : 1;
        if (layer.ffn_width > 0) {
          narrowest = narrowest > 0 ? std::min(narrowest, layer.ffn_width) : layer.ffn_width;
          widest = std::max(widest, layer.ffn_width);
        }
      }
      shape.notes.push_back(
          {"block_configs",
           formatNumber(nas_attention_free) + " of " + formatNumber(layers) +
               " layers have no attention, " + formatNumber(no_ffn) + " no FFN" +
               (linear > 0 ? ", " + formatNumber(linear) + " blocks are linear layers" : "") +
               "; FFNs " + formatNumber(narrowest) + " to " + formatNumber(widest) +
               " wide. Parameters and KV are counted layer by layer; the planner runs every layer "
               "at the average attention and FFN (and with its tensor-parallel all-reduces)"});
    }
    if (cross_layers > 0) {
      shape.notes.push_back(
          {"cross_attention_layers",
           formatNumber(cross_layers) + " of " + formatNumber(layers) +
               " layers attend to the image's tokens: they cache no keys or values per text token "
               "(the image's, computed once per image, are not counted), and their attention is "
               "counted as over the text"});
    }
    if (family.nemotron_blocks) {
      const double bare = layers - shape.dense_layers - shape.moe_layers;
      shape.notes.push_back(
          {"hybrid_override_pattern",
           "num_hidden_layers counts " + formatNumber(blocks) +
               " blocks, each one mixer or one FFN: "
               "read as " +
               formatNumber(layers) +
               " layers, a Mamba-2 or attention block with the MLP "
               "or MoE block after it" +
               (bare > 0 ? " (" + formatNumber(bare) + " with none)" : std::string())});
    }
    return true;
  };
  if (!readRecurrentLayers()) return {{}, read.errors};

  // ---- norms, embeddings, head ----
  double norms_per_layer = family.norms_per_layer;
  if (family.falcon_layout) {
    // modeling_falcon: the new decoder has ln_attn and ln_mlp; the old one with parallel_attn
    // shares input_layernorm, without it adds post_attention_layernorm.
    const bool new_decoder = read.flag("new_decoder_architecture").value_or(false);
    const bool parallel = read.flag("parallel_attn").value_or(true);
    norms_per_layer = new_decoder || !parallel ? 2 : 1;
  }
  const double norm_width = family.norm == NormKind::layer ? 2 * d : d;
  const bool qk_norm =
      family.qk_norm || (family.qk_norm_key && read.flag("use_qk_norm").value_or(false));
  const double qk_norms = !qk_norm               ? 0
                          : family.qk_norm_whole ? (shape.heads + shape.kv_heads) * shape.head_dim
                                                 : 2 * shape.head_dim;
  // modeling_opt: OPTDecoder keeps final_layer_norm only when do_layer_norm_before.
  const bool final_norm = !family.opt_layout || read.flag("do_layer_norm_before").value_or(true);
  // Query and key norms are as wide as each attention layer's heads (Gemma 4's global layers:
  // global_head_dim); a Gated DeltaNet layer has none (its own norm is in linear_params).
  double qk_norm_params = 0;
  for (const LayerShape& layer : shape.layer_shapes) {
    if (layer.attention != AttentionKind::linear) qk_norm_params += qk_norms * layer.qk_width_ratio;
  }
  // modeling_gemma4: a layer with experts adds post_feedforward_layernorm_1 and _2 and
  // pre_feedforward_layernorm_2.
  if (family.gemma4_layout && experts > 0) norms_per_layer += 3;
  // A Nemotron-H mixer block with no FFN block after it has its one norm only.
  const double bare_layers = layers - shape.dense_layers - shape.moe_layers;
  // modeling_mllama: a cross-attention layer adds q_norm and k_norm (head_dim each) and two
  // one-element gates, cross_attn_attn_gate and cross_attn_mlp_gate.
  const double cross_attention_extras = cross_layers * (2 * shape.head_dim + 2);
  // modeling_gemma3n, per layer: post_laurel_norm, AltUp's router_norm and correct_output_scale,
  // post_per_layer_input_norm (hidden_size each) and AltUp's correction (n × n) and prediction
  // (n² × n) coefficients; once: per_layer_projection_norm.
  // modeling_gemma4 with per-layer inputs: post_per_layer_input_norm a layer,
  // per_layer_projection_norm once.
  const double gemma3n_norms =
      family.gemma3n_layout
          ? layers * (4 * d + altup * altup + altup * altup * altup) + per_layer_width
      : per_layer_width > 0 ? layers * d + per_layer_width
                            : 0;
  // modeling_decilm: a layer without attention has no input_layernorm, one without FFN no
  // post_attention_layernorm.
  shape.norm_params =
      layers * norms_per_layer * norm_width + (layers - shape.linear_layers) * mla_norms -
      bare_layers * norm_width - nas_attention_free * norm_width + qk_norm_params +
      (final_norm ? norm_width : 0) + cross_attention_extras + gemma3n_norms +
      (family.embedding_norm ? norm_width : 0);  // BLOOM's word_embeddings_layernorm
  // Kimi K3's Block Attention Residuals (attn_res_block_size): each layer's attention and FFN
  // read the residual blocks through a pseudo-query (1 × hidden) and an RMSNorm of their own, the
  // output through one more pair. Their FLOPs (a few dot products per token) are not counted.
  if (read.number("attn_res_block_size").value_or(0) > 0) shape.norm_params += (4 * layers + 2) * d;
  // Arctic: the residual MLP's own RMSNorm (residual_layernorm) on each MoE layer.
  if (family.arctic_layout && shape.shared_experts > 0) shape.norm_params += shape.moe_layers * d;
  // Layers without an indexer of their own (GLM-5.2's shared-indexer layers, MiniMax-M3's dense
  // ones): no indexer weights nor its norms (the MTP layer keeps its own, counted below at the
  // full layer's attention).
  const double full_layer_attention = shape.attention_params;
  const double unindexed_layers =
      indexer_params > 0
          ? static_cast<double>(std::count_if(shape.layer_shapes.begin(), shape.layer_shapes.end(),
                                              [](const LayerShape& layer) {
                                                return layer.attention != AttentionKind::linear &&
                                                       !layer.indexed;
                                              }))
          : 0;
  shape.attention_params -= unindexed_layers * indexer_params / layers;
  shape.norm_params -= unindexed_layers * indexer_norms;
  // modeling_opt: tokens embed at word_embed_proj_dim; project_in and project_out (no biases)
  // map to and from hidden_size when it differs, and the LM head works at that width.
  shape.head_width = family.opt_layout ? read.number("word_embed_proj_dim").value_or(d) : d;
  if (shape.head_width != d) shape.embedding_projection_params = 2 * shape.head_width * d;
  // MllamaTextModel: nn.Embedding(vocab_size + 8, hidden_size), the head vocab_size wide.
  shape.embedding_params = (vocab + (family.mllama_layout ? 8 : 0)) * shape.head_width;
  if (per_layer_width > 0) {
    // modeling_gemma3n, modeling_gemma4 (the text models): embed_tokens_per_layer, a second table
    // of hidden_size_per_layer_input per layer, looked up per token; per_layer_model_projection
    // (hidden_size to every layer's input) and Gemma 3n's AltUp's altup_num_inputs − 1
    // projections into and out of its extra streams, matmuls once per token.
    shape.embedding_params +=
        familyDefault("vocab_size_per_layer_input", 262144) * layers * per_layer_width;
    shape.embedding_projection_params =
        layers * per_layer_width * d + (altup > 0 ? 2 * (altup - 1) * d * d : 0);
  }
  const std::optional<bool> tied = read.flag("tie_word_embeddings");
  if (!tied && read.ok()) {
    read.assume("tie_word_embeddings",
                std::string("tie_word_embeddings is absent: ") +
                    (family.tie_default ? "true" : "false") + " (" +
                    (found ? std::string(family.model_type) + " default" : "Llama default") + ")");
  }
  shape.head_params =
      (tied.value_or(family.tie_default) ? 0 : vocab * shape.head_width) +
      (family.head_bias || (family.head_bias_key && read.flag("lm_head_bias").value_or(false))
           ? vocab
           : 0);
  if (family.learned_positions) {
    shape.position_embedding_params =
        (familyDefault(family.positions_key, family.positions_default) + family.position_offset) *
        d;
  }

  const double attention_layer_params = shape.attention_params;  // an attention layer's own
  if (family.parallel_mamba) {
    shape.attention_params += linear_params;
  } else if (shape.linear_layers > 0) {
    shape.attention_params = ((layers - shape.linear_layers) * shape.attention_params +
                              shape.linear_layers * linear_params) /
                             layers;
  }

  // ---- DeepSeek-V4: compressed attention, hyper-connections, hash routing ----
  // deepseek-ai/DeepSeek-V4-Flash inference/model.py; the shapes reproduce the released
  // checkpoints' tensor inventories (tests/golden/model-import.json).
  double v4_mtp_attention = 0;  // the MTP block's attention and hyper-connections
  double v4_mtp_ratio = 0;      // and its compression ratio
  double v4_head_mixer = 0;     // hc_head: the hc_mult streams mixed into one before a head
  const auto readDeepSeekV4 = [&]() __attribute__((noinline)) {
    if (family.deepseek_v4_layout) {
      const double head_dim = shape.head_dim;
      const double q_rank = read.required("q_lora_rank");
      const double out_groups = read.required("o_groups");
      const double out_rank = read.required("o_lora_rank");
      const double streams = read.required("hc_mult");
      double hash_layers = std::min(read.number("num_hash_layers").value_or(0), layers);
      // transformers' spelling: mlp_layer_types, "hash_moe" on each hash-routed layer.
      if (const Json* mlp =
              read.present("num_hash_layers") ? nullptr : read.list("mlp_layer_types")) {
        hash_layers = static_cast<double>(std::count_if(
            mlp->items.begin(),
            mlp->items.begin() +
                static_cast<std::ptrdiff_t>(std::min(mlp->items.size(), shape.layer_shapes.size())),
            [](const Json& type) {
              return type.kind == Json::Kind::string && type.text == "hash_moe";
            }));
      }
      const std::optional<double> top_k = read.number("index_topk");
      const std::optional<double> index_heads = read.number("index_n_heads");
      const std::optional<double> index_dim = read.number("index_head_dim");
      read.number("qk_rope_head_dim");  // RoPE on the last dims of the one head: no extra weights
      // Each layer's ratio, then the MTP blocks': compress_ratios as DeepSeek's config lists them,
      // or transformers' DeepseekV4Config spelling, layer_types with compress_rates per type.
      std::vector<double> ratios;
      if (const Json* listed = read.list("compress_ratios")) {
        for (const Json& item : listed->items) {
          const bool valid = item.kind == Json::Kind::number &&
                             item.number == std::floor(item.number) &&
                             (item.number == 0 || (item.number >= 2 && item.number <= 1e6));
          if (!valid) {
            read.fail("compress_ratios",
                      "must list 0 (a window alone) or whole numbers from 2 to "
                      "1000000 (got " +
                          describeNumber(item) + ")");
            break;
          }
          ratios.push_back(item.number);
        }
      } else if (const Json* types = read.list("layer_types")) {
        const double sparse_rate =
            read.number("compress_rates.compressed_sparse_attention").value_or(4);
        const double heavy_rate =
            read.number("compress_rates.heavily_compressed_attention").value_or(128);
        for (const Json& type : types->items) {
          std::string_view name;  // a view of the item's own text, not of a temporary
          if (type.kind == Json::Kind::string) name = type.text;
          if (name == "sliding_attention") {
            ratios.push_back(0);
          } else if (name == "compressed_sparse_attention") {
            ratios.push_back(sparse_rate);
          } else if (name == "heavily_compressed_attention") {
            ratios.push_back(heavy_rate);
          } else {
            read.fail("layer_types",
                      "must hold \"sliding_attention\", "
                      "\"compressed_sparse_attention\" or "
                      "\"heavily_compressed_attention\" (got " +
                          describeNumber(type) + ")");
            break;
          }
        }
      } else {
        read.fail("compress_ratios",
                  "is required (or layer_types): one compression ratio per layer");
      }
      if (!read.ok()) return false;
      if (shape.kv_heads != 1) {
        read.fail("num_key_value_heads",
                  "must be 1: DeepSeek-V4 attends with one key/value head (got " +
                      formatNumber(shape.kv_heads) + ")");
      } else if (std::fmod(heads, out_groups) != 0) {
        read.fail("o_groups", "must divide num_attention_heads (" + formatNumber(heads) +
                                  ") (got " + formatNumber(out_groups) + ")");
      } else if (ratios.size() < shape.layer_shapes.size()) {
        read.fail(read.present("compress_ratios") ? "compress_ratios" : "layer_types",
                  "must give one ratio per layer (" + formatNumber(layers) + ") (got " +
                      std::to_string(ratios.size()) + ")");
      }
      if (!read.ok()) return false;
      // Ratio 4 layers pick entries with the indexer (model.py: Attention builds an Indexer
      // when compress_ratio == 4); 0 is a window alone.
      for (std::size_t i = 0; i < shape.layer_shapes.size(); ++i) {
        shape.layer_shapes[i].compress_ratio = ratios[i];
        shape.layer_shapes[i].indexed = shape.layer_shapes[i].sparse = ratios[i] == 4;
      }
      const bool any_indexed = std::any_of(shape.layer_shapes.begin(), shape.layer_shapes.end(),
                                           [](const LayerShape& layer) { return layer.indexed; });
      if (read.ok() && any_indexed && !(top_k && index_heads && index_dim)) {
        read.fail(!top_k         ? "index_topk"
                  : !index_heads ? "index_n_heads"
                                 : "index_head_dim",
                  "is required when compress_ratios has a 4 (a layer with the lightning indexer)");
      }
      if (!read.ok()) return false;
      // Attention (class Attention): wq_a, q_norm, wq_b to heads × head_dim; wkv to the one
      // head_dim-wide entry that serves as key and value, kv_norm; the grouped low-rank output
      // (wo_a: each of o_groups groups of heads to o_lora_rank, wo_b back to hidden_size); a sink
      // logit per head.
      const double core = d * q_rank + q_rank + q_rank * heads * head_dim + d * head_dim +
                          head_dim + heads * head_dim * out_rank + out_groups * out_rank * d +
                          heads;
      // Hyper-connections (class Block, hc_attn_* and hc_ffn_*): per sub-layer a
      // ((2 + hc) · hc) × (hc · hidden_size) mixing matrix, its bias and 3 scales.
      const double mixes = (2 + streams) * streams;
      const double hyper = 2 * (mixes * streams * d + mixes + 3);
      auto attentionParams = [&](double ratio) {
        // class Compressor: wkv and wgate (twice as wide with ratio 4's overlapping windows), a
        // learned position bias per slot (ape) and a norm; class Indexer: wq_b from the query
        // latent, weights_proj, and a Compressor of its own, index_head_dim wide, ratio 4.
        auto compressor = [&](double width, double r) {
          const double overlap = r == 4 ? 2 : 1;
          return r * overlap * width + 2 * overlap * width * d + width;
        };
        const double indexer = ratio == 4 ? q_rank * *index_heads * *index_dim + d * *index_heads +
                                                compressor(*index_dim, 4)
                                          : 0;
        return core + hyper + (ratio > 0 ? compressor(head_dim, ratio) : 0) + indexer;
      };
      double attention = 0;
      for (const LayerShape& layer : shape.layer_shapes) {
        attention += attentionParams(layer.compress_ratio);
      }
      shape.attention_params = attention / layers;
      // The MTP block (MTPBlock) is laid out by the ratio after the trunk's.
      const std::size_t mtp_index = shape.layer_shapes.size();
      v4_mtp_ratio = mtp_index < ratios.size() ? ratios[mtp_index] : 0;
      v4_mtp_attention = attentionParams(v4_mtp_ratio);
      // class Gate: the first num_hash_layers route by a token-id table (a buffer, no weights) and
      // carry no selection bias; the others add one bias per expert.
      shape.router_params = experts * d + experts * (layers - hash_layers) / layers;
      // Before the head (hc_head_fn, _base, _scale): the streams mixed into one, counted with the
      // final norm.
      v4_head_mixer = streams * streams * d + streams + 1;
      shape.norm_params += v4_head_mixer;
      if (any_indexed) {
        shape.sparse_keys = *top_k;
        shape.indexer_flops_per_key = 2 * *index_heads * *index_dim;
        // As DSA's: an FP8 key and one FP32 scale per 128 elements per compressed entry.
        shape.indexer_bytes_per_token_per_layer = *index_dim + 4 * std::ceil(*index_dim / 128);
      }
      shape.notes.push_back(
          {"layers", "DeepSeek-V4: hc_mult = " + formatNumber(streams) +
                         " hyper-connection streams carry the residual; their mixing is counted in "
                         "parameters and FLOPs, not in activation memory"});
    }
    return true;
  };
  if (!readDeepSeekV4()) return {{}, read.errors};

  // ---- multi-token prediction (DeepSeek-V3 §2.2): counted apart, as the model card's total ----
  const auto readMultiTokenPrediction = [&]() __attribute__((noinline)) {
    // MiniMax-M3's MTP module drafts num_mtp_modules tokens in turn: one module's weights.
    if (family.minimax_m3_layout) read.number("num_mtp_modules");
    if (auto modules = read.number("num_nextn_predict_layers"); modules && *modules > 0) {
      // Step-3.5's MTP layers have a dense FFN (its README: "a sliding-window attention mechanism
      // and a dense Feed-Forward Network").
      const bool moe_block = experts > 0 && !family.step3p5_layout;
      const double shared = shape.shared_expert_params > 0 ? shape.shared_expert_params : 0;
      const double ffn = moe_block ? experts * shape.expert_params + shape.shared_experts * shared +
                                         shape.router_params
                                   : shape.dense_ffn_params;
      // Each module: a projection of [h; embedding] (2d × d), norms on both inputs and before the
      // shared head, and one transformer block; the embedding and head are the main model's.
      shape.mtp_layers = *modules;
      shape.mtp_block = shape.layer_shapes.back();
      if (family.step3p5_layout) {
        // vLLM step3p5_mtp.py: each MTP layer is a decoder layer of the type layer_types lists
        // after the trunk's, with the dense MLP, and a shared_head of a norm and an output
        // projection of its own.
        LayerShape& block = shape.mtp_block;
        block.moe = false;
        block.ffn = true;
        block.window = step3p5_mtp_sliding ? read.number("sliding_window").value_or(0) : 0;
        block.head_dim_ratio = block.window > 0 ? swa_flops_ratio : 1;
        block.kv_bytes_ratio = block.window > 0 ? swa_kv_bytes_ratio : 1;
      }
      if (family.deepseek_v4_layout) {
        shape.mtp_block.compress_ratio = v4_mtp_ratio;
        shape.mtp_block.indexed = shape.mtp_block.sparse = v4_mtp_ratio == 4;
      }
      // DeepSeek-V4-Flash-0731's draft (dspark_* keys) replaces the MTP block with modules of
      // another layout, which ridgepoint does not count.
      const auto draft = read.firstUnreadKey(
          [](const std::string& name, const Json&) { return name.starts_with("dspark_"); }, false);
      if (family.deepseek_v4_layout && draft) {
        shape.mtp_layers = 0;
        shape.notes.push_back({"mtpParams", "DeepSeek-V4: the DSpark draft (" + draft->path +
                                                ", …) replaces the MTP block; its parameters are "
                                                "not counted"});
      }
      // DeepSeek-V4's block has its own attention layout, a router with a bias, and its hc_head.
      const double attention =
          family.deepseek_v4_layout ? v4_mtp_attention
          : family.step3p5_layout
              ? (shape.mtp_block.window > 0 ? swa_attention_params : full_attention_params)
          : unindexed_layers > 0 ? full_layer_attention
          // Qwen3-Next's and Qwen3.5's MTP layer is a full-attention layer (vLLM
          // qwen3_next_mtp.py), not the trunk's average of Gated DeltaNet and attention.
          : family.gated_delta_net ? attention_layer_params
                                   : shape.attention_params;
      const double extras = family.deepseek_v4_layout
                                ? v4_head_mixer + experts * d + experts - shape.router_params
                            : family.step3p5_layout ? vocab * d
                                                    : 0;
      shape.mtp_params =
          shape.mtp_layers * (2 * d * d + 3 * d + attention + ffn + norms_per_layer * norm_width +
                              qk_norms + mla_norms + extras);
      if (family.nemotron_blocks) {
        // Nemotron-H's MTP layer (Megatron's hybrid MTP): its blocks by
        // mtp_hybrid_override_pattern or mtp_layers_block_type (attention then MoE by default),
        // each with its norm, between the projection of [h; embedding] and the final norm.
        std::string pattern = read.text("mtp_hybrid_override_pattern").value_or("");
        if (const Json* types = pattern.empty() ? read.list("mtp_layers_block_type") : nullptr) {
          for (const Json& type : types->items) {
            const std::string_view name =
                type.kind == Json::Kind::string ? std::string_view(type.text) : "";
            pattern += name == "attention" ? '*' : name == "moe" ? 'E' : name == "mlp" ? '-' : 'M';
          }
        }
        if (pattern.empty()) pattern = "*E";
        if (pattern.find('*') != std::string::npos) {
          shape.mtp_block.attention = shape.attention;
          shape.mtp_block.window = 0;
        }
        shape.mtp_block.moe = pattern.find('E') != std::string::npos;
        shape.mtp_block.ffn = shape.mtp_block.moe || pattern.find('-') != std::string::npos;
        double blocks_params = 0;
        for (char block : pattern) {
          blocks_params += norm_width + (block == '*'   ? attention_layer_params
                                         : block == 'E' ? ffn
                                         : block == '-' ? shape.dense_ffn_params
                                                        : linear_params);
        }
        shape.mtp_params = shape.mtp_layers * (2 * d * d + 3 * d + blocks_params);
      }
    }
    if (!read.ok()) return false;
    return true;
  };
  if (!readMultiTokenPrediction()) return {{}, read.errors};

  // ---- KV cache ----
  // ISCA'25 Table 1 (reference §1.1): MLA caches the latent plus the RoPE key,
  // (kv_lora_rank + qk_rope_head_dim) elements per layer; MHA/GQA/MQA cache K and V,
  // 2 · kv_heads · head_dim.
  // DeepSeek-V4 caches one vector per entry too: its key is its value. MiMo-V2-Flash's values
  // are narrower than its keys.
  const bool one_vector = mla || family.deepseek_v4_layout;
  const double key_length = mla ? shape.absorbed_qk_dim : shape.kv_heads * shape.head_dim;
  const double value_length = one_vector ? 0 : shape.kv_heads * shape.v_head_dim;
  // V3 report §3.3: FP8 carries one scale per group of elements (1×128 tiles).
  auto scales = [&](double length) {
    return kv.scale_group_size > 0 ? std::ceil(length / kv.scale_group_size) : 0;
  };
  shape.kv_bytes_per_token_per_layer =
      (key_length + value_length) * kv.bytes +
      (scales(key_length) + scales(value_length)) * kv.scale_bytes +
      shape.indexer_bytes_per_token_per_layer;

  shape.assumed = std::move(read.assumed);
  if (nested) outer.unused(shape.ignored_keys);
  if (thinker) {
    ConfigReader thinker_keys(*thinker, "thinker_config.");
    thinker_keys.markUsed("text_config");
    thinker_keys.markUsed("model_type");
    thinker_keys.unused(shape.ignored_keys);
  }
  read.unused(shape.ignored_keys);
  return {shape, {}};
}

}  // namespace ridgepoint
