// rp.servingThroughput: one serving unit with experts spread over EP GPUs and attention
// replicated (data-parallel), as DeepSeek's inference system and SGLang run it.
#include <algorithm>
#include <cmath>

#include "planner.hpp"
#include "planner_internal.hpp"
#include "precision.hpp"

namespace ridgepoint {

namespace {

constexpr double kSecondsPerHour = 3600;
// ISCA'25 Table 5: IB latency across leaves, the least a dispatch or a combine can take.
constexpr double kScaleOutLatency = 3.7e-6;
constexpr double kScaleUpLatency = 3.33e-6;  // ISCA'25 Table 5: NVLink

struct Step {
  double compute = 0, memory = 0, comm = 0, time = 0;
  double dispatch_bytes = 0, combine_bytes = 0;  // per MoE layer, as rp.communicationBytes counts
  Fabric fabric = Fabric::scale_up;
  // The work of each phase of DeepSeek's serving schedules (profile-data README figures),
  // summed over the layers it runs in: attention up to core attention (all layers), shared
  // experts, routed experts (MoE layers), core attention and the output projection (all layers),
  // the router (MoE layers); and one MoE layer's dispatch and combine.
  double attention_in = 0, shared = 0, routed = 0, attention_out = 0, gate = 0;
  double dispatch = 0, combine = 0;
  double tensor_parallel = 0;  // the replica's all-reduces, not overlapped
};

// Probabilists' Gauss-Hermite rule of 12 points, the nodes at or above 0 (the rule is symmetric)
// with their weights, which sum to 1 over all 12: E[f(Z)] for a standard normal Z, exact for
// polynomials up to degree 23 (nodes: roots of He_12, computed by Newton's method to 50 digits;
// weight 12! / (144 He_11(x)²), Abramowitz & Stegun 25.4.46 in this normalisation).
constexpr double kHermiteNodes[6][2] = {
    {0.44440300194413895, 0.32166436151283},     {1.3403751971516167, 0.14696704804532998},
    {2.2594644510007993, 0.02911668791236415},   {3.2237098287700974, 0.002203380687533199},
    {4.2718258479322815, 4.837184922590628e-05}, {5.500901704467748, 1.499927167637168e-07},
};

// The model as served with multi-token prediction on (V3 report §2.2, §5.4.3): each module is
// one more transformer block (ModelShape::mtp_block: its experts spread over EP as the others,
// its own KV cache), after a projection of [h; embedding] (Serving::pass); the embedding and
// output head are the main model's. The modules run on every pass, over the tokens the main
// model ran (SGLang's draft extend after verification: 1 + acceptance per sequence, here the 2
// verified).
ModelShape servedWithMtp(ModelShape shape) {
  if (shape.mtp_layers <= 0 || shape.layer_shapes.empty()) return shape;
  const LayerShape block = shape.mtp_block;
  for (double module = 0; module < shape.mtp_layers; ++module) {
    shape.layer_shapes.push_back(block);
  }
  shape.layers += shape.mtp_layers;
  if (block.ffn) (block.moe ? shape.moe_layers : shape.dense_layers) += shape.mtp_layers;
  return shape;
}

struct Serving {
  const ServingInput& in;
  const ModelShape& shape;
  const Machine& machine;
  const NodeDesign& node;
  GemmEfficiencies gemm_efficiency{machine};
  GemmPrecision precision = GemmPrecision::bf16;  // the weights' and their GEMMs'
  double expert_weight_bytes = 2;                 // per routed-expert weight (expertWeights)
  double sm_share = 1;
  double mtp_layers = 0;   // MTP modules run (counted in shape's layers), 0 with MTP off
  double tp = 1;           // GPUs of one replica, each with 1/tp of every weight matrix
  double kv_share = 1;     // share of a sequence's KV cache one GPU of the replica holds
  double state_share = 1;  // share of a sequence's Gated DeltaNet state one GPU holds

  // What one GPU of the replica holds (or reads) of `cache` bytes that hold `states` sequence
  // states beside keys and values: TP splits keys and values by KV head, a state by value head.
  double perGpu(double cache, double states) const {
    const double state_bytes = states * shape.stateBytesPerSequence();
    return (cache - state_bytes) * kv_share + state_bytes * state_share;
  }

  // One TP all-reduce of `bytes` (NCCL-style: every peer at once inside a node, a ring across
  // nodes over the NICs of the group's GPUs; Thakur et al. 2005 via rp.collective) at the links'
  // achievable rates, each message step a link latency.
  double allReduce(double bytes) const {
    const bool in_node = tp <= node.gpus;
    return collectiveTime(CollectiveOp::allreduce, tp, bytes, groupBandwidth(node, 1, tp),
                          in_node ? kScaleUpLatency : kScaleOutLatency,
                          in_node ? CollectiveAlgorithm::direct : CollectiveAlgorithm::ring);
  }

