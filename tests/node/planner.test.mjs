// The deployment planner through the JS API: validation rows, errors and the serving curve.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { rp, RidgepointError } from './api.mjs';
import { formatValue } from '../../web/lib/format.js';

test('rp.validation(rows) evaluates just the rows given, as the whole table does', () => {
  const all = rp.validation();
  const some = rp
    .deployments()
    .filter((row) => row.calculator === 'servingThroughput')
    .slice(0, 3);
  const rows = rp.validation(some);
  assert.deepEqual(
    rows.map((row) => row.id),
    some.map((row) => row.id),
  );
  for (const row of rows) assert.equal(row.predicted, all.find((other) => other.id === row.id).predicted);
  assert.deepEqual(rp.validation([]), []);
});

test('rp.validation() evaluates every published deployment live with a finite error', () => {
  const rows = rp.validation();
  assert.equal(rows.length, rp.deployments().length);
  assert.ok(rows.length >= 6);
  for (const row of rows) {
    assert.ok(Number.isFinite(row.predicted) && row.predicted > 0, row.id);
    assert.ok(Math.abs(row.error - (row.predicted / row.published - 1)) < 1e-12, row.id);
    assert.ok(row.source.length > 0 && row.assumptions.length > 0, row.id);
  }
  const v3 = rows.find((row) => row.id === 'deepseek-v3-step');
  assert.equal(v3.published, 19.926);
});

test('the DeepSeek-V3 plan reports its breakdown, memory and bottleneck', () => {
  const row = rp.deployments().find((deployment) => deployment.id === 'deepseek-v3-step');
  const result = rp.trainingStep(rp.deploymentInput(row));
  const parts = result.computeTime + result.exposedCommTime + result.bubbleTime + result.optimizerTime;
  assert.ok(Math.abs(parts - result.stepTime) < 1e-9 * result.stepTime);
  assert.equal(result.microBatches, 120);
  assert.equal(typeof result.fits, 'boolean');
  assert.equal(typeof result.bottleneck, 'string');
});

test('a plan that does not divide the GPUs throws a RidgepointError naming gpus', () => {
  const row = rp.deployments().find((deployment) => deployment.id === 'deepseek-v3-step');
  assert.throws(
    () => rp.trainingStep({ ...rp.deploymentInput(row), gpus: 2050 }),
    (error) => error instanceof RidgepointError && error.field === 'gpus',
  );
});

test('decode returns a Pareto curve swept inside the core', () => {
  const row = rp.deployments().find((deployment) => deployment.id === 'deepseek-v3-decode');
  const result = rp.servingThroughput(rp.deploymentInput(row));
  assert.ok(result.pareto.length > 2);
  assert.ok(result.tokensPerSecondPerUser >= 20);
  assert.ok(result.costPerMillionTokens > 0);
});

test('a serving plan that does not fit serves nothing: null step, latencies and price, shown as —', () => {
  const row = rp.deployments().find((deployment) => deployment.id === 'deepseek-v3-decode');
  const input = { ...rp.deploymentInput(row), gpus: 8, expertParallel: 8, redundantExperts: 0 };
  const result = rp.servingThroughput(input);
  assert.equal(result.fits, false);
  assert.equal(result.tokensPerSecondPerNode, 0);
  for (const name of ['stepTime', 'tpot', 'ttft', 'tokensPerSecondPerUser', 'costPerMillionTokens']) {
    assert.equal(result[name], null, name);
  }
  assert.equal(formatValue(result.costPerMillionTokens, '$'), '—');
  assert.equal(formatValue(result.ttft, 's'), '—');
  // A sweep across the point where the experts start to fit: null, then numbers.
  const swept = rp.sweep('servingThroughput', { ...input, gpus: 64 }, 'expertParallel', [8, 32, 64]);
  assert.deepEqual(swept.fits, [false, true, true]);
  assert.equal(swept.tpot[0], null);
  assert.ok(swept.tpot[1] > 0 && swept.costPerMillionTokens[2] > 0);
});

test('the serving dispatch and combine bytes are what rp.communicationBytes counts for the same tokens', () => {
  const row = rp.deployments().find((deployment) => deployment.id === 'deepseek-v3-decode');
  const result = rp.servingThroughput(rp.deploymentInput(row));
  // Decode verifies one MTP draft per sequence: two tokens per sequence leave each GPU.
  const bytes = rp.communicationBytes({
    dispatchFormat: 'e4m3',
    combineFormat: 'bf16',
    scaleGroupSize: 128,
    tokens: 2 * result.batchPerGpu,
    hidden: 7168,
    expertsPerToken: 8,
  });
  assert.equal(result.dispatchBytes, bytes.dispatchBytes);
  assert.equal(result.combineBytes, bytes.combineBytes);
});

