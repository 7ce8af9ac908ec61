#include "model.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include "json_io.hpp"

using namespace ridgepoint;

namespace {

// A preset's config as the JS adapter hands it to the core: declared keys only, Mixtral's
// num_local_experts read as n_routed_experts, JSON booleans as their labels.
template <class Calculator>
typename Calculator::Input inputFromPreset(const ModelPreset& preset) {
  nlohmann::json config = test::toJson(preset.config);
  if (!config["num_local_experts"].is_null())
    config["n_routed_experts"] = config["num_local_experts"];
  nlohmann::json flat = nlohmann::json::object();
  for (const auto& field : Calculator::inputs) {
    const std::string name(field.name);
    if (!config.contains(name) || config[name].is_null()) continue;
    flat[name] = config[name].is_boolean()
                     ? nlohmann::json(config[name].get<bool>() ? "true" : "false")
                     : config[name];
  }
  auto read = readInput<Calculator>(test::coreJson(flat));
  REQUIRE_MESSAGE(read.ok(), (read.ok() ? "" : read.errors.front().message));
  return read.value;
}

const ModelPreset& preset(std::string_view id) {
  for (const ModelPreset& model : models()) {
    if (model.id == id) return model;
  }
  FAIL("no preset " << std::string(id));
  return models().front();
}

ModelStatsResult statsOf(const ModelStatsInput& in) {
  const auto outcome = run<ModelStats>(in);
  REQUIRE_MESSAGE(outcome.ok(), (outcome.ok() ? "" : outcome.errors.front().message));
  return outcome.value;
}

}  // namespace

TEST_CASE("every model preset reproduces its published parameter count") {
  struct Published {
    std::string_view id;
    double total, tolerance;
  };
  // Model cards: DeepSeek-V3 671B, V2 236B, Qwen2.5-72B 72.7B, Llama 3.1 405B/70B/8B (Hugging Face
  // safetensors totals 405.85B, 70.55B, 8.03B), Mixtral 46.7B.
  for (const Published& published :
       {Published{"deepseek-v3", 671.0e9, 0.1e9}, Published{"deepseek-v2", 235.7e9, 0.1e9},
        Published{"qwen2.5-72b", 72.7e9, 0.05e9}, Published{"llama-3.1-405b", 405.85e9, 0.05e9},
        Published{"llama-3.1-70b", 70.55e9, 0.05e9}, Published{"llama-3.1-8b", 8.03e9, 0.005e9},
        Published{"mixtral-8x7b", 46.7e9, 0.05e9}}) {
    CAPTURE(published.id);
    const ModelPreset& model = preset(published.id);
    CHECK_FALSE(model.source.empty());
    const ModelStatsResult stats = statsOf(inputFromPreset<ModelStats>(model));
    CHECK(std::abs(stats.total_params - published.total) <= published.tolerance);
    CHECK(stats.active_params <= stats.total_params);
  }
}

TEST_CASE("the presets reproduce ISCA Table 1's KV bytes and Table 2's MoE rows") {
  for (const ModelPreset& model : models()) {
    CAPTURE(model.id);
    const ModelStatsResult stats = statsOf(inputFromPreset<ModelStats>(model));
    if (model.printed_kv_bytes_per_token) {
      CHECK(stats.kv_bytes_per_token == *model.printed_kv_bytes_per_token);
    }
    // Only the MoE rows reproduce; the dense rows are printed values (reference §1.2).
    if (model.printed_training_flops_per_token && stats.moe_layers > 0) {
      CHECK(std::abs(stats.training_flops_per_token - *model.printed_training_flops_per_token) <
            0.5e9);
    }
  }
}

TEST_CASE("more layers never reduce parameters, KV cache or FLOPs") {
  for (const ModelPreset& model : models()) {
    CAPTURE(model.id);
    ModelStatsInput in = inputFromPreset<ModelStats>(model);
    const ModelStatsResult fewer = statsOf(in);
    in.num_hidden_layers += 1;
    const ModelStatsResult more = statsOf(in);
    CHECK(more.total_params > fewer.total_params);
    CHECK(more.kv_bytes_per_token > fewer.kv_bytes_per_token);
    CHECK(more.kv_bytes_per_sequence > fewer.kv_bytes_per_sequence);
    CHECK(more.training_flops_per_token > fewer.training_flops_per_token);
  }
}

