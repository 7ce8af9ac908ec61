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

/** Single results as a sweep's columns: each declared output's values, point by point. */
const columnsOf = (id, results) =>
  Object.fromEntries(rp.spec(id).outputs.map(({ name }) => [name, results.map((result) => result[name])]));

/** A sweep's columns as plain lists (a number's column is a Float64Array), to compare with columnsOf. */
const listsOf = (sweep) =>
  Object.fromEntries(Object.entries(sweep).map(([name, column]) => [name, Array.from(column)]));

/** A sweep against the same points evaluated one by one: the outputs in order, every value equal. */
const assertSweepEquals = (id, sweep, singles, message) => {
  assert.deepEqual(
    Object.keys(sweep),
    rp.spec(id).outputs.map(({ name }) => name),
    message,
  );
  assert.deepEqual(listsOf(sweep), columnsOf(id, singles), message);
};

test('a sweep of gemm over m equals the same points evaluated one by one', () => {
  const input = { n: 4096, k: 4096, aBytes: 1, bBytes: 1, cBytes: 2, peakFlops: 1979e12, memoryBandwidth: 3.35e12 };
  const batches = Array.from({ length: 200 }, (_, i) => i + 1);
  assertSweepEquals(
    'gemm',
    rp.sweep('gemm', input, 'm', batches),
    batches.map((m) => rp.gemm({ ...input, m })),
  );
});

test("a number's column is a Float64Array; nulls, flags, choices and other outputs are lists", () => {
  const gemm = rp.sweep('gemm', {}, 'm', [1, 2, 3]);
  assert.ok(gemm.flops instanceof Float64Array);
  assert.equal(gemm.flops.length, 3);
  assert.ok(Array.isArray(gemm.bound));
  const crossover = rp.sweep('crossoverK', {}, 'm', [1, 2]);
  assert.ok(Array.isArray(crossover.k) && Array.isArray(crossover.reachable));
  assert.ok(crossover.limitIntensity instanceof Float64Array);
  // The columns do not share what a caller may change: writing to one leaves the others as they were.
  const flops = Float64Array.from(gemm.flops);
  gemm.bytes.fill(0);
  assert.deepEqual(gemm.flops, flops);
});

