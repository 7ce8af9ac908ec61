// Inputs a script can build that are not plain data: getters and Proxies that throw, inherited
// and non-enumerable keys, non-finite numbers and sizes past the declared limits. Each is a
// defect once found by probing (issue 14); none may reach the core or wear the module down.
import assert from 'node:assert/strict';
import test from 'node:test';

import { rp, RidgepointError } from './api.mjs';

const bigGemm = { m: 4096, n: 4096, k: 4096 };

test('throwing getters and Proxies are reported as RidgepointError and never wear down the module', () => {
  const getter = {
    get m() {
      throw new Error('boom');
    },
  };
  const proxy = new Proxy(
    {},
    {
      ownKeys: () => {
        throw new Error('trap');
      },
    },
  );
  for (let i = 0; i < 20000; i += 1) {
    assert.throws(() => rp.gemm(i % 2 ? getter : proxy), RidgepointError);
  }
  assert.equal(rp.gemm(bigGemm).flops, 2 * 4096 ** 3);
});

test('inherited and non-enumerable keys are never read as inputs', () => {
  Object.prototype.k = 1e6;
  try {
    assert.equal(
      rp.gemm({ m: 64, n: 64 }).flops,
      2 * 64 * 64 * rp.spec('gemm').inputs.find((f) => f.name === 'k').default,
    );
  } finally {
    delete Object.prototype.k;
  }
  const typo = Object.defineProperty({ m: 64 }, 'peakflops', { value: 1, enumerable: false });
  assert.equal(rp.gemm(typo).flops, rp.gemm({ m: 64 }).flops);
  assert.throws(
    () => rp.gemm({ m: 64, peakflops: 1 }),
    (error) => error.field === 'peakflops',
  );
});

test('NaN, Infinity and -0 are validated against the field, never turned into a default', () => {
  for (const value of [NaN, Infinity, -Infinity]) {
    assert.throws(
      () => rp.gemm({ m: value }),
      (error) =>
        error.field === 'm' &&
        /from 1 to 1,000,000,000 \(got a value that is not a finite number\)/.test(error.message),
    );
  }
  assert.equal(Object.is(rp.gemm({ ...bigGemm, latency: -0 }).time, rp.gemm(bigGemm).time), true);
});

test('null is refused naming the field, never turned into a default; undefined is an omitted field', () => {
  for (const id of rp.calculators().map((calculator) => calculator.id)) {
    for (const field of rp.spec(id).inputs) {
      assert.throws(
        () => rp[id]({ [field.name]: null }),
        (error) =>
          error instanceof RidgepointError &&
          // beside it, a required field left out is named too
          error.errors.some(
            ({ field: named, message }) =>
              named === field.name && message.startsWith(`${field.name} must be `) && message.endsWith(' (got null)'),
          ),
        `${id}.${field.name}`,
      );
    }
  }
  assert.equal(rp.gemm({ ...bigGemm, latency: undefined }).time, rp.gemm(bigGemm).time);
});

test('a value just past a bound is quoted back in full, never rounded onto the bound', () => {
  const cases = [
    [() => rp.gemm({ m: 1000000001 }), 'm must be a whole number from 1 to 1,000,000,000 (got 1000000001)'],
    [() => rp.gemm({ latency: 10.000001 }), 'latency must be a number from 0 s to 10 s (got 10.000001)'],
    [
      () => rp.gemm({ peakFlops: 1.0000001e20 }),
      'peakFlops must be a number from 1 MFLOP/s to 100 EFLOP/s (got 1.0000001e20)',
    ],
  ];
  for (const [call, message] of cases) assert.throws(call, (error) => error.message === message);
});

test('inputs past the declared limits are refused with the field named, before the core reads them', () => {
  const limits = rp.limits();
  assert.deepEqual(Object.keys(limits).sort(), [
    'maxDepth',
    'maxItems',
    'maxKeys',
    'maxStringBytes',
    'maxSweepPoints',
    'maxTextBytes',
  ]);
  let deep = {};
  const root = deep;
  for (let i = 0; i < limits.maxDepth + 5; i += 1) deep = deep.x = {};
  assert.throws(
    () => rp.gemm({ m: root }),
    (error) => error.field.startsWith('m.x') && /nested more than/.test(error.message),
  );
  assert.throws(
    () => rp.gemm({ m: 'x'.repeat(limits.maxStringBytes + 1) }),
    (error) => error.field === 'm',
  );
  const wide = Object.fromEntries(Array.from({ length: limits.maxKeys + 1 }, (_, i) => [`k${i}`, 1]));
  assert.throws(
    () => rp.gemm(wide),
    (error) => error.field === 'input' && /more than 10000 keys/.test(error.message),
  );
  assert.equal(rp.gemm(bigGemm).flops, 2 * 4096 ** 3);
});

