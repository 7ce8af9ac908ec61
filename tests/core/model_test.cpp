#include "model.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <string>

#include "json_io.hpp"

using namespace ridgepoint;
using nlohmann::json;

namespace {

const ModelPreset& preset(std::string_view id) {
  for (const ModelPreset& model : models()) {
    if (model.id == id) return model;
  }
  FAIL("no preset " << std::string(id));
  return models().front();
}

// A preset's published config.json, as a caller would paste it.
json configOf(std::string_view id) { return json::parse(preset(id).config.text); }

// A calculator's result through the core's JSON entry point (the path the wasm bindings take).
json evaluate(std::string_view calculator, const json& input) {
  const auto outcome = test::runById(calculator, input);
  REQUIRE_MESSAGE(outcome.ok(), (outcome.ok() ? "" : outcome.errors.front().message));
  return outcome.value;
}

json stats(const json& config, json options = json::object()) {
  options["config"] = config;
  return evaluate("modelStats", options);
}

FieldError rejection(const json& config) {
  const auto outcome = test::runById("modelStats", {{"config", config}});
  REQUIRE_FALSE(outcome.ok());
  return outcome.errors.front();
}

}  // namespace

TEST_CASE("every preset is its published config.json, written out verbatim and readable") {
  for (const ModelPreset& model : models()) {
    CAPTURE(model.id);
    CHECK(model.source.find("/config.json") != std::string_view::npos);
    const JsonParse parsed = parseJson(model.config.text);
    REQUIRE(parsed.ok());
    CHECK(readModel(parsed.value, {}).ok());
    // The preset list carries the text unchanged.
    std::string listed;
    appendJson(listed, model);
    CHECK(listed.find(model.config.text) != std::string::npos);
  }
}

TEST_CASE("readModel gives the same shape the calculators report") {
  for (const ModelPreset& model : models()) {
    CAPTURE(model.id);
    const auto shape = readModel(parseJson(model.config.text).value, {.bytes = 2});
    REQUIRE(shape.ok());
    const json result = stats(configOf(model.id));
    CHECK(shape.value.totalParams() == result["totalParams"].get<double>());
    CHECK(shape.value.activeMatmulParams() == result["activeMatmulParams"].get<double>());
    CHECK(shape.value.kvBytesPerToken() == result["kvBytesPerToken"].get<double>());
    // Every layer adds the same bytes a token but in DeepSeek-V4, whose layers compress by
    // their own ratios.
    if (!shape.value.compressedAttention()) {
      CHECK(shape.value.kv_bytes_per_token_per_layer * shape.value.layers ==
            result["kvBytesPerToken"].get<double>());
    }
    CHECK(shape.value.layer_shapes.size() == static_cast<std::size_t>(shape.value.layers));
    CHECK(shape.value.dense_layers + shape.value.moe_layers == shape.value.layers);
  }
}

TEST_CASE("more layers never reduce parameters, KV cache or FLOPs") {
  for (const ModelPreset& model : models()) {
    CAPTURE(model.id);
    json config = json::parse(model.config.text);
    const json fewer = stats(config);
    const std::string layers = config.contains("n_layer") ? "n_layer" : "num_hidden_layers";
    config[layers] = config[layers].get<int>() + 1;
    if (config.contains("layer_types")) config["layer_types"].push_back("full_attention");
    // DeepSeek-V4 lists the MTP block's ratio after the layers': the new layer compresses 4:1.
    if (config.contains("compress_ratios")) {
      auto& ratios = config["compress_ratios"];
      ratios.insert(ratios.begin() + config[layers].get<int>() - 1, 4);
    }
    const json more = stats(config);
    CHECK(more["totalParams"].get<double>() > fewer["totalParams"].get<double>());
    CHECK(more["kvBytesPerToken"].get<double>() > fewer["kvBytesPerToken"].get<double>());
    CHECK(more["kvBytesPerSequence"].get<double>() > fewer["kvBytesPerSequence"].get<double>());
    CHECK(more["trainingFlopsPerToken"].get<double>() >
          fewer["trainingFlopsPerToken"].get<double>());
  }
}

TEST_CASE("an FP8 cache is half the BF16 cache plus its scales") {
  for (const ModelPreset& model : models()) {
    CAPTURE(model.id);
    const json config = configOf(model.id);
    // A lightning indexer's keys are FP8 whatever the cache's format (DeepSeek-V4: one a
    // compressed entry of its ratio-4 layers).
    const ModelShape shape = readModel(parseJson(model.config.text).value, {.bytes = 2}).value;
    double indexer = 0;
    for (const LayerShape& layer : shape.layer_shapes) {
      if (layer.indexed) {
        indexer += shape.indexer_bytes_per_token_per_layer / std::max(1.0, layer.compress_ratio);
      }
    }
    const double bf16 = stats(config, {{"kvBytes", 2}})["kvBytesPerToken"].get<double>() - indexer;
    CHECK(stats(config, {{"kvBytes", 1}})["kvBytesPerToken"].get<double>() - indexer == bf16 / 2);
    const double fp8 =
        stats(config,
              {{"kvBytes", 1}, {"kvScaleGroupSize", 128}, {"kvScaleBytes", 4}})["kvBytesPerToken"]
            .get<double>() -
        indexer;
    CHECK(fp8 > bf16 / 2);
    // At most one scale per 64 elements (Falcon's single 64-wide head is the worst case).
    CHECK(fp8 <= bf16 / 2 * (1 + 4.0 / 64));
  }
}

TEST_CASE("counting the causal half of attention halves the attention FLOPs") {
  const json full = stats(configOf("llama-3.1-8b"), {{"causal", false}});
  const json causal = stats(configOf("llama-3.1-8b"), {{"causal", true}});
  CHECK(causal["attentionFlopsPerToken"].get<double>() ==
        doctest::Approx(full["attentionFlopsPerToken"].get<double>() / 2));
  CHECK(causal["matmulFlopsPerToken"] == full["matmulFlopsPerToken"]);
}

TEST_CASE("Mistral's sliding window caps the cache of every layer; Qwen's switch turns it off") {
  json config = configOf("llama-3.1-8b");
  config["model_type"] = "mistral";
  config["sliding_window"] = 4096;
  const json windowed = stats(config, {{"seqLen", 8192}});
  const json full = stats(configOf("llama-3.1-8b"), {{"seqLen", 8192}});
  CHECK(windowed["kvBytesPerSequence"].get<double>() ==
        full["kvBytesPerSequence"].get<double>() / 2);
  CHECK(windowed["kvBytesPerToken"] == full["kvBytesPerToken"]);
  // Causal keys per query: 8192 / 2 = 4096 without the window, 4096 − 4096² / 16384 = 3072 with.
  CHECK(windowed["attentionFlopsPerToken"].get<double>() ==
        doctest::Approx(full["attentionFlopsPerToken"].get<double>() * 3 / 4));
  // A null sliding_window is no window, where an absent one takes Mistral's default of 4096.
  config["sliding_window"] = nullptr;
  CHECK(stats(config, {{"seqLen", 8192}})["kvBytesPerSequence"] == full["kvBytesPerSequence"]);

  // Qwen2: the first max_window_layers layers keep full attention, and only with the switch on.
  config["model_type"] = "qwen2";
  config["sliding_window"] = 4096;
  config["use_sliding_window"] = true;
  config["max_window_layers"] = 16;
  CHECK(stats(config, {{"seqLen", 8192}})["kvBytesPerSequence"].get<double>() ==
        full["kvBytesPerSequence"].get<double>() * 3 / 4);
  config["use_sliding_window"] = false;
  CHECK(stats(config, {{"seqLen", 8192}})["kvBytesPerSequence"].get<double>() ==
        full["kvBytesPerSequence"].get<double>());
}