test('numbers cross from the core exactly: ratios in a sweep equal the same division in JS', () => {
  // Any bit lost on the way would make some of these 1,000 quotients differ in the last place.
  const input = { n: 4096, k: 4096, aBytes: 1, bBytes: 1, cBytes: 2, peakFlops: 1979e12, memoryBandwidth: 3.35e12 };
  const batches = Array.from({ length: 1000 }, (_, i) => i + 1);
  const { flops, bytes, intensity, computeTime, memoryTime } = rp.sweep('gemm', input, 'm', batches);
  for (let point = 0; point < batches.length; point += 1) {
    assert.equal(intensity[point], flops[point] / bytes[point]);
    assert.equal(computeTime[point], flops[point] / input.peakFlops);
    assert.equal(memoryTime[point], bytes[point] / input.memoryBandwidth);
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
        assertSweepEquals(
          spec.id,
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
  const ms = [1, 4096];
  const swept = rp.sweep('crossoverK', crossover, 'm', ms);
  assertSweepEquals(
    'crossoverK',
    swept,
    ms.map((m) => rp.crossoverK({ ...crossover, m })),
  );
  assert.deepEqual(swept.reachable, [false, true]);
  assert.equal(swept.k[0], null);
  assert.ok(Number.isInteger(swept.k[1]) && swept.k[1] > 1);
  // A list of records beside the numbers: the pipeline bubble's methods table at each stage count.
  const stages = [4, 8, 16];
  const bubbles = rp.sweep('pipelineBubble', {}, 'stages', stages);
  assertSweepEquals(
    'pipelineBubble',
    bubbles,
    stages.map((count) => rp.pipelineBubble({ stages: count })),
  );
  assert.ok(bubbles.methods.every((methods) => Array.isArray(methods) && methods.length > 0));
});

test('a sweep over a choice takes its labels', () => {
  const input = { op: 'allreduce', ranks: 8, bytes: 1e9, bandwidth: 50e9, latency: 3.7e-6 };
  const { latencySteps } = rp.sweep('collective', input, 'algorithm', ['ring', 'tree', 'direct']);
  assert.deepEqual(Array.from(latencySteps), [14, 6, 2]);
});

test('a bad value in a sweep names the field and the point', () => {
  assert.throws(() => rp.sweep('gemm', {}, 'm', [1, 2, 0.5]), {
    name: 'RidgepointError',
    field: 'm',
    message: 'values[2]: m must be a whole number from 1 to 1,000,000,000 (got 0.5)',
  });
  assert.throws(() => rp.sweep('gemm', {}, 'm', [1, 'two']), { field: 'm', message: /^values\[1\]: m must be/ });
  assert.throws(() => rp.sweep('gemm', {}, 'm', [1, NaN]), {
    field: 'm',
    message: 'values[1]: m must be a whole number from 1 to 1,000,000,000 (got a value that is not a finite number)',
  });
  assert.throws(() => rp.sweep('attentionTiling', { seqLen: 4096 }, 'blockSize', [64, 8192]), {
    field: 'blockSize',
    message: /^values\[1\]: blockSize must be at most seqLen/,
  });
  // A point whose result cannot be represented: the error a single call gives, at that point.
  const { config } = rp.models().find((model) => model.id === 'llama-3.1-8b');
  assert.throws(() => rp.sweep('kvCache', { config }, 'referenceKvBytesPerToken', [1, 1e-310]), {
    field: 'referenceKvBytesPerToken',
    message: /^values\[1\]: referenceKvBytesPerToken = 1e-310 makes ratioToReference too large to represent/,
  });
});

test('a sweep reads each number it is given once, as plain data, and a sign on zero means nothing', () => {
  let reads = 0;
  const values = new Proxy([1, 2], {
    get(target, key) {
      if (key === '1') reads += 1;
      return target[key];
    },
  });
  assert.deepEqual(listsOf(rp.sweep('gemm', {}, 'm', values)), listsOf(rp.sweep('gemm', {}, 'm', [1, 2])));
  assert.equal(reads, 1);
  const throwing = new Proxy([1, 2], {
    get(target, key) {
      if (key === '1') throw new Error('no');
      return target[key];
    },
  });
  assert.throws(() => rp.sweep('gemm', {}, 'm', throwing), { name: 'RidgepointError', field: 'input' });
  assert.deepEqual(listsOf(rp.sweep('gemm', {}, 'latency', [-0])), listsOf(rp.sweep('gemm', {}, 'latency', [0])));
});

test('the fixed inputs of a sweep are checked once, apart from the swept field', () => {
  assert.throws(() => rp.sweep('gemm', { n: -1 }, 'm', [1]), { field: 'n' });
  assert.throws(() => rp.sweep('gemm', { q: 1 }, 'm', [1]), { field: 'q' });
  assertSweepEquals('gemm', rp.sweep('gemm', { m: -1 }, 'm', [8]), [rp.gemm({ m: 8 })]);
});

test('a sweep names an unknown calculator, field or values argument', () => {
  assert.throws(() => rp.sweep('gemmm', {}, 'm', [1]), { field: 'id' });
  assert.throws(() => rp.sweep('gemm', {}, 'mm', [1]), { field: 'field', message: /gemm has no input 'mm'/ });
  assert.throws(() => rp.sweep('gemm', {}, 'm', 1), { field: 'values' });
  assert.throws(() => rp.sweep('gemm', {}, 'm', new Array(rp.limits().maxSweepPoints + 1).fill(1)), {
    field: 'values',
    message: /at most 10000 points/,
  });
  assertSweepEquals('gemm', rp.sweep('gemm', {}, 'm', []), []);
});
