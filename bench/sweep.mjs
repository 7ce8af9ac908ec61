// Points per second of a 1,000-point sweep in wasm (rp.sweep: one call into the core, the values
// crossing in as one Float64Array and the outputs back as another, whose columns become the
// result's) beside the native figure for the same core function, from the native benchmark
// (build/native/ridgepoint_bench --sweep) when its path is given. A figure, not a pass/fail test.
// Both sides count processor time, not wall time, after the same warm-up; Node's count includes
// its compiler and GC threads, which can only make wasm look slower. The two are taken in turn,
// five rounds of a second each, and the ratio is the median of the rounds' ratios: on a shared
// machine either figure alone moves by a third from one minute to the next.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dist = resolve(process.env.RIDGEPOINT_DIST ?? 'dist');
const { default: createRidgepoint } = await import(join(dist, 'ridgepoint.mjs'));
const rp = await createRidgepoint();
const nativeBench = process.argv[2];

// The same input and values as the native sweep in bench/bench_native.cpp.
const input = { n: 4096, k: 4096, aBytes: 1, bBytes: 1, cBytes: 2, peakFlops: 1.979e15, memoryBandwidth: 3.35e12 };
const batches = Array.from({ length: 1000 }, (_, i) => i + 1);

const cpuSeconds = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
};
// Processor time of this thread alone (Linux: /proc, in clock ticks of 10 ms), the one that runs
// the sweep, as the native figure is its one thread's.
const mainThreadSeconds = () => {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
// Each sweep's last number is read, as the native loop reads its answer's.
let sink = 0;
const sweep = () => {
  sink += rp.sweep('gemm', input, 'm', batches).fractionOfPeak[batches.length - 1];
};
for (let i = 0; i < 20; i++) sweep();

function wasmPointsPerSecond() {
  let points = 0;
  const start = process.cpuUsage();
  const mainStart = mainThreadSeconds();
  while (cpuSeconds(start) < 1) {
    sweep();
    points += batches.length;
  }
  return { all: points / cpuSeconds(start), main: points / (mainThreadSeconds() - mainStart) };
}

function nativePointsPerSecond() {
  const output = execFileSync(nativeBench, ['--sweep'], { encoding: 'utf8' });
  const line = /^native sweep .* ([\d.]+) points\/s$/m.exec(output);
  if (!line) throw new Error(`no sweep figure in the output of ${nativeBench} --sweep`);
  return Number(line[1]);
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const rounds = nativeBench ? 5 : 1;
const wasm = [];
const native = [];
for (let round = 0; round < rounds; round++) {
  if (nativeBench) native.push(nativePointsPerSecond());
  wasm.push(wasmPointsPerSecond());
}
const figure = (pointsPerSecond) => median(pointsPerSecond).toFixed(0).padStart(12);
const all = wasm.map((rates) => rates.all);
const main = wasm.map((rates) => rates.main);
console.log(`\nwasm   sweep of gemm over m, 1000 points ${figure(all)} points/s, all of Node's threads`);
console.log(`wasm   sweep of gemm over m, 1000 points ${figure(main)} points/s, the thread that runs it`);
if (nativeBench) {
  console.log(`native sweep of gemm over m, 1000 points ${figure(native)} points/s`);
  for (const [rates, counted] of [
    [all, "all of Node's threads"],
    [main, 'the thread that runs it'],
  ]) {
    const ratios = rates.map((rate, round) => rate / native[round]);
    console.log(
      `wasm / native, ${counted}: median ${median(ratios).toFixed(2)}× ` +
        `(${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} over ${rounds} rounds)`,
    );
  }
}
if (!(sink > 0)) throw new Error('the sweep returned no figure');
