import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createRidgepoint, rp, RidgepointError } from './api.mjs';

const toyA = { peakFlops: 60e12, memoryBandwidth: 3e12 };

test('gemm returns the documented fields in SI units', () => {
  const result = rp.gemm({ m: 64, n: 64, k: 16, ...toyA });
  assert.deepEqual(Object.keys(result), [
    'flops',
    'bytes',
    'intensity',
    'ridgePoint',
    'computeTime',
    'memoryTime',
    'time',
    'bound',
    'attainableFlops',
    'fractionOfPeak',
  ]);
  assert.equal(result.bound, 'memory');
  assert.equal(result.ridgePoint, 20);
});

test('crossoverK finds k = 54 by bisection and 53.33 analytically for 64x64', () => {
  const { k, analyticK } = rp.crossoverK({ m: 64, n: 64, ...toyA });
  assert.equal(k, 54);
  assert.ok(Math.abs(analyticK - 160 / 3) < 1e-12);
});

test('a rejected input throws RidgepointError naming the field and its range', () => {
  assert.throws(
    () => rp.gemm({ m: 64, n: 64, k: 1e30 }),
    (error) =>
      error instanceof RidgepointError &&
      error instanceof Error &&
      error.name === 'RidgepointError' &&
      error.field === 'k' &&
      error.message === 'k must be a whole number from 1 to 1,000,000,000 (got 1e30)',
  );
  for (const bad of [0, -1, NaN, Infinity, 'abc', '']) {
    assert.throws(
      () => rp.gemm({ m: bad }),
      (error) => error.field === 'm',
      `m = ${String(bad)}`,
    );
  }
});

test('a misspelt input name is rejected instead of silently defaulted', () => {
  assert.throws(
    () => rp.gemm({ m: 64, peakflops: 1e15 }),
    (error) => error.field === 'peakflops' && /its inputs are m, n, k/.test(error.message),
  );
});

test('a value of the wrong type and a non-object argument are rejected', () => {
  assert.throws(
    () => rp.gemm({ m: true }),
    (error) => error.field === 'm' && error.message === 'm must be a whole number from 1 to 1,000,000,000 (got true)',
  );
  assert.throws(
    () => rp.gemm(64),
    (error) => error.field === 'input',
  );
  assert.throws(
    () => rp.gemm([64]),
    (error) => error.field === 'input',
  );
});

test('every error message names its field', () => {
  try {
    rp.gemm({ m: 0, n: -2 });
    assert.fail('expected a throw');
  } catch (error) {
    assert.equal(error.errors.length, 2);
    for (const { field, message } of error.errors) assert.ok(message.startsWith(field));
  }
});

test('the module is created once and shared by every API object', async () => {
  const second = await createRidgepoint();
  assert.deepEqual(second.gemm({ m: 8, n: 8, k: 8 }), rp.gemm({ m: 8, n: 8, k: 8 }));
});

test('calculator declarations carry unit, default, range and help for every input', () => {
  const specs = rp.calculators();
  assert.ok(specs.some((spec) => spec.id === 'gemm'));
  for (const spec of specs) {
    for (const field of spec.inputs) {
      assert.equal(typeof field.help, 'string');
      assert.ok(field.help.length > 0, `${spec.id}.${field.name} has help`);
      if (field.kind === 'number' || field.kind === 'integer')
        assert.ok(field.min <= field.default && field.default <= field.max, `${spec.id}.${field.name}`);
    }
  }
  assert.throws(() => rp.spec('nope'), RidgepointError);
});

test('every calculator accepts its own declared defaults', () => {
  for (const spec of rp.calculators()) {
    const defaults = Object.fromEntries(spec.inputs.map((field) => [field.name, field.default]));
    assert.doesNotThrow(() => rp[spec.id](defaults), spec.id);
  }
});

test('machine presets have sources and dense figures; the toy ridges are 20 and 50', () => {
  const machines = rp.machines();
  const ids = machines.map((machine) => machine.id);
  for (const id of [
    'toy-60',
    'toy-100',
    'a100-sxm-80gb',
    'a100-pcie-80gb',
    'h100-sxm',
    'h800-sxm',
    'h200-sxm',
    'b200',
    'mi300x',
  ]) {
    assert.ok(ids.includes(id), id);
  }
  for (const machine of machines) assert.ok(machine.source.length > 0);
  const ridge = (id) => {
    const machine = machines.find((candidate) => candidate.id === id);
    return machine.peakFlops.bf16 / machine.memoryBandwidth;
  };
  assert.equal(ridge('toy-60'), 20);
  assert.equal(ridge('toy-100'), 50);
  machines[0].name = 'changed';
  assert.notEqual(rp.machines()[0].name, 'changed');
});
