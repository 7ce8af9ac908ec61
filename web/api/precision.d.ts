// Type declarations for the precision part of the ridgepoint JS API: number formats from their
// specifications, bit-exact rounding, tensor quantization with fine-grained scaling, FP8 GEMM
// accumulation error and LogFMT. Values are plain numbers (dimensionless) unless noted.

export type FormatId =
  | 'e4m3' | 'e5m2' | 'e5m6' | 'ue8m0' | 'int8' | 'e2m1' | 'nvfp4' | 'mxfp4' | 'mxfp8' | 'bf16' | 'fp16' | 'tf32';

/** A number format as its specification defines it (block formats: their elements). */
export interface NumberFormat {
  id: FormatId;
  name: string;
  /** Bits per element, without block scales. */
  bits: number;
  exponentBits: number;
  mantissaBits: number;
  /** Largest finite value. */
  max: number;
  minNormal: number;
  /** 0 where the format has no subnormals. */
  minSubnormal: number;
  /** 2^−mantissaBits */
  epsilon: number;
  dynamicRangeBinades: number;
  /** Elements sharing one scale; 1 = none. */
  blockSize: number;
  /** The block scale's format id, '' when none. */
  scaleFormat: string;
  source: string;
}

export interface FormatSpacingResult {
  max: number;
  minNormal: number;
  minSubnormal: number;
  epsilon: number;
  dynamicRangeBinades: number;
  positiveValues: number;
  points: { value: number; relativeSpacing: number }[];
}

export interface RoundValueResult {
  rounded: number;
  absoluteError: number;
  /** null for value 0 */
  relativeError: number | null;
  clipped: boolean;
  flushedToZero: boolean;
}

export type Granularity = 'per-tensor' | 'per-channel' | '1x128' | '128x128';
export type Distribution = 'normal' | 'log-normal' | 'outlier-channels' | 'uniform';

export interface QuantizeInput {
  /** Default 'e4m3'; 'ue8m0' is rejected (a scale format). */
  format?: FormatId;
  /** One FP32 scale per group. Default '1x128'. */
  granularity?: Granularity;
  distribution?: Distribution;
  /** log-normal: σ of ln|x|. Default 1. */
  sigma?: number;
  /** outlier-channels: factor of every 64th column. Default 100. */
  outlierScale?: number;
  rows?: number;
  cols?: number;
  seed?: number;
}

export interface QuantizeResult {
  elements: number;
  rmsError: number;
  maxAbsoluteError: number;
  maxRelativeError: number;
  /** null when the quantization is exact */
  snrDb: number | null;
  fractionClipped: number;
  fractionFlushedToZero: number;
  scaleBitsPerElement: number;
  bitsPerElement: number;
}

export interface AccumulationInput {
  /** Dot-product length. Default 4096. */
  k?: number;
  /** Default 'hopper-fp8' (14 significant bits, ISCA'25 §3.1.1). */
  accumulator?: 'fp32' | 'hopper-fp8';
  /** 0 = never (default); a multiple of 32; DeepSeek uses 128. */
  promoteEvery?: number;
  distribution?: 'uniform' | 'normal';
  seed?: number;
  trials?: number;
}

export interface AccumulationResult {
  maxRelativeError: number;
  meanRelativeError: number;
  wgmmasPerPromotion: number;
  promotions: number;
  promotionFlopRatio: number;
  /** The same experiment at k = 32, 64, … and k. */
  sweep: { k: number; maxRelativeError: number; meanRelativeError: number }[];
}

export interface LogFmtInput {
  /** n, 4–16. Default 8. */
  bits?: number;
  distribution?: Distribution;
  sigma?: number;
  outlierScale?: number;
  /** 1×128 tiles. Default 64. */
  tiles?: number;
  seed?: number;
}

export interface LogFmtResult {
  /** 2^(bits − 1) − 2 */
  stepDivisor: number;
  meanStep: number;
  rmsError: number;
  maxRelativeError: number;
  e4m3RmsError: number;
  e4m3MaxRelativeError: number;
  e5m2RmsError: number;
  e5m2MaxRelativeError: number;
  /** B */
  bytesPerElement: number;
  /** B */
  e4m3BytesPerElement: number;
  savingVsBf16: number;
}

export interface PrecisionApi {
  formats(): NumberFormat[];
  formatSpacing(input: { format?: FormatId }): FormatSpacingResult;
  roundValue(input: { format?: FormatId; value?: number }): RoundValueResult;
  quantize(input: QuantizeInput): QuantizeResult;
  accumulationError(input: AccumulationInput): AccumulationResult;
  logFmt(input: LogFmtInput): LogFmtResult;
}
