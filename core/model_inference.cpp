// The inference roofline of a whole model: each operator group (summed over its layers) priced at
// the slower of its two roofs, for the prefill of one prompt and for one decode step of a batch.
#include <algorithm>
#include <cmath>

#include "model.hpp"

namespace ridgepoint {

namespace {

// One pass through the model: `tokens` new tokens, each costing `attention_flops` in the
// attention core (summed over layers) and reading `cache_read_bytes` of KV cache in all, with
// `logit_tokens` rows through the LM head.
struct Pass {
  double tokens = 0, attention_flops = 0, logit_tokens = 0, cache_read_bytes = 0;
  bool absorbed = false;  // MLA decode attends in the latent space
};

OperatorCost priced(std::string name, double flops, double bytes, const RoofInput& roof) {
  OperatorCost cost;
  cost.name = std::move(name);
  cost.flops = flops;
  cost.bytes = bytes;
  cost.intensity = bytes > 0 ? flops / bytes : 0;
  // Roofline (Williams et al. 2009): the slower roof sets the time.
  const double compute_time = flops / roof.peak_flops;
  const double memory_time = bytes / roof.memory_bandwidth;
  cost.time = std::max(compute_time, memory_time);
  cost.bound = compute_time >= memory_time ? Bound::compute : Bound::memory;
  cost.attainable_flops = cost.time > 0 ? flops / cost.time : 0;
  return cost;
}

std::vector<OperatorCost> operators(const ModelShape& shape, const ModelInferenceInput& in,
                                    const Pass& pass) {
  const double d = shape.hidden, t = pass.tokens, w = in.weight_bytes, a = in.activation_bytes;
  std::vector<OperatorCost> rows;
  // A weight matrix costs 2 FLOPs per weight per token (Kaplan et al. 2020 §2.1: C_forward ≈ 2N);
  // its weights cross memory once per pass, and each token's activations go in and out (d wide
  // each way).
  auto linear = [&](std::string name, double params, double layers, double routed_tokens) {
    rows.push_back(priced(std::move(name), 2 * routed_tokens * params * layers,
                          (w * params + a * routed_tokens * 2 * d) * layers, in));
  };
  linear("attention projections", shape.attention_params, shape.layers, t);

  // Attention core: QKᵀ and P·V (ModelShape::attentionFlopsPerQuery); queries and outputs are
  // heads · (d_qk + d_v) wide.
  const double qk = pass.absorbed ? shape.absorbed_qk_dim : shape.qk_head_dim;
  const double v = pass.absorbed ? shape.absorbed_v_dim : shape.v_head_dim;
  const double attention_flops = t * pass.attention_flops;
  // Bytes: queries in and outputs out, new K/V (or latents) written once, and the cache read once
  // per pass (FlashAttention keeps the scores on chip).
  const double attention_bytes = a * t * shape.layers * shape.heads * (qk + v) +
                                 shape.kvBytesPerToken() * t + pass.cache_read_bytes;
  rows.push_back(priced(pass.absorbed ? "attention core (MLA absorbed)" : "attention core",
                        attention_flops, attention_bytes, in));

  if (shape.moe_layers > 0) {
    // The router scores every routed expert for every token (reference §1.2: 256 × 7168).
    rows.push_back(priced("router", 2 * t * shape.router_params * shape.moe_layers,
                          (w * shape.router_params + a * t * d) * shape.moe_layers, in));
    // ISCA'25 §2.3: each token visits top-k experts, so an expert sees batch · k / experts tokens
    // on average; at least min(experts, tokens · k) experts' weights are read per layer.
    const double routed = t * shape.experts_per_token;
    const double experts_read = std::min(shape.routed_experts, routed);
    rows.push_back(priced(
        "routed experts", 2 * routed * shape.expert_params * shape.moe_layers,
        (w * experts_read * shape.expert_params + a * routed * 2 * d) * shape.moe_layers, in));
    if (shape.shared_experts > 0) {
      const double shared =
          shape.shared_expert_params > 0 ? shape.shared_expert_params : shape.expert_params;
      linear("shared experts", shape.shared_experts * shared, shape.moe_layers, t);
    }
  }
  if (shape.dense_layers > 0) linear("dense FFN", shape.dense_ffn_params, shape.dense_layers, t);
  // The LM head produces logits only where a next token is sampled.
  // Tied or not, the head is vocab × its width (hidden_size; OPT: word_embed_proj_dim).
  const double head_weights = shape.vocab * shape.head_width;
  rows.push_back(priced("LM head", 2 * pass.logit_tokens * head_weights,
                        w * head_weights + a * pass.logit_tokens * (shape.head_width + shape.vocab),
                        in));
  return rows;
}

double sumTime(const std::vector<OperatorCost>& rows) {
  double total = 0;
  for (const OperatorCost& row : rows) total += row.time;
  return total;
}

// Decode with `batch` sequences, each holding context_length cached tokens.
Pass decodePass(const ModelShape& shape, double batch, double context_length) {
  Pass pass;
  pass.tokens = batch;
  pass.absorbed = shape.attention == AttentionKind::mla;
  pass.attention_flops = shape.attentionFlopsPerQuery(context_length, false, pass.absorbed);
  pass.logit_tokens = batch;
  // Every sequence reads its own cache: what its attention reads of each layer's.
  pass.cache_read_bytes = batch * shape.attendedKvBytes(context_length);
  return pass;
}

// True when a decode step's arithmetic outlasts its memory traffic in total.
bool decodeIsComputeBound(const ModelShape& shape, const ModelInferenceInput& in, double batch) {
  double compute = 0, memory = 0;
  for (const OperatorCost& row :
       operators(shape, in, decodePass(shape, batch, in.context_length))) {
    compute += row.flops / in.peak_flops;
    memory += row.bytes / in.memory_bandwidth;
  }
  return compute >= memory;
}

}  // namespace

Outcome<ModelInferenceResult> ModelInference::evaluate(const ModelInferenceInput& in) {
  auto shaped = readModel(in.config, in.kvFormat());
  if (!shaped.ok()) return {{}, shaped.errors};
  const ModelShape& shape = shaped.value;
  ModelInferenceResult out;
  out.attention = shape.attention;
  out.ridge_point = in.peak_flops / in.memory_bandwidth;
  out.weight_bytes = shape.totalParams() * in.weight_bytes;

  // Prefill of one prompt: causal attention over the prompt, logits for its last token only.
  Pass prefill;
  prefill.tokens = in.prompt_length;
  prefill.attention_flops = shape.attentionFlopsPerQuery(in.prompt_length, true, false);
  prefill.logit_tokens = 1;
  out.prefill = operators(shape, in, prefill);
  out.time_to_first_token = sumTime(out.prefill);
  out.prefill_tokens_per_second = in.prompt_length / out.time_to_first_token;

  out.decode = operators(shape, in, decodePass(shape, in.batch, in.context_length));
  out.time_per_output_token = sumTime(out.decode);
  out.decode_tokens_per_second = in.batch / out.time_per_output_token;
  if (shape.moe_layers > 0) {
    // ISCA'25 §2.3: tokens per expert = batch × top-k ÷ experts.
    out.decode_tokens_per_expert = in.batch * shape.experts_per_token / shape.routed_experts;
  }

  for (double batch = 1; batch <= 4096; batch *= 2) {
    const auto rows = operators(shape, in, decodePass(shape, batch, in.context_length));
    const double time = sumTime(rows);
    out.throughput.push_back(
        {batch, time, batch / time,
         decodeIsComputeBound(shape, in, batch) ? Bound::compute : Bound::memory});
  }
  // The ratio of memory to compute time never grows with the batch, so bisection finds the edge.
  constexpr double kLargestBatch = 1e7;
  if (decodeIsComputeBound(shape, in, kLargestBatch)) {
    double low = 0, high = kLargestBatch;
    while (high - low > 1) {
      const double middle = std::floor((low + high) / 2);
      (decodeIsComputeBound(shape, in, middle) ? high : low) = middle;
    }
    out.saturation_batch = high;
  } else {
    out.notes.push_back({"batch",
                         "decode stays memory-bound at any batch: cache reads grow with the batch "
                         "as fast as the arithmetic"});
  }
  for (const ModelNote& note : shape.notes) out.notes.push_back(note);
  out.ignored_keys = shape.ignored_keys;
  out.assumed = shape.assumed;
  return {out, {}};
}

}  // namespace ridgepoint
