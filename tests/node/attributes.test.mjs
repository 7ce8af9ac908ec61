// The build's check of <ridgepoint-calculator> attributes against the core's declarations.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { attributeProblems, checkCalculatorAttributes } from '../../scripts/attributes.mjs';

const dist = resolve(process.env.RIDGEPOINT_DIST ?? 'dist');
const { default: createRidgepoint } = await import(join(dist, 'ridgepoint.mjs'));
const rp = await createRidgepoint();
const specs = new Map(rp.calculators().map((spec) => [spec.id, spec]));
const web = fileURLToPath(new URL('../../web', import.meta.url));

test("the page's markup names only declared calculators, fields and outputs", async () => {
  await checkCalculatorAttributes(web, rp);
});

test('a misspelt calculator, field, default, output or label is named with its file', () => {
  const markup = `
    <ridgepoint-calculator calculator="gemm" fields="m,nn" defaults="k=16,kk=2"
      outputs="intensity,intensty" labels="m=rows,flopz=FLOPs"></ridgepoint-calculator>
    <ridgepoint-calculator calculator="gemmm"></ridgepoint-calculator>
    <ridgepoint-calculator calculator="\${id}" fields="anything"></ridgepoint-calculator>
    <ridgepoint-calculator calculator="gemm" digits="0"></ridgepoint-calculator>
    <ridgepoint-calculator calculator="gemm" digits="4.5"></ridgepoint-calculator>
    <ridgepoint-calculator calculator="gemm" digits="four"></ridgepoint-calculator>
    <ridgepoint-calculator calculator="gemm" digits="4"></ridgepoint-calculator>`;
  assert.deepEqual(attributeProblems('page.html', markup, specs), [
    "page.html: gemm has no input 'nn' (fields=)",
    "page.html: gemm has no input 'kk' (defaults=)",
    "page.html: gemm has no output 'intensty' (outputs=)",
    "page.html: gemm has no input or output 'flopz' (labels=)",
    "page.html: no calculator 'gemmm'",
    'page.html: gemm digits="0" is not a whole number from 1 to 15',
    'page.html: gemm digits="4.5" is not a whole number from 1 to 15',
    'page.html: gemm digits="four" is not a whole number from 1 to 15',
  ]);
  assert.deepEqual(
    attributeProblems('page.html', '<ridgepoint-calculator calculator="gemm" fields="m,n" outputs="intensity">', specs),
    [],
  );
});
