// Loads the shipped JS API (dist/ridgepoint.mjs) once for every Node test file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// RIDGEPOINT_DIST (set by ctest) names the dist/ folder of the build under test.
const dist = resolve(process.env.RIDGEPOINT_DIST ?? join(root, 'dist'));
const { default: createRidgepoint, RidgepointError } = await import(join(dist, 'ridgepoint.mjs'));

export const rp = await createRidgepoint();
export { createRidgepoint, RidgepointError };

/** Every golden data file in tests/golden/, parsed: the same files the doctest suite reads. */
export function goldenFiles() {
  const folder = join(root, 'tests', 'golden');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, data: JSON.parse(readFileSync(join(folder, name), 'utf8')) }));
}

/** Reads a value by a key or a JSON pointer ("/rows/0/x"), as the doctest runner does. */
export function pick(object, key) {
  if (!key.startsWith('/')) return object[key];
  return key
    .slice(1)
    .split('/')
    .reduce(
      (value, part) => (value == null ? undefined : value[part.replaceAll('~1', '/').replaceAll('~0', '~')]),
      object,
    );
}
