// Native and wasm builds of the core give byte-identical answers: the same JSON text for results
// and for error messages, on seeded random inputs of every calculator (valid ones across each
// range, some with one field out of range, and the fuzz corpus), and the same declarations and
// preset lists.
// ctest passes the two builds: RIDGEPOINT_WASM_CORE (the Emscripten module) and
// RIDGEPOINT_NATIVE_EVAL (tests/parity/evaluate_lines.cpp, built in the native preset).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import test from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { invalidValue, seeded, validInput } from '../node/inputs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const wasmPath = resolve(process.env.RIDGEPOINT_WASM_CORE ?? join(root, 'build', 'wasm', 'ridgepoint_core.mjs'));
const nativePath = resolve(process.env.RIDGEPOINT_NATIVE_EVAL ?? join(root, 'build', 'native', 'ridgepoint_evaluate'));
const { default: createCore } = await import(pathToFileURL(wasmPath).href);
// The glue loads no wasm itself (see web/build.mjs): it takes an instance through instantiateWasm.
const wasmModule = new WebAssembly.Module(readFileSync(wasmPath.replace(/\.mjs$/, '.wasm')));
const core = await createCore({
  instantiateWasm(imports, receive) {
    const instance = new WebAssembly.Instance(wasmModule, imports);
    receive(instance, wasmModule);
    return instance.exports;
  },
});

// CI runs the default; a longer run: RIDGEPOINT_PARITY_INPUTS=20000 RIDGEPOINT_PARITY_MS=60000
// RIDGEPOINT_PARITY_SEED=7. Each calculator gets the inputs or the wasm time, whichever ends first,
// so a heavy one (a 1M-element quantize, a full training step) cannot stretch the run.
const inputsPerCalculator = Number(process.env.RIDGEPOINT_PARITY_INPUTS ?? 2500);
const millisecondsPerCalculator = Number(process.env.RIDGEPOINT_PARITY_MS ?? 1500);
const seed = Number(process.env.RIDGEPOINT_PARITY_SEED ?? 0xc0de);

// JSON text as the JS API writes it: non-finite numbers as bare NaN/Infinity tokens.
const text = (input) =>
  JSON.stringify(input, (key, value) =>
    typeof value === 'number' && !Number.isFinite(value) ? `\u0000${value}` : value,
  ).replace(/"\\u0000(-?\w+)"/g, '$1');

function native(lines) {
  const run = spawnSync(nativePath, { input: `${lines.join('\n')}\n`, encoding: 'utf8', maxBuffer: 1 << 30 });
  assert.equal(run.status, 0, `${nativePath} ran: ${run.error ?? run.stderr}`);
  const answers = run.stdout.split('\n');
  assert.equal(answers.pop(), '');
  assert.equal(answers.length, lines.length);
  return answers;
}

test('native and wasm give byte-identical answers on seeded inputs of every calculator', () => {
  const [calculators] = native(['calculators']);
  assert.equal(core.calculators(true), calculators, 'the declarations');
  // The preset lists hold the published config.json texts, line breaks included: a run each.
  for (const list of Object.keys(JSON.parse(calculators).presets)) {
    const presets = spawnSync(nativePath, { input: `presets ${list}\n`, encoding: 'utf8', maxBuffer: 1 << 30 });
    assert.equal(presets.status, 0, `${nativePath} ran: ${presets.error ?? presets.stderr}`);
    assert.ok(presets.stdout.length > 3, `the preset list ${list} is written`);
    assert.equal(`${core.presets(list)}\n`, presets.stdout, `the preset list ${list}`);
  }

  const specs = JSON.parse(calculators).calculators;
  const cases = [];
  specs.forEach((spec, index) => {
    const random = seeded(seed + index);
    const start = performance.now();
    for (let i = 0; i < inputsPerCalculator && performance.now() - start < millisecondsPerCalculator; i += 1) {
      const input = validInput(spec, random);
      if (random.chance(0.15)) {
        const field = random.pick(spec.inputs);
        input[field.name] = invalidValue(field, random);
      }
      const json = text(input);
      cases.push({ id: spec.id, json, wasm: core.evaluate(spec.id, json) });
    }
  });
  // The libFuzzer corpus too (its first byte picks the calculator, as in tests/fuzz/), so the
  // reader's messages on malformed text are compared as well.
  const corpus = join(root, 'tests', 'fuzz', 'corpus');
  for (const name of readdirSync(corpus)) {
    const bytes = readFileSync(join(corpus, name));
    const json = bytes.subarray(1).toString('utf8');
    if (!bytes.length || /[\r\n]/.test(json)) continue;
    const id = specs[bytes[0] % specs.length].id;
    cases.push({ id, json, wasm: core.evaluate(id, json) });
  }
  const answers = native(cases.map(({ id, json }) => `${id}\t${json}`));
  const counts = { calculators: specs.length, inputs: cases.length, results: 0, errors: 0, identical: 0, different: 0 };
  const differences = [];
  cases.forEach(({ id, json, wasm }, i) => {
    if (wasm === answers[i]) counts.identical += 1;
    else {
      counts.different += 1;
      if (differences.length < 5) differences.push(`${id} ${json}\n  wasm:   ${wasm}\n  native: ${answers[i]}`);
    }
    if (wasm.startsWith('{"ok":true')) counts.results += 1;
    else counts.errors += 1;
  });
  console.log(
    `parity (seed ${seed}): ${counts.calculators} calculators, ${counts.inputs} inputs (${counts.results} results, ` +
      `${counts.errors} error answers), ${counts.identical} identical, ${counts.different} different`,
  );
  assert.deepEqual(differences, []);
  assert.ok(counts.results > counts.inputs / 3, 'most inputs give results, so results are compared');
});
