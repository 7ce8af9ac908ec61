// Type declarations for dist/ridgepoint.mjs, the ridgepoint JS API. Every quantity is in SI
// units: FLOP, FLOP/s, B (bytes), B/s, s. Each calculator takes one plain object (omitted fields
// take their declared defaults) and returns one plain object; a rejected input throws
// RidgepointError naming the field and its allowed range.
import type { InterconnectApi } from './interconnect';
import type { ModelApi } from './model';
import type { NetworkApi } from './network';
import type { PlannerApi } from './planner';

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

/** One input of a calculator, as declared in the C++ core. */
export interface InputSpec {
  name: string;
  unit: string;
  help: string;
  min: number;
  max: number;
  integer: boolean;
  required: boolean;
  /** Number, or the default label for a choice field. */
  default: number | string;
  /** Present on choice fields: the labels accepted. */
  choices?: string[];
}

export interface OutputSpec {
  name: string;
  unit: string;
  /** The formula in terms of input and output names ('' where none applies). */
  formula: string;
  help: string;
}

export interface CalculatorSpec {
  id: string;
  title: string;
  inputs: InputSpec[];
  outputs: OutputSpec[];
}

export type Bound = 'compute' | 'memory';

export interface RoofInput {
  /** Peak compute at the chosen precision, dense, FLOP/s. Default 60e12. */
  peakFlops?: number;
  /** Memory bandwidth, B/s. Default 3e12. */
  memoryBandwidth?: number;
}

export interface GemmInput extends RoofInput {
  m?: number;
  n?: number;
  k?: number;
  /** Independent GEMMs of this shape. Default 1. */
  batch?: number;
  /** Bytes per element of A, B and C. Default 2 each. */
  aBytes?: number;
  bBytes?: number;
  cBytes?: number;
  /** Fixed time per operation, s. Default 0. */
  latency?: number;
}

export interface GemmResult {
  flops: number;
  bytes: number;
  /** FLOP/B */
  intensity: number;
  /** FLOP/B */
  ridgePoint: number;
  computeTime: number;
  memoryTime: number;
  /** max(computeTime, memoryTime) + latency */
  time: number;
  bound: Bound;
  attainableFlops: number;
  fractionOfPeak: number;
}

interface CrossoverLimits {
  limitIntensity: number;
  ridgePoint: number;
  /** false when no size, however large, reaches the ridge */
  reachable: boolean;
}

export interface CrossoverKResult extends CrossoverLimits {
  /** Smallest whole k that is compute-bound (bisection), or null. */
  k: number | null;
  analyticK: number | null;
}

export interface CrossoverBatchResult extends CrossoverLimits {
  batch: number | null;
  analyticBatch: number | null;
}

export interface AttentionInput extends RoofInput {
  seqLen?: number;
  headDim?: number;
  /** Queries held on chip per block. */
  blockSize?: number;
  elementBytes?: number;
}

export interface AttentionResult {
  flops: number;
  bytes: number;
  intensity: number;
  ridgePoint: number;
  bound: Bound;
  limitIntensity: number;
  smallestBlockSize: number | null;
}

export interface BoundCheckInput extends GemmInput {
  measurement?: 'time' | 'throughput';
  measuredTime?: number;
  measuredFlops?: number;
}

export interface BoundCheckResult {
  boundTime: number;
  measuredTime: number;
  achievedFlops: number;
  attainableFlops: number;
  fractionOfBound: number;
  possible: boolean;
  reason: string;
}

export interface Machine {
  id: string;
  name: string;
  /** Dense peak per precision; null where the machine has none or no source was found. */
  peakFlops: { fp64: number | null; tf32: number | null; bf16: number | null; fp8: number | null; int8: number | null; fp4: number | null };
  memoryBandwidth: number;
  memoryCapacity: number | null;
  source: string;
  note: string;
}

export interface RooflineApi {
  ridgePoint(input: RoofInput): { ridgePoint: number };
  gemm(input: GemmInput): GemmResult;
  crossoverK(input: Omit<GemmInput, 'k' | 'batch' | 'latency'>): CrossoverKResult;
  crossoverBatch(input: Omit<GemmInput, 'm' | 'batch'>): CrossoverBatchResult;
  attentionTiling(input: AttentionInput): AttentionResult;
  boundCheck(input: BoundCheckInput): BoundCheckResult;
  machines(): Machine[];
}

export interface Ridgepoint extends RooflineApi, ModelApi, InterconnectApi, NetworkApi, PlannerApi {
  /** Every calculator's declaration. */
  calculators(): CalculatorSpec[];
  /** One calculator's declaration; throws RidgepointError for an unknown id. */
  spec(id: string): CalculatorSpec;
}

/** Loads the wasm core once (memoised) and returns the API. */
export default function createRidgepoint(): Promise<Ridgepoint>;
