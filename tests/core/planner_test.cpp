// The deployment planner: published deployments, Megatron-LM's trends and properties.
#include "planner.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <tuple>

#include "json.hpp"
#include "json_io.hpp"
#include "model.hpp"
#include "planner_internal.hpp"

using namespace ridgepoint;
using nlohmann::json;

namespace {

// A deployment's input as the JS API receives it (rp.deploymentInput).
json deploymentInput(const Deployment& deployment) { return test::toJson(deployment.input); }

json evaluateDeployment(const Deployment& deployment) {
  const auto result = test::runById(deployment.calculator, deploymentInput(deployment));
  REQUIRE_MESSAGE(result.ok(), (result.ok() ? "" : result.errors.front().message));
  return result.value;
}

}  // namespace

TEST_CASE("every published deployment evaluates, and the planner prints its error") {
  for (const Deployment& deployment : deployments()) {
    CAPTURE(std::string(deployment.id));
    const json result = evaluateDeployment(deployment);
    const double predicted = result.at(std::string(deployment.output)).get<double>();
    std::printf("%-22s published %-12g predicted %-12g error %+.1f %%\n",
                std::string(deployment.id).c_str(), deployment.published, predicted,
                (predicted / deployment.published - 1) * 100);
    if (deployment.calculator == std::string_view("trainingStep")) {
      for (const char* key : {"stepTime", "forwardTime", "backwardTime", "weightBackwardTime",
                              "recomputeTime", "exposedCommTime", "exposedTensorParallelTime",
                              "exposedExpertParallelTime", "exposedDataParallelTime", "bubbleTime",
                              "optimizerTime", "gemmEfficiency", "mfu", "memoryPerGpu"}) {
        std::printf("    %s %g\n", key, result.at(key).get<double>());
      }
    }
    CHECK(std::isfinite(predicted));
    CHECK(predicted > 0);
  }
}

namespace {

const Deployment& deployment(std::string_view id) {
  for (const Deployment& row : deployments()) {
    if (row.id == id) return row;
  }
  FAIL("no deployment " << std::string(id));
  return deployments().front();
}

json run(std::string_view calculator, const json& input) {
  const auto result = test::runById(calculator, input);
  REQUIRE_MESSAGE(result.ok(), (result.ok() ? "" : result.errors.front().message));
  return result.value;
}

// A model preset's config.json.
json presetConfig(std::string_view id) {
  const auto preset = std::find_if(models().begin(), models().end(),
                                   [&](const ModelPreset& model) { return model.id == id; });
  REQUIRE(preset != models().end());
  return json::parse(preset->config.text);
}

}  // namespace

TEST_CASE("Megatron-LM's trend: per-GPU throughput rises with model size at full recomputation") {
  const json small = run("trainingStep", deploymentInput(deployment("megatron-1.7b")));
  const json large = run("trainingStep", deploymentInput(deployment("megatron-1t")));
  CHECK(large.at("hardwareFlopsPerGpu").get<double>() >
        small.at("hardwareFlopsPerGpu").get<double>());
}

TEST_CASE(
    "Megatron-LM's trend: more GPUs on a fixed global batch lower per-GPU throughput and "
    "never lower the bubble") {
  json input = deploymentInput(deployment("megatron-1t"));
  double last_flops = 1e300, last_bubble = 0;
  for (const double gpus : {1536.0, 3072.0, 6144.0}) {
    input["gpus"] = gpus;
    const json result = run("trainingStep", input);
    CAPTURE(gpus);
    CHECK(result.at("hardwareFlopsPerGpu").get<double>() < last_flops);
    CHECK(result.at("bubbleFraction").get<double>() >= last_bubble);
    last_flops = result.at("hardwareFlopsPerGpu").get<double>();
    last_bubble = result.at("bubbleFraction").get<double>();
  }
}

TEST_CASE("MT-NLG 530B's step shrinks with more nodes on its fixed batch as published") {
  // Smith et al. 2022 §2.4: 60.1, 50.2 and 44.4 s per iteration on 280, 350 and 420 DGX A100.
  json input = deploymentInput(deployment("mt-nlg-530b"));
  const double published[] = {60.1, 50.2, 44.4};
  double first = 0;
  for (int index = 0; index < 3; ++index) {
    input["gpus"] = 8 * (280 + 70 * index);
    const double step = run("trainingStep", input).at("stepTime").get<double>();
    if (index == 0) first = step;
    CAPTURE(index);
    // The ratio to the 280-node step, within 5 % of the published one (0.835 and 0.739).
    CHECK(step / first == doctest::Approx(published[index] / published[0]).epsilon(0.05));
  }
}

TEST_CASE("DeepSeek-V3's 61 layers on 16 stages: the slowest stage takes 4 layers") {
  const json result = run("trainingStep", deploymentInput(deployment("deepseek-v3-step")));
  CHECK(result.at("layersPerStage").get<double>() == 4);
  CHECK(result.at("microBatches").get<double>() == 120);
  CHECK(result.at("dataParallel").get<double>() == 128);
}

TEST_CASE("DeepSeek Sparse Attention pays off at long contexts only, in prefill and in decode") {
  json v32 = presetConfig("deepseek-v3");
  v32["model_type"] = "deepseek_v32";
  v32["index_n_heads"] = 64;
  v32["index_head_dim"] = 128;
  v32["index_topk"] = 2048;
  for (const char* id : {"deepseek-v3-prefill", "deepseek-v3-decode"}) {
    CAPTURE(id);
    json input = deploymentInput(deployment(id));
    input["cacheHitRate"] = 0;
    input["promptLengthSpread"] = 0;  // every prompt the length set below
    auto rate = [&](const json& config, double length) {
      input["config"] = config;
      input["inputLength"] = length;
      return run("servingThroughput", input).at("tokensPerSecondPerNode").get<double>();
    };
    // 128 K tokens: each query attends to 2,048 keys instead of all of them.
    CHECK(rate(v32, 131072) > 2 * rate(presetConfig("deepseek-v3"), 131072));
  }
  // 4 K-token prompts: every key is in the top 2,048 of half the queries, and the indexer costs.
  json prefill = deploymentInput(deployment("deepseek-v3-prefill"));
  prefill["cacheHitRate"] = 0;
  prefill["promptLengthSpread"] = 0;
  prefill["inputLength"] = 4096;
  const double dense = run("servingThroughput", prefill).at("tokensPerSecondPerNode").get<double>();
  prefill["config"] = v32;
  CHECK(run("servingThroughput", prefill).at("tokensPerSecondPerNode").get<double>() < dense);
}

namespace {

// Decode on 8 H100 at 128 K-token prompts, BF16; the caller sets the parallelism.
json decodeAtLongContext() {
  return {{"machine", "h100-sxm"}, {"node", "dgx-h100"},   {"phase", "decode"},  {"gpus", 8},
          {"inputLength", 131072}, {"outputLength", 1024}, {"precision", "bf16"}};
}

// A hybrid against the same model with attention in place of its recurrent layers: the fixed
// state batches at least 3× the sequences and decodes over 2× the tokens. The hybrid's result.
json stateOutdecodesCache(const json& hybrid, const json& attention, json input) {
  input["config"] = hybrid;
  const json with_state = run("servingThroughput", input);
  input["config"] = attention;
  const json with_kv = run("servingThroughput", input);
  CHECK(with_state.at("batchPerGpu").get<double>() >= 3 * with_kv.at("batchPerGpu").get<double>());
  CHECK(with_state.at("tokensPerSecondPerGpu").get<double>() >
        2 * with_kv.at("tokensPerSecondPerGpu").get<double>());
  return with_state;
}

// NVIDIA-Nemotron-Nano-9B-v2's published layout (tests/golden/model-import.json): 27 Mamba-2,
// 4 attention and 25 MLP blocks.
json nemotronNano9b() {
  return json::parse(
      R"({"model_type": "nemotron_h", "vocab_size": 131072, "hidden_size": 4480, "intermediate_size": 15680, "num_hidden_layers": 56, "num_attention_heads": 40, "num_key_value_heads": 8, "head_dim": 128, "hybrid_override_pattern": "M-M-M-MM-M-M-M*-M-M-M*-M-M-M-M*-M-M-M-M*-M-MM-M-M-M-M-M-", "mamba_num_heads": 128, "mamba_head_dim": 80, "n_groups": 8, "ssm_state_size": 128, "conv_kernel": 4})");
}

}  // namespace

TEST_CASE("a hybrid's fixed state decodes more long sequences at once than full attention would") {
  // Qwen3-Coder-Next's published layout (tests/golden/model-import.json): 36 of 48 layers Gated
  // DeltaNet. As full attention every layer would cache 128 K tokens of keys and values.
  const json hybrid = json::parse(
      R"({"architectures": ["Qwen3NextForCausalLM"], "model_type": "qwen3_next", "bos_token_id": 151643, "eos_token_id": 151645, "decoder_sparse_step": 1, "full_attention_interval": 4, "head_dim": 256, "hidden_act": "silu", "hidden_size": 2048, "intermediate_size": 5120, "linear_conv_kernel_dim": 4, "linear_key_head_dim": 128, "linear_num_key_heads": 16, "linear_num_value_heads": 32, "linear_value_head_dim": 128, "max_position_embeddings": 262144, "mlp_only_layers": [], "moe_intermediate_size": 512, "norm_topk_prob": true, "num_attention_heads": 16, "num_experts": 512, "num_experts_per_tok": 10, "num_hidden_layers": 48, "num_key_value_heads": 2, "partial_rotary_factor": 0.25, "rms_norm_eps": 1e-06, "rope_scaling": null, "rope_theta": 5000000, "shared_expert_intermediate_size": 512, "tie_word_embeddings": false, "vocab_size": 151936})");
  json full = hybrid;
  full["layer_types"] = json::array();
  for (int layer = 0; layer < 48; ++layer) full["layer_types"].push_back("full_attention");
  json input = decodeAtLongContext();
  input["expertParallel"] = 8;
  stateOutdecodesCache(hybrid, full, input);

  // TP 4 splits keys and values over the 2 KV heads (each GPU holds half) and the state over the
  // 32 value heads (a quarter): per sequence of 4,096 + 1,024 tokens, 24,576 × 5,120 / 2 +
  // 39,518,208 / 4 = 72,794,112 B on each GPU.
  input = {
      {"machine", "h100-sxm"}, {"node", "dgx-h100"},  {"phase", "decode"},   {"gpus", 4},
      {"tensorParallel", 4},   {"expertParallel", 1}, {"inputLength", 4096}, {"outputLength", 1024},
      {"precision", "bf16"}};
  input["config"] = hybrid;
  const json split = run("servingThroughput", input);
  CHECK(split.at("kvBytesPerGpu").get<double>() ==
        doctest::Approx(split.at("batchPerGpu").get<double>() * 72794112));
}

TEST_CASE("Nemotron-H's Mamba-2 state decodes more long sequences than attention would") {
  // As attention, Nemotron-Nano-9B-v2's 27 Mamba-2 blocks would cache 128 K tokens each.
  const json hybrid = nemotronNano9b();
  json full = hybrid;
  std::string pattern = hybrid.at("hybrid_override_pattern");
  std::replace(pattern.begin(), pattern.end(), 'M', '*');
  full["hybrid_override_pattern"] = pattern;
  json input = decodeAtLongContext();
  input["tensorParallel"] = 8;
  const json with_state = stateOutdecodesCache(hybrid, full, input);
  // TP 8 splits keys and values over the 8 KV heads and the state over the 128 Mamba-2 heads:
  // per sequence of 132,096 tokens, 16,384 × 132,096 / 8 + 72,769,536 / 8 B on each GPU.
  CHECK(with_state.at("kvBytesPerGpu").get<double>() ==
        doctest::Approx(with_state.at("batchPerGpu").get<double>() *
                        (16384.0 * 132096 / 8 + 72769536.0 / 8)));
}

TEST_CASE("a Nemotron-H step costs less for each FFN block it drops, and its MFU stays in (0, 1)") {
  const json base = nemotronNano9b();
  json input = {{"machine", "h100-sxm"},   {"node", "dgx-h100"},    {"gpus", 64},
                {"tensorParallel", 2},     {"pipelineParallel", 2}, {"seqLen", 8192},
                {"globalBatch", 256},      {"microBatch", 1},       {"precision", "bf16"},
                {"recompute", "selective"}};
  double last = 1e300;
  for (const int dropped : {0, 8, 16, 25}) {
    CAPTURE(dropped);
    json config = base;
    std::string pattern = config.at("hybrid_override_pattern");
    // Drop the last `dropped` MLP blocks; num_hidden_layers follows the pattern.
    for (int i = 0; i < dropped; ++i) pattern.erase(pattern.rfind('-'), 1);
    config["hybrid_override_pattern"] = pattern;
    config["num_hidden_layers"] = pattern.size();
    input["config"] = config;
    const json step = run("trainingStep", input);
    const double time = step.at("stepTime").get<double>();
    CHECK(time < last);
    CHECK(step.at("mfu").get<double>() > 0);
    CHECK(step.at("mfu").get<double>() < 1);
    last = time;
  }
}

TEST_CASE(
    "the GB200 rows with their own config.json: the configs as published, each fits, as quoted") {
  // performance-summary.md @ 067f987 (tokens/s per GPU); each config's golden count
  // (tests/golden/model-import.json: DeepSeek-V4-Flash's April config with its MTP block,
  // Nemotron 3 Ultra's layers_block_type written here as a pattern); the ratio the row quotes.
  const std::vector<std::tuple<std::string, double, int, double, double, std::string>> rows{
      {"bridge-gb200-deepseek-v4-flash", 284332240471.0, 128, 7776, 1.92,
       "ridgepoint reads 92 % high"},
      {"bridge-gb200-nemotron-3-ultra", 549308993536.0, 256, 2528, 1.07,
       "ridgepoint reads 7 % high"}};
  for (const auto& [id, params, gpus, per_gpu, quoted, text] : rows) {
    CAPTURE(id);
    const Deployment& row = deployment(id);
    const json input = deploymentInput(row);
    CHECK(run("modelStats", {{"config", input.at("config")}}).at("totalParams").get<double>() ==
          params);
    CHECK(row.published == per_gpu * gpus);
    const json step = run("trainingStep", input);
    CHECK(step.at("fits").get<bool>());
    CHECK(step.at("tokensPerSecond").get<double>() / row.published ==
          doctest::Approx(quoted).epsilon(0.01));
    CHECK(std::string(row.assumptions).find(text) != std::string::npos);
  }
  // DeepSeek-V4-Flash's recipe trains the April checkpoint's MTP block, which the row runs.
  const json v4 = deploymentInput(deployment("bridge-gb200-deepseek-v4-flash"));
  CHECK(run("modelStats", {{"config", v4.at("config")}}).at("mtpParams").get<double>() ==
        6610048891.0);
  CHECK(v4.at("mtpModules") == 1);
}

