// Speed and size figures (not a pass/fail test): wasm evaluations per second under Node beside
// the native ones, bundle bytes raw and gzipped, and in headless Chromium the time from
// navigation to the first result and from an input change to updated outputs and chart.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

import { launch } from '../tests/browser/browser.mjs';

const dist = resolve(process.env.RIDGEPOINT_DIST ?? 'dist');
const nativeFile = process.argv[2];
const native = new Map();
if (nativeFile) {
  for (const line of readFileSync(nativeFile, 'utf8').split('\n')) {
    const match = /^native\s+(\S+)\s+(\d+)/.exec(line);
    if (match) native.set(match[1], Number(match[2]));
  }
}

const { default: createRidgepoint } = await import(join(dist, 'ridgepoint.mjs'));
const rp = await createRidgepoint();
console.log('\nwasm under Node (default inputs of each calculator)');
for (const spec of rp.calculators()) {
  const input = Object.fromEntries(spec.inputs.map((field) => [field.name, field.default]));
  const calculate = rp[spec.id];
  let evaluations = 0;
  // Batches grow from 1 to 200, so a calculator that takes milliseconds still stops near 300 ms.
  let batch = 1;
  const start = performance.now();
  while (performance.now() - start < 300) {
    for (let i = 0; i < batch; i++) calculate(input);
    evaluations += batch;
    batch = Math.min(2 * batch, 200);
  }
  const perSecond = evaluations / ((performance.now() - start) / 1000);
  const ratio = native.has(spec.id) ? `  native/wasm ${(native.get(spec.id) / perSecond).toFixed(1)}×` : '';
  console.log(`wasm   ${spec.id.padEnd(24)} ${perSecond.toFixed(0).padStart(12)} evaluations/s  ${(1e6 / perSecond).toFixed(2).padStart(8)} µs each${ratio}`);
}

// Issue target: the network solver answers for 100,000 GPUs within one 16 ms frame.
{
  const input = { gpus: 100000, nicsPerNode: 8, switchModel: 'qm9700' };
  const times = [];
  for (let i = 0; i < 51; i++) {
    const start = performance.now();
    rp.cheapestFatTree(input);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`cheapestFatTree for 100,000 GPUs: median ${times[25].toFixed(3)} ms (target ≤ 16 ms)`);
}

// Issue 13 target: the precision lab at 1M elements and K = 16,384 with no perceptible delay.
for (const [label, run] of [
  ['quantize 1M elements (e4m3, 1x128)', () => rp.quantize({ rows: 1024, cols: 1024 })],
  ['accumulationError K = 16384, 16 trials with sweep', () => rp.accumulationError({ k: 16384 })],
]) {
  const times = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`wasm ${label}: median ${times[3].toFixed(1)} ms`);
}

console.log('\nbundle sizes');
for (const name of ['ridgepoint.mjs', 'ridgepoint.html', 'app.js', 'index.html', 'style.css']) {
  const bytes = readFileSync(join(dist, name));
  console.log(`${name.padEnd(16)} ${String(bytes.length).padStart(9)} B raw ${String(gzipSync(bytes, { level: 9 }).length).padStart(9)} B gzipped`);
}
const offlineGzip = gzipSync(readFileSync(join(dist, 'ridgepoint.html')), { level: 9 }).length;
console.log(`target: offline file ≤ 250 KB gzipped → ${(offlineGzip / 1000).toFixed(1)} kB`);

console.log('\nheadless Chromium (median of runs)');
const browser = await launch();
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [label, url] of [['served', browser.served], ['offline', browser.offline]]) {
  const firstResults = [];
  let updates = [];
  let drawings = [];
  let frames = [];
  for (let run = 0; run < 5; run++) {
    const { page } = await browser.open(url);
    await page.waitForFunction(() => performance.getEntriesByName('ridgepoint-first-result').length > 0);
    firstResults.push(await page.evaluate(() => performance.getEntriesByName('ridgepoint-first-result')[0].startTime));
    await page.locator('ridgepoint-calculator[state="throughput"] [data-output="intensity"] output.value').filter({ hasText: 'FLOP/B' }).waitFor();
    const timings = await page.evaluate(async () => {
      const input = document.querySelector('ridgepoint-calculator[state="throughput"] input[name="k"]');
      const sync = [];
      const drawing = [];
      const frame = [];
      for (let i = 0; i < 40; i++) {
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
        const start = performance.now();
        input.value = String(16 + (i % 7) * 8);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        sync.push(performance.now() - start);
        // This callback runs after the charts' own, in the same frame: its delay past the frame's
        // start is the drawing work.
        const frameStart = await new Promise((done) => requestAnimationFrame((time) => done(time)));
        const end = performance.now();
        drawing.push(end - Math.max(frameStart, start));
        frame.push(end - start);
      }
      return { sync, drawing, frame };
    });
    updates = updates.concat(timings.sync);
    drawings = drawings.concat(timings.drawing);
    frames = frames.concat(timings.frame);
    await page.close();
  }
  console.log(`${label.padEnd(8)} navigation → first result ${median(firstResults).toFixed(1)} ms (target ≤ 300 ms)`);
  console.log(`${label.padEnd(8)} input change → outputs updated ${median(updates).toFixed(2)} ms; chart drawn in the next frame in ${median(drawings).toFixed(2)} ms; input → that frame ${median(frames).toFixed(2)} ms (target ≤ 16 ms)`);
}
await browser.close();
