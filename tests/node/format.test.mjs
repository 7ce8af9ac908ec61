// The page's number formatting (web/lib/format.js) writes what Intl.NumberFormat('en-US') writes,
// without constructing one (the page never loads the locale's number data): checked against
// Node's Intl on seeded random values of every magnitude, and on hand-picked edges.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  assumptionGroups,
  digitsAttribute,
  exactValue,
  formatNumber,
  formatValue,
  namesById,
  parseInput,
  parseList,
  validationSummary,
} from '../../web/lib/format.js';

function* seededValues(count) {
  let state = 12345;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  for (let i = 0; i < count; i++) {
    const magnitude = 10 ** (next() * 26 - 6); // 1e-6 … 1e20
    const sign = next() < 0.3 ? -1 : 1;
    // Some exact decimals (ties at the rounding digit), some arbitrary doubles.
    yield next() < 0.3 ? sign * Number((magnitude * 1.0).toPrecision(1 + Math.floor(next() * 8))) : sign * magnitude;
  }
}

test('formatNumber matches Intl en-US with maximumSignificantDigits', () => {
  for (const digits of [3, 4, 5, 6]) {
    const intl = new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits });
    for (const value of seededValues(4000)) {
      if (Number.isInteger(value) && Math.abs(value) < 1e15) continue; // shown whole, below
      assert.equal(formatNumber(value, digits), intl.format(value), `${value} to ${digits} digits`);
    }
  }
});

test('whole counts and exact values match Intl to the last digit', () => {
  const whole = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 21 });
  const exact = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 15 });
  for (const value of [0, 7, 999, 1000, -1234567, 671026404352, 999999999999999]) {
    assert.equal(formatNumber(value), whole.format(value));
  }
  for (const value of [...seededValues(4000), 1e-7, 1.5e-9, 123456789012345680000]) {
    assert.equal(exactValue(value), exact.format(value), String(value));
  }
});

test('money keeps three significant digits as Intl does', () => {
  const money = new Intl.NumberFormat('en-US', { minimumSignificantDigits: 3, maximumSignificantDigits: 3 });
  for (const value of [72.00071, 0.500312, 1.20001, 999.9612, 130.0412, 4.40013, 0.0500123, 0.999612]) {
    assert.equal(formatValue(value, '$'), `$${money.format(value)}`, String(value));
  }
  assert.equal(formatValue(72.0077e6, '$'), '$72.0 M');
  assert.equal(formatValue(5.576e6, '$'), '$5.576 M');
  assert.equal(formatValue(671026404352), '671.03 bn');
  assert.equal(formatValue(120.96e-6, 's'), '120.96 µs');
  // Up to exa a prefix, beyond it a power of ten: V3's 3.7e24 training FLOPs.
  assert.equal(formatValue(250.45e18, 'FLOP'), '250.45 EFLOP');
  assert.equal(formatValue(3.70666e24, 'FLOP'), '3.70666e24 FLOP');
});

test("what a person types reads with a prefix and, or not, the field's unit as the page writes it", () => {
  assert.equal(parseInput('3.35T'), 3.35e12);
  assert.equal(parseInput('1,024'), 1024);
  assert.equal(parseInput('80 GB', 'B'), 80e9);
  assert.equal(parseInput('80GB', 'B'), 80e9);
  assert.equal(parseInput('3.35 TB/s', 'B/s'), 3.35e12);
  // Bytes also take binary prefixes (the runtime's reserve is quoted in GiB); other units do not.
  assert.equal(parseInput('3.05 GiB', 'B'), 3.05 * 2 ** 30);
  assert.equal(parseInput('64KiB/s', 'B/s'), 65536);
  assert.equal(parseInput('2 Gi', 'FLOP/s'), '2 Gi');
  // 100,000 digits read in linear time (a pattern that tried every split of them hung the page).
  assert.equal(parseInput('9'.repeat(100000), 'B'), Infinity);
  assert.equal(parseInput('5 µs', 's'), 5e-6);
  assert.equal(parseInput('989 TFLOP/s', 'FLOP/s'), 989e12);
  assert.equal(parseInput('21 tokens/s', 'tokens/s'), 21);
  // Another unit than the field's is not read: the core names the field and its range.
  assert.equal(parseInput('80 GB/s', 'B'), '80 GB/s');
  assert.equal(parseInput('80 GB'), '80 GB');
  // A list reads each item alone, whatever its place.
  assert.deepEqual(parseList('-1, 1, 10, 2.5k'), [-1, 1, 10, 2500]);
});

