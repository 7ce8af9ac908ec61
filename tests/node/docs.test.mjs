import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { calculatorDocs, validationDocs } from '../../scripts/docs.mjs';
import { rp } from './api.mjs';

test('docs/calculators.md is the table generated from the core declarations', () => {
  const committed = readFileSync(new URL('../../docs/calculators.md', import.meta.url), 'utf8');
  assert.equal(committed, calculatorDocs(rp), 'run `node scripts/docs.mjs` after changing a declaration');
});

test('docs/validation.md is the validation table computed by the core', () => {
  const committed = readFileSync(new URL('../../docs/validation.md', import.meta.url), 'utf8');
  assert.equal(committed, validationDocs(rp), 'run `node scripts/docs.mjs` after changing the planner');
});
