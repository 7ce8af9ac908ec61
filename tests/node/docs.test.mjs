import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { calculatorDocs } from '../../scripts/docs.mjs';
import { rp } from './api.mjs';

test('docs/calculators.md is the table generated from the core declarations', () => {
  const committed = readFileSync(new URL('../../docs/calculators.md', import.meta.url), 'utf8');
  assert.equal(committed, calculatorDocs(rp), 'run `node scripts/docs.mjs` after changing a declaration');
});