test('a prefill pass whose KV does not fit is refused, and a sequence too long for memory says so', () => {
  // Llama-3.1-8B in BF16 on H100: 16 GB of weights and the runtime's 3.05 GiB leave 66 GB of the
  // CUDA runtime's 85,045,477,376 B (deviceQuery), 90 % of it for KV; one 4,096-token prompt holds
  // 32 layers · 8 KV heads · 128 · 2 (K, V) · 2 B · 4096 = 512 MiB, so at most
  // ⌊0.9 · (capacity − weights − runtime) / 512 MiB⌋ prompts fit.
  const base = { phase: 'prefill', inputLength: 4096 };
  const fitting = rp.servingThroughput(base);
  assert.equal(fitting.fits, true);
  assert.equal(fitting.memoryCapacity, 85_045_477_376);
  const promptBytes = 32 * 8 * 128 * 2 * 2 * 4096;
  const runtimeBytes = (1.79 + 1.26) * 2 ** 30;
  const mostPrompts = Math.floor((0.9 * (85_045_477_376 - fitting.weightBytesPerGpu - runtimeBytes)) / promptBytes);
  const atMost = rp.servingThroughput({ ...base, prefillTokensPerGpu: mostPrompts * 4096 });
  assert.equal(atMost.fits, true);
  const over = rp.servingThroughput({ ...base, prefillTokensPerGpu: (mostPrompts + 1) * 4096 });
  assert.equal(over.fits, false);
  assert.equal(over.bottleneck, 'capacity');
  assert.equal(over.tokensPerSecondPerGpu, 0);
  const note = over.notes.find((candidate) => candidate.field === 'prefillTokensPerGpu');
  assert.match(
    note.text,
    new RegExp(`at most ${(mostPrompts * 4096).toLocaleString('en-US').replaceAll(',', '')} tokens`),
  );
  // One million-token sequence: 128 GiB of KV per GPU, more than the weights leave; smaller
  // weights would not help, so the note names the sequence.
  const long = rp.servingThroughput({ inputLength: 1_000_000 });
  assert.equal(long.fits, false);
  assert.deepEqual(
    long.notes.map((candidate) => candidate.field),
    ['inputLength'],
  );
  assert.match(long.notes[0].text, /shorten inputLength or outputLength/);
});

test('the pipeline note names the stages that take one more layer', () => {
  // 32 layers on 3 stages: ⌊32/3⌋ = 10 each, 2 left over for stages ⌊(3 − 2)/2⌋ + 1 = 1 and 2.
  const three = rp.trainingStep({ pipelineParallel: 3, gpus: 24 });
  assert.equal(three.layersPerStage, 11);
  assert.equal(
    three.notes.find((note) => note.field === 'pipelineParallel').text,
    '32 layers on 3 stages: stages 1–2 take 11 layers, the other 10',
  );
  // DeepSeek-V3's 61 layers on 16 stages: 3 each, 13 left over for stages 2–14.
  const row = rp.deployments().find((deployment) => deployment.id === 'deepseek-v3-step');
  const v3 = rp.trainingStep(rp.deploymentInput(row));
  assert.match(
    v3.notes.find((note) => note.field === 'pipelineParallel').text,
    /^61 layers on 16 stages: stages 2–14 take 4 layers, the others 3$/,
  );
});

test('an interleaved schedule says when its virtual stages are not equal chunks, or are one', () => {
  // Llama-3.1-8B's 32 layers on 4 stages: 8 a stage, which 3 virtual stages do not split evenly.
  const plan = { gpus: 4, pipelineParallel: 4, schedule: 'interleaved', globalBatch: 16 };
  const note = (result) => result.notes.find((candidate) => candidate.field === 'virtualStages')?.text;
  assert.match(
    note(rp.trainingStep({ ...plan, virtualStages: 3 })),
    /^the 8 layers of a stage do not split evenly into 3 virtual stages/,
  );
  assert.equal(note(rp.trainingStep({ ...plan, virtualStages: 2 })), undefined);
  assert.equal(
    note(rp.trainingStep({ ...plan, virtualStages: 1 })),
    'one virtual stage per pipeline stage: the interleaved schedule is 1F1B',
  );
});

