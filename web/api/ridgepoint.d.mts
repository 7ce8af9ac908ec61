// Type declarations for dist/ridgepoint.mjs, the ridgepoint JS API.
// Generated from the C++ declarations by `node scripts/types.mjs`; do not edit by hand.
// Every quantity is in SI units: FLOP, FLOP/s, B (bytes), B/s, s; tokens and tokens/s are counts.
// Each calculator takes one plain object (omitted or undefined fields take their declared
// defaults; null is refused) and returns one plain object; a rejected input throws
// RidgepointError naming the field and its allowed range.

export interface FieldError {
  field: string;
  message: string;
}

export class RidgepointError extends Error {
  name: 'RidgepointError';
  /** The first offending input field. */
  field: string;
  /** Every error found, one per field. */
  errors: FieldError[];
}

/** What a result or preset value holds. */
export type TypeSpec =
  | { kind: 'number'; nullable?: boolean }
  | { kind: 'boolean' }
  | { kind: 'text' }
  | { kind: 'choice'; choices: string[] }
  | { kind: 'list'; items: TypeSpec }
  | { kind: 'record'; fields: OutputSpec[] };

/** One input of a calculator, as declared in the C++ core. */
export interface InputSpec {
  name: string;
  kind: 'number' | 'integer' | 'choice' | 'boolean' | 'object' | 'list';
  unit: string;
  help: string;
  /** Numbers, whole numbers and list items: the allowed range. */
  min?: number;
  max?: number;
  integer: boolean;
  required: boolean;
  default: number | string | boolean | Record<string, unknown> | number[];
  /** Choice fields: the labels accepted. */
  choices?: string[];
}

/** One output (or preset) field, as declared in the C++ core. */
export interface OutputSpec {
  name: string;
  unit: string;
  /** The formula in terms of input and output names ('' where none applies). */
  formula: string;
  help: string;
  type: TypeSpec;
}

export interface CalculatorSpec {
  id: string;
  title: string;
  inputs: InputSpec[];
  outputs: OutputSpec[];
}

/**
 * One output of a sweep, one value per point (in the order of the values swept): a number that is
 * never null as a Float64Array (its map() returns numbers; Array.from(column) gives a list), any
 * other output as the list of what single evaluations return (null, true or false, a choice's
 * label, text, a list, a record).
 */
export type SweepColumn<T> = [T] extends [number] ? Float64Array : T[];

/** The result of rp.sweep(): every output of the calculator as a column, in the declaration's order. */
export type SweepColumns<Result> = { [Name in keyof Result]: SweepColumn<Result[Name]> };

/** The limits every input obeys (rp.limits()). */
export interface Limits {
  maxTextBytes: number;
  maxDepth: number;
  maxKeys: number;
  maxItems: number;
  maxStringBytes: number;
  maxSweepPoints: number;
}

/** The input of rp.ridgePoint(): Ridge point. */
export interface RidgePointInput {
  /** peak compute of the machine at this precision (dense) (1e6 … 1e20 FLOP/s; default 6e13) */
  peakFlops?: number;
  /** memory bandwidth of the machine (1e6 … 1e17 B/s; default 3e12) */
  memoryBandwidth?: number;
}

/** The result of rp.ridgePoint(): Ridge point. */
export type RidgePointResult = {
  /** FLOP/B: peakFlops / memoryBandwidth */
  ridgePoint: number;
};

/** The input of rp.gemm(): GEMM on the roofline. */
export interface GemmInput {
  /** rows of A and C (for a weight-stationary GEMM: tokens in the batch) (whole number 1 … 1e9; default 64) */
  m?: number;
  /** columns of B and C (whole number 1 … 1e9; default 64) */
  n?: number;
  /** the shared (reduction) dimension (whole number 1 … 1e9; default 16) */
  k?: number;
  /** independent GEMMs of this shape (whole number 1 … 1e9; default 1) */
  batch?: number;
  /** bytes per element of A (0.125 … 16 B; default 2) */
  aBytes?: number;
  /** bytes per element of B (0.125 … 16 B; default 2) */
  bBytes?: number;
  /** bytes per element of C (0.125 … 16 B; default 2) */
  cBytes?: number;
  /** peak compute of the machine at this precision (dense) (1e6 … 1e20 FLOP/s; default 6e13) */
  peakFlops?: number;
  /** memory bandwidth of the machine (1e6 … 1e17 B/s; default 3e12) */
  memoryBandwidth?: number;
  /** fixed time per operation (launch, synchronisation) (0 … 10 s; default 0) */
  latency?: number;
}

/** The result of rp.gemm(): GEMM on the roofline. */
export type GemmResult = {
  /** FLOP: 2 · m · n · k · batch */
  flops: number;
  /** B: (aBytes · m · k + bBytes · k · n + cBytes · m · n) · batch */
  bytes: number;
  /** FLOP/B: flops / bytes */
  intensity: number;
  /** FLOP/B: peakFlops / memoryBandwidth */
  ridgePoint: number;
  /** s: flops / peakFlops */
  computeTime: number;
  /** s: bytes / memoryBandwidth */
  memoryTime: number;
  /** s: max(computeTime, memoryTime) + latency */
  time: number;
  /** compute if intensity ≥ ridgePoint, else memory */
  bound: 'memory' | 'compute';
  /** FLOP/s: flops / time */
  attainableFlops: number;
  /** attainableFlops / peakFlops */
  fractionOfPeak: number;
};

/** The input of rp.crossoverK(): Smallest k that is compute-bound. */
export interface CrossoverKInput {
  /** rows of A and C (for a weight-stationary GEMM: tokens in the batch) (whole number 1 … 1e9; default 64) */
  m?: number;
  /** columns of B and C (whole number 1 … 1e9; default 64) */
  n?: number;
  /** bytes per element of A (0.125 … 16 B; default 2) */
  aBytes?: number;
  /** bytes per element of B (0.125 … 16 B; default 2) */
  bBytes?: number;
  /** bytes per element of C (0.125 … 16 B; default 2) */
  cBytes?: number;
  /** peak compute of the machine at this precision (dense) (1e6 … 1e20 FLOP/s; default 6e13) */
  peakFlops?: number;
  /** memory bandwidth of the machine (1e6 … 1e17 B/s; default 3e12) */
  memoryBandwidth?: number;
}

/** The result of rp.crossoverK(): Smallest k that is compute-bound. */
export type CrossoverKResult = {
  /** smallest whole k with intensity ≥ ridgePoint (bisection); null above gemm's largest k */
  k: number | null;
  /** ridgePoint · cBytes · m · n / (2 · m · n − ridgePoint · (aBytes · m + bBytes · n)) */
  analyticK: number | null;
  /** FLOP/B: 2 · m · n / (aBytes · m + bBytes · n) */
  limitIntensity: number;
  /** FLOP/B: peakFlops / memoryBandwidth */
  ridgePoint: number;
  /** limitIntensity > ridgePoint */
  reachable: boolean;
};

/** The input of rp.crossoverBatch(): Smallest batch that is compute-bound. */
export interface CrossoverBatchInput {
  /** columns of B and C (whole number 1 … 1e9; default 64) */
  n?: number;
  /** the shared (reduction) dimension (whole number 1 … 1e9; default 16) */
  k?: number;
  /** bytes per element of A (0.125 … 16 B; default 2) */
  aBytes?: number;
  /** bytes per element of B (0.125 … 16 B; default 2) */
  bBytes?: number;
  /** bytes per element of C (0.125 … 16 B; default 2) */
  cBytes?: number;
  /** peak compute of the machine at this precision (dense) (1e6 … 1e20 FLOP/s; default 6e13) */
  peakFlops?: number;
  /** memory bandwidth of the machine (1e6 … 1e17 B/s; default 3e12) */
  memoryBandwidth?: number;
  /** fixed time per operation (launch, synchronisation) (0 … 10 s; default 0) */
  latency?: number;
}

/** The result of rp.crossoverBatch(): Smallest batch that is compute-bound. */
export type CrossoverBatchResult = {
  /** smallest whole m with computeTime ≥ memoryTime + latency (bisection); null above gemm's largest m */
  batch: number | null;
  /** (bBytes · k · n / memoryBandwidth + latency) / (2 · n · k / peakFlops − (aBytes · k + cBytes · n) / memoryBandwidth) */
  analyticBatch: number | null;
  /** FLOP/B: 2 · n · k / (aBytes · k + cBytes · n) */
  limitIntensity: number;
  /** FLOP/B: peakFlops / memoryBandwidth */
  ridgePoint: number;
  /** limitIntensity > ridgePoint */
  reachable: boolean;
};

/** The input of rp.attentionTiling(): Attention tiling. */
export interface AttentionTilingInput {
  /** tokens in the sequence (queries = keys) (whole number 1 … 1e7; default 4096) */
  seqLen?: number;
  /** dimension of one attention head (whole number 1 … 1e5; default 128) */
  headDim?: number;
  /** queries held on chip per block (whole number 1 … 1e7; default 128) */
  blockSize?: number;
  /** bytes per element of Q, K, V and O (0.125 … 16 B; default 2) */
  elementBytes?: number;
  /** peak compute of the machine at this precision (dense) (1e6 … 1e20 FLOP/s; default 6e13) */
  peakFlops?: number;
  /** memory bandwidth of the machine (1e6 … 1e17 B/s; default 3e12) */
  memoryBandwidth?: number;
}

/** The result of rp.attentionTiling(): Attention tiling. */
export type AttentionTilingResult = {
  /** FLOP: 4 · seqLen² · headDim */
  flops: number;
  /** B: elementBytes · 2 · seqLen · headDim · (1 + ⌈seqLen / blockSize⌉) */
  bytes: number;
  /** FLOP/B: flops / bytes */
  intensity: number;
  /** FLOP/B: peakFlops / memoryBandwidth */
  ridgePoint: number;
  /** compute if intensity ≥ ridgePoint, else memory */
  bound: 'memory' | 'compute';
  /** FLOP/B: 2 · blockSize / elementBytes */
  limitIntensity: number;
  /** smallest blockSize with intensity ≥ ridgePoint at this seqLen */
  smallestBlockSize: number | null;
};

/** The input of rp.boundCheck(): Roofline bound check. */
export interface BoundCheckInput {
  /** rows of A and C (for a weight-stationary GEMM: tokens in the batch) (whole number 1 … 1e9; default 64) */
  m?: number;
  /** columns of B and C (whole number 1 … 1e9; default 64) */
  n?: number;
  /** the shared (reduction) dimension (whole number 1 … 1e9; default 16) */
  k?: number;
  /** independent GEMMs of this shape (whole number 1 … 1e9; default 1) */
  batch?: number;
  /** bytes per element of A (0.125 … 16 B; default 2) */
  aBytes?: number;
  /** bytes per element of B (0.125 … 16 B; default 2) */
  bBytes?: number;
  /** bytes per element of C (0.125 … 16 B; default 2) */
  cBytes?: number;
  /** peak compute of the machine at this precision (dense) (1e6 … 1e20 FLOP/s; default 6e13) */
  peakFlops?: number;
  /** memory bandwidth of the machine (1e6 … 1e17 B/s; default 3e12) */
  memoryBandwidth?: number;
  /** fixed time per operation (launch, synchronisation) (0 … 10 s; default 0) */
  latency?: number;
  /** which measurement you have (default "time") */
  measurement?: 'time' | 'throughput';
  /** measured time of one operation (when measurement is 'time') (1e-12 … 1e6 s; default 0.000001) */
  measuredTime?: number;
  /** measured throughput (when measurement is 'throughput') (1 … 1e20 FLOP/s; default 1e12) */
  measuredFlops?: number;
}

/** The result of rp.boundCheck(): Roofline bound check. */
export type BoundCheckResult = {
  /** s: max(flops / peakFlops, bytes / memoryBandwidth) + latency */
  boundTime: number;
  /** s: measuredTime, or flops / measuredFlops */
  measuredTime: number;
  /** FLOP/s: flops / measuredTime */
  achievedFlops: number;
  /** FLOP/s: flops / boundTime */
  attainableFlops: number;
  /** boundTime / measuredTime */
  fractionOfBound: number;
  /** measuredTime ≥ boundTime */
  possible: boolean;
  reason: string;
};

/** The input of rp.expertParallelStep(): Expert-parallel decode speed limit. */
export interface ExpertParallelStepInput {
  /** tokens each device sends in one step (whole number 1 … 1e7; default 32) */
  tokensPerDevice?: number;
  /** experts each token is sent to (V3 decode: 8 routed + 1 shared served like a routed one) (whole number 1 … 1024; default 9) */
  expertsPerToken?: number;
  /** hidden size: elements per token sent (whole number 1 … 1e6; default 7000) */
  hidden?: number;
  /** bytes per element dispatched (FP8: 1; with one FP32 scale per 128: 1.03125) (0.125 … 16 B; default 1) */
  dispatchBytes?: number;
  /** bytes per element combined back (BF16: 2) (0.125 … 16 B; default 2) */
  combineBytes?: number;
  /** per-device network bandwidth, one direction (one 400 Gb/s NIC: 50e9) (1e6 … 1e15 B/s; default 5e10) */
  bandwidth?: number;
  /** layers, each with its own all-to-alls (ISCA'25 counts all 61 of V3's) (whole number 1 … 1000; default 61) */
  layers?: number;
  /** micro-batches overlapped per layer, each with its own all-to-alls (whole number 1 … 64; default 2) */
  microBatches?: number;
  /** network latency of one all-to-all (dispatch and combine each pay it) (0 … 1 s; default 0) */
  latency?: number;
}

/** The result of rp.expertParallelStep(): Expert-parallel decode speed limit. */
export type ExpertParallelStepResult = {
  /** B: (dispatchBytes + combineBytes) · tokensPerDevice · expertsPerToken · hidden */
  bytes: number;
  /** s: bytes / bandwidth */
  transferTime: number;
  /** s: 2 · latency (dispatch and combine) */
  latencyTime: number;
  /** s: transferTime + latencyTime */
  commTime: number;
  /** s: microBatches · commTime */
  layerTime: number;
  /** s: layers · layerTime */
  tpot: number;
  /** tokens/s: 1 / tpot */
  tokensPerSecond: number;
  /** latencyTime / commTime */
  latencyShare: number;
};

/** The input of rp.nodeLimitedRouting(): Node-limited routing: equal-cost experts. */
export interface NodeLimitedRoutingInput {
  /** M: the most nodes one token may be dispatched to (V3: 4) (whole number 1 … 1e5; default 4) */
  maxNodes?: number;
  /** per-GPU bandwidth inside the node (NVLink), one direction (1e6 … 1e15 B/s; default 1.6e11) */
  scaleUpBandwidth?: number;
  /** per-GPU bandwidth between nodes (its NIC), one direction (1e6 … 1e15 B/s; default 5e10) */
  scaleOutBandwidth?: number;
}

/** The result of rp.nodeLimitedRouting(): Node-limited routing: equal-cost experts. */
export type NodeLimitedRoutingResult = {
  /** scaleUpBandwidth / scaleOutBandwidth */
  expertsPerNode: number;
  /** maxNodes · expertsPerNode */
  maxExperts: number;
  /** maxExperts rounded to the nearest whole expert, as the V3 report does */
  maxExpertsRounded: number;
};