TEST_CASE("Gemma-2 slides on even layers only and Gemma-3 on five of every six") {
  const json gemma2 = stats(configOf("gemma-2-9b"), {{"seqLen", 32768}});
  // 2 · 8 KV heads · 256 · 2 B = 8,192 B per layer per token; 21 layers keep 32,768 tokens and
  // 21 keep 4,096.
  CHECK(gemma2["kvBytesPerSequence"].get<double>() == 8192.0 * (21 * 32768 + 21 * 4096));
  REQUIRE(gemma2["layers"].size() == 42);
  CHECK(gemma2["layers"][0]["window"] == 4096);
  CHECK(gemma2["layers"][1]["window"] == 0);

  // Gemma-3-1B's published config: the 6th, 12th, 18th and 24th layers keep every token.
  const json gemma3_1b = stats(configOf("gemma-3-1b-it"), {{"seqLen", 32768}});
  std::vector<std::array<int, 3>> runs;  // first layer, layers, window
  for (const json& run : gemma3_1b["layers"]) {
    runs.push_back({run["first"].get<int>(), run["count"].get<int>(), run["window"].get<int>()});
  }
  CHECK(runs == std::vector<std::array<int, 3>>{{0, 5, 512},
                                                {5, 1, 0},
                                                {6, 5, 512},
                                                {11, 1, 0},
                                                {12, 5, 512},
                                                {17, 1, 0},
                                                {18, 5, 512},
                                                {23, 1, 0},
                                                {24, 2, 512}});

  json gemma3 = configOf("gemma-2-9b");
  gemma3["model_type"] = "gemma3_text";
  gemma3["num_hidden_layers"] = 12;
  gemma3["sliding_window"] = 1024;
  gemma3["sliding_window_pattern"] = 6;
  const json result = stats(gemma3, {{"seqLen", 32768}});
  CHECK(result["kvBytesPerSequence"].get<double>() == 8192.0 * (10 * 1024 + 2 * 32768));
  // The same layout spelled out in layer_types wins over the family rule.
  gemma3["model_type"] = "llama";
  gemma3["layer_types"] = json::array();
  for (int i = 0; i < 12; ++i) {
    gemma3["layer_types"].push_back((i + 1) % 6 ? "sliding_attention" : "full_attention");
  }
  CHECK(stats(gemma3, {{"seqLen", 32768}})["kvBytesPerSequence"] == result["kvBytesPerSequence"]);
}

TEST_CASE("Gemma 4's rule: five sliding layers to one full, the last layer always full") {
  // A small Gemma 4 (configuration_gemma4 defaults: window 512, global_head_dim 512): 8 layers
  // slide but the 6th, and the 8th because it is last.
  const json config = json::parse(R"({"model_type": "gemma4_text", "hidden_size": 512,
    "num_hidden_layers": 8, "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 64,
    "intermediate_size": 1024, "vocab_size": 1000, "attention_k_eq_v": true,
    "num_global_key_value_heads": 1})");
  const json result = stats(config, {{"seqLen", 4096}});
  std::vector<std::array<int, 3>> runs;  // first layer, layers, window
  for (const json& run : result["layers"]) {
    runs.push_back({run["first"].get<int>(), run["count"].get<int>(), run["window"].get<int>()});
  }
  CHECK(runs == std::vector<std::array<int, 3>>{{0, 5, 512}, {5, 1, 0}, {6, 1, 512}, {7, 1, 0}});
  // Sliding layers cache 2 · 2 · 64 · 2 B per token for 512 tokens; the two full layers
  // 2 · 1 · 512 · 2 B for all 4,096.
  CHECK(result["kvBytesPerToken"].get<double>() == 6 * 512 + 2 * 2048);
  CHECK(result["kvBytesPerSequence"].get<double>() == 6 * 512.0 * 512 + 2 * 2048.0 * 4096);
  // Each full layer attends with heads eight times as wide as a sliding layer's.
  const double per_key = 3 * 2 * 4 * (64 + 64);
  const double sliding_keys = 512 - 512.0 * 512 / (2 * 4096);
  CHECK(result["attentionFlopsPerToken"].get<double>() ==
        doctest::Approx(per_key * (6 * sliding_keys + 2 * 8 * 2048)));
  // The global_head_dim default is listed with its rule.
  bool assumed = false;
  for (const json& item : result["assumed"]) assumed |= item["key"] == "global_head_dim";
  CHECK(assumed);
}

TEST_CASE("Gemma-3 without vocab_size takes transformers' default, as its 4B/12B/27B configs do") {
  // Gemma3TextConfig(vocab_size=262_208): the 1B file states the same value.
  json gemma3 = configOf("gemma-3-1b-it");
  REQUIRE(gemma3["vocab_size"] == 262144);
  gemma3.erase("vocab_size");
  const json result = stats(gemma3);
  json stated = configOf("gemma-3-1b-it");
  stated["vocab_size"] = 262208;
  CHECK(result["totalParams"] == stats(stated)["totalParams"]);
  CHECK(result["assumed"].dump().find("vocab_size is absent: 262208") != std::string::npos);
  // Other families still require it.
  json llama = configOf("llama-3.1-8b");
  llama.erase("vocab_size");
  CHECK(rejection(llama).field == "config.vocab_size");
}

TEST_CASE("a nested text_config is read and the wrapper's other keys are reported unused") {
  json wrapper = {{"model_type", "kimi_k25"},
                  {"architectures", {"KimiK25ForConditionalGeneration"}},
                  {"vision_config", {{"vt_hidden_size", 1152}}},
                  {"text_config", configOf("kimi-k2")}};
  const json nested = stats(wrapper);
  const json flat = stats(configOf("kimi-k2"));
  CHECK(nested["totalParams"] == flat["totalParams"]);
  CHECK(nested["family"] == "kimi_k2");
  const auto ignored = nested["ignoredKeys"].get<std::vector<std::string>>();
  CHECK(std::find(ignored.begin(), ignored.end(), "vision_config") != ignored.end());
  CHECK(std::find(ignored.begin(), ignored.end(), "text_config.rope_scaling") != ignored.end());
  wrapper["text_config"]["hidden_size"] = -1;
  CHECK(rejection(wrapper).field == "config.text_config.hidden_size");
}

namespace {

// DeepSeek-V3's config with DeepSeek-V3.2's sparse attention keys (its inference config).
ModelShape v32Shape() {
  json config = configOf("deepseek-v3");
  config["model_type"] = "deepseek_v32";
  config["index_n_heads"] = 64;
  config["index_head_dim"] = 128;
  config["index_topk"] = 2048;
  const auto read = readModel(parseJson(config.dump()).value, {.bytes = 2});
  REQUIRE(read.ok());
  return read.value;
}

}  // namespace

