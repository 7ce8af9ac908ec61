// A seeded property-based fuzz of every calculator in rp.calculators() through the JS API: valid
// inputs across each declared range and its boundaries, single fields just outside their range or
// of the wrong kind, and objects a script can build that are not plain data. Whatever comes in,
// the API either returns a result with only finite numbers (and every value it accepted lies in
// its declared range) or throws a RidgepointError naming a declared field; nothing else escapes,
// and the module keeps working afterwards. The counts are printed for the CI log.
import assert from 'node:assert/strict';
import test from 'node:test';

import { rp, RidgepointError } from '../node/api.mjs';
import { accepts, invalidValue, seeded, validInput } from '../node/inputs.mjs';

// CI runs the default; a longer or different run: RIDGEPOINT_FUZZ_INPUTS=50000
// RIDGEPOINT_FUZZ_MS=60000 RIDGEPOINT_FUZZ_SEED=7. Each calculator gets the inputs or the time,
// whichever ends first, so heavy calculators cannot stretch the run past CI's budget.
const inputsPerCalculator = Number(process.env.RIDGEPOINT_FUZZ_INPUTS ?? 2400);
const millisecondsPerCalculator = Number(process.env.RIDGEPOINT_FUZZ_MS ?? 1500);
const seed = Number(process.env.RIDGEPOINT_FUZZ_SEED ?? 0x5eed);
const limits = rp.limits();

/** Every number in a result, with its path, that is not finite or is -0. */
function badNumbers(value, path = 'result', found = []) {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Object.is(value, -0)) found.push(`${path} = ${Object.is(value, -0) ? '-0' : value}`);
  } else if (value === undefined) {
    found.push(`${path} is undefined`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) badNumbers(item, `${path}.${key}`, found);
  }
  return found;
}

let deep = {};
const deepRoot = deep;
for (let i = 0; i < 5000; i += 1) deep = deep.x = {};
const deepList = JSON.parse('['.repeat(limits.maxDepth + 2) + ']'.repeat(limits.maxDepth + 2));

/** Values a script can pass that are not plain data, or sit at the size limits. */
function hostileValue(random) {
  switch (random.below(20)) {
    case 19:
      return Object.defineProperty({}, 'x', {
        enumerable: true,
        get: () => {
          throw new Proxy(
            {},
            {
              getPrototypeOf: () => {
                throw new Error('trap');
              },
            },
          );
        },
      });
    case 16:
      return Object.defineProperty({}, 'x', {
        enumerable: true,
        get: () => {
          throw Symbol('thrown');
        },
      });
    case 17:
      return new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Proxy(
              {},
              {
                get: () => {
                  throw new Error('message');
                },
              },
            );
          },
        },
      );
    case 18:
      return Object.defineProperty({}, 'x', {
        enumerable: true,
        get: () => {
          throw 'x'.repeat(1e6);
        },
      });
    case 0:
      return Object.defineProperty({}, 'x', {
        enumerable: true,
        get: () => {
          throw new Error('getter');
        },
      });
    case 1:
      return new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('ownKeys');
          },
        },
      );
    case 2:
      return new Proxy([1, 2], {
        get: () => {
          throw new Error('get');
        },
      });
    case 3:
      return new Date(0);
    case 4:
      return new Map([['m', 1]]);
    case 5:
      return 64n;
    case 6:
      return Symbol('m');
    case 7:
      return () => 64;
    case 8:
      return deepRoot;
    case 9:
      return deepList;
    case 10:
      return 'x'.repeat(limits.maxStringBytes + 1);
    case 11:
      return { valueOf: () => 64, toString: () => '64' };
    case 12:
      return Object.assign(Object.create(null), { m: 1 });
    case 13:
      return new (class Shape {
        m = 1;
      })();
    case 14:
      return new Number(64);
    default:
      // A sparse list: its holes read as null.
      return Object.assign(new Array(4), { 1: 1, 3: 2 });
  }
}

/** A whole argument that is not one plain object of inputs. */
function hostileArgument(spec, random) {
  const valid = validInput(spec, random);
  switch (random.below(12)) {
    case 10:
      // Model calculators take { config, ...options }; the others refuse `config`.
      return { config: valid };
    case 11:
      return { config: random.pick([hostileValue(random), { ...valid, extra: hostileValue(random) }, null, 'text']) };
    case 0:
      return random.pick([undefined, null, 64, 'gemm', true, [], [valid]]);
    case 1:
      return new Proxy(valid, {
        get: () => {
          throw new Error('get');
        },
      });
    case 2:
      return Object.assign(Object.create({ [spec.inputs[0].name]: -1 }), {});
    case 3:
      return { ...valid, notAnInput: 1 };
    case 4:
      return { ...valid, __proto__: { injected: 1 } };
    case 5:
      return JSON.parse(`{${JSON.stringify(spec.inputs[0].name)}: 1, "__proto__": {"x": 1}}`);
    case 6:
      return Object.defineProperty({ ...valid }, 'typo', { value: 1e308, enumerable: false });
    case 7:
      return { ...valid, [`k${'y'.repeat(200)}`]: 1 };
    case 8:
      return Object.assign(Object.create(null), valid);
    default:
      return Object.fromEntries(spec.inputs.map((field) => [field.name, hostileValue(random)]));
  }
}

