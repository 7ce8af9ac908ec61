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