TEST_CASE("DSA decode reads the top-k keys' latents and every token's indexer key") {
  const ModelShape shape = v32Shape();
  // 61 layers × (1,152 B of latent for 2,048 keys + 132 B of indexer key for 131,072 tokens).
  CHECK(shape.attendedKvBytes(131072) == 61.0 * (1152 * 2048 + 132 * 131072));
  // What it keeps is every token's 1,284 B.
  CHECK(shape.kvBytesPerSequence(131072) == 61.0 * 1284 * 131072);
  // Below top-k a query reads all it keeps.
  CHECK(shape.attendedKvBytes(1000) == shape.kvBytesPerSequence(1000));
  // Decode scores in the latent space: 2,048 keys per layer and the indexer over all of them.
  CHECK(shape.attentionFlopsPerQuery(131072, false, true) ==
        doctest::Approx(61.0 * (2 * 128 * 1088 * 2048 + 2 * 64 * 128 * 131072.0)));
}

namespace {

// Qwen3-Next's layout at a small size: 8 layers, every 4th full attention, 4 value heads of a
// 16 × 32 state each (modeling_qwen3_next), BF16 state.
json qwen3NextConfig() {
  return json::parse(R"({"model_type": "qwen3_next", "hidden_size": 256, "num_hidden_layers": 8,
    "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 64, "intermediate_size": 512,
    "vocab_size": 1000, "linear_num_key_heads": 2, "linear_num_value_heads": 4,
    "linear_key_head_dim": 16, "linear_value_head_dim": 32, "linear_conv_kernel_dim": 4,
    "tie_word_embeddings": false, "mamba_ssm_dtype": "bfloat16"})");
}

}  // namespace

TEST_CASE("a Gated DeltaNet layer keeps a fixed state and adds the same FLOPs at any context") {
  const auto read = readModel(parseJson(qwen3NextConfig().dump()).value, {.bytes = 2});
  REQUIRE(read.ok());
  const ModelShape& shape = read.value;
  CHECK(shape.linear_layers == 6);
  // Layers 3 and 7 are full attention, the rest Gated DeltaNet.
  const std::vector<LayerRun> runs = shape.layerRuns();
  REQUIRE(runs.size() == 4);
  CHECK(runs[0].attention == AttentionKind::linear);
  CHECK(runs[0].count == 3);
  CHECK(runs[1].attention == AttentionKind::gqa);
  // 4 value heads × 16 × 32 × 2 B, and (2 × 2 × 16 + 4 × 32) conv channels × 3 inputs × 2 B.
  const double state = 4 * 16 * 32 * 2 + (2 * 2 * 16 + 4 * 32) * 3 * 2;
  CHECK(shape.linear_state_bytes_per_layer == state);
  // KV in the two full layers only: 2 × 2 × 64 × 2 B each per token.
  CHECK(shape.kvBytesPerToken() == 2 * 2 * 2 * 64 * 2);
  for (const double tokens : {1.0, 4096.0, 131072.0}) {
    CAPTURE(tokens);
    CHECK(shape.kvBytesPerSequence(tokens) == shape.kvBytesPerToken() * tokens + 6 * state);
    // A decode step reads each state and writes it back.
    CHECK(shape.attendedKvBytes(tokens) == shape.kvBytesPerSequence(tokens) + 6 * state);
  }
  // Per query: the full layers' keys, and 7 · 4 · 16 · 32 + 2 · 192 · 4 FLOPs in each of the six
  // linear layers whatever the context.
  const double per_key = 2 * 4 * (64 + 64);
  const double recurrence = 6 * (7 * 4 * 16 * 32 + 2 * 192 * 4);
  CHECK(shape.attentionFlopsPerQuery(8192, false, false) == per_key * 2 * 8192 + recurrence);
  CHECK(shape.attentionFlopsPerQuery(8192, true, false) == per_key * 2 * 4096 + recurrence);
}

TEST_CASE("as full attention the same model caches more and attends to more at long contexts") {
  json config = qwen3NextConfig();
  json full = config;
  full["layer_types"] = json::array();
  for (int layer = 0; layer < 8; ++layer) full["layer_types"].push_back("full_attention");
  const json hybrid_stats = stats(config, {{"seqLen", 131072}});
  const json full_stats = stats(full, {{"seqLen", 131072}});
  CHECK(hybrid_stats.at("kvBytesPerSequence").get<double>() <
        full_stats.at("kvBytesPerSequence").get<double>() / 3);
  CHECK(hybrid_stats.at("attentionFlopsPerToken").get<double>() <
        full_stats.at("attentionFlopsPerToken").get<double>() / 3);
  // "linear_attention" and a state's dtype mean Gated DeltaNet only in the families that have it.
  json qwen3 = full;
  qwen3["model_type"] = "qwen3";
  const auto with_state = test::runById("modelStats", {{"config", qwen3}});
  REQUIRE_FALSE(with_state.ok());
  CHECK(with_state.errors.front().field == "config.mamba_ssm_dtype");
  qwen3.erase("mamba_ssm_dtype");
  qwen3["layer_types"][0] = "linear_attention";
  const auto refused = test::runById("modelStats", {{"config", qwen3}});
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.errors.front().field == "config.layer_types");
}

// Nemotron-H's blocks at a small size: 8 blocks "M-M*-ME" that pair into 5 layers (Mamba-2 +
// MLP, Mamba-2 alone, attention + MLP, Mamba-2 alone... ) below; 4 Mamba-2 heads of 8 with a
// 16-wide state in 2 groups, conv 4, FP32 state.
json nemotronConfig() {
  return json::parse(R"({"model_type": "nemotron_h", "hidden_size": 64, "num_hidden_layers": 8,
    "hybrid_override_pattern": "M-MM*-ME", "num_attention_heads": 4, "num_key_value_heads": 2,
    "head_dim": 16, "intermediate_size": 128, "vocab_size": 100, "mamba_num_heads": 4,
    "mamba_head_dim": 8, "ssm_state_size": 16, "n_groups": 2, "conv_kernel": 4,
    "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 32,
    "n_shared_experts": 1, "moe_shared_expert_intermediate_size": 48,
    "mamba_ssm_cache_dtype": "float32", "tie_word_embeddings": false})");
}