TEST_CASE("the Nemotron 3 Nano row's Blackwell twins read 1.5-1.8x high, as its assumptions say") {
  // Megatron-Bridge's B200 and B300 rows of the same model (performance-summary-archive.md @
  // 067f987): 8 GPUs, MXFP8, global batch 512, 2 and 4 sequences a micro-batch, 32,768 and
  // 37,316 tokens/s per GPU published; the row's text quotes about 55,800 and 56,100 predicted.
  const Deployment& h100 = deployment("bridge-nemotron-3-nano");
  CHECK(std::string(h100.assumptions).find("55,800 and 56,100") != std::string::npos);
  for (const auto& [machine, node, micro_batch, published, quoted] :
       std::vector<std::tuple<std::string, std::string, int, double, double>>{
           {"b200", "dgx-b200", 2, 32768, 55800}, {"b300", "dgx-b300", 4, 37316, 56100}}) {
    CAPTURE(machine);
    json input = deploymentInput(h100);
    input["machine"] = machine;
    input["node"] = node;
    input["gpus"] = 8;
    input["globalBatch"] = 512;
    input["microBatch"] = micro_batch;
    const double per_gpu = run("trainingStep", input).at("tokensPerSecond").get<double>() / 8;
    CHECK(per_gpu == doctest::Approx(quoted).epsilon(0.005));
    CHECK(per_gpu / published > 1.5);
    CHECK(per_gpu / published < 1.8);
  }
}

TEST_CASE("Megatron-Bridge's GB200 rows: DeepSeek-V3 3 % low, Qwen3 15 % high, gpt-oss 1.6x") {
  // performance-summary.md @ 067f987, the 26.08 container's DGX-GB200 rows (tokens/s per GPU),
  // and the ratio predicted / published the assumptions quote.
  const std::vector<std::tuple<std::string, int, double, double>> rows{
      {"bridge-gb200-deepseek-v3", 256, 4912, 0.967},
      {"bridge-gb200-qwen3-235b-a22b", 256, 7280, 1.145},
      {"bridge-gb200-qwen3-30b-a3b", 8, 39936, 1.147},
      {"bridge-gb200-gpt-oss-120b", 64, 28672, 1.58}};
  for (const auto& [id, gpus, per_gpu, quoted] : rows) {
    CAPTURE(id);
    const Deployment& row = deployment(id);
    CHECK(row.published == per_gpu * gpus);
    const json input = deploymentInput(row);
    CHECK(input.at("gpus") == gpus);
    // As each recipe runs: its whole-iteration MXFP8 helper overlaps the all-to-all.
    CHECK(input.at("expertParallelOverlap") == true);
    const double ratio =
        run("trainingStep", input).at("tokensPerSecond").get<double>() / row.published;
    CHECK(ratio == doctest::Approx(quoted).epsilon(0.015));
  }
  const std::string text(deployment("bridge-gb200-qwen3-30b-a3b").assumptions);
  for (const char* quote :
       {"DeepSeek-V3 reads 3 % low", "Qwen3-235B-A22B and Qwen3-30B-A3B 15 % high",
        "gpt-oss-120b 1.6× high"}) {
    CHECK(text.find(quote) != std::string::npos);
  }
}

TEST_CASE("Megatron-Bridge's GB300 rows, added as a test after the GB200 ones, read as quoted") {
  // performance-summary.md @ 067f987, the 26.08 container's DGX-GB300 rows (tokens/s per GPU),
  // the plan each recipe runs (perf_recipes/*/gb300), and the ratio the assumptions quote.
  struct Row {
    std::string id;
    int gpus, pp, vp, ep, micro_batch;
    double per_gpu, quoted;
    bool overlap;
  };
  const std::vector<Row> rows{
      {"bridge-gb300-deepseek-v3", 256, 2, 8, 32, 1, 6288, 0.853, true},
      {"bridge-gb300-qwen3-235b-a22b", 256, 4, 12, 32, 2, 8816, 1.019, true},
      {"bridge-gb300-qwen3-30b-a3b", 8, 1, 1, 8, 8, 44544, 1.031, true},
      {"bridge-gb300-gpt-oss-120b", 64, 1, 1, 16, 4, 33024, 1.364, true},
      {"bridge-gb300-deepseek-v4-flash", 128, 1, 1, 64, 1, 8224, 1.922, false},
      {"bridge-gb300-nemotron-3-nano", 8, 1, 1, 8, 4, 39936, 1.452, false},
      {"bridge-gb300-nemotron-3-super", 64, 1, 1, 64, 1, 9856, 1.397, false},
      {"bridge-gb300-nemotron-3-ultra", 256, 1, 1, 64, 1, 3552, 1.266, false}};
  for (const Row& expected : rows) {
    CAPTURE(expected.id);
    const Deployment& row = deployment(expected.id);
    CHECK(row.published == expected.per_gpu * expected.gpus);
    const json input = deploymentInput(row);
    CHECK(input.at("machine") == "gb300");
    CHECK(input.at("node") == "gb300-nvl72");
    CHECK(input.at("gpus") == expected.gpus);
    CHECK(input.at("pipelineParallel") == expected.pp);
    CHECK(input.at("virtualStages") == expected.vp);
    CHECK(input.at("expertParallel") == expected.ep);
    CHECK(input.at("microBatch") == expected.micro_batch);
    CHECK(input.at("expertParallelOverlap") == expected.overlap);
    const json step = run("trainingStep", input);
    CHECK(step.at("fits").get<bool>());
    CHECK(step.at("tokensPerSecond").get<double>() / row.published ==
          doctest::Approx(expected.quoted).epsilon(0.01));
  }
  const std::string text(deployment("bridge-gb300-qwen3-30b-a3b").assumptions);
  for (const char* quote :
       {"DeepSeek-V3 15 % low", "Qwen3-235B-A22B 2 % and Qwen3-30B-A3B 3 % high",
        "gpt-oss-120b 36 % and DeepSeek-V4-Flash 92 % high"}) {
    CHECK(text.find(quote) != std::string::npos);
  }
  const std::string nemotron(deployment("bridge-gb300-nemotron-3-ultra").assumptions);
  CHECK(nemotron.find("Nano 45 %, Super 40 % and Ultra 27 % high") != std::string::npos);
  // Sequences of 8,192 tokens; Ultra sharded as Megatron-FSDP shards it, recomputing.
  const json ultra = deploymentInput(deployment("bridge-gb300-nemotron-3-ultra"));
  CHECK(ultra.at("seqLen") == 8192);
  CHECK(ultra.at("zeroStage") == 3);
  CHECK(ultra.at("recompute") == "selective");
  CHECK(ultra.at("mtpModules") == 2);
  // Blackwell Ultra: GB200's BF16 and FP8 peaks, 1.5× its FP4, B300's 288 GB at 8 TB/s.
  const Machine* gb300 = findMachine("gb300");
  const Machine* gb200 = findMachine("gb200");
  REQUIRE(gb300);
  CHECK(gb300->peak_flops.bf16 == gb200->peak_flops.bf16);
  CHECK(gb300->peak_flops.fp8 == gb200->peak_flops.fp8);
  CHECK(*gb300->peak_flops.fp4 == 1.5 * *gb200->peak_flops.fp4);
  CHECK(gb300->memory_capacity == findMachine("b300")->memory_capacity);
  const NodeDesign* rack = findNode("gb300-nvl72");
  REQUIRE(rack);
  CHECK(rack->gpus == 72);
  CHECK(rack->scale_out_bandwidth == 2 * findNode("gb200-nvl72")->scale_out_bandwidth);
}

TEST_CASE("the earlier DGX H100 MoE rows read as their assumptions quote") {
  // Qwen3-30B-A3B as two releases ran one plan (token dropping, dropless), Nemotron 3 Nano.
  const std::vector<std::tuple<std::string, double, std::string>> rows{
      {"bridge-qwen3-30b-a3b-token-drop", 1.24, "24 % on the token-dropping run"},
      {"bridge-qwen3-30b-a3b-dropless", 2.47, "2.5× on the dropless one"},
      {"bridge-nemotron-3-nano", 1.60, "ridgepoint reads 60 % high"}};
  for (const auto& [id, quoted, text] : rows) {
    CAPTURE(id);
    const Deployment& row = deployment(id);
    const double ratio =
        run("trainingStep", deploymentInput(row)).at("tokensPerSecond").get<double>() /
        row.published;
    CHECK(ratio == doctest::Approx(quoted).epsilon(0.01));
    CHECK(std::string(row.assumptions).find(text) != std::string::npos);
  }
}

TEST_CASE("Megatron-Bridge's other H100 MoE rows: Qwen3-235B-A22B close, small experts high") {
  // performance-summary-archive.md @ 067f987, the 26.06 container's DGX-H100 rows (tokens/s per
  // GPU), and the ratio predicted / published the assumptions quote.
  const std::vector<std::tuple<std::string, int, double, double, bool>> rows{
      {"bridge-h100-qwen3-235b-a22b", 256, 1712, 1.087, true},
      {"bridge-h100-qwen3-30b-a3b-ep16", 16, 8826, 1.314, false},
      {"bridge-h100-gpt-oss-120b", 64, 5824, 1.98, false}};
  for (const auto& [id, gpus, per_gpu, quoted, overlapped] : rows) {
    CAPTURE(id);
    const Deployment& row = deployment(id);
    CHECK(row.published == per_gpu * gpus);
    const json input = deploymentInput(row);
    CHECK(input.at("expertParallelOverlap") == overlapped);
    const double ratio =
        run("trainingStep", input).at("tokensPerSecond").get<double>() / row.published;
    CHECK(ratio == doctest::Approx(quoted).epsilon(0.01));
  }
  const std::string text(deployment("bridge-h100-gpt-oss-120b").assumptions);
  for (const char* quote :
       {"Qwen3-235B-A22B 8.7 % high", "Qwen3-30B-A3B 31 %", "gpt-oss-120b 2.0× high"}) {
    CHECK(text.find(quote) != std::string::npos);
  }
  CHECK(deploymentInput(deployment("bridge-h100-gpt-oss-120b")).at("precision") == "bf16");
}

TEST_CASE("expertTensorParallel splits every expert: Mixtral on TP 8 holds 1/8 of them") {
  // Mixtral-8x7B: 32 layers × 8 experts × 3 × 4,096 × 14,336 = 45,097,156,608 expert weights.
  json input = {{"config", presetConfig("mixtral-8x7b")},
                {"machine", "h100-sxm"},
                {"node", "dgx-h100"},
                {"gpus", 64},
                {"tensorParallel", 8},
                {"globalBatch", 256},
                {"seqLen", 4096},
                {"precision", "bf16"}};
  const json whole = run("trainingStep", input);
  input["expertTensorParallel"] = 8;
  const json split = run("trainingStep", input);
  const double expert_weights = 45097156608.0;
  CHECK(whole.at("weightBytes").get<double>() - split.at("weightBytes").get<double>() ==
        doctest::Approx(expert_weights * 2 * 7 / 8));
  CHECK_FALSE(whole.at("fits").get<bool>());
  CHECK(whole.at("fitNote").get<std::string>().find("expertTensorParallel") != std::string::npos);
  CHECK(split.at("fits").get<bool>());
  // Each expert sees all of its TP group's tokens instead of an eighth: larger, faster GEMMs.
  CHECK(split.at("mfu").get<double>() > whole.at("mfu").get<double>());
  CHECK(split.at("expertParallelTime").get<double>() > 0);  // the gather and scatter
  // EP · ETP GPUs come out of DP · TP (8 · 8 = 64 here).
  input["expertParallel"] = 8;
  CHECK(run("trainingStep", input).at("fits").get<bool>());
  input["expertParallel"] = 16;
  const auto too_many = test::runById("trainingStep", input);
  REQUIRE_FALSE(too_many.ok());
  CHECK(too_many.errors.front().field == "expertParallel");
  input["expertParallel"] = 2;
  input["expertTensorParallel"] = 64;
  const auto uneven = test::runById("trainingStep", input);
  REQUIRE_FALSE(uneven.ok());
  CHECK(uneven.errors.front().field == "expertTensorParallel");
  json dense = {{"config", presetConfig("llama-3.1-8b")}, {"expertTensorParallel", 2}};
  const auto no_experts = test::runById("trainingStep", dense);
  REQUIRE_FALSE(no_experts.ok());
  CHECK(no_experts.errors.front().field == "expertTensorParallel");
}

TEST_CASE("expertParallelOverlap never slows a step, and needs a second micro-batch") {
  json input = deploymentInput(deployment("bridge-gb200-qwen3-235b-a22b"));
  for (const char* schedule : {"1f1b", "interleaved", "zb1p"}) {
    CAPTURE(schedule);
    input["schedule"] = schedule;
    input["expertParallelOverlap"] = false;
    const json exposed = run("trainingStep", input);
    input["expertParallelOverlap"] = true;
    const json hidden = run("trainingStep", input);
    CHECK(hidden.at("stepTime").get<double>() < exposed.at("stepTime").get<double>());
    CHECK(hidden.at("exposedExpertParallelTime").get<double>() <
          exposed.at("exposedExpertParallelTime").get<double>());
    CHECK(hidden.at("expertParallelTime") == exposed.at("expertParallelTime"));
  }
  // One micro-batch per pipeline (global batch = data parallel): nothing to hide it under.
  input["schedule"] = "1f1b";
  input["globalBatch"] = 32;
  input["expertParallelOverlap"] = false;
  const json alone = run("trainingStep", input);
  input["expertParallelOverlap"] = true;
  const json flagged = run("trainingStep", input);
  CHECK(flagged.at("microBatches") == 1);
  CHECK(flagged.at("stepTime") == alone.at("stepTime"));
  CHECK(flagged.at("notes").dump().find("expertParallelOverlap") != std::string::npos);
}

namespace {

ModelShape presetShape(std::string_view id) {
  return readModel(parseJson(presetConfig(id).dump()).value, {.bytes = 2}).value;
}

}  // namespace