  // One pass of a replica over `tokens` tokens, each costing `attention_flops_per_token` in the
  // attention core (all heads, summed over layers), each GPU reading `cache_bytes` (its share, by
  // perGpu) of KV for `prefix_tokens` cached tokens; `logits` rows through the LM head. Each of the
  // replica's tp GPUs runs every token through 1/tp of each weight matrix and of the attention
  // heads (Megatron's column- and row-parallel layers).
  Step pass(double tokens, double attention_flops_per_token, double cache_bytes,
            double prefix_tokens, double logits, bool absorbed) const {
    Step step;
    const double d = shape.hidden;
    // FP8 prefill of a model built like DeepSeek-V3 is the forward pass of DeepSeek's profiled
    // framework: its forward GEMM, attention and non-GEMM measurements (planner.cpp). Decode's
    // small GEMMs and latent attention are another regime: micro-benchmarks and FlashMLA there.
    const bool framework = precision == GemmPrecision::fp8 && !absorbed && likeProfiledModel(shape);
    const std::string_view pass = framework ? "forward" : "benchmark";
    // Weights stream from HBM at what STREAM measures, not the datasheet's bandwidth.
    const double bandwidth = streamBandwidth(machine);
    // A weight-bearing GEMM: its FLOPs at the calibrated efficiency, or its weights read from
    // HBM, whichever is slower (roofline). In the run's precision, or in BF16 for what the V3
    // report keeps there (§3.3.1: the output head and the MoE gating).
    // `weight_bytes`: bytes per weight when stored otherwise than the GEMM computes (0: as it).
    auto gemm = [&](double rows, double cols, double inner, double groups, double layers,
                    bool run_precision = true, double split = 0, double weight_bytes = 0) {
      if (rows <= 0 || layers <= 0) return 0.0;
      cols /= split > 0 ? split : tp;
      const GemmPrecision format = run_precision ? precision : GemmPrecision::bf16;
      const double flops = 2 * rows * cols * inner * groups * layers;
      const double peak = gemmPeak(machine, format);
      const double compute =
          flops / (peak * gemm_efficiency(format, rows, cols, inner, pass) * sm_share);
      const double stored = weight_bytes > 0 ? weight_bytes : gemmElementBytes(format);
      const double weight_bytes_read = cols * inner * groups * layers * stored;
      const double memory = weight_bytes_read / bandwidth;
      // Below the ridge point a GEMM is bound by its weight reads, whatever share of peak its
      // measured kernels reach there (a decode step's few rows): its time is memory time.
      if (flops / weight_bytes_read < peak / bandwidth) {
        step.memory += std::max(compute, memory);
      } else {
        step.compute += compute;
        step.memory += std::max(0.0, memory - compute);
      }
      return std::max(compute, memory);
    };
    // One GEMM over all attention weights; its output projection's share (heads · d_v of the
    // columns) runs after core attention, the rest before it.
    const double attention_cols = shape.attention_params / d;
    const double output_cols = std::min(attention_cols, shape.heads * shape.v_head_dim);
    const double projections = gemm(tokens, attention_cols, d, 1, shape.layers);
    step.attention_in += projections * (1 - output_cols / attention_cols);
    step.attention_out += projections * output_cols / attention_cols;
    if (!absorbed && shape.attention == AttentionKind::mla) {
      // Prefill attends per head, so a cached prefix holds only MLA's latent: each layer
      // up-projects it to keys and values again (kv_b_proj; vLLM's MLA prefill with a context).
      const double latent = shape.absorbed_v_dim;
      const double nope = shape.qk_head_dim - (shape.absorbed_qk_dim - latent);
      step.attention_in +=
          gemm(prefix_tokens, shape.heads * (nope + shape.v_head_dim), latent, 1, shape.layers);
    }
    const double ep = in.expert_parallel;
    const double experts = shape.routed_experts + in.redundant_experts;
    // Every GPU waits for the busiest one at each all-to-all, so it sets the pace of the routed
    // experts and of the dispatch and combine (TensorRT-LLM tech blog 4, Table 1: imbalance
    // ratio (max − mean) / mean of routed tokens per rank).
    const double busiest = ep > 1 ? 1 + in.expert_imbalance : 1;
    if (shape.moe_layers > 0) {
      step.gate += gemm(tokens, shape.router_params / d, d, 1, shape.moe_layers, false, 1);
      const double width = shape.expert_params / (3 * d);
      // Rows each local expert receives: under EP, whole experts gather the tokens of the ep / tp
      // replicas the EP group spans; without EP, every expert is split over TP like the other
      // matrices and sees its own replica's tokens.
      const double sources = ep > 1 ? ep / tp : 1;
      const double local_experts = ep > 1 ? experts / ep : experts;
      // A small batch reaches only some experts, and only theirs are read: each of the
      // sources · tokens tokens picks expertsPerToken of the routed experts, so an expert is
      // missed by all with probability (1 − k / E)^tokens (uniform routing).
      const double missed =
          std::pow(1 - shape.experts_per_token / shape.routed_experts, sources * tokens);
      const double touched = local_experts * (1 - missed);
      const double rows =
          busiest * sources * tokens * shape.experts_per_token / experts * local_experts / touched;
      const double expert_split = ep > 1 ? 1 : tp;
      step.routed +=
          gemm(rows, 2 * width, d, touched, shape.moe_layers, true, expert_split,
               expert_weight_bytes) +
          gemm(rows, d, width, touched, shape.moe_layers, true, expert_split, expert_weight_bytes);
      if (shape.shared_experts > 0) {
        step.shared += gemm(tokens, 2 * width * shape.shared_experts, d, 1, shape.moe_layers) +
                       gemm(tokens, d, width * shape.shared_experts, 1, shape.moe_layers);
      }
    }
    if (shape.dense_layers > 0) {
      const double width = shape.dense_ffn_params / (3 * d);
      gemm(tokens, 2 * width, d, 1, shape.dense_layers);
      gemm(tokens, d, width, 1, shape.dense_layers);
    }
    gemm(tokens, d, 2 * d, 1, mtp_layers);  // each MTP module's projection of [h; embedding]
    gemm(logits, shape.vocab, shape.head_width, 1, 1, false);
    // Attention core: ISCA'25 §2.1.2, decode attends in MLA's latent space.
    const AttentionCalibration& kernel = absorbed && shape.attention == AttentionKind::mla
                                             ? latentDecodeCalibration(machine)
                                             : attentionCalibration(machine, framework);
    const double attention_flops = attention_flops_per_token / tp * tokens;
    const double attention_compute =
        attention_flops /
        (*machine.peak_flops.bf16 * kernel.efficiency / kernel.sm_share * sm_share);
    const double attention_memory = cache_bytes / attentionMemoryBandwidth(kernel, machine);
    step.compute += attention_compute;
    step.memory += std::max(0.0, attention_memory - attention_compute);
    step.attention_out += std::max(attention_compute, attention_memory);
    if (framework) {
      // Norms, casts to FP8, SwiGLU, rotary, permutation: per token per layer as profiled on
      // V3, scaled to the model's widths by the elements each block moves; TP GPUs each take
      // 1/tp of them (their slice of the activations, or of the tokens).
      const ProfileScale scale = profileScale(shape);
      const double attention_elementwise = tokens / tp * shape.layers *
                                           elementwiseCost(machine, "attention").forward *
                                           scale.attention;
      const double mlp_elementwise =
          tokens / tp * shape.layers * elementwiseCost(machine, "mlp").forward * scale.mlp;
      step.memory += attention_elementwise + mlp_elementwise;
      step.attention_in += attention_elementwise;
      step.routed += mlp_elementwise * shape.moe_layers / shape.layers;
    } else {
      // Without a profile, as trainingStep's forward counts a dense block's: the non-GEMM
      // kernels (norms, residual adds, rotary, the activation, casts) write each activation a
      // training step would keep, once, at the GPU's STREAM Triad bandwidth. Each TP GPU writes its
      // slice of the projections' outputs, and both blocks' inputs whole (serving runs no sequence
      // parallelism). An MoE block likewise: serving engines fuse its permutation into their
      // dispatch and grouped-GEMM kernels, which the training profile's MoE kernels do not.
      const bool low_precision = precision != GemmPrecision::bf16;
      const double block_input = blockInputBytes(low_precision, false) * d * (1 - 1 / tp);
      const double per_token = tokens / bandwidth;
      const SavedBytes dense = savedBytesPerElement(shape, false, low_precision, false);
      const SavedBytes moe = savedBytesPerElement(shape, true, low_precision, false);
      const double attention = per_token * shape.layers * (dense.attention * d / tp + block_input);
      const double dense_mlp = per_token * shape.dense_layers * (dense.mlp * d / tp + block_input);
      const double moe_mlp = per_token * shape.moe_layers * (moe.mlp * d / tp + block_input);
      step.memory += attention + dense_mlp + moe_mlp;
      step.attention_in += attention;
      step.routed += moe_mlp;
    }

    if (ep > 1 && shape.moe_layers > 0) {
      // DeepSeek's inference overview: FP8 dispatch, BF16 combine; decode runs DeepEP's
      // low-latency kernels, prefill its normal kernels (DeepEP README).
      // A replica's GPUs each send their 1/tp of its tokens (sequence-parallel dispatch).
      const CommunicationBytesResult wire =
          expertParallelBytes(precision != GemmPrecision::bf16, tokens / tp, shape.routed_width,
                              shape.experts_per_token);
      const std::string_view kernel = absorbed ? kAllToAllKernels[1] : kAllToAllKernels[0];
      const AllToAllBandwidth bandwidth = allToAllBandwidth(node, kernel, ep);
      // Normal kernels send a token once per target node (or GPU inside a node) and fan it out
      // there: expected distinct targets of k experts drawn over m places, m capped by
      // node-limited routing (V3 report §2.1.2: at most topk_group groups).
      double copies_sent = 1;
      if (kernel == kAllToAllKernels[0]) {
        const double k = shape.experts_per_token;
        double places = ep;
        if (bandwidth.fabric == Fabric::scale_out) {
          places = std::ceil(ep / node.gpus);
          const double groups = shape.groups_per_token > 0 ? shape.groups_per_token : places;
          if (groups * experts / places >= k) places = std::min(places, groups);
        }
        // (1 − 1/m)^k by squaring, not std::pow: the same bits native and in wasm.
        double missed = 1, base = 1 - 1 / places;
        for (double power = k; power >= 1; power = std::floor(power / 2), base *= base) {
          if (std::fmod(power, 2) == 1) missed *= base;
        }
        copies_sent = places * (1 - missed) / k;
      }
      const double latency =
          bandwidth.fabric == Fabric::scale_out ? kScaleOutLatency : kScaleUpLatency;
      const double busiest_copies = busiest * copies_sent;
      step.dispatch = std::max(latency, busiest_copies * wire.dispatch_bytes / bandwidth.dispatch);
      step.combine = std::max(latency, busiest_copies * wire.combine_bytes / bandwidth.combine);
      step.comm = (step.dispatch + step.combine) * shape.moe_layers;
      step.fabric = bandwidth.fabric;
      step.dispatch_bytes = wire.dispatch_bytes;
      step.combine_bytes = wire.combine_bytes;
    }
    // Megatron's two all-reduces per layer (after attention and after the MLP) of the replica's
    // BF16 activations; decode waits for each.
    step.tensor_parallel = 2 * shape.layers * allReduce(tokens * d * 2);
    // One micro-batch runs its all-to-all between its compute; two overlap them (twoMicroBatches).
    step.time = step.compute + step.memory + step.comm + step.tensor_parallel;
    return step;
  }

