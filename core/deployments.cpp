// Published deployments (shared/reference/deployments.md) as planner inputs, each with the
// figure it published. The planner is never calibrated on these rows: they are its test.
#include <array>
#include <string>

#include "planner.hpp"

namespace ridgepoint {

namespace {

constexpr std::string_view kIsca = "ISCA'25 Table 4 (MPFT column); V3 report §3.2";
constexpr std::string_view kV3Assumptions =
    "V3 training as published: PP16 DualPipe, EP64 over 8 nodes, no TP, ZeRO-1, FP8 GEMMs, 20 of "
    "132 SMs for communication, BF16 AdamW moments; one 4096-token sequence per micro-batch (not "
    "published); one MTP module on the head's rank; RMSNorm/MLA up-projection recomputation not "
    "modelled";

// Each setup is the JSON text of the calculator's inputs other than `config`.
constexpr std::string_view kV3Training =
    R"("machine":"h800-sxm","node":"deepseek-h800","gpus":2048,"tensorParallel":1,)"
    R"("pipelineParallel":16,"expertParallel":64,"contextParallel":1,"seqLen":4096,)"
    R"("globalBatch":15360,"microBatch":1,"precision":"fp8","recompute":"none",)"
    R"("schedule":"dualpipe","causal":true,"attentionKernel":"flash","commSms":20,"gpuSms":132,)"
    R"("momentBytes":2,"mtpModules":1)";

// Narayanan et al. SC'21: GPT with learned positions and a non-gated 4h GELU MLP, as GPT-2
// configs spell it (n_inner absent: 4 · n_embd), sequences of 2048 tokens, vocabulary 51,200.
constexpr std::string_view kGpt1_7b =
    R"({"model_type":"gpt2","n_embd":2304,"n_layer":24,"n_head":24,"n_positions":2048,)"
    R"("vocab_size":51200,"activation_function":"gelu_new","tie_word_embeddings":true})";
constexpr std::string_view kGpt1t =
    R"({"model_type":"gpt2","n_embd":25600,"n_layer":128,"n_head":160,"n_positions":2048,)"
    R"("vocab_size":51200,"activation_function":"gelu_new","tie_word_embeddings":true})";

constexpr std::string_view kMegatron1_7b =
    R"("machine":"a100-sxm-80gb","node":"dgx-a100","gpus":32,"tensorParallel":1,)"
    R"("pipelineParallel":1,"seqLen":2048,"globalBatch":512,"microBatch":16,"precision":"bf16",)"
    R"("recompute":"full","schedule":"1f1b","causal":false,"attentionKernel":"materialized",)"
    R"("dropout":true,"sequenceParallel":false)";
constexpr std::string_view kMegatron1t =
    R"("machine":"a100-sxm-80gb","node":"dgx-a100","gpus":3072,"tensorParallel":8,)"
    R"("pipelineParallel":64,"seqLen":2048,"globalBatch":3072,"microBatch":1,)"
    R"("precision":"bf16","recompute":"full","schedule":"interleaved","causal":false,)"
    R"("attentionKernel":"materialized","dropout":true,"sequenceParallel":false)";

// Smith et al. 2022 (MT-NLG, arXiv 2201.11990): 105 layers of 20,480 with 128 heads on Selene's
// DGX A100 80 GB, TP 8 (Megatron) and PP 35 (DeepSpeed's 1F1B engine), batch 1920 of 2048 tokens.
constexpr std::string_view kMtNlg530b =
    R"({"model_type":"gpt2","n_embd":20480,"n_layer":105,"n_head":128,"n_positions":2048,)"
    R"("vocab_size":51200,"activation_function":"gelu_new","tie_word_embeddings":true})";
constexpr std::string_view kMtNlgTraining =
    R"("machine":"a100-sxm-80gb","node":"dgx-a100","gpus":2240,"tensorParallel":8,)"
    R"("pipelineParallel":35,"seqLen":2048,"globalBatch":1920,"microBatch":1,)"
    R"("precision":"bf16","recompute":"full","schedule":"1f1b","causal":false,)"
    R"("attentionKernel":"materialized","dropout":true,"sequenceParallel":false)";
constexpr std::string_view kMtNlg =
    "Smith et al., \"Using DeepSpeed and Megatron to Train Megatron-Turing NLG 530B\" (arXiv "
    "2201.11990) §2.4: with a global batch of 1920 on 280, 350 and 420 DGX A100 nodes, 60.1, 50.2 "
    "and 44.4 s per iteration, 126, 121 and 113 TFLOP/s per GPU";
constexpr std::string_view kMtNlgAssumptions =
    "Selene: DGX A100 80 GB on HDR InfiniBand; BF16, activation checkpointing of every layer (full "
    "recomputation), 8-way tensor and 35-way pipeline parallelism (3 layers a stage, DeepSpeed's "
    "1F1B schedule), ZeRO-1 data parallelism, GPT-2's 2,048 learned positions and GELU MLP, scores "
    "materialised and no sequence parallelism (2021 kernels, as for Megatron-LM's rows); one "
    "sequence per micro-batch and a 51,200-token padded vocabulary are assumed (not published). "
    "The paper's step time is the measured figure: its TFLOP/s are Megatron's formula applied to "
    "it. ridgepoint's step is a third shorter (1.5× the throughput) and the other two node counts "
    "read alike (it gives 32.8 and 28.2 s against 50.2 and 44.4 s): it follows how the step "
    "shrinks with more nodes on the fixed batch, not the level. As on Megatron-LM's 1 T row, the "
    "level is A100 BF16 GEMMs calibrated on 2024 measurements (Fire-Flyer Table II, 263 TFLOP/s), "
    "which this 2021 stack did not reach end to end (126 TFLOP/s is 40 % of the BF16 peak with "
    "recomputation counted)";

// Nemotron-4 340B's pre-training (NeMo's Nemotron4Config340B in transformers' spelling).
constexpr std::string_view kNemotron4340b =
    R"({"architectures":["NemotronForCausalLM"],"model_type":"nemotron","hidden_size":18432,)"
    R"("intermediate_size":73728,"num_hidden_layers":96,"num_attention_heads":96,)"
    R"("num_key_value_heads":8,"hidden_act":"relu2","partial_rotary_factor":0.5,)"
    R"("max_position_embeddings":4096,"tie_word_embeddings":false,"vocab_size":256000})";
constexpr std::string_view kNemotron4Training =
    R"("machine":"h100-sxm","node":"dgx-h100","gpus":6144,"tensorParallel":8,)"
    R"("pipelineParallel":12,"virtualStages":8,"seqLen":4096,"globalBatch":2304,"microBatch":1,)"
    R"("precision":"bf16","recompute":"none","schedule":"interleaved","causal":true,)"
    R"("attentionKernel":"flash","sequenceParallel":true,"zeroStage":1,"dataParallelOverlap":true)";
constexpr std::string_view kNemotron4 =
    "Nemotron-4 340B Technical Report (NVIDIA, arXiv 2406.11704) §2 and Table 2: pre-trained on "
    "768 DGX H100 nodes with 8-way tensor, 12-way pipeline parallelism with interleaving and data "
    "parallelism; its largest stage, 6,144 GPUs on a batch of 2,304 sequences of 4,096 tokens, "
    "took 8.0 s per iteration (MFU 41-42 %)";
constexpr std::string_view kNemotron4Assumptions =
    "published: H100 80 GB in DGX H100 nodes, TP 8, PP 12 with interleaving, data parallelism 64, "
    "2,304 sequences of 4,096 tokens, BF16; the model as NeMo's Nemotron4Config340B (96 layers, "
    "hidden 18,432, 96 heads, 8 KV heads, a 73,728-wide relu² FFN, untied 256,000-token "
    "vocabulary). Assumed from NeMo's pre-training recipe for this model "
    "(nemo/collections/llm/recipes/nemotron4_340b.py: 768 nodes, batch 2,304), not from the "
    "report: 8 model chunks per GPU (one layer each), one sequence per micro-batch, sequence "
    "parallelism, the distributed optimizer (ZeRO-1) with its gradient reduction and parameter "
    "gather under compute (overlap_grad_reduce, overlap_param_gather), FlashAttention, no "
    "recomputation; the "
    "recipe's context parallelism of 2 is left out because the report names none (with it, "
    "data parallelism would be 32). The step comes out shorter than published, as on Llama 3 "
    "405B's rows on the same GPUs: H100 BF16 GEMMs are calibrated on micro-benchmarks, and a "
    "production run's stragglers, host and data-loading overheads are not modelled (NeMo's "
    "overlap of tensor-parallel communication with GEMMs, which ridgepoint leaves exposed, works "
    "the other way)";

constexpr std::string_view kMegatron =
    "Narayanan et al. SC'21 Table 1 (achieved TFLOP/s per GPU by their Eq. 3, full recomputation)";
constexpr std::string_view kMegatronAssumptions =
    "DGX A100 80 GB, BF16, full recomputation, scores materialised (2021 kernels), dropout 0.1 "
    "(Megatron-LM's default), no sequence parallelism (it came in 2022); micro-batch sizes and the "
    "1 T run's model chunks per GPU (2 "
    "assumed) not published in Table 1; the 1.7 B run's gradient all-reduce as NCCL rings it, "
    "over the eight NICs of each node. ridgepoint reads them 28 % and 28 % high, "
    "their time nearly all GEMMs: A100 BF16 GEMMs are calibrated on 2024 measurements "
    "(Fire-Flyer Table II, 263 TFLOP/s; the MAMF table, 271), which 2021's libraries may not "
    "have reached (no 2021 GEMM measurement was found to calibrate on)";

// Llama 3 report (arXiv 2407.21783) §3.3 and Table 4: Llama 3 405B pre-training on H100 (Grand
// Teton: 8 GPUs on NVLink, 8 × 400 Gb/s RoCE per server), TP 8, PP 16, 16 M tokens a step, BF16.
std::string llamaTraining(int gpus, int context_parallel, int seq_len) {
  const int sequences = 16 * 1024 * 1024 / seq_len;
  return R"("machine":"h100-sxm","node":"dgx-h100","gpus":)" + std::to_string(gpus) +
         R"(,"tensorParallel":8,"pipelineParallel":16,"contextParallel":)" +
         std::to_string(context_parallel) + R"(,"seqLen":)" + std::to_string(seq_len) +
         R"(,"globalBatch":)" + std::to_string(sequences) +
         R"(,"microBatch":1,"precision":"bf16","recompute":"none","schedule":"interleaved",)"
         R"("virtualStages":2,"causal":true,"attentionKernel":"flash","zeroStage":2,)"
         R"("dataParallelOverlap":true)";
}

constexpr std::string_view kLlama =
    "Llama 3 report (arXiv 2407.21783) Table 4: BF16 model TFLOPs per GPU";
constexpr std::string_view kLlamaAssumptions =
    "published setup: H100 80 GB, TP 8 in the server, PP 16, 16 M tokens per step (2,048 "
    "sequences of 8 K, or 128 of 128 K with CP 16), BF16, no recomputation, FlashAttention, "
    "model FLOPs with causal attention. Assumed (not published): the interleaved schedule with 2 "
    "model chunks per GPU, one sequence per micro-batch, ZeRO-2 as the nearest stage to Meta's "
    "FSDP (weights kept from the forward to the backward, gradients and optimizer states "
    "sharded, their reduction under the last micro-batch's backward and the parameter gather under "
    "the first forward, as FSDP overlaps them), the DGX H100's 8 × 400 Gb/s for Meta's RoCE (40 "
    "GB/s per GPU achieved, as "
    "DeepSeek counts 400G). As Meta did, the first and last "
    "stages hold one layer fewer (7 of 126, the others 8). Not modelled: Meta's tuned schedule "
    "(micro-batches per round, asynchronous point-to-point), document masks";

// Megatron-Bridge's performance recipes on DGX H100 (NVIDIA-NeMo/Megatron-Bridge
// docs/performance-summary.md): FP8 with current scaling, no recomputation, sequence
// parallelism with TP; `zero_stage` 3 for its FSDP rows, 1 (Megatron-Core's distributed
// optimizer) for the others.
struct BridgePlan {
  int gpus = 8, tp = 1, pp = 1, cp = 1, vp = 1, ep = 1;
  int batch = 128, micro_batch = 1, seq_len = 8192, zero_stage = 1, mtp_modules = 0;
  bool expert_parallel_overlap = false;
  // Megatron-Bridge's pretraining config (recipes/common.py) overlaps the gradient reduction and
  // the parameter gather with compute.
  bool data_parallel_overlap = true;
  std::string_view machine = "h100-sxm", node = "dgx-h100", precision = "fp8";
  std::string_view recompute = "none";
};

std::string bridgeTraining(const BridgePlan& plan) {
  return R"("machine":")" + std::string(plan.machine) + R"(","node":")" + std::string(plan.node) +
         R"(","gpus":)" + std::to_string(plan.gpus) + R"(,"tensorParallel":)" +
         std::to_string(plan.tp) + R"(,"pipelineParallel":)" + std::to_string(plan.pp) +
         R"(,"contextParallel":)" + std::to_string(plan.cp) + R"(,"expertParallel":)" +
         std::to_string(plan.ep) + R"(,"virtualStages":)" + std::to_string(plan.vp) +
         R"(,"schedule":)" + (plan.vp > 1 ? R"("interleaved")" : R"("1f1b")") + R"(,"seqLen":)" +
         std::to_string(plan.seq_len) + R"(,"globalBatch":)" + std::to_string(plan.batch) +
         R"(,"microBatch":)" + std::to_string(plan.micro_batch) + R"(,"precision":")" +
         std::string(plan.precision) + R"(","recompute":")" + std::string(plan.recompute) +
         R"(","causal":true,"attentionKernel":"flash","zeroStage":)" +
         std::to_string(plan.zero_stage) + R"(,"mtpModules":)" + std::to_string(plan.mtp_modules) +
         R"(,"expertParallelOverlap":)" + (plan.expert_parallel_overlap ? "true" : "false") +
         R"(,"dataParallelOverlap":)" + (plan.data_parallel_overlap ? "true" : "false");
}