/** The input of rp.expertParallelAllToAll(): Expert-parallel all-to-all over two fabrics. */
export interface ExpertParallelAllToAllInput {
  /** tokens each device sends in one step (whole number 1 … 1e7; default 32) */
  tokensPerDevice?: number;
  /** experts each token is sent to (V3 decode: 8 routed + 1 shared served like a routed one) (whole number 1 … 1024; default 9) */
  expertsPerToken?: number;
  /** hidden size: elements per token sent (whole number 1 … 1e6; default 7000) */
  hidden?: number;
  /** bytes per element dispatched (FP8: 1; with one FP32 scale per 128: 1.03125) (0.125 … 16 B; default 1) */
  dispatchBytes?: number;
  /** bytes per element combined back (BF16: 2) (0.125 … 16 B; default 2) */
  combineBytes?: number;
  /** shared experts sent like routed ones (0 when every GPU computes them locally) (whole number 0 … 64; default 0) */
  sharedExperts?: number;
  /** routed experts in the layer (V3: 256) (whole number 1 … 1e6; default 256) */
  experts?: number;
  /** GPUs in one scale-up domain (node) (whole number 1 … 1024; default 8) */
  gpusPerNode?: number;
  /** nodes the experts are spread over (V3 training: 8) (whole number 1 … 1e5; default 8) */
  nodes?: number;
  /** M: the most nodes one token may be dispatched to (V3: 4) (whole number 1 … 1e5; default 4) */
  maxNodes?: number;
  /** per-GPU bandwidth inside the node (NVLink), one direction (1e6 … 1e15 B/s; default 1.6e11) */
  scaleUpBandwidth?: number;
  /** per-GPU bandwidth between nodes (its NIC), one direction (1e6 … 1e15 B/s; default 5e10) */
  scaleOutBandwidth?: number;
}

/** The result of rp.expertParallelAllToAll(): Expert-parallel all-to-all over two fabrics. */
export type ExpertParallelAllToAllResult = {
  /** expertsPerToken + sharedExperts */
  targetsPerToken: number;
  /** min(maxNodes, targetsPerToken, nodes): at most, every target node remote (0 on one node) */
  nodesPerToken: number;
  /** experts / (nodes · gpusPerNode) */
  expertsPerGpu: number;
  /** B: tokensPerDevice · nodesPerToken · hidden · (dispatchBytes + combineBytes) */
  scaleOutBytes: number;
  /** B: tokensPerDevice · targetsPerToken · hidden · (dispatchBytes + combineBytes) */
  scaleUpBytes: number;
  /** s: scaleOutBytes / scaleOutBandwidth */
  scaleOutTime: number;
  /** s: scaleUpBytes / scaleUpBandwidth */
  scaleUpTime: number;
  /** s: max(scaleOutTime, scaleUpTime): forwarding overlaps the two fabrics */
  time: number;
  /** the fabric with the larger time */
  bottleneck: 'scale-up' | 'scale-out';
  /** nodesPerToken · scaleUpBandwidth / scaleOutBandwidth */
  equalCostExperts: number;
  /** 1 − nodesPerToken / min(targetsPerToken, nodes) (0 on one node: nothing crosses the scale-out fabric) */
  scaleOutSaving: number;
};

/** The input of rp.collective(): Collective: time, algbw and busbw. */
export interface CollectiveInput {
  /** the collective operation (default "allreduce") */
  op?: 'allreduce' | 'allgather' | 'reducescatter' | 'broadcast' | 'reduce' | 'alltoall' | 'sendrecv';
  /** GPUs taking part (whole number 2 … 1e6; default 8) */
  ranks?: number;
  /** message size as nccl-tests counts it (the whole gathered array for allgather, reducescatter and alltoall) (1 … 1e15 B; default 1e9) */
  bytes?: number;
  /** per-rank link bandwidth, one direction (1e6 … 1e15 B/s; default 5e10) */
  bandwidth?: number;
  /** α: latency of one message step (ISCA'25 Table 5: 2.8–5.6 µs) (0 … 1 s; default 0.0000037) */
  latency?: number;
  /** ring; tree (recursive doubling, binomial tree, Bruck); direct (all peers at once) (default "ring") */
  algorithm?: 'ring' | 'tree' | 'direct';
}

/** The result of rp.collective(): Collective: time, algbw and busbw. */
export type CollectiveResult = {
  /** s: latencyTime + transferTime */
  time: number;
  /** B/s: bytes / time */
  algbw: number;
  /** B/s: algbw · busFactor */
  busbw: number;
  /** allreduce 2(ranks−1)/ranks; allgather, reducescatter, alltoall (ranks−1)/ranks; broadcast, reduce, sendrecv 1 */
  busFactor: number;
  /** message steps on the critical path for this op and algorithm */
  latencySteps: number;
  /** s: latencySteps · latency */
  latencyTime: number;
  /** s: bytes a rank sends on its busiest link / bandwidth */
  transferTime: number;
};

/** The input of rp.hierarchicalAllReduce(): Hierarchical all-reduce (intra-node, then inter-node). */
export interface HierarchicalAllReduceInput {
  /** data each GPU all-reduces (e.g. its gradients) (1 … 1e15 B; default 1e9) */
  bytes?: number;
  /** GPUs per node, each with its own NIC rail (whole number 1 … 1024; default 8) */
  gpusPerNode?: number;
  /** nodes (whole number 1 … 1e5; default 16) */
  nodes?: number;
  /** per-GPU bandwidth inside the node (NVLink), one direction (1e6 … 1e15 B/s; default 1.6e11) */
  scaleUpBandwidth?: number;
  /** per-GPU bandwidth between nodes (its NIC), one direction (1e6 … 1e15 B/s; default 5e10) */
  scaleOutBandwidth?: number;
  /** latency of one step inside the node (ISCA'25 Table 5: 3.33 µs) (0 … 1 s; default 0.00000333) */
  scaleUpLatency?: number;
  /** latency of one step between nodes (ISCA'25 Table 5: IB 3.7 µs across leaves) (0 … 1 s; default 0.0000037) */
  scaleOutLatency?: number;
}

/** The result of rp.hierarchicalAllReduce(): Hierarchical all-reduce (intra-node, then inter-node). */
export type HierarchicalAllReduceResult = {
  /** s: 2 · ((gpusPerNode−1) · scaleUpLatency + (gpusPerNode−1)/gpusPerNode · bytes / scaleUpBandwidth) */
  intraNodeTime: number;
  /** s: 2(nodes−1) · scaleOutLatency + 2(nodes−1)/nodes · (bytes/gpusPerNode) / scaleOutBandwidth */
  interNodeTime: number;
  /** s: intraNodeTime + interNodeTime */
  time: number;
  /** s: 2(r−1) · scaleOutLatency + 2(r−1)/r · bytes / scaleOutBandwidth, r = nodes · gpusPerNode (on one node, scale-up's latency and bandwidth) */
  flatRingTime: number;
  /** flatRingTime / time */
  speedup: number;
  /** B/s: bytes / time */
  algbw: number;
  /** B/s: algbw · 2(r−1)/r, r the ranks of the flat ring */
  busbw: number;
};

/** The input of rp.commOverlap(): Compute/communication overlap. */
export interface CommOverlapInput {
  /** compute of one step on every SM (1e-12 … 1e6 s; default 0.001) */
  computeTime?: number;
  /** communication of the same step on its own SMs (1e-12 … 1e6 s; default 0.001) */
  commTime?: number;
  /** SMs on the GPU (H800: 132) (whole number 1 … 10000; default 132) */
  totalSms?: number;
  /** SMs given to communication (V3 training: 20) (whole number 0 … 10000; default 20) */
  commSms?: number;
}

/** The result of rp.commOverlap(): Compute/communication overlap. */
export type CommOverlapResult = {
  /** commSms / totalSms */
  smShare: number;
  /** s: computeTime · totalSms / (totalSms − commSms) */
  slowedComputeTime: number;
  /** s: max(slowedComputeTime, commTime) */
  overlappedTime: number;
  /** s: computeTime + commTime */
  serializedTime: number;
  /** s: max(0, commTime − slowedComputeTime) */
  exposedCommTime: number;
  /** serializedTime / overlappedTime */
  speedup: number;
  /** computeTime / commTime */
  computeToCommRatio: number;
};

/** The input of rp.pipelineBubble(): Pipeline bubbles: 1F1B, ZB1P, DualPipe, DualPipeV. */
export interface PipelineBubbleInput {
  /** PP: pipeline stages (even, for DualPipe) (whole number 2 … 1024; default 16) */
  stages?: number;
  /** F: time of one forward chunk (0 … 1e6 s; default 1) */
  forward?: number;
  /** B: time of one full backward chunk (0 … 1e6 s; default 2) */
  backward?: number;
  /** W: the backward-for-weights part of B (0 … 1e6 s; default 1) */
  weightBackward?: number;
  /** F&B: a forward and a backward chunk run overlapped, from max(F, B) to F + B (0 … 2e6 s; default 3) */
  overlappedForwardBackward?: number;
}

/** The result of rp.pipelineBubble(): Pipeline bubbles: 1F1B, ZB1P, DualPipe, DualPipeV. */
export type PipelineBubbleResult = {
  /** s: (stages − 1) · (forward + backward) */
  oneFOneB: number;
  /** s: (stages − 1) · (forward + backward − 2 · weightBackward) */
  zeroBubble1P: number;
  /** s: (stages/2 − 1) · (overlappedForwardBackward + backward − 3 · weightBackward) */
  dualPipe: number;
  /** s: dualPipe, on stages/2 devices */
  dualPipeV: number;
  /** stages / 2 */
  dualPipeVDevices: number;
  /** one row per method: bubble and memory */
  methods: Array<{
    method: string;
    /** s: this method's bubble formula */
    bubble: number;
    /** 1 for 1F1B and ZB1P, 2 for DualPipe and DualPipeV */
    parameterCopies: number;
    /** stages for 1F1B and ZB1P, stages + 1 for DualPipe and DualPipeV */
    activationBatches: number;
    /** stages, or stages / 2 for DualPipeV */
    devices: number;
  }>;
};

/** The input of rp.hfReduce(): PCIe all-reduce: ring vs HFReduce. */
export interface HfReduceInput {
  /** GPUs in the all-reduce on one node (whole number 2 … 1024; default 8) */
  ranks?: number;
  /** host memory bandwidth in practice (16-channel DDR4-3200: 320 GB/s) (1e6 … 1e15 B/s; default 3.2e11) */
  hostMemoryBandwidth?: number;
  /** host-memory traffic per byte reduced (Fire-Flyer: 8 + 9 + 5 + 2 = 24 for 8 GPUs) (1 … 1000; default 24) */
  memoryPasses?: number;
}

/** The result of rp.hfReduce(): PCIe all-reduce: ring vs HFReduce. */
export type HfReduceResult = {
  /** (2 · ranks − 1) / ranks */
  ringPcieUnits: number;
  /** 1: one device-to-host and one host-to-device copy */
  hfReducePcieUnits: number;
  /** 1 − hfReducePcieUnits / ringPcieUnits */
  pcieSaving: number;
  /** B/s: hostMemoryBandwidth / memoryPasses */
  ceiling: number;
};

/** The input of rp.networkRoofline(): Network roofline: compute, memory or link bound. */
export interface NetworkRooflineInput {
  /** FLOPs of the layer on one GPU (1 … 1e21 FLOP; default 1e9) */
  flops?: number;
  /** bytes it reads and writes in HBM (1 … 1e18 B; default 1e7) */
  memoryBytes?: number;
  /** bytes it sends over its link (one direction) (1 … 1e18 B; default 1e6) */
  commBytes?: number;
  /** peak compute of the machine at this precision (dense) (1e6 … 1e20 FLOP/s; default 6e13) */
  peakFlops?: number;
  /** memory bandwidth of the machine (1e6 … 1e17 B/s; default 3e12) */
  memoryBandwidth?: number;
  /** the GPU's link bandwidth, one direction (1e6 … 1e15 B/s; default 5e10) */
  linkBandwidth?: number;
}

/** The result of rp.networkRoofline(): Network roofline: compute, memory or link bound. */
export type NetworkRooflineResult = {
  /** FLOP/B: flops / memoryBytes */
  intensity: number;
  /** FLOP/B: flops / commBytes */
  commIntensity: number;
  /** FLOP/B: peakFlops / memoryBandwidth */
  ridgePoint: number;
  /** FLOP/B: peakFlops / linkBandwidth */
  linkRidgePoint: number;
  /** s: flops / peakFlops */
  computeTime: number;
  /** s: memoryBytes / memoryBandwidth */
  memoryTime: number;
  /** s: commBytes / linkBandwidth */
  commTime: number;
  /** s: max(computeTime, memoryTime, commTime) */
  time: number;
  /** the roof with the largest time (compute on a tie) */
  bound: 'compute' | 'memory' | 'link';
  /** FLOP/s: flops / time */
  attainableFlops: number;
};

/** The input of rp.fatTree(): Fat-tree (one to three layers, multi-plane). */
export interface FatTreeInput {
  /** ports per switch (even) (whole number 4 … 1024; default 64) */
  radix?: number;
  /** switch layers: 1 (one switch per plane), 2 (leaf, spine) or 3 (leaf, spine, core) (whole number 1 … 3; default 2) */
  layers?: number;
  /** independent fat-trees, one per NIC of a node (ISCA'25 multi-plane); 1 for one fabric (whole number 1 … 64; default 1) */
  planes?: number;
  /** endpoints (NIC ports) over all planes; 0 builds the full size of the design (whole number 0 … 1e9; default 0) */
  endpoints?: number;
  /** leaf downlinks per uplink (1 = non-blocking); the uplinks round up to whole ports; a single layer has no uplinks and ignores it (1 … 16; default 1) */
  oversubscription?: number;
  /** bandwidth of one port per direction (400 Gb/s = 50e9 B/s) (1e6 … 1e13 B/s; default 5e10) */
  portBandwidth?: number;
  /** price of one switch; the default 83,008 is a fit to ISCA'25 Table 3, not a published price (0 … 1e9 $; default 83008) */
  switchPrice?: number;
  /** price of one transceiver (two per optical link); the default 252 makes the $504-per-link fit to ISCA'25 Table 3, an assumption (0 … 1e9 $; default 252) */
  opticPrice?: number;
  /** price of one cable (a copper endpoint link, or the fibre of an optical link); default 0: the Table 3 fit folds cables into the link price (0 … 1e9 $; default 0) */
  cablePrice?: number;
  /** price of one endpoint NIC port; default 0: Table 3 leaves NICs out (0 … 1e9 $; default 0) */
  nicPrice?: number;
  /** how endpoints reach their leaf switch: copper (short) or optical (default "copper") */
  endpointCabling?: 'copper' | 'optical';
}

