// Type declarations for the interconnect part of the ridgepoint JS API. Bandwidths are B/s in one
// direction (1 GB/s = 1e9 B/s; a 400 Gb/s port is 50e9 B/s), times in s, sizes in B. Omitted
// inputs take their declared defaults; a rejected input throws RidgepointError naming the field.

/** What each device sends in one EP step. Defaults: the ISCA'25 §2.3.2 decode step. */
export interface TokenPayloadInput {
  /** Default 32. */
  tokensPerDevice?: number;
  /** Experts each token goes to (V3 decode: 8 routed + 1 shared). Default 9. */
  expertsPerToken?: number;
  /** Elements per token. Default 7000 (the paper's "7K"; V3's true hidden size is 7168). */
  hidden?: number;
  /** B per element dispatched (FP8: 1). Default 1. */
  dispatchBytes?: number;
  /** B per element combined (BF16: 2). Default 2. */
  combineBytes?: number;
}

export interface ExpertParallelStepInput extends TokenPayloadInput {
  /** Per-device network bandwidth. Default 50e9 (one 400 Gb/s NIC). */
  bandwidth?: number;
  /** Default 61. */
  layers?: number;
  /** Micro-batches overlapped per layer. Default 2. */
  microBatches?: number;
  /** Latency of one all-to-all, s; dispatch and combine each pay it. Default 0. */
  latency?: number;
}

export interface ExpertParallelStepResult {
  /** (dispatchBytes + combineBytes) · tokensPerDevice · expertsPerToken · hidden */
  bytes: number;
  transferTime: number;
  /** 2 · latency */
  latencyTime: number;
  commTime: number;
  /** microBatches · commTime */
  layerTime: number;
  /** layers · layerTime */
  tpot: number;
  /** 1 / tpot */
  tokensPerSecond: number;
  latencyShare: number;
}

export interface FabricPairInput {
  /** Per-GPU scale-up (NVLink) bandwidth. Default 160e9. */
  scaleUpBandwidth?: number;
  /** Per-GPU scale-out (NIC) bandwidth. Default 50e9. */
  scaleOutBandwidth?: number;
}

export interface NodeLimitedRoutingInput extends FabricPairInput {
  /** M: the most nodes one token may reach. Default 4. */
  maxNodes?: number;
}

export interface NodeLimitedRoutingResult {
  /** scaleUpBandwidth / scaleOutBandwidth */
  expertsPerNode: number;
  /** maxNodes · expertsPerNode */
  maxExperts: number;
  /** maxExperts rounded, as the V3 report does (12.8 → 13) */
  maxExpertsRounded: number;
}

export interface ExpertParallelAllToAllInput extends TokenPayloadInput, NodeLimitedRoutingInput {
  /** Shared experts sent like routed ones. Default 0. */
  sharedExperts?: number;
  /** Routed experts in the layer. Default 256. */
  experts?: number;
  /** Default 8. */
  gpusPerNode?: number;
  /** Default 8. */
  nodes?: number;
}

export type Fabric = 'scale-up' | 'scale-out';

export interface ExpertParallelAllToAllResult {
  targetsPerToken: number;
  /** At most: min(maxNodes, targetsPerToken, nodes) */
  nodesPerToken: number;
  expertsPerGpu: number;
  scaleOutBytes: number;
  scaleUpBytes: number;
  scaleOutTime: number;
  scaleUpTime: number;
  time: number;
  bottleneck: Fabric;
  equalCostExperts: number;
  scaleOutSaving: number;
}

export type CollectiveOp = 'allreduce' | 'allgather' | 'reducescatter' | 'broadcast' | 'reduce' | 'alltoall' | 'sendrecv';
export type CollectiveAlgorithm = 'ring' | 'tree' | 'direct';

export interface CollectiveInput {
  /** Default 'allreduce'. */
  op?: CollectiveOp;
  /** At least 2. Default 8. */
  ranks?: number;
  /** S as nccl-tests counts it. Default 1e9. */
  bytes?: number;
  /** Per-rank link bandwidth. Default 50e9. */
  bandwidth?: number;
  /** α per message step, s. Default 3.7e-6. */
  latency?: number;
  /** Default 'ring'; 'tree' is not accepted for sendrecv. */
  algorithm?: CollectiveAlgorithm;
}

export interface CollectiveResult {
  time: number;
  /** bytes / time */
  algbw: number;
  /** algbw · busFactor */
  busbw: number;
  busFactor: number;
  latencySteps: number;
  latencyTime: number;
  transferTime: number;
}

