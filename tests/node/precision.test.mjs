// The precision lab through the wasm JS API: the format presets, NaN rejected, the seeded
// experiments (their exact bits are golden cases in tests/golden/precision.json).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { rp, RidgepointError } from './api.mjs';

test('rp.formats() lists every format with its specification values and source', () => {
  const formats = rp.formats();
  assert.deepEqual(
    formats.map((format) => format.id),
    ['e4m3', 'e5m2', 'e5m6', 'ue8m0', 'int8', 'e2m1', 'nvfp4', 'mxfp4', 'mxfp8', 'bf16', 'fp16', 'tf32', 'fp32'],
  );
  const byId = Object.fromEntries(formats.map((format) => [format.id, format]));
  assert.equal(byId.e4m3.max, 448);
  assert.equal(byId.e4m3.minSubnormal, 2 ** -9);
  assert.equal(byId.e5m2.max, 57344);
  assert.equal(byId.fp16.minSubnormal, 2 ** -24);
  assert.equal(byId.bf16.max, (2 - 2 ** -7) * 2 ** 127);
  assert.equal(byId.ue8m0.minSubnormal, 0);
  assert.equal(byId.nvfp4.blockSize, 16);
  assert.equal(byId.nvfp4.scaleFormat, 'e4m3');
  assert.equal(byId.mxfp4.blockSize, 32);
  assert.equal(byId.mxfp4.scaleFormat, 'ue8m0');
  assert.equal(byId.fp32.max, (2 - 2 ** -23) * 2 ** 127);
  assert.equal(byId.fp32.max, new Float32Array([3.4028234663852886e38])[0]);
  // TF32 computes with 19 bits but is FP32 in memory; every other format stores what it computes.
  assert.deepEqual([byId.tf32.bits, byId.tf32.storageBits], [19, 32]);
  for (const format of formats) {
    if (format.id !== 'tf32') assert.equal(format.storageBits, format.bits, format.id);
    assert.equal(format.epsilon, 2 ** -format.mantissaBits, format.id);
    assert.ok(format.source.length > 10, `${format.id} names its source`);
  }
});

test('a NaN or infinite value is rejected as an input error, never rounded', () => {
  for (const bad of [NaN, Infinity, -Infinity]) {
    assert.throws(
      () => rp.roundValue({ format: 'e4m3', value: bad }),
      (error) => error instanceof RidgepointError && error.field === 'value',
      String(bad),
    );
  }
});

test('the accumulation sweep runs K = 32 … k and promotion every 128 bounds the error', () => {
  const never = rp.accumulationError({ k: 16384, accumulator: 'hopper-fp8', promoteEvery: 0 });
  const promoted = rp.accumulationError({ k: 16384, accumulator: 'hopper-fp8', promoteEvery: 128 });
  assert.deepEqual(
    never.sweep.map((point) => point.k),
    [32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384],
  );
  assert.ok(never.maxRelativeError > 0.1);
  assert.ok(promoted.maxRelativeError < 1e-3);
});

test('quantize is deterministic: the same seed gives the same figures twice', () => {
  const input = {
    format: 'mxfp4',
    granularity: 'per-channel',
    distribution: 'outlier-channels',
    rows: 64,
    cols: 256,
    seed: 9,
  };
  assert.deepEqual(rp.quantize(input), rp.quantize(input));
  assert.notDeepEqual(rp.quantize(input), rp.quantize({ ...input, seed: 10 }));
});

test('a histogram distribution samples the bins given and rejects bad bins beside the field', () => {
  const tensor = { rows: 64, cols: 256, seed: 4 };
  const uniform = rp.quantize({ ...tensor, distribution: 'uniform' });
  const oneBin = rp.quantize({ ...tensor, distribution: 'histogram', histogramEdges: [-1, 1], histogramCounts: [7] });
  assert.deepEqual(oneBin, uniform, 'one bin on [-1, 1] is the uniform distribution, bit for bit');
  for (const [bins, field] of [
    [{ histogramEdges: [0, 2, 1], histogramCounts: [1, 1] }, 'histogramEdges'],
    [{ histogramEdges: [0, 1, 2], histogramCounts: [0, 0] }, 'histogramCounts'],
    [{ histogramEdges: [0, 1, 2], histogramCounts: [1, -2] }, 'histogramCounts'],
    [
      { histogramEdges: Array.from({ length: 4098 }, (_, i) => i), histogramCounts: Array(4097).fill(1) },
      'histogramEdges',
    ],
  ]) {
    assert.throws(
      () => rp.quantize({ ...tensor, distribution: 'histogram', ...bins }),
      (error) => error instanceof RidgepointError && error.field === field && /histogram/.test(error.message),
      field,
    );
  }
});

test('FP32 rounding agrees with the JS engine\u2019s own binary32 conversion (Math.fround)', () => {
  // A seeded spread over the whole range: normals, subnormals, exact ties and values just past max.
  let state = 12345;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const values = [2 ** -149, 2 ** -150, 3 * 2 ** -151, 1 + 2 ** -24, 1 + 3 * 2 ** -24, 0.1, 65504.5];
  for (let draw = 0; draw < 2000; draw += 1) values.push((next() - 0.5) * 2 ** Math.floor(next() * 300 - 155));
  for (const value of values) {
    const { rounded, clipped } = rp.roundValue({ format: 'fp32', value });
    const expected = Math.fround(value);
    if (Math.abs(expected) === Infinity) {
      // Saturating (OCP satfinite) where IEEE overflows to infinity.
      assert.equal(rounded, Math.sign(value) * (2 - 2 ** -23) * 2 ** 127, String(value));
      assert.equal(clipped, true);
    } else {
      // The API writes −0 as 0 (core/json.cpp: a sign on zero means nothing to a reader).
      assert.equal(rounded, expected || 0, String(value));
    }
  }
});

test('quantize without a scale (granularity none) is roundValue on each element', () => {
  // The same numbers through both calculators: a plain cast has no FP32 scale to change them.
  const values = [3.3, -0.0123, 17.5, 250, 1e-5, -600, 0.75];
  for (const format of ['e4m3', 'e5m2', 'e5m6', 'bf16', 'fp16', 'e2m1', 'int8']) {
    const errors = values.map((value) => Math.abs(rp.roundValue({ format, value }).rounded - value));
    const result = rp.quantize({ format, granularity: 'none', values });
    assert.equal(result.maxAbsoluteError, Math.max(...errors), format);
    assert.equal(result.scaleBitsPerElement, 0, format);
    const max = rp.formats().find((candidate) => candidate.id === format).max;
    assert.equal(result.fractionClipped, values.filter((value) => Math.abs(value) > max).length / values.length);
  }
});