TEST_CASE("Nemotron-H's blocks pair into layers: a mixer and the FFN block after it") {
  const auto read = readModel(parseJson(nemotronConfig().dump()).value, {.bytes = 2});
  REQUIRE(read.ok());
  const ModelShape& shape = read.value;
  // M- | M | M | *- | ME: five layers, four Mamba-2, one attention; one MLP, one MoE, three none.
  CHECK(shape.layers == 5);
  CHECK(shape.linear_layers == 4);
  CHECK(shape.recurrent_mixer == "Mamba-2");
  CHECK(shape.dense_layers == 2);
  CHECK(shape.moe_layers == 1);
  const std::vector<LayerRun> runs = shape.layerRuns();
  REQUIRE(runs.size() == 4);
  CHECK(runs[0].ffn == "dense");
  CHECK(runs[1].ffn == "none");
  CHECK(runs[1].count == 2);
  CHECK(runs[2].attention == AttentionKind::gqa);
  CHECK(runs[3].ffn == "moe");
  // Mamba-2: 32 inner channels, conv channels 32 + 2 · 2 · 16 = 96; in_proj 64 × (32 + 96 + 4),
  // conv 96 × 4 + 96, dt_bias, A_log and D 3 × 4, gated norm 32, out_proj 32 × 64.
  const double mamba = 64 * (32 + 96 + 4) + 96 * 4 + 96 + 3 * 4 + 32 + 32 * 64;
  const double attention = 2 * 64 * 64 + 2 * 64 * 32;
  CHECK(shape.layers * shape.attention_params == doctest::Approx(4 * mamba + attention));
  // relu² FFNs (up, down): the MLP 2 · 64 · 128; the MoE 4 experts of 2 · 64 · 32, a shared one
  // of 2 · 64 · 48, a router 4 × 64 and its correction bias.
  CHECK(shape.dense_ffn_params == 2 * 64 * 128);
  CHECK(shape.expert_params == 2 * 64 * 32);
  CHECK(shape.shared_expert_params == 2 * 64 * 48);
  CHECK(shape.router_params == 4 * 64 + 4);
  // One norm per block and the final one: 9 × 64.
  CHECK(shape.norm_params == 9 * 64);
  // The state: 4 heads × 8 × 16 in FP32, and 96 conv channels × 3 inputs in BF16.
  CHECK(shape.linear_state_bytes_per_layer == 4 * 8 * 16 * 4 + 96 * 3 * 2);
  CHECK(shape.kvBytesPerToken() == 2 * 2 * 16 * 2);
  // Per token and layer the recurrence's 5 · 4 · 8 · 16 FLOPs and the convolution's 2 · 96 · 4.
  const double recurrence = 4 * (5 * 4 * 8 * 16 + 2 * 96 * 4);
  CHECK(shape.attentionFlopsPerQuery(1024, false, false) == 2 * 4 * (16 + 16) * 1024 + recurrence);
  // layers_block_type, the list newer configs carry, reads the same.
  json listed = nemotronConfig();
  listed.erase("hybrid_override_pattern");
  listed["layers_block_type"] = {"mamba",     "mlp", "mamba", "mamba",
                                 "attention", "mlp", "mamba", "moe"};
  CHECK(stats(listed) == stats(nemotronConfig()));
}

TEST_CASE("Nemotron-H patterns that do not pair, or do not match the blocks, name the key") {
  for (const auto& [pattern, field] :
       std::vector<std::pair<std::string, std::string>>{{"-MMM*-ME", "hybrid_override_pattern"},
                                                        {"M--M*-ME", "hybrid_override_pattern"},
                                                        {"M-MX*-ME", "hybrid_override_pattern"},
                                                        {"M-M*-ME", "hybrid_override_pattern"},
                                                        {"M-MM-M-E", "hybrid_override_pattern"}}) {
    CAPTURE(pattern);
    json config = nemotronConfig();
    config["hybrid_override_pattern"] = pattern;
    CHECK(rejection(config).field == "config." + field);
  }
  // MoE blocks need routed experts; without MoE blocks the MoE keys describe nothing.
  json config = nemotronConfig();
  config.erase("n_routed_experts");
  CHECK(rejection(config).field == "config.num_experts");
  config = nemotronConfig();
  config["hybrid_override_pattern"] = "M-MM*-M-";
  const json dense = stats(config);
  CHECK(dense.at("moeLayers") == 0);
  CHECK(dense.at("denseLayers") == 3);
  // Mamba-2 keys in a family without Mamba layers still mark layers ridgepoint does not model.
  config["model_type"] = "llama";
  CHECK(rejection(config).field == "config.mamba_head_dim");  // the first such key (sorted)
}

TEST_CASE("Granite 4.0-H: mamba_d_head \"auto\" is mamba_expand · hidden_size over the heads") {
  const json granite = json::parse(R"({"model_type": "granitemoehybrid", "hidden_size": 64,
    "num_hidden_layers": 4, "num_attention_heads": 4, "num_key_value_heads": 2,
    "intermediate_size": 32, "shared_intermediate_size": 96, "num_local_experts": 0,
    "vocab_size": 100, "mamba_n_heads": 8, "mamba_d_head": "auto", "mamba_expand": 2,
    "mamba_n_groups": 1, "mamba_d_state": 16, "mamba_d_conv": 4,
    "layer_types": ["mamba", "attention", "mamba", "mamba"]})");
  const auto read = readModel(parseJson(granite.dump()).value, {.bytes = 2});
  REQUIRE(read.ok());
  // 16-wide heads (2 · 64 / 8), 128 inner channels, 160 conv channels; a dense SwiGLU MLP of
  // shared_intermediate_size in every layer (no experts).
  CHECK(read.value.linear_state_bytes_per_layer == 8 * 16 * 16 * 2 + 160 * 3 * 2);
  CHECK(read.value.dense_ffn_params == 3 * 64 * 96);
  CHECK(read.value.dense_layers == 4);
  json uneven = granite;
  uneven["mamba_n_heads"] = 6;
  CHECK(rejection(uneven).field == "config.mamba_n_heads");  // as Granite spells it
  json no_attention = granite;
  no_attention.erase("layer_types");
  CHECK(rejection(no_attention).field == "config.layer_types");
}

TEST_CASE("a Qwen vision-language model's language model reads as its text family's") {
  const json qwen3_moe = configOf("qwen3-30b-a3b");
  for (const auto& [text, vision] : std::vector<std::pair<std::string, std::string>>{
           {"qwen3_moe", "qwen3_vl_moe_text"}, {"qwen3", "qwen3_vl_text"}}) {
    CAPTURE(vision);
    json config = qwen3_moe;
    config["model_type"] = text;
    json wrapped = {{"model_type", "qwen3_vl"}, {"text_config", config}};
    wrapped["text_config"]["model_type"] = vision;
    const json plain = stats(config);
    const json nested = stats(wrapped);
    CHECK(nested.at("totalParams") == plain.at("totalParams"));
    CHECK(nested.at("family") == vision);
    CHECK(nested.at("assumed").size() == plain.at("assumed").size());
  }
  json qwen2 = configOf("qwen2.5-72b");
  const json text = stats(qwen2);
  for (const std::string vision : {"qwen2_vl", "qwen2_5_vl", "qwen2_5_vl_text"}) {
    CAPTURE(vision);
    qwen2["model_type"] = vision;
    CHECK(stats(qwen2).at("totalParams") == text.at("totalParams"));
  }
}