TEST_CASE(
    "spread prompts cost full attention per computed token what prompts of the length-weighted "
    "mean cost: mean · (1 + spread²)") {
  // Hand-derived: causal full attention costs a query at position p about p keys, so the average
  // over a prompt's uncached tokens is affine in its length L; a computed token lies in a prompt
  // of length L in proportion to L, and a lognormal's length-weighted mean is mean · (1 + cv²).
  for (const char* id : {"llama-3.1-8b", "deepseek-v3"}) {
    CAPTURE(id);
    const ModelShape shape = presetShape(id);
    for (const double hit : {0.0, 0.563}) {
      CHECK(spreadPromptAttention(shape, 4384, 0, hit) ==
            shape.attentionFlopsPerQuery(4384, true, false, 4384 * hit));
      for (const double spread : {0.5, 1.31, 2.0}) {
        CAPTURE(spread);
        const double weighted_mean = 4384 * (1 + spread * spread);
        CHECK(spreadPromptAttention(shape, 4384, spread, hit) ==
              doctest::Approx(
                  shape.attentionFlopsPerQuery(weighted_mean, true, false, weighted_mean * hit))
                  .epsilon(1e-9));
      }
    }
  }
}

TEST_CASE(
    "a sliding window caps what spread prompts cost: Mistral 7B's prompts far past its window "
    "cost about the window each, spread or not") {
  // Mistral 7B v0.1 attends to at most 4,096 keys a layer; at a 64 K mean, the length-weighted
  // lognormal puts only a small share of computed tokens in prompts shorter than that, and longer
  // ones cost no more than the window.
  json mistral = {{"model_type", "mistral"},    {"hidden_size", 4096},
                  {"intermediate_size", 14336}, {"num_hidden_layers", 32},
                  {"num_attention_heads", 32},  {"num_key_value_heads", 8},
                  {"vocab_size", 32000},        {"sliding_window", 4096}};
  const ModelShape shape = readModel(parseJson(mistral.dump()).value, {.bytes = 2}).value;
  const double even = spreadPromptAttention(shape, 65536, 0, 0);
  const double spread = spreadPromptAttention(shape, 65536, 1.31, 0);
  CHECK(spread == doctest::Approx(even).epsilon(0.01));
  // Full attention at the same mean and spread costs 2.7 × as much per token.
  const ModelShape llama = presetShape("llama-3.1-8b");
  CHECK(
      spreadPromptAttention(llama, 65536, 1.31, 0) ==
      doctest::Approx(spreadPromptAttention(llama, 65536, 0, 0) * (1 + 1.31 * 1.31)).epsilon(1e-3));
}

TEST_CASE(
    "more spread prompt lengths never raise V3's prefill tokens per second, and change its decode "
    "only by a later first token") {
  json prefill = deploymentInput(deployment("deepseek-v3-prefill"));
  json decode = deploymentInput(deployment("deepseek-v3-decode"));
  double last_rate = 1e300, last_ttft = 0;
  decode["promptLengthSpread"] = 0;
  json even_decode = run("servingThroughput", decode);
  even_decode.erase("ttft");
  for (const double spread : {0.0, 0.25, 0.5, 1.0, 1.31, 2.0, 4.0, 10.0}) {
    CAPTURE(spread);
    prefill["promptLengthSpread"] = spread;
    const double rate =
        run("servingThroughput", prefill).at("tokensPerSecondPerNode").get<double>();
    CHECK(rate <= last_rate);
    last_rate = rate;
    // Decode attends to each sequence's cache, linear in its length: only the prefill before it
    // (its TTFT) grows.
    decode["promptLengthSpread"] = spread;
    json spread_decode = run("servingThroughput", decode);
    const double ttft = spread_decode.at("ttft").get<double>();
    CHECK(ttft >= last_ttft);
    last_ttft = ttft;
    spread_decode.erase("ttft");
    CHECK(spread_decode == even_decode);
  }
}

TEST_CASE(
    "the V3 day-average prefill row reads as its assumptions quote, with Mooncake's prompt "
    "spread and without") {
  // The spread is the conversation trace's (standard deviation over mean of input_length); the
  // trace's own correlated hits give the factor 2.148 over prompts of one length, 1 + 1.0714².
  const Deployment& row = deployment("deepseek-v3-prefill");
  json input = deploymentInput(row);
  CHECK(input.at("promptLengthSpread").get<double>() == 1.31);
  const auto rate = [&](double spread) {
    input["promptLengthSpread"] = spread;
    return run("servingThroughput", input).at("tokensPerSecondPerNode").get<double>();
  };
  CHECK(rate(1.31) == doctest::Approx(85.3e3).epsilon(0.0006));
  CHECK(rate(0) == doctest::Approx(115.3e3).epsilon(0.0005));
  CHECK(rate(std::sqrt(1.148)) == doctest::Approx(93.4e3).epsilon(0.0006));
  for (const char* text :
       {"1.31 × the mean", "2.72 × 4,384", "85.3 k", "115.3 k", "2.15 (93.4 k)"}) {
    CAPTURE(text);
    CHECK(std::string(row.assumptions).find(text) != std::string::npos);
  }
  // Within the issue's ±40 % of the published 73.7 k.
  CHECK(std::abs(rate(1.31) / row.published - 1) <= 0.40);
}

TEST_CASE("more prefix-cache hits never lower prefill tokens per second") {
  json input = deploymentInput(deployment("deepseek-v3-prefill"));
  double last = 0;
  for (const double hit : {0.0, 0.25, 0.5, 0.75, 0.9}) {
    input["cacheHitRate"] = hit;
    const double rate = run("servingThroughput", input).at("tokensPerSecondPerNode").get<double>();
    CHECK(rate >= last);
    last = rate;
  }
}

TEST_CASE(
    "a busier busiest GPU never raises serving throughput, and without EP there is none to "
    "wait for") {
  for (const std::string id : {"deepseek-v3-decode", "deepseek-v3-prefill"}) {
    CAPTURE(id);
    json input = deploymentInput(deployment(id));
    double last = 1e300;
    for (const double imbalance : {0.0, 0.11, 0.5, 1.56}) {
      input["expertImbalance"] = imbalance;
      const double rate =
          run("servingThroughput", input).at("tokensPerSecondPerNode").get<double>();
      CHECK(rate <= last);
      last = rate;
    }
  }
  // Qwen3-30B-A3B on one H200: every expert on the one GPU.
  json one_gpu = {{"config", presetConfig("qwen3-30b-a3b")},
                  {"machine", "h200-sxm"},
                  {"gpus", 1},
                  {"precision", "fp8"}};
  const double balanced = run("servingThroughput", one_gpu).at("stepTime").get<double>();
  one_gpu["expertImbalance"] = 1.56;
  CHECK(run("servingThroughput", one_gpu).at("stepTime").get<double>() == balanced);
}

TEST_CASE(
    "prefill's routed experts run the busiest GPU's rows: 1 + expertImbalance times the mean") {
  // Without overlap, a pass is the sum of its GEMMs: raising the imbalance from 0 to 0.5 adds
  // half the routed experts' compute, and the all-to-all, bandwidth-bound here, takes 1.5 ×.
  json input = deploymentInput(deployment("deepseek-v3-prefill"));
  input["microBatches"] = 1;
  input["expertImbalance"] = 0;
  const json balanced = run("servingThroughput", input);
  input["expertImbalance"] = 0.5;
  const json busy = run("servingThroughput", input);
  CHECK(busy.at("commTime").get<double>() ==
        doctest::Approx(1.5 * balanced.at("commTime").get<double>()));
  CHECK(busy.at("dispatchBytes").get<double>() == balanced.at("dispatchBytes").get<double>());
  CHECK(busy.at("computeTime").get<double>() > balanced.at("computeTime").get<double>());
}

TEST_CASE(
    "an MLA prefix from the cache costs its attention and the up-projection of its latent, "
    "layer by layer") {
  // One DeepSeek-V3 prompt per GPU, 2,000 new tokens either way: 4,000 tokens half cached, then
  // 8,000 tokens three quarters cached. The longer prefix adds 4,000 keys per new token per layer
  // and 4,000 latents (512) to up-project per layer to 128 heads' keys (nope 128) and values (128).
  json input = deploymentInput(deployment("deepseek-v3-prefill"));
  input["microBatches"] = 1;
  input["mtpAcceptance"] = 0;
  input["promptLengthSpread"] = 0;
  const auto compute = [&](double length, double hit) {
    input["inputLength"] = length;
    input["prefillTokensPerGpu"] = length;
    input["cacheHitRate"] = hit;
    return run("servingThroughput", input).at("computeTime").get<double>();
  };
  const double shorter = compute(4000, 0.5), longer = compute(8000, 0.75);
  const Machine& h800 = *findMachine("h800-sxm");
  const double layers = 61, sm_share = 1 - 24.0 / 132;
  const AttentionCalibration& attention = attentionCalibration(h800, true);
  const double attention_time =
      2.0 * 128 * (192 + 128) * 2000 * 4000 * layers /
      (*h800.peak_flops.bf16 * attention.efficiency / attention.sm_share * sm_share);
  const auto up_projection = [&](double prefix) {
    return 2 * prefix * 128 * 256 * 512 * layers /
           (*h800.peak_flops.fp8 *
            gemmEfficiency(h800, GemmPrecision::fp8, prefix, 128 * 256, 512, "forward") * sm_share);
  };
  CHECK(longer - shorter ==
        doctest::Approx(attention_time + up_projection(6000) - up_projection(2000)));
}

TEST_CASE(
    "ZeRO-2 shards the gradients and ZeRO-3 the weights over data parallelism; ZeRO-3 gathers "
    "the weights for every micro-batch") {
  // Llama 3 405B as Meta trained it on 16,384 H100 (TP 8, PP 16, DP 128; Llama 3 report Table 4).
  json input = deploymentInput(deployment("llama3-405b-8k-16384"));
  input["zeroStage"] = 1;
  const json one = run("trainingStep", input);
  input["zeroStage"] = 2;
  const json two = run("trainingStep", input);
  input["zeroStage"] = 3;
  const json three = run("trainingStep", input);
  const double dp = 128;
  CHECK(two.at("weightBytes").get<double>() == one.at("weightBytes").get<double>());
  CHECK(two.at("gradientBytes").get<double>() ==
        doctest::Approx(one.at("gradientBytes").get<double>() / dp));
  CHECK(three.at("weightBytes").get<double>() ==
        doctest::Approx(one.at("weightBytes").get<double>() / dp));
  CHECK(three.at("optimizerBytes").get<double>() == one.at("optimizerBytes").get<double>());
  CHECK(two.at("dataParallelTime").get<double>() == one.at("dataParallelTime").get<double>());
  // A ring all-gather's time is proportional to its bytes, so ZeRO-3's two BF16 gathers of a
  // micro-batch cost one FP32 gather: each micro-batch moves what ZeRO-1 moves once a step.
  CHECK(three.at("dataParallelTime").get<double>() ==
        doctest::Approx(one.at("dataParallelTime").get<double>() *
                        three.at("microBatches").get<double>()));
  CHECK(three.at("memoryPerGpu").get<double>() < two.at("memoryPerGpu").get<double>());
  CHECK(two.at("memoryPerGpu").get<double>() < one.at("memoryPerGpu").get<double>());
}

TEST_CASE(
    "a layer saves Korthikanti's tensors at the config's widths: 34 B per token·hidden for a "
    "GPT layer with dropout, 31.75 for Llama 3 405B, 59 for Mixtral's MoE layer") {
  // One stage (one micro-batch in flight), FlashAttention (no scores kept), no recomputation:
  // activationBytes = layers · saved · tokens · hidden / TP.
  const auto saved_per_element = [](const json& input, double layers, double hidden) {
    const json result = run("trainingStep", input);
    const double tokens = input.at("microBatch").get<double>() * input.at("seqLen").get<double>();
    return result.at("activationBytes").get<double>() * input.at("tensorParallel").get<double>() /
           (layers * tokens * hidden);
  };
  json gpt = deploymentInput(deployment("megatron-1.7b"));
  gpt["recompute"] = "none";
  gpt["attentionKernel"] = "flash";
  // Attention: norm input 2, QKV input 2, Q K V 6, output-projection input 2, mask 1; MLP: norm
  // input 2, first Linear input 2, GELU input 8, second Linear input 8, mask 1. The biases widen
  // nothing but the FFN's parameter count (5 · 2304 of 8 · 2304²).
  CHECK(saved_per_element(gpt, 24, 2304) == doctest::Approx(34).epsilon(1e-3));
  gpt["dropout"] = false;
  CHECK(saved_per_element(gpt, 24, 2304) == doctest::Approx(32).epsilon(1e-3));
  // Llama 3 405B: Q 2, K and V of 8 heads of 128 of 16,384 (0.25), SwiGLU 3.25 h wide (gate,
  // up and down input: 19.5): 2 + 2 + 2.25 + 2 + 2 + 2 + 19.5.
  const json llama = {{"config", presetConfig("llama-3.1-405b")},
                      {"machine", "h100-sxm"},
                      {"node", "dgx-h100"},
                      {"gpus", 1024},
                      {"tensorParallel", 8},
                      {"seqLen", 8192},
                      {"globalBatch", 128},
                      {"microBatch", 1}};
  CHECK(saved_per_element(llama, 126, 16384) == doctest::Approx(31.75));
  // Mixtral 8×7B: attention 2 + 2 + 2 · (4096 + 2 · 1024) / 4096 + 2 = 9; MoE block: norm and
  // router input 4, then two routed copies of the token (2) with their SwiGLU (3 · 14336 / 4096
  // · 2 = 21).
  const json mixtral = {{"config", presetConfig("mixtral-8x7b")},
                        {"machine", "h100-sxm"},
                        {"node", "dgx-h100"},
                        {"gpus", 8},
                        {"tensorParallel", 1},
                        {"seqLen", 4096},
                        {"globalBatch", 8},
                        {"microBatch", 1}};
  CHECK(saved_per_element(mixtral, 32, 4096) == doctest::Approx(9 + 4 + 2 * (2 + 21)));
}

TEST_CASE(
    "Llama 3 405B as Meta trained it: every published plan fits in 80 GB, and per-GPU model "
    "FLOP/s fall from 8,192 to 16,384 GPUs on the same 16 M-token step") {
  for (const std::string id :
       {"llama3-405b-8k-8192", "llama3-405b-8k-16384", "llama3-405b-128k-16384"}) {
    CAPTURE(id);
    CHECK(run("trainingStep", deploymentInput(deployment(id))).at("fits").get<bool>());
  }
  CHECK(run("trainingStep", deploymentInput(deployment("llama3-405b-8k-16384")))
            .at("modelFlopsPerGpu")
            .get<double>() < run("trainingStep", deploymentInput(deployment("llama3-405b-8k-8192")))
                                 .at("modelFlopsPerGpu")
                                 .get<double>());
}