test('objects that are not plain data are refused', () => {
  assert.throws(
    () => rp.gemm({ m: new Date() }),
    (error) => error.field === 'm',
  );
  assert.throws(
    () => rp.gemm({ m: 64n }),
    (error) => error.field === 'm',
  );
  assert.throws(
    () => rp.gemm({ m: () => 64 }),
    (error) => error.field === 'm',
  );
  assert.throws(
    () => rp.gemm(new Map()),
    (error) => error.field === 'input',
  );
});

test('a model calculator whose config is a throwing Proxy or getter reports RidgepointError too', () => {
  const proxy = new Proxy(
    { hidden_size: 64 },
    {
      get: () => {
        throw new Error('get');
      },
    },
  );
  const symbolGetter = Object.defineProperty({}, 'config', {
    enumerable: true,
    get: () => {
      throw Symbol('thrown');
    },
  });
  for (const input of [proxy, symbolGetter]) {
    for (const id of ['modelStats', 'kvCache', 'modelInference']) {
      assert.throws(
        () => rp[id](input),
        (error) => error instanceof RidgepointError && error.field === 'input',
      );
    }
  }
});

test('an input larger than the declared text limit is refused by size, not by running out of memory', () => {
  const { maxTextBytes, maxStringBytes } = rp.limits();
  // One shared string, so the caller's object is small while its text would be 64 MiB.
  const part = 'x'.repeat(maxStringBytes);
  const huge = { m: Array.from({ length: Math.ceil((2 * maxTextBytes) / maxStringBytes) }, () => part) };
  assert.throws(
    () => rp.gemm(huge),
    (error) => error.field.startsWith('m[') && /larger than/.test(error.message),
  );
  assert.equal(rp.gemm(bigGemm).flops, 2 * 4096 ** 3);
});

test('a result too large to represent blames the input its formula divides by', () => {
  const config = {
    hidden_size: 4096,
    num_hidden_layers: 32,
    num_attention_heads: 32,
    intermediate_size: 11008,
    vocab_size: 32000,
  };
  for (const tiny of [1e-310, 5e-324]) {
    assert.throws(
      () => rp.kvCache({ config, referenceKvBytesPerToken: tiny }),
      (error) =>
        error.field === 'referenceKvBytesPerToken' && /ratioToReference too large to represent/.test(error.message),
    );
  }
  assert.ok(Number.isFinite(rp.kvCache({ config, referenceKvBytesPerToken: 1e-300 }).ratioToReference));
});

test('a choice field declares its choices and no numeric range', () => {
  for (const spec of rp.calculators()) {
    for (const field of spec.inputs.filter((input) => input.kind === 'choice')) {
      assert.ok(field.choices.length >= 2 && field.choices.includes(field.default), `${spec.id}.${field.name}`);
      assert.equal('min' in field || 'max' in field, false, `${spec.id}.${field.name} has no min or max`);
    }
  }
  assert.deepEqual(rp.spec('cheapestFatTree').inputs.find((field) => field.name === 'switchModel').choices.length, 5);
});

test('a config obeys the limits in full, its unread keys included', () => {
  const config = {
    hidden_size: 4096,
    num_hidden_layers: 32,
    num_attention_heads: 32,
    intermediate_size: 11008,
    vocab_size: 32000,
  };
  assert.ok(rp.modelStats({ config: { ...config, unread: { a: 1 } } }).totalParams > 0);
  let deep = {};
  const unread = deep;
  for (let i = 0; i < 5000; i += 1) deep = deep.a = {};
  assert.throws(
    () => rp.modelStats({ config: { ...config, unread } }),
    (error) => error.field.startsWith('config.unread.a') && /nested more than/.test(error.message),
  );
  const wide = { ...config };
  for (let i = 0; i < 200000; i += 1) wide[`unread_${i}`] = i;
  assert.throws(
    () => rp.kvCache({ config: wide }),
    (error) => error.field === 'config' && /more than 10000 keys/.test(error.message),
  );
});