/** The result of rp.fatTree(): Fat-tree (one to three layers, multi-plane). */
export type FatTreeResult = {
  /** endpoints, or fullSize when endpoints is 0 */
  endpoints: number;
  /** planes · radix (1 layer: one switch), planes · radix · downlinksPerLeaf (2 layers; radix²/2 non-blocking), or planes · radix · ⌊radix² / (4 · uplinksPerLeaf)⌋ · downlinksPerLeaf (3 layers; radix³/4 non-blocking) */
  fullSize: number;
  /** ⌈endpoints / planes⌉ */
  endpointsPerPlane: number;
  /** leafSwitches + spineSwitches + coreSwitches */
  switches: number;
  /** (layers − 1) · leafSwitches · uplinksPerLeaf (switch-to-switch) */
  links: number;
  /** endpoints */
  endpointLinks: number;
  /** planes · ⌈endpointsPerPlane / downlinksPerLeaf⌉ */
  leafSwitches: number;
  /** 0 (1 layer), planes · ⌈leaves per plane · uplinksPerLeaf / radix⌉ (2 layers), planes · ⌈leaves per plane · uplinksPerLeaf / (radix / 2)⌉ (3 layers) */
  spineSwitches: number;
  /** planes · ⌈leaves per plane · uplinksPerLeaf / radix⌉ (3 layers), else 0 */
  coreSwitches: number;
  /** ⌈radix / (1 + oversubscription)⌉; 0 with 1 layer */
  uplinksPerLeaf: number;
  /** radix − uplinksPerLeaf */
  downlinksPerLeaf: number;
  /** downlinksPerLeaf / uplinksPerLeaf; 1 with 1 layer (one switch is non-blocking) */
  leafOversubscription: number;
  /** B/s: endpoints · portBandwidth / (2 · leafOversubscription) */
  bisectionBandwidth: number;
  /** 2 · (layers − 1) switch-to-switch links on the longest shortest path */
  diameter: number;
  /** links + endpointLinks */
  cables: number;
  /** 2 · links, plus 2 · endpointLinks when endpointCabling is 'optical' */
  optics: number;
  /** $: switches · switchPrice */
  switchCost: number;
  /** $: links · (2 · opticPrice + cablePrice) */
  linkCost: number;
  /** $: endpointLinks · (cablePrice + 2 · opticPrice if optical) + endpoints · nicPrice */
  endpointCost: number;
  /** $: switchCost + linkCost + endpointCost */
  cost: number;
  /** $: cost / endpoints */
  costPerEndpoint: number;
};

/** The input of rp.fireFlyer(): Fire-Flyer two-zone fat-tree. */
export interface FireFlyerInput {
  /** ports per switch (QM8700: 40) (whole number 4 … 1024; default 40) */
  radix?: number;
  /** separate two-layer fat-trees (Fire-Flyer: 2) (whole number 1 … 16; default 2) */
  zones?: number;
  /** GPU compute nodes, one IB NIC each (Fire-Flyer: about 1,250) (whole number 1 … 1e6; default 1250) */
  gpuNodes?: number;
  /** GPUs per node (Fire-Flyer: 8 PCIe A100) (whole number 1 … 64; default 8) */
  gpusPerNode?: number;
  /** storage servers, each with one NIC in every zone (Fire-Flyer: 180) (whole number 0 … 1e6; default 180) */
  storageServers?: number;
  /** performance of a node relative to DGX-A100 (Table II: 0.83) (0.01 … 100; default 0.83) */
  relativePerformance?: number;
  /** price of a node relative to DGX-A100 (Table II: 0.60) (0.01 … 100; default 0.6) */
  relativeNodePrice?: number;
}

/** The result of rp.fireFlyer(): Fire-Flyer two-zone fat-tree. */
export type FireFlyerResult = {
  /** radix² / 2 */
  portsPerZone: number;
  /** radix */
  leafSwitchesPerZone: number;
  /** radix / 2 */
  spineSwitchesPerZone: number;
  /** zones · (leafSwitchesPerZone + spineSwitchesPerZone) */
  switches: number;
  /** gpuNodes · gpusPerNode */
  gpus: number;
  /** ⌈gpuNodes / zones⌉ (one IB NIC per node) */
  gpuNodesPerZone: number;
  /** storageServers (each has one NIC in every zone) */
  storagePortsPerZone: number;
  /** gpuNodesPerZone + storagePortsPerZone */
  portsNeededPerZone: number;
  /** portsNeededPerZone ≤ portsPerZone */
  fits: boolean;
  note: string;
  /** the two zones, a three-layer fat-tree of the same ports, and a DGX-style three-layer fat-tree of gpus endpoints */
  designs: Array<{
    name: string;
    endpoints: number;
    leafSwitches: number;
    spineSwitches: number;
    coreSwitches: number;
    switches: number;
    /** Fire-Flyer Table III, shown when the inputs are the paper's */
    publishedSwitches: number | null;
    note: string;
  }>;
  /** relativePerformance / relativeNodePrice */
  costPerformance: number;
};

/** The input of rp.slimFly(): Slim Fly (MMS graph). */
export interface SlimFlyInput {
  /** MMS graph parameter: q = 4w + δ with δ ∈ {−1, 0, 1} (q ≡ 2 mod 4 has none); a prime power for the graph to exist (whole number 3 … 1000; default 28) */
  q?: number;
  /** price of one switch; the default 83,008 is a fit to ISCA'25 Table 3, not a published price (0 … 1e9 $; default 83008) */
  switchPrice?: number;
  /** price of one transceiver (two per optical link); the default 252 makes the $504-per-link fit to ISCA'25 Table 3, an assumption (0 … 1e9 $; default 252) */
  opticPrice?: number;
  /** price of one cable (a copper endpoint link, or the fibre of an optical link); default 0: the Table 3 fit folds cables into the link price (0 … 1e9 $; default 0) */
  cablePrice?: number;
  /** price of one endpoint NIC port; default 0: Table 3 leaves NICs out (0 … 1e9 $; default 0) */
  nicPrice?: number;
  /** how endpoints reach their leaf switch: copper (short) or optical (default "copper") */
  endpointCabling?: 'copper' | 'optical';
}

/** The result of rp.slimFly(): Slim Fly (MMS graph). */
export type SlimFlyResult = {
  /** switches · endpointsPerSwitch */
  endpoints: number;
  /** 2 · q² */
  switches: number;
  /** switches · networkRadix / 2 */
  links: number;
  /** endpoints */
  endpointLinks: number;
  /** δ ∈ {−1, 0, 1} with q = 4w + δ */
  delta: number;
  /** (3q − δ) / 2 */
  networkRadix: number;
  /** ⌈networkRadix / 2⌉ */
  endpointsPerSwitch: number;
  /** networkRadix + endpointsPerSwitch (ports used per switch) */
  switchRadix: number;
  /** 2 */
  diameter: number;
  /** q = pⁿ for a prime p */
  primePower: boolean;
  warning: string;
  /** links + endpointLinks */
  cables: number;
  /** 2 · links, plus 2 · endpointLinks when endpointCabling is 'optical' */
  optics: number;
  /** $: switches · switchPrice */
  switchCost: number;
  /** $: links · (2 · opticPrice + cablePrice) */
  linkCost: number;
  /** $: endpointLinks · (cablePrice + 2 · opticPrice if optical) + endpoints · nicPrice */
  endpointCost: number;
  /** $: switchCost + linkCost + endpointCost */
  cost: number;
  /** $: cost / endpoints */
  costPerEndpoint: number;
};

/** The input of rp.dragonfly(): Dragonfly. */
export interface DragonflyInput {
  /** switches per group (whole number 1 … 1024; default 32) */
  a?: number;
  /** global links per switch (whole number 1 … 1024; default 16) */
  h?: number;
  /** endpoints per switch (whole number 1 … 1024; default 16) */
  p?: number;
  /** groups: at most a · h + 1 (whole number 1 … 1.048577e6; default 511) */
  g?: number;
  /** price of one switch; the default 83,008 is a fit to ISCA'25 Table 3, not a published price (0 … 1e9 $; default 83008) */
  switchPrice?: number;
  /** price of one transceiver (two per optical link); the default 252 makes the $504-per-link fit to ISCA'25 Table 3, an assumption (0 … 1e9 $; default 252) */
  opticPrice?: number;
  /** price of one cable (a copper endpoint link, or the fibre of an optical link); default 0: the Table 3 fit folds cables into the link price (0 … 1e9 $; default 0) */
  cablePrice?: number;
  /** price of one endpoint NIC port; default 0: Table 3 leaves NICs out (0 … 1e9 $; default 0) */
  nicPrice?: number;
  /** how endpoints reach their leaf switch: copper (short) or optical (default "copper") */
  endpointCabling?: 'copper' | 'optical';
}

/** The result of rp.dragonfly(): Dragonfly. */
export type DragonflyResult = {
  /** p · a · g */
  endpoints: number;
  /** a · g */
  switches: number;
  /** localLinks + globalLinks */
  links: number;
  /** endpoints */
  endpointLinks: number;
  /** g · a · (a − 1) / 2 (all-to-all inside each group) */
  localLinks: number;
  /** ⌊g · a · h / 2⌋ (0 for one group) */
  globalLinks: number;
  /** p + (a − 1) + h (ports used per switch; without h for one group) */
  switchRadix: number;
  /** a · h + 1 */
  maxGroups: number;
  /** 3 (local, global, local); 1 with one group or one switch per group, 0 for a single switch */
  diameter: number;
  /** links + endpointLinks */
  cables: number;
  /** 2 · links, plus 2 · endpointLinks when endpointCabling is 'optical' */
  optics: number;
  /** $: switches · switchPrice */
  switchCost: number;
  /** $: links · (2 · opticPrice + cablePrice) */
  linkCost: number;
  /** $: endpointLinks · (cablePrice + 2 · opticPrice if optical) + endpoints · nicPrice */
  endpointCost: number;
  /** $: switchCost + linkCost + endpointCost */
  cost: number;
  /** $: cost / endpoints */
  costPerEndpoint: number;
};

/** The input of rp.cheapestFatTree(): Cheapest multi-plane fat-tree for a GPU count. */
export interface CheapestFatTreeInput {
  /** GPUs to connect (whole number 1 … 1e7; default 1e5) */
  gpus?: number;
  /** GPUs per node (whole number 1 … 64; default 8) */
  gpusPerNode?: number;
  /** compute NICs per node (ISCA'25: 8, one per GPU); planes divide them (whole number 1 … 64; default 8) */
  nicsPerNode?: number;
  /** switch preset (rp.switches()), or 'custom' to use radix (default "qm9700") */
  switchModel?: 'custom' | 'qm8700' | 'qm9700' | 'roce-128' | 'q3400';
  /** ports per switch (even), when switchModel is 'custom' (whole number 4 … 1024; default 64) */
  radix?: number;
  /** bandwidth of one port per direction, when 'custom' (1e6 … 1e13 B/s; default 5e10) */
  portBandwidth?: number;
  /** ports of a separate storage plane (ISCA'25 §5.1: one storage NIC per node, plus storage servers); 0 for none (whole number 0 … 1e7; default 0) */
  storagePorts?: number;
  /** price of one switch; the default 83,008 is a fit to ISCA'25 Table 3, not a published price (0 … 1e9 $; default 83008) */
  switchPrice?: number;
  /** price of one transceiver (two per optical link); the default 252 makes the $504-per-link fit to ISCA'25 Table 3, an assumption (0 … 1e9 $; default 252) */
  opticPrice?: number;
  /** price of one cable (a copper endpoint link, or the fibre of an optical link); default 0: the Table 3 fit folds cables into the link price (0 … 1e9 $; default 0) */
  cablePrice?: number;
  /** price of one endpoint NIC port; default 0: Table 3 leaves NICs out (0 … 1e9 $; default 0) */
  nicPrice?: number;
  /** how endpoints reach their leaf switch: copper (short) or optical (default "copper") */
  endpointCabling?: 'copper' | 'optical';
}

