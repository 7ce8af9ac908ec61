import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { ridgepointTypes } from '../../scripts/types.mjs';
import { rp } from './api.mjs';

test('web/api/ridgepoint.d.mts is the type declarations generated from the core declarations', () => {
  const committed = readFileSync(new URL('../../web/api/ridgepoint.d.mts', import.meta.url), 'utf8');
  assert.equal(committed, ridgepointTypes(rp), 'run `node scripts/types.mjs` after changing a declaration');
});

test('every declared name is an identifier, so it is a property name in the types and a plain JSON key', () => {
  const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;
  const names = (fields) =>
    fields.flatMap((field) => [
      field.name,
      ...(field.type?.kind === 'record' ? names(field.type.fields) : []),
      ...(field.type?.kind === 'list' && field.type.items.kind === 'record' ? names(field.type.items.fields) : []),
    ]);
  const all = [
    ...rp.calculators().flatMap((spec) => [spec.id, ...names(spec.inputs), ...names(spec.outputs)]),
    ...Object.values(rp.presetSpecs()).flatMap(names),
  ];
  assert.ok(all.length > 500);
  for (const name of all) assert.match(name, identifier);
});
