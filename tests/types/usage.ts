// Type-checks the shipped declarations (dist/ridgepoint.d.mts and the files it imports) against
// the README's examples; `tsc --noEmit` fails on any mismatch.
import createRidgepoint, { RidgepointError } from '../../dist/ridgepoint.mjs';

const rp = await createRidgepoint();
const gemm = rp.gemm({ m: 64, n: 64, k: 16, peakFlops: 60e12, memoryBandwidth: 3e12 });
const bound: 'compute' | 'memory' = gemm.bound;
const crossover: number | null = rp.crossoverK({ m: 64, n: 64 }).k;
const peak: number | null = rp.machines()[0].peakFlops.bf16;
const ep = rp.expertParallelStep({ tokensPerDevice: 32, expertsPerToken: 9, hidden: 7000, dispatchBytes: 1, combineBytes: 2, bandwidth: 50e9, layers: 61, microBatches: 2, latency: 0 });
const tpot: number = ep.tpot;
const routing = rp.nodeLimitedRouting({ maxNodes: 4, scaleUpBandwidth: 160e9, scaleOutBandwidth: 50e9 });
const busbw: number = rp.collective({ op: 'allreduce', ranks: 8, bytes: 1e9, bandwidth: 50e9, latency: 0, algorithm: 'ring' }).busbw;
const bubbles = rp.pipelineBubble({ stages: 16, forward: 1, backward: 2, weightBackward: 1, overlappedForwardBackward: 3 });
const switches: number = rp.fatTree({ radix: 64, layers: 2, planes: 1 }).switches;
const slimFly: number = rp.slimFly({ q: 28 }).endpoints;
const dragonfly: number = rp.dragonfly({ a: 32, h: 16, p: 16, g: 511 }).links;
const stats = rp.modelStats({ config: rp.models()[0].config, kvBytes: 2, seqLen: 4096, causal: true });
const run = rp.trainingRun({ flopsPerToken: 250e9, tokens: 14.8e12, gpus: 2048, peakFlops: 989e12, mfu: 0.4, pricePerGpuHour: 2 });
const models = rp.models().map((model) => model.id);
const specs: string[] = rp.calculators().map((spec) => spec.id);
const e4m3Max: number = rp.formats()[0].max;
const saturated: boolean = rp.roundValue({ format: 'e4m3', value: 464 }).clipped;
const snr: number | null = rp.quantize({ format: 'e4m3', granularity: '1x128', distribution: 'outlier-channels', rows: 1024, cols: 1024 }).snrDb;
const accumulation = rp.accumulationError({ k: 4096, accumulator: 'hopper-fp8', promoteEvery: 128 });
const stepDivisor: number = rp.logFmt({ bits: 8 }).stepDivisor;
const maxDepth: number = rp.limits().maxDepth;
const sweep = rp.sweep('gemm', { n: 4096, k: 4096, peakFlops: 989e12, memoryBandwidth: 3.35e12 }, 'm', [1, 2, 4, 8, 16]);
const curve: Float64Array = sweep.attainableFlops;
const bounds: Array<'memory' | 'compute'> = sweep.bound;
const crossovers: Array<number | null> = rp.sweep('crossoverK', { n: 4096 }, 'm', [1, 4096]).k;
const reachable: boolean[] = rp.sweep('crossoverK', { n: 4096 }, 'm', [1, 4096]).reachable;
const validation: number[] = rp.validation().map((row) => row.error);
const step: number = rp.trainingStep({ machine: 'h800-sxm', gpus: 2048, precision: 'fp8', schedule: 'dualpipe' }).stepTime;
// A deployment's input is its calculator's input once the row's calculator is tested.
const row = rp.deployments()[0];
if (row.calculator === 'trainingStep') console.log(rp.trainingStep(rp.deploymentInput(row)).mfu);
if (row.calculator === 'servingThroughput') console.log(rp.servingThroughput({ ...rp.deploymentInput(row), tokensPerSecondPerUser: 50 }).tpot);
// @ts-expect-error: an untested row's input may be either calculator's
rp.trainingStep(rp.deploymentInput(row));

try {
  rp.gemm({ k: 1e30 });
} catch (error) {
  if (error instanceof RidgepointError) console.log(error.field, error.errors.length);
}
console.log(bound, crossover, peak, tpot, routing.maxExperts, busbw, bubbles.dualPipe, switches, slimFly, dragonfly, stats.kvBytesPerToken, run.gpuHours, models, specs, e4m3Max, saturated, snr, accumulation.sweep[0].k, stepDivisor, maxDepth);
console.log(bound, crossover, peak, tpot, routing.maxExperts, busbw, bubbles.dualPipe, switches, slimFly, dragonfly, stats.kvBytesPerToken, run.gpuHours, models, specs, curve, bounds, crossovers, reachable);
console.log(bound, crossover, peak, tpot, routing.maxExperts, busbw, bubbles.dualPipe, switches, slimFly, dragonfly, stats.kvBytesPerToken, run.gpuHours, models, specs, validation, step);