/** The result of rp.cheapestFatTree(): Cheapest multi-plane fat-tree for a GPU count. */
export type CheapestFatTreeResult = {
  /** the switch model's radix, or radix when switchModel is 'custom' */
  radix: number;
  /** ⌈gpus / gpusPerNode⌉ */
  nodes: number;
  /** nodes · nicsPerNode */
  endpoints: number;
  /** the fitting candidate of least cost; ties go to fewer layers, then fewer switches, then more planes */
  best: {
    /** a divisor of nicsPerNode: NICs of a node spread over the planes */
    planes: number;
    layers: number;
    /** multi-plane when planes > 1; multi-rail when one plane takes several NICs of a node */
    wiring: string;
    /** endpointsPerPlane ≤ full size */
    fits: boolean;
    note: string;
    /** endpoints, or fullSize when endpoints is 0 */
    endpoints: number;
    /** planes · radix (1 layer: one switch), planes · radix · downlinksPerLeaf (2 layers; radix²/2 non-blocking), or planes · radix · ⌊radix² / (4 · uplinksPerLeaf)⌋ · downlinksPerLeaf (3 layers; radix³/4 non-blocking) */
    fullSize: number;
    /** ⌈endpoints / planes⌉ */
    endpointsPerPlane: number;
    /** leafSwitches + spineSwitches + coreSwitches */
    switches: number;
    /** (layers − 1) · leafSwitches · uplinksPerLeaf (switch-to-switch) */
    links: number;
    /** endpoints */
    endpointLinks: number;
    /** planes · ⌈endpointsPerPlane / downlinksPerLeaf⌉ */
    leafSwitches: number;
    /** 0 (1 layer), planes · ⌈leaves per plane · uplinksPerLeaf / radix⌉ (2 layers), planes · ⌈leaves per plane · uplinksPerLeaf / (radix / 2)⌉ (3 layers) */
    spineSwitches: number;
    /** planes · ⌈leaves per plane · uplinksPerLeaf / radix⌉ (3 layers), else 0 */
    coreSwitches: number;
    /** ⌈radix / (1 + oversubscription)⌉; 0 with 1 layer */
    uplinksPerLeaf: number;
    /** radix − uplinksPerLeaf */
    downlinksPerLeaf: number;
    /** downlinksPerLeaf / uplinksPerLeaf; 1 with 1 layer (one switch is non-blocking) */
    leafOversubscription: number;
    /** B/s: endpoints · portBandwidth / (2 · leafOversubscription) */
    bisectionBandwidth: number;
    /** 2 · (layers − 1) switch-to-switch links on the longest shortest path */
    diameter: number;
    /** links + endpointLinks */
    cables: number;
    /** 2 · links, plus 2 · endpointLinks when endpointCabling is 'optical' */
    optics: number;
    /** $: switches · switchPrice */
    switchCost: number;
    /** $: links · (2 · opticPrice + cablePrice) */
    linkCost: number;
    /** $: endpointLinks · (cablePrice + 2 · opticPrice if optical) + endpoints · nicPrice */
    endpointCost: number;
    /** $: switchCost + linkCost + endpointCost */
    cost: number;
    /** $: cost / endpoints */
    costPerEndpoint: number;
  };
  /** a separate single-plane fat-tree of storagePorts endpoints (the fewest layers that fit); zero when storagePorts is 0 */
  storage: {
    /** endpoints, or fullSize when endpoints is 0 */
    endpoints: number;
    /** planes · radix (1 layer: one switch), planes · radix · downlinksPerLeaf (2 layers; radix²/2 non-blocking), or planes · radix · ⌊radix² / (4 · uplinksPerLeaf)⌋ · downlinksPerLeaf (3 layers; radix³/4 non-blocking) */
    fullSize: number;
    /** ⌈endpoints / planes⌉ */
    endpointsPerPlane: number;
    /** leafSwitches + spineSwitches + coreSwitches */
    switches: number;
    /** (layers − 1) · leafSwitches · uplinksPerLeaf (switch-to-switch) */
    links: number;
    /** endpoints */
    endpointLinks: number;
    /** planes · ⌈endpointsPerPlane / downlinksPerLeaf⌉ */
    leafSwitches: number;
    /** 0 (1 layer), planes · ⌈leaves per plane · uplinksPerLeaf / radix⌉ (2 layers), planes · ⌈leaves per plane · uplinksPerLeaf / (radix / 2)⌉ (3 layers) */
    spineSwitches: number;
    /** planes · ⌈leaves per plane · uplinksPerLeaf / radix⌉ (3 layers), else 0 */
    coreSwitches: number;
    /** ⌈radix / (1 + oversubscription)⌉; 0 with 1 layer */
    uplinksPerLeaf: number;
    /** radix − uplinksPerLeaf */
    downlinksPerLeaf: number;
    /** downlinksPerLeaf / uplinksPerLeaf; 1 with 1 layer (one switch is non-blocking) */
    leafOversubscription: number;
    /** B/s: endpoints · portBandwidth / (2 · leafOversubscription) */
    bisectionBandwidth: number;
    /** 2 · (layers − 1) switch-to-switch links on the longest shortest path */
    diameter: number;
    /** links + endpointLinks */
    cables: number;
    /** 2 · links, plus 2 · endpointLinks when endpointCabling is 'optical' */
    optics: number;
    /** $: switches · switchPrice */
    switchCost: number;
    /** $: links · (2 · opticPrice + cablePrice) */
    linkCost: number;
    /** $: endpointLinks · (cablePrice + 2 · opticPrice if optical) + endpoints · nicPrice */
    endpointCost: number;
    /** $: switchCost + linkCost + endpointCost */
    cost: number;
    /** $: cost / endpoints */
    costPerEndpoint: number;
  };
  /** best.switches + storage.switches */
  switches: number;
  /** $: best.cost + storage.cost */
  cost: number;
  /** $: cost / gpus */
  costPerGpu: number;
  /** every planes (divisor of nicsPerNode) × layers (1, 2, 3) considered */
  candidates: Array<{
    /** a divisor of nicsPerNode: NICs of a node spread over the planes */
    planes: number;
    layers: number;
    /** multi-plane when planes > 1; multi-rail when one plane takes several NICs of a node */
    wiring: string;
    /** endpointsPerPlane ≤ full size */
    fits: boolean;
    note: string;
    /** endpoints, or fullSize when endpoints is 0 */
    endpoints: number;
    /** planes · radix (1 layer: one switch), planes · radix · downlinksPerLeaf (2 layers; radix²/2 non-blocking), or planes · radix · ⌊radix² / (4 · uplinksPerLeaf)⌋ · downlinksPerLeaf (3 layers; radix³/4 non-blocking) */
    fullSize: number;
    /** ⌈endpoints / planes⌉ */
    endpointsPerPlane: number;
    /** leafSwitches + spineSwitches + coreSwitches */
    switches: number;
    /** (layers − 1) · leafSwitches · uplinksPerLeaf (switch-to-switch) */
    links: number;
    /** endpoints */
    endpointLinks: number;
    /** planes · ⌈endpointsPerPlane / downlinksPerLeaf⌉ */
    leafSwitches: number;
    /** 0 (1 layer), planes · ⌈leaves per plane · uplinksPerLeaf / radix⌉ (2 layers), planes · ⌈leaves per plane · uplinksPerLeaf / (radix / 2)⌉ (3 layers) */
    spineSwitches: number;
    /** planes · ⌈leaves per plane · uplinksPerLeaf / radix⌉ (3 layers), else 0 */
    coreSwitches: number;
    /** ⌈radix / (1 + oversubscription)⌉; 0 with 1 layer */
    uplinksPerLeaf: number;
    /** radix − uplinksPerLeaf */
    downlinksPerLeaf: number;
    /** downlinksPerLeaf / uplinksPerLeaf; 1 with 1 layer (one switch is non-blocking) */
    leafOversubscription: number;
    /** B/s: endpoints · portBandwidth / (2 · leafOversubscription) */
    bisectionBandwidth: number;
    /** 2 · (layers − 1) switch-to-switch links on the longest shortest path */
    diameter: number;
    /** links + endpointLinks */
    cables: number;
    /** 2 · links, plus 2 · endpointLinks when endpointCabling is 'optical' */
    optics: number;
    /** $: switches · switchPrice */
    switchCost: number;
    /** $: links · (2 · opticPrice + cablePrice) */
    linkCost: number;
    /** $: endpointLinks · (cablePrice + 2 · opticPrice if optical) + endpoints · nicPrice */
    endpointCost: number;
    /** $: switchCost + linkCost + endpointCost */
    cost: number;
    /** $: cost / endpoints */
    costPerEndpoint: number;
  }>;
};

/** The input of rp.modelStats(): Model parameters, KV cache and training FLOPs. */
export interface ModelStatsInput {
  /** a parsed Hugging Face config.json (default: Llama-3.1-8B's); the keys read, their aliases and the family defaults are in docs/model-import.md */
  config?: Record<string, unknown>;
  /** bytes per cached element: 2 for BF16, 1 for FP8 (0.125 … 16 B; default 2) */
  kvBytes?: number;
  /** elements sharing one quantisation scale in the cache (0: no scales, e.g. BF16) (whole number 0 … 1e6; default 0) */
  kvScaleGroupSize?: number;
  /** bytes per scale (4 for FP32) (0 … 16 B; default 4) */
  kvScaleBytes?: number;
  /** training sequence length (tokens) (whole number 1 … 1e8; default 4096) */
  seqLen?: number;
  /** true: count only the lower triangle of attention (FlashAttention convention) (default true) */
  causal?: boolean;
}

/** The result of rp.modelStats(): Model parameters, KV cache and training FLOPs. */
export type ModelStatsResult = {
  /** mla if kv_lora_rank > 0; else mha, gqa or mqa by num_key_value_heads */
  attention: string;
  /** MLA: qk_nope_head_dim + qk_rope_head_dim; else head_dim, or hidden_size / num_attention_heads */
  headDim: number;
  /** num_key_value_heads; absent: 1 with multi_query, else num_attention_heads */
  kvHeads: number;
  /** layers with a dense FFN: num_hidden_layers − moeLayers (Nemotron-H: mixer blocks followed by an MLP block) */
  denseLayers: number;
  /** layers i ≥ first_k_dense_replace with i mod moe_layer_freq = 0, (i + 1) mod decoder_sparse_step = 0 and i not in mlp_only_layers (Nemotron-H: mixer blocks followed by an MoE block) */
  moeLayers: number;
  /** sum of components.params */
  totalParams: number;
  /** sum of components.activeParams (routed: num_experts_per_tok experts) */
  activeParams: number;
  /** totalParams − vocab_size · hidden_size */
  totalParamsWithoutEmbeddings: number;
  /** activeParams − vocab_size · hidden_size */
  activeParamsWithoutEmbeddings: number;
  /** totalParams − norms − embedding − learned position embeddings; the LM head counts even when tied */
  totalMatmulParams: number;
  /** activeParams − norms − embedding − learned position embeddings; the LM head counts even when tied */
  activeMatmulParams: number;
  /** B: MLA: (kv_lora_rank + qk_rope_head_dim) · num_hidden_layers · kvBytes; else 2 · kvHeads · headDim · num_hidden_layers · kvBytes; plus scales; DSA (index_topk) adds the indexer's FP8 key, (index_head_dim + 4 · ⌈index_head_dim / 128⌉) · num_hidden_layers; recurrent layers (Gated DeltaNet, Mamba-2) keep none; DeepSeek-V4: headDim · kvBytes (the key is the value) / r per layer of compress ratio r, plus the indexer's key / 4 on ratio-4 layers (windows are per sequence) */
  kvBytesPerToken: number;
  /** B: Σ over attention layers of kvBytesPerToken / those layers · min(seqLen, the layer's window), plus stateBytesPerSequence; DeepSeek-V4: per layer its window and seqLen / r compressed entries (and their indexer keys) */
  kvBytesPerSequence: number;
  /** B: Gated DeltaNet layers × (linear_num_value_heads · linear_key_head_dim · linear_value_head_dim · s + conv channels · (linear_conv_kernel_dim − 1) · 2), conv channels = 2 · linear_num_key_heads · linear_key_head_dim + linear_num_value_heads · linear_value_head_dim; Mamba-2 layers (Falcon-H1: every layer) × (mamba_num_heads · mamba_head_dim · ssm_state_size · s + conv channels · (conv_kernel − 1) · 2), conv channels = mamba_num_heads · mamba_head_dim + 2 · n_groups · ssm_state_size; Mamba-1 layers (Jamba) × expand · hidden_size · (ssm_state_size · s + (conv_kernel − 1) · 2); short convolutions (LFM2) × hidden_size · (conv_L_cache − 1) · 2; s = 4 if mamba_ssm_dtype is float32, else 2; 0 without them */
  stateBytesPerSequence: number;
  /** FLOP: 6 · activeMatmulParams */
  matmulFlopsPerToken: number;
  /** FLOP: 3 · 2 · num_attention_heads · (d_qk + d_v) · Σ over layers of keys (d_qk, d_v: a head's query-key and value widths, headDim each but under MLA), keys = seqLen / 2 if causal else seqLen (window W: W − W² / (2 · seqLen), or W); DSA: keys capped at index_topk as a window, the cheaper of dense per-head and sparse latent (kv_lora_rank + rope, kv_lora_rank) widths, plus the indexer's 2 · index_n_heads · index_head_dim per earlier key; DeepSeek-V4: per layer the window's keys plus seqLen / r compressed entries (ratio 4: capped at index_topk, the indexer over all of them); a recurrent layer attends to no keys and adds, Gated DeltaNet, 7 · linear_num_value_heads · linear_key_head_dim · linear_value_head_dim, Mamba-2, 5 · mamba_num_heads · mamba_head_dim · ssm_state_size, Mamba-1, 7 · expand · hidden_size · ssm_state_size, a short convolution (LFM2) 2 · hidden_size, plus 2 · conv channels · the conv kernel */
  attentionFlopsPerToken: number;
  /** FLOP: matmulFlopsPerToken + attentionFlopsPerToken */
  trainingFlopsPerToken: number;
  /** FLOP: 2 · activeMatmulParams + attentionFlopsPerToken / 3 */
  forwardFlopsPerToken: number;
  /** FLOP: 6 · totalMatmulParams + attentionFlopsPerToken (every expert active) */
  denseEquivalentFlopsPerToken: number;
  /** 1 − trainingFlopsPerToken / denseEquivalentFlopsPerToken */
  sparsitySaving: number;
  /** num_nextn_predict_layers · (2 · hidden_size² + norms + one transformer layer: its attention and its MoE or FFN block): DeepSeek-V3's MTP modules, outside totalParams as on the model card */
  mtpParams: number;
  /** the model_type whose defaults applied (empty: read as Llama-style) */
  family: string;
  /** "Gated DeltaNet", "Kimi Delta Attention", "lightning attention", "Mamba-2", "Mamba-1" or "short convolution": the kind of the layers whose attention is linear, which keep a state instead of a KV cache; empty without them */
  recurrentMixer: string;
  /** runs of consecutive layers with the same attention, window and FFN */
  layers: Array<{
    first: number;
    count: number;
    attention: string;
    window: number;
    chunked: boolean;
    /** DeepSeek-V4: tokens per compressed KV entry beside the window (0: none) */
    compressRatio: number;
    ffn: string;
  }>;
  components: Array<{
    name: string;
    params: number;
    activeParams: number;
    formula: string;
  }>;
  /** config keys ridgepoint did not use */
  ignoredKeys: string[];
  /** defaults applied for keys the config left out, each with its rule */
  assumed: Array<{
    key: string;
    rule: string;
  }>;
  notes: Array<{
    field: string;
    text: string;
  }>;
};

/** The input of rp.kvCache(): KV cache and what fits in memory. */
export interface KvCacheInput {
  /** a parsed Hugging Face config.json (default: Llama-3.1-8B's); the keys read, their aliases and the family defaults are in docs/model-import.md */
  config?: Record<string, unknown>;
  /** bytes per cached element: 2 for BF16, 1 for FP8 (0.125 … 16 B; default 2) */
  kvBytes?: number;
  /** elements sharing one quantisation scale in the cache (0: no scales, e.g. BF16) (whole number 0 … 1e6; default 0) */
  kvScaleGroupSize?: number;
  /** bytes per scale (4 for FP32) (0 … 16 B; default 4) */
  kvScaleBytes?: number;
  /** tokens cached per sequence (whole number 1 … 1e9; default 4096) */
  contextLength?: number;
  /** sequences cached at once (whole number 1 … 1e7; default 1) */
  batch?: number;
  /** memory of one device (HBM) (1e6 … 1e15 B; default 8e10) */
  memoryCapacity?: number;
  /** devices sharing the weights and the cache (whole number 1 … 1e6; default 1) */
  devices?: number;
  /** bytes per stored weight (2 BF16, ≈1 FP8) (0.125 … 16 B; default 2) */
  weightBytesPerParam?: number;
  /** another model's KV bytes per token to compare with (0: none) (0 … 1e12 B; default 0) */
  referenceKvBytesPerToken?: number;
}

/** The result of rp.kvCache(): KV cache and what fits in memory. */
export type KvCacheResult = {
  attention: string;
  /** B: cached elements per token per layer · kvBytes · num_hidden_layers, plus scales */
  kvBytesPerToken: number;
  /** B: Σ over attention layers of kvBytesPerToken / those layers · min(contextLength, the layer's window), plus the recurrent layers' state (modelStats' stateBytesPerSequence) */
  kvBytesPerSequence: number;
  /** B: kvBytesPerSequence · batch */
  kvBytesTotal: number;
  /** B: totalParams · weightBytesPerParam */
  weightBytes: number;
  /** B: max(0, memoryCapacity · devices − weightBytes) */
  freeBytes: number;
  /** ⌊freeBytes / kvBytesPerToken⌋ */
  tokensThatFit: number;
  /** ⌊freeBytes / kvBytesPerSequence⌋ */
  sequencesThatFit: number;
  /** weightBytes + kvBytesTotal ≤ memoryCapacity · devices */
  fits: boolean;
  /** kvBytesPerToken / referenceKvBytesPerToken */
  ratioToReference: number | null;
  /** config keys ridgepoint did not use */
  ignoredKeys: string[];
  /** defaults applied for keys the config left out, each with its rule */
  assumed: Array<{
    key: string;
    rule: string;
  }>;
  notes: Array<{
    field: string;
    text: string;
  }>;
};