TEST_CASE("an FP8 cache is half the BF16 cache plus its scales") {
  for (const ModelPreset& model : models()) {
    CAPTURE(model.id);
    ModelStatsInput in = inputFromPreset<ModelStats>(model);
    in.kv_bytes = 2;
    const double bf16 = statsOf(in).kv_bytes_per_token;
    in.kv_bytes = 1;
    CHECK(statsOf(in).kv_bytes_per_token == bf16 / 2);
    in.kv_scale_group_size = 128;
    in.kv_scale_bytes = 4;
    const double fp8 = statsOf(in).kv_bytes_per_token;
    CHECK(fp8 > bf16 / 2);
    CHECK(fp8 <= bf16 / 2 * (1 + 2 * 4.0 / 128));  // at most one scale per 64 elements
  }
}

TEST_CASE("counting the causal half of attention halves the attention FLOPs") {
  ModelStatsInput in = inputFromPreset<ModelStats>(preset("llama-3.1-8b"));
  in.causal = 0;
  const ModelStatsResult full = statsOf(in);
  in.causal = 1;
  const ModelStatsResult causal = statsOf(in);
  CHECK(causal.attention_flops_per_token == doctest::Approx(full.attention_flops_per_token / 2));
  CHECK(causal.matmul_flops_per_token == full.matmul_flops_per_token);
}

TEST_CASE("a sliding window caps the cache of windowed layers, and Qwen2's switch turns it off") {
  ModelStatsInput in = inputFromPreset<ModelStats>(preset("llama-3.1-8b"));
  in.seq_len = 8192;
  const ModelStatsResult full = statsOf(in);
  in.sliding_window = 4096;
  const ModelStatsResult windowed = statsOf(in);
  CHECK(windowed.kv_bytes_per_sequence == full.kv_bytes_per_sequence / 2);
  CHECK(windowed.kv_bytes_per_token == full.kv_bytes_per_token);
  // Causal keys per query: 8192 / 2 = 4096 without the window, 4096 − 4096² / 16384 = 3072 with.
  CHECK(windowed.attention_flops_per_token ==
        doctest::Approx(full.attention_flops_per_token * 3 / 4));
  // Qwen2: the first max_window_layers layers keep full attention.
  in.max_window_layers = 16;
  CHECK(statsOf(in).kv_bytes_per_sequence == full.kv_bytes_per_sequence * 3 / 4);
  in.use_sliding_window = 0;
  CHECK(statsOf(in).kv_bytes_per_sequence == full.kv_bytes_per_sequence);
}

TEST_CASE("mixture of experts saves compute; a dense model saves none") {
  const ModelStatsResult v3 = statsOf(inputFromPreset<ModelStats>(preset("deepseek-v3")));
  CHECK(v3.sparsity_saving > 0.9);
  CHECK(v3.active_params < v3.total_params / 10);
  const ModelStatsResult dense = statsOf(inputFromPreset<ModelStats>(preset("qwen2.5-72b")));
  CHECK(dense.sparsity_saving == 0);
  CHECK(dense.active_params == dense.total_params);
}

TEST_CASE("decode throughput never falls as the batch grows and the saturation batch is the edge") {
  for (std::string_view id : {"deepseek-v3", "mixtral-8x7b", "llama-3.1-70b"}) {
    CAPTURE(id);
    ModelInferenceInput in = inputFromPreset<ModelInference>(preset(id));
    in.peak_flops = 989.4e12;
    in.memory_bandwidth = 3.35e12;
    const auto outcome = run<ModelInference>(in);
    REQUIRE(outcome.ok());
    const ModelInferenceResult& result = outcome.value;
    double previous = 0;
    for (const ThroughputPoint& point : result.throughput) {
      CHECK(point.tokens_per_second >= previous);
      previous = point.tokens_per_second;
    }
    double longest = 0;
    for (const OperatorCost& row : result.decode) longest = std::max(longest, row.time);
    CHECK(result.time_per_output_token >= longest);
    if (result.saturation_batch) {
      const double edge = *result.saturation_batch;
      auto computeShare = [&](double batch) {
        ModelInferenceInput at = in;
        at.batch = batch;
        double compute = 0, memory = 0;
        for (const OperatorCost& row : run<ModelInference>(at).value.decode) {
          compute += row.flops / in.peak_flops;
          memory += row.bytes / in.memory_bandwidth;
        }
        return compute / memory;
      };
      CHECK(computeShare(edge) >= 1);
      if (edge > 1) CHECK(computeShare(edge - 1) < 1);
    }
  }
}