  bool overlapsMicroBatches() const {
    return in.micro_batches >= 2 && shape.moe_layers > 0 && in.expert_parallel > 1;
  }

  // A step of two equal micro-batches, `half` being one of them, as DeepSeek's inference
  // overlaps them (profile-data README, prefill and decode figures; SGLang's two-batch overlap
  // follows it). In an MoE layer each micro-batch's all-to-all runs under the other's compute:
  // - prefill (DeepEP's normal kernels on their own SMs): dispatches under attention and under
  //   routed experts, combines under attention with shared experts and under routed experts
  //   with shared experts;
  // - decode (low-latency kernels, no SMs): a dispatch under attention up to core attention and
  //   shared experts, a combine under core attention, the output projection and the router,
  //   and the routed experts alone, between their own dispatch and combine.
  // Each micro-batch reads the weights again; dense layers and the LM head have nothing to hide.
  Step twoMicroBatches(Step half, bool decode) const {
    const double moe = shape.moe_layers;
    const double attention_in = half.attention_in / shape.layers;
    const double attention_out = half.attention_out / shape.layers + half.gate / moe;
    const double attention = attention_in + attention_out;
    const double shared = half.shared / moe, routed = half.routed / moe;
    const double moe_layer =
        decode ? 2 * (std::max(attention_in + shared, half.dispatch) + routed +
                      std::max(attention_out, half.combine))
               : std::max(attention + shared, half.combine) + std::max(attention, half.dispatch) +
                     std::max(routed, half.dispatch) + std::max(routed + shared, half.combine);
    const double serial = half.compute + half.memory - moe * (attention + shared + routed);
    Step step = half;
    step.time = moe * moe_layer + 2 * (serial + half.tensor_parallel);
    step.tensor_parallel *= 2;
    step.compute *= 2;
    step.memory *= 2;
    step.comm *= 2;
    step.dispatch_bytes *= 2;
    step.combine_bytes *= 2;
    return step;
  }

