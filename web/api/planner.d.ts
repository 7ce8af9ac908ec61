// Type declarations for the deployment planner: rp.trainingStep, rp.servingThroughput, the
// published deployments and rp.validation(). Times in s, sizes in B, rates in FLOP/s and 1/s.
// The model is given as flat config.json keys (booleans as 'true' / 'false').
import type { HfConfig } from './model';

/** config.json keys as flat inputs: numbers, or 'true' / 'false' for JSON booleans. */
export type FlatConfig = { [Key in keyof HfConfig]?: number | string | null };

export type PlannerMachine = 'h800-sxm' | 'h100-sxm' | 'h200-sxm' | 'a100-sxm-80gb' | 'b200' | 'gb200' | 'mi300x';
export type PlannerNode = 'deepseek-h800' | 'dgx-h100' | 'dgx-a100' | 'fire-flyer-a100-pcie' | 'gb200-nvl72';
export type GemmPrecision = 'bf16' | 'fp8';

export interface TrainingStepInput extends FlatConfig {
  machine?: PlannerMachine;
  node?: PlannerNode;
  gpus?: number;
  tensorParallel?: number;
  pipelineParallel?: number;
  expertParallel?: number;
  contextParallel?: number;
  virtualStages?: number;
  seqLen?: number;
  globalBatch?: number;
  microBatch?: number;
  precision?: GemmPrecision;
  recompute?: 'none' | 'selective' | 'full';
  schedule?: '1f1b' | 'interleaved' | 'zb1p' | 'dualpipe';
  causal?: 'true' | 'false';
  attentionKernel?: 'flash' | 'materialized';
  commSms?: number;
  gpuSms?: number;
  momentBytes?: number;
  mtpModules?: number;
}

export interface ModelNote {
  field: string;
  text: string;
}

export interface TrainingStepResult {
  stepTime: number;
  mfu: number;
  hardwareFlopsPerGpu: number;
  modelFlopsPerGpu: number;
  tokensPerSecond: number;
  tokensPerDay: number;
  dataParallel: number;
  microBatches: number;
  layersPerStage: number;
  forwardTime: number;
  backwardTime: number;
  weightBackwardTime: number;
  recomputeTime: number;
  computeTime: number;
  exposedCommTime: number;
  tensorParallelTime: number;
  contextParallelTime: number;
  expertParallelTime: number;
  pipelineSendTime: number;
  dataParallelTime: number;
  exposedTensorParallelTime: number;
  exposedContextParallelTime: number;
  exposedExpertParallelTime: number;
  exposedPipelineSendTime: number;
  exposedDataParallelTime: number;
  bubbleTime: number;
  bubbleFraction: number;
  optimizerTime: number;
  gemmEfficiency: number;
  attentionEfficiency: number;
  weightBytes: number;
  gradientBytes: number;
  optimizerBytes: number;
  activationBytes: number;
  memoryPerGpu: number;
  memoryCapacity: number;
  fits: boolean;
  fitNote: string;
  bottleneck: 'compute' | 'tensor parallel' | 'context parallel' | 'expert parallel' | 'pipeline send' | 'data parallel' | 'bubble' | 'optimizer';
  notes: ModelNote[];
}

export interface ServingThroughputInput extends FlatConfig {
  kvBytes?: number;
  kvScaleGroupSize?: number;
  kvScaleBytes?: number;
  machine?: PlannerMachine;
  node?: PlannerNode;
  phase?: 'prefill' | 'decode';
  gpus?: number;
  expertParallel?: number;
  redundantExperts?: number;
  inputLength?: number;
  outputLength?: number;
  cacheHitRate?: number;
  tokensPerSecondPerUser?: number;
  mtpAcceptance?: number;
  precision?: GemmPrecision;
  prefillTokensPerGpu?: number;
  commSms?: number;
  gpuSms?: number;
  pricePerGpuHour?: number;
  microBatches?: number;
}

export interface ParetoPoint {
  batchPerGpu: number;
  tokensPerSecondPerUser: number;
  tokensPerSecondPerGpu: number;
}

export interface ServingThroughputResult {
  tokensPerSecondPerNode: number;
  tokensPerSecondPerGpu: number;
  batchPerGpu: number;
  maxBatchPerGpu: number;
  stepTime: number;
  tpot: number;
  ttft: number;
  tokensPerSecondPerUser: number;
  computeTime: number;
  memoryTime: number;
  commTime: number;
  weightBytesPerGpu: number;
  kvBytesPerGpu: number;
  memoryCapacity: number;
  costPerMillionTokens: number;
  fits: boolean;
  bottleneck: 'compute' | 'memory' | 'scale-up' | 'scale-out' | 'capacity';
  pareto: ParetoPoint[];
  notes: ModelNote[];
}

export interface DeploymentSetting {
  name: string;
  number: number | null;
  text: string;
}

/** A published deployment as planner inputs, with the figure it published and its source. */
export interface Deployment {
  id: string;
  name: string;
  calculator: 'trainingStep' | 'servingThroughput';
  /** A models() id, or '' when `config` holds the model. */
  model: string;
  config: HfConfig;
  settings: DeploymentSetting[];
  output: string;
  published: number;
  unit: string;
  source: string;
  assumptions: string;
  /** Published phase times (s) where the source prints them. */
  publishedBreakdown: DeploymentSetting[];
}

export interface ValidationRow extends Deployment {
  input: TrainingStepInput | ServingThroughputInput;
  predicted: number;
  /** predicted / published − 1 */
  error: number;
}

export interface GemmCalibration {
  precision: GemmPrecision;
  machine: string;
  groups: number;
  m: number;
  n: number;
  k: number;
  measuredFlops: number;
  source: string;
  /** 'benchmark': a micro-benchmark alone on the GPU; else the pass timed inside a framework. */
  pass: 'benchmark' | 'forward' | 'inputGradient' | 'weightGradient';
  /** Share of the GPU's SMs the kernel had (DeepSeek's training profile: 112 of 132). */
  smShare: number;
}

export interface AttentionCalibration {
  kernel: string;
  machine: string;
  efficiency: number;
  memoryEfficiency: number;
  source: string;
  /** Backward (2.5 × forward FLOPs) FLOP/s / dense BF16 peak; 0: as forward. */
  backwardEfficiency: number;
  smShare: number;
}

/** Non-GEMM kernels of one layer in a training framework: s per token per layer. */
export interface ElementwiseCalibration {
  part: 'attention' | 'mlp';
  machine: string;
  forward: number;
  backward: number;
  weightBackward: number;
  source: string;
}

export interface PlannerApi {
  trainingStep(input: TrainingStepInput): TrainingStepResult;
  servingThroughput(input: ServingThroughputInput): ServingThroughputResult;
  deployments(): Deployment[];
  gemmCalibrations(): GemmCalibration[];
  attentionCalibrations(): AttentionCalibration[];
  elementwiseCalibrations(): ElementwiseCalibration[];
  /** Every published deployment evaluated now: published, predicted and the error. */
  validation(): ValidationRow[];
  /** A deployment's setup as the flat input of its calculator. */
  deploymentInput(deployment: Deployment): TrainingStepInput | ServingThroughputInput;
}