constexpr std::string_view kBridge =
    "NVIDIA-NeMo/Megatron-Bridge docs/performance-summary.md @ df0289c, DGX-H100 pre-training "
    "tables (26.02 container; the 8B row 25.11's): tokens/s per GPU × GPUs";
constexpr std::string_view kBridgeAssumptions =
    "published setup: DGX H100, FP8 with current scaling, 8,192-token sequences, one sequence per "
    "micro-batch, the listed TP, PP, CP, virtual stages and global batch; FSDP for the 8B row, "
    "DDP for the others. Assumed (not published): no recomputation, sequence parallelism with "
    "TP, Megatron-Core's distributed optimizer (ZeRO-1) beside DDP, its reductions under compute "
    "as the recipes' common config overlaps them, FSDP as ZeRO-3 with its "
    "weight gathers hidden under compute, DeepGEMM's FP8 GEMM measurements standing for "
    "Transformer Engine's, and its current-scaling casts at HBM bandwidth (castTime). ridgepoint "
    "reads within 3 % on 70B and 405B but 26 % high on 8B, whose FSDP run on one node it takes "
    "as compute alone; what that run spends beyond it is not identified";

// One Qwen3-30B-A3B plan on DGX H100 as two releases of Megatron-Bridge ran it: the same
// hardware and FLOPs, so the gap between the two figures is the framework's.
const BridgePlan kBridgeQwen3Plan{
    .gpus = 16, .pp = 2, .vp = 24, .ep = 8, .batch = 512, .micro_batch = 2, .seq_len = 4096};
constexpr std::string_view kBridgeMoe =
    "NVIDIA-NeMo/Megatron-Bridge docs/performance-summary.md @ df0289c, DGX-H100 pre-training "
    "tables of the 25.09 (token drop) and 25.11 (dropless) containers: tokens/s per GPU × GPUs";
constexpr std::string_view kBridgeMoeAssumptions =
    "published setup: DGX H100, Qwen3-30B-A3B (128 experts 768 wide, top 8, on a 2,048-wide "
    "model), FP8, 4,096-token sequences, two per micro-batch, PP 2 with 24 virtual stages, EP 8, "
    "global batch 512, routing forced to balance; the two rows are one plan in two releases, "
    "25.09 with token dropping and 25.11 dropless (the 25.09 table names no precision; 25.11 "
    "lists this plan as FP8 with current scaling). Assumed (not published): no recomputation, "
    "Megatron-Core's distributed optimizer (ZeRO-1) with its reductions under compute, FP8 "
    "dispatch, DeepGEMM's FP8 GEMM "
    "measurements standing for Transformer Engine's. ridgepoint reads high on both, 24 % on the "
    "token-dropping run and 2.5× on the dropless one (121 model TFLOP/s per GPU published: 12 % "
    "of the BF16 peak). The releases "
    "differ 2× on the same hardware and FLOPs, so what separates them, and most of what "
    "separates ridgepoint from them, is framework cost that ridgepoint does not model: the H100 "
    "recipe runs without CUDA graphs (Megatron-Bridge scripts/performance/configs/qwen3/"
    "workload_base_configs.py; its Blackwell recipes capture the whole iteration), so the host "
    "launches each of an MoE layer's many small kernels, and a dropless all-to-all waits for the "
    "per-expert token counts to reach the host before it can size its buffers. Models with "
    "larger experts (DeepSeek-V3's 2,048 wide on a 7,168-wide model) spend less of their time "
    "there";

// Megatron-Bridge's current table (the 26.08 container) on DGX-GB200: MXFP8, 4,096-token
// sequences (Nemotron 3's rows 8,192), every MoE run dropless with routing forced to balance,
// each EP group inside the rack's NVLink domain. Its rows for models ridgepoint reads from a
// published config.
BridgePlan blackwellBridgePlan(BridgePlan plan, int seq_len = 4096) {
  plan.machine = "gb200";
  plan.node = "gb200-nvl72";
  plan.seq_len = seq_len;
  return plan;
}
// The same table's DGX-GB300 rows: Blackwell Ultra GPUs in the same 72-GPU NVLink rack.
BridgePlan blackwellUltraBridgePlan(BridgePlan plan, int seq_len = 4096) {
  plan = blackwellBridgePlan(plan, seq_len);
  plan.machine = "gb300";
  plan.node = "gb300-nvl72";
  return plan;
}
constexpr std::string_view kBridgeRack =
    "NVIDIA-NeMo/Megatron-Bridge docs/performance-summary.md @ 067f987, the 26.08 container's "
    "DGX-GB200 pre-training rows (MXFP8): tokens/s per GPU × GPUs";
constexpr std::string_view kBridgeRackAssumptions =
    "published setup: DGX-GB200 (each EP group inside one 72-GPU NVLink domain), MXFP8, "
    "4,096-token "
    "sequences, the listed GPUs, TP, PP, virtual stages, EP, micro-batch and global batch; MoE "
    "routing forced to balance, dropless. The recipes (Megatron-Bridge "
    "src/megatron/bridge/perf_recipes/*/gb200 @ 067f987, unchanged since the table's commit "
    "4ab94df) end in the same whole-iteration MXFP8 helper, which captures a CUDA graph of the "
    "whole iteration, so the host does not pace these runs as it does the DGX H100 MoE rows, "
    "and hides the all-to-all under another micro-batch's compute "
    "(overlap_moe_expert_parallel_comm: expertParallelOverlap here). "
    "Assumed (not published in the table): no recomputation (the DeepSeek-V3 recipe's MLA "
    "up-projection recomputation is not modelled), Megatron-Core's distributed optimizer (ZeRO-1) "
    "with its reductions under compute, FP8 dispatch, DeepSeek-V3's one MTP module, no SMs set "
    "apart for the all-to-all, "
    "BF16 attention at the shares of peak NVIDIA measured for its B200 kernels (FlashMLA README: "
    "1,460 TFLOPS forward, 1,000 backward; DeepSeek-V3's as its H800 profile; the Qwen3 and "
    "gpt-oss recipes run it in FP8), Blackwell's FP8 GEMMs at the "
    "share of peak DeepGEMM measured on Hopper, the MoE blocks' non-GEMM kernels as DeepSeek's "
    "profile measured them, by the elements they move. DeepSeek-V3 reads 3 % low, "
    "Qwen3-235B-A22B and Qwen3-30B-A3B 15 % high, gpt-oss-120b 1.6× high: beside its "
    "experts (2,880 wide, top 4 of 128), its attention (64 heads of 64, half the layers on a "
    "128-token window, one sink logit per head) and clamped SwiGLU run kernels of their own, "
    "which ridgepoint prices only by the bytes they write. Not in the table: Nemotron 3.5 "
    "Lightning (no published config). The GB300 rows, DeepSeek-V4 Flash's and Nemotron 3 Super's "
    "and Ultra's have their own assumptions";