TEST_CASE("LFM2's FFN is two thirds of intermediate_size, scaled and rounded up, unless told not") {
  json lfm2 = json::parse(R"({"model_type": "lfm2", "hidden_size": 64, "num_hidden_layers": 4,
    "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 100,
    "vocab_size": 100, "block_ffn_dim_multiplier": 1.5, "block_multiple_of": 32,
    "layer_types": ["conv", "full_attention", "conv", "conv"]})");
  auto read = readModel(parseJson(lfm2.dump()).value, {.bytes = 2});
  REQUIRE(read.ok());
  // ⌊2 · 100 / 3⌋ = 66, · 1.5 = 99, up to a multiple of 32: 128.
  CHECK(read.value.dense_ffn_params == 3 * 64 * 128);
  CHECK(read.value.recurrent_mixer == "short convolution");
  // Three convolution layers keep their last 2 inputs of 64 channels (conv_L_cache 3).
  CHECK(read.value.stateBytesPerSequence() == 3 * 64 * 2 * 2);
  lfm2["block_auto_adjust_ff_dim"] = false;
  read = readModel(parseJson(lfm2.dump()).value, {.bytes = 2});
  REQUIRE(read.ok());
  CHECK(read.value.dense_ffn_params == 3 * 64 * 100);
  lfm2.erase("layer_types");
  lfm2["full_attn_idxs"] = {1, 4};
  CHECK(rejection(lfm2).field == "config.full_attn_idxs");
}

TEST_CASE("Jamba: Mamba-1 layers keep a state per channel; periods and offsets place the rest") {
  const json jamba = json::parse(R"({"model_type": "jamba", "hidden_size": 64,
    "num_hidden_layers": 8, "num_attention_heads": 4, "num_key_value_heads": 2,
    "intermediate_size": 128, "vocab_size": 100, "num_experts": 4, "num_experts_per_tok": 2,
    "attn_layer_period": 4, "attn_layer_offset": 1, "expert_layer_period": 2,
    "expert_layer_offset": 0, "mamba_d_state": 8, "mamba_d_conv": 4, "mamba_expand": 2,
    "mamba_dt_rank": 4})");
  const auto read = readModel(parseJson(jamba.dump()).value, {.bytes = 2});
  REQUIRE(read.ok());
  const ModelShape& shape = read.value;
  // Layers 1 and 5 attend; layers 0, 2, 4 and 6 are MoE.
  CHECK(shape.linear_layers == 6);
  CHECK(shape.layer_shapes[1].attention == AttentionKind::gqa);
  CHECK(shape.layer_shapes[0].moe);
  CHECK_FALSE(shape.layer_shapes[1].moe);
  CHECK(shape.recurrent_mixer == "Mamba-1");
  // 128 channels, each with an 8-element state (BF16) and 3 conv inputs.
  CHECK(shape.linear_state_bytes_per_layer == 128 * 8 * 2 + 128 * 3 * 2);
  CHECK(shape.linear_flops_per_token_per_layer == 7 * 128 * 8 + 2 * 128 * 4);
  json misplaced = jamba;
  misplaced["attn_layer_offset"] = 4;
  CHECK(rejection(misplaced).field == "config.attn_layer_offset");
  misplaced = jamba;
  misplaced["expert_layer_offset"] = 2;
  CHECK(rejection(misplaced).field == "config.expert_layer_offset");
}

TEST_CASE("after a cached prefix, new tokens attend to it and to the new tokens before them") {
  // Dense: the average over positions from..to is layers · (from + to) / 2 keys per query.
  const auto llama = readModel(parseJson(configOf("llama-3.1-8b").dump()).value, {.bytes = 2});
  REQUIRE(llama.ok());
  const ModelShape& shape = llama.value;
  const double per_key = 2 * shape.heads * (shape.qk_head_dim + shape.v_head_dim);
  CHECK(shape.attentionFlopsPerQuery(4096, true, false, 1024) ==
        doctest::Approx(per_key * shape.layers * (1024 + 4096) / 2.0));
  CHECK(shape.attentionFlopsPerQuery(4096, true, false, 0) ==
        doctest::Approx(per_key * shape.layers * 4096 / 2.0));
  // A longer cached prefix never makes a new token cheaper, dense or sparse.
  const ModelShape sparse = v32Shape();
  double last = 0;
  for (const double prefix : {0.0, 1024.0, 4096.0, 16384.0, 60000.0}) {
    const double flops = sparse.attentionFlopsPerQuery(65536, true, false, prefix);
    CHECK(flops >= last);
    last = flops;
  }
}

TEST_CASE("mixture of experts saves compute; a dense model saves none") {
  const json v3 = stats(configOf("deepseek-v3"));
  CHECK(v3["sparsitySaving"].get<double>() > 0.9);
  CHECK(v3["activeParams"].get<double>() < v3["totalParams"].get<double>() / 10);
  const json dense = stats(configOf("qwen2.5-72b"));
  CHECK(dense["sparsitySaving"] == 0);
  CHECK(dense["activeParams"] == dense["totalParams"]);
}

TEST_CASE("Qwen-MoE layouts: decoder_sparse_step, mlp_only_layers and a wider shared expert") {
  json config = configOf("qwen3-30b-a3b");
  CHECK(stats(config)["moeLayers"] == 48);
  config["decoder_sparse_step"] = 2;
  config["mlp_only_layers"] = {1};  // layer 1 would be MoE at step 2; it stays dense
  const json sparse = stats(config);
  CHECK(sparse["moeLayers"] == 23);
  CHECK(sparse["denseLayers"] == 25);
  // Qwen2-MoE's shared expert: its own width plus a hidden_size × 1 gate.
  config = configOf("qwen3-30b-a3b");
  config["model_type"] = "qwen2_moe";
  config["shared_expert_intermediate_size"] = 5632;
  const json shared = stats(config);
  CHECK(shared["/components/4/params"_json_pointer].get<double>() ==
        48.0 * (3 * 2048 * 5632 + 2048));
}

TEST_CASE("decode throughput never falls as the batch grows and the saturation batch is the edge") {
  for (std::string_view id : {"deepseek-v3", "mixtral-8x7b", "llama-3.1-70b", "gpt-oss-20b"}) {
    CAPTURE(id);
    json input = {{"config", configOf(id)}, {"peakFlops", 989.4e12}, {"memoryBandwidth", 3.35e12}};
    const json result = evaluate("modelInference", input);
    double previous = 0;
    for (const json& point : result["throughput"]) {
      CHECK(point["tokensPerSecond"].get<double>() >= previous);
      previous = point["tokensPerSecond"].get<double>();
    }
    double longest = 0;
    for (const json& row : result["decode"]) longest = std::max(longest, row["time"].get<double>());
    CHECK(result["timePerOutputToken"].get<double>() >= longest);
    if (!result["saturationBatch"].is_null()) {
      const double edge = result["saturationBatch"].get<double>();
      auto computeShare = [&](double batch) {
        input["batch"] = batch;
        double compute = 0, memory = 0;
        const json result_at = evaluate("modelInference", input);
        for (const json& row : result_at["decode"]) {
          compute += row["flops"].get<double>() / 989.4e12;
          memory += row["bytes"].get<double>() / 3.35e12;
        }
        return compute / memory;
      };
      CHECK(computeShare(edge) >= 1);
      if (edge > 1) CHECK(computeShare(edge - 1) < 1);
    }
  }
}

TEST_CASE("more memory bandwidth never slows prefill or decode") {
  json input = {
      {"config", configOf("deepseek-v2")}, {"peakFlops", 989.4e12}, {"memoryBandwidth", 3.35e12}};
  const json slow = evaluate("modelInference", input);
  input["memoryBandwidth"] = 6.7e12;
  const json fast = evaluate("modelInference", input);
  CHECK(fast["timeToFirstToken"].get<double>() <= slow["timeToFirstToken"].get<double>());
  CHECK(fast["timePerOutputToken"].get<double>() <= slow["timePerOutputToken"].get<double>());
  for (std::size_t i = 0; i < fast["decode"].size(); ++i) {
    CHECK(fast["decode"][i]["time"].get<double>() <= slow["decode"][i]["time"].get<double>());
  }
}