TEST_CASE("context-parallel ranks hold the same weights: ZeRO shards over DP · CP") {
  json input = deploymentInput(deployment("llama3-405b-8k-16384"));
  input["gpus"] = 1024;  // DP 8
  input["globalBatch"] = 64;
  const double one = run("trainingStep", input).at("optimizerBytes").get<double>();
  input["gpus"] = 2048;  // DP 8, CP 2
  input["contextParallel"] = 2;
  CHECK(run("trainingStep", input).at("optimizerBytes").get<double>() == doctest::Approx(one / 2));
}

TEST_CASE(
    "tensor parallelism serves a dense model from one node: each GPU holds 1/TP of the weights "
    "and of K and V, and waits for two all-reduces a layer") {
  // Llama 3.1 70B in BF16 on one DGX H100 as vLLM runs it (TP 8): 141 GB of weights, 8 KV heads.
  json input = {{"config", presetConfig("llama-3.1-70b")},
                {"machine", "h100-sxm"},
                {"node", "dgx-h100"},
                {"gpus", 8},
                {"tensorParallel", 8},
                {"phase", "decode"},
                {"inputLength", 1024},
                {"outputLength", 1024}};
  const json result = run("servingThroughput", input);
  const json stats = run("modelStats", json{{"config", input["config"]}});
  CHECK(result.at("weightBytesPerGpu").get<double>() ==
        doctest::Approx(stats.at("totalParams").get<double>() * 2 / 8));
  const double batch = result.at("batchPerGpu").get<double>();
  CHECK(result.at("kvBytesPerGpu").get<double>() ==
        doctest::Approx(batch * stats.at("kvBytesPerToken").get<double>() * 2048 / 8));
  // 80 layers · 2 all-reduces of batch · 8192 · 2 B among 8 GPUs on NVSwitch, every peer at once,
  // at the 370 GB/s NCCL reaches on NVLink 4 (nccl-tests#212), not its 450 GB/s line rate.
  CHECK(findNode("dgx-h100")->achievable_scale_up == 370e9);
  const json all_reduce = run("collective", json{{"op", "allreduce"},
                                                 {"ranks", 8},
                                                 {"bytes", batch * 8192 * 2},
                                                 {"bandwidth", 370e9},
                                                 {"latency", 3.33e-6},
                                                 {"algorithm", "direct"}});
  CHECK(result.at("tensorParallelTime").get<double>() ==
        doctest::Approx(160 * all_reduce.at("time").get<double>()));
  CHECK(result.at("tokensPerSecondPerGpu").get<double>() ==
        doctest::Approx(batch / result.at("tpot").get<double>() / 8));
  // One GPU cannot hold it in BF16: the core says which knob to turn.
  input["tensorParallel"] = 1;
  const json alone = run("servingThroughput", input);
  CHECK_FALSE(alone.at("fits").get<bool>());
  CHECK(alone.at("notes")[0].at("field") == "tensorParallel");
  // In FP8 both fit; a lone sequence decodes faster when eight GPUs read its weights.
  input["precision"] = "fp8";
  const double one_gpu =
      run("servingThroughput", input).at("pareto")[0].at("tokensPerSecondPerUser").get<double>();
  input["tensorParallel"] = 8;
  CHECK(run("servingThroughput", input).at("pareto")[0].at("tokensPerSecondPerUser").get<double>() >
        2 * one_gpu);
  input["tensorParallel"] = 3;
  const auto rejected = test::runById("servingThroughput", input);
  REQUIRE_FALSE(rejected.ok());
  CHECK(rejected.errors.front().field == "tensorParallel");
}

TEST_CASE(
    "pipeline sends: each TP rank sends its 1/TP of a micro-batch's activations, once per model "
    "chunk it holds") {
  // Megatron-LM 1 T: 512 micro-batches per pipeline (3072 / DP 6), 2048 tokens of 25,600, TP 8,
  // 2 chunks per GPU, forward activations and backward gradients over 25 GB/s of HDR per GPU.
  json input = deploymentInput(deployment("megatron-1t"));
  // HDR has no achievable rate on record, so its line rate.
  const double scale_out = findNode("dgx-a100")->achievable_scale_out;
  CHECK(scale_out == 25e9);
  const double one_chunk = 512.0 * 2 * 2048 * 25600 * 2 / 8 / scale_out;
  CHECK(run("trainingStep", input).at("pipelineSendTime").get<double>() ==
        doctest::Approx(2 * one_chunk));
  input["schedule"] = "1f1b";
  CHECK(run("trainingStep", input).at("pipelineSendTime").get<double>() ==
        doctest::Approx(one_chunk));
}

TEST_CASE("doubling scale-out bandwidth never slows a training step or a serving node") {
  // The DGX H100 node has twice the DGX A100's scale-out bandwidth per GPU; NVLink is higher too.
  json training = deploymentInput(deployment("megatron-1t"));
  training["machine"] = "h100-sxm";
  training["node"] = "dgx-a100";
  const double slower = run("trainingStep", training).at("stepTime").get<double>();
  training["node"] = "dgx-h100";
  CHECK(run("trainingStep", training).at("stepTime").get<double>() <= slower);

  json serving = deploymentInput(deployment("deepseek-v3-decode"));
  serving["machine"] = "h100-sxm";
  serving["node"] = "dgx-a100";
  const double fewer = run("servingThroughput", serving).at("tokensPerSecondPerGpu").get<double>();
  serving["node"] = "dgx-h100";
  CHECK(run("servingThroughput", serving).at("tokensPerSecondPerGpu").get<double>() >= fewer);
}

TEST_CASE(
    "decode meets the per-user speed it is asked for, and the Pareto curve trades speed for "
    "throughput") {
  const json result = run("servingThroughput", deploymentInput(deployment("deepseek-v3-decode")));
  CHECK(result.at("tokensPerSecondPerUser").get<double>() >= 20);
  const json& pareto = result.at("pareto");
  REQUIRE(pareto.size() > 2);
  for (std::size_t i = 1; i < pareto.size(); ++i) {
    CHECK(pareto[i].at("tokensPerSecondPerUser").get<double>() <=
          pareto[i - 1].at("tokensPerSecondPerUser").get<double>());
    // Once the all-to-all binds, throughput per GPU stays flat (equal up to rounding).
    CHECK(pareto[i].at("tokensPerSecondPerGpu").get<double>() >=
          doctest::Approx(pareto[i - 1].at("tokensPerSecondPerGpu").get<double>()));
  }
}

TEST_CASE(
    "two decode micro-batches hide the all-to-all only under attention and shared experts, as "
    "DeepSeek profiled them") {
  json input = deploymentInput(deployment("deepseek-v3-decode"));
  input["tokensPerSecondPerUser"] = 0;  // the same batch in both runs: as many as fit
  const json overlapped = run("servingThroughput", input);
  input["microBatches"] = 1;
  const json serial = run("servingThroughput", input);
  REQUIRE(overlapped.at("batchPerGpu") == serial.at("batchPerGpu"));
  const double work =
      overlapped.at("computeTime").get<double>() + overlapped.at("memoryTime").get<double>();
  const double comm = overlapped.at("commTime").get<double>();
  const double step = overlapped.at("stepTime").get<double>();
  // Routed experts run alone between a micro-batch's dispatch and combine, so overlap cannot
  // reach max(work, all-to-all); it still beats running everything in turn.
  CHECK(step > std::max(work, comm) * 1.05);
  CHECK(step < serial.at("stepTime").get<double>());
  // The same bytes cross either way; each micro-batch reads the weights again.
  CHECK(overlapped.at("commTime").get<double>() ==
        doctest::Approx(serial.at("commTime").get<double>()));
  CHECK(overlapped.at("memoryTime").get<double>() >= serial.at("memoryTime").get<double>());
}

TEST_CASE(
    "two prefill micro-batches hide each all-to-all under the other's compute, slot by slot") {
  json input = deploymentInput(deployment("deepseek-v3-prefill"));
  const json overlapped = run("servingThroughput", input);
  input["microBatches"] = 1;
  const json serial = run("servingThroughput", input);
  const double work =
      overlapped.at("computeTime").get<double>() + overlapped.at("memoryTime").get<double>();
  const double comm = overlapped.at("commTime").get<double>();
  const double step = overlapped.at("stepTime").get<double>();
  CHECK(step >= std::max(work, comm));
  CHECK(step < work + comm);
  CHECK(step < serial.at("stepTime").get<double>());
}

TEST_CASE("bad plans are rejected naming the field") {
  const json v3 = deploymentInput(deployment("deepseek-v3-step"));
  const auto error = [&](const char* key, double value) {
    json input = v3;
    input[key] = value;
    const auto result = test::runById("trainingStep", input);
    REQUIRE_FALSE(result.ok());
    return result.errors.front().field;
  };
  CHECK(error("gpus", 2050) == "gpus");
  CHECK(error("expertParallel", 512) == "expertParallel");
  CHECK(error("pipelineParallel", 122) == "gpus");
  CHECK(error("globalBatch", 15361) == "globalBatch");
  json too_many_stages = v3;
  too_many_stages["gpus"] = 64 * 128;
  too_many_stages["pipelineParallel"] = 64;
  too_many_stages["expertParallel"] = 1;
  too_many_stages["pipelineParallel"] = 128;
  too_many_stages["globalBatch"] = 64;
  const auto stages = test::runById("trainingStep", too_many_stages);
  REQUIRE_FALSE(stages.ok());
  CHECK(stages.errors.front().field == "pipelineParallel");

  // Llama 3.1 70B's 8 KV heads over TP 16: Megatron-Core divides num_query_groups by TP and
  // refuses; TP 8 splits them; DeepSeek-V3's MLA has its 128 heads to split, not KV groups.
  json grouped = {{"config", presetConfig("llama-3.1-70b")},
                  {"machine", "h100-sxm"},
                  {"node", "dgx-h100"},
                  {"gpus", 64},
                  {"tensorParallel", 16},
                  {"globalBatch", 64}};
  const auto split = test::runById("trainingStep", grouped);
  REQUIRE_FALSE(split.ok());
  CHECK(split.errors.front().field == "tensorParallel");
  CHECK(split.errors.front().message ==
        "tensorParallel must divide num_key_value_heads (8) (got 16)");
  grouped["tensorParallel"] = 8;
  CHECK(test::runById("trainingStep", grouped).ok());
  json latent = v3;
  latent["tensorParallel"] = 16;
  latent["expertParallel"] = 8;
  latent["gpus"] = 2048;
  CHECK(test::runById("trainingStep", latent).ok());

  // Mixtral's 8 experts over 32 serving GPUs: the plan's EP is at fault, unless redundant experts
  // were added, whose count is then named.
  json serving = {{"config", presetConfig("mixtral-8x7b")},
                  {"machine", "h100-sxm"},
                  {"node", "dgx-h100"},
                  {"phase", "decode"},
                  {"gpus", 32},
                  {"expertParallel", 32}};
  const auto spread = test::runById("servingThroughput", serving);
  REQUIRE_FALSE(spread.ok());
  CHECK(spread.errors.front().field == "expertParallel");
  CHECK(spread.errors.front().message ==
        "expertParallel must divide the routed experts (8) (got 32)");
  serving["redundantExperts"] = 4;
  const auto redundant = test::runById("servingThroughput", serving);
  REQUIRE_FALSE(redundant.ok());
  CHECK(redundant.errors.front().field == "redundantExperts");
  serving["redundantExperts"] = 24;
  CHECK(test::runById("servingThroughput", serving).ok());
}

TEST_CASE("the GEMM efficiency reproduces DeepGEMM's own table at its calibration points") {
  const Machine* h800 = findMachine("h800-sxm");
  REQUIRE(h800);
  // 4096 × 7168 × 16384 is the most intense dense row: it lies in the plateau.
  CHECK(gemmEfficiency(*h800, GemmPrecision::fp8, 4096, 4096, 7168) ==
        doctest::Approx(1304e12 / 1978.8e12));
  CHECK(gemmEfficiency(*h800, GemmPrecision::fp8, 4096, 7168, 2048) ==
        doctest::Approx(1025e12 / 1978.8e12));
  CHECK(gemmEfficiency(*h800, GemmPrecision::fp8, 128, 2112, 7168) ==
        doctest::Approx(352e12 / 1978.8e12));
}

TEST_CASE(
    "an evaluation's GEMM curves, built once per precision and pass, give gemmEfficiency's "
    "values") {
  // Calls in an order that switches precision and pass at every GEMM, as a layer's do: a curve
  // cached under the wrong key would show up as a different value.
  const std::array<std::string_view, 4> passes{"benchmark", "forward", "inputGradient",
                                               "weightGradient"};
  int compared = 0;
  for (const Machine& machine : machines()) {
    const GemmEfficiencies efficiencies(machine);
    for (double m : {1.0, 64.0, 4096.0, 65536.0}) {
      for (const GemmPrecision precision :
           {GemmPrecision::bf16, GemmPrecision::fp8, GemmPrecision::fp4}) {
        if (gemmPeak(machine, precision) <= 0) continue;
        for (const std::string_view pass : passes) {
          CHECK(efficiencies(precision, m, 7168, 2048, pass) ==
                gemmEfficiency(machine, precision, m, 7168, 2048, pass));
          ++compared;
        }
      }
    }
  }
  CHECK(compared > 100);
}

TEST_CASE(
    "a GPU's own GEMM measurements set its efficiency, else those of a GPU of the same peak") {
  const Machine* h100 = findMachine("h100-sxm");
  const Machine* h800 = findMachine("h800-sxm");
  const Machine* mi300x = findMachine("mi300x");
  const Machine* a100_pcie = findMachine("a100-pcie-80gb");
  const Machine* a100_sxm = findMachine("a100-sxm-80gb");
  REQUIRE((h100 && h800 && mi300x && a100_pcie && a100_sxm));
  // Each MAMF point is reproduced at its own shape (stas00/ml-engineering's table).
  CHECK(gemmEfficiency(*h100, GemmPrecision::bf16, 2048, 2048, 13312) ==
        doctest::Approx(794.5e12 / 989e12));
  CHECK(gemmEfficiency(*mi300x, GemmPrecision::bf16, 10240, 15360, 8192) ==
        doctest::Approx(668.4e12 / 1307.4e12));
  CHECK(gemmEfficiency(*a100_pcie, GemmPrecision::bf16, 2048, 5120, 6144) ==
        doctest::Approx(252.9e12 / 312e12));
  // H800 has no BF16 measurement: H100's (989 against 989.4 TFLOP/s) is its.
  CHECK(gemmEfficiency(*h800, GemmPrecision::bf16, 2048, 2048, 13312) ==
        doctest::Approx(794.5e12 / 989e12));
  // A large GEMM: the plateau of the machine's own points, never another vendor's.
  CHECK(gemmEfficiency(*mi300x, GemmPrecision::bf16, 16384, 16384, 16384) ==
        doctest::Approx(668.4e12 / 1307.4e12));
  CHECK(gemmEfficiency(*a100_sxm, GemmPrecision::bf16, 8192, 8192, 8192) ==
        doctest::Approx(263e12 / 312e12));
  // A100 PCIe (power-capped, 81 %) and SXM share a peak but not a measurement.
  CHECK(gemmEfficiency(*a100_pcie, GemmPrecision::bf16, 8192, 8192, 8192) <
        gemmEfficiency(*a100_sxm, GemmPrecision::bf16, 8192, 8192, 8192));
}