// DeepSeek-V4-Flash's April config.json (tests/golden/model-import.json), the keys its reading
// uses: the checkpoint Megatron-Bridge's recipe trains (DEEPSEEK_V4_FLASH_HF_PATH), with its MTP
// block; the preset is the 0731 release, whose draft replaces it.
constexpr std::string_view kDeepseekV4FlashApril =
    R"({"attention_bias":false,"hc_mult":4,"head_dim":512,"hidden_act":"silu","hidden_size":4096,)"
    R"("index_head_dim":128,"index_n_heads":64,"index_topk":512,"model_type":"deepseek_v4",)"
    R"("moe_intermediate_size":2048,"n_routed_experts":256,"n_shared_experts":1,)"
    R"("norm_topk_prob":true,"num_attention_heads":64,"num_experts_per_tok":6,)"
    R"("num_hidden_layers":43,"num_hash_layers":3,"num_key_value_heads":1,)"
    R"("num_nextn_predict_layers":1,"o_groups":8,"o_lora_rank":1024,"q_lora_rank":1024,)"
    R"("qk_rope_head_dim":64,"routed_scaling_factor":1.5,"scoring_func":"sqrtsoftplus",)"
    R"("sliding_window":128,"tie_word_embeddings":false,"topk_method":"noaux_tc",)"
    R"("vocab_size":129280,"compress_ratios":[0,0,4,128,4,128,4,128,4,128,4,128,4,128,4,128,4,)"
    R"(128,4,128,4,128,4,128,4,128,4,128,4,128,4,128,4,128,4,128,4,128,4,128,4,128,4,0]})";
constexpr std::string_view kBridgeDeepseekV4Assumptions =
    "published setup: DGX-GB200, DeepSeek-V4-Flash (43 layers of compressed attention: 2 on a "
    "128-token window alone, 21 with 1-in-4 compression and a lightning indexer picking 512, 20 "
    "with 1-in-128; 256 experts 2,048 wide, top 6, the first 3 layers hash-routed; four-wide "
    "hyper-connections), MXFP8, 4,096-token sequences, one per micro-batch, TP 1, PP 1, EP 64, "
    "global batch 2,048, routing forced to balance. From the recipe (Megatron-Bridge "
    "perf_recipes/deepseek/gb200/deepseek_v4.py @ 067f987): the April checkpoint with its MTP "
    "block, a CUDA graph of the whole iteration, no all-to-all overlap, the distributed optimizer "
    "with its reductions under compute. Assumed (not published): no recomputation (the recipe's "
    "MLA up-projection recomputation is not modelled, as on DeepSeek-V3's row), FP8 dispatch, "
    "Blackwell's FP8 GEMMs at the share of peak DeepGEMM measured on Hopper, the MoE blocks' "
    "non-GEMM kernels as DeepSeek's profile measured them. ridgepoint reads 92 % high: V4's "
    "compressors, the indexer's top-512 selection and sparse attention over the picked entries, "
    "the hyper-connections' mixing (a Sinkhorn normalisation per token in every block) and hash "
    "routing run kernels that ridgepoint prices only by their FLOPs and bytes, and no kernel "
    "table it has measures them; nor does it count the hyper-connections' activations in memory";

constexpr std::string_view kBridgeUltraRack =
    "NVIDIA-NeMo/Megatron-Bridge docs/performance-summary.md @ 067f987, the 26.08 container's "
    "DGX-GB300 pre-training rows (MXFP8): tokens/s per GPU × GPUs";
constexpr std::string_view kBridgeUltraRackAssumptions =
    "published setup: DGX-GB300 (Blackwell Ultra: GB200's BF16 and FP8 peaks with 288 GB; each "
    "EP group inside one 72-GPU NVLink domain), MXFP8, 4,096-token sequences, the listed GPUs, "
    "TP, PP, virtual stages, EP, micro-batch and global batch; MoE routing forced to balance, "
    "dropless. The recipes (Megatron-Bridge src/megatron/bridge/perf_recipes/*/gb300 @ 4ab94df, "
    "the table's commit) run as the GB200 rows' do, a CUDA graph of the "
    "whole iteration and the all-to-all hidden under another micro-batch's compute "
    "(expertParallelOverlap here), on their own plans: DeepSeek-V3 on PP 2 with 8 virtual stages "
    "and EP 32, without recomputation; Qwen3-235B-A22B with 12 virtual stages and 2 sequences a "
    "micro-batch; Qwen3-30B-A3B with 8; gpt-oss-120b on EP 16. DeepSeek-V4-Flash's recipe is its "
    "GB200 one (no all-to-all overlap; its row there says what ridgepoint does not price). "
    "Assumed as for the GB200 rows: no GB300 GEMM has been measured, so its GEMMs take the "
    "shares of peak measured on GB200 and Hopper, its attention NVIDIA's B200 measurement; "
    "Megatron-Core's distributed optimizer (ZeRO-1) with its reductions under compute, FP8 "
    "dispatch, DeepSeek's one MTP module. No figure was tuned on these rows, added after the "
    "GB200 ones as a test: ridgepoint reads DeepSeek-V3 15 % low, Qwen3-235B-A22B 2 % and "
    "Qwen3-30B-A3B 3 % high, gpt-oss-120b 36 % and DeepSeek-V4-Flash 92 % high, the GB200 rows' "
    "pattern (−3 %, +15 %, +15 %, +58 %, +92 %). DeepSeek-V3's GB300 plan makes 28 % more than "
    "its GB200 one in the table and 13 % more in ridgepoint, which knows of Blackwell Ultra only "
    "its peaks and memory: not its softmax units, twice GB200's, which made an FP8 attention "
    "kernel of DeepSeek's shape 1.35× faster than on GB200 in NVIDIA and SGLang's measurement "
    "(lm-sys/lm-sys.github.io blog/2025-02-19-gb300-longctx.md: 205 against 277 ms), while "
    "ridgepoint runs attention at its BF16 figures";

constexpr std::string_view kBridgeUltraRackNemotronAssumptions =
    "published setup: DGX-GB300, the Nemotron 3 models as in their H100 and GB200 rows (Mamba-2 "
    "hybrids; Super and Ultra with LatentMoE), MXFP8, 8,192-token sequences, TP 1, the listed "
    "GPUs, EP, micro-batch and global batch, routing forced to balance. From the recipes "
    "(Megatron-Bridge perf_recipes/nemotronh/gb300/nemotronh.py and common.py @ 4ab94df, the "
    "table's commit): Nano and Super without recomputation, CUDA graphs of attention, Mamba-2 and "
    "the router only, no all-to-all overlap; Super's MTP block run twice; Ultra sharded by "
    "Megatron-FSDP (taken as ZeRO-3), recomputing its MoE activation (selective here), its MTP "
    "block run twice, no CUDA graphs, and the expert MLP's activations offloaded to the host (not "
    "modelled: ridgepoint keeps them on the GPU, where they fit in 288 GB). Assumed as for the "
    "GB200 rows: FP8 dispatch, the Mamba-2 scan at the attention kernels' efficiency, GEMMs at "
    "the shares of peak measured on GB200 and Hopper, no GB300 GEMM measured. Added as a test "
    "after the GB200 rows: ridgepoint reads Nano 45 %, Super 40 % and Ultra 27 % high (Nano's H100 "
    "row +60 %, Super's and Ultra's GB200 rows +85 % and +7 %): the costs beyond their roofline "
    "of the Mamba-2 layers and of many small grouped GEMMs, which those rows describe, and for "
    "Ultra the offload's copies over the host link, which ridgepoint does not count";

// The other DGX H100 MoE rows of the 26.06 container (Nemotron 3 Nano's is above), as their
// recipes (perf_recipes/*/h100 @ 067f987) run them.
constexpr std::string_view kBridgeH100Moe =
    "NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md @ 067f987, the 26.06 "
    "container's DGX-H100 pre-training rows: tokens/s per GPU × GPUs";
constexpr std::string_view kBridgeH100MoeAssumptions =
    "published setup: DGX H100, 4,096-token sequences, one per micro-batch, the listed GPUs, TP, "
    "PP, virtual stages, EP and global batch, routing forced to balance, dropless. From the "
    "recipes (Megatron-Bridge src/megatron/bridge/perf_recipes/*/h100 @ 067f987): Qwen3-235B-A22B "
    "in FP8 (current scaling) with the all-to-all hidden under another micro-batch's compute "
    "(overlap_moe_expert_parallel_comm: expertParallelOverlap here); Qwen3-30B-A3B in FP8 over two "
    "nodes (EP 16: the all-to-all crosses InfiniBand), not overlapped, CUDA graphs of attention "
    "and router only; gpt-oss-120b in BF16 on PP 4, EP 8, not overlapped, without CUDA graphs, "
    "recomputing its norms and MoE activation (not modelled). Assumed (not published): "
    "Megatron-Core's distributed optimizer (ZeRO-1) with its reductions under compute, FP8 "
    "dispatch on the FP8 runs, DeepGEMM's FP8 "
    "GEMM measurements standing for Transformer Engine's, the MoE blocks' non-GEMM kernels as "
    "DeepSeek's FP8 profile measured them, by the elements they move (gpt-oss's BF16 run has "
    "no casts: an upper bound there). ridgepoint reads Qwen3-235B-A22B 8.7 % high, its "
    "all-to-all over InfiniBand setting the pace under the overlapped compute, but Qwen3-30B-A3B "
    "31 % and gpt-oss-120b 2.0× high: on H100 their recipes capture little or nothing in CUDA "
    "graphs, so the host launches each MoE layer's many small kernels (the same models read 15 % "
    "and 1.6× high on GB200, where it keeps up)";

// NVIDIA-Nemotron-3-Nano-30B-A3B's config.json (tests/golden/model-import.json), the keys its
// reading uses: 23 Mamba-2, 6 attention and 23 MoE blocks.
constexpr std::string_view kNemotron3Nano =
    R"({"model_type":"nemotron_h","hidden_size":2688,"num_hidden_layers":52,)"
    R"("hybrid_override_pattern":"MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME",)"
    R"("num_attention_heads":32,"num_key_value_heads":2,"head_dim":128,"vocab_size":131072,)"
    R"("mamba_num_heads":64,"mamba_head_dim":64,"n_groups":8,"ssm_state_size":128,)"
    R"("conv_kernel":4,"mamba_ssm_cache_dtype":"float32","n_routed_experts":128,)"
    R"("num_experts_per_tok":6,"moe_intermediate_size":1856,"n_shared_experts":1,)"
    R"("moe_shared_expert_intermediate_size":3712,"n_group":1,"topk_group":1,)"
    R"("tie_word_embeddings":false})";
const BridgePlan kBridgeNemotronPlan{
    .gpus = 16, .ep = 8, .batch = 1024, .micro_batch = 1, .seq_len = 8192};
constexpr std::string_view kBridgeNemotron =
    "NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md @ 067f987, the 26.06 "
    "container's DGX-H100 pre-training row for Nemotron_3_Nano: 14,719 tokens/s per GPU × 16 GPUs";
