// rp.trainingStep: one optimizer step of a model on a cluster, layer by layer and stage by stage.
#include <algorithm>
#include <cmath>
#include <vector>

#include "planner.hpp"
#include "planner_internal.hpp"

namespace ridgepoint {

namespace {

constexpr double kSecondsPerDay = 86400;

// One micro-batch through one stage on one GPU: times (s) and executed FLOPs.
struct StageCost {
  double forward = 0, backward = 0, weight_backward = 0, recompute = 0;
  double attention = 0;  // attention-core time inside forward (CP overlaps with it)
  double tensor_parallel = 0, context_parallel = 0, expert_parallel = 0;
  double gemm_flops = 0, gemm_time = 0, attention_flops = 0, recompute_flops = 0;
  double cast = 0;  // FP8 casts inside forward and backward (Transformer Engine's current scaling)
  double layers = 0, moe_layers = 0;
  double dense_params = 0, expert_params = 0;  // parameters held per GPU
  double activation_bytes = 0;                 // one micro-batch's saved activations
};

}  // namespace

Outcome<TrainingStepResult> TrainingStep::evaluate(const TrainingStepInput& in) {
  using Out = TrainingStepResult;
  auto shaped = readModel(in.config, KvFormat{});
  if (!shaped.ok()) return {{}, shaped.errors};
  const ModelShape& shape = shaped.value;
  const Machine& machine = *findMachine(kPlannerMachines[static_cast<std::size_t>(in.machine)]);
  const NodeDesign& node = *findNode(kPlannerNodes[static_cast<std::size_t>(in.node)]);
  const GemmEfficiencies gemm_efficiency(machine);
  const bool fp8 = choiceOf<TrainingPrecision>(in.precision) == TrainingPrecision::fp8;
  const auto recompute = choiceOf<Recompute>(in.recompute);
  const auto schedule = choiceOf<Schedule>(in.schedule);
  const bool flash = choiceOf<AttentionKernel>(in.attention_kernel) == AttentionKernel::flash;
  const double tp = in.tensor_parallel, pp = in.pipeline_parallel, ep = in.expert_parallel;
  const double cp = in.context_parallel, gpus = in.gpus, etp = in.expert_tensor_parallel;

  if (fp8 && !machine.peak_flops.fp8) {
    return failure<Out>("precision", "precision 'fp8' needs a machine with FP8 tensor cores; " +
                                         std::string(machine.name) + " has none");
  }
  if (std::fmod(gpus, tp * cp * pp) != 0) {
    return failure<Out>("gpus", "gpus (" + formatNumber(gpus) +
                                    ") must be a multiple of tensorParallel · contextParallel · "
                                    "pipelineParallel (" +
                                    formatNumber(tp * cp * pp) + ")");
  }
  const double dp = gpus / (tp * cp * pp);
  if (std::fmod(shape.heads, tp) != 0) {
    return failure<Out>("tensorParallel", "tensorParallel must divide num_attention_heads (" +
                                              formatNumber(shape.heads) + ") (got " +
                                              formatNumber(tp) + ")");
  }
  // Megatron-Core splits the KV heads (num_query_groups) over TP: divide() in its attention
  // modules refuses a TP that does not divide them (MHA and MLA have as many as query heads).
  const bool grouped_kv =
      shape.attention == AttentionKind::gqa || shape.attention == AttentionKind::mqa;
  if (grouped_kv && shape.kv_heads >= 1 && std::fmod(shape.kv_heads, tp) != 0) {
    return failure<Out>("tensorParallel", "tensorParallel must divide num_key_value_heads (" +
                                              formatNumber(shape.kv_heads) + ") (got " +
                                              formatNumber(tp) + ")");
  }
  if (pp > shape.layers) {
    return failure<Out>("pipelineParallel", "pipelineParallel must be at most num_hidden_layers (" +
                                                formatNumber(shape.layers) + ") (got " +
                                                formatNumber(pp) + ")");
  }
  if (schedule == Schedule::dualpipe && std::fmod(pp, 2) != 0) {
    return failure<Out>("pipelineParallel", "pipelineParallel must be even for DualPipe (got " +
                                                formatNumber(pp) + ")");
  }
  if (auto error = expertParallelError(ep, shape.routed_experts)) {
    return failure<Out>("expertParallel", std::move(*error));
  }
  if (std::fmod(dp * tp, ep) != 0) {
    return failure<Out>("expertParallel",
                        "expertParallel must divide dataParallel · tensorParallel (" +
                            formatNumber(dp * tp) + ") (got " + formatNumber(ep) + ")");
  }
  if (etp > 1 && shape.routed_experts == 0) {
    return failure<Out>("expertTensorParallel",
                        "expertTensorParallel must be 1 for a model without routed experts (got " +
                            formatNumber(etp) + ")");
  }
  if (std::fmod(dp * tp, ep * etp) != 0) {
    return failure<Out>("expertTensorParallel",
                        "expertParallel · expertTensorParallel must divide dataParallel · "
                        "tensorParallel (" +
                            formatNumber(dp * tp) + ") (got " + formatNumber(ep) + " · " +
                            formatNumber(etp) + ")");
  }
  if (std::fmod(in.seq_len, cp) != 0) {
    return failure<Out>("contextParallel", "contextParallel must divide seqLen (" +
                                               formatNumber(in.seq_len) + ") (got " +
                                               formatNumber(cp) + ")");
  }
  if (std::fmod(in.global_batch, dp * in.micro_batch) != 0) {
    return failure<Out>("globalBatch", "globalBatch (" + formatNumber(in.global_batch) +
                                           ") must be a multiple of dataParallel · microBatch (" +
                                           formatNumber(dp * in.micro_batch) + ")");
  }
  if (in.comm_sms >= in.gpu_sms) {
    return failure<Out>("commSms", "commSms must be fewer than gpuSms (" +
                                       formatNumber(in.gpu_sms) + ") (got " +
                                       formatNumber(in.comm_sms) + ")");
  }
  const double base_layers = std::floor(shape.layers / pp);
  if (schedule == Schedule::interleaved && std::ceil(shape.layers / pp) < in.virtual_stages) {
    return failure<Out>("virtualStages", "virtualStages must be at most the layers per stage (" +
                                             formatNumber(std::ceil(shape.layers / pp)) +
                                             ") (got " + formatNumber(in.virtual_stages) + ")");
  }

  Out out;
  out.data_parallel = dp;
  const double m = in.global_batch / (dp * in.micro_batch);
  out.micro_batches = m;
  out.layers_per_stage = std::ceil(shape.layers / pp);

  const double bf16_peak = *machine.peak_flops.bf16;
  const GemmPrecision gemm_precision = fp8 ? GemmPrecision::fp8 : GemmPrecision::bf16;
  const double gemm_peak = gemmPeak(machine, gemm_precision);
  // What the memory-bound kernels below (scores, norms and activations, casts, the optimizer)
  // reach: STREAM's measured bandwidth, not the datasheet's.
  const double bandwidth = streamBandwidth(machine);
  // V3 report §3.2.2: SMs running communication kernels are lost to compute.
  const double sm_share = 1 - in.comm_sms / in.gpu_sms;
  // FP8 training of a model built like DeepSeek-V3 runs as DeepSeek's framework was profiled: its
  // attention, GEMM passes and non-GEMM kernels come from that profile (planner.cpp).
  const bool framework = fp8 && likeProfiledModel(shape);
  const AttentionCalibration& attention_kernel = attentionCalibration(machine, framework);
  const double attention_forward_efficiency =
      attention_kernel.efficiency / attention_kernel.sm_share;
  const double attention_backward_efficiency =
      (attention_kernel.backward_efficiency > 0 ? attention_kernel.backward_efficiency
                                                : attention_kernel.efficiency) /
      attention_kernel.sm_share;
  out.attention_efficiency = attention_forward_efficiency;

  const double d = shape.hidden;
  const double t = in.micro_batch * in.seq_len / cp;  // tokens of one micro-batch on one GPU
  const double moe_tokens = t / tp;                   // sequence-parallel tokens in MoE layers
  // Collectives and sends run at what the links achieve (NCCL's maintainers, DeepSeek), not
  // their line rates.
  const double scale_up = node.achievable_scale_up, scale_out = node.achievable_scale_out;
  // A group of GPUs talks over scale-up when it fits in one node (inner dimensions first).
  const double tp_bandwidth = groupBandwidth(node, 1, tp);
  // Ring attention's sends go GPU to GPU, each over its own NIC when the ring leaves the node.
  const double cp_bandwidth = tp * cp <= node.gpus ? scale_up : scale_out;

  // One GEMM (m × k by k × n), `groups` of them, and its two backward GEMMs: times on this GPU
  // and the forward FLOPs (each backward GEMM has as many: Narayanan et al. SC'21 §5.1).
  double gemm_time = 0, gemm_flops = 0;
  // FP8 outside DeepSeek's framework casts as Transformer Engine's current scaling does (the
  // FP8-CS recipe of Megatron-Bridge's rows): every activation an FP8 GEMM reads forward and every
  // output gradient it reads backward is read for its amax, then read again and written in FP8
  // row- and column-wise (cast_transpose: Hopper's FP8 GEMMs take both operands K-major),
  // 2 + 2 + 1 + 1 B per element, at HBM bandwidth. Weights are cast once per step (not counted);
  // the framework profile already holds its own casts.
  constexpr double kCastBytesPerElement = 6;
  double cast_forward_bytes = 0, cast_backward_bytes = 0;
  struct GemmTimes {
    double forward = 0, input_gradient = 0, weight_gradient = 0;
  };
  // `at_gemm_precision` false: kept in BF16 (router, LM head; V3 report §3.3.1).
  auto gemm = [&](double rows, double cols, double inner, double groups, bool at_gemm_precision) {
    GemmTimes times;
    if (rows <= 0) return times;
    const double flops = 2 * rows * cols * inner * groups;
    const GemmPrecision format = at_gemm_precision ? gemm_precision : GemmPrecision::bf16;
    auto time = [&](std::string_view pass) {
      return flops / (gemmPeak(machine, format) * gemm_efficiency(format, rows, cols, inner, pass) *
                      sm_share);
    };
    times = framework ? GemmTimes{time("forward"), time("inputGradient"), time("weightGradient")}
                      : GemmTimes{time("benchmark"), time("benchmark"), time("benchmark")};
    if (format == GemmPrecision::fp8 && !framework) {
      cast_forward_bytes += kCastBytesPerElement * rows * inner * groups;
      cast_backward_bytes += kCastBytesPerElement * rows * cols * groups;
    }
    gemm_time += times.forward + times.input_gradient + times.weight_gradient;
    gemm_flops += flops;
    return times;
  };

  // An average layer's attention FLOPs on this GPU's heads (ISCA'25 Table 2): FlashAttention
  // executes the causal half; a materialized score matrix is computed whole.
  const double attention_flops_executed =
      t / tp * shape.attentionFlopsPerQuery(in.seq_len, flash, false) / shape.layers;
  const double attention_time =
      flash ? attention_flops_executed / (bf16_peak * attention_forward_efficiency * sm_share)
            : attention_flops_executed /
                  (bf16_peak *
                   gemm_efficiency(GemmPrecision::bf16, in.seq_len, in.seq_len, shape.qk_head_dim) *
                   sm_share);
  // Korthikanti et al. 2022 Eq. 2: a layer saves s·b·h·(34 + 5·a·s/h) / t bytes under TP with
  // sequence parallelism; the 5·a·s/h part is the attention scores (softmax output 2 B, dropout
  // mask 1 B, dropout output 2 B each; without dropout the softmax output alone), which
  // FlashAttention never writes. savedBytesPerElement sizes the 34 to the config.
  const double scores = flash ? 0 : shape.heads * in.seq_len * t / tp;
  const bool dropout = in.dropout;
  const double scores_bytes = (dropout ? 5 : 2) * scores;
  // Materialized attention moves more than it keeps (Megatron-LM's fused scale-mask-softmax, then
  // dropout): forward, softmax reads the scores and writes probabilities (4 B), dropout reads them
  // and writes its output and mask (5 B); backward, dropout reads the gradient and the mask and
  // writes (5 B), softmax reads the gradient and its output and writes (6 B). The batched GEMMs'
  // own reads and writes are in their roofline efficiency above.
  // Without dropout, softmax alone: 4 B forward, 6 B backward.
  const double scores_forward_time = (dropout ? 9 : 4) * scores / bandwidth;
  const double scores_backward_time = (dropout ? 11 : 6) * scores / bandwidth;
  // What a dense and an MoE layer save besides the scores; their non-GEMM kernels move about as
  // much (one write of each saved tensor).
  // Under sequence parallelism all of it splits over TP; without, the replicated part does not.
  const double replicated_bytes =
      in.sequence_parallel ? 0 : 2 * blockInputBytes(fp8, dropout) * t * d * (1 - 1 / tp);
  // Where some layers have no FFN (Nemotron-H's mixer blocks with none after them), every layer
  // carries that share of one, as it does of the mixers: its FFN's GEMMs, saved activations,
  // all-reduces and all-to-alls.
  const double ffn_share = (shape.dense_layers + shape.moe_layers) / shape.layers;
  auto savedBytes = [&](bool moe) {
    const SavedBytes saved = savedBytesPerElement(shape, moe, fp8, dropout);
    return (saved.attention + ffn_share * saved.mlp) * t * d / tp + replicated_bytes;
  };
  const double dense_saved_bytes = savedBytes(false);
  const double moe_saved_bytes = savedBytes(true);
  // The framework's non-GEMM kernels replace that estimate where they were measured: per token
  // per layer, attention block always, MoE block also on dense FFN layers (an upper bound: no
  // token permutation there), each scaled from V3's widths to the model's by the elements it
  // moves.
  const ElementwiseCalibration attention_elementwise = elementwiseCost(machine, "attention");
  const ElementwiseCalibration mlp_elementwise = elementwiseCost(machine, "mlp");
  const ProfileScale scale = profileScale(shape);
  const double framework_tokens = t / tp;
  auto profiled = [&](double attention, double mlp) {
    return framework_tokens * (attention * scale.attention + mlp * scale.mlp);
  };
  auto elementwise_forward = [&](double saved_bytes) {
    return framework ? profiled(attention_elementwise.forward, mlp_elementwise.forward)
                     : saved_bytes / bandwidth + scores_forward_time;
  };
  auto elementwise_backward = [&](double saved_bytes) {
    return framework ? profiled(attention_elementwise.backward, mlp_elementwise.backward)
                     : saved_bytes / bandwidth + scores_backward_time;
  };
  // Outside the framework, an MoE block's non-GEMM kernels (top-k, permutation and its undoing,
  // the experts' activation, casts) cost what the same profile measured for DeepSeek-V3's MoE
  // block, scaled by the elements they move per token: Korthikanti's one write per saved tensor
  // counts a tenth of what those kernels were measured to take.
  const double moe_elementwise_share = shape.moe_layers > 0 ? scale.mlp : 0;
  auto moe_elementwise = [&](double per_token) {
    return framework_tokens * per_token * moe_elementwise_share * ffn_share;
  };
  const double elementwise_weight_backward =
      framework ? profiled(attention_elementwise.weight_backward, mlp_elementwise.weight_backward)
                : 0;

  // TP: Megatron's f/g operators, two all-reduces of the layer's activations forward, two
  // backward (Narayanan et al. SC'21 §2.3); full recomputation runs the forward pass again
  // before the backward, its two all-reduces with it; selective recomputation re-runs only the
  // attention core, which holds none.
  const double tp_forward_all_reduces = 2;
  const double tp_backward_all_reduces = 2 + (recompute == Recompute::full ? 2 : 0);
  const double tp_all_reduce = collectiveTime(CollectiveOp::allreduce, tp, t * d * 2, tp_bandwidth);
  const double tp_layer =
      (tp_forward_all_reduces + tp_backward_all_reduces) * tp_all_reduce * (1 + ffn_share) / 2;
  const double tp_forward_share =
      tp_forward_all_reduces / (tp_forward_all_reduces + tp_backward_all_reduces);
  // CP: ring attention passes the K and V of each block round the ring, once forward, twice
  // backward (K, V and their gradients).
  const double kv_bytes_per_token =
      shape.attention == AttentionKind::mla
          ? shape.heads / tp * (shape.qk_head_dim + shape.v_head_dim) * 2
          : 2 * shape.kv_heads / tp * shape.head_dim * 2;
  // Averaged over the layers: Gated DeltaNet layers pass no keys and values (only a state).
  const double cp_layer = 3 * (cp - 1) * t * kv_bytes_per_token / cp_bandwidth *
                          (shape.layers - shape.linear_layers) / shape.layers;

  // EP: dispatch (FP8 with its 1×128 scales, or BF16) and combine (BF16) forward; both BF16
  // backward. Bytes per element as rp.communicationBytes counts them.
  double ep_forward_layer = 0, ep_backward_layer = 0;
  if (ep > 1) {
    const CommunicationBytesResult forward_wire = expertParallelBytes(fp8, 1, 1, 1);
    const CommunicationBytesResult backward_wire = expertParallelBytes(false, 1, 1, 1);
    const double dispatch_bytes = forward_wire.dispatch_bytes_per_element;
    const double combine_bytes = forward_wire.combine_bytes_per_element;
    const double backward_bytes =
        backward_wire.dispatch_bytes_per_element + backward_wire.combine_bytes_per_element;
    const double gpus_in_domain = node.gpus / std::max(tp, etp);  // EP ranks that share a node
    if (ep <= gpus_in_domain) {
      // Inside one node every copy crosses scale-up once, (EP−1)/EP of them to a peer.
      // A copy is as wide as the experts take it: hidden_size, or LatentMoE's latent.
      const double copies =
          moe_tokens * shape.experts_per_token * shape.routed_width * (ep - 1) / ep;
      ep_forward_layer = copies * (dispatch_bytes + combine_bytes) / scale_up;
      ep_backward_layer = copies * backward_bytes / scale_up;
    } else {
      ExpertParallelAllToAllInput a2a;
      a2a.tokens_per_device = moe_tokens;
      a2a.experts_per_token = shape.experts_per_token;
      a2a.hidden = shape.routed_width;
      a2a.dispatch_bytes = dispatch_bytes;
      a2a.combine_bytes = combine_bytes;
      a2a.scale_up_bandwidth = scale_up;
      a2a.scale_out_bandwidth = scale_out;
      a2a.experts = shape.routed_experts;
      a2a.gpus_per_node = gpus_in_domain;
      a2a.nodes = std::ceil(ep / gpus_in_domain);
      // V3 report §2.1.2: node-limited routing sends a token to at most topk_group groups.
      a2a.max_nodes = std::min(
          a2a.nodes, shape.groups_per_token > 0 ? shape.groups_per_token : shape.experts_per_token);
      if (a2a.max_nodes * shape.routed_experts / a2a.nodes < shape.experts_per_token) {
        a2a.max_nodes = a2a.nodes;
      }
      const auto forward = ExpertParallelAllToAll::evaluate(a2a);
      a2a.dispatch_bytes = backward_wire.dispatch_bytes_per_element;
      const auto backward = ExpertParallelAllToAll::evaluate(a2a);
      if (forward.ok() && backward.ok()) {
        ep_forward_layer = forward.value.time;
        ep_backward_layer = backward.value.time;
      }
    }
  }

  // ETP (Megatron-Core's token dispatchers): the GPUs that share an EP rank's experts gather the
  // tokens bound for any of them and reduce-scatter the experts' outputs, forward; backward the
  // reverse. Under EP each GPU holds its share of the top-k copies after the all-to-all; without,
  // the allgather dispatcher gathers the tokens themselves (BF16 rows, d wide).
  if (etp > 1) {
    const double copies = ep > 1 ? shape.experts_per_token : 1;
    const double gathered = etp * moe_tokens * copies * shape.routed_width * 2;
    const double etp_bandwidth = groupBandwidth(node, 1, etp);
    const double pass = collectiveTime(CollectiveOp::allgather, etp, gathered, etp_bandwidth) +
                        collectiveTime(CollectiveOp::reducescatter, etp, gathered, etp_bandwidth);
    ep_forward_layer += pass;
    ep_backward_layer += pass;
  }

  // Layers over stages: (layers mod PP) stages in the middle take one more, so the end stages,
  // which also hold the embedding, the LM head and the MTP modules, take fewer (the first stage
  // too takes one more when all but one stage do: the last holds the head). The first
  // dense_layers layers are dense (of layers with an FFN, counted at ffn_share each).
  const double first_moe_layer =
      ffn_share > 0 ? shape.layers - shape.moe_layers / ffn_share : shape.layers;
  const double extra = shape.layers - base_layers * pp;
  const double first_extra = std::floor((pp - extra) / 2);
  std::vector<StageCost> stages;
  double first_layer = 0;
  const double expert_width_params = shape.expert_params / 3;  // d · moe width
  const double shared_expert_params =
      shape.shared_expert_params > 0 ? shape.shared_expert_params : shape.expert_params;
  for (double stage = 0; stage < pp; ++stage) {
    StageCost cost;
    cost.layers = base_layers + (stage >= first_extra && stage < first_extra + extra ? 1 : 0);
    gemm_time = gemm_flops = cast_forward_bytes = cast_backward_bytes = 0;
    GemmTimes stage_gemm;
    // The output heads' forward (the LM head's, each MTP module's), which full recomputation
    // does not run again.
    double head_forward = 0, head_flops = 0;
    auto add = [&](const GemmTimes& times) {
      stage_gemm.forward += times.forward;
      stage_gemm.input_gradient += times.input_gradient;
      stage_gemm.weight_gradient += times.weight_gradient;
    };
    double attention_layers = 0;
    double elementwise_forward_time = 0, elementwise_backward_time = 0;
    double moe_elementwise_weight_backward = 0;
    // One transformer layer (index `layer`, to tell dense from MoE) on this stage.
    auto add_layer = [&](double layer) {
      const bool moe = shape.moe_layers > 0 && layer >= first_moe_layer;
      // Attention projections as one GEMM d wide on the input side.
      add(gemm(t, shape.attention_params / (d * tp), d, 1, true));
      cost.dense_params += shape.attention_params / tp;
      if (moe) {
        cost.moe_layers += ffn_share;
        const double width = expert_width_params / d;
        const double experts_per_gpu = shape.routed_experts / ep;
        // Tokens one expert receives: the EP × ETP group's tokens × top-k spread over the
        // experts; each of its ETP GPUs computes 1/ETP of its width for all of them.
        const double expert_rows =
            ep * etp * moe_tokens * shape.experts_per_token / shape.routed_experts;
        add(gemm(expert_rows, 2 * width / etp, d, experts_per_gpu * ffn_share, true));
        add(gemm(expert_rows, d, width / etp, experts_per_gpu * ffn_share, true));
        if (shape.shared_experts > 0) {
          // A shared expert of its own width (Qwen-MoE, Nemotron-H), or a routed one's.
          const double shared_width = shared_expert_params / (3 * d);
          add(gemm(moe_tokens, 2 * shared_width * shape.shared_experts, d, ffn_share, true));
          add(gemm(moe_tokens, d, shared_width * shape.shared_experts, ffn_share, true));
        }
        add(gemm(moe_tokens, shape.routed_experts, d, ffn_share, false));
        // LatentMoE: each token into the latent and back out, once (fc1/fc2_latent_proj).
        if (shape.routed_width < d)
          add(gemm(moe_tokens, 2 * shape.routed_width, d, ffn_share, true));
        cost.expert_params += ffn_share * experts_per_gpu * shape.expert_params / etp;
        cost.dense_params +=
            ffn_share * (shape.shared_experts * shared_expert_params + shape.router_params) / tp;
        cost.expert_parallel += ffn_share * (ep_forward_layer + ep_backward_layer);
      } else if (shape.dense_layers > 0) {
        const double width = shape.dense_ffn_params / (3 * d);
        add(gemm(t, 2 * width / tp, d, ffn_share, true));
        add(gemm(t, d, width / tp, ffn_share, true));
        cost.dense_params += ffn_share * shape.dense_ffn_params / tp;
      }
      attention_layers += 1;
      const double saved_bytes = moe ? moe_saved_bytes : dense_saved_bytes;
      if (moe && !framework) {
        // The attention block as below, the MoE block as profiled.
        const double attention_bytes =
            savedBytesPerElement(shape, true, fp8, dropout).attention * t * d / tp +
            replicated_bytes;
        elementwise_forward_time +=
            elementwise_forward(attention_bytes) + moe_elementwise(mlp_elementwise.forward);
        elementwise_backward_time +=
            elementwise_backward(attention_bytes) + moe_elementwise(mlp_elementwise.backward);
        moe_elementwise_weight_backward += moe_elementwise(mlp_elementwise.weight_backward);
      } else {
        elementwise_forward_time += elementwise_forward(saved_bytes);
        elementwise_backward_time += elementwise_backward(saved_bytes);
      }
      cost.tensor_parallel += tp_layer;
      cost.context_parallel += cp_layer;
      // Full recomputation keeps each layer's input: split over TP only under sequence
      // parallelism (Korthikanti et al. 2022 §4.2).
      cost.activation_bytes += recompute == Recompute::full
                                   ? 2 * t * d / (in.sequence_parallel ? tp : 1)
                               : recompute == Recompute::selective ? saved_bytes
                                                                   : saved_bytes + scores_bytes;
    };
    for (double layer = first_layer; layer < first_layer + cost.layers; ++layer) add_layer(layer);
    auto add_head = [&](double width) {
      const double flops_before = gemm_flops;
      const GemmTimes head = gemm(t, shape.vocab / tp, width, 1, false);
      add(head);
      head_forward += head.forward;
      head_flops += gemm_flops - flops_before;
    };
    if (stage == pp - 1) {
      add_head(shape.head_width);
      cost.dense_params += shape.vocab * shape.head_width / tp;
      // V3 report §2.2: each MTP module is a projection (2d → d), one transformer block and the
      // shared output head; §3.2.3: it sits on the rank of the main model's head.
      for (double module = 0; module < in.mtp_modules; ++module) {
        add(gemm(t, d / tp, 2 * d, 1, true));
        add_layer(shape.layers - 1);
        add_head(d);
        cost.dense_params += 2 * d * d / tp;
      }
    }
    if (stage == 0) cost.dense_params += shape.embedding_params / tp;
    first_layer += cost.layers;
    cost.attention = attention_time * attention_layers;

    cost.gemm_flops = gemm_flops;
    cost.gemm_time = gemm_time;
    cost.attention_flops = attention_flops_executed * attention_layers;
    // Backward: input-gradient GEMMs cost as much as the forward ones, weight-gradient GEMMs
    // the same again (Narayanan et al. SC'21 §5.1: backward = 2 × forward). Fused attention
    // recomputes the scores in its backward: 2.5 × the forward FLOPs (flash-attention's
    // benchmarks/benchmark_flash_attention.py counts bwd as 2.5 × fwd).
    const double attention_backward = flash ? 2.5 : 2;
    const double backward_attention_time =
        attention_backward * cost.attention * attention_forward_efficiency /
        (flash ? attention_backward_efficiency : attention_forward_efficiency);
    const double cast_forward = cast_forward_bytes / bandwidth;
    const double cast_backward = cast_backward_bytes / bandwidth;
    cost.cast = cast_forward + cast_backward;
    cost.forward = stage_gemm.forward + cost.attention + elementwise_forward_time + cast_forward;
    cost.backward = stage_gemm.input_gradient + backward_attention_time +
                    elementwise_backward_time + cast_backward;
    cost.weight_backward = stage_gemm.weight_gradient +
                           elementwise_weight_backward * attention_layers +
                           moe_elementwise_weight_backward;
    cost.attention_flops *= (1 + attention_backward) / 3;  // executed, averaged per pass
    if (recompute == Recompute::full) {
      // Megatron-LM's full recomputation checkpoints the transformer layers' inputs and runs
      // their forward again; the output head's logits are not recomputed.
      cost.recompute = cost.forward - head_forward;
      cost.recompute_flops =
          cost.gemm_flops - head_flops + attention_flops_executed * attention_layers;
    } else if (recompute == Recompute::selective) {
      cost.recompute = cost.attention + scores_forward_time * attention_layers;
      cost.recompute_flops = attention_flops_executed * attention_layers;
    }
    stages.push_back(cost);
  }

  // V3 report §3.2.1 and Figure 5: DualPipe feeds micro-batches from both ends, so device i runs
  // half of them through stage i and half through stage PP−1−i, and holds both stages' weights
  // (§3.2.3: the embedding and the head share a rank). Other schedules: one stage per device.
  std::vector<StageCost> devices;
  if (schedule == Schedule::dualpipe) {
    for (std::size_t i = 0; i < stages.size() / 2; ++i) {
      const StageCost& a = stages[i];
      const StageCost& b = stages[stages.size() - 1 - i];
      StageCost both;
      auto half_sum = [](double x, double y) { return (x + y) / 2; };
      both.forward = half_sum(a.forward, b.forward);
      both.backward = half_sum(a.backward, b.backward);
      both.weight_backward = half_sum(a.weight_backward, b.weight_backward);
      both.recompute = half_sum(a.recompute, b.recompute);
      both.attention = half_sum(a.attention, b.attention);
      both.tensor_parallel = half_sum(a.tensor_parallel, b.tensor_parallel);
      both.context_parallel = half_sum(a.context_parallel, b.context_parallel);
      both.expert_parallel = half_sum(a.expert_parallel, b.expert_parallel);
      both.gemm_flops = half_sum(a.gemm_flops, b.gemm_flops);
      both.gemm_time = half_sum(a.gemm_time, b.gemm_time);
      both.cast = half_sum(a.cast, b.cast);
      both.attention_flops = half_sum(a.attention_flops, b.attention_flops);
      both.recompute_flops = half_sum(a.recompute_flops, b.recompute_flops);
      both.activation_bytes = half_sum(a.activation_bytes, b.activation_bytes);
      both.layers = a.layers + b.layers;
      both.moe_layers = a.moe_layers + b.moe_layers;
      both.dense_params = a.dense_params + b.dense_params;
      both.expert_params = a.expert_params + b.expert_params;
      devices.push_back(both);
    }
  } else {
    devices = stages;
  }
  // The slowest device sets the pace of the pipeline.
  const auto busy = [](const StageCost& cost) {
    return cost.forward + cost.backward + cost.weight_backward + cost.recompute +
           cost.tensor_parallel;
  };
  const StageCost slowest =
      *std::max_element(devices.begin(), devices.end(),
                        [&](const StageCost& a, const StageCost& b) { return busy(a) < busy(b); });

  const StageCost& s = slowest;
  out.forward_time = m * s.forward;
  out.backward_time = m * s.backward;
  out.weight_backward_time = m * s.weight_backward;
  out.recompute_time = m * s.recompute;
  out.cast_time = m * s.cast;
  out.compute_time =
      out.forward_time + out.backward_time + out.weight_backward_time + out.recompute_time;
  out.gemm_efficiency = s.gemm_time > 0 ? 3 * s.gemm_flops / (s.gemm_time * gemm_peak) : 0;

  out.tensor_parallel_time = m * s.tensor_parallel;
  out.context_parallel_time = m * s.context_parallel;
  out.expert_parallel_time = m * s.expert_parallel;
  // PP: each micro-batch's activations forward and gradients backward cross to the next node,
  // each TP rank sending its 1/TP (sequence-parallel shards; Narayanan et al. SC'21 §4.1's
  // scatter/gather), once per model chunk the GPU holds (§2.2.2: interleaving multiplies the
  // communication by the chunks).
  // The slowest hop sets the pace: scale-out once the pipeline (outermost) leaves the node.
  const double chunks = schedule == Schedule::interleaved ? in.virtual_stages : 1;
  const double pp_bandwidth = gpus <= node.gpus ? scale_up : scale_out;
  out.pipeline_send_time = pp > 1 ? m * chunks * 2 * t * d * 2 / tp / pp_bandwidth : 0;

  // ZeRO (Rajbhandari et al. SC'20 §7): stages 1 and 2 reduce-scatter the FP32 gradients and
  // all-gather the parameters once a step, the traffic of one ring all-reduce; stage 3 gathers
  // the BF16 weights for each micro-batch's forward and again for its backward and
  // reduce-scatters its gradients. Context-parallel ranks hold the same weights and compute
  // their gradients on other tokens, so gradients are reduced, and ZeRO shards, over DP · CP
  // ranks (Megatron-LM's data-parallel group with context parallelism); expert parameters over
  // the expert-data-parallel group DP · CP · TP / (EP · ETP).
  // The data-parallel group's ranks lie TP apart, the expert-data-parallel group's EP · ETP.
  const double weight_dp = dp * cp;
  const double expert_dp = weight_dp * tp / (ep * etp);
  const double dp_bandwidth = groupBandwidth(node, tp, weight_dp);
  const double expert_dp_bandwidth = groupBandwidth(node, ep * etp, expert_dp);
  const bool zero3 = in.zero_stage >= 3;
  auto over_data_parallel = [&](CollectiveOp op, double bytes_per_param) {
    return collectiveTime(op, weight_dp, s.dense_params * bytes_per_param, dp_bandwidth) +
           collectiveTime(op, expert_dp, s.expert_params * bytes_per_param, expert_dp_bandwidth);
  };
  const double zero3_per_micro_batch = 2 * over_data_parallel(CollectiveOp::allgather, 2) +
                                       over_data_parallel(CollectiveOp::reducescatter, 4);
  out.data_parallel_time =
      zero3 ? m * zero3_per_micro_batch : over_data_parallel(CollectiveOp::allreduce, 4);

  // What each schedule hides.
  out.exposed_tensor_parallel_time = out.tensor_parallel_time;
  out.exposed_context_parallel_time =
      std::max(0.0, out.context_parallel_time - m * 3 * s.attention);
  const double chunk_compute = s.forward + s.backward + s.weight_backward + s.recompute;
  // V3 report §3.2.1: DualPipe overlaps one chunk's all-to-all with another chunk's compute;
  // Megatron-Core's EP overlap does the same in 1F1B's steady state, given a second micro-batch.
  const bool ep_overlap = schedule == Schedule::dualpipe || (in.expert_parallel_overlap && m >= 2);
  out.exposed_expert_parallel_time =
      ep_overlap ? m * std::max(0.0, s.expert_parallel - chunk_compute) : out.expert_parallel_time;
  out.exposed_pipeline_send_time =
      schedule == Schedule::dualpipe || schedule == Schedule::zb1p ? 0 : out.pipeline_send_time;
  // Stage 3 prefetches each layer's weights and reduces its gradients under the micro-batch's
  // compute (FSDP); stages 1 and 2 run after the last backward, or, overlapped as Megatron-Core's
  // overlap_grad_reduce and overlap_param_gather do, the reduce-scatter (half of the ring
  // all-reduce's traffic) under the last micro-batch's backward and the all-gather under the
  // first one's forward.
  const double dp_half = out.data_parallel_time / 2;
  out.exposed_data_parallel_time =
      zero3 ? m * std::max(0.0, zero3_per_micro_batch - chunk_compute)
      : in.data_parallel_overlap
          ? std::max(0.0, dp_half - (s.backward + s.weight_backward + s.recompute)) +
                std::max(0.0, dp_half - s.forward)
          : out.data_parallel_time;
  out.exposed_comm_time = out.exposed_tensor_parallel_time + out.exposed_context_parallel_time +
                          out.exposed_expert_parallel_time + out.exposed_pipeline_send_time +
                          out.exposed_data_parallel_time;

  // Bubbles of V3 report Table 2 with F, B, W of the slowest stage (TP and exposed EP
  // included, as they sit on the critical path of every chunk).
  const double exposed_ep_chunk = out.exposed_expert_parallel_time / m;
  const double f = s.forward + s.tensor_parallel * tp_forward_share + exposed_ep_chunk / 2;
  const double w = s.weight_backward;
  const double b =
      s.backward + s.recompute + s.tensor_parallel * (1 - tp_forward_share) + exposed_ep_chunk / 2;
  switch (schedule) {
    case Schedule::one_f_one_b:
      out.bubble_time = (pp - 1) * (f + b + w);  // (PP − 1)(F + B)
      break;
    case Schedule::interleaved:
      // Narayanan et al. SC'21 §2.2.2: the bubble shrinks by the chunks per GPU.
      out.bubble_time = (pp - 1) * (f + b + w) / in.virtual_stages;
      break;
    case Schedule::zb1p:
      out.bubble_time = (pp - 1) * (f + b + w - 2 * w);  // (PP − 1)(F + B − 2W)
      break;
    case Schedule::dualpipe:
      out.bubble_time = (pp / 2 - 1) * ((f + b + w) + (b + w) - 3 * w);  // (PP/2 − 1)(F&B+B−3W)
      break;
  }

  // AdamW reads the FP32 gradient, reads and writes the FP32 master weight and both moments,
  // and writes the BF16 weight: bytes per parameter of the GPU's optimizer shard, at STREAM speed.
  const double shard_params = s.dense_params / weight_dp + s.expert_params / expert_dp;
  const double optimizer_traffic = 4 + 2 * 4 + 2 * 2 * in.moment_bytes + 2;
  out.optimizer_time = shard_params * optimizer_traffic / bandwidth;

  out.step_time = out.compute_time + out.exposed_comm_time + out.bubble_time + out.optimizer_time;
  out.bubble_fraction = out.bubble_time / out.step_time;

  // Model FLOPs (ISCA'25 Table 2): 6 · N_act + attention at the input's causal convention.
  const double tokens = in.global_batch * in.seq_len;
  const double model_flops =
      tokens * (6 * shape.activeMatmulParams() +
                3 * shape.attentionFlopsPerQuery(in.seq_len, in.causal, false));
  out.mfu = model_flops / (out.step_time * gpus * bf16_peak);
  out.model_flops_per_gpu = model_flops / (out.step_time * gpus);
  // Averaged over the pipeline's devices, as published figures divide a step's FLOPs by every GPU
  // (Narayanan et al. SC'21 Eq. 3 over all p · t · d GPUs): the slowest device's alone would count
  // its stage's extra work (the LM head) for every GPU.
  double executed_per_device = 0;
  for (const StageCost& device : devices) {
    executed_per_device +=
        3 * (device.gemm_flops + device.attention_flops) + device.recompute_flops;
  }
  const double executed_per_gpu = m * executed_per_device / static_cast<double>(devices.size());
  out.hardware_flops_per_gpu = executed_per_gpu / out.step_time;
  out.tokens_per_second = tokens / out.step_time;
  out.tokens_per_day = out.tokens_per_second * kSecondsPerDay;

  // Memory per GPU: BF16 weights and FP32 gradients of the GPU's layers (under DualPipe, of its
  // two stages), or the GPU's shard of them under ZeRO-3 (weights) and ZeRO-2 (gradients);
  // optimizer shards; activations of the micro-batches in flight.
  const double params = s.dense_params + s.expert_params;
  out.weight_bytes = (zero3 ? shard_params : params) * 2;
  out.gradient_bytes = (in.zero_stage >= 2 ? shard_params : params) * 4;
  out.optimizer_bytes = shard_params * (4 + 2 * in.moment_bytes);
  // V3 report Table 2: 1F1B and ZB1P hold PP micro-batches at the first stage, DualPipe PP + 1.
  // Interleaving is counted as 1F1B: Megatron-LM's estimate adds (PP − 1) / v micro-batches
  // (theoretical_memory_usage.py), under which Llama 3 405B's published plan (PP 16, v 2, 80 GB)
  // would need 107 GB; its schedule (flexible N, the end stages a layer short) holds fewer.
  const double in_flight = std::min(m, schedule == Schedule::dualpipe ? pp + 1 : pp);
  out.activation_bytes = in_flight * s.activation_bytes;
  out.memory_per_gpu =
      out.weight_bytes + out.gradient_bytes + out.optimizer_bytes + out.activation_bytes;
  out.memory_capacity = machine.memory_capacity.value_or(0);
  out.fits = out.memory_per_gpu <= out.memory_capacity;
  out.fit_note = out.fits ? "fits in " + formatQuantity(out.memory_capacity, "B")
                          : "needs " + formatQuantity(out.memory_per_gpu, "B") + " of " +
                                formatQuantity(out.memory_capacity, "B") +
                                (shape.routed_experts > 0
                                     ? ": raise pipelineParallel, expertParallel, "
                                       "expertTensorParallel, zeroStage or recompute"
                                     : ": raise pipelineParallel, zeroStage or recompute");

  const std::array<std::pair<TrainingBottleneck, double>, 8> terms{{
      {TrainingBottleneck::compute, out.compute_time},
      {TrainingBottleneck::tensor_parallel, out.exposed_tensor_parallel_time},
      {TrainingBottleneck::context_parallel, out.exposed_context_parallel_time},
      {TrainingBottleneck::expert_parallel, out.exposed_expert_parallel_time},
      {TrainingBottleneck::pipeline_send, out.exposed_pipeline_send_time},
      {TrainingBottleneck::data_parallel, out.exposed_data_parallel_time},
      {TrainingBottleneck::bubble, out.bubble_time},
      {TrainingBottleneck::optimizer, out.optimizer_time},
  }};
  out.bottleneck = std::max_element(terms.begin(), terms.end(), [](const auto& a, const auto& b) {
                     return a.second < b.second;
                   })->first;
  if (extra > 0) {
    // The stages that take one more layer, numbered from 1 (first_extra counts from 0).
    const std::string stages = extra == 1 ? "stage " + formatNumber(first_extra + 1) + " takes "
                                          : "stages " + formatNumber(first_extra + 1) + "–" +
                                                formatNumber(first_extra + extra) + " take ";
    out.notes.push_back({"pipelineParallel",
                         formatNumber(shape.layers) + " layers on " + formatNumber(pp) +
                             " stages: " + stages + formatNumber(base_layers + 1) +
                             (pp - extra == 1 ? " layers, the other " : " layers, the others ") +
                             formatNumber(base_layers)});
  }
  if (schedule == Schedule::interleaved && in.virtual_stages == 1) {
    out.notes.push_back({"virtualStages",
                         "one virtual stage per pipeline stage: the interleaved schedule is 1F1B"});
  } else if (schedule == Schedule::interleaved &&
             std::fmod(out.layers_per_stage, in.virtual_stages) != 0) {
    // Megatron-LM's interleaved schedule splits a stage's layers into equal model chunks
    // (num_layers_per_virtual_pipeline_stage); the bubble here is counted as if they were.
    out.notes.push_back({"virtualStages",
                         "the " + formatNumber(out.layers_per_stage) +
                             " layers of a stage do not split evenly into " +
                             formatNumber(in.virtual_stages) +
                             " virtual stages (Megatron-LM needs equal chunks): counted as if they "
                             "did"});
  }
  if (out.mfu > 1) {
    // MFU is defined over the BF16 peak (mfu's formula), which FP8 and FP4 GEMMs can pass.
    out.notes.push_back({"precision",
                         "MFU is over the dense BF16 peak, which this precision's GEMMs exceed: "
                         "above 1 it says the run does more model FLOPs than BF16 could"});
  }
  if (in.expert_parallel_overlap && m < 2 && schedule != Schedule::dualpipe) {
    out.notes.push_back({"expertParallelOverlap",
                         "one micro-batch per pipeline: no other micro-batch's compute to hide "
                         "the all-to-all under, so it stays exposed"});
  }
  if (in.comm_sms > 0) {
    out.notes.push_back({"commSms", formatNumber(in.comm_sms) + " of " + formatNumber(in.gpu_sms) +
                                        " SMs run communication: compute at " +
                                        formatNumber(std::round(sm_share * 1000) / 10) +
                                        " % of peak"});
  }
  out.notes.push_back(
      {"precision",
       framework
           ? "fp8: GEMMs per pass, attention forward and backward and the non-GEMM kernels as "
             "profiled in DeepSeek's training framework (deepseek-ai/profile-data train.json, "
             "H800, 112 of 132 SMs computing; scaled per SM, non-GEMM by HBM bandwidth and "
             "from V3's widths by the elements each block moves)"
           : std::string(fp8 ? "fp8" : "bf16") +
                 ": GEMMs from micro-benchmarks on this GPU or one of the same peak (" +
                 (fp8 ? "DeepGEMM's FP8 kernels; the framework profile is for MLA and MoE models"
                      : "Maximum Achievable Matmul FLOPS; Fire-Flyer's DGX-A100 GEMM") +
                 "), attention from FlashAttention-2/3 benchmarks, an MoE block's other kernels as "
                 "DeepSeek's training profile measured them (deepseek-ai/profile-data train.json), "
                 "scaled by the elements they move per token and by HBM bandwidth, the rest as "
                 "Korthikanti's activation bytes at the GPU's STREAM Triad bandwidth "
                 "(materialized attention: the bytes its softmax and dropout move, 9 per score "
                 "forward, 11 backward)"});
  if (auto note = foreignNodeNote(machine, node)) out.notes.push_back(std::move(*note));
  for (const ModelNote& note : shape.notes) out.notes.push_back(note);
  return {out, {}};
}

}  // namespace ridgepoint