TEST_CASE("more memory bandwidth never slows prefill or decode") {
  ModelInferenceInput in = inputFromPreset<ModelInference>(preset("deepseek-v2"));
  in.peak_flops = 989.4e12;
  in.memory_bandwidth = 3.35e12;
  const ModelInferenceResult slow = run<ModelInference>(in).value;
  in.memory_bandwidth *= 2;
  const ModelInferenceResult fast = run<ModelInference>(in).value;
  CHECK(fast.time_to_first_token <= slow.time_to_first_token);
  CHECK(fast.time_per_output_token <= slow.time_per_output_token);
  for (std::size_t i = 0; i < fast.decode.size(); ++i)
    CHECK(fast.decode[i].time <= slow.decode[i].time);
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
  ModelStatsInput in = inputFromPreset<ModelStats>(preset("llama-3.1-8b"));
  SUBCASE("zero") { in.hidden_size = 0; }
  SUBCASE("negative") { in.hidden_size = -4096; }
  SUBCASE("NaN") { in.hidden_size = std::numeric_limits<double>::quiet_NaN(); }
  SUBCASE("Infinity") { in.hidden_size = std::numeric_limits<double>::infinity(); }
  SUBCASE("overflowing") { in.hidden_size = 1e300; }
  SUBCASE("fraction") { in.hidden_size = 4096.5; }
  const auto outcome = run<ModelStats>(in);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.errors.front().field == "hidden_size");
  CHECK(outcome.errors.front().message.rfind("hidden_size must be a whole number from 1 to 1e+06",
                                             0) == 0);
}

TEST_CASE("inconsistent configs are rejected naming the key at fault") {
  ModelStatsInput in = inputFromPreset<ModelStats>(preset("deepseek-v3"));
  std::string field;
  SUBCASE("top-k above the expert count") {
    in.num_experts_per_tok = 257;
    field = "num_experts_per_tok";
  }
  SUBCASE("experts chosen without routed experts") {
    in.n_routed_experts = 0;
    field = "n_routed_experts";
  }
  SUBCASE("groups that do not divide the experts") {
    in.n_group = 7;
    field = "n_group";
  }
  SUBCASE("more groups per token than groups") {
    in.topk_group = 9;
    field = "topk_group";
  }
  SUBCASE("too few groups to hold top-k experts") {
    in.n_group = 64;
    in.topk_group = 1;
    field = "topk_group";
  }
  SUBCASE("more dense layers than layers") {
    in.first_k_dense_replace = 62;
    field = "first_k_dense_replace";
  }
  SUBCASE("MLA without its nope head size") {
    in.qk_nope_head_dim = 0;
    field = "qk_nope_head_dim";
  }
  SUBCASE("GQA heads that do not divide") {
    in.kv_lora_rank = 0;
    in.num_key_value_heads = 3;
    field = "num_key_value_heads";
  }
  SUBCASE("heads that do not divide the width") {
    in.kv_lora_rank = 0;
    in.num_attention_heads = 100;
    field = "num_attention_heads";
  }
  const auto outcome = run<ModelStats>(in);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.errors.front().field == field);
  CHECK(outcome.errors.front().message.rfind(field, 0) == 0);
}

TEST_CASE("a config missing required keys names each of them") {
  auto outcome = readInput<ModelStats>(parseJson(R"({"hidden_size": 4096})").value);
  std::vector<std::string> fields;
  for (const FieldError& error : outcome.errors) fields.push_back(error.field);
  CHECK(fields == std::vector<std::string>{"num_hidden_layers", "num_attention_heads",
                                           "intermediate_size", "vocab_size"});
}

TEST_CASE("defaults applied to a config are reported as notes, never silently") {
  ModelStatsInput in = inputFromPreset<ModelStats>(preset("llama-3.1-8b"));
  in.num_key_value_heads = 0;
  const ModelStatsResult stats = statsOf(in);
  REQUIRE(stats.notes.size() == 2);
  CHECK(stats.notes[0].field == "head_dim");
  CHECK(stats.notes[1].field == "num_key_value_heads");
  CHECK(stats.attention == AttentionKind::mha);
}