TEST_CASE("the framework GEMM points are reproduced per SM at their own shapes and passes") {
  const Machine* h800 = findMachine("h800-sxm");
  const Machine* b200 = findMachine("b200");
  REQUIRE(h800);
  REQUIRE(b200);
  // profile-data train.json: 112 of 132 SMs computed beside DeepEP, so per SM the kernel is
  // faster by 132 / 112 than it ran.
  const double share = 112.0 / 132.0;
  CHECK(gemmEfficiency(*h800, GemmPrecision::fp8, 8192, 4096, 7168, "forward") ==
        doctest::Approx(1033.1e12 / (1978.8e12 * share)));
  CHECK(gemmEfficiency(*h800, GemmPrecision::fp8, 8192, 4096, 7168, "inputGradient") ==
        doctest::Approx(977.1e12 / (1978.8e12 * share)));
  CHECK(gemmEfficiency(*h800, GemmPrecision::fp8, 4096, 7168, 2048, "inputGradient") ==
        doctest::Approx(952.5e12 / (1978.8e12 * share)));
  // BF16 has no framework points: every pass reads the micro-benchmark table.
  CHECK(gemmEfficiency(*h800, GemmPrecision::bf16, 8192, 8192, 8192, "weightGradient") ==
        doctest::Approx(gemmEfficiency(*h800, GemmPrecision::bf16, 8192, 8192, 8192)));
  // The non-GEMM kernels are memory-bound: a GPU with more HBM bandwidth runs them faster in
  // proportion (B200 8 TB/s against H800 3.35 TB/s).
  CHECK(elementwiseCost(*b200, "mlp").forward ==
        doctest::Approx(1309.0e-6 / 4096 * 3.35e12 / 8e12));
  CHECK(elementwiseCost(*h800, "attention").backward ==
        doctest::Approx((2185.25e-6 + 771.75e-6) / 4096));
}

TEST_CASE(
    "FP8 speeds up a dense model's step: DeepSeek's framework profile stands only for MLA and MoE "
    "models") {
  // Llama 3.1 8B on one DGX H100 (data parallel 8, 8 K tokens per sequence). In FP8 its GEMMs run
  // at DeepGEMM's rates, its attention and other kernels as in BF16: faster than BF16, never more
  // than FP8's 2× peak. (Priced with V3's per-token MoE kernels, it had come out slower.)
  json input = {{"config", presetConfig("llama-3.1-8b")},
                {"machine", "h100-sxm"},
                {"node", "dgx-h100"},
                {"gpus", 8},
                {"seqLen", 8192},
                {"globalBatch", 64},
                {"microBatch", 1},
                {"recompute", "full"}};
  const json bf16 = run("trainingStep", input);
  input["precision"] = "fp8";
  const json fp8 = run("trainingStep", input);
  const double speedup =
      fp8.at("tokensPerSecond").get<double>() / bf16.at("tokensPerSecond").get<double>();
  CHECK(speedup > 1.2);
  CHECK(speedup < 2);
  // Its GEMMs sit at DeepGEMM's dense plateau, not at the framework's per-pass points.
  CHECK(fp8.at("gemmEfficiency").get<double>() ==
        doctest::Approx(
            gemmEfficiency(*findMachine("h100-sxm"), GemmPrecision::fp8, 8192, 14336, 4096))
            .epsilon(0.05));
  const auto precisionNote = [](const json& result) {
    for (const json& note : result.at("notes")) {
      if (note.at("field") == "precision") return note.at("text").get<std::string>();
    }
    return std::string();
  };
  CHECK(precisionNote(fp8).starts_with("fp8: GEMMs from micro-benchmarks"));
  // DeepSeek-V3 itself still runs as profiled.
  CHECK(precisionNote(run("trainingStep", deploymentInput(deployment("deepseek-v3-step"))))
            .find("profiled in DeepSeek's training framework") != std::string::npos);
}

TEST_CASE("a DGX B300 holds what a DGX B200 cannot: same compute peaks, 288 GB against 180 GB") {
  const Machine& b300 = *findMachine("b300");
  const Machine& b200 = *findMachine("b200");
  // DGX B300 datasheet via stas00/ml-engineering @ 744d01e: dense peaks as B200's, 288 GB HBM3e.
  CHECK(*b300.peak_flops.bf16 == *b200.peak_flops.bf16);
  CHECK(*b300.peak_flops.fp8 == *b200.peak_flops.fp8);
  CHECK(*b300.memory_capacity == 288e9);
  // Its own MAMF point (1,769 TFLOP/s at 12288 × 18432 × 1024) sets its BF16 GEMMs, not B200's.
  CHECK(gemmEfficiency(b300, GemmPrecision::bf16, 12288, 18432, 1024) ==
        doctest::Approx(1769.0e12 / 2250e12));
  CHECK(gemmEfficiency(b200, GemmPrecision::bf16, 1792, 16128, 3072) ==
        doctest::Approx(1745e12 / 2250e12));
  // Qwen3-30B-A3B on one node, 16 sequences of 4,096 tokens per micro-batch, no recomputation:
  // its activations fill more than a B200 and less than a B300.
  json input = {{"config", presetConfig("qwen3-30b-a3b")},
                {"machine", "b200"},
                {"node", "dgx-b200"},
                {"gpus", 8},
                {"expertParallel", 8},
                {"seqLen", 4096},
                {"globalBatch", 512},
                {"microBatch", 16},
                {"precision", "fp8"}};
  const json b200_plan = run("trainingStep", input);
  input["machine"] = "b300";
  input["node"] = "dgx-b300";
  const json b300_plan = run("trainingStep", input);
  CHECK(b200_plan.at("memoryPerGpu").get<double>() > 180e9);
  CHECK(b200_plan.at("memoryPerGpu").get<double>() < 288e9);
  CHECK_FALSE(b200_plan.at("fits").get<bool>());
  CHECK(b300_plan.at("fits").get<bool>());
}

TEST_CASE(
    "FP8 outside DeepSeek's framework pays Transformer Engine's casts: 6 B per GEMM input and "
    "output-gradient element at HBM bandwidth") {
  // Llama 3.1 8B, one micro-batch of 8,192 tokens per GPU, TP 1. Per token and layer its FP8
  // GEMMs read d = 4,096 (attention projections, as one GEMM d wide), 4,096 (gate and up) and
  // 14,336 (down) input elements, and 10,240 (the attention parameters / d), 28,672 and 4,096
  // output-gradient elements: 65,536 in all. The LM head stays BF16.
  json input = {{"config", presetConfig("llama-3.1-8b")},
                {"machine", "h100-sxm"},
                {"node", "dgx-h100"},
                {"gpus", 8},
                {"seqLen", 8192},
                {"globalBatch", 8},
                {"microBatch", 1},
                {"precision", "fp8"}};
  const json fp8 = run("trainingStep", input);
  const double bandwidth = streamBandwidth(*findMachine("h100-sxm"));  // STREAM Triad, 2.97 TB/s
  CHECK(fp8.at("castTime").get<double>() ==
        doctest::Approx(6.0 * 65536 * 8192 * 32 / bandwidth).epsilon(1e-12));
  CHECK(fp8.at("castTime").get<double>() < fp8.at("computeTime").get<double>());
  input["precision"] = "bf16";
  CHECK(run("trainingStep", input).at("castTime").get<double>() == 0);
  // DeepSeek's profiled kernels already hold its casts.
  CHECK(run("trainingStep", deploymentInput(deployment("deepseek-v3-step")))
            .at("castTime")
            .get<double>() == 0);
}

TEST_CASE(
    "colocated serving shares each GPU between prompts and outputs: the harmonic sum of the two "
    "rates") {
  // TensorRT-LLM's Llama 3.1 8B row: 1,000 prompt and 1,000 output tokens per request. The same
  // GPU prefills at p prompt tokens/s and decodes at d output tokens/s, so one output token costs
  // 1/d plus (1000 / 1000)/p seconds of it.
  json input = deploymentInput(deployment("trtllm-llama-3.1-8b"));
  const json colocated = run("servingThroughput", input);
  input["phase"] = "decode";
  const json decode = run("servingThroughput", input);
  input["phase"] = "prefill";
  const json prefill = run("servingThroughput", input);
  const double d = decode.at("tokensPerSecondPerGpu").get<double>();
  const double p = prefill.at("tokensPerSecondPerGpu").get<double>();
  CHECK(colocated.at("batchPerGpu") == decode.at("batchPerGpu"));
  CHECK(colocated.at("tokensPerSecondPerGpu").get<double>() ==
        doctest::Approx(1 / (1 / d + 1000.0 / 1000 / p)));
  // Every user's tokens wait for the prompts run between decode steps: the prefill share.
  const double share = 1 - colocated.at("tokensPerSecondPerGpu").get<double>() / d;
  CHECK(colocated.at("tpot").get<double>() ==
        doctest::Approx(decode.at("tpot").get<double>() / (1 - share)));
  CHECK(colocated.at("notes")[0].at("field") == "phase");
  // A per-user speed target holds for the speed users see, prefills included.
  input["phase"] = "colocated";
  input["tokensPerSecondPerUser"] = 60;
  const json paced = run("servingThroughput", input);
  CHECK(paced.at("tokensPerSecondPerUser").get<double>() >= 60);
  CHECK(paced.at("batchPerGpu").get<double>() < colocated.at("batchPerGpu").get<double>());
  input["phase"] = "decode";
  CHECK(run("servingThroughput", input).at("batchPerGpu").get<double>() >
        paced.at("batchPerGpu").get<double>());
}

TEST_CASE("colocated: longer prompts never raise output tokens/s, and never beat decode alone") {
  json input = deploymentInput(deployment("trtllm-llama-3.1-8b"));
  double previous = INFINITY;
  for (const double prompt : {128.0, 1000.0, 2000.0, 8000.0}) {
    CAPTURE(prompt);
    input["inputLength"] = prompt;
    input["phase"] = "colocated";
    const double colocated =
        run("servingThroughput", input).at("tokensPerSecondPerGpu").get<double>();
    input["phase"] = "decode";
    CHECK(colocated < run("servingThroughput", input).at("tokensPerSecondPerGpu").get<double>());
    CHECK(colocated <= previous);
    previous = colocated;
  }
}

TEST_CASE("a decode batch asked for is the one run: its point on the curve, or fits: false") {
  // SGLang's decode row runs 256 sequences per GPU; the curve doubles its batch from 1, so 256
  // is one of its points.
  json input = deploymentInput(deployment("sglang-v3-decode"));
  const json fixed = run("servingThroughput", input);
  CHECK(fixed.at("batchPerGpu").get<double>() == 256);
  bool on_curve = false;
  for (const json& point : fixed.at("pareto")) {
    if (point.at("batchPerGpu").get<double>() != 256) continue;
    on_curve = true;
    CHECK(point.at("tokensPerSecondPerGpu").get<double>() ==
          doctest::Approx(fixed.at("tokensPerSecondPerGpu").get<double>()));
  }
  CHECK(on_curve);
  // Beyond what the KV cache holds: not run, and said why.
  input["decodeBatchPerGpu"] = fixed.at("maxBatchPerGpu").get<double>() + 1;
  const json over = run("servingThroughput", input);
  CHECK_FALSE(over.at("fits").get<bool>());
  CHECK(over.at("notes")[0].at("field") == "decodeBatchPerGpu");
  // A speed target the fixed batch misses is reported, not silently dropped.
  input["decodeBatchPerGpu"] = 256;
  input["tokensPerSecondPerUser"] = 1000;
  bool warned = false;
  const json missed = run("servingThroughput", input);
  for (const json& note : missed.at("notes")) {
    warned = warned || note.at("field") == "tokensPerSecondPerUser";
  }
  CHECK(warned);
}

TEST_CASE("a serving plan that does not fit has no step, latency or price; prefill no TPOT") {
  constexpr std::array kAbsentUnlessRun = {"stepTime",
                                           "tpot",
                                           "ttft",
                                           "tokensPerSecondPerUser",
                                           "computeTime",
                                           "memoryTime",
                                           "commTime",
                                           "tensorParallelTime",
                                           "costPerMillionTokens"};
  // V3's decode on one H800 node: 84 GB of weights per GPU leave no room for a sequence.
  json input = deploymentInput(deployment("deepseek-v3-decode"));
  input["gpus"] = 8;
  input["expertParallel"] = 8;
  input["redundantExperts"] = 0;
  const json unfit = run("servingThroughput", input);
  CHECK_FALSE(unfit.at("fits").get<bool>());
  CHECK(unfit.at("bottleneck") == "capacity");
  CHECK(unfit.at("tokensPerSecondPerNode").get<double>() == 0);
  CHECK(unfit.at("weightBytesPerGpu").get<double>() > unfit.at("memoryCapacity").get<double>());
  for (const std::string name : kAbsentUnlessRun) CHECK_MESSAGE(unfit.at(name).is_null(), name);
  // A decode batch the KV cache cannot hold is not run either.
  json over = deploymentInput(deployment("sglang-v3-decode"));
  over["decodeBatchPerGpu"] = run("servingThroughput", over).at("maxBatchPerGpu").get<double>() + 1;
  const json not_run = run("servingThroughput", over);
  CHECK_FALSE(not_run.at("fits").get<bool>());
  for (const std::string name : kAbsentUnlessRun) CHECK_MESSAGE(not_run.at(name).is_null(), name);
  // Prefill emits no output token: no TPOT and no per-user speed; its TTFT is its step.
  const json prefill = run("servingThroughput", deploymentInput(deployment("deepseek-v3-prefill")));
  CHECK(prefill.at("tpot").is_null());
  CHECK(prefill.at("tokensPerSecondPerUser").is_null());
  CHECK(prefill.at("ttft").get<double>() == prefill.at("stepTime").get<double>());
  CHECK(prefill.at("costPerMillionTokens").get<double>() > 0);
  // Decode has all of them (no tensor parallelism: its all-reduces take no time).
  const json decode = run("servingThroughput", deploymentInput(deployment("deepseek-v3-decode")));
  for (const std::string name : kAbsentUnlessRun) {
    CHECK_MESSAGE(decode.at(name).get<double>() >= 0, name);
  }
  CHECK(decode.at("tpot").get<double>() > 0);
  CHECK(decode.at("costPerMillionTokens").get<double>() > 0);
}