/** The input of rp.weightMemory(): Weights by storage format. */
export interface WeightMemoryInput {
  /** parameters stored (1 … 1e15; default 6.71e11) */
  params?: number;
  /** FP8 weight blocks are blockSide × blockSide (V3: 128) (whole number 1 … 1e5; default 128) */
  blockSide?: number;
  /** 1 × tileLength tiles share a scale (V3 activations: 128) (whole number 1 … 1e5; default 128) */
  tileLength?: number;
  /** bytes per scale (FP32: 4) (0 … 16 B; default 4) */
  scaleBytes?: number;
}

/** The result of rp.weightMemory(): Weights by storage format. */
export type WeightMemoryResult = {
  formats: Array<{
    format: string;
    /** B */
    bytesPerParam: number;
    /** B: params · bytesPerParam */
    bytes: number;
    /** scale bytes / element bytes */
    scaleOverhead: number;
    formula: string;
  }>;
};

/** The input of rp.trainingMemory(): Training state per GPU (ZeRO). */
export interface TrainingMemoryInput {
  /** parameters of the model (1 … 1e15; default 7.5e9) */
  params?: number;
  /** data-parallel degree N_d (whole number 1 … 1e7; default 64) */
  dataParallel?: number;
  /** ZeRO stage: 1 shards optimizer state, 2 also gradients, 3 also weights (whole number 0 … 3; default 0) */
  zeroStage?: number;
  /** ways the weights are split before data parallelism (TP × PP × EP) (whole number 1 … 1e7; default 1) */
  modelParallel?: number;
  /** bytes per working weight (BF16: 2) (0.125 … 16 B; default 2) */
  weightBytes?: number;
  /** bytes per gradient (BF16: 2; V3 keeps FP32: 4) (0.125 … 16 B; default 2) */
  gradientBytes?: number;
  /** bytes per master weight (FP32: 4) (0 … 16 B; default 4) */
  masterBytes?: number;
  /** bytes per AdamW moment, two per weight (FP32: 4; V3 uses BF16: 2) (0 … 16 B; default 4) */
  momentBytes?: number;
}

/** The result of rp.trainingMemory(): Training state per GPU (ZeRO). */
export type TrainingMemoryResult = {
  /** params / modelParallel */
  paramsPerGpu: number;
  /** B: weightBytes + gradientBytes + masterBytes + 2 · momentBytes */
  bytesPerParam: number;
  /** B: paramsPerGpu · weightBytes (÷ dataParallel at ZeRO stage 3) */
  weightBytesPerGpu: number;
  /** B: paramsPerGpu · gradientBytes (÷ dataParallel from stage 2) */
  gradientBytesPerGpu: number;
  /** B: paramsPerGpu · masterBytes (÷ dataParallel from stage 1) */
  masterWeightBytesPerGpu: number;
  /** B: paramsPerGpu · 2 · momentBytes (÷ dataParallel from stage 1) */
  optimizerBytesPerGpu: number;
  /** B: weightBytesPerGpu + gradientBytesPerGpu + masterWeightBytesPerGpu + optimizerBytesPerGpu */
  totalBytesPerGpu: number;
};

/** The input of rp.trainingRun(): Training time and cost. */
export interface TrainingRunInput {
  /** training FLOPs per token (modelStats.trainingFlopsPerToken) (1 … 1e18 FLOP; required) */
  flopsPerToken: number;
  /** training tokens (1 … 1e18; required) */
  tokens: number;
  /** GPUs in the run (whole number 1 … 1e8; default 2048) */
  gpus?: number;
  /** peak compute of the machine at this precision (dense) (1e6 … 1e20 FLOP/s; default 6e13) */
  peakFlops?: number;
  /** model FLOPs utilisation: achieved / peak (0.0001 … 1; default 0.4) */
  mfu?: number;
  /** rental price of one GPU-hour (0 … 1e6 $/h; default 2) */
  pricePerGpuHour?: number;
  /** a measured throughput, to infer the MFU (0: none) (0 … 1e18 tokens/day; default 0) */
  measuredTokensPerDay?: number;
}

/** The result of rp.trainingRun(): Training time and cost. */
export type TrainingRunResult = {
  /** FLOP: tokens · flopsPerToken */
  totalFlops: number;
  /** h: totalFlops / (peakFlops · mfu) / 3600 */
  gpuHours: number;
  /** d: gpuHours / gpus / 24 */
  days: number;
  /** $: gpuHours · pricePerGpuHour */
  cost: number;
  /** tokens/day: gpus · peakFlops · mfu · 86400 / flopsPerToken */
  tokensPerDay: number;
  /** h: 1e12 · flopsPerToken / (peakFlops · mfu) / 3600 */
  gpuHoursPerTrillionTokens: number;
  /** measuredTokensPerDay / 86400 · flopsPerToken / (gpus · peakFlops) */
  impliedMfu: number | null;
  /** FLOP/s: measuredTokensPerDay / 86400 · flopsPerToken / gpus */
  achievedFlopsPerGpu: number | null;
};

/** The input of rp.trainingBudget(): Training budget by phase. */
export interface TrainingBudgetInput {
  /** pre-training tokens (0 … 1e18; default 1.48e13) */
  pretrainingTokens?: number;
  /** GPU-hours to train on one trillion tokens (0 … 1e12 h; default 1.8e5) */
  gpuHoursPerTrillionTokens?: number;
  /** GPU-hours of context extension (0 … 1e12 h; default 1.19e5) */
  contextExtensionGpuHours?: number;
  /** GPU-hours of post-training (0 … 1e12 h; default 5000) */
  postTrainingGpuHours?: number;
  /** rental price of one GPU-hour (0 … 1e6 $/h; default 2) */
  pricePerGpuHour?: number;
  /** GPUs in the cluster (whole number 1 … 1e8; default 2048) */
  gpus?: number;
}

/** The result of rp.trainingBudget(): Training budget by phase. */
export type TrainingBudgetResult = {
  /** h: pretrainingTokens / 1e12 · gpuHoursPerTrillionTokens */
  pretrainingGpuHours: number;
  /** h: pretrainingGpuHours + contextExtensionGpuHours + postTrainingGpuHours */
  totalGpuHours: number;
  /** $: pretrainingGpuHours · pricePerGpuHour */
  pretrainingCost: number;
  /** $: contextExtensionGpuHours · pricePerGpuHour */
  contextExtensionCost: number;
  /** $: postTrainingGpuHours · pricePerGpuHour */
  postTrainingCost: number;
  /** $: totalGpuHours · pricePerGpuHour */
  totalCost: number;
  /** d: gpuHoursPerTrillionTokens / gpus / 24 */
  daysPerTrillionTokens: number;
  /** d: pretrainingGpuHours / gpus / 24 */
  pretrainingDays: number;
};

/** The input of rp.modelInference(): Inference roofline of a model. */
export interface ModelInferenceInput {
  /** a parsed Hugging Face config.json (default: Llama-3.1-8B's); the keys read, their aliases and the family defaults are in docs/model-import.md */
  config?: Record<string, unknown>;
  /** bytes per cached element: 2 for BF16, 1 for FP8 (0.125 … 16 B; default 2) */
  kvBytes?: number;
  /** elements sharing one quantisation scale in the cache (0: no scales, e.g. BF16) (whole number 0 … 1e6; default 0) */
  kvScaleGroupSize?: number;
  /** bytes per scale (4 for FP32) (0 … 16 B; default 4) */
  kvScaleBytes?: number;
  /** peak compute of the machine at this precision (dense) (1e6 … 1e20 FLOP/s; default 6e13) */
  peakFlops?: number;
  /** memory bandwidth of the machine (1e6 … 1e17 B/s; default 3e12) */
  memoryBandwidth?: number;
  /** sequences decoded together (whole number 1 … 1e6; default 64) */
  batch?: number;
  /** prompt tokens prefilled for the first token (whole number 1 … 1e8; default 4096) */
  promptLength?: number;
  /** cached tokens per sequence during decode (whole number 1 … 1e8; default 4096) */
  contextLength?: number;
  /** bytes per weight as served (BF16: 2, FP8: 1) (0.125 … 16 B; default 2) */
  weightBytesPerParam?: number;
  /** bytes per activation element (0.125 … 16 B; default 2) */
  activationBytes?: number;
}

/** The result of rp.modelInference(): Inference roofline of a model. */
export type ModelInferenceResult = {
  attention: string;
  /** one sequence of promptLength tokens */
  prefill: Array<{
    name: string;
    /** FLOP */
    flops: number;
    /** B */
    bytes: number;
    /** FLOP/B: flops / bytes */
    intensity: number;
    /** compute if intensity ≥ ridgePoint */
    bound: 'memory' | 'compute';
    /** s: max(flops / peakFlops, bytes / memoryBandwidth) */
    time: number;
    /** FLOP/s: flops / time */
    attainableFlops: number;
  }>;
  /** one step: batch tokens, each attending to contextLength cached tokens */
  decode: Array<{
    name: string;
    /** FLOP */
    flops: number;
    /** B */
    bytes: number;
    /** FLOP/B: flops / bytes */
    intensity: number;
    /** compute if intensity ≥ ridgePoint */
    bound: 'memory' | 'compute';
    /** s: max(flops / peakFlops, bytes / memoryBandwidth) */
    time: number;
    /** FLOP/s: flops / time */
    attainableFlops: number;
  }>;
  /** s: sum of prefill times (a lower bound) */
  timeToFirstToken: number;
  /** s: sum of decode times (a lower bound) */
  timePerOutputToken: number;
  /** tokens/s: promptLength / timeToFirstToken */
  prefillTokensPerSecond: number;
  /** tokens/s: batch / timePerOutputToken */
  decodeTokensPerSecond: number;
  /** B: totalParams · weightBytesPerParam */
  weightBytes: number;
  /** FLOP/B: peakFlops / memoryBandwidth */
  ridgePoint: number;
  /** batch · num_experts_per_tok / n_routed_experts */
  decodeTokensPerExpert: number | null;
  /** smallest batch whose decode step is compute-bound overall (null: never) */
  saturationBatch: number | null;
  /** decode tokens/s at batch 1, 2, 4, … 4096 */
  throughput: Array<{
    batch: number;
    /** s */
    timePerOutputToken: number;
    /** tokens/s: batch / timePerOutputToken */
    tokensPerSecond: number;
    bound: 'memory' | 'compute';
  }>;
  /** config keys ridgepoint did not use */
  ignoredKeys: string[];
  /** defaults applied for keys the config left out, each with its rule */
  assumed: Array<{
    key: string;
    rule: string;
  }>;
  notes: Array<{
    field: string;
    text: string;
  }>;
};

/** The input of rp.mtpSpeedup(): Multi-token prediction. */
export interface MtpSpeedupInput {
  /** probability a drafted token is accepted (V3: 0.85–0.9) (0 … 1; default 0.85) */
  acceptanceRate?: number;
  /** tokens drafted per step (MTP modules; V3: 1) (whole number 0 … 64; default 1) */
  depth?: number;
  /** time of the MTP modules relative to one main-model step (0 … 10; default 0) */
  draftCost?: number;
  /** decode throughput without MTP (0: not given) (0 … 1e12 tokens/s; default 0) */
  tokensPerSecond?: number;
}

/** The result of rp.mtpSpeedup(): Multi-token prediction. */
export type MtpSpeedupResult = {
  /** 1 + acceptanceRate + acceptanceRate² + … (depth terms) */
  tokensPerStep: number;
  /** tokensPerStep / (1 + draftCost) */
  speedup: number;
  /** tokens/s: tokensPerSecond · speedup (null when tokensPerSecond is not given) */
  mtpTokensPerSecond: number | null;
};

/** The input of rp.formatSpacing(): Representable values of a format. */
export interface FormatSpacingInput {
  /** the number format (default "e4m3") */
  format?: 'e4m3' | 'e5m2' | 'e5m6' | 'ue8m0' | 'int8' | 'e2m1' | 'nvfp4' | 'mxfp4' | 'mxfp8' | 'bf16' | 'fp16' | 'tf32' | 'fp32';
}

/** The result of rp.formatSpacing(): Representable values of a format. */
export type FormatSpacingResult = {
  max: number;
  minNormal: number;
  minSubnormal: number;
  /** 2^−mantissaBits */
  epsilon: number;
  /** log2(max / smallest positive value) */
  dynamicRangeBinades: number;
  /** finite positive values the format can hold */
  positiveValues: number;
  /** (next value − value) / value at the start of each binade and at max */
  points: Array<{
    value: number;
    relativeSpacing: number;
  }>;
};

/** The input of rp.roundValue(): Round a number into a format. */
export interface RoundValueInput {
  /** element format (UE8M0 is a scale format only) (default "e4m3") */
  format?: 'e4m3' | 'e5m2' | 'e5m6' | 'ue8m0' | 'int8' | 'e2m1' | 'nvfp4' | 'mxfp4' | 'mxfp8' | 'bf16' | 'fp16' | 'tf32' | 'fp32';
  /** the number to round (a finite number) (-1e300 … 1e300; default 0.3) */
  value?: number;
}

/** The result of rp.roundValue(): Round a number into a format. */
export type RoundValueResult = {
  /** nearest representable value, ties to even, saturating at ±max */
  rounded: number;
  /** |rounded − value| */
  absoluteError: number;
  /** absoluteError / |value| */
  relativeError: number | null;
  /** |value| > max */
  clipped: boolean;
  /** value ≠ 0 and rounded = 0 */
  flushedToZero: boolean;
};

/** The input of rp.quantize(): Quantize a tensor. */
export interface QuantizeInput {
  /** element format (UE8M0 is a scale format only) (default "e4m3") */
  format?: 'e4m3' | 'e5m2' | 'e5m6' | 'ue8m0' | 'int8' | 'e2m1' | 'nvfp4' | 'mxfp4' | 'mxfp8' | 'bf16' | 'fp16' | 'tf32' | 'fp32';
  /** one FP32 scale per tensor, per row, per 1×128 tile or per 128×128 block; none: no FP32 scale (a plain cast, or the format's own block scales alone) (default "1x128") */
  granularity?: 'per-tensor' | 'per-channel' | '1x128' | '128x128' | 'none';
  /** the synthetic tensor's distribution ('histogram': your bins, below) (default "normal") */
  distribution?: 'normal' | 'log-normal' | 'outlier-channels' | 'uniform' | 'histogram';
  /** log-normal: σ of ln|x| (0.01 … 10; default 1) */
  sigma?: number;
  /** outlier-channels: every 64th column is this many times larger (1 … 10000; default 100) */
  outlierScale?: number;
  /** histogram: bin edges in increasing order, one more than the counts (at most 4096 bins); each value is drawn uniformly within its bin (-3.4028234663852886e38 … 3.4028234663852886e38) */
  histogramEdges?: number[];
  /** histogram: the count (or weight) of each bin, not all 0 (0 … 1e300) */
  histogramCounts?: number[];
  /** seed of the random tensor (the same seed gives the same numbers everywhere) (whole number 0 … 4.294967295e9; default 1) */
  seed?: number;
  /** rows of the tensor (tokens, or a weight's output channels) (whole number 1 … 1.6777216e7; default 256) */
  rows?: number;
  /** columns of the tensor (channels); rows of pasted numbers are this long (whole number 1 … 1.6777216e7; default 1024) */
  cols?: number;
  /** your own numbers, row-major in rows of cols, each within FP32's range; empty: the seeded distribution (-3.4028234663852886e38 … 3.4028234663852886e38) */
  values?: number[];
}