constexpr std::string_view kBridgeNemotronAssumptions =
    "published setup: DGX H100, NVIDIA-Nemotron-3-Nano-30B-A3B (a Mamba-2 hybrid: 23 Mamba-2, 6 "
    "attention and 23 MoE blocks of 128 experts 1,856 wide, top 6, on a 2,688-wide model), FP8, "
    "8,192-token sequences, one per micro-batch, TP 1, PP 1, EP 8, global batch 1,024, routing "
    "forced to balance, dropless. Assumed (not published): no recomputation, Megatron-Core's "
    "distributed optimizer (ZeRO-1) with its reductions under compute, FP8 dispatch, DeepGEMM's "
    "FP8 GEMM measurements standing for "
    "Transformer Engine's, the Mamba-2 scan at the attention kernels' efficiency, the MoE "
    "blocks' non-GEMM kernels as DeepSeek's profile measured them, by the elements they move. "
    "ridgepoint reads 60 % high, as on the same table's Blackwell rows of this model (B200 32,768 "
    "and B300 37,316 tokens/s per GPU published, about 55,800 and 56,100 predicted) and on the "
    "dropless Qwen3-30B-A3B row: its Mamba-2 layers' work beside their GEMMs (the chunked scan, "
    "the convolution, the gated norm) is priced only by its FLOPs, for want of a Mamba-2 kernel "
    "measurement. The published model FLOPs (328 TFLOP/s per GPU at "
    "14,719 tokens/s: 22.3 GFLOP a token) are within 7 % of ridgepoint's 20.8";

// NVIDIA-Nemotron-3-Super-120B-A12B's config.json (tests/golden/model-import.json), the keys its
// reading uses: 40 Mamba-2, 8 attention and 40 LatentMoE blocks, one MTP block.
constexpr std::string_view kNemotron3Super =
    R"({"model_type":"nemotron_h","hidden_size":4096,"num_hidden_layers":88,)"
    R"("hybrid_override_pattern":"MEMEMEM*EMEMEMEM*EMEMEMEM*EMEMEMEMEM*EMEMEMEMEM*EMEMEMEMEM*)"
    R"(EMEMEMEMEM*EMEMEMEM*EMEMEMEME","mtp_hybrid_override_pattern":"*E",)"
    R"("num_nextn_predict_layers":1,"num_attention_heads":32,"num_key_value_heads":2,)"
    R"("head_dim":128,"vocab_size":131072,"mamba_num_heads":128,"mamba_head_dim":64,)"
    R"("n_groups":8,"ssm_state_size":128,"conv_kernel":4,"mamba_ssm_cache_dtype":"float32",)"
    R"("n_routed_experts":512,"num_experts_per_tok":22,"moe_intermediate_size":2688,)"
    R"("moe_latent_size":1024,"n_shared_experts":1,"moe_shared_expert_intermediate_size":5376,)"
    R"("n_group":1,"topk_group":1,"tie_word_embeddings":false})";
// NVIDIA-Nemotron-3-Ultra-550B-A55B's config.json (tests/golden/model-import.json), the keys its
// reading uses, its layers_block_type written as the pattern: 48 Mamba-2, 12 attention and 48
// LatentMoE blocks, one MTP block.
constexpr std::string_view kNemotron3Ultra =
    R"({"model_type":"nemotron_h","hidden_size":8192,"num_hidden_layers":108,)"
    R"("hybrid_override_pattern":"MEMEMEM*EMEMEM*EMEMEMEM*EMEMEMEM*EMEMEM*EMEMEMEM*EMEMEMEM*)"
    R"(EMEMEM*EMEMEMEM*EMEMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME","mtp_hybrid_override_pattern":"*E",)"
    R"("num_nextn_predict_layers":1,"num_attention_heads":64,"num_key_value_heads":2,)"
    R"("head_dim":128,"vocab_size":131072,"mamba_num_heads":256,"mamba_head_dim":64,)"
    R"("n_groups":8,"ssm_state_size":128,"conv_kernel":4,"mamba_ssm_cache_dtype":"float32",)"
    R"("n_routed_experts":512,"num_experts_per_tok":22,"moe_intermediate_size":5120,)"
    R"("moe_latent_size":2048,"n_shared_experts":1,"moe_shared_expert_intermediate_size":10240,)"
    R"("n_group":1,"topk_group":1,"tie_word_embeddings":false})";
constexpr std::string_view kBridgeNemotronUltraAssumptions =
    "published setup: DGX-GB200, NVIDIA-Nemotron-3-Ultra-550B-A55B (48 Mamba-2, 12 attention and "
    "48 LatentMoE blocks: 512 experts 5,120 wide in a 2,048-wide latent, top 22, beside a "
    "10,240-wide shared expert), MXFP8, 8,192-token sequences, one per micro-batch, TP 2, EP 64, "
    "global batch 256, routing forced to balance. From the recipe (Megatron-Bridge "
    "perf_recipes/nemotronh/gb200/nemotronh.py and common.py @ 067f987): Megatron-FSDP sharding "
    "weights, gradients and optimizer states (taken as ZeRO-3 over all data-parallel ranks; the "
    "recipe shards within each 64-GPU NVLink domain and reduces the shards across domains, the "
    "same bytes over the NICs), selective recomputation, the MTP block run twice, no CUDA "
    "graphs, no all-to-all overlap. Assumed (not published): FP8 dispatch, Blackwell's FP8 GEMMs "
    "at the share of peak DeepGEMM measured on Hopper, the Mamba-2 scan at the attention kernels' "
    "efficiency, the MoE blocks' non-GEMM kernels as DeepSeek's profile measured them. "
    "ridgepoint reads 7 % high, against 85 % on Nemotron 3 Super's row on the same rack: "
    "Ultra's expert GEMMs are about twice as wide and deep (5,120 wide in a 2,048-wide latent; "
    "Super's 2,688 in 1,024), so the small-GEMM costs that Super's miss points to weigh less";
constexpr std::string_view kBridgeNemotronSuperAssumptions =
    "published setup: DGX-GB200, NVIDIA-Nemotron-3-Super-120B-A12B (40 Mamba-2, 8 attention and "
    "40 LatentMoE blocks: 512 experts 2,688 wide in a 1,024-wide latent, top 22, beside a "
    "5,376-wide shared expert), MXFP8, 8,192-token sequences, one per micro-batch, TP 2, EP 64, "
    "global batch 512, routing forced to balance, dropless. From the recipe (Megatron-Bridge "
    "perf_recipes/nemotronh/gb200/nemotronh.py and recipes/nemotronh/h100/nemotron_3_super.py @ "
    "067f987): no recomputation, the MTP block run twice (mtp_num_layers 2, repeated), FP32 "
    "optimizer states, CUDA graphs of attention, Mamba-2 and the router. Assumed (not published): "
    "Megatron-Core's distributed optimizer (ZeRO-1) with its reductions under compute, FP8 "
    "dispatch, Blackwell's FP8 GEMMs at the "
    "share of peak DeepGEMM measured on Hopper, the Mamba-2 scan at the attention kernels' "
    "efficiency, the MoE blocks' non-GEMM kernels as DeepSeek's profile measured them. "
    "ridgepoint reads high, as on Nemotron 3 Nano's H100 row and further: beside the Mamba-2 "
    "layers' work that it prices only by its FLOPs, each token here goes to 22 experts whose "
    "GEMMs are 1,024 deep, and what the many small grouped GEMMs and the router's top-22 cost "
    "beyond their roofline is not measured in any kernel table ridgepoint has";

// A DeepSeek-V3 serving unit with routed experts over all its GPUs, FP8 and two micro-batches;
// `workload` is the row's requests. Decode runs DeepEP's low-latency kernels, which hold no
// SMs; prefill its normal kernels on 24 of 132 SMs (profile-data README, prefill figure).
struct ExpertParallelUnit {
  std::string_view machine, node;
  int redundant_experts;
  std::string_view expert_imbalance, mtp_acceptance;  // as JSON numbers
  int micro_batches = 2;
};

std::string expertParallelServing(const ExpertParallelUnit& unit, std::string_view phase, int gpus,
                                  std::string_view workload) {
  return R"("machine":")" + std::string(unit.machine) + R"(","node":")" + std::string(unit.node) +
         R"(","phase":")" + std::string(phase) + R"(","gpus":)" + std::to_string(gpus) +
         R"(,"expertParallel":)" + std::to_string(gpus) + R"(,"redundantExperts":)" +
         std::to_string(unit.redundant_experts) + R"(,"expertImbalance":)" +
         std::string(unit.expert_imbalance) + R"(,"mtpAcceptance":)" +
         std::string(unit.mtp_acceptance) + R"(,"precision":"fp8","microBatches":)" +
         std::to_string(unit.micro_batches) + R"(,"commSms":)" +
         (phase == "prefill" ? "24," : "0,") + std::string(workload);
}

// DeepSeek's H800 units as deployed: 32 redundant experts, the busiest GPU 11 % above the mean
// as TensorRT-LLM measured with EPLB, MTP acceptance 0.8.
constexpr ExpertParallelUnit kH800Unit{"h800-sxm", "deepseek-h800", 32, "0.11", "0.8"};

// The published operating point (inference-system overview): 608 B input and 168 B output
// tokens a day, an average KV length of 4,989 tokens per output token. One representative
// request with input / output = 608 / 168 and input + output / 2 = 4,989 has 4,384 prompt
// and 1,211 output tokens; prefill: 16 K prompt tokens per GPU, as profiled. Prompt lengths
// spread around that mean as input_length does in Mooncake's conversation trace (population
// standard deviation over mean), the published production chat workload nearest to DeepSeek's.
constexpr std::string_view kV3Workload =
    R"("inputLength":4384,"outputLength":1211,"cacheHitRate":0.563,"promptLengthSpread":1.31,)"
    R"("tokensPerSecondPerUser":21,"prefillTokensPerGpu":16384)";

constexpr std::string_view kServing =
    "DeepSeek inference-system overview (open-infra-index, 2025-03-01): per H800 node, "
    "24-hour average";
