// Points per second of a 1,000-point sweep in wasm (rp.sweep: one call into the core, the values
// crossing in as one Float64Array and the outputs back as another, whose columns become the
// result's) beside the native figure for the same core function, read from the output of
// build/native/ridgepoint_bench when its file is given. A figure, not a pass/fail test.
// Both sides count processor time, not wall time, after the same warm-up, so other work on a
// shared machine does not skew the ratio; Node's count includes its compiler and GC threads,
// which can only make wasm look slower.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.RIDGEPOINT_DIST ?? 'dist');
const { default: createRidgepoint } = await import(join(dist, 'ridgepoint.mjs'));
const rp = await createRidgepoint();

// The same input and values as the native sweep in bench/bench_native.cpp.
const input = { n: 4096, k: 4096, aBytes: 1, bBytes: 1, cBytes: 2, peakFlops: 1.979e15, memoryBandwidth: 3.35e12 };
const batches = Array.from({ length: 1000 }, (_, i) => i + 1);

const cpuSeconds = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
};
// Each sweep's last number is read, as the native loop reads its answer's.
let sink = 0;
const sweep = () => {
  sink += rp.sweep('gemm', input, 'm', batches).fractionOfPeak[batches.length - 1];
};
for (let i = 0; i < 20; i++) sweep();
let points = 0;
const start = process.cpuUsage();
while (cpuSeconds(start) < 1) {
  sweep();
  points += batches.length;
}
const wasm = points / cpuSeconds(start);

const nativeLine =
  process.argv[2] && /^native sweep .* ([\d.]+) points\/s$/m.exec(readFileSync(process.argv[2], 'utf8'));
const native = nativeLine ? Number(nativeLine[1]) : null;
const ratio = native ? `  ${(wasm / native).toFixed(2)}× native (${native.toFixed(0)} points/s)` : '';
console.log(`\nwasm   sweep of gemm over m, 1000 points ${wasm.toFixed(0).padStart(12)} points/s${ratio}`);
if (!(sink > 0)) throw new Error('the sweep returned no figure');