export interface HierarchicalAllReduceInput extends FabricPairInput {
  bytes?: number;
  gpusPerNode?: number;
  nodes?: number;
  scaleUpLatency?: number;
  scaleOutLatency?: number;
}

export interface HierarchicalAllReduceResult {
  intraNodeTime: number;
  interNodeTime: number;
  time: number;
  flatRingTime: number;
  speedup: number;
  algbw: number;
  busbw: number;
}

export interface CommOverlapInput {
  /** Compute on every SM, s. Default 1e-3. */
  computeTime?: number;
  /** Communication alone, s. Default 1e-3. */
  commTime?: number;
  /** Default 132 (H800). */
  totalSms?: number;
  /** Default 20 (V3 training). */
  commSms?: number;
}

export interface CommOverlapResult {
  smShare: number;
  slowedComputeTime: number;
  overlappedTime: number;
  serializedTime: number;
  exposedCommTime: number;
  speedup: number;
  computeToCommRatio: number;
}

export interface PipelineBubbleInput {
  /** PP, even. Default 16. */
  stages?: number;
  /** F. Default 1. */
  forward?: number;
  /** B. Default 2. */
  backward?: number;
  /** W. Default 1. */
  weightBackward?: number;
  /** F&B. Default 3. */
  overlappedForwardBackward?: number;
}

export interface PipelineMethod {
  method: '1F1B' | 'ZB1P' | 'DualPipe' | 'DualPipeV';
  bubble: number;
  parameterCopies: number;
  activationBatches: number;
  devices: number;
}

export interface PipelineBubbleResult {
  oneFOneB: number;
  zeroBubble1P: number;
  dualPipe: number;
  dualPipeV: number;
  dualPipeVDevices: number;
  methods: PipelineMethod[];
}

export interface HfReduceInput {
  /** Default 8. */
  ranks?: number;
  /** Default 320e9. */
  hostMemoryBandwidth?: number;
  /** Default 24. */
  memoryPasses?: number;
}

export interface HfReduceResult {
  /** (2 · ranks − 1) / ranks */
  ringPcieUnits: number;
  hfReducePcieUnits: number;
  pcieSaving: number;
  /** hostMemoryBandwidth / memoryPasses, B/s */
  ceiling: number;
}

export interface NetworkRooflineInput {
  flops?: number;
  memoryBytes?: number;
  commBytes?: number;
  peakFlops?: number;
  memoryBandwidth?: number;
  linkBandwidth?: number;
}

export interface NetworkRooflineResult {
  intensity: number;
  commIntensity: number;
  ridgePoint: number;
  linkRidgePoint: number;
  computeTime: number;
  memoryTime: number;
  commTime: number;
  time: number;
  bound: 'compute' | 'memory' | 'link';
  attainableFlops: number;
}

export interface Link {
  id: string;
  name: string;
  fabric: 'scale-up' | 'scale-out' | 'host';
  /** bit/s, for links sold by their port rate; null otherwise. */
  portRate: number | null;
  /** Nominal, B/s per direction. */
  bandwidth: number;
  /** B/s per direction as measured or stated by the source; null where none was found. */
  achievableBandwidth: number | null;
  /** Small-message latency, s (ISCA'25 Table 5); null where none was measured. */
  latency: number | null;
  source: string;
  note: string;
}

export interface NodeDesign {
  id: string;
  name: string;
  gpus: number;
  nics: number;
  scaleUpBandwidth: number;
  scaleOutBandwidth: number;
  scaleUpToScaleOut: number;
  source: string;
  note: string;
}

/** ISCA'25 Table 5: CPU-side end-to-end latency for 64 B. */
export interface MeasuredLatency {
  linkLayer: string;
  sameLeaf: number;
  crossLeaf: number | null;
  source: string;
}

export interface InterconnectApi {
  expertParallelStep(input: ExpertParallelStepInput): ExpertParallelStepResult;
  nodeLimitedRouting(input: NodeLimitedRoutingInput): NodeLimitedRoutingResult;
  expertParallelAllToAll(input: ExpertParallelAllToAllInput): ExpertParallelAllToAllResult;
  collective(input: CollectiveInput): CollectiveResult;
  hierarchicalAllReduce(input: HierarchicalAllReduceInput): HierarchicalAllReduceResult;
  commOverlap(input: CommOverlapInput): CommOverlapResult;
  pipelineBubble(input: PipelineBubbleInput): PipelineBubbleResult;
  hfReduce(input: HfReduceInput): HfReduceResult;
  networkRoofline(input: NetworkRooflineInput): NetworkRooflineResult;
  links(): Link[];
  nodeDesigns(): NodeDesign[];
  measuredLatencies(): MeasuredLatency[];
}
