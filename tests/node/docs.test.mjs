import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { calculatorDocs, modelImportDocs, validationDocs } from '../../scripts/docs.mjs';
import { rp } from './api.mjs';

test('docs/calculators.md is the table generated from the core declarations', () => {
  const committed = readFileSync(new URL('../../docs/calculators.md', import.meta.url), 'utf8');
  assert.equal(committed, calculatorDocs(rp), 'run `node scripts/docs.mjs` after changing a declaration');
});

test('docs/validation.md is the validation table computed by the core', () => {
  const committed = readFileSync(new URL('../../docs/validation.md', import.meta.url), 'utf8');
  assert.equal(committed, validationDocs(rp), 'run `node scripts/docs.mjs` after changing the planner');
});

test('docs/model-import.md lists the families and config keys the core reads', () => {
  const committed = readFileSync(new URL('../../docs/model-import.md', import.meta.url), 'utf8');
  assert.equal(committed, modelImportDocs(rp), 'run `node scripts/docs.mjs` after changing the config reader');
  assert.match(committed, /\| `kimi_linear` \|/);
  assert.match(committed, /\| `num_experts_per_tok` \| `experts_per_token`, `moe_k`/);
});