TEST_CASE("DeepSeek-V3's step time and causal MFU within the issue's ±10 %") {
  const json result = run("trainingStep", deploymentInput(deployment("deepseek-v3-step")));
  const double step = result.at("stepTime").get<double>();
  const double mfu = result.at("mfu").get<double>();
  CAPTURE(step);
  CAPTURE(mfu);
  CHECK(std::abs(step / deployment("deepseek-v3-step").published - 1) <= 0.10);
  CHECK(std::abs(mfu / deployment("deepseek-v3-mfu").published - 1) <= 0.10);
  // The profile shows the backward of a chunk longer than its forward (attention backward at
  // 2.5 × the forward FLOPs and lower efficiency, twice the non-GEMM kernels).
  CHECK(result.at("backwardTime").get<double>() > result.at("forwardTime").get<double>());
}

TEST_CASE("the serving all-to-all puts on the wire what rp.communicationBytes counts") {
  for (const std::string id : {"deepseek-v3-decode", "deepseek-v3-prefill"}) {
    CAPTURE(id);
    json input = deploymentInput(deployment(id));
    // Half the prompt cached, so the prefill's computed tokens are whole.
    input["cacheHitRate"] = 0.5;
    const json result = run("servingThroughput", input);
    // Tokens one GPU sends per step: decode verifies one MTP draft per sequence (two tokens);
    // prefill computes the uncached part of its whole prompts.
    const double batch = result.at("batchPerGpu").get<double>();
    const double length = input.at("inputLength").get<double>();
    const double tokens = id == "deepseek-v3-decode"
                              ? 2 * batch
                              : batch * length * (1 - input.at("cacheHitRate").get<double>());
    const json bytes = run("communicationBytes", {{"dispatchFormat", "e4m3"},
                                                  {"combineFormat", "bf16"},
                                                  {"scaleGroupSize", 128},
                                                  {"tokens", tokens},
                                                  {"hidden", 7168},
                                                  {"expertsPerToken", 8}});
    CHECK(result.at("dispatchBytes").get<double>() ==
          doctest::Approx(bytes.at("dispatchBytes").get<double>()));
    CHECK(result.at("combineBytes").get<double>() ==
          doctest::Approx(bytes.at("combineBytes").get<double>()));
  }
  // V3 report §3.3.2: an FP8 element and one FP32 scale per 128, against BF16's 2 B.
  const CommunicationBytesResult wire = expertParallelBytes(true, 1, 7168, 8);
  CHECK(wire.dispatch_bytes == doctest::Approx(8 * 7168 * (1 + 4.0 / 128)));
  CHECK(wire.combine_bytes == doctest::Approx(8 * 7168 * 2));
}

TEST_CASE("the all-to-all bandwidth reproduces DeepEP's tables at their EP sizes on their node") {
  const NodeDesign* h800 = findNode("deepseek-h800");
  const NodeDesign* dgx_h100 = findNode("dgx-h100");
  REQUIRE(h800);
  REQUIRE(dgx_h100);
  // DeepEP V1 README: low-latency EP128 39 / 39 GB/s, EP32 48 / 53; normal EP32 58 / 57 (RDMA),
  // EP8 153 / 158 (NVLink).
  CHECK(allToAllBandwidth(*h800, "low-latency", 128).dispatch == doctest::Approx(39e9));
  CHECK(allToAllBandwidth(*h800, "low-latency", 32).combine == doctest::Approx(53e9));
  CHECK(allToAllBandwidth(*h800, "normal", 32).dispatch == doctest::Approx(58e9));
  const AllToAllBandwidth nvlink = allToAllBandwidth(*h800, "normal", 8);
  CHECK(nvlink.fabric == Fabric::scale_up);
  CHECK(nvlink.combine == doctest::Approx(158e9));
  // Between measured sizes, in log EP: EP144 lies between EP128 and EP256.
  CHECK(allToAllBandwidth(*h800, "low-latency", 181).combine ==
        doctest::Approx(39e9 + std::log(181.0 / 128) / std::log(2.0) * 1e9));
  // The same kernel on a node with more NVLink per GPU reaches the same share of it.
  CHECK(allToAllBandwidth(*dgx_h100, "normal", 8).dispatch ==
        doctest::Approx(153e9 / 160e9 * dgx_h100->scale_up_bandwidth));
}

TEST_CASE("an EP group inside one scale-up domain keeps its all-to-all on it, whichever kernel") {
  const NodeDesign* h800 = findNode("deepseek-h800");
  const NodeDesign* nvl72 = findNode("gb200-nvl72");
  REQUIRE(h800);
  REQUIRE(nvl72);
  // Low-latency kernels reach NVLink peers directly; only normal kernels were measured there
  // (DeepEP V1 README: EP8 153 / 158 GB/s of H800's 160), so both kernels read that share.
  const AllToAllBandwidth one_node = allToAllBandwidth(*h800, "low-latency", 8);
  CHECK(one_node.fabric == Fabric::scale_up);
  CHECK(one_node.dispatch == doctest::Approx(153e9));
  CHECK(one_node.combine == doctest::Approx(158e9));
  // 48 GPUs of a 72-GPU NVLink domain: 153/160 and 158/160 of NVLink 5's 900 GB/s.
  const AllToAllBandwidth rack = allToAllBandwidth(*nvl72, "low-latency", 48);
  CHECK(rack.fabric == Fabric::scale_up);
  CHECK(rack.dispatch == doctest::Approx(153e9 / 160e9 * 900e9));
  CHECK(rack.combine == doctest::Approx(158e9 / 160e9 * 900e9));
  // Past the domain the RDMA measurements hold: EP16 on 8-GPU nodes, DeepEP's 63 / 74 GB/s.
  const AllToAllBandwidth two_nodes = allToAllBandwidth(*h800, "low-latency", 16);
  CHECK(two_nodes.fabric == Fabric::scale_out);
  CHECK(two_nodes.dispatch == doctest::Approx(63e9));
  CHECK(two_nodes.combine == doctest::Approx(74e9));

  // So DeepSeek-V3 decode on 48 GPUs of a GB200 NVL72 is not bound by its 400G NICs, and the
  // same plan on 8-GPU DGX B200 nodes (six nodes, EP over InfiniBand) spends longer communicating.
  const json sglang = deploymentInput(deployment("sglang-v3-decode"));
  json rack_input = sglang;
  rack_input["machine"] = "gb200";
  rack_input["node"] = "gb200-nvl72";
  rack_input["gpus"] = 48;
  rack_input["expertParallel"] = 48;
  json nodes_input = rack_input;
  nodes_input["machine"] = "b200";
  nodes_input["node"] = "dgx-b200";
  const json on_rack = run("servingThroughput", rack_input);
  const json on_nodes = run("servingThroughput", nodes_input);
  CHECK(on_rack.at("bottleneck").get<std::string>() != "scale-out");
  CHECK(on_rack.at("commTime").get<double>() < on_nodes.at("commTime").get<double>() / 4);
}

TEST_CASE("attention on Blackwell runs at NVIDIA's B200 measurement, on Hopper at FA3's H100 one") {
  // FlashMLA README @ 066b5ba: dense MHA on B200 up to 1,460 TFLOPS forward (of 2,250 BF16);
  // pytorch/benchmark ff65cb67: FA3 forward on H100 590.2 TFLOPS (of 989). A row outside
  // DeepSeek's profiled framework (Qwen3 on GB200), moved to DGX H100.
  json input = deploymentInput(deployment("bridge-gb200-qwen3-30b-a3b"));
  CHECK(run("trainingStep", input).at("attentionEfficiency").get<double>() ==
        doctest::Approx(1460.0 / 2250));
  input["machine"] = "h100-sxm";
  input["node"] = "dgx-h100";
  CHECK(run("trainingStep", input).at("attentionEfficiency").get<double>() ==
        doctest::Approx(590.233 / 989));
}

TEST_CASE(
    "MLA decoding on Blackwell runs at FlashMLA's dense H800 kernel × its sparse B200 / H800") {
  // FlashMLA README @ 066b5ba: dense decoding 660 TFLOPS on H800; sparse decoding 410 on H800,
  // 350 on B200. Hand-derived: 660 × 350 / 410 = 563.4 TFLOPS, 0.2504 of B200's 2,250 BF16.
  const double blackwell_share = 660e12 * 350 / 410 / 2250e12;
  const auto calibrations = attentionCalibrations();
  const auto blackwell =
      std::find_if(calibrations.begin(), calibrations.end(), [](const auto& entry) {
        return entry.machine == "b200" && entry.kernel.starts_with("FlashMLA (MLA decode");
      });
  REQUIRE(blackwell != calibrations.end());
  CHECK(blackwell->efficiency == doctest::Approx(0.25041).epsilon(1e-4));

  // Attention is the only compute that grows with the KV length at a fixed batch: 1,000 more
  // prompt tokens add the same FLOPs on H800 and GB200, taken at 580 TFLOPS (H800's entry) and at
  // that share of GB200's 2,500 TFLOPS BF16 peak.
  auto attention_growth = [](const std::string& machine, const std::string& node) {
    json input = deploymentInput(deployment("sglang-v3-decode-gb200"));
    input["machine"] = machine;
    input["node"] = node;
    input["decodeBatchPerGpu"] = 32;
    const double short_kv = run("servingThroughput", input).at("computeTime").get<double>();
    input["inputLength"] = input.at("inputLength").get<double>() + 1000;
    return run("servingThroughput", input).at("computeTime").get<double>() - short_kv;
  };
  const double on_hopper = attention_growth("h800-sxm", "deepseek-h800");
  const double on_blackwell = attention_growth("gb200", "gb200-nvl72");
  CHECK(on_hopper > 0);
  CHECK(on_blackwell * 2500e12 * blackwell_share == doctest::Approx(on_hopper * 580e12));

  // The SGLang GB200 row reads as its assumptions quote.
  const Deployment& row = deployment("sglang-v3-decode-gb200");
  const double ratio =
      run("servingThroughput", deploymentInput(row)).at("tokensPerSecondPerGpu").get<double>() /
      row.published;
  CHECK(ratio == doctest::Approx(1.101).epsilon(0.005));
  CHECK(std::string(row.assumptions).find("ridgepoint reads 10.1 % high") != std::string::npos);
}

TEST_CASE("a decode step moves every token to each of its experts at DeepEP's measured speed") {
  const json input = deploymentInput(deployment("deepseek-v3-decode"));
  const json result = run("servingThroughput", input);
  // Low-latency kernels at EP144: 39 GB/s dispatch and 39.09 GB/s combine (log-interpolated
  // between EP128 and EP256), 58 MoE layers and the MTP module's one (MTP is on); the busiest
  // GPU receives and returns 1.11 × the mean (expertImbalance 0.11).
  const double combine_bandwidth = 39e9 + std::log(144.0 / 128) / std::log(2.0) * 1e9;
  const double expected = 59 * 1.11 *
                          (result.at("dispatchBytes").get<double>() / 39e9 +
                           result.at("combineBytes").get<double>() / combine_bandwidth);
  CHECK(result.at("commTime").get<double>() == doctest::Approx(expected));
}

TEST_CASE("with MTP on, the MTP module's weights and KV cache are resident and its layer runs") {
  json input = deploymentInput(deployment("deepseek-v3-decode"));
  const json with_mtp = run("servingThroughput", input);
  input["mtpAcceptance"] = 0;
  const json without = run("servingThroughput", input);
  // DeepSeek-V3's one MTP module (V3 report §2.2): one more MLA layer caches one more layer of
  // latent and RoPE key, 62 layers' KV for the main model's 61.
  auto kv_per_sequence = [](const json& result) {
    return result.at("kvBytesPerGpu").get<double>() / result.at("batchPerGpu").get<double>();
  };
  CHECK(kv_per_sequence(with_mtp) == doctest::Approx(kv_per_sequence(without) * 62 / 61));
  // Its weights in FP8, one byte each: the projection (2 · 7168²), its norms, attention and shared
  // expert on every GPU; its 256 routed experts with the 32 redundant ones spread over EP144;
  // its router (7168 × 256) in BF16, a second byte each (V3 report §3.3.1).
  const json stats = run(
      "modelStats", json{{"config", deploymentInput(deployment("deepseek-v3-decode"))["config"]}});
  const double mtp_params = stats.at("mtpParams").get<double>();
  const double routed = 256 * 3 * 7168.0 * 2048;
  CHECK(with_mtp.at("weightBytesPerGpu").get<double>() -
            without.at("weightBytesPerGpu").get<double>() ==
        doctest::Approx(mtp_params - routed + routed * 288 / 256 / 144 + 7168 * 256));
  // The extra layer and the draft's logits only add time: each step is slower.
  CHECK(with_mtp.at("stepTime").get<double>() > without.at("stepTime").get<double>() * 1.01);
}

TEST_CASE("V3 prefill's computed tokens agree with an independent first-principles estimate") {
  // The panel's explanation of the V3 prefill row says so (core/deployments.cpp): an independent
  // estimate of saturated H800 EP prefill, 52,240 computed tokens/s per node with overlap
  // (yunpan.plus/t/9629-1-1), against ridgepoint's prediction times the 43.7 % of prompt tokens
  // that miss the cache. The estimate gives every prompt one length, as it does here.
  json input = deploymentInput(deployment("deepseek-v3-prefill"));
  input["promptLengthSpread"] = 0;
  const json result = run("servingThroughput", input);
  const double computed = result.at("tokensPerSecondPerNode").get<double>() * (1 - 0.563);
  CHECK(computed == doctest::Approx(52240).epsilon(0.05));
}

TEST_CASE(
    "without sequence parallelism each TP GPU runs the norms and dropouts whole: Korthikanti's 10 "
    "bytes per element not divided by TP") {
  // Megatron-LM 1 T (2021, no sequence parallelism): 512 micro-batches of 2,048 tokens of 25,600
  // on TP 8, 2 layers on the slowest stage; with dropout in BF16 each layer keeps 10 B per element
  // outside the TP matrices, written once forward and read once backward at STREAM bandwidth.
  json input = deploymentInput(deployment("megatron-1t"));
  CHECK_FALSE(input.at("sequenceParallel").get<bool>());
  const json without = run("trainingStep", input);
  input["sequenceParallel"] = true;
  const json with = run("trainingStep", input);
  const double bandwidth = streamBandwidth(*findMachine("a100-sxm-80gb"));  // Triad, 1.70 TB/s
  const double extra = 512.0 * 2 * 10 * 2048 * 25600 * (1 - 1.0 / 8) / bandwidth;
  CHECK(without.at("forwardTime").get<double>() - with.at("forwardTime").get<double>() ==
        doctest::Approx(extra));
  CHECK(without.at("backwardTime").get<double>() - with.at("backwardTime").get<double>() ==
        doctest::Approx(extra));
  // Full recomputation keeps each layer's input whole on every TP GPU: more memory, never less.
  CHECK(without.at("activationBytes").get<double>() > with.at("activationBytes").get<double>());
}

