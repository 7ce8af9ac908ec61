// Seeded inputs made from the calculators' declarations (rp.calculators()): valid values across
// each declared range and its boundaries, and values just outside it or of the wrong kind. The API
// fuzz test and the native/wasm parity test share them, so a new calculator is covered by both.

import { readFileSync } from 'node:fs';

/** A small seeded generator (mulberry32): the same seed gives the same inputs on every run. */
export function seeded(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.below = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.below(list.length)];
  next.chance = (p) => next() < p;
  return next;
}

// The configs the golden import cases read (every family ridgepoint knows), for the `config`
// fields: the declared default alone would leave the other families' paths untried.
const goldenConfigs = JSON.parse(readFileSync(new URL('../golden/model-import.json', import.meta.url), 'utf8'))
  .cases.filter((item) => item.expect && item.input.config)
  .map((item) => item.input.config);

const isNumeric = (field) => field.kind === 'number' || field.kind === 'integer' || field.kind === 'list';

/** A number within [min, max]: a boundary, the default, or spread over the decades between. */
function numberIn(field, random) {
  const { min, max } = field;
  const whole = field.kind === 'integer' || field.integer;
  const roll = random();
  let value;
  if (roll < 0.1) value = min;
  else if (roll < 0.2) value = max;
  else if (roll < 0.25 && typeof field.default === 'number') value = field.default;
  else if (roll < 0.3 && min === 0 && !whole) value = random.pick([5e-324, 1e-310, 1e-300, 1e-30]);
  else {
    // Log-uniform over the range's decades, so 1 and 1e9 are both common.
    const low = Math.max(min, whole ? 1 : max * 1e-15, Number.MIN_VALUE);
    value = low >= max ? max : low * (max / low) ** random();
    if (min === 0 && random.chance(0.05)) value = 0;
  }
  if (whole) value = Math.min(max, Math.max(min, Math.round(value)));
  return Math.min(max, Math.max(min, value));
}

/** A value the field's declaration accepts. */
export function validValue(field, random) {
  switch (field.kind) {
    case 'choice':
      return random.pick(field.choices);
    case 'boolean':
      return random.chance(0.5);
    case 'object':
      return structuredClone(
        field.name === 'config' && random.chance(0.5) ? random.pick(goldenConfigs) : field.default,
      );
    case 'list':
      return Array.from({ length: random.below(6) }, () => numberIn(field, random));
    default:
      return numberIn(field, random);
  }
}

/** An input every field of which is in range: required fields always, others at random. */
export function validInput(spec, random) {
  const input = {};
  for (const field of spec.inputs) {
    if (field.required || random.chance(0.6)) input[field.name] = validValue(field, random);
  }
  return input;
}

/** True when `value` is one the declaration accepts (the JS API's boolean → label aside). */
export function accepts(field, value) {
  switch (field.kind) {
    case 'choice':
      return field.choices.includes(typeof value === 'boolean' ? String(value) : value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'list':
      return (
        Array.isArray(value) &&
        value.every(
          (item) => typeof item === 'number' && Number.isFinite(item) && item >= field.min && item <= field.max,
        )
      );
    default:
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        value >= field.min &&
        value <= field.max &&
        (field.kind !== 'integer' || Number.isInteger(value))
      );
  }
}

/** A value the field must refuse: just outside its range, not finite, or of the wrong kind. */
export function invalidValue(field, random) {
  const candidates = [NaN, Infinity, -Infinity, '64', '', '<img src=x onerror=alert(1)>', [], {}, [1, 2], { value: 1 }];
  if (field.kind !== 'boolean') candidates.push(true, false);
  if (field.kind === 'boolean' || field.kind === 'choice') candidates.push(0, 1, 'maybe');
  if (field.kind === 'choice')
    candidates.push(
      `${field.choices[0]} `,
      field.choices[0].toUpperCase() === field.choices[0] ? 'X' : field.choices[0].toUpperCase(),
    );
  if (isNumeric(field)) {
    const { min, max } = field;
    candidates.push(
      min - Math.max(Math.abs(min) * 1e-9, 1e-300),
      max + Math.max(Math.abs(max) * 1e-9, 1e-300),
      max * 2 + 1,
      -1e308,
      1e308,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
    );
    if (min > 0) candidates.push(0, min / 2, -min);
    if (field.kind === 'integer' && max - min >= 1) candidates.push(min + 0.5, Math.min(max, min + 1) - 1e-9);
  }
  const value = random.pick(candidates);
  if (field.kind === 'list' && typeof value === 'number')
    return random.chance(0.5) ? value : [validValue({ ...field, kind: 'number' }, random), value];
  if (field.kind === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) return 7;
  return value;
}
