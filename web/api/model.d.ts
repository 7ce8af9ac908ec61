// Type declarations for the model part of the ridgepoint JS API. Sizes in B, compute in FLOP and
// FLOP/s, times in s, GPU-hours in h, money in $. A rejected input throws RidgepointError naming
// the field (for a config: "config." and its key path, e.g. "config.num_attention_heads").
import type { Bound, RoofInput } from './ridgepoint.mjs';

/**
 * A parsed Hugging Face config.json. The core reads it through one table of keys (with each
 * family's spelling: n_embd, num_local_experts, …) and the family defaults of its model_type;
 * keys it does not use come back in `ignoredKeys`, defaults it applies in `assumed`.
 */
export type HfConfig = { [key: string]: unknown };

/** How the KV cache is stored. */
export interface KvFormat {
  /** B per cached element: 2 BF16, 1 FP8. Default 2. */
  kvBytes?: number;
  /** Elements per quantisation scale (0: none). Default 0. */
  kvScaleGroupSize?: number;
  /** B per scale. Default 4. */
  kvScaleBytes?: number;
}

/** A model: `{ config }` with a parsed config.json (default: Llama-3.1-8B's), plus options. */
export type ModelInput<Options> = { config?: HfConfig } & KvFormat & Options;

export type AttentionKind = 'mha' | 'gqa' | 'mqa' | 'mla';

/** A default applied for a key the config left out, with the rule that gave it. */
export interface ConfigAssumption {
  key: string;
  rule: string;
}

/** Consecutive layers of one kind: attention, window (0: full) and FFN. */
export interface LayerRun {
  first: number;
  count: number;
  attention: AttentionKind;
  window: number;
  /** Llama 4: the window is a fixed chunk of `window` tokens. */
  chunked: boolean;
  ffn: 'dense' | 'moe';
}

export interface ModelNote {
  /** The config key the note is about. */
  field: string;
  text: string;
}

export interface ParamComponent {
  name: 'embedding' | 'attention' | 'dense FFN' | 'routed experts' | 'shared experts' | 'router' | 'norms' | 'LM head' | 'position embedding';
  params: number;
  /** Parameters one token touches. */
  activeParams: number;
  formula: string;
}

export interface ModelStatsOptions {
  /** Training sequence length. Default 4096. */
  seqLen?: number;
  /** Count only the lower triangle of attention. Default true. */
  causal?: boolean;
}

export interface ModelStatsResult {
  attention: AttentionKind;
  headDim: number;
  kvHeads: number;
  denseLayers: number;
  moeLayers: number;
  totalParams: number;
  activeParams: number;
  totalParamsWithoutEmbeddings: number;
  activeParamsWithoutEmbeddings: number;
  totalMatmulParams: number;
  /** N_act of ISCA'25 Table 2: includes the LM head, excludes the embedding and norms. */
  activeMatmulParams: number;
  kvBytesPerToken: number;
  kvBytesPerSequence: number;
  /** 6 · activeMatmulParams */
  matmulFlopsPerToken: number;
  attentionFlopsPerToken: number;
  trainingFlopsPerToken: number;
  forwardFlopsPerToken: number;
  denseEquivalentFlopsPerToken: number;
  sparsitySaving: number;
  /** DeepSeek-V3's multi-token prediction modules, outside totalParams. */
  mtpParams: number;
  /** The model_type whose rules applied ('' when unknown). */
  family: string;
  layers: LayerRun[];
  components: ParamComponent[];
  ignoredKeys: string[];
  assumed: ConfigAssumption[];
  notes: ModelNote[];
}

export interface KvCacheOptions {
  /** Default 4096. */
  contextLength?: number;
  /** Default 1. */
  batch?: number;
  /** B per device. Default 80e9. */
  memoryCapacity?: number;
  /** Default 1. */
  devices?: number;
  /** Default 2. */
  weightBytesPerParam?: number;
  /** Another model's KV bytes per token (0: none). Default 0. */
  referenceKvBytesPerToken?: number;
}

export interface KvCacheResult {
  attention: AttentionKind;
  kvBytesPerToken: number;
  kvBytesPerSequence: number;
  kvBytesTotal: number;
  weightBytes: number;
  freeBytes: number;
  tokensThatFit: number;
  sequencesThatFit: number;
  fits: boolean;
  ratioToReference: number | null;
  ignoredKeys: string[];
  assumed: ConfigAssumption[];
  notes: ModelNote[];
}

export interface WeightMemoryInput {
  /** Default 671e9. */
  params?: number;
  /** Default 128. */
  blockSide?: number;
  /** Default 128. */
  tileLength?: number;
  /** Default 4. */
  scaleBytes?: number;
}

export interface WeightFormat {
  format: string;
  bytesPerParam: number;
  bytes: number;
  scaleOverhead: number;
  formula: string;
}