/** The keys a rejection may name: a declared field, 'input', or something the caller passed. */
function blameable(spec, input, field) {
  if (field === 'input' || spec.inputs.some((declared) => declared.name === field)) return true;
  if (input === null || typeof input !== 'object') return false;
  let own;
  try {
    own = Object.keys(input);
  } catch {
    return false;
  }
  return own.some((key) => field === key || field.startsWith(`${key}.`) || field.startsWith(`${key}[`));
}

test('every calculator survives thousands of seeded valid, boundary, invalid and hostile inputs', () => {
  const counts = { calculators: 0, inputs: 0, accepted: 0, rejected: 0, crashes: 0 };
  const crashes = [];
  const calculators = rp.calculators();
  const before = Object.fromEntries(calculators.map((spec) => [spec.id, attempt(spec.id, {})]));

  function attempt(id, input) {
    try {
      return { value: rp[id](input) };
    } catch (error) {
      return { error };
    }
  }

  for (const spec of calculators) {
    counts.calculators += 1;
    const random = seeded(seed + counts.calculators);
    const start = performance.now();
    for (let i = 0; i < inputsPerCalculator && performance.now() - start < millisecondsPerCalculator; i += 1) {
      const roll = random();
      let input;
      let wrongField = null;
      if (roll < 0.55) {
        input = validInput(spec, random);
      } else if (roll < 0.85) {
        input = validInput(spec, random);
        const field = random.pick(spec.inputs);
        input[field.name] = invalidValue(field, random);
        if (!accepts(field, input[field.name])) wrongField = field.name;
      } else if (roll < 0.93) {
        input = validInput(spec, random);
        input[random.pick(spec.inputs).name] = hostileValue(random);
      } else {
        input = hostileArgument(spec, random);
      }
      counts.inputs += 1;
      const { value, error } = attempt(spec.id, input);
      const where = () => `${spec.id} #${i}`;
      if (error) {
        if (!(error instanceof RidgepointError) || !blameable(spec, input, error.field) || !error.message) {
          counts.crashes += 1;
          crashes.push(`${where()}: ${error?.name} field=${error?.field}: ${error?.message}`);
          continue;
        }
        if (
          wrongField &&
          !error.errors.some(
            (each) =>
              each.field === wrongField ||
              each.field === 'input' ||
              each.field.startsWith(`${wrongField}.`) ||
              each.field.startsWith(`${wrongField}[`),
          )
        ) {
          crashes.push(
            `${where()}: ${wrongField} = ${String(input[wrongField]).slice(0, 40)} refused as ${error.field}: ${error.message}`,
          );
        }
        counts.rejected += 1;
        continue;
      }
      counts.accepted += 1;
      const bad = badNumbers(value);
      if (bad.length) crashes.push(`${where()}: ${bad.slice(0, 3).join(', ')}`);
      if (wrongField) crashes.push(`${where()}: accepted ${wrongField} = ${String(input[wrongField]).slice(0, 40)}`);
      // Every value the API accepted is one its declaration accepts.
      for (const field of spec.inputs) {
        if (Object.hasOwn(input, field.name) && input[field.name] != null && !accepts(field, input[field.name])) {
          crashes.push(`${where()}: accepted ${field.name} = ${String(input[field.name]).slice(0, 40)}`);
        }
      }
    }
  }

  // The module still works, and gives what it gave before the fuzz.
  assert.equal(rp.gemm({ m: 4096, n: 4096, k: 4096 }).flops, 2 * 4096 ** 3);
  for (const spec of calculators) {
    assert.deepEqual(attempt(spec.id, {}).value, before[spec.id].value, `${spec.id} on its defaults`);
  }
  console.log(
    `fuzz (seed ${seed}): ${counts.calculators} calculators, ${counts.inputs} inputs, ${counts.accepted} accepted, ` +
      `${counts.rejected} rejections, ${counts.crashes} crashes, ${crashes.length - counts.crashes} property failures`,
  );
  assert.deepEqual(crashes, []);
  assert.ok(counts.accepted > counts.inputs / 4, 'a fair share of the inputs is accepted, so results are checked');
});