TEST_CASE("a higher ZeRO stage never needs more memory per GPU") {
  TrainingMemoryInput in = defaultInput<TrainingMemory>();
  double previous = std::numeric_limits<double>::infinity();
  for (double stage = 0; stage <= 3; ++stage) {
    in.zero_stage = stage;
    const double total = run<TrainingMemory>(in).value.total_bytes;
    CHECK(total <= previous);
    previous = total;
  }
  in.zero_stage = 0;
  const double unsharded = run<TrainingMemory>(in).value.total_bytes;
  in.zero_stage = 3;
  CHECK(run<TrainingMemory>(in).value.total_bytes == doctest::Approx(unsharded / in.data_parallel));
}

TEST_CASE("the MFU implied by a run's own throughput is the MFU it was given") {
  TrainingRunInput in = defaultInput<TrainingRun>();
  const TrainingRunResult planned = run<TrainingRun>(in).value;
  in.measured_tokens_per_day = planned.tokens_per_day;
  const TrainingRunResult measured = run<TrainingRun>(in).value;
  REQUIRE(measured.implied_mfu.has_value());
  CHECK(*measured.implied_mfu == doctest::Approx(in.mfu));
  in.gpus *= 2;
  const TrainingRunResult doubled = run<TrainingRun>(in).value;
  CHECK(doubled.days == doctest::Approx(planned.days / 2));
  CHECK(doubled.gpu_hours == doctest::Approx(planned.gpu_hours));
}

TEST_CASE("multi-token prediction yields between one and depth + 1 tokens per step") {
  MtpInput in = defaultInput<MtpSpeedup>();
  for (double depth : {1.0, 2.0, 4.0}) {
    in.depth = depth;
    double previous = 0;
    for (double rate : {0.0, 0.5, 0.85, 0.9, 1.0}) {
      in.acceptance_rate = rate;
      const double tokens = run<MtpSpeedup>(in).value.tokens_per_step;
      CHECK(tokens >= 1);
      CHECK(tokens <= depth + 1);
      CHECK(tokens >= previous);
      previous = tokens;
    }
    CHECK(previous == depth + 1);
  }
}

TEST_CASE("every bad size in a config is rejected with the key and its range") {
  json config = configOf("llama-3.1-8b");
  SUBCASE("zero") { config["hidden_size"] = 0; }
  SUBCASE("negative") { config["hidden_size"] = -4096; }
  SUBCASE("overflowing") { config["hidden_size"] = 1e300; }
  SUBCASE("fraction") { config["hidden_size"] = 4096.5; }
  SUBCASE("text") { config["hidden_size"] = "4096"; }
  SUBCASE("a list") { config["hidden_size"] = {4096}; }
  const FieldError error = rejection(config);
  CHECK(error.field == "config.hidden_size");
  CHECK(error.message.rfind("config.hidden_size must be a whole number from 1 to 1,000,000", 0) ==
        0);
}

TEST_CASE("inconsistent configs are rejected naming the key at fault") {
  json config = configOf("deepseek-v3");
  std::string field;
  SUBCASE("top-k above the expert count") {
    config["num_experts_per_tok"] = 257;
    field = "num_experts_per_tok";
  }
  SUBCASE("groups that do not divide the experts") {
    config["n_group"] = 7;
    field = "n_group";
  }
  SUBCASE("more groups per token than groups") {
    config["topk_group"] = 9;
    field = "topk_group";
  }
  SUBCASE("too few groups to hold top-k experts") {
    config["n_group"] = 64;
    config["topk_group"] = 1;
    field = "topk_group";
  }
  SUBCASE("more dense layers than layers") {
    config["first_k_dense_replace"] = 62;
    field = "first_k_dense_replace";
  }
  SUBCASE("MLA without its value head size") {
    config.erase("v_head_dim");
    field = "v_head_dim";
  }
  SUBCASE("zero heads") {
    config["num_attention_heads"] = 0;
    field = "num_attention_heads";
  }
  SUBCASE("GQA heads that do not divide") {
    config = configOf("llama-3.1-8b");
    config["num_key_value_heads"] = 5;
    field = "num_key_value_heads";
  }
  SUBCASE("heads that do not divide the width") {
    config = configOf("llama-3.1-8b");
    config["num_attention_heads"] = 30;
    config["num_key_value_heads"] = 30;
    field = "num_attention_heads";
  }
  SUBCASE("two spellings of the expert count that disagree") {
    config = configOf("mixtral-8x7b");
    config["n_routed_experts"] = 16;
    field = "n_routed_experts";
  }
  SUBCASE("a boolean given as text") {
    config["tie_word_embeddings"] = "false";
    field = "tie_word_embeddings";
  }
  SUBCASE("layer types that do not cover every layer") {
    config = configOf("gpt-oss-20b");
    config["layer_types"].erase(0);
    field = "layer_types";
  }
  SUBCASE("an unknown layer type") {
    config = configOf("gpt-oss-20b");
    config["layer_types"][3] = "chunked";
    field = "layer_types";
  }
  const FieldError error = rejection(config);
  CHECK(error.field == "config." + field);
  CHECK(error.message.rfind("config." + field, 0) == 0);
}

TEST_CASE("a config missing required keys names each of them") {
  const auto outcome = test::runById("modelStats", {{"config", {{"hidden_size", 4096}}}});
  std::vector<std::string> fields;
  for (const FieldError& error : outcome.errors) fields.push_back(error.field);
  CHECK(fields == std::vector<std::string>{"config.num_hidden_layers", "config.num_attention_heads",
                                           "config.vocab_size"});
}

TEST_CASE("hostile configs are rejected naming the key, never read") {
  SUBCASE("a __proto__ key") {
    const std::string text = R"({"config": {"hidden_size": 8, "__proto__": {"x": 1}}})";
    const json answer = json::parse(evaluateJson("modelStats", text));
    CHECK(answer["ok"] == false);
    CHECK(answer["errors"][0]["field"] == "config.__proto__");
  }
  SUBCASE("ten megabytes of JSON") {
    json config = configOf("llama-3.1-8b");
    for (int i = 0; i < 9000; ++i) config["padding_" + std::to_string(i)] = std::string(1200, 'x');
    CHECK(rejection(config).field == "config");
  }
  SUBCASE("a text_config that is not an object") {
    json config = configOf("llama-3.1-8b");
    config["text_config"] = "llama";
    CHECK(rejection(config).field == "config.text_config");
  }
}