export interface TrainingMemoryInput {
  params?: number;
  dataParallel?: number;
  /** 0–3. Default 0. */
  zeroStage?: number;
  modelParallel?: number;
  weightBytes?: number;
  gradientBytes?: number;
  masterBytes?: number;
  /** B per AdamW moment (two per weight). Default 4. */
  momentBytes?: number;
}

export interface TrainingMemoryResult {
  paramsPerGpu: number;
  bytesPerParam: number;
  weightBytes: number;
  gradientBytes: number;
  masterWeightBytes: number;
  optimizerBytes: number;
  totalBytes: number;
}

export interface TrainingRunInput {
  /** Required. */
  flopsPerToken: number;
  /** Required. */
  tokens: number;
  gpus?: number;
  peakFlops?: number;
  mfu?: number;
  pricePerGpuHour?: number;
  /** A measured throughput, to infer the MFU (0: none). */
  measuredTokensPerDay?: number;
}

export interface TrainingRunResult {
  totalFlops: number;
  gpuHours: number;
  days: number;
  cost: number;
  tokensPerDay: number;
  gpuHoursPerTrillionTokens: number;
  impliedMfu: number | null;
  achievedFlopsPerGpu: number | null;
}

export interface TrainingBudgetInput {
  pretrainingTokens?: number;
  gpuHoursPerTrillionTokens?: number;
  contextExtensionGpuHours?: number;
  postTrainingGpuHours?: number;
  pricePerGpuHour?: number;
  gpus?: number;
}

export interface TrainingBudgetResult {
  pretrainingGpuHours: number;
  totalGpuHours: number;
  pretrainingCost: number;
  contextExtensionCost: number;
  postTrainingCost: number;
  totalCost: number;
  daysPerTrillionTokens: number;
  pretrainingDays: number;
}

export interface ModelInferenceOptions extends RoofInput {
  /** Sequences decoded together. Default 64. */
  batch?: number;
  /** Default 4096. */
  promptLength?: number;
  /** Cached tokens per sequence during decode. Default 4096. */
  contextLength?: number;
  /** B per served weight. Default 2. */
  weightBytes?: number;
  /** Default 2. */
  activationBytes?: number;
}

export interface OperatorCost {
  name: string;
  flops: number;
  bytes: number;
  intensity: number;
  bound: Bound;
  time: number;
  attainableFlops: number;
}

export interface ThroughputPoint {
  batch: number;
  timePerOutputToken: number;
  tokensPerSecond: number;
  bound: Bound;
}

export interface ModelInferenceResult {
  attention: AttentionKind;
  prefill: OperatorCost[];
  decode: OperatorCost[];
  timeToFirstToken: number;
  timePerOutputToken: number;
  prefillTokensPerSecond: number;
  decodeTokensPerSecond: number;
  weightBytes: number;
  ridgePoint: number;
  decodeTokensPerExpert: number | null;
  /** Smallest batch whose decode step is compute-bound overall; null: never. */
  saturationBatch: number | null;
  throughput: ThroughputPoint[];
  ignoredKeys: string[];
  assumed: ConfigAssumption[];
  notes: ModelNote[];
}

export interface MtpInput {
  /** Default 0.85. */
  acceptanceRate?: number;
  /** Default 1. */
  depth?: number;
  /** MTP modules' time relative to one main-model step. Default 0. */
  draftCost?: number;
  /** Decode throughput without MTP (0: not given). */
  tokensPerSecond?: number;
}

export interface MtpResult {
  tokensPerStep: number;
  speedup: number;
  tokensPerSecond: number | null;
}

export interface ModelPreset {
  id: string;
  name: string;
  /** The published config.json, as published. */
  config: HfConfig;
  /** The Hugging Face repository file it comes from. */
  source: string;
  /** ISCA'25 Table 1, B per token (BF16). */
  printedKvBytesPerToken: number | null;
  /** ISCA'25 Table 1, relative to DeepSeek-V3 (the 7.28 printed for Llama-405B is a typo for 7.34). */
  printedKvMultiplier: number | null;
  /** ISCA'25 Table 2, FLOP per token at 4096 (dense rows do not reproduce from public configs). */
  printedTrainingFlopsPerToken: number | null;
  note: string;
}

export interface ModelApi {
  modelStats(input: ModelInput<ModelStatsOptions>): ModelStatsResult;
  kvCache(input: ModelInput<KvCacheOptions>): KvCacheResult;
  weightMemory(input: WeightMemoryInput): { formats: WeightFormat[] };
  trainingMemory(input: TrainingMemoryInput): TrainingMemoryResult;
  trainingRun(input: TrainingRunInput): TrainingRunResult;
  trainingBudget(input: TrainingBudgetInput): TrainingBudgetResult;
  modelInference(input: ModelInput<ModelInferenceOptions>): ModelInferenceResult;
  mtpSpeedup(input: MtpInput): MtpResult;
  /** Model presets with their sources. */
  models(): ModelPreset[];
}
