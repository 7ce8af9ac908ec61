// Every golden case in tests/golden/*.json through the wasm JS API (doctest runs the same files
// natively).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { goldenFiles, pick, rp, RidgepointError } from './api.mjs';

function assertExpected(actual, expected, where) {
  if (expected !== null && typeof expected === 'object') {
    const { value, tolerance = 0 } = expected;
    assert.equal(typeof actual, 'number', where);
    assert.ok(Math.abs(actual - value) <= tolerance, `${where}: ${actual} is not ${value} ± ${tolerance}`);
  } else if (typeof expected === 'number' && typeof actual === 'number') {
    const tolerance = 1e-9 * Math.max(1, Math.abs(expected));
    assert.ok(Math.abs(actual - expected) <= tolerance, `${where}: ${actual} is not ${expected}`);
  } else {
    assert.deepEqual(actual, expected, where);
  }
}

for (const { name, data } of goldenFiles()) {
  describe(name, () => {
    for (const golden of data.cases) {
      test(golden.name, () => {
        const calculate = rp[golden.calculator];
        assert.equal(typeof calculate, 'function', `no calculator ${golden.calculator}`);
        if ('error' in golden) {
          assert.throws(
            () => calculate(golden.input),
            (error) =>
              error instanceof RidgepointError && error.field === golden.error && error.message.includes(golden.error),
          );
          return;
        }
        const result = calculate(golden.input);
        for (const [key, expected] of Object.entries(golden.expect)) {
          assertExpected(pick(result, key), expected, `${golden.calculator} → ${key}`);
        }
      });
    }
  });
}