/** The result of rp.quantize(): Quantize a tensor. */
export type QuantizeResult = {
  /** rows · cols */
  elements: number;
  /** sqrt(mean((q(x) − x)²)) */
  rmsError: number;
  /** max |q(x) − x| */
  maxAbsoluteError: number;
  /** max |q(x) − x| / |x| over x ≠ 0 */
  maxRelativeError: number;
  /** dB: 10 · log10(Σ x² / Σ (q(x) − x)²) */
  snrDb: number | null;
  /** share of elements beyond max after scaling (saturated) */
  fractionClipped: number;
  /** share of x ≠ 0 with q(x) = 0 */
  fractionFlushedToZero: number;
  /** bit: 32 · scaling groups (none with granularity none) / elements + scale bits · blocks / elements */
  scaleBitsPerElement: number;
  /** bit: storageBits + scaleBitsPerElement */
  bitsPerElement: number;
};

/** The input of rp.accumulationError(): FP8 GEMM accumulation error. */
export interface AccumulationErrorInput {
  /** length of the dot product (the GEMM's reduction dimension) (whole number 1 … 65536; default 4096) */
  k?: number;
  /** FP32 throughout, or Hopper's FP8 tensor core: each 32 products and the register aligned to the largest exponent, 13 fraction bits kept (truncated toward zero) (default "hopper-fp8") */
  accumulator?: 'fp32' | 'hopper-fp8';
  /** hopper-fp8: move the partial sum to FP32 every this many products, a multiple of 32 (0 = never; DeepSeek: 128) (whole number 0 … 65536; default 0) */
  promoteEvery?: number;
  /** operands before E4M3 rounding: uniform on [0, 1) (no cancellation: each element's relative error is meaningful) or N(0, 1) (read normwiseRelativeError) (default "uniform") */
  distribution?: 'uniform' | 'normal';
  /** seed of the random operands (whole number 0 … 4.294967295e9; default 1) */
  seed?: number;
  /** independent dot products (whole number 1 … 256; default 16) */
  trials?: number;
}

/** The result of rp.accumulationError(): FP8 GEMM accumulation error. */
export type AccumulationErrorResult = {
  /** max over trials of |s − s₆₄| / |s₆₄| */
  maxRelativeError: number;
  /** mean over trials of |s − s₆₄| / |s₆₄| */
  meanRelativeError: number;
  /** sqrt(Σ (s − s₆₄)² / Σ s₆₄²) over trials: for operands whose sums cancel */
  normwiseRelativeError: number;
  /** promoteEvery / 32 */
  wgmmasPerPromotion: number;
  /** ceil(k / promoteEvery); 0 when promoteEvery is 0 (no promotion) */
  promotions: number;
  /** 2 FLOP (one FP32 FMA) per promotion / (2 · promoteEvery) tensor FLOP; 0 without promotion */
  promotionFlopRatio: number;
  /** the same experiment at k = 32, 64, … and k */
  sweep: Array<{
    k: number;
    maxRelativeError: number;
    meanRelativeError: number;
    normwiseRelativeError: number;
  }>;
};

/** The input of rp.logFmt(): LogFMT-nBit communication format. */
export interface LogFmtInput {
  /** n: bits per element, the sign included (ISCA'25 tested 8 and 10) (whole number 4 … 16 bit; default 8) */
  bits?: number;
  /** the synthetic tensor's distribution ('histogram': your bins, below) (default "normal") */
  distribution?: 'normal' | 'log-normal' | 'outlier-channels' | 'uniform' | 'histogram';
  /** log-normal: σ of ln|x| (0.01 … 10; default 1) */
  sigma?: number;
  /** outlier-channels: every 64th column is this many times larger (1 … 10000; default 100) */
  outlierScale?: number;
  /** histogram: bin edges in increasing order, one more than the counts (at most 4096 bins); each value is drawn uniformly within its bin (-3.4028234663852886e38 … 3.4028234663852886e38) */
  histogramEdges?: number[];
  /** histogram: the count (or weight) of each bin, not all 0 (0 … 1e300) */
  histogramCounts?: number[];
  /** seed of the random tensor (the same seed gives the same numbers everywhere) (whole number 0 … 4.294967295e9; default 1) */
  seed?: number;
  /** 1×128 tiles to encode (whole number 1 … 8192; default 64) */
  tiles?: number;
}

/** The result of rp.logFmt(): LogFMT-nBit communication format. */
export type LogFmtResult = {
  /** 2^(bits − 1) − 2 */
  stepDivisor: number;
  /** mean over tiles of (max − min) / stepDivisor, min and max of ln|x| */
  meanStep: number;
  /** sqrt(mean((decode(x) − x)²)) */
  rmsError: number;
  /** max |decode(x) − x| / |x| */
  maxRelativeError: number;
  /** E4M3 with an FP32 scale per 1×128 tile */
  e4m3RmsError: number;
  e4m3MaxRelativeError: number;
  /** E5M2 with an FP32 scale per 1×128 tile */
  e5m2RmsError: number;
  e5m2MaxRelativeError: number;
  /** B: bits / 8 + 2 · 4 B (min, max in FP32) / 128 */
  bytesPerElement: number;
  /** B: 1 + 4 B (FP32 scale) / 128 */
  e4m3BytesPerElement: number;
  /** 1 − bytesPerElement / 2 */
  savingVsBf16: number;
};

/** The input of rp.communicationBytes(): Communication bytes by format. */
export interface CommunicationBytesInput {
  /** format of the tokens sent to the experts (DeepSeek-V3: FP8 E4M3) (default "e4m3") */
  dispatchFormat?: 'e4m3' | 'e5m2' | 'e5m6' | 'ue8m0' | 'int8' | 'e2m1' | 'nvfp4' | 'mxfp4' | 'mxfp8' | 'bf16' | 'fp16' | 'tf32' | 'fp32';
  /** format of the expert outputs sent back (DeepSeek-V3: BF16) (default "bf16") */
  combineFormat?: 'e4m3' | 'e5m2' | 'e5m6' | 'ue8m0' | 'int8' | 'e2m1' | 'nvfp4' | 'mxfp4' | 'mxfp8' | 'bf16' | 'fp16' | 'tf32' | 'fp32';
  /** format of the gradients all-reduced over data parallelism (default "bf16") */
  gradientFormat?: 'e4m3' | 'e5m2' | 'e5m6' | 'ue8m0' | 'int8' | 'e2m1' | 'nvfp4' | 'mxfp4' | 'mxfp8' | 'bf16' | 'fp16' | 'tf32' | 'fp32';
  /** elements sharing one FP32 scale on the wire (V3: 128, a 1×128 tile); 0: no scales (whole number 0 … 1e6; default 128) */
  scaleGroupSize?: number;
  /** tokens each device dispatches (whole number 1 … 1e9; default 4096) */
  tokens?: number;
  /** hidden size (DeepSeek-V3: 7168) (whole number 1 … 1e6; default 7168) */
  hidden?: number;
  /** routed experts per token (DeepSeek-V3: 8) (whole number 1 … 10000; default 8) */
  expertsPerToken?: number;
  /** parameters whose gradients one rank all-reduces (whole number 1 … 1e13; default 1e9) */
  gradientParams?: number;
  /** ranks in the all-reduce (whole number 1 … 1e6; default 128) */
  ranks?: number;
}

/** The result of rp.communicationBytes(): Communication bytes by format. */
export type CommunicationBytesResult = {
  /** B: storageBits / 8 + block scale bits / (8 · block) + 4 / scaleGroupSize (element formats under 16 bits; MX and NVFP4 carry their block scales alone) */
  dispatchBytesPerElement: number;
  /** B: as dispatchBytesPerElement, for combineFormat */
  combineBytesPerElement: number;
  /** B: as dispatchBytesPerElement, for gradientFormat */
  gradientBytesPerElement: number;
  /** B: tokens · expertsPerToken · hidden · dispatchBytesPerElement */
  dispatchBytes: number;
  /** B: tokens · expertsPerToken · hidden · combineBytesPerElement */
  combineBytes: number;
  /** B: 2 · tokens · expertsPerToken · hidden · 2: both directions in BF16 */
  bf16Bytes: number;
  /** 1 − (dispatchBytes + combineBytes) / bf16Bytes */
  savingVsBf16: number;
  /** B: gradientParams · gradientBytesPerElement */
  gradientBytes: number;
  /** B: 2 · (ranks − 1) / ranks · gradientBytes (ring all-reduce) */
  allReduceBytesPerRank: number;
};

/** The input of rp.trainingStep(): Training step on a cluster. */
export interface TrainingStepInput {
  /** a parsed Hugging Face config.json (default: Llama-3.1-8B's); the keys read, their aliases and the family defaults are in docs/model-import.md */
  config?: Record<string, unknown>;
  /** GPU (a machine preset) (default "h100-sxm") */
  machine?: 'h800-sxm' | 'h100-sxm' | 'h200-sxm' | 'a100-sxm-80gb' | 'b200' | 'b300' | 'gb200' | 'gb300' | 'mi300x';
  /** node design: GPUs per node, scale-up and scale-out bandwidth (default "dgx-h100") */
  node?: 'deepseek-h800' | 'dgx-h100' | 'hgx-h200' | 'dgx-a100' | 'fire-flyer-a100-pcie' | 'dgx-b200' | 'dgx-b300' | 'gb200-nvl72' | 'gb300-nvl72' | 'mi300x-platform';
  /** GPUs in the job (whole number 1 … 1e6; default 64) */
  gpus?: number;
  /** TP: GPUs sharing each matrix (Megatron) (whole number 1 … 1024; default 1) */
  tensorParallel?: number;
  /** PP: pipeline stages (whole number 1 … 1024; default 1) */
  pipelineParallel?: number;
  /** EP: GPUs the routed experts are spread over, carved out of data × tensor parallel (whole number 1 … 1e5; default 1) */
  expertParallel?: number;
  /** ETP: GPUs each routed expert is split over (Megatron-Core's expert_tensor_parallel_size), each taking 1/ETP of its width and the tokens of all ETP GPUs (gathered and scattered back in every MoE layer); EP × ETP GPUs are carved out of data × tensor parallel (whole number 1 … 1024; default 1) */
  expertTensorParallel?: number;
  /** CP: GPUs sharing one sequence (ring attention) (whole number 1 … 1024; default 1) */
  contextParallel?: number;
  /** model chunks per GPU for the interleaved schedule (whole number 1 … 64; default 2) */
  virtualStages?: number;
  /** tokens per sequence (whole number 1 … 1e7; default 4096) */
  seqLen?: number;
  /** sequences per optimizer step (whole number 1 … 1e8; default 512) */
  globalBatch?: number;
  /** sequences per micro-batch (whole number 1 … 1e5; default 1) */
  microBatch?: number;
  /** GEMM precision (attention stays BF16); fp8 runs DeepGEMM's FP8 kernels, and for models built like DeepSeek-V3 (MLA, MoE) takes GEMM, attention and non-GEMM kernel times from DeepSeek's profiled training framework (profile-data train.json) (default "bf16") */
  precision?: 'bf16' | 'fp8';
  /** activation recomputation: selective recomputes the attention core, full the whole forward (default "none") */
  recompute?: 'none' | 'selective' | 'full';
  /** pipeline schedule (default "1f1b") */
  schedule?: '1f1b' | 'interleaved' | 'zb1p' | 'dualpipe';
  /** MFU counts only the lower triangle of attention (FlashAttention convention); false: the whole matrix (Megatron) (default true) */
  causal?: boolean;
  /** flash: fused, scores stay on chip; materialized: scores written to memory (Megatron 2021) (default "flash") */
  attentionKernel?: 'flash' | 'materialized';
  /** dropout after attention and MLP and on materialized scores (Megatron-LM's GPT, 2021): a 1 B mask saved per element; today's pre-training runs without (default false) */
  dropout?: boolean;
  /** sequence parallelism (Korthikanti et al. 2022): norms and dropouts split over the tensor-parallel GPUs; without it (Megatron-LM 2021) each keeps and runs them whole (default true) */
  sequenceParallel?: boolean;
  /** each micro-batch's EP all-to-all runs under another micro-batch's compute, as Megatron-Core's overlap_moe_expert_parallel_comm pairs one's forward with another's backward in 1F1B and interleaved schedules (DualPipe always does): only what outlasts that compute stays exposed; needs two micro-batches or more (default false) */
  expertParallelOverlap?: boolean;
  /** ZeRO-1 and 2 reduce each gradient bucket while the last micro-batch's backward still runs and gather the parameters under the next step's first forward, as Megatron-Core's overlap_grad_reduce and overlap_param_gather do: only what outlasts that compute stays exposed (ZeRO-3 always overlaps) (default false) */
  dataParallelOverlap?: boolean;
  /** SMs per GPU kept for communication kernels (DeepSeek-V3: 20) (whole number 0 … 1024; default 0) */
  commSms?: number;
  /** SMs per GPU (H800/H100 SXM: 132) (whole number 1 … 1024; default 132) */
  gpuSms?: number;
  /** bytes per AdamW moment (FP32: 4; DeepSeek-V3: BF16, 2) (whole number 1 … 8 B; default 4) */
  momentBytes?: number;
  /** multi-token-prediction modules trained on the last stage (DeepSeek-V3: 1) (whole number 0 … 8; default 0) */
  mtpModules?: number;
  /** what data parallelism shards (ZeRO): 1 optimizer states, 2 also gradients, 3 also weights, gathered for each micro-batch (FSDP) (whole number 1 … 3; default 1) */
  zeroStage?: number;
}