TEST_CASE("defaults applied to a config are listed with their rule, never silently") {
  json config = configOf("llama-3.1-8b");
  config.erase("num_key_value_heads");
  config.erase("tie_word_embeddings");
  const json result = stats(config);
  std::vector<std::string> keys;
  for (const json& item : result["assumed"]) keys.push_back(item["key"].get<std::string>());
  CHECK(keys == std::vector<std::string>{"head_dim", "num_key_value_heads", "tie_word_embeddings"});
  CHECK(result["attention"] == "mha");
  // A GPT-2 config leaves out n_inner and tie_word_embeddings: GPT-2's rules fill them in.
  const json gpt2 = stats(configOf("gpt2"));
  CHECK(gpt2["assumed"].dump().find("4 · hidden_size = 3072") != std::string::npos);
  CHECK(gpt2["ignoredKeys"].get<std::vector<std::string>>() ==
        std::vector<std::string>{"architectures", "attn_pdrop", "bos_token_id", "embd_pdrop",
                                 "eos_token_id", "initializer_range", "layer_norm_epsilon", "n_ctx",
                                 "resid_pdrop", "summary_activation", "summary_first_dropout",
                                 "summary_proj_to_labels", "summary_type", "summary_use_proj",
                                 "task_specific_params"});
}

TEST_CASE("the key table names each spelling once and every family once") {
  std::set<std::string_view> spellings;
  for (const ConfigKey& key : configKeys()) {
    CAPTURE(std::string(key.name));
    CHECK(spellings.insert(key.name).second);
    for (std::string_view alias : key.aliases) {
      if (!alias.empty()) CHECK(spellings.insert(alias).second);
    }
    CHECK_FALSE(key.help.empty());
  }
  std::set<std::string_view> types;
  for (const Family& family : families()) {
    CHECK(types.insert(family.model_type).second);
    CHECK_FALSE(family.source.empty());
  }
}

TEST_CASE("every golden import case reads the preset's published config, verbatim") {
  std::ifstream file(std::string(RIDGEPOINT_GOLDEN_DIR) + "/model-import.json");
  const json data = json::parse(file);
  int presets = 0;
  for (const json& golden : data.at("cases")) {
    if (!golden.contains("preset")) continue;
    CAPTURE(golden.at("name").get<std::string>());
    CHECK(golden.at("input").at("config") == configOf(golden.at("preset").get<std::string>()));
    ++presets;
  }
  CHECK(presets == static_cast<int>(models().size()));
}

TEST_CASE(
    "every preset records its source and the copies of the published file it was checked against") {
  std::ifstream file(std::string(RIDGEPOINT_GOLDEN_DIR) + "/model-import.json");
  const json data = json::parse(file);
  for (const ModelPreset& model : models()) {
    CAPTURE(model.id);
    CHECK(model.source.starts_with("huggingface.co/"));
    CHECK(model.source.ends_with("/config.json"));
    const auto golden =
        std::find_if(data.at("cases").begin(), data.at("cases").end(),
                     [&](const json& item) { return item.value("preset", "") == model.id; });
    REQUIRE(golden != data.at("cases").end());
    // Either the copies compared with, or why none could be: an unchecked preset says so.
    REQUIRE(golden->contains("checkedAgainst"));
    const json& checked = golden->at("checkedAgainst");
    if (checked.is_null()) {
      CHECK(golden->at("notChecked").get<std::string>().size() > 40);
      continue;
    }
    REQUIRE(checked.is_array());
    CHECK_FALSE(checked.empty());
    for (const json& copy : checked) {
      CHECK(copy.at("repository").get<std::string>().find('/') != std::string::npos);
      CHECK_FALSE(copy.at("path").get<std::string>().empty());
      const std::string commit = copy.at("commit").get<std::string>();
      CHECK(commit.size() == 40);
      CHECK(commit.find_first_not_of("0123456789abcdef") == std::string::npos);
      CHECK_FALSE(copy.at("result").get<std::string>().empty());
    }
  }
}

TEST_CASE("Llama 4 Scout's text_config: a shared expert per layer and chunked attention") {
  // The language-model keys of meta-llama/Llama-4-Scout-17B-16E's config.json (text_config).
  const json text = {{"model_type", "llama4_text"},
                     {"attention_bias", false},
                     {"attention_chunk_size", 8192},
                     {"head_dim", 128},
                     {"hidden_act", "silu"},
                     {"hidden_size", 5120},
                     {"interleave_moe_layer_step", 1},
                     {"intermediate_size", 8192},
                     {"intermediate_size_mlp", 16384},
                     {"no_rope_layers", json::array()},
                     {"num_attention_heads", 40},
                     {"num_experts_per_tok", 1},
                     {"num_hidden_layers", 48},
                     {"num_key_value_heads", 8},
                     {"num_local_experts", 16},
                     {"tie_word_embeddings", false},
                     {"use_qk_norm", true},
                     {"vocab_size", 202048}};
  const json result = stats({{"model_type", "llama4"}, {"text_config", text}}, {{"seqLen", 32768}});
  // 48 × (62,914,560 attention + 17 × 125,829,120 experts (16 routed, 1 shared) + 81,920 router
  // + 10,240 norms) + 5,120 + 2 × 202,048 × 5,120; the card's 109B adds the vision encoder.
  CHECK(result["totalParams"] == 107769861120.0);
  // A token: attention, one routed and the shared expert: the card's "17B active".
  CHECK(result["activeParams"] == 17172894720.0);
  CHECK(result["moeLayers"] == 48);
  // Every 4th layer is global; the other 36 keep one 8,192-token chunk: 4,096 B per layer-token.
  CHECK(result["kvBytesPerSequence"] == 4096.0 * (12 * 32768 + 36 * 8192));
  CHECK(result["layers"][0]["chunked"] == true);
  CHECK(result["layers"][1]["window"] == 0);
  // Every layer is MoE, so the dense width goes unused (and is said to).
  CHECK(result["ignoredKeys"] == json::array({"text_config.intermediate_size_mlp"}));
  // Maverick interleaves: every second layer is MoE, the others dense at intermediate_size_mlp.
  json maverick = text;
  maverick["interleave_moe_layer_step"] = 2;
  const json interleaved = stats(maverick);
  CHECK(interleaved["moeLayers"] == 24);
  CHECK(interleaved["/components/2/params"_json_pointer] == 24.0 * 3 * 5120 * 16384);
}

TEST_CASE("Falcon-7B's original RefinedWebModel config reads as its transformers config does") {
  // tiiuae/falcon-7b's config.json before transformers took Falcon in: n_head, n_layer and the
  // RefinedWebModel type.
  const json original = {{"alibi", false},
                         {"apply_residual_connection_post_layernorm", false},
                         {"bias", false},
                         {"hidden_size", 4544},
                         {"model_type", "RefinedWebModel"},
                         {"multi_query", true},
                         {"n_head", 71},
                         {"n_layer", 32},
                         {"parallel_attn", true},
                         {"vocab_size", 65024}};
  const json current = stats(configOf("falcon-7b"));
  const json result = stats(original);
  CHECK(result["totalParams"] == current["totalParams"]);
  CHECK(result["kvBytesPerToken"] == current["kvBytesPerToken"]);
  CHECK(result["attention"] == "mqa");
}

namespace {

// The shape of the golden import case whose name starts with `name`, its cache in BF16.
ModelShape goldenShape(std::string_view name) {
  const json config = test::goldenImportConfig(name);
  REQUIRE_FALSE(config.is_null());
  const auto read = readModel(parseJson(config.dump()).value, {.bytes = 2});
  REQUIRE(read.ok());
  return read.value;
}

}  // namespace