  // Decode step of `batch` sequences per GPU at mid-output context; MTP verifies one draft
  // token per sequence, so two tokens pass per sequence (V3 report §5.4.3).
  Step decode(double batch) const {
    const double context = in.input_length + in.output_length / 2;
    const double tokens_per_sequence = in.mtp_acceptance > 0 ? 2 : 1;
    const double tokens = batch * tokens_per_sequence;
    const double attention = shape.attentionFlopsPerQuery(context, false, true);
    // Each sequence's state is read and written back (attendedKvBytes).
    const double cache_bytes = perGpu(batch * shape.attendedKvBytes(context), 2 * batch);
    // The head scores every verified token, and the MTP module's draft for each sequence.
    const double logits = tokens + (mtp_layers > 0 ? batch : 0);
    if (!overlapsMicroBatches()) return pass(tokens, attention, cache_bytes, 0, logits, true);
    return twoMicroBatches(pass(tokens / 2, attention, cache_bytes / 2, 0, logits / 2, true), true);
  }

  // Prefill of `prompts` whole prompts per GPU; cached prefix tokens are attended to but do not
  // run through the layers.
  Step prefill(double prompts) const {
    const double length = in.input_length, hit = in.cache_hit_rate;
    const double new_tokens = prompts * length * (1 - hit);
    // Each new token attends to the cached prefix and the new tokens before it.
    const double attention = spreadPromptAttention(shape, length, in.prompt_length_spread, hit);
    // A cached prefix is read back: its keys and values and, for a hybrid, the state it left (a
    // prompt with none starts from an empty state).
    const double cache_bytes =
        hit > 0 ? perGpu(prompts * shape.kvBytesPerSequence(length * hit), prompts) : 0;
    // The head scores each prompt's last token, and the MTP module drafts the next.
    const double logits = prompts * (mtp_layers > 0 ? 2 : 1);
    const double prefix_tokens = prompts * length * hit;
    if (!overlapsMicroBatches()) {
      return pass(new_tokens, attention, cache_bytes, prefix_tokens, logits, false);
    }
    // DeepSeek splits prompts between the micro-batches so their attention is equal.
    return twoMicroBatches(
        pass(new_tokens / 2, attention, cache_bytes / 2, prefix_tokens / 2, logits / 2, false),
        false);
  }

