import assert from 'node:assert/strict';
import { test } from 'node:test';

import { RidgepointError, rp } from './api.mjs';

/** The calculator at one point, or the error it throws there. */
const evaluateOne = (id, input) => {
  try {
    return { value: rp[id](input) };
  } catch (error) {
    if (!(error instanceof RidgepointError)) throw error;
    return { error };
  }
};

/** Values to sweep a declared input over: its range's ends and its default, or every choice. */
const valuesOf = (field) => {
  if (field.kind === 'choice') return field.choices;
  if (field.kind === 'boolean') return [false, true];
  if (field.kind === 'number' || field.kind === 'integer') return [field.min, field.default, field.max];
  return null;
};

test('a sweep of gemm over m equals the same points evaluated one by one', () => {
  const input = { n: 4096, k: 4096, aBytes: 1, bBytes: 1, cBytes: 2, peakFlops: 1979e12, memoryBandwidth: 3.35e12 };
  const batches = Array.from({ length: 200 }, (_, i) => i + 1);
  assert.deepEqual(
    rp.sweep('gemm', input, 'm', batches),
    batches.map((m) => rp.gemm({ ...input, m })),
  );
});

test('numbers cross from the core exactly: ratios in a sweep equal the same division in JS', () => {
  // The core writes the shortest text that reads back as its double; any digit lost would make
  // some of these 1,000 quotients differ in the last bit.
  const input = { n: 4096, k: 4096, aBytes: 1, bBytes: 1, cBytes: 2, peakFlops: 1979e12, memoryBandwidth: 3.35e12 };
  const batches = Array.from({ length: 1000 }, (_, i) => i + 1);
  for (const point of rp.sweep('gemm', input, 'm', batches)) {
    assert.equal(point.intensity, point.flops / point.bytes);
    assert.equal(point.computeTime, point.flops / input.peakFlops);
    assert.equal(point.memoryTime, point.bytes / input.memoryBandwidth);
  }
});

test('every input of every calculator sweeps to the results, or the first error, of single calls', () => {
  for (const spec of rp.calculators()) {
    if (evaluateOne(spec.id, {}).error) continue;
    for (const field of spec.inputs) {
      const values = valuesOf(field);
      if (!values) continue;
      const singles = values.map((value) => evaluateOne(spec.id, { [field.name]: value }));
      const failed = singles.findIndex((single) => single.error);
      if (failed < 0) {
        assert.deepEqual(
          rp.sweep(spec.id, {}, field.name, values),
          singles.map((single) => single.value),
          `${spec.id}.${field.name}`,
        );
      } else {
        const { error } = singles[failed];
        assert.throws(
          () => rp.sweep(spec.id, {}, field.name, values),
          (thrown) => {
            assert.ok(thrown instanceof RidgepointError);
            assert.equal(thrown.field, error.field, `${spec.id}.${field.name}`);
            assert.equal(thrown.message, `values[${failed}]: ${error.message}`);
            return true;
          },
        );
      }
    }
  }
});

test('nulls, flags and outputs that are not numbers cross a sweep as single calls return them', () => {
  // With m = 1 no k reaches the ridge (k is null, reachable false); with m = 4096 one does.
  const crossover = { n: 4096, peakFlops: 1979e12, memoryBandwidth: 3.35e12 };
  const [never, reached] = rp.sweep('crossoverK', crossover, 'm', [1, 4096]);
  assert.deepEqual([never, reached], [rp.crossoverK({ ...crossover, m: 1 }), rp.crossoverK({ ...crossover, m: 4096 })]);
  assert.equal(never.k, null);
  assert.equal(never.reachable, false);
  assert.equal(reached.reachable, true);
  assert.ok(Number.isInteger(reached.k) && reached.k > 1);
  // A list of records beside the numbers: the pipeline bubble's methods table at each stage count.
  const stages = [4, 8, 16];
  const bubbles = rp.sweep('pipelineBubble', {}, 'stages', stages);
  assert.deepEqual(
    bubbles,
    stages.map((count) => rp.pipelineBubble({ stages: count })),
  );
  assert.deepEqual(Object.keys(bubbles[0]), Object.keys(rp.pipelineBubble({})));
  assert.ok(bubbles.every((point) => Array.isArray(point.methods) && point.methods.length > 0));
});

test('a sweep over a choice takes its labels', () => {
  const input = { op: 'allreduce', ranks: 8, bytes: 1e9, bandwidth: 50e9, latency: 3.7e-6 };
  const [ring, tree, direct] = rp.sweep('collective', input, 'algorithm', ['ring', 'tree', 'direct']);
  assert.equal(ring.latencySteps, 14);
  assert.equal(tree.latencySteps, 6);
  assert.equal(direct.latencySteps, 2);
});

test('a bad value in a sweep names the field and the point', () => {
  assert.throws(() => rp.sweep('gemm', {}, 'm', [1, 2, 0.5]), {
    name: 'RidgepointError',
    field: 'm',
    message: 'values[2]: m must be a whole number from 1 to 1e+09 (got 0.5)',
  });
  assert.throws(() => rp.sweep('gemm', {}, 'm', [1, 'two']), { field: 'm', message: /^values\[1\]: m must be/ });
  assert.throws(() => rp.sweep('attentionTiling', { seqLen: 4096 }, 'blockSize', [64, 8192]), {
    field: 'blockSize',
    message: /^values\[1\]: blockSize must be at most seqLen/,
  });
});

test('the fixed inputs of a sweep are checked once, apart from the swept field', () => {
  assert.throws(() => rp.sweep('gemm', { n: -1 }, 'm', [1]), { field: 'n' });
  assert.throws(() => rp.sweep('gemm', { q: 1 }, 'm', [1]), { field: 'q' });
  assert.deepEqual(rp.sweep('gemm', { m: -1 }, 'm', [8]), [rp.gemm({ m: 8 })]);
});

test('a sweep names an unknown calculator, field or values argument', () => {
  assert.throws(() => rp.sweep('gemmm', {}, 'm', [1]), { field: 'id' });
  assert.throws(() => rp.sweep('gemm', {}, 'mm', [1]), { field: 'field', message: /gemm has no input 'mm'/ });
  assert.throws(() => rp.sweep('gemm', {}, 'm', 1), { field: 'values' });
  assert.throws(() => rp.sweep('gemm', {}, 'm', new Array(rp.limits().maxSweepPoints + 1).fill(1)), {
    field: 'values',
    message: /at most 10000 points/,
  });
  assert.deepEqual(rp.sweep('gemm', {}, 'm', []), []);
});