/** The result of rp.trainingStep(): Training step on a cluster. */
export type TrainingStepResult = {
  /** s: computeTime + exposedCommTime + bubbleTime + optimizerTime */
  stepTime: number;
  /** model FLOPs per step (no recomputation; causal per input) / (stepTime · gpus · dense BF16 peak) */
  mfu: number;
  /** FLOP/s: FLOPs executed per step, recomputation included, averaged over the GPUs (every pipeline stage's) / stepTime */
  hardwareFlopsPerGpu: number;
  /** FLOP/s: model FLOPs per step / (stepTime · gpus) */
  modelFlopsPerGpu: number;
  /** tokens/s: globalBatch · seqLen / stepTime */
  tokensPerSecond: number;
  /** tokens/day: tokensPerSecond · 86400 */
  tokensPerDay: number;
  /** gpus / (tensorParallel · contextParallel · pipelineParallel) */
  dataParallel: number;
  /** globalBatch / (dataParallel · microBatch): per pipeline per step */
  microBatches: number;
  /** ⌈num_hidden_layers / pipelineParallel⌉ (the slowest stage) */
  layersPerStage: number;
  /** s: microBatches · F of the slowest stage (GEMMs, attention, non-GEMM kernels: fp8 MLA and MoE models as profiled in DeepSeek's framework, scaled from V3's widths by the elements each block moves, else activation traffic and castTime's forward casts) */
  forwardTime: number;
  /** s: microBatches · B (input-gradient GEMMs, attention backward, non-GEMM kernels, castTime's gradient casts) */
  backwardTime: number;
  /** s: microBatches · W (weight-gradient GEMMs, their casts and transposes) */
  weightBackwardTime: number;
  /** s: microBatches · the forward recomputed (full: F; selective: attention core) */
  recomputeTime: number;
  /** s: forwardTime + backwardTime + weightBackwardTime + recomputeTime */
  computeTime: number;
  /** s: microBatches · FP8 casts inside forwardTime and backwardTime: 6 B per element of each FP8 GEMM's input and output gradient (amax read, then read and written row- and column-wise: Transformer Engine's current scaling) / the machine's streamBandwidth; 0 in BF16 and in DeepSeek's profiled framework, whose kernels hold its casts */
  castTime: number;
  /** s: sum of the exposed TP, CP, EP, PP and DP times */
  exposedCommTime: number;
  /** s: microBatches · 4 ring all-reduces of tokens · hidden · 2 B per layer (6 with full recomputation: the recomputed forward repeats its two) */
  tensorParallelTime: number;
  /** s: microBatches · (CP − 1) KV blocks passed round the ring per layer, ×3 */
  contextParallelTime: number;
  /** s: microBatches · MoE layers · (dispatch + combine) forward and backward */
  expertParallelTime: number;
  /** s: microBatches · chunks · 2 · tokens · hidden · 2 B / TP / bandwidth (chunks: virtualStages when interleaved, else 1; scale-up when all the GPUs fit in a node, else scale-out) */
  pipelineSendTime: number;
  /** s: ZeRO-1, 2: gradient reduce-scatter + parameter all-gather (a ring all-reduce); ZeRO-3: microBatches · (2 BF16 weight all-gathers + FP32 gradient reduce-scatter); over scale-up inside a node, else at min(scale-up, k · scale-out) for k of the group's GPUs in each node (NCCL's ring per NIC) */
  dataParallelTime: number;
  /** s: tensorParallelTime: no schedule hides it */
  exposedTensorParallelTime: number;
  /** s: max(0, contextParallelTime − attention time): the ring overlaps attention */
  exposedContextParallelTime: number;
  /** s: DualPipe: max(0, EP time − compute of the paired chunk); else all of it */
  exposedExpertParallelTime: number;
  /** s: DualPipe and ZB1P overlap it; 1F1B and interleaved expose it */
  exposedPipelineSendTime: number;
  /** s: ZeRO-1, 2: dataParallelTime, after the last backward; with dataParallelOverlap, max(0, half of it − the last micro-batch's backward) + max(0, half − its forward); ZeRO-3: per micro-batch what its compute does not hide */
  exposedDataParallelTime: number;
  /** s: 1F1B (PP−1)(F+B+W); interleaved that / virtualStages; ZB1P (PP−1)(F+B−W); DualPipe (PP/2−1)(F&B+B+W−3W) */
  bubbleTime: number;
  /** bubbleTime / stepTime */
  bubbleFraction: number;
  /** s: optimizer-state bytes read and written per GPU / the machine's streamBandwidth */
  optimizerTime: number;
  /** GEMM FLOPs (forward and both backward) / (GEMM time · peak at the GEMM precision) */
  gemmEfficiency: number;
  /** forward attention kernel FLOP/s / BF16 peak on all SMs (calibration table) */
  attentionEfficiency: number;
  /** B: BF16 weights of the GPU's layers (ZeRO-3: / its data-parallel group) */
  weightBytes: number;
  /** B: FP32 gradients of those weights (ZeRO-2, 3: / its data-parallel group) */
  gradientBytes: number;
  /** B: (4 B master + 2 · momentBytes) per parameter / the ranks sharing the weights (DP · CP; experts DP · CP · TP / EP) */
  optimizerBytes: number;
  /** B: in-flight micro-batches (PP, DualPipe PP + 1, interleaved counted as 1F1B; at most the micro-batches) · layers · s·b·h·(saved + 5·a·s/h) / t (Korthikanti et al. 2022, their tensors at the config's widths: 34 for a GPT layer with dropout; fp8: Linear and activation inputs cached at 1 B as in the V3 report §3.3.2; scores 2 B without dropout; without sequence parallelism the norms' and dropouts' share, 10 for a GPT layer, not divided by t), less what recomputation drops */
  activationBytes: number;
  /** B: weightBytes + gradientBytes + optimizerBytes + activationBytes */
  memoryPerGpu: number;
  /** B: the machine's HBM */
  memoryCapacity: number;
  /** memoryPerGpu ≤ memoryCapacity */
  fits: boolean;
  fitNote: string;
  /** the largest term of stepTime */
  bottleneck: 'compute' | 'tensor parallel' | 'context parallel' | 'expert parallel' | 'pipeline send' | 'data parallel' | 'bubble' | 'optimizer';
  notes: Array<{
    field: string;
    text: string;
  }>;
};

/** The input of rp.servingThroughput(): Serving throughput of a node. */
export interface ServingThroughputInput {
  /** a parsed Hugging Face config.json (default: Llama-3.1-8B's); the keys read, their aliases and the family defaults are in docs/model-import.md */
  config?: Record<string, unknown>;
  /** GPU (a machine preset) (default "h100-sxm") */
  machine?: 'h800-sxm' | 'h100-sxm' | 'h200-sxm' | 'a100-sxm-80gb' | 'b200' | 'b300' | 'gb200' | 'gb300' | 'mi300x';
  /** node design: GPUs per node, scale-up and scale-out bandwidth (default "dgx-h100") */
  node?: 'deepseek-h800' | 'dgx-h100' | 'hgx-h200' | 'dgx-a100' | 'fire-flyer-a100-pcie' | 'dgx-b200' | 'dgx-b300' | 'gb200-nvl72' | 'gb300-nvl72' | 'mi300x-platform';
  /** prefill (prompt tokens), decode (output tokens), or colocated: both on the same GPUs, as vLLM, SGLang and TensorRT-LLM run by default (output tokens, each request's prefill time included) (default "decode") */
  phase?: 'prefill' | 'decode' | 'colocated';
  /** GPUs in one serving unit (DeepSeek: prefill 32, decode 144) (whole number 1 … 1e5; default 8) */
  gpus?: number;
  /** TP: GPUs sharing each weight matrix of one replica (vLLM, TensorRT-LLM: 8 in a node for a 70B model); the unit runs gpus / TP replicas (whole number 1 … 1024; default 1) */
  tensorParallel?: number;
  /** EP: GPUs the routed experts are spread over (else they are split like the other weights, over TP) (whole number 1 … 1e5; default 1) */
  expertParallel?: number;
  /** extra copies of hot experts (DeepSeek: 32) (whole number 0 … 1e5; default 0) */
  redundantExperts?: number;
  /** routed tokens on the busiest GPU over the mean, less 1: it paces the routed experts and the all-to-all (TensorRT-LLM, DeepSeek-R1 on EP32: 0.11 with 32 redundant experts placed by EPLB, 1.56 without) (0 … 10; default 0.11) */
  expertImbalance?: number;
  /** prompt tokens per request (whole number 1 … 1e7; default 4096) */
  inputLength?: number;
  /** output tokens per request (whole number 1 … 1e7; default 1024) */
  outputLength?: number;
  /** share of prompt tokens served from the prefix cache (0 … 0.99; default 0) */
  cacheHitRate?: number;
  /** standard deviation of prompt lengths over inputLength (0: all equal): prefill attention grows with a prompt's square, so spread prompts cost more per token (lognormal lengths, the same cache-hit share in each; Mooncake's chat trace: 1.31) (0 … 10; default 0) */
  promptLengthSpread?: number;
  /** decode speed each request must see (0: as fast as memory allows) (0 … 1e5 tokens/s; default 0) */
  tokensPerSecondPerUser?: number;
  /** sequences one replica decodes at once (0: the largest that fits and meets tokensPerSecondPerUser) (whole number 0 … 1e6; default 0) */
  decodeBatchPerGpu?: number;
  /** multi-token prediction: acceptance of the one draft token (0: no MTP); the config's MTP modules run on every step, their weights and KV resident (0 … 1; default 0) */
  mtpAcceptance?: number;
  /** weight and GEMM precision (attention, embeddings, LM head and routers stay BF16); fp4 is NVFP4 (E2M1 with one E4M3 scale per 16 weights), on Blackwell (default "bf16") */
  precision?: 'bf16' | 'fp8' | 'fp4';
  /** how the routed experts' weights are stored: at the GEMM precision, or mxfp4 as gpt-oss publishes them (E2M1 with one E8M0 scale per 32 weights, 4.25 bits), unpacked inside the GEMM kernel, which computes at precision: weight-only, any GPU (default "precision") */
  expertWeights?: 'precision' | 'mxfp4';
  /** prompt tokens one replica (one GPU, or tensorParallel GPUs) takes per prefill pass (whole prompts) (whole number 1 … 1e7; default 16384) */
  prefillTokensPerGpu?: number;
  /** SMs per GPU kept for communication kernels (DeepEP's low-latency kernels: none) (whole number 0 … 1024; default 0) */
  commSms?: number;
  /** SMs per GPU (H800/H100 SXM: 132) (whole number 1 … 1024; default 132) */
  gpuSms?: number;
  /** share of the memory left beside the weights and runtimeBytesPerGpu that the runtime gives the KV cache (TensorRT-LLM's free_gpu_memory_fraction, 0.9 by default) (0.01 … 1; default 0.9) */
  kvMemoryFraction?: number;
  /** memory each GPU's runtime holds besides the weights and the KV cache: CUDA context, library workspaces, communication buffers and the activations of its largest forward pass (3.05 GiB, as vLLM measured for Llama 3 8B on one H100: 1.79 GiB outside PyTorch, 1.26 GiB of activations at 8,192 tokens) (0 … 1e12 B; default 3.2749125632e9) */
  runtimeBytesPerGpu?: number;
  /** rental price of one GPU for an hour (0 … 10000 $/h; default 2) */
  pricePerGpuHour?: number;
  /** micro-batches in flight: 2 overlaps each one's all-to-all with the other's compute (whole number 1 … 2; default 2) */
  microBatches?: number;
  /** bytes per cached element: 2 for BF16, 1 for FP8 (0.125 … 16 B; default 2) */
  kvBytes?: number;
  /** elements sharing one quantisation scale in the cache (0: no scales, e.g. BF16) (whole number 0 … 1e6; default 0) */
  kvScaleGroupSize?: number;
  /** bytes per scale (4 for FP32) (0 … 16 B; default 4) */
  kvScaleBytes?: number;
}

/** The result of rp.servingThroughput(): Serving throughput of a node. */
export type ServingThroughputResult = {
  /** tokens/s: tokensPerSecondPerGpu · GPUs per node (a unit smaller than a node: its own GPUs) */
  tokensPerSecondPerNode: number;
  /** tokens/s: prefill: prompt tokens (cache hits included) / step / tensorParallel; decode and colocated: batchPerGpu / tpot / tensorParallel */
  tokensPerSecondPerGpu: number;
  /** sequences of one replica (one GPU, or tensorParallel GPUs): decode, the largest batch that fits and meets tokensPerSecondPerUser; prefill, whole prompts in prefillTokensPerGpu */
  batchPerGpu: number;
  /** sequences whose KV fits in kvMemoryFraction of the memory beside the weights and runtimeBytesPerGpu (TP splits K and V by heads, not MLA's latent) */
  maxBatchPerGpu: number;
  /** s: one micro-batch: computeTime + memoryTime + commTime + tensorParallelTime; two: each MoE layer's all-to-all hides under the other micro-batch's compute slot by slot as DeepSeek profiled it (decode: routed experts run alone), dense layers, the head and the TP all-reduces in turn (null when nothing fits) */
  stepTime: number | null;
  /** s: stepTime / (1 + mtpAcceptance); colocated: / (1 − prefill's share of the time, r / (outputLength · p + r), r output and p prompt rates of one replica); null in prefill */
  tpot: number | null;
  /** s: the uncached prompt's prefill on one replica (null when nothing fits) */
  ttft: number | null;
  /** tokens/s: 1 / tpot (null in prefill) */
  tokensPerSecondPerUser: number | null;
  /** s: GEMM and attention FLOPs at calibrated efficiency (a GEMM below the ridge point counts in memoryTime) */
  computeTime: number | null;
  /** s: weights (at the machine's streamBandwidth) and KV (at the attention kernel's measured share of STREAM) read beyond what overlaps the arithmetic, GEMMs below the ridge point (their weight reads bound them), and the non-GEMM kernels: for fp8 prefill of MLA and MoE models as profiled in DeepSeek's training framework (forward), scaled from V3's widths by the elements each block moves, else one write of each activation a training step keeps (Korthikanti et al. 2022, at the config's widths; the blocks' inputs whole on every TP GPU) at the machine's streamBandwidth */
  memoryTime: number | null;
  /** s: MoE layers · (dispatch + combine): bytes sent / DeepEP's measured bandwidth (decode: low-latency kernels, every copy; prefill: normal kernels, one copy per target node; over scale-up when the EP group fits one scale-up domain), each at least one link latency */
  commTime: number | null;
  /** s: layers · 2 all-reduces of the replica's tokens · hidden · 2 B over TP (every peer at once in a node, a ring across nodes; one link latency a step) */
  tensorParallelTime: number | null;
  /** B: one MoE layer's dispatch per GPU: tokens · expertsPerToken · hidden · (FP8 + FP32 scale per 1×128, or BF16), as rp.communicationBytes counts */
  dispatchBytes: number;
  /** B: one MoE layer's combine per GPU: tokens · expertsPerToken · hidden · 2 B */
  combineBytes: number;
  /** B: attention, dense layers, shared experts and embeddings / TP + (experts + redundant) / EP (without EP: / TP) */
  weightBytesPerGpu: number;
  /** B: batchPerGpu · KV of inputLength + outputLength tokens on one GPU */
  kvBytesPerGpu: number;
  /** B: the machine's HBM */
  memoryCapacity: number;
  /** $: pricePerGpuHour / 3600 / tokensPerSecondPerGpu · 1e6 (null when nothing fits) */
  costPerMillionTokens: number | null;
  /** the KV the step holds (decode: batchPerGpu sequences; prefill: the pass's prompts) fits in kvMemoryFraction of what the weights and runtimeBytesPerGpu leave of memoryCapacity */
  fits: boolean;
  /** the largest of the step's terms */
  bottleneck: 'compute' | 'memory' | 'scale-up' | 'scale-out' | 'capacity';
  /** decode tokens/s per GPU against per-user speed, batch 1 … maxBatchPerGpu */
  pareto: Array<{
    batchPerGpu: number;
    /** tokens/s */
    tokensPerSecondPerUser: number;
    /** tokens/s */
    tokensPerSecondPerGpu: number;
  }>;
  notes: Array<{
    field: string;
    text: string;
  }>;
};