constexpr std::string_view kServingAssumptions =
    "published operating point: 56.3 % cache hits, 21 tokens/s per user (20–22 published), MTP "
    "acceptance 0.8 (1.8× per step), prompts of 4,384 tokens on average and 1,211-token outputs "
    "(the one request matching 608 B in / 168 B out and the 4,989-token average KV length); FP8 "
    "GEMMs and dispatch, BF16 combine and KV; DeepEP measured bandwidths (prefill normal kernels "
    "on 24 SMs, decode low-latency kernels on none), FlashMLA for decode attention, two "
    "micro-batches scheduled as DeepSeek profiled them (prefill hides the all-to-all under "
    "compute; decode hides it under attention and shared experts, its routed experts run alone); "
    "the busiest GPU gets 11 % more routed tokens than the mean (TensorRT-LLM's measurement of "
    "DeepSeek-R1 with EPLB and 32 redundant experts; DeepSeek published none); the MTP module's "
    "layer runs on every step. Assumed (DeepSeek published no spread): prompt lengths vary as in "
    "the one published trace of a production chat service, Mooncake's of Kimi "
    "(kvcache-ai/Mooncake FAST25-release/traces/conversation_trace.jsonl @ 3b5a594: 12,031 "
    "requests of one hour, their input lengths' standard deviation 1.31 × the mean), lognormal, "
    "cache hits the same share of every prompt. Prefill attention grows with the square of a "
    "prompt, so a computed token costs what it costs in prompts of 2.72 × 4,384 tokens: prefill "
    "reads 85.3 k tokens/s per node, against 115.3 k with every prompt 4,384 long; decode, whose "
    "attention is linear in the context, only starts later. The trace's own hits (37 % in an "
    "unbounded prefix cache, more on longer prompts) make that factor 2.15 (93.4 k). Not "
    "modelled: uneven prompts between the GPUs of one pass (DeepSeek balances them), and load "
    "over the day. The published figure is delivered tokens over the day's average deployed "
    "nodes (226.75, peak 278), ridgepoint's a saturated unit, so it reads high: 608 B input "
    "tokens a day at 73.7 k/s per node make 95.5 prefill nodes, 168 B output tokens at 14.8 k/s "
    "131.4 decode nodes, together the 226.75 (226.9). An independent first-principles estimate "
    "of the same H800 EP prefill with every prompt one length (yunpan.plus/t/9629-1-1: 52,240 "
    "computed tokens/s per node with overlap) lies within a few % of ridgepoint's prediction for "
    "prompts all 4,384 long times the 43.7 % of tokens computed. DeepSeek's own saturated "
    "profiles (the profile rows) give 62.7 k prefill and 18.6 k decode tokens/s per node, with "
    "every prompt 4,096 long and none cached";

// DeepSeek's own profiles of its inference system (profile-data README): saturated H800 units
// with "an absolutely balanced MoE routing strategy"; prefill EP32 at 16 K tokens per GPU of
// 4 K prompts, decode EP128 at 128 requests per GPU with a 4 K prompt. Throughput per node as
// SGLang's write-up derives it from the profiles (its decode figure counts MTP's tokens).
// Redundant experts as deployed in prefill; none fit EP128 in decode.
constexpr ExpertParallelUnit kProfilePrefill{"h800-sxm", "deepseek-h800", 32, "0", "0.8"};
constexpr ExpertParallelUnit kProfileDecode{"h800-sxm", "deepseek-h800", 0, "0", "0.8"};

constexpr std::string_view kProfileRows =
    "deepseek-ai/profile-data README (prefill.json, decode.json); per node as tabulated in "
    "SGLang's lmsys.org blog 2025-05-05 (lm-sys/lm-sys.github.io "
    "blog/2025-05-05-large-scale-ep.md @ 2db4e40)";
constexpr std::string_view kProfileAssumptions =
    "published setup: H800, balanced routing (the profile simulates it), two micro-batches; "
    "prefill EP32, 16,384 tokens per GPU of 4,096-token prompts; decode EP128, 128 requests per "
    "GPU at a 4 K KV length. Assumed (not published): 32 redundant experts in prefill as deployed "
    "(none fit EP128), MTP acceptance 0.8 in decode (SGLang compares its MTP run with this "
    "figure), DeepEP's normal kernels on 24 SMs. ridgepoint's FP8 prefill kernels come from "
    "DeepSeek's training profile, not these inference profiles";

// RTP-LLM's replay of DeepSeek's inference system on Alibaba Cloud Lingjun H800 (RoCE): a
// saturated benchmark, not a day average, with no prefix cache. Prefill: 4 nodes (EP32), two
// 4 K-token requests per GPU per step; decode: 18 nodes (EP144) under a 50 ms inter-token
// latency, 4 K in / 2 K out; MTP on.
constexpr std::string_view kRtpWorkload =
    R"("inputLength":4096,"outputLength":2048,"cacheHitRate":0,"tokensPerSecondPerUser":20,)"
    R"("prefillTokensPerGpu":8192)";

constexpr std::string_view kRtp =
    "RTP-LLM DeepSeek Replay Tech Report (rtp-llm.ai, references/deepseek/reporter): per H800 "
    "node under 1.6 s TTFT and 50 ms ITL";
constexpr std::string_view kRtpAssumptions =
    "published setup: EP32 prefill with two 4 K-token requests per GPU, EP144 decode, 4 K in / "
    "2 K out, no cache hits, 20 tokens/s per user (50 ms ITL), TP 1, DP = EP, MTP on. Assumed "
    "(not published): 32 redundant experts, MTP acceptance 0.8, DeepSeek's 24 SMs for DeepEP in "
    "prefill, 8 × 400 Gb/s per node as on DeepSeek's H800s (theirs is RoCE); the busiest GPU "
    "gets 11 % more routed tokens than the mean, as TensorRT-LLM measured with EPLB";

// SGLang's replication of DeepSeek's inference system on H100 nodes (InfiniBand, 8 GPUs each),
// each phase saturated on its own: prefill on 4 nodes (EP32), 16,384 prompt tokens per GPU;
// decode on 9 nodes (EP72), 256 sequences per GPU at a 2,000-token KV length, no MTP. DeepEP,
// DeepGEMM, two-batch overlap and EPLB with 32 redundant experts (288 in all).
constexpr ExpertParallelUnit kSglangUnit{"h100-sxm", "dgx-h100", 32, "0.11", "0"};

constexpr std::string_view kSglang =
    "SGLang team, \"Deploying DeepSeek with PD Disaggregation and Large-scale Expert Parallelism "
    "on 96 H100 GPUs\" (lmsys.org blog 2025-05-05; lm-sys/lm-sys.github.io "
    "blog/2025-05-05-large-scale-ep.md @ 2db4e40), per node";
constexpr std::string_view kSglangAssumptions =
    "published setup: H100 nodes of 8 GPUs on InfiniBand, DeepSeek-V3 in FP8 with a BF16 KV "
    "cache, DP attention, DeepEP (normal kernels in prefill, low-latency in decode), DeepGEMM, "
    "two-batch overlap, EPLB over 288 experts; prefill EP32 with 16,384 tokens of 4,096-token "
    "prompts per GPU; decode EP72 with 256 sequences per GPU at a 2,000-token KV length, no MTP. "
    "Assumed (not published): one 400 Gb/s NIC per GPU, DeepEP's normal kernels on 24 SMs as in "
    "DeepSeek's profile, the busiest GPU 11 % above the mean as TensorRT-LLM measured with EPLB "
    "(SGLang's own simulated perfect balance gives 59,337 prefill tokens/s per node)";

// SGLang's decode on 48 GPUs of a GB200 NVL72 (12 compute trays), the EP group inside the rack's
// NVLink domain; BF16 attention and FP8 MoE, no two-batch overlap (its all-to-all rides NVLink).
constexpr ExpertParallelUnit kSglangRackUnit{"gb200", "gb200-nvl72", 32, "0.11", "0", 1};

constexpr std::string_view kSglangRack =
    "SGLang team, \"Deploying DeepSeek on GB200 NVL72 with PD and Large Scale EP (Part II)\" "
    "(lmsys.org blog 2025-09-25; lm-sys/lm-sys.github.io blog/2025-09-25-gb200-part-2.md @ "
    "0f32018): BF16 attention and FP8 MoE, output tokens/s per GPU";
constexpr std::string_view kSglangRackAssumptions =
    "published setup: DeepSeek-V3 decode on 48 ranks of a GB200 NVL72 (EP48, DP attention), FP8 "
    "MoE GEMMs, BF16 attention and KV cache, 2,000-token prompts, the batch chosen to fill the "
    "KV cache, no MTP, DeepEP's low-latency kernels over the rack's NVLink. Assumed (not "
    "published): 1,900 prompt and 200 output tokens as in the H100 row (a 2,000-token KV length "
    "mid-output), EPLB over 288 experts, the busiest GPU 11 % above the mean as TensorRT-LLM "
    "measured, no overlap of the all-to-all with compute (SGLang overlaps the combine with the "
    "down GEMM and the shared expert), DeepEP's NVLink measurement on H800 (153 and 158 of 160 "
    "GB/s) as the share of NVLink 5 its kernels reach, Blackwell's FP8 GEMMs at the share of "
    "peak DeepGEMM measured on Hopper (they can reach it: stas00/ml-engineering's MAMF table, "
    "GB200 72.3 %, H100 70.9 %), its MLA decoding attention at 25 % of the BF16 peak: no dense "
    "MLA decoding kernel has been measured on Blackwell, so FlashMLA's dense one on H800 (660 "
    "TFLOPS) × the B200 / H800 ratio of its sparse one (350 / 410 TFLOPS, \"not really "
    "optimized yet\"), against 59 % on Hopper. ridgepoint reads 10.1 % high (with Hopper's "
    "share for the attention, 61 %). SGLang writes that many of its Blackwell kernels do not yet "
    "saturate the GPU, and this September figure is 20 % above its June one (7,583 tokens/s per "
    "GPU, same hardware)";

// TensorRT-LLM's offline throughput benchmark (trtllm-bench, PyTorch backend): requests at an
// infinite rate, `input` prompt and `output` output tokens each, prefill and decode on the same
// GPUs (in-flight batching), ModelOpt checkpoints (FP8 on DGX H100, NVFP4 on DGX B200), tensor
// parallel over the unit.
std::string trtllmServing(std::string_view machine, std::string_view node, int gpus,
                          std::string_view precision, int input, int output) {
  return R"("machine":")" + std::string(machine) + R"(","node":")" + std::string(node) +
         R"(","phase":"colocated","gpus":)" + std::to_string(gpus) + R"(,"tensorParallel":)" +
         std::to_string(gpus) + R"(,"precision":")" + std::string(precision) +
         R"(","kvBytes":1,"inputLength":)" + std::to_string(input) + R"(,"outputLength":)" +
         std::to_string(output) +
         R"(,"cacheHitRate":0,"tokensPerSecondPerUser":0,"mtpAcceptance":0)";
}

constexpr std::string_view kTrtllmFp4 =
    "NVIDIA TensorRT-LLM 0.19.0 documentation, Performance Overview "
    "(nvidia.github.io/TensorRT-LLM/0.19.0/performance/perf-overview.html): Llama 3.3 70B FP4, "
    "B200, TP 1, ISL/OSL 128/2048, total output throughput";
constexpr std::string_view kTrtllmFp4Assumptions =
    "published setup: nvidia/Llama-3.3-70B-Instruct-FP4 (NVFP4 weights), one B200 of a DGX B200 "
    "(180 GB), offline run at an infinite request rate, 128-token prompts and 2,048-token "
    "outputs, prefill interleaved with decode. Assumed (not published): an FP8 KV cache in "
    "TensorRT-LLM's default 90 % of the memory the weights and the runtime's 3.05 GiB leave, FP4 "
    "GEMMs at the fraction of "
    "their roof that FP8 GEMMs "
    "reach at the same relative intensity (the one published FP4 GEMM table found is of an "
    "untuned kernel: vLLM's CUTLASS NVFP4 GEMM on B200 before vllm-project/vllm#20646 tuned it, "
    "at most 3.9 of 9 PFLOP/s, 43 % of peak, at M 16,384, N 6,144, K 4,096), and no "
    "cost for quantising activations to FP4. ridgepoint reads high here, as on every TP 1 row "
    "of that table when they were checked (+32 % to +57 %, before the runtime's memory was "
    "reserved): the compute-bound FP4 figures are an upper bound. At FP8 the same setup reads "
    "22 % below the published FP4 figure";