TEST_CASE("GLM-5.2's shared-indexer layers read top-k latents but no indexer keys") {
  const ModelShape shape = goldenShape("GLM-5.2's config");
  // All 78 layers attend to 2,048 latents of 1,152 B; the 21 with an indexer also read the
  // 132-B key of every one of the 131,072 tokens and score them.
  CHECK(shape.attendedKvBytes(131072) == 78.0 * 1152 * 2048 + 21.0 * 132 * 131072);
  CHECK(shape.attentionFlopsPerQuery(131072, false, true) ==
        doctest::Approx(78.0 * 2 * 64 * 1088 * 2048 + 21.0 * 2 * 32 * 128 * 131072));
}

TEST_CASE("Nemotron-H's MTP block attends and routes though its last layer is Mamba-2") {
  const ModelShape shape = goldenShape("NVIDIA-Nemotron-3-Super");
  CHECK(shape.layer_shapes.back().attention == AttentionKind::linear);
  CHECK(shape.mtp_block.attention == AttentionKind::gqa);  // mtp_hybrid_override_pattern "*E"
  CHECK(shape.mtp_block.moe);
}

TEST_CASE("DeepSeek-V4 decode reads each layer's window and its compressed entries") {
  // DeepSeek-V4-Flash's published config, BF16 entries.
  const ModelShape shape = goldenShape("DeepSeek-V4-Flash's config");
  // Its MTP block keeps a window alone (compress_ratios' 44th entry, 0), unlike layer 42.
  CHECK(shape.layer_shapes.back().compress_ratio == 4);
  CHECK(shape.mtp_block.compress_ratio == 0);
  CHECK_FALSE(shape.mtp_block.indexed);
  // At 131,072 tokens a query sees 128 window keys in each of the 43 layers, the top 512 of
  // 32,768 entries in the 21 ratio-4 layers and all 1,024 in the 20 ratio-128 layers.
  CHECK(shape.keysPerQuery(131072, false) == 43.0 * 128 + 21 * 512 + 20 * 1024);
  // It reads 1,024 B per entry, and the indexer's 132-B key of all 32,768 entries.
  CHECK(shape.attendedKvBytes(131072) ==
        (43.0 * 128 + 21 * 512 + 20 * 1024) * 1024 + 21.0 * 132 * 32768);
  // Decode FLOPs: 2 · 64 heads · (512 + 512) per key, 2 · 64 · 128 per indexer entry.
  CHECK(shape.attentionFlopsPerQuery(131072, false, true) ==
        doctest::Approx(36736.0 * 131072 + 21.0 * 32768 * 16384));
  // The cache grows by the compressed entries alone; the windows are a fixed 43 · 128 entries.
  CHECK(shape.kvBytesPerSequence(1048576) - shape.kvBytesPerSequence(524288) ==
        524288.0 * shape.kvBytesPerToken());
  CHECK(shape.kvBytesPerSequence(128) == 43.0 * 128 * 1024 + 21.0 * 32 * 1156 + 20 * 1024);
}

TEST_CASE("MiniMax-M3's sparse layers read 16 blocks of 128 keys and every indexer key") {
  const ModelShape shape = goldenShape("MiniMax-M3's config");
  // 57 sparse layers with an indexer, 3 dense ones without; the MTP block is a sparse layer.
  CHECK(std::count_if(shape.layer_shapes.begin(), shape.layer_shapes.end(),
                      [](const LayerShape& layer) { return layer.sparse && layer.indexed; }) == 57);
  CHECK_FALSE(shape.layer_shapes.front().sparse);
  CHECK(shape.mtp_block.indexed);
  // Decoding at 131,072 tokens: the dense layers read every token's K and V (4 heads · 128 · 2 ·
  // 2 B), the sparse ones 2,048 tokens' and the 256-B indexer key of all 131,072.
  CHECK(shape.keysPerQuery(131072, false) == 3.0 * 131072 + 57 * 2048);
  CHECK(shape.attendedKvBytes(131072) ==
        3.0 * 2048 * 131072 + 57.0 * 2048 * 2048 + 57.0 * 256 * 131072);
  // 2 · 64 heads · (128 + 128) per attended key, 2 · 4 · 128 per indexed key.
  CHECK(shape.attentionFlopsPerQuery(131072, false, true) ==
        doctest::Approx(32768.0 * (3.0 * 131072 + 57 * 2048) + 1024.0 * 57 * 131072));
  // Past 2,048 tokens a sparse layer's cost stops growing but for its indexer's scoring.
  const double growth = shape.attentionFlopsPerQuery(262144, false, true) -
                        shape.attentionFlopsPerQuery(131072, false, true);
  CHECK(growth == doctest::Approx(131072.0 * (32768.0 * 3 + 1024.0 * 57)));
}

TEST_CASE(
    "Step-3.5's sliding layers run at their own head count; its MTP layers slide and are dense") {
  const ModelShape shape = goldenShape("Step-3.5-Flash's config");
  // At 131,072 tokens decoding: 12 full layers see every token, the 33 sliding layers 512 keys at
  // 96 heads, 1.5 times the full layers' 64 (head_dim and KV heads alike).
  CHECK(shape.keysPerQuery(131072, false) == 12.0 * 131072 + 33 * 512 * 1.5);
  // Their caches are as wide: 8 KV heads of 128 in every layer.
  CHECK(shape.kvBytesPerSequence(131072) == (12.0 * 131072 + 33 * 512) * 8 * 128 * 2 * 2);
  CHECK(shape.mtp_block.window == 512);
  CHECK(shape.mtp_block.head_dim_ratio == 1.5);
  CHECK_FALSE(shape.mtp_block.moe);
  CHECK(shape.layer_shapes.back().moe);
}

TEST_CASE("a layer that shares an earlier layer's keys and values caches none but reads them") {
  // Llama-3.1-8B's layout with Hunyuan's cross-layer attention: 32 layers, every second one
  // attending with the keys and values of the layer before it.
  json config = configOf("llama-3.1-8b");
  config["model_type"] = "hunyuan";
  config["use_cla"] = true;
  config["cla_share_factor"] = 2;
  const auto read = readModel(parseJson(config.dump()).value, {.bytes = 2});
  REQUIRE(read.ok());
  const ModelShape& shape = read.value;
  // 16 layers cache 2 × 8 KV heads × 128 × 2 B per token; decoding, all 32 read one.
  CHECK(shape.kvBytesPerToken() == 16.0 * 4096);
  CHECK(shape.kvBytesPerSequence(1000) == 16.0 * 4096 * 1000);
  CHECK(shape.attendedKvBytes(1000) == 32.0 * 4096 * 1000);
  // The 16 sharing layers have no k_proj or v_proj: 16 × 2 × 4,096 × 1,024 fewer parameters.
  config["use_cla"] = false;
  const auto own = readModel(parseJson(config.dump()).value, {.bytes = 2});
  REQUIRE(own.ok());
  CHECK(own.value.totalParams() - shape.totalParams() == 16.0 * 2 * 4096 * 1024);
  CHECK(own.value.attendedKvBytes(1000) == shape.attendedKvBytes(1000));
}