test("hardware FLOPs are counted as Megatron-LM's Eq. 3 counts them: averaged over every GPU, the head not recomputed", () => {
  // Narayanan et al. SC'21 Eq. 3 with full recomputation: 96 · B · s · l · h² · (1 + s / 6h + V / 16lh)
  // per step, over all GPUs; the published Table 1 rows divide it by GPUs × step time.
  for (const id of ['megatron-1.7b', 'megatron-1t']) {
    const input = rp.deploymentInput(rp.deployments().find((row) => row.id === id));
    const { globalBatch: B, seqLen: s, gpus } = input;
    const { n_layer: l, n_embd: h, vocab_size: V } = input.config; // GPT-2's spellings
    const eq3 = 96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
    const plan = rp.trainingStep(input);
    const executed = plan.hardwareFlopsPerGpu * gpus * plan.stepTime;
    // Within 0.05 %. Recomputing the head, or counting the last stage's work for every GPU, was
    // 1.6 % (1.7B) and 8 % (1 T) over.
    assert.ok(Math.abs(executed / eq3 - 1) < 5e-4, `${id}: ${executed / eq3}`);
  }
});

test('an MoE decode step reads only the experts its batch reaches, and is memory-bound at batch 1', () => {
  // Qwen3-30B-A3B in BF16 on one H100 (weights stream at its STREAM Triad, 2.97 TB/s): one token
  // reaches 8 of 128 experts per layer, so a step reads the active weights bar the embedding table
  // (one row of it), not all 30.5 B.
  const config = rp.models().find((model) => model.id === 'qwen3-30b-a3b').config;
  const stats = rp.modelStats({ config });
  const embedding = 151936 * 2048;
  const bandwidth = rp.machines().find((machine) => machine.id === 'h100-sxm').streamBandwidth;
  assert.equal(bandwidth, 2.97e12);
  const activeRead = ((stats.activeParams - embedding) * 2) / bandwidth;
  const step = (batch) =>
    rp.servingThroughput({ config, gpus: 1, decodeBatchPerGpu: batch, inputLength: 1024, outputLength: 256 });
  const one = step(1);
  assert.ok(one.stepTime >= activeRead && one.stepTime <= 1.1 * activeRead, `${one.stepTime} s`);
  assert.ok(one.stepTime < (stats.totalParams * 2) / bandwidth / 5);
  assert.equal(one.bottleneck, 'memory');
  // More sequences reach more experts: the step grows with the batch, towards all the weights.
  const times = [1, 2, 4, 8, 16, 64].map((batch) => step(batch).stepTime);
  for (let index = 1; index < times.length; index += 1) assert.ok(times[index] > times[index - 1]);
});

test('an MFU above 1 (FP8 over the BF16 peak) says what it means', () => {
  // Qwen2.5-72B in FP8 on eight B300s: FP8 GEMMs at twice the BF16 peak carry MFU past 1.
  const config = rp.models().find((model) => model.id === 'qwen2.5-72b').config;
  const input = { config, machine: 'b300', node: 'dgx-b300', gpus: 8, zeroStage: 3, seqLen: 4096, globalBatch: 64 };
  const fp8 = rp.trainingStep({ ...input, precision: 'fp8' });
  assert.ok(fp8.mfu > 1);
  assert.ok(fp8.notes.some((note) => /MFU is over the dense BF16 peak/.test(note.text)));
  const bf16 = rp.trainingStep({ ...input, precision: 'bf16' });
  assert.ok(bf16.mfu < 1);
  assert.ok(!bf16.notes.some((note) => /MFU is over/.test(note.text)));
});

test('a decode step never gets shorter as its batch grows, in any precision (found by QA)', () => {
  // GEMM calibration points of unrelated shapes once made FP8 batch 128 faster than 120.
  const batches = Array.from({ length: 64 }, (_, index) => 4 * (index + 1));
  for (const model of ['llama-3.1-70b', 'llama-3.1-8b', 'qwen3-30b-a3b']) {
    const config = rp.models().find((candidate) => candidate.id === model).config;
    for (const [machine, node] of [
      ['h100-sxm', 'dgx-h100'],
      ['b200', 'dgx-b200'],
    ]) {
      for (const precision of ['bf16', 'fp8']) {
        const base = {
          config,
          machine,
          node,
          gpus: 4,
          tensorParallel: 4,
          precision,
          inputLength: 1024,
          outputLength: 256,
          microBatches: 1,
        };
        const { stepTime, fits } = rp.sweep('servingThroughput', base, 'decodeBatchPerGpu', batches);
        for (let index = 1; index < batches.length && fits[index]; index += 1) {
          const label = `${model} ${machine} ${precision} batch ${batches[index]}`;
          assert.ok(stepTime[index] >= stepTime[index - 1], label);
        }
      }
    }
  }
});