constexpr std::string_view kTrtllm =
    "NVIDIA/TensorRT-LLM docs/source/performance/perf-overview.md @ 00f3768: total output "
    "throughput, ISL/OSL 1000/1000, H100 FP8 (per GPU: divided by the unit's GPUs)";
constexpr std::string_view kTrtllmAssumptions =
    "published setup: FP8 weights, offline run at an infinite request rate (no per-user speed "
    "target), 1,000-token prompts and outputs, prefill interleaved with decode on the same GPUs, "
    "TP over the unit (1, 2 and 8 H100), Llama 3.3 70B with Llama 3.1 70B's architecture. "
    "Assumed (not published): an FP8 KV cache (ModelOpt's FP8 export writes kv_cache_quant_algo "
    "FP8: NVIDIA/TensorRT-Model-Optimizer modelopt/torch/export/convert_hf_config.py @ 4c611e4; "
    "with a BF16 cache ridgepoint reads 36.5 %, 34 % and 9.5 % below the published figures), every "
    "request's KV reserved for its whole 2,000 tokens (TensorRT-LLM's default scheduler never "
    "evicts), prefill passes of 16 K tokens, the KV cache in TensorRT-LLM's default 90 % "
    "(free_gpu_memory_fraction) of the memory the weights and the runtime's 3.05 GiB "
    "(runtimeBytesPerGpu) leave";

constexpr std::string_view kTrtllmMoeAssumptions =
    "published setup: nvidia/Qwen3-235B-A22B-FP8 (FP8 weights), offline run at an infinite "
    "request rate, 1,000-token prompts and outputs, prefill interleaved with decode, 8 H100 under "
    "the table's 'TP8' (its MoE command also takes an EP size and may turn on attention data "
    "parallelism; the row gives neither). Assumed (not published): tensor parallelism over the 8 "
    "GPUs for attention and experts alike (every expert split 8 ways), an FP8 KV cache reserved "
    "for each request's 2,000 tokens in TensorRT-LLM's default 90 % of the memory the weights "
    "and the runtime's 3.05 GiB leave, prefill passes of 16 K tokens, as on the table's Llama "
    "rows";

// ISCA'25 Table 4, MPFT column: the phases of one step (they sum to 19.90 s).
constexpr std::array<PublishedPhase, 6> kV3Breakdown{
    {{"1F", 1.13}, {"1B", 1.99}, {"1W", 0.48}, {"1F1B", 13.95}, {"bubble", 2.06}, {"opt", 0.29}}};

std::string_view presetConfig(std::string_view model) {
  for (const ModelPreset& preset : models()) {
    if (preset.id == model) return preset.config.text;
  }
  return "{}";
}

// The calculator's input: the config (a preset's or the row's own) and the setup, as text: the
// list is written without parsing 40 configs first (the page's first read of it took 10-28 ms
// of the core's time in Node when each was parsed).
JsonText setupInput(std::string_view config, std::string_view setup) {
  return {R"({"config":)" + std::string(config) + "," + std::string(setup) + "}"};
}

// One row of a Megatron-Bridge performance summary. The table prints tokens/s per GPU; the row
// compares the whole job's tokens/s, that figure times the plan's GPUs. `config` is the row's own
// config.json where the model is not a preset (model "") or not the preset's release.
struct BridgeRow {
  std::string_view id, name, model;
  std::string_view config = {};
  BridgePlan plan;
  double tokens_per_gpu = 0;
  std::string_view source, assumptions;
};

Deployment bridgeRow(const BridgeRow& row) {
  return {.id = row.id,
          .name = row.name,
          .calculator = "trainingStep",
          .model = row.model,
          .input = setupInput(row.config.empty() ? presetConfig(row.model) : row.config,
                              bridgeTraining(row.plan)),
          .output = "tokensPerSecond",
          .published = row.tokens_per_gpu * row.plan.gpus,
          .unit = "tokens/s",
          .source = row.source,
          .assumptions = row.assumptions,
          .published_breakdown = {}};
}

}  // namespace