TEST_CASE("full recomputation repeats the forward's two tensor-parallel all-reduces") {
  json input = deploymentInput(deployment("megatron-1t"));
  input["recompute"] = "none";
  const double without = run("trainingStep", input).at("tensorParallelTime").get<double>();
  input["recompute"] = "selective";
  CHECK(run("trainingStep", input).at("tensorParallelTime").get<double>() ==
        doctest::Approx(without));
  input["recompute"] = "full";
  CHECK(run("trainingStep", input).at("tensorParallelTime").get<double>() ==
        doctest::Approx(without * 6 / 4));
}

TEST_CASE(
    "selective recomputation of materialized attention re-runs its core: the two batched GEMMs "
    "and the 9 B per score its softmax and dropout move") {
  // Megatron-LM 1.7 B (24 layers, 24 heads of 96, s = 2048) on one A100, 16 sequences per
  // micro-batch, the whole s × s score matrix computed.
  json input = deploymentInput(deployment("megatron-1.7b"));
  input["recompute"] = "selective";
  const json result = run("trainingStep", input);
  const Machine& a100 = *findMachine("a100-sxm-80gb");
  const double layers = 24, heads = 24, s = 2048, tokens = 16 * s;
  const double attention_flops = 2 * heads * (96 + 96) * tokens * s;
  const double attention_time =
      attention_flops /
      (*a100.peak_flops.bf16 * gemmEfficiency(a100, GemmPrecision::bf16, s, s, 96));
  const double softmax_dropout_time = 9 * heads * s * tokens / streamBandwidth(a100);
  CHECK(result.at("recomputeTime").get<double>() ==
        doctest::Approx(layers * (attention_time + softmax_dropout_time)));
}

TEST_CASE(
    "fp4 serving: NVFP4 weights at 0.5625 B, the LM head and embedding in BF16, Blackwell only") {
  json input = deploymentInput(deployment("trtllm-llama-3.1-8b"));
  input["machine"] = "b200";
  input["node"] = "dgx-b200";
  input["precision"] = "fp4";
  input["phase"] = "decode";
  const json fp4 = run("servingThroughput", input);
  // Llama 3.1 8B: 8,030,261,248 parameters, of which the embedding and the untied head
  // (2 × 128,256 × 4,096 = 1,050,673,152) stay BF16: 8,030,261,248 × 0.5625 + 1,050,673,152 ×
  // (2 − 0.5625) = 6,027,364,608 B.
  CHECK(fp4.at("weightBytesPerGpu").get<double>() == doctest::Approx(6027364608.0).epsilon(1e-12));
  // A decode step at batch 1 reads the weights: fewer bytes per weight, a faster user.
  input["decodeBatchPerGpu"] = 1;
  double slower = INFINITY;
  for (const char* precision : {"fp4", "fp8", "bf16"}) {
    CAPTURE(precision);
    input["precision"] = precision;
    const double speed = run("servingThroughput", input).at("tokensPerSecondPerUser").get<double>();
    CHECK(speed < slower);
    slower = speed;
  }
  // Hopper has no FP4 tensor cores; training has no fp4 choice.
  input["machine"] = "h100-sxm";
  input["node"] = "dgx-h100";
  input["precision"] = "fp4";
  const auto refused = test::runById("servingThroughput", input);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.errors.front().field == "precision");
  json training = deploymentInput(deployment("llama3-405b-8k-8192"));
  training["precision"] = "fp4";
  const auto untrained = test::runById("trainingStep", training);
  REQUIRE_FALSE(untrained.ok());
  CHECK(untrained.errors.front().field == "precision");
}

TEST_CASE("an FP4 GEMM reads the FP8 measurements at the same intensity relative to its ridge") {
  const Machine& b200 = *findMachine("b200");
  // At the same m, n, k an FP4 GEMM has 1.78× the FP8 operand intensity but twice the FP8 ridge:
  // it sits lower on the curve, never above the FP8 efficiency of a GEMM as large.
  for (const double m : {64.0, 512.0, 4096.0}) {
    CAPTURE(m);
    const double fp4 = gemmEfficiency(b200, GemmPrecision::fp4, m, 8192, 8192);
    CHECK(fp4 > 0);
    CHECK(fp4 <= gemmEfficiency(b200, GemmPrecision::fp8, m, 8192, 8192) + 1e-12);
  }
  CHECK(gemmElementBytes(GemmPrecision::fp4) == 0.5625);
}

TEST_CASE("an MoE block's non-GEMM kernels scale from the profiled one by the elements they move") {
  auto shapeOf = [](std::string_view id) {
    const auto preset = std::find_if(models().begin(), models().end(),
                                     [&](const ModelPreset& model) { return model.id == id; });
    REQUIRE(preset != models().end());
    return readModel(parseJson(preset->config.text).value, KvFormat{}).value;
  };
  // The profiled model read from its own config gives the constant the scaling divides by.
  CHECK(moeElementsPerToken(shapeOf("deepseek-v3")) == kProfiledMoeElementsPerToken);
  // By hand: d + k · (d + 3 · width) (+ 3 · width per shared expert).
  CHECK(kProfiledMoeElementsPerToken == 7168 + 8 * (7168 + 3 * 2048) + 3 * 2048);
  CHECK(moeElementsPerToken(shapeOf("qwen3-30b-a3b")) == 2048 + 8 * (2048 + 3 * 768));
  // gpt-oss's expert biases make the width its parameters give 2,881.
  CHECK(moeElementsPerToken(shapeOf("gpt-oss-120b")) == 2880 + 4 * (2880 + 3 * 2881));
  // The step says where an MoE block's kernels come from.
  const json step = run("trainingStep", deploymentInput(deployment("bridge-gb200-qwen3-30b-a3b")));
  CHECK(step.at("notes").dump().find("DeepSeek's training profile") != std::string::npos);
}

TEST_CASE(
    "serving's non-GEMM kernels: one write of each kept activation, block inputs whole on "
    "every TP GPU") {
  // Llama 3.1 8B, BF16, per token and hidden element: attention block 4 (norm and QKV inputs) +
  // 2 · (32 · 128 + 8 · 256) / 4,096 (Q, K, V) + 2 (output projection input) = 9; MLP block 4 +
  // 2 · 3 · 14,336 / 4,096 (gate and up outputs, down input) = 25.
  const auto preset = std::find_if(models().begin(), models().end(), [](const ModelPreset& model) {
    return model.id == "llama-3.1-8b";
  });
  REQUIRE(preset != models().end());
  const ModelShape shape = readModel(parseJson(preset->config.text).value, KvFormat{}).value;
  const SavedBytes saved = savedBytesPerElement(shape, false, false, false);
  CHECK(saved.attention == 9);
  CHECK(saved.mlp == 25);
  // A compute-bound prefill moves (9 + 25) · 4,096 B per token and layer at TP 1; at TP 2 each
  // GPU still writes both blocks' inputs (4 + 4 B per element) whole: (34 / 2 + 8 / 2) / 34 of it.
  json input = deploymentInput(deployment("trtllm-llama-3.1-8b"));
  input["phase"] = "prefill";
  input["precision"] = "bf16";
  input["inputLength"] = 4096;
  const double bandwidth = streamBandwidth(*findMachine("h100-sxm"));
  const double tokens = run("servingThroughput", input).at("tokensPerSecondPerGpu").get<double>();
  CHECK(tokens > 0);
  const double one = run("servingThroughput", input).at("memoryTime").get<double>();
  const double per_pass = 16384.0 * 32 * 34 * 4096 / bandwidth;
  CHECK(one >= per_pass);
  CHECK(one < per_pass * 1.05);  // beyond it only the LM head's weights, read for 4 prompts
  input["gpus"] = 2;
  input["tensorParallel"] = 2;
  const double two = run("servingThroughput", input).at("memoryTime").get<double>();
  CHECK(two >= per_pass * 21 / 34);
  CHECK(two < per_pass * 21 / 34 * 1.05);
}

TEST_CASE("TensorRT-LLM's Qwen3-235B-A22B row: an MoE served over TP 8 reads within 25 %") {
  // perf-overview.md @ 00f3768: 14,898 output tokens/s on 8 H100 at 1000/1000 (FP8).
  const Deployment& row = deployment("trtllm-qwen3-235b-a22b");
  CHECK(row.published == 14898.0 / 8);
  const json result = run("servingThroughput", deploymentInput(row));
  CHECK(result.at("fits").get<bool>());
  CHECK(std::abs(result.at("tokensPerSecondPerGpu").get<double>() / row.published - 1) < 0.25);
}

TEST_CASE("MXFP4 experts: gpt-oss-120b's published weights fit one 80 GB GPU, as OpenAI states") {
  // gpt-oss model card (OpenAI, 2025-08-05): the MoE weights are stored in MXFP4 (4.25 bits a
  // weight), so the 120b model fits a single 80 GB GPU. Counted by hand: 36 layers × 128 experts ×
  // (2,880 × 5,760 + 5,760 + 2,880 × 2,880 + 2,880) = 114,701,598,720 expert weights at 0.53125 B,
  // the other 2,127,557,952 at 2 B (BF16).
  json input = {{"config", presetConfig("gpt-oss-120b")},
                {"machine", "h100-sxm"},
                {"node", "dgx-h100"},
                {"phase", "decode"},
                {"gpus", 1},
                {"precision", "bf16"},
                {"expertWeights", "mxfp4"}};
  const json mxfp4 = run("servingThroughput", input);
  CHECK(mxfp4.at("weightBytesPerGpu").get<double>() == doctest::Approx(65190340224.0));
  CHECK(mxfp4.at("fits").get<bool>());
  CHECK(mxfp4.at("tokensPerSecondPerGpu").get<double>() > 0);
  input["expertWeights"] = "precision";
  const json bf16 = run("servingThroughput", input);
  CHECK_FALSE(bf16.at("fits").get<bool>());
  CHECK(bf16.at("weightBytesPerGpu").get<double>() == doctest::Approx(2 * 116829156672.0));
  // Where both fit (a B200, 180 GB), reading 4.25-bit experts instead of FP8 ones never slows
  // decode: the same GEMMs, fewer bytes.
  input["machine"] = "b200";
  input["node"] = "dgx-b200";
  input["precision"] = "fp8";
  const double fp8_speed = run("servingThroughput", input).at("tokensPerSecondPerGpu");
  input["expertWeights"] = "mxfp4";
  CHECK(run("servingThroughput", input).at("tokensPerSecondPerGpu").get<double>() >= fp8_speed);
  // A dense model has no routed experts: the option changes nothing.
  json dense = {{"config", presetConfig("llama-3.1-8b")},
                {"machine", "h100-sxm"},
                {"node", "dgx-h100"},
                {"gpus", 1}};
  const json as_gemm = run("servingThroughput", dense);
  dense["expertWeights"] = "mxfp4";
  CHECK(run("servingThroughput", dense) == as_gemm);
}

TEST_CASE("the KV cache takes kvMemoryFraction of the memory the weights and the runtime leave") {
  json input = deploymentInput(deployment("trtllm-llama-3.1-8b"));  // FP8 weights, FP8 KV
  const json stats =
      run("modelStats", json{{"config", input["config"]}, {"kvBytes", input["kvBytes"]}});
  const double sequence = stats.at("kvBytesPerToken").get<double>() * 2000;
  // The default reserve: vLLM's measured 1.79 GiB outside PyTorch and 1.26 GiB of activations
  // (Llama 3 8B, one H100; vllm-project/vllm#10511).
  const double runtime = 3.05 * 1024 * 1024 * 1024;
  for (const double fraction : {0.9, 0.5, 1.0}) {
    CAPTURE(fraction);
    input["kvMemoryFraction"] = fraction;
    const json result = run("servingThroughput", input);
    const double left = result.at("memoryCapacity").get<double>() -
                        result.at("weightBytesPerGpu").get<double>() - runtime;
    CHECK(result.at("maxBatchPerGpu").get<double>() == std::floor(fraction * left / sequence));
  }
  // No reserve: the share of all the weights leave, as TensorRT-LLM's fraction alone would give.
  input["kvMemoryFraction"] = 0.9;
  input["runtimeBytesPerGpu"] = 0;
  const json unreserved = run("servingThroughput", input);
  const double left = unreserved.at("memoryCapacity").get<double>() -
                      unreserved.at("weightBytesPerGpu").get<double>();
  CHECK(unreserved.at("maxBatchPerGpu").get<double>() == std::floor(0.9 * left / sequence));
  // A reserve that takes everything the weights leave: not run, and the note names it.
  input["runtimeBytesPerGpu"] = left;
  const json crowded = run("servingThroughput", input);
  CHECK_FALSE(crowded.at("fits").get<bool>());
  CHECK(crowded.at("notes")[0].at("field") == "runtimeBytesPerGpu");
  input.erase("runtimeBytesPerGpu");
  // Too small a share for one sequence: not run, and the note names the input to raise.
  input["kvMemoryFraction"] = 0.01;
  input["inputLength"] = 120000;
  const json starved = run("servingThroughput", input);
  CHECK_FALSE(starved.at("fits").get<bool>());
  CHECK(starved.at("notes")[0].at("field") == "kvMemoryFraction");
}

TEST_CASE(
    "every planner node names the GPU it is built around, and a node of another GPU is noted") {
  for (const NodeDesign& node : nodeDesigns()) {
    CAPTURE(std::string(node.id));
    CHECK(findMachine(node.gpu) != nullptr);
  }
  const auto nodeNotes = [](const json& result) {
    return std::count_if(result.at("notes").begin(), result.at("notes").end(),
                         [](const json& note) { return note.at("field") == "node"; });
  };
  // The published rows run each GPU in its own node: no note.
  for (const Deployment& row : deployments()) {
    CAPTURE(std::string(row.id));
    CHECK(nodeNotes(evaluateDeployment(row)) == 0);
  }
  json input = {{"config", presetConfig("llama-3.1-70b")},
                {"machine", "mi300x"},
                {"node", "mi300x-platform"},
                {"gpus", 64},
                {"tensorParallel", 8},
                {"seqLen", 4096},
                {"globalBatch", 256},
                {"microBatch", 1}};
  const json native = run("trainingStep", input);
  CHECK(nodeNotes(native) == 0);
  // The same GPUs in a DGX H100: its NVLink 4 at the 370 GB/s collectives reach stands for the
  // Infinity Fabric's 316.82 GB/s (RCCL's measured all-reduce), so tensor parallelism is faster.
  input["node"] = "dgx-h100";
  const json foreign = run("trainingStep", input);
  REQUIRE(nodeNotes(foreign) == 1);
  const auto note = std::find_if(foreign.at("notes").begin(), foreign.at("notes").end(),
                                 [](const json& item) { return item.at("field") == "node"; });
  CHECK(note->at("text").get<std::string>().find("built around NVIDIA H100") != std::string::npos);
  CHECK(foreign.at("tensorParallelTime").get<double>() ==
        doctest::Approx(native.at("tensorParallelTime").get<double>() * 316.82 / 370));
  input["phase"] = "decode";
  input.erase("seqLen");
  input.erase("globalBatch");
  input.erase("microBatch");
  input.erase("tensorParallel");
  input["gpus"] = 8;
  CHECK(nodeNotes(run("servingThroughput", input)) == 1);
}