  double speed(double batch) const { return (1 + in.mtp_acceptance) / decode(batch).time; }

  // Whole prompts one replica takes per prefill pass.
  double prefillPrompts() const {
    return std::max(1.0, std::floor(in.prefill_tokens_per_gpu / in.input_length));
  }

  // Colocated serving: each request's prefill runs on the decoding GPUs between decode steps.
  // With output rate r (tokens/s of one replica while decoding) and prompt rate p (prompts/s
  // while prefilling), requests of outputLength o keep prefill busy a share r / (o·p + r) of the
  // time; every user's decode slows by the rest. 0 when prefill runs on other GPUs.
  double prefill_prompt_rate = 0;  // prompts/s of one replica, colocated only
  double prefillShare(double output_rate) const {
    if (prefill_prompt_rate <= 0) return 0;
    return output_rate / (in.output_length * prefill_prompt_rate + output_rate);
  }
  // The speed each user sees at `batch`: one decode step evaluated, prefill's share taken off.
  double userSpeed(double batch) const {
    const double decoding = speed(batch);
    return decoding * (1 - prefillShare(batch * decoding));
  }
};

// When the plan counts the weights at other bytes than the checkpoint stores them in
// (quantization_config): the chosen precision is still what is computed, as a serving engine
// may cast the weights on load.
std::optional<ModelNote> storedWeightsNote(const StoredWeights& stored, GemmPrecision precision,
                                           ExpertWeights experts) {
  if (stored.format.empty()) return std::nullopt;
  const std::string said = "the config's quantization_config (" + stored.said_by + ") stores ";
  const std::string counted = "counts " + formatNumber(gemmElementBytes(precision)) + " B a weight";
  if (stored.format == "mxfp4") {
    if (experts == ExpertWeights::mxfp4) return std::nullopt;
    return ModelNote{"expertWeights", said + "the routed experts in MXFP4; expertWeights '" +
                                          std::string(label(experts)) + "' " + counted +
                                          ": 'mxfp4' serves the checkpoint as published"};
  }
  const bool integer = stored.format.starts_with("int");
  const bool eight_bit = stored.format.ends_with("8");
  const GemmPrecision same_bytes = eight_bit ? GemmPrecision::fp8 : GemmPrecision::fp4;
  if (precision == same_bytes) return std::nullopt;
  const std::string kind = std::string(eight_bit ? "8" : "4") + "-bit " +
                           (integer ? "integer" : "floating-point") + " weights";
  return ModelNote{"precision", said + kind + "; precision '" + std::string(label(precision)) +
                                    "' " + counted + ": '" + std::string(label(same_bytes)) + "' " +
                                    (integer ? "counts their bytes (its GEMMs run at FP" +
                                                   std::string(eight_bit ? "8" : "4") +
                                                   " speed, not integer kernels')"
                                             : "serves the checkpoint as published")};
}

}  // namespace

double spreadPromptAttention(const ModelShape& shape, double mean_length, double spread,
                             double hit) {
  auto perQuery = [&](double length) {
    return shape.attentionFlopsPerQuery(length, true, false, length * hit);
  };
  if (spread <= 0) return perQuery(mean_length);
  // Lognormal moments: σ² = ln(1 + cv²); the length-weighted law's median is mean · e^{σ²/2}.
  const double variance = naturalLog(1 + spread * spread);
  const double sigma = std::sqrt(variance);
  const double median = mean_length * naturalExp(variance / 2);
  double sum = 0;
  for (const auto& [node, weight] : kHermiteNodes) {
    sum += weight * (perQuery(median * naturalExp(sigma * node)) +
                     perQuery(median * naturalExp(-sigma * node)));
  }
  return sum;
}

Outcome<ServingResult> ServingThroughput::evaluate(const ServingInput& in) {
  using Out = ServingResult;
  auto shaped = readModel(in.config, in.kvFormat());
  if (!shaped.ok()) return {{}, shaped.errors};
  const bool mtp = in.mtp_acceptance > 0 && shaped.value.mtp_layers > 0;
  const ModelShape shape = mtp ? servedWithMtp(shaped.value) : shaped.value;
  const Machine& machine = *findMachine(kPlannerMachines[static_cast<std::size_t>(in.machine)]);
  const NodeDesign& node = *findNode(kPlannerNodes[static_cast<std::size_t>(in.node)]);
  const auto precision = choiceOf<GemmPrecision>(in.precision);
  const auto phase = choiceOf<ServingPhase>(in.phase);
  const bool decode = phase != ServingPhase::prefill;  // colocated picks the decode batch too
  const double ep = in.expert_parallel, tp = in.tensor_parallel;
  if (gemmPeak(machine, precision) <= 0) {
    return failure<Out>("precision",
                        "precision '" + std::string(label(precision)) + "' needs a machine with " +
                            (precision == GemmPrecision::fp4 ? "FP4" : "FP8") + " tensor cores; " +
                            std::string(machine.name) + " has none");
  }
  if (tp > in.gpus || std::fmod(in.gpus, tp) != 0) {
    return failure<Out>("tensorParallel", "tensorParallel must divide gpus (" +
                                              formatNumber(in.gpus) + ") (got " + formatNumber(tp) +
                                              ")");
  }
  if (std::fmod(shape.heads, tp) != 0) {
    return failure<Out>("tensorParallel", "tensorParallel must divide num_attention_heads (" +
                                              formatNumber(shape.heads) + ") (got " +
                                              formatNumber(tp) + ")");
  }
  if (ep > 1 && std::fmod(ep, tp) != 0) {
    return failure<Out>("expertParallel", "expertParallel must be a multiple of tensorParallel (" +
                                              formatNumber(tp) + ") (got " + formatNumber(ep) +
                                              ")");
  }
  if (ep > in.gpus || std::fmod(in.gpus, ep) != 0) {
    return failure<Out>("expertParallel", "expertParallel must divide gpus (" +
                                              formatNumber(in.gpus) + ") (got " + formatNumber(ep) +
                                              ")");
  }
  // Without redundant experts the plan's EP is at fault; with them, the count added.
  if (auto error = expertParallelError(ep, shape.routed_experts);
      error && (shape.routed_experts == 0 || in.redundant_experts == 0)) {
    return failure<Out>("expertParallel", std::move(*error));
  }
  const double experts = shape.routed_experts + in.redundant_experts;
  if (ep > 1 && std::fmod(experts, ep) != 0) {
    return failure<Out>("redundantExperts",
                        "the routed experts (" + formatNumber(shape.routed_experts) +
                            ") + redundantExperts (" + formatNumber(in.redundant_experts) +
                            ") must be a multiple of expertParallel (" + formatNumber(ep) + ")");
  }
  if (in.comm_sms >= in.gpu_sms) {
    return failure<Out>("commSms", "commSms must be fewer than gpuSms (" +
                                       formatNumber(in.gpu_sms) + ") (got " +
                                       formatNumber(in.comm_sms) + ")");
  }

  Serving serving{in, shape, machine, node};
  serving.precision = precision;
  serving.expert_weight_bytes =
      expertWeightBytes(precision, choiceOf<ExpertWeights>(in.expert_weights));
  serving.sm_share = 1 - in.comm_sms / in.gpu_sms;
  serving.mtp_layers = mtp ? shaped.value.mtp_layers : 0;
  serving.tp = tp;
  // TP splits K and V by heads; MLA's latent serves every head, so each GPU keeps all of it.
  serving.kv_share =
      shape.attention == AttentionKind::mla ? 1 : 1 / std::min(tp, std::max(1.0, shape.kv_heads));
  serving.state_share = 1 / std::min(tp, std::max(1.0, shape.linear_value_heads));

  Out out;
  out.memory_capacity = machine.memory_capacity.value_or(0);
  // First, so that it also explains weights that leave no room (an early return below).
  if (auto note = storedWeightsNote(shape.stored_weights, precision,
                                    choiceOf<ExpertWeights>(in.expert_weights))) {
    out.notes.push_back(std::move(*note));
  }
  // Attention, dense layers, embeddings and shared experts split over the replica's TP GPUs
  // (the routers whole on each); routed experts (with the redundant copies) spread over EP, or
  // split over TP without EP.
  const double routed_params = shape.moe_layers * shape.routed_experts * shape.expert_params;
  const double total_params = shaped.value.totalParams() + (mtp ? shaped.value.mtp_params : 0);
  const double routers = shape.moe_layers * shape.router_params;
  const double routed_per_gpu =
      ep > 1 ? routed_params * experts / shape.routed_experts / ep : routed_params / tp;
  const double params_per_gpu =
      (total_params - routed_params - routers) / tp + routers + routed_per_gpu;
  // FP8 (or FP4) weights but for what the V3 report keeps in BF16 (§3.3.1): embedding, output head
  // and MoE gating.
  const double bf16_params = (shape.embedding_params + shape.head_params) / tp + routers;
  const double weight_bytes = gemmElementBytes(precision);
  out.weight_bytes_per_gpu = params_per_gpu * weight_bytes + bf16_params * (2 - weight_bytes) +
                             routed_per_gpu * (serving.expert_weight_bytes - weight_bytes);
  // TensorRT-LLM's free_gpu_memory_fraction: the KV cache takes this share of what the weights
  // and the runtime (its context, workspaces and activation buffers, allocated first) leave.
  const double left_bytes =
      out.memory_capacity - out.weight_bytes_per_gpu - in.runtime_bytes_per_gpu;
  const double free_bytes = left_bytes * in.kv_memory_fraction;
  // One sequence's KV on one GPU of its replica.
  const double sequence_bytes =
      serving.perGpu(shape.kvBytesPerSequence(in.input_length + in.output_length), 1);
  out.max_batch_per_gpu = free_bytes > 0 ? std::floor(free_bytes / sequence_bytes) : 0;
  const double per_node = std::min(node.gpus, in.gpus);
  // A plan whose KV does not fit serves nothing: the capacity bottleneck, and a note saying why.
  auto doesNotFit = [&](std::string field, std::string why) -> Outcome<Out> {
    out.fits = false;
    out.bottleneck = ServingBottleneck::capacity;
    out.notes.push_back({std::move(field), std::move(why)});
    return {out, {}};
  };
  if (out.max_batch_per_gpu < 1) {
    if (left_bytes >= sequence_bytes) {
      return doesNotFit("kvMemoryFraction",
                        "kvMemoryFraction (" + formatNumber(in.kv_memory_fraction) +
                            ") leaves less than one sequence's KV cache (" +
                            formatQuantity(sequence_bytes, "B") + " per GPU): raise it");
    }
    if (left_bytes > 0 && sequence_bytes > out.weight_bytes_per_gpu) {
      // The sequence, not the weights, is what does not fit: smaller weights would not help.
      return doesNotFit("inputLength",
                        "one sequence's KV cache (" + formatQuantity(sequence_bytes, "B") +
                            " per GPU) is more than the " + formatQuantity(left_bytes, "B") +
                            " the weights and runtimeBytesPerGpu leave in " +
                            formatQuantity(out.memory_capacity, "B") +
                            ": shorten inputLength or outputLength, or raise tensorParallel");
    }
    if (out.weight_bytes_per_gpu < out.memory_capacity &&
        in.runtime_bytes_per_gpu >= out.memory_capacity - out.weight_bytes_per_gpu) {
      return doesNotFit("runtimeBytesPerGpu",
                        "runtimeBytesPerGpu (" + formatQuantity(in.runtime_bytes_per_gpu, "B") +
                            ") takes all the " +
                            formatQuantity(out.memory_capacity - out.weight_bytes_per_gpu, "B") +
                            " the weights leave: lower it, or raise tensorParallel");
    }
    const std::string spread = shape.routed_experts > 0 ? "expertParallel" : "tensorParallel";
    return doesNotFit(spread, "weights (" + formatQuantity(out.weight_bytes_per_gpu, "B") +
                                  " per GPU) and runtimeBytesPerGpu leave no room for one "
                                  "sequence's KV cache in " +
                                  formatQuantity(out.memory_capacity, "B") + ": raise " + spread +
                                  " or use a lower precision");
  }
  out.fits = true;
  if (phase == ServingPhase::colocated) {
    const double prompts = serving.prefillPrompts();
    serving.prefill_prompt_rate = prompts / serving.prefill(prompts).time;
  }

  // The Pareto curve: output tokens/s per GPU against per-user speed, batch doubling.
  for (double batch = 1;; batch = std::min(batch * 2, out.max_batch_per_gpu)) {
    const double per_user = serving.userSpeed(batch);
    out.pareto.push_back({batch, per_user, batch * per_user / tp});
    if (batch >= out.max_batch_per_gpu) break;
  }

  Step step;
  if (decode && in.decode_batch_per_gpu > out.max_batch_per_gpu) {
    return doesNotFit("decodeBatchPerGpu",
                      "the KV of " + formatNumber(in.decode_batch_per_gpu) +
                          " sequences does not fit in kvMemoryFraction of the memory the weights "
                          "and runtimeBytesPerGpu leave: at most " +
                          formatNumber(out.max_batch_per_gpu));
  }
  if (decode) {
    // The batch asked for, or the largest that fits and still gives each user the target speed:
    // speed falls as the batch grows, so bisection finds it.
    double batch = in.decode_batch_per_gpu > 0 ? in.decode_batch_per_gpu : out.max_batch_per_gpu;
    if (in.decode_batch_per_gpu == 0 && in.tokens_per_second_per_user > 0 &&
        serving.userSpeed(batch) < in.tokens_per_second_per_user) {
      double low = 1, high = out.max_batch_per_gpu;
      if (serving.userSpeed(low) < in.tokens_per_second_per_user) {
        high = low;
        out.notes.push_back({"tokensPerSecondPerUser",
                             "even one sequence per GPU decodes slower than the target speed"});
      }
      while (high - low > 1) {
        const double middle = std::floor((low + high) / 2);
        (serving.userSpeed(middle) >= in.tokens_per_second_per_user ? low : high) = middle;
      }
      batch = low;
    }
    step = serving.decode(batch);
    out.batch_per_gpu = batch;
    out.step_time = step.time;
    const double prefill_share = serving.prefillShare(batch * (1 + in.mtp_acceptance) / step.time);
    const double tpot = step.time / (1 + in.mtp_acceptance) / (1 - prefill_share);
    out.tpot = tpot;
    if (phase == ServingPhase::colocated) {
      out.notes.push_back(
          {"phase", "prefill takes " + formatNumber(std::round(prefill_share * 1000) / 10) +
                        " % of the GPU time: each request's prompt runs between decode steps, "
                        "which stretches every output token by the same share"});
    }
    const double per_user = 1 / tpot;
    out.tokens_per_second_per_user = per_user;
    if (in.decode_batch_per_gpu > 0 && in.tokens_per_second_per_user > 0 &&
        per_user < in.tokens_per_second_per_user) {
      out.notes.push_back({"tokensPerSecondPerUser",
                           "at decodeBatchPerGpu " + formatNumber(batch) + " each user gets " +
                               formatNumber(per_user) + " tokens/s, below the target"});
    }
    out.tokens_per_second_per_gpu = batch / tpot / tp;
    out.kv_bytes_per_gpu = batch * sequence_bytes;
    out.ttft = serving.prefill(1).time;
  } else {
    const double prompts = serving.prefillPrompts();
    // The KV the pass writes stays in memory until the pass ends, as a decode batch's does.
    const double prompt_bytes = serving.perGpu(shape.kvBytesPerSequence(in.input_length), 1);
    const double most_prompts = std::floor(free_bytes / prompt_bytes);
    if (prompts > most_prompts) {
      return doesNotFit("prefillTokensPerGpu",
                        "the KV of " + formatNumber(prompts) + " prompts of " +
                            formatNumber(in.input_length) +
                            " tokens does not fit in kvMemoryFraction of the memory the weights "
                            "and runtimeBytesPerGpu leave: at most " +
                            formatNumber(most_prompts * in.input_length) + " tokens per GPU");
    }
    step = serving.prefill(prompts);
    out.batch_per_gpu = prompts;
    out.step_time = step.time;
    out.ttft = step.time;
    out.tokens_per_second_per_gpu = prompts * in.input_length / step.time / tp;
    out.kv_bytes_per_gpu = prompts * prompt_bytes;
  }
  out.compute_time = step.compute;
  out.memory_time = step.memory;
  out.comm_time = step.comm;
  out.tensor_parallel_time = step.tensor_parallel;
  out.dispatch_bytes = step.dispatch_bytes;
  out.combine_bytes = step.combine_bytes;
  out.tokens_per_second_per_node = out.tokens_per_second_per_gpu * per_node;
  // $ per GPU-hour over tokens per GPU-hour.
  out.cost_per_million_tokens =
      in.price_per_gpu_hour / (out.tokens_per_second_per_gpu * kSecondsPerHour) * 1e6;
  const double work = step.compute + step.memory;
  if (decode && out.batch_per_gpu == out.max_batch_per_gpu && in.tokens_per_second_per_user > 0) {
    out.bottleneck = ServingBottleneck::capacity;
  } else if (step.comm > work && step.comm >= step.tensor_parallel) {
    out.bottleneck = step.fabric == Fabric::scale_out ? ServingBottleneck::scale_out
                                                      : ServingBottleneck::scale_up;
  } else if (step.tensor_parallel > work) {
    out.bottleneck = tp <= node.gpus ? ServingBottleneck::scale_up : ServingBottleneck::scale_out;
  } else {
    out.bottleneck =
        step.memory > step.compute ? ServingBottleneck::memory : ServingBottleneck::compute;
  }
  if (in.mtp_acceptance > 0 && !mtp) {
    out.notes.push_back({"mtpAcceptance",
                         "the config has no MTP modules (num_nextn_predict_layers): the draft "
                         "tokens are priced at nothing, as from a free draft model"});
  }
  if (auto note = foreignNodeNote(machine, node)) out.notes.push_back(std::move(*note));
  for (const ModelNote& note : shape.notes) out.notes.push_back(note);
  return {out, {}};
}

}  // namespace ridgepoint