std::span<const Deployment> deployments() {
  static const auto kDeployments = std::to_array<Deployment>({
      {.id = "deepseek-v3-step",
       .name = "DeepSeek-V3 training step, 2048 H800",
       .calculator = "trainingStep",
       .model = "deepseek-v3",
       .input = setupInput(presetConfig("deepseek-v3"), kV3Training),
       .output = "stepTime",
       .published = 19.926,
       .unit = "s",
       .source = kIsca,
       .assumptions = kV3Assumptions,
       .published_breakdown = {kV3Breakdown.begin(), kV3Breakdown.end()}},
      {.id = "deepseek-v3-mfu",
       .name = "DeepSeek-V3 causal MFU, 2048 H800",
       .calculator = "trainingStep",
       .model = "deepseek-v3",
       .input = setupInput(presetConfig("deepseek-v3"), kV3Training),
       .output = "mfu",
       .published = 0.3894,
       .unit = "1",
       .source = kIsca,
       .assumptions = kV3Assumptions,
       .published_breakdown = {kV3Breakdown.begin(), kV3Breakdown.end()}},
      {.id = "megatron-1.7b",
       .name = "Megatron-LM GPT 1.7B, 32 A100",
       .calculator = "trainingStep",
       .model = "",
       .input = setupInput(kGpt1_7b, kMegatron1_7b),
       .output = "hardwareFlopsPerGpu",
       .published = 137e12,
       .unit = "FLOP/s",
       .source = kMegatron,
       .assumptions = kMegatronAssumptions,
       .published_breakdown = {}},
      {.id = "megatron-1t",
       .name = "Megatron-LM GPT 1 T, 3072 A100",
       .calculator = "trainingStep",
       .model = "",
       .input = setupInput(kGpt1t, kMegatron1t),
       .output = "hardwareFlopsPerGpu",
       .published = 163e12,
       .unit = "FLOP/s",
       .source = kMegatron,
       .assumptions = kMegatronAssumptions,
       .published_breakdown = {}},
      {.id = "mt-nlg-530b",
       .name = "Megatron-Turing NLG 530B, 2240 A100",
       .calculator = "trainingStep",
       .model = "",
       .input = setupInput(kMtNlg530b, kMtNlgTraining),
       .output = "stepTime",
       .published = 60.1,
       .unit = "s",
       .source = kMtNlg,
       .assumptions = kMtNlgAssumptions,
       .published_breakdown = {}},
      {.id = "nemotron4-340b-6144",
       .name = "Nemotron-4 340B, 6,144 H100",
       .calculator = "trainingStep",
       .model = "",
       .input = setupInput(kNemotron4340b, kNemotron4Training),
       .output = "stepTime",
       .published = 8.0,
       .unit = "s",
       .source = kNemotron4,
       .assumptions = kNemotron4Assumptions,
       .published_breakdown = {}},
      {.id = "llama3-405b-8k-8192",
       .name = "Llama 3 405B, 8 K tokens, 8,192 H100",
       .calculator = "trainingStep",
       .model = "llama-3.1-405b",
       .input = setupInput(presetConfig("llama-3.1-405b"), llamaTraining(8192, 1, 8192)),
       .output = "modelFlopsPerGpu",
       .published = 430e12,
       .unit = "FLOP/s",
       .source = kLlama,
       .assumptions = kLlamaAssumptions,
       .published_breakdown = {}},
      {.id = "llama3-405b-8k-16384",
       .name = "Llama 3 405B, 8 K tokens, 16,384 H100",
       .calculator = "trainingStep",
       .model = "llama-3.1-405b",
       .input = setupInput(presetConfig("llama-3.1-405b"), llamaTraining(16384, 1, 8192)),
       .output = "modelFlopsPerGpu",
       .published = 400e12,
       .unit = "FLOP/s",
       .source = kLlama,
       .assumptions = kLlamaAssumptions,
       .published_breakdown = {}},
      {.id = "llama3-405b-128k-16384",
       .name = "Llama 3 405B, 128 K tokens (CP 16), 16,384 H100",
       .calculator = "trainingStep",
       .model = "llama-3.1-405b",
       .input = setupInput(presetConfig("llama-3.1-405b"), llamaTraining(16384, 16, 131072)),
       .output = "modelFlopsPerGpu",
       .published = 380e12,
       .unit = "FLOP/s",
       .source = kLlama,
       .assumptions = kLlamaAssumptions,
       .published_breakdown = {}},
      bridgeRow({.id = "bridge-llama3-70b",
                 .name = "Megatron-Bridge Llama 3 70B FP8, 64 H100 (tokens/s, all GPUs)",
                 .model = "llama-3.1-70b",
                 .plan = {.gpus = 64, .tp = 4, .pp = 8, .vp = 5, .batch = 256},
                 .tokens_per_gpu = 1621.0,
                 .source = kBridge,
                 .assumptions = kBridgeAssumptions}),
      bridgeRow({.id = "bridge-llama3.1-405b",
                 .name = "Megatron-Bridge Llama 3.1 405B FP8, 1,024 H100 (tokens/s, all GPUs)",
                 .model = "llama-3.1-405b",
                 .plan = {.gpus = 1024, .tp = 8, .pp = 8, .cp = 2, .vp = 8, .batch = 1536},
                 .tokens_per_gpu = 311.0,
                 .source = kBridge,
                 .assumptions = kBridgeAssumptions}),
      bridgeRow({.id = "bridge-llama3-8b",
                 .name = "Megatron-Bridge Llama 3 8B FP8 (FSDP), 8 H100 (tokens/s, all GPUs)",
                 .model = "llama-3.1-8b",
                 .plan = {.gpus = 8, .batch = 128, .zero_stage = 3},
                 .tokens_per_gpu = 14451.0,
                 .source = kBridge,
                 .assumptions = kBridgeAssumptions}),
      bridgeRow(
          {.id = "bridge-qwen3-30b-a3b-token-drop",
           .name =
               "Megatron-Bridge Qwen3-30B-A3B FP8, 16 H100, token drop (25.09; tokens/s, all GPUs)",
           .model = "qwen3-30b-a3b",
           .plan = kBridgeQwen3Plan,
           .tokens_per_gpu = 10494.0,
           .source = kBridgeMoe,
           .assumptions = kBridgeMoeAssumptions}),
      bridgeRow(
          {.id = "bridge-qwen3-30b-a3b-dropless",
           .name =
               "Megatron-Bridge Qwen3-30B-A3B FP8, 16 H100, dropless (25.11; tokens/s, all GPUs)",
           .model = "qwen3-30b-a3b",
           .plan = kBridgeQwen3Plan,
           .tokens_per_gpu = 5275.0,
           .source = kBridgeMoe,
           .assumptions = kBridgeMoeAssumptions}),
      bridgeRow(
          {.id = "bridge-nemotron-3-nano",
           .name = "Megatron-Bridge Nemotron 3 Nano 30B-A3B FP8 (Mamba-2 hybrid), 16 H100 (26.06; "
                   "tokens/s, all GPUs)",
           .model = "",
           .config = kNemotron3Nano,
           .plan = kBridgeNemotronPlan,
           .tokens_per_gpu = 14719.0,
           .source = kBridgeNemotron,
           .assumptions = kBridgeNemotronAssumptions}),
      bridgeRow({.id = "bridge-gb200-deepseek-v3",
                 .name = "Megatron-Bridge DeepSeek-V3 MXFP8, 256 GB200 (26.08; tokens/s, all GPUs)",
                 .model = "deepseek-v3",
                 .plan = blackwellBridgePlan({.gpus = 256,
                                              .pp = 4,
                                              .vp = 4,
                                              .ep = 64,
                                              .batch = 4096,
                                              .mtp_modules = 1,
                                              .expert_parallel_overlap = true}),
                 .tokens_per_gpu = 4912.0,
                 .source = kBridgeRack,
                 .assumptions = kBridgeRackAssumptions}),
      bridgeRow(
          {.id = "bridge-gb200-qwen3-235b-a22b",
           .name = "Megatron-Bridge Qwen3-235B-A22B MXFP8, 256 GB200 (26.08; tokens/s, all GPUs)",
           .model = "qwen3-235b-a22b",
           .plan = blackwellBridgePlan({.gpus = 256,
                                        .pp = 8,
                                        .vp = 3,
                                        .ep = 32,
                                        .batch = 8192,
                                        .expert_parallel_overlap = true}),
           .tokens_per_gpu = 7280.0,
           .source = kBridgeRack,
           .assumptions = kBridgeRackAssumptions}),
      bridgeRow({.id = "bridge-gb200-qwen3-30b-a3b",
                 .name = "Megatron-Bridge Qwen3-30B-A3B MXFP8, 8 GB200 (26.08; tokens/s, all GPUs)",
                 .model = "qwen3-30b-a3b",
                 .plan = blackwellBridgePlan({.gpus = 8,
                                              .ep = 8,
                                              .batch = 512,
                                              .micro_batch = 4,
                                              .expert_parallel_overlap = true}),
                 .tokens_per_gpu = 39936.0,
                 .source = kBridgeRack,
                 .assumptions = kBridgeRackAssumptions}),
      bridgeRow({.id = "bridge-gb200-gpt-oss-120b",
                 .name = "Megatron-Bridge gpt-oss-120b MXFP8, 64 GB200 (26.08; tokens/s, all GPUs)",
                 .model = "gpt-oss-120b",
                 .plan = blackwellBridgePlan({.gpus = 64,
                                              .ep = 64,
                                              .batch = 1280,
                                              .micro_batch = 4,
                                              .expert_parallel_overlap = true}),
                 .tokens_per_gpu = 28672.0,
                 .source = kBridgeRack,
                 .assumptions = kBridgeRackAssumptions}),
      bridgeRow(
          {.id = "bridge-gb200-deepseek-v4-flash",
           .name = "Megatron-Bridge DeepSeek-V4-Flash MXFP8, 128 GB200 (26.08; tokens/s, all GPUs)",
           .model = "",
           .config = kDeepseekV4FlashApril,
           .plan = blackwellBridgePlan({.gpus = 128, .ep = 64, .batch = 2048, .mtp_modules = 1}),
           .tokens_per_gpu = 7776.0,
           .source = kBridgeRack,
           .assumptions = kBridgeDeepseekV4Assumptions}),
      bridgeRow(
          {.id = "bridge-gb200-nemotron-3-super",
           .name =
               "Megatron-Bridge Nemotron 3 Super 120B-A12B MXFP8 (Mamba-2 hybrid, LatentMoE), 64 "
               "GB200 (26.08; tokens/s, all GPUs)",
           .model = "",
           .config = kNemotron3Super,
           .plan = blackwellBridgePlan(
               {.gpus = 64, .tp = 2, .ep = 64, .batch = 512, .mtp_modules = 2}, 8192),
           .tokens_per_gpu = 7040.0,
           .source = kBridgeRack,
           .assumptions = kBridgeNemotronSuperAssumptions}),
      bridgeRow(
          {.id = "bridge-gb200-nemotron-3-ultra",
           .name =
               "Megatron-Bridge Nemotron 3 Ultra 550B-A55B MXFP8 (Mamba-2 hybrid, LatentMoE), 256 "
               "GB200 (26.08; tokens/s, all GPUs)",
           .model = "",
           .config = kNemotron3Ultra,
           .plan = blackwellBridgePlan({.gpus = 256,
                                        .tp = 2,
                                        .ep = 64,
                                        .batch = 256,
                                        .zero_stage = 3,
                                        .mtp_modules = 2,
                                        .recompute = "selective"},
                                       8192),
           .tokens_per_gpu = 2528.0,
           .source = kBridgeRack,
           .assumptions = kBridgeNemotronUltraAssumptions}),
      bridgeRow({.id = "bridge-gb300-deepseek-v3",
                 .name = "Megatron-Bridge DeepSeek-V3 MXFP8, 256 GB300 (26.08; tokens/s, all GPUs)",
                 .model = "deepseek-v3",
                 .plan = blackwellUltraBridgePlan({.gpus = 256,
                                                   .pp = 2,
                                                   .vp = 8,
                                                   .ep = 32,
                                                   .batch = 4096,
                                                   .mtp_modules = 1,
                                                   .expert_parallel_overlap = true}),
                 .tokens_per_gpu = 6288.0,
                 .source = kBridgeUltraRack,
                 .assumptions = kBridgeUltraRackAssumptions}),
      bridgeRow(
          {.id = "bridge-gb300-qwen3-235b-a22b",
           .name = "Megatron-Bridge Qwen3-235B-A22B MXFP8, 256 GB300 (26.08; tokens/s, all GPUs)",
           .model = "qwen3-235b-a22b",
           .plan = blackwellUltraBridgePlan({.gpus = 256,
                                             .pp = 4,
                                             .vp = 12,
                                             .ep = 32,
                                             .batch = 8192,
                                             .micro_batch = 2,
                                             .expert_parallel_overlap = true}),
           .tokens_per_gpu = 8816.0,
           .source = kBridgeUltraRack,
           .assumptions = kBridgeUltraRackAssumptions}),
      bridgeRow({.id = "bridge-gb300-qwen3-30b-a3b",
                 .name = "Megatron-Bridge Qwen3-30B-A3B MXFP8, 8 GB300 (26.08; tokens/s, all GPUs)",
                 .model = "qwen3-30b-a3b",
                 .plan = blackwellUltraBridgePlan({.gpus = 8,
                                                   .ep = 8,
                                                   .batch = 512,
                                                   .micro_batch = 8,
                                                   .expert_parallel_overlap = true}),
                 .tokens_per_gpu = 44544.0,
                 .source = kBridgeUltraRack,
                 .assumptions = kBridgeUltraRackAssumptions}),
      bridgeRow({.id = "bridge-gb300-gpt-oss-120b",
                 .name = "Megatron-Bridge gpt-oss-120b MXFP8, 64 GB300 (26.08; tokens/s, all GPUs)",
                 .model = "gpt-oss-120b",
                 .plan = blackwellUltraBridgePlan({.gpus = 64,
                                                   .ep = 16,
                                                   .batch = 1280,
                                                   .micro_batch = 4,
                                                   .expert_parallel_overlap = true}),
                 .tokens_per_gpu = 33024.0,
                 .source = kBridgeUltraRack,
                 .assumptions = kBridgeUltraRackAssumptions}),
      bridgeRow(
          {.id = "bridge-gb300-deepseek-v4-flash",
           .name = "Megatron-Bridge DeepSeek-V4-Flash MXFP8, 128 GB300 (26.08; tokens/s, all GPUs)",
           .model = "",
           .config = kDeepseekV4FlashApril,
           .plan =
               blackwellUltraBridgePlan({.gpus = 128, .ep = 64, .batch = 2048, .mtp_modules = 1}),
           .tokens_per_gpu = 8224.0,
           .source = kBridgeUltraRack,
           .assumptions = kBridgeUltraRackAssumptions}),
      bridgeRow(
          {.id = "bridge-gb300-nemotron-3-nano",
           .name =
               "Megatron-Bridge Nemotron 3 Nano 30B-A3B MXFP8 (Mamba-2 hybrid), 8 GB300 (26.08; "
               "tokens/s, all GPUs)",
           .model = "",
           .config = kNemotron3Nano,
           .plan =
               blackwellUltraBridgePlan({.gpus = 8, .ep = 8, .batch = 512, .micro_batch = 4}, 8192),
           .tokens_per_gpu = 39936.0,
           .source = kBridgeUltraRack,
           .assumptions = kBridgeUltraRackNemotronAssumptions}),
      bridgeRow(
          {.id = "bridge-gb300-nemotron-3-super",
           .name =
               "Megatron-Bridge Nemotron 3 Super 120B-A12B MXFP8 (Mamba-2 hybrid, LatentMoE), 64 "
               "GB300 (26.08; tokens/s, all GPUs)",
           .model = "",
           .config = kNemotron3Super,
           .plan = blackwellUltraBridgePlan({.gpus = 64, .ep = 64, .batch = 512, .mtp_modules = 2},
                                            8192),
           .tokens_per_gpu = 9856.0,
           .source = kBridgeUltraRack,
           .assumptions = kBridgeUltraRackNemotronAssumptions}),
      bridgeRow(
          {.id = "bridge-gb300-nemotron-3-ultra",
           .name =
               "Megatron-Bridge Nemotron 3 Ultra 550B-A55B MXFP8 (Mamba-2 hybrid, LatentMoE), 256 "
               "GB300 (26.08; tokens/s, all GPUs)",
           .model = "",
           .config = kNemotron3Ultra,
           .plan = blackwellUltraBridgePlan({.gpus = 256,
                                             .ep = 64,
                                             .batch = 256,
                                             .zero_stage = 3,
                                             .mtp_modules = 2,
                                             .recompute = "selective"},
                                            8192),
           .tokens_per_gpu = 3552.0,
           .source = kBridgeUltraRack,
           .assumptions = kBridgeUltraRackNemotronAssumptions}),
      bridgeRow(
          {.id = "bridge-h100-qwen3-235b-a22b",
           .name = "Megatron-Bridge Qwen3-235B-A22B FP8, 256 H100 (26.06; tokens/s, all GPUs)",
           .model = "qwen3-235b-a22b",
           .plan = {.gpus = 256,
                    .tp = 2,
                    .pp = 8,
                    .vp = 4,
                    .ep = 32,
                    .batch = 8192,
                    .seq_len = 4096,
                    .expert_parallel_overlap = true},
           .tokens_per_gpu = 1712.0,
           .source = kBridgeH100Moe,
           .assumptions = kBridgeH100MoeAssumptions}),
      bridgeRow(
          {.id = "bridge-h100-qwen3-30b-a3b-ep16",
           .name = "Megatron-Bridge Qwen3-30B-A3B FP8, 16 H100, EP 16 (26.06; tokens/s, all GPUs)",
           .model = "qwen3-30b-a3b",
           .plan = {.gpus = 16, .ep = 16, .batch = 1024, .seq_len = 4096},
           .tokens_per_gpu = 8826.0,
           .source = kBridgeH100Moe,
           .assumptions = kBridgeH100MoeAssumptions}),
      bridgeRow(
          {.id = "bridge-h100-gpt-oss-120b",
           .name = "Megatron-Bridge gpt-oss-120b BF16, 64 H100 (26.06; tokens/s, all GPUs)",
           .model = "gpt-oss-120b",
           .plan =
               {.gpus = 64, .pp = 4, .ep = 8, .batch = 1280, .seq_len = 4096, .precision = "bf16"},
           .tokens_per_gpu = 5824.0,
           .source = kBridgeH100Moe,
           .assumptions = kBridgeH100MoeAssumptions}),
      {.id = "deepseek-v3-prefill",
       .name = "DeepSeek-V3 prefill, H800 node (EP32)",
       .calculator = "servingThroughput",
       .model = "deepseek-v3",
       .input = setupInput(presetConfig("deepseek-v3"),
                           expertParallelServing(kH800Unit, "prefill", 32, kV3Workload)),
       .output = "tokensPerSecondPerNode",
       .published = 73.7e3,
       .unit = "tokens/s",
       .source = kServing,
       .assumptions = kServingAssumptions,
       .published_breakdown = {}},
      {.id = "deepseek-v3-decode",
       .name = "DeepSeek-V3 decode, H800 node (EP144)",
       .calculator = "servingThroughput",
       .model = "deepseek-v3",
       .input = setupInput(presetConfig("deepseek-v3"),
                           expertParallelServing(kH800Unit, "decode", 144, kV3Workload)),
       .output = "tokensPerSecondPerNode",
       .published = 14.8e3,
       .unit = "tokens/s",
       .source = kServing,
       .assumptions = kServingAssumptions,
       .published_breakdown = {}},
      {.id = "deepseek-v3-prefill-profile",
       .name = "DeepSeek-V3 prefill profile, H800 node (EP32), saturated",
       .calculator = "servingThroughput",
       .model = "deepseek-v3",
       .input =
           setupInput(presetConfig("deepseek-v3"),
                      expertParallelServing(kProfilePrefill, "prefill", 32,
                                            R"("inputLength":4096,"outputLength":1024,)"
                                            R"("cacheHitRate":0,"prefillTokensPerGpu":16384)")),
       .output = "tokensPerSecondPerNode",
       .published = 62713,
       .unit = "tokens/s",
       .source = kProfileRows,
       .assumptions = kProfileAssumptions,
       .published_breakdown = {}},
      {.id = "deepseek-v3-decode-profile",
       .name = "DeepSeek-V3 decode profile, H800 node (EP128), saturated",
       .calculator = "servingThroughput",
       .model = "deepseek-v3",
       // A 4 K KV length at mid-output: 4,032 prompt and 128 output tokens.
       .input = setupInput(presetConfig("deepseek-v3"),
                           expertParallelServing(kProfileDecode, "decode", 128,
                                                 R"("inputLength":4032,"outputLength":128,)"
                                                 R"("cacheHitRate":0,"decodeBatchPerGpu":128)")),
       .output = "tokensPerSecondPerNode",
       .published = 18598,
       .unit = "tokens/s",
       .source = kProfileRows,
       .assumptions = kProfileAssumptions,
       .published_breakdown = {}},
      {.id = "rtp-llm-v3-prefill",
       .name = "RTP-LLM DeepSeek-V3 prefill, H800 node (EP32)",
       .calculator = "servingThroughput",
       .model = "deepseek-v3",
       .input = setupInput(presetConfig("deepseek-v3"),
                           expertParallelServing(kH800Unit, "prefill", 32, kRtpWorkload)),
       .output = "tokensPerSecondPerNode",
       .published = 42.6e3,
       .unit = "tokens/s",
       .source = kRtp,
       .assumptions = kRtpAssumptions,
       .published_breakdown = {}},
      {.id = "rtp-llm-v3-decode",
       .name = "RTP-LLM DeepSeek-V3 decode, H800 node (EP144)",
       .calculator = "servingThroughput",
       .model = "deepseek-v3",
       .input = setupInput(presetConfig("deepseek-v3"),
                           expertParallelServing(kH800Unit, "decode", 144, kRtpWorkload)),
       .output = "tokensPerSecondPerNode",
       .published = 14.7e3,
       .unit = "tokens/s",
       .source = kRtp,
       .assumptions = kRtpAssumptions,
       .published_breakdown = {}},
      {.id = "sglang-v3-prefill",
       .name = "SGLang DeepSeek-V3 prefill, H100 node (EP32), 4 K prompts",
       .calculator = "servingThroughput",
       .model = "deepseek-v3",
       .input =
           setupInput(presetConfig("deepseek-v3"),
                      expertParallelServing(kSglangUnit, "prefill", 32,
                                            R"("inputLength":4096,"outputLength":100,)"
                                            R"("cacheHitRate":0,"prefillTokensPerGpu":16384)")),
       .output = "tokensPerSecondPerNode",
       .published = 50302,
       .unit = "tokens/s",
       .source = kSglang,
       .assumptions = kSglangAssumptions,
       .published_breakdown = {}},
      {.id = "sglang-v3-decode",
       .name = "SGLang DeepSeek-V3 decode, H100 node (EP72), 256 sequences per GPU",
       .calculator = "servingThroughput",
       .model = "deepseek-v3",
       // A 2,000-token KV length at mid-output: 1,900 prompt and 200 output tokens.
       .input = setupInput(presetConfig("deepseek-v3"),
                           expertParallelServing(kSglangUnit, "decode", 72,
                                                 R"("inputLength":1900,"outputLength":200,)"
                                                 R"("cacheHitRate":0,"decodeBatchPerGpu":256)")),
       .output = "tokensPerSecondPerNode",
       .published = 22282,
       .unit = "tokens/s",
       .source = kSglang,
       .assumptions = kSglangAssumptions,
       .published_breakdown = {}},
      {.id = "sglang-v3-decode-gb200",
       .name = "SGLang DeepSeek-V3 decode, GB200 NVL72 (EP48), 2 K prompts",
       .calculator = "servingThroughput",
       .model = "deepseek-v3",
       .input = setupInput(presetConfig("deepseek-v3"),
                           expertParallelServing(kSglangRackUnit, "decode", 48,
                                                 R"("inputLength":1900,"outputLength":200,)"
                                                 R"("cacheHitRate":0)")),
       .output = "tokensPerSecondPerGpu",
       .published = 9087,
       .unit = "tokens/s",
       .source = kSglangRack,
       .assumptions = kSglangRackAssumptions,
       .published_breakdown = {}},
      {.id = "trtllm-llama-3.1-8b",
       .name = "TensorRT-LLM Llama 3.1 8B FP8, 1 H100, 1000/1000",
       .calculator = "servingThroughput",
       .model = "llama-3.1-8b",
       .input = setupInput(presetConfig("llama-3.1-8b"),
                           trtllmServing("h100-sxm", "dgx-h100", 1, "fp8", 1000, 1000)),
       .output = "tokensPerSecondPerGpu",
       .published = 15220,
       .unit = "tokens/s",
       .source = kTrtllm,
       .assumptions = kTrtllmAssumptions,
       .published_breakdown = {}},
      {.id = "trtllm-llama-3.3-70b",
       .name = "TensorRT-LLM Llama 3.3 70B FP8, 2 H100 (TP 2), 1000/1000",
       .calculator = "servingThroughput",
       .model = "llama-3.1-70b",
       .input = setupInput(presetConfig("llama-3.1-70b"),
                           trtllmServing("h100-sxm", "dgx-h100", 2, "fp8", 1000, 1000)),
       .output = "tokensPerSecondPerGpu",
       .published = 4205.0 / 2,
       .unit = "tokens/s",
       .source = kTrtllm,
       .assumptions = kTrtllmAssumptions,
       .published_breakdown = {}},
      {.id = "trtllm-llama-3.1-405b",
       .name = "TensorRT-LLM Llama 3.1 405B FP8, 8 H100 (TP 8), 1000/1000",
       .calculator = "servingThroughput",
       .model = "llama-3.1-405b",
       .input = setupInput(presetConfig("llama-3.1-405b"),
                           trtllmServing("h100-sxm", "dgx-h100", 8, "fp8", 1000, 1000)),
       .output = "tokensPerSecondPerGpu",
       .published = 2919.0 / 8,
       .unit = "tokens/s",
       .source = kTrtllm,
       .assumptions = kTrtllmAssumptions,
       .published_breakdown = {}},
      {.id = "trtllm-qwen3-235b-a22b",
       .name = "TensorRT-LLM Qwen3-235B-A22B FP8, 8 H100 (TP 8), 1000/1000",
       .calculator = "servingThroughput",
       .model = "qwen3-235b-a22b",
       .input = setupInput(presetConfig("qwen3-235b-a22b"),
                           trtllmServing("h100-sxm", "dgx-h100", 8, "fp8", 1000, 1000)),
       .output = "tokensPerSecondPerGpu",
       .published = 14898.0 / 8,
       .unit = "tokens/s",
       .source = kTrtllm,
       .assumptions = kTrtllmMoeAssumptions,
       .published_breakdown = {}},
      {.id = "trtllm-llama-3.3-70b-fp4-b200",
       .name = "TensorRT-LLM Llama 3.3 70B FP4, 1 B200, 128/2048",
       .calculator = "servingThroughput",
       .model = "llama-3.1-70b",
       .input = setupInput(presetConfig("llama-3.1-70b"),
                           trtllmServing("b200", "dgx-b200", 1, "fp4", 128, 2048)),
       .output = "tokensPerSecondPerGpu",
       .published = 9925.00,
       .unit = "tokens/s",
       .source = kTrtllmFp4,
       .assumptions = kTrtllmFp4Assumptions,
       .published_breakdown = {}},
  });
  return kDeployments;
}

}  // namespace ridgepoint