TEST_CASE("LatentMoE sends latent-wide tokens and runs its two projections") {
  // NVIDIA-Nemotron-3-Super-120B-A12B's published config (tests/golden/model-import.json):
  // experts in a 1,024-wide latent of a 4,096-wide model.
  const json latent = test::goldenImportConfig("NVIDIA-Nemotron-3-Super");
  REQUIRE_FALSE(latent.is_null());
  json full = latent;
  full["moe_latent_size"] = 0;
  const json serving = {{"machine", "h100-sxm"}, {"node", "dgx-h100"},
                        {"phase", "decode"},     {"gpus", 64},
                        {"expertParallel", 64},  {"inputLength", 4096},
                        {"outputLength", 1024},  {"decodeBatchPerGpu", 64}};
  auto dispatch = [&](const json& config) {
    json input = serving;
    input["config"] = config;
    const auto result = test::runById("servingThroughput", input);
    REQUIRE(result.ok());
    return result.value.at("dispatchBytes").get<double>();
  };
  // At one batch, each copy is 1,024 elements (and their FP8 scales) instead of 4,096.
  CHECK(dispatch(latent) == doctest::Approx(dispatch(full) / 4));
  // Training executes at least the model's FLOPs: the projections are run, not only counted.
  const json training = {{"config", latent},    {"machine", "h100-sxm"}, {"node", "dgx-h100"},
                         {"gpus", 256},         {"pipelineParallel", 1}, {"expertParallel", 64},
                         {"globalBatch", 1024}, {"microBatch", 1},       {"precision", "fp8"}};
  const auto step = test::runById("trainingStep", training);
  REQUIRE(step.ok());
  CHECK(step.value.at("hardwareFlopsPerGpu").get<double>() >=
        step.value.at("modelFlopsPerGpu").get<double>());
}

TEST_CASE(
    "a checkpoint's quantization_config is named when the plan counts its weights otherwise") {
  // The notes that quote quantization_config, with the fields they sit beside.
  auto storageNotes = [](json input) {
    input["phase"] = "decode";
    const json result = run("servingThroughput", input);
    std::vector<std::pair<std::string, std::string>> notes;
    for (const json& note : result.at("notes")) {
      const std::string text = note.at("text").get<std::string>();
      if (text.find("quantization_config") != std::string::npos) {
        notes.emplace_back(note.at("field").get<std::string>(), text);
      }
    }
    return notes;
  };
  // DeepSeek-V3 is published in FP8 (quant_method fp8): in BF16 its weights no longer fit 16
  // H800, and the note says why before the capacity note.
  json v3 = {{"config", presetConfig("deepseek-v3")},
             {"gpus", 16},
             {"expertParallel", 16},
             {"machine", "h800-sxm"},
             {"node", "deepseek-h800"}};
  v3["precision"] = "bf16";
  const auto bf16 = storageNotes(v3);
  REQUIRE(bf16.size() == 1);
  CHECK(bf16.front().first == "precision");
  CHECK(bf16.front().second.find("quant_method fp8") != std::string::npos);
  CHECK(bf16.front().second.find("'fp8' serves the checkpoint as published") != std::string::npos);
  v3["precision"] = "fp8";
  CHECK(storageNotes(v3).empty());
  // gpt-oss stores its routed experts in MXFP4; the rest of it in BF16, so precision is free.
  json oss = {{"config", presetConfig("gpt-oss-120b")}, {"gpus", 1}, {"precision", "bf16"}};
  const auto experts = storageNotes(oss);
  REQUIRE(experts.size() == 1);
  CHECK(experts.front().first == "expertWeights");
  oss["expertWeights"] = "mxfp4";
  CHECK(storageNotes(oss).empty());
  // GPTQ's 4-bit integers: FP4 has their bytes, not their kernels; no quantization_config, no
  // note.
  json llama = {{"config", presetConfig("llama-3.1-8b")}, {"gpus", 1}};
  CHECK(storageNotes(llama).empty());
  llama["config"]["quantization_config"] = {{"quant_method", "gptq"}, {"bits", 4}};
  const auto gptq = storageNotes(llama);
  REQUIRE(gptq.size() == 1);
  CHECK(gptq.front().second.find("4-bit integer weights") != std::string::npos);
  CHECK(gptq.front().second.find("'fp4' counts their bytes") != std::string::npos);
  // A method not read says nothing rather than guess.
  llama["config"]["quantization_config"] = {{"quant_method", "hqq"}, {"nbits", 4}};
  CHECK(storageNotes(llama).empty());
}

TEST_CASE("a data-parallel ring crosses nodes over the NICs of its GPUs in each node") {
  // Llama 3 8B on two DGX H100 (16 GPUs, ZeRO-1, PP 1): the FP32 gradients' ring all-reduce over
  // DP. At TP 1 eight ranks share each node, so NCCL's rings leave it over eight NICs (8 · 40 of
  // 50 GB/s, under NVLink 4's 370); at TP 8 each rank is alone in its node, on one NIC. Before,
  // every ring that left a node ran on one NIC: eight times too slow at TP 1.
  json input = {{"config", presetConfig("llama-3.1-8b")},
                {"machine", "h100-sxm"},
                {"node", "dgx-h100"},
                {"gpus", 16},
                {"tensorParallel", 1},
                {"pipelineParallel", 1},
                {"seqLen", 8192},
                {"globalBatch", 16},
                {"microBatch", 1},
                {"precision", "bf16"}};
  const double params =
      run("modelStats", {{"config", presetConfig("llama-3.1-8b")}}).at("totalParams").get<double>();
  const auto ring = [&](double ranks, double bytes, double bandwidth) {
    return 2 * (ranks - 1) / ranks * bytes / bandwidth;
  };
  const double wide = run("trainingStep", input).at("dataParallelTime").get<double>();
  CHECK(wide == doctest::Approx(ring(16, params * 4, 8 * 40e9)).epsilon(0.01));
  input["tensorParallel"] = 8;
  input["globalBatch"] = 2;
  const double narrow = run("trainingStep", input).at("dataParallelTime").get<double>();
  // Each rank holds an eighth of the weights (norms aside).
  CHECK(narrow == doctest::Approx(ring(2, params * 4 / 8, 40e9)).epsilon(0.01));
  // A pipeline inside one node sends over NVLink, across nodes over a NIC.
  input["gpus"] = 8;
  input["tensorParallel"] = 1;
  input["pipelineParallel"] = 8;
  input["globalBatch"] = 8;
  const double inside = run("trainingStep", input).at("pipelineSendTime").get<double>();
  input["gpus"] = 16;
  input["tensorParallel"] = 2;
  const double across = run("trainingStep", input).at("pipelineSendTime").get<double>();
  // Same tokens per micro-batch; TP 2 halves each GPU's share of the activations.
  CHECK(across / inside == doctest::Approx(370e9 / 40e9 / 2));
}

TEST_CASE("dataParallelOverlap hides ZeRO-1/2 reductions under one micro-batch's compute only") {
  // Megatron-Turing NLG's plan with few micro-batches, so the reduction is a visible share.
  json input = deploymentInput(deployment("mt-nlg-530b"));
  input["globalBatch"] = 16;  // 2 micro-batches per pipeline at DP 8
  input["gpus"] = 8 * 35 * 8;
  const json exposed = run("trainingStep", input);
  input["dataParallelOverlap"] = true;
  const json overlapped = run("trainingStep", input);
  const double reduction = exposed.at("dataParallelTime").get<double>();
  CHECK(exposed.at("exposedDataParallelTime").get<double>() == doctest::Approx(reduction));
  // Half the ring's traffic under the last backward (with its recomputation), half under the
  // first forward, each of one micro-batch: what outlasts them stays.
  const double m = overlapped.at("microBatches").get<double>();
  const double forward = overlapped.at("forwardTime").get<double>() / m;
  const double backward = (overlapped.at("backwardTime").get<double>() +
                           overlapped.at("weightBackwardTime").get<double>() +
                           overlapped.at("recomputeTime").get<double>()) /
                          m;
  CHECK(overlapped.at("exposedDataParallelTime").get<double>() ==
        doctest::Approx(std::max(0.0, reduction / 2 - backward) +
                        std::max(0.0, reduction / 2 - forward)));
  CHECK(overlapped.at("stepTime").get<double>() < exposed.at("stepTime").get<double>());
  // ZeRO-3 overlaps with or without it.
  input["zeroStage"] = 3;
  const json zero3 = run("trainingStep", input);
  input["dataParallelOverlap"] = false;
  CHECK(run("trainingStep", input).at("stepTime").get<double>() ==
        doctest::Approx(zero3.at("stepTime").get<double>()));
}

TEST_CASE("the profiled non-GEMM times are V3's own on V3 and scale with another model's widths") {
  // DeepSeek-V3 itself: the profile as measured, so its published rows use it unscaled.
  const ProfileScale v3 = profileScale(presetShape("deepseek-v3"));
  CHECK(v3.attention == 1);
  CHECK(v3.mlp == 1);
  // DeepSeek-V2 (config.json: hidden 5,120, 128 heads of qk 192 and v 128; 6 of 160 experts and
  // 2 shared, 1,536 wide): attention 2·5120 + 128·(384 + 256) = 92,160 of V3's 96,256; MoE
  // 5120 + 6·(5120 + 3·1536) + 2·3·1536 = 72,704 of V3's 119,808.
  const ProfileScale v2 = profileScale(presetShape("deepseek-v2"));
  CHECK(v2.attention == doctest::Approx(92160.0 / 96256).epsilon(1e-12));
  CHECK(v2.mlp == doctest::Approx(72704.0 / 119808).epsilon(1e-12));
}

TEST_CASE(
    "memory-bound kernels read at STREAM's measured bandwidth, unmeasured GPUs at H100's share") {
  // Azure's AI-benchmarking-guide Triad: H100 2.97 of 3.35 TB/s, MI300X 4.09 of 5.3 TB/s.
  CHECK(streamBandwidth(*findMachine("h100-sxm")) == 2.97e12);
  CHECK(streamBandwidth(*findMachine("mi300x")) == 4.09e12);
  // B200 has no HBM measurement cited: its 8 TB/s at the H100's 2.97 / 3.35 (7.09 TB/s).
  CHECK(streamBandwidth(*findMachine("b200")) == doctest::Approx(8e12 * 2.97 / 3.35));
  // The optimizer's traffic (AdamW: 4 + 8 + 2·2·momentBytes + 2 B per parameter of the shard)
  // runs at it: Llama-3.1-8B on one H100, no data parallelism, FP32 moments: 30 B per parameter.
  json input = {{"config", presetConfig("llama-3.1-8b")},
                {"machine", "h100-sxm"},
                {"node", "dgx-h100"},
                {"gpus", 1},
                {"globalBatch", 1},
                {"microBatch", 1}};
  const json step = run("trainingStep", input);
  const double params =
      run("modelStats", {{"config", presetConfig("llama-3.1-8b")}}).at("totalParams").get<double>();
  CHECK(step.at("optimizerTime").get<double>() == doctest::Approx(params * 30 / 2.97e12));
  // A memory-bound attention kernel keeps its measured share of STREAM, not of the datasheet:
  // FlashMLA's 3,000 GB/s on H800 (STREAM as H100's 2.97 TB/s) is 3,000 GB/s on H100 and
  // 4.09 · 3000 / 2970 = 4.13 TB/s on MI300X (its datasheet share would give 4.75, above STREAM).
  const AttentionCalibration& latent = latentDecodeCalibration(*findMachine("h800-sxm"));
  CHECK(attentionMemoryBandwidth(latent, *findMachine("h100-sxm")) == doctest::Approx(3000e9));
  CHECK(attentionMemoryBandwidth(latent, *findMachine("mi300x")) ==
        doctest::Approx(4.09e12 * 3000e9 / 2.97e12));
}

TEST_CASE("MI300X's attention is its own measured kernel, not NVIDIA's") {
  // Azure's ND MI300X v5: FlashAttention-2 at 328.6 TFLOPS of the 1,307.4 BF16 peak (25 %), where
  // an H100 takes FlashAttention-3's 590.2 of 989 (60 %); for serving and training alike.
  const Machine& mi300x = *findMachine("mi300x");
  for (const bool training : {false, true}) {
    const AttentionCalibration& kernel = attentionCalibration(mi300x, training);
    CHECK(kernel.machine == "mi300x");
    CHECK(kernel.efficiency == doctest::Approx(328.6 / 1307.4));
  }
  CHECK(attentionCalibration(*findMachine("h100-sxm"), false).efficiency ==
        doctest::Approx(590.233 / 989));
}

TEST_CASE(
    "MI300X's FP8 GEMMs run at hipBLASLt's measured shares, and NVIDIA's GPUs never borrow them") {
  // Azure's ND MI300X v5: 8192³ at 1,159.23 TFLOP/s of the 2,614.9 FP8 peak (44 %).
  const Machine& mi300x = *findMachine("mi300x");
  CHECK(gemmEfficiency(mi300x, GemmPrecision::fp8, 8192, 8192, 8192) ==
        doctest::Approx(1159.23 / 2614.9));
  // B200 has no FP8 point of its own or of its peak: it carries over NVIDIA's (DeepGEMM's on
  // H800) alone, so a GEMM past every point sits on H800's plateau, not on one pooled with AMD's
  // (whose largest shapes, 44 % of peak, would set it).
  const double huge = 65536;
  CHECK(gemmEfficiency(*findMachine("b200"), GemmPrecision::fp8, huge, huge, huge) ==
        doctest::Approx(
            gemmEfficiency(*findMachine("h800-sxm"), GemmPrecision::fp8, huge, huge, huge)));
}
