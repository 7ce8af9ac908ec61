import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { ridgepointTypes } from '../../scripts/types.mjs';
import { rp } from './api.mjs';

test('web/api/ridgepoint.d.mts is the type declarations generated from the core declarations', () => {
  const committed = readFileSync(new URL('../../web/api/ridgepoint.d.mts', import.meta.url), 'utf8');
  assert.equal(committed, ridgepointTypes(rp), 'run `node scripts/types.mjs` after changing a declaration');
});