test('preset lists give each name by its id, several lists at once', () => {
  assert.deepEqual(
    namesById(
      [{ id: 'h800-sxm', name: 'NVIDIA H800 SXM5 80GB' }],
      [{ id: 'deepseek-h800', name: 'DeepSeek H800 node' }],
    ),
    { 'h800-sxm': 'NVIDIA H800 SXM5 80GB', 'deepseek-h800': 'DeepSeek H800 node' },
  );
});

test('token counts and rates carry their unit after the count prefix, never a bare B or 1/s', () => {
  assert.equal(formatValue(297.4e9, 'tokens'), '297.4 bn tokens');
  assert.equal(formatValue(3442143.7, 'tokens/s'), '3.4421 M tokens/s');
  assert.equal(formatValue(19170.4, 'tokens/s', 4), '19,170 tokens/s');
  assert.equal(formatValue(21.0193, 'tokens/s', 4), '21.02 tokens/s');
  assert.equal(exactValue(103744, 'tokens/s'), '103,744 tokens/s');
});

test('the validation summary counts the rows predicted faster and slower and takes the medians', () => {
  // Errors +10 %, −20 %, +50 %, +2 %: three throughputs predicted high (faster), one low; median
  // of (−0.2, 0.02, 0.1, 0.5) = 0.06, of the absolute errors (0.02, 0.1, 0.2, 0.5) = 0.15; 0.5
  // lies outside ±40 %.
  const rows = [0.1, -0.2, 0.5, 0.02].map((error) => ({ error, unit: 'FLOP/s' }));
  const summary = validationSummary(rows);
  assert.match(summary, /^4 published figures: ridgepoint predicts faster than published on 3 and slower on 1; /);
  assert.match(summary, /median error \+6 %, median absolute error 15 %; 3 within ±40 %\./);
  // An odd count takes the middle row.
  assert.match(validationSummary(rows.slice(0, 3)), /median error \+10 %, median absolute error 20 %; 2 within/);
  // A step time predicted short (−20 %) is a faster prediction; one predicted long is slower.
  const times = [-0.2, 0.1].map((error) => ({ error, unit: 's' }));
  assert.match(validationSummary(times), /faster than published on 1 and slower on 1;/);
  assert.match(validationSummary([...rows, ...times]), /faster than published on 4 and slower on 2;/);
});

test('assumptionGroups writes each assumption text once, naming its rows in table order', () => {
  const rows = [
    { name: 'a', assumptions: 'same run' },
    { name: 'b', assumptions: 'its own' },
    { name: 'c', assumptions: 'same run' },
  ];
  assert.deepEqual(assumptionGroups(rows), [
    { names: ['a', 'c'], assumptions: 'same run' },
    { names: ['b'], assumptions: 'its own' },
  ]);
  assert.deepEqual(assumptionGroups([]), []);
});

test('a digits attribute is a whole number from 1 to 15; anything else is refused, so the element shows 6', () => {
  assert.equal(digitsAttribute('4'), 4);
  assert.equal(digitsAttribute('1'), 1);
  assert.equal(digitsAttribute('15'), 15);
  for (const text of [null, '', ' ', '0', '16', '-3', '4.5', 'four', 'NaN', 'Infinity']) {
    assert.equal(digitsAttribute(text), null, `digits="${text}"`);
  }
  assert.equal(formatValue(18.2791, 's', digitsAttribute('4')), '18.28 s');
});