/** One record of rp.machines(). */
export type Machine = {
  id: string;
  name: string;
  /** FLOP/s */
  peakFlops: {
    /** FLOP/s */
    fp64: number | null;
    /** FLOP/s */
    tf32: number | null;
    /** FLOP/s */
    bf16: number | null;
    /** FLOP/s */
    fp8: number | null;
    /** OP/s */
    int8: number | null;
    /** FLOP/s */
    fp4: number | null;
  };
  /** B/s */
  memoryBandwidth: number;
  /** B */
  memoryCapacity: number | null;
  /** B/s */
  streamBandwidth: number | null;
  source: string;
  note: string;
};

/** One record of rp.links(). */
export type Link = {
  id: string;
  name: string;
  fabric: string;
  /** bit/s */
  portRate: number | null;
  /** B/s: portRate / 8 where a port rate is given */
  bandwidth: number;
  /** B/s */
  achievableBandwidth: number | null;
  /** s */
  latency: number | null;
  source: string;
  note: string;
};

/** One record of rp.nodeDesigns(). */
export type NodeDesign = {
  id: string;
  name: string;
  /** the machines() id of the GPU the node is built around */
  gpu: string;
  gpus: number;
  nics: number;
  /** B/s */
  scaleUpBandwidth: number;
  /** B/s */
  scaleOutBandwidth: number;
  /** scaleUpBandwidth / scaleOutBandwidth */
  scaleUpToScaleOut: number;
  scaleUpLink: string;
  scaleOutLink: string;
  /** B/s: min(scaleUpBandwidth, the scale-up link's achievableBandwidth) */
  achievableScaleUp: number;
  /** B/s: scaleOutBandwidth · the scale-out link's achievableBandwidth / bandwidth */
  achievableScaleOut: number;
  source: string;
  note: string;
};

/** One record of rp.measuredLatencies(). */
export type MeasuredLatency = {
  linkLayer: string;
  /** s */
  sameLeaf: number;
  /** s */
  crossLeaf: number | null;
  source: string;
};

/** One record of rp.switches(). */
export type Switch = {
  id: string;
  name: string;
  radix: number;
  /** B/s */
  portBandwidth: number;
  source: string;
  note: string;
};

/** One record of rp.publishedNetworks(). */
export type PublishedNetwork = {
  id: string;
  name: string;
  calculator: string;
  input: {
    radix: number | null;
    layers: number | null;
    planes: number | null;
    q: number | null;
    a: number | null;
    h: number | null;
    p: number | null;
    g: number | null;
  };
  endpoints: number;
  switches: number;
  links: number;
  /** $ */
  cost: number;
  /** $ */
  costPerEndpoint: number;
  source: string;
  note: string;
};

/** One record of rp.models(). */
export type Model = {
  id: string;
  name: string;
  config: Record<string, unknown>;
  source: string;
  /** B */
  printedKvBytesPerToken: number | null;
  printedKvMultiplier: number | null;
  /** FLOP */
  printedTrainingFlopsPerToken: number | null;
  note: string;
};

/** One record of rp.modelFamilies(). */
export type ModelFamily = {
  /** config.json's model_type */
  modelType: string;
  /** the modeling code the family's rules come from */
  source: string;
};

/** One record of rp.configKeys(). */
export type ConfigKey = {
  /** the spelling most families use */
  name: string;
  /** other families' spellings */
  aliases: string[];
  /** count, size, ratio, boolean, text, list or object */
  kind: string;
  /** smallest value read (counts, sizes, ratios) */
  min: number | null;
  /** largest value read (counts, sizes, ratios) */
  max: number | null;
  /** what the key sets */
  help: string;
};

/** One record of rp.formats(). */
export type Format = {
  id: string;
  name: string;
  /** bit */
  bits: number;
  /** bit: bits an element takes in memory and on the wire: bits, but FP32's 32 for TF32 */
  storageBits: number;
  /** bit */
  exponentBits: number;
  /** bit */
  mantissaBits: number;
  max: number;
  minNormal: number;
  minSubnormal: number;
  /** 2^−mantissaBits */
  epsilon: number;
  /** log2(max / smallest positive value) */
  dynamicRangeBinades: number;
  blockSize: number;
  scaleFormat: string;
  source: string;
};

/** One record of rp.deployments(). */
export type DeploymentRecord = {
  id: string;
  name: string;
  calculator: string;
  model: string;
  input: Record<string, unknown>;
  output: string;
  published: number;
  unit: string;
  source: string;
  assumptions: string;
  publishedBreakdown: Array<{
    name: string;
    /** s */
    seconds: number;
  }>;
};

/** One record of rp.gemmCalibrations(). */
export type GemmCalibration = {
  precision: string;
  machine: string;
  groups: number;
  m: number;
  n: number;
  k: number;
  /** FLOP/s */
  measuredFlops: number;
  source: string;
  pass: string;
  smShare: number;
};

/** One record of rp.attentionCalibrations(). */
export type AttentionCalibration = {
  kernel: string;
  machine: string;
  efficiency: number;
  memoryEfficiency: number;
  source: string;
  backwardEfficiency: number;
  smShare: number;
};

/** One record of rp.elementwiseCalibrations(). */
export type ElementwiseCalibration = {
  part: string;
  machine: string;
  /** s */
  forward: number;
  /** s */
  backward: number;
  /** s */
  weightBackward: number;
  source: string;
};

/**
 * One record of rp.deployments(), its input typed by the calculator that evaluates it: test
 * `calculator` (`if (row.calculator === 'trainingStep')`) and rp.deploymentInput(row) is that calculator's input.
 */
export type Deployment = {
  [Id in 'servingThroughput' | 'trainingStep']: Omit<DeploymentRecord, 'calculator' | 'input'> & {
    calculator: Id;
    input: Calculators[Id]['input'];
  };
}['servingThroughput' | 'trainingStep'];

/** Every calculator by id: its input and its result. */
export interface Calculators {
  ridgePoint: { input: RidgePointInput; result: RidgePointResult };
  gemm: { input: GemmInput; result: GemmResult };
  crossoverK: { input: CrossoverKInput; result: CrossoverKResult };
  crossoverBatch: { input: CrossoverBatchInput; result: CrossoverBatchResult };
  attentionTiling: { input: AttentionTilingInput; result: AttentionTilingResult };
  boundCheck: { input: BoundCheckInput; result: BoundCheckResult };
  expertParallelStep: { input: ExpertParallelStepInput; result: ExpertParallelStepResult };
  nodeLimitedRouting: { input: NodeLimitedRoutingInput; result: NodeLimitedRoutingResult };
  expertParallelAllToAll: { input: ExpertParallelAllToAllInput; result: ExpertParallelAllToAllResult };
  collective: { input: CollectiveInput; result: CollectiveResult };
  hierarchicalAllReduce: { input: HierarchicalAllReduceInput; result: HierarchicalAllReduceResult };
  commOverlap: { input: CommOverlapInput; result: CommOverlapResult };
  pipelineBubble: { input: PipelineBubbleInput; result: PipelineBubbleResult };
  hfReduce: { input: HfReduceInput; result: HfReduceResult };
  networkRoofline: { input: NetworkRooflineInput; result: NetworkRooflineResult };
  fatTree: { input: FatTreeInput; result: FatTreeResult };
  fireFlyer: { input: FireFlyerInput; result: FireFlyerResult };
  slimFly: { input: SlimFlyInput; result: SlimFlyResult };
  dragonfly: { input: DragonflyInput; result: DragonflyResult };
  cheapestFatTree: { input: CheapestFatTreeInput; result: CheapestFatTreeResult };
  modelStats: { input: ModelStatsInput; result: ModelStatsResult };
  kvCache: { input: KvCacheInput; result: KvCacheResult };
  weightMemory: { input: WeightMemoryInput; result: WeightMemoryResult };
  trainingMemory: { input: TrainingMemoryInput; result: TrainingMemoryResult };
  trainingRun: { input: TrainingRunInput; result: TrainingRunResult };
  trainingBudget: { input: TrainingBudgetInput; result: TrainingBudgetResult };
  modelInference: { input: ModelInferenceInput; result: ModelInferenceResult };
  mtpSpeedup: { input: MtpSpeedupInput; result: MtpSpeedupResult };
  formatSpacing: { input: FormatSpacingInput; result: FormatSpacingResult };
  roundValue: { input: RoundValueInput; result: RoundValueResult };
  quantize: { input: QuantizeInput; result: QuantizeResult };
  accumulationError: { input: AccumulationErrorInput; result: AccumulationErrorResult };
  logFmt: { input: LogFmtInput; result: LogFmtResult };
  communicationBytes: { input: CommunicationBytesInput; result: CommunicationBytesResult };
  trainingStep: { input: TrainingStepInput; result: TrainingStepResult };
  servingThroughput: { input: ServingThroughputInput; result: ServingThroughputResult };
}

export interface Ridgepoint {
  /** Ridge point */
  ridgePoint(input: RidgePointInput): RidgePointResult;
  /** GEMM on the roofline */
  gemm(input: GemmInput): GemmResult;
  /** Smallest k that is compute-bound */
  crossoverK(input: CrossoverKInput): CrossoverKResult;
  /** Smallest batch that is compute-bound */
  crossoverBatch(input: CrossoverBatchInput): CrossoverBatchResult;
  /** Attention tiling */
  attentionTiling(input: AttentionTilingInput): AttentionTilingResult;
  /** Roofline bound check */
  boundCheck(input: BoundCheckInput): BoundCheckResult;
  /** Expert-parallel decode speed limit */
  expertParallelStep(input: ExpertParallelStepInput): ExpertParallelStepResult;
  /** Node-limited routing: equal-cost experts */
  nodeLimitedRouting(input: NodeLimitedRoutingInput): NodeLimitedRoutingResult;
  /** Expert-parallel all-to-all over two fabrics */
  expertParallelAllToAll(input: ExpertParallelAllToAllInput): ExpertParallelAllToAllResult;
  /** Collective: time, algbw and busbw */
  collective(input: CollectiveInput): CollectiveResult;
  /** Hierarchical all-reduce (intra-node, then inter-node) */
  hierarchicalAllReduce(input: HierarchicalAllReduceInput): HierarchicalAllReduceResult;
  /** Compute/communication overlap */
  commOverlap(input: CommOverlapInput): CommOverlapResult;
  /** Pipeline bubbles: 1F1B, ZB1P, DualPipe, DualPipeV */
  pipelineBubble(input: PipelineBubbleInput): PipelineBubbleResult;
  /** PCIe all-reduce: ring vs HFReduce */
  hfReduce(input: HfReduceInput): HfReduceResult;
  /** Network roofline: compute, memory or link bound */
  networkRoofline(input: NetworkRooflineInput): NetworkRooflineResult;
  /** Fat-tree (one to three layers, multi-plane) */
  fatTree(input: FatTreeInput): FatTreeResult;
  /** Fire-Flyer two-zone fat-tree */
  fireFlyer(input: FireFlyerInput): FireFlyerResult;
  /** Slim Fly (MMS graph) */
  slimFly(input: SlimFlyInput): SlimFlyResult;
  /** Dragonfly */
  dragonfly(input: DragonflyInput): DragonflyResult;
  /** Cheapest multi-plane fat-tree for a GPU count */
  cheapestFatTree(input: CheapestFatTreeInput): CheapestFatTreeResult;
  /** Model parameters, KV cache and training FLOPs */
  modelStats(input: ModelStatsInput): ModelStatsResult;
  /** KV cache and what fits in memory */
  kvCache(input: KvCacheInput): KvCacheResult;
  /** Weights by storage format */
  weightMemory(input: WeightMemoryInput): WeightMemoryResult;
  /** Training state per GPU (ZeRO) */
  trainingMemory(input: TrainingMemoryInput): TrainingMemoryResult;
  /** Training time and cost */
  trainingRun(input: TrainingRunInput): TrainingRunResult;
  /** Training budget by phase */
  trainingBudget(input: TrainingBudgetInput): TrainingBudgetResult;
  /** Inference roofline of a model */
  modelInference(input: ModelInferenceInput): ModelInferenceResult;
  /** Multi-token prediction */
  mtpSpeedup(input: MtpSpeedupInput): MtpSpeedupResult;
  /** Representable values of a format */
  formatSpacing(input: FormatSpacingInput): FormatSpacingResult;
  /** Round a number into a format */
  roundValue(input: RoundValueInput): RoundValueResult;
  /** Quantize a tensor */
  quantize(input: QuantizeInput): QuantizeResult;
  /** FP8 GEMM accumulation error */
  accumulationError(input: AccumulationErrorInput): AccumulationErrorResult;
  /** LogFMT-nBit communication format */
  logFmt(input: LogFmtInput): LogFmtResult;
  /** Communication bytes by format */
  communicationBytes(input: CommunicationBytesInput): CommunicationBytesResult;
  /** Training step on a cluster */
  trainingStep(input: TrainingStepInput): TrainingStepResult;
  /** Serving throughput of a node */
  servingThroughput(input: ServingThroughputInput): ServingThroughputResult;
  machines(): Machine[];
  links(): Link[];
  nodeDesigns(): NodeDesign[];
  measuredLatencies(): MeasuredLatency[];
  switches(): Switch[];
  publishedNetworks(): PublishedNetwork[];
  models(): Model[];
  modelFamilies(): ModelFamily[];
  configKeys(): ConfigKey[];
  formats(): Format[];
  deployments(): Deployment[];
  gemmCalibrations(): GemmCalibration[];
  attentionCalibrations(): AttentionCalibration[];
  elementwiseCalibrations(): ElementwiseCalibration[];
  /**
   * The calculator `id` at each of `values` for its input `field`, every other input as in `input`,
   * evaluated inside the core in one call: each output as a column, one value per point.
   */
  sweep<Id extends keyof Calculators, Field extends keyof Calculators[Id]['input'] & string>(
    id: Id,
    input: Calculators[Id]['input'],
    field: Field,
    values: ReadonlyArray<Exclude<Calculators[Id]['input'][Field], undefined>>,
  ): SweepColumns<Calculators[Id]['result']>;
  /** Every calculator's declaration. */
  calculators(): CalculatorSpec[];
  /** One calculator's declaration; throws RidgepointError for an unknown id. */
  spec(id: string): CalculatorSpec;
  /** Every preset list's record declaration by list name. */
  presetSpecs(): Record<'machines' | 'links' | 'nodeDesigns' | 'measuredLatencies' | 'switches' | 'publishedNetworks' | 'models' | 'modelFamilies' | 'configKeys' | 'formats' | 'deployments' | 'gemmCalibrations' | 'attentionCalibrations' | 'elementwiseCalibrations', OutputSpec[]>;
  /** The limits every input obeys. */
  limits(): Limits;
  /** A published deployment's setup as the input of its calculator: `{ config, …settings }`. */
  deploymentInput<Row extends Deployment>(deployment: Row): Row['input'];
  /** Published deployments evaluated now (all of rp.deployments(), or the rows given): setup, published figure, prediction, error. */
  validation(deployments?: Deployment[]): Array<Deployment & { predicted: number; error: number }>;
}

/** Loads the wasm core once (memoised) and returns the API. */
export default function createRidgepoint(): Promise<Ridgepoint>;
