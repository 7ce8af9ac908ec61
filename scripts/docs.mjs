// Writes docs/calculators.md, the reference table of every calculator's inputs and outputs,
// from the declarations in the core (through the built JS API). A Node test checks that the
// committed file matches, so the docs cannot drift from the code.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The reference document for a ridgepoint API object. */
export function calculatorDocs(rp) {
  const cell = (text) => String(text).replaceAll('|', '\\|');
  const number = (value) => (typeof value === 'number' ? String(value) : value);
  const lines = [
    '# Calculator reference',
    '',
    'Generated from the C++ declarations by `node scripts/docs.mjs`; do not edit by hand.',
    'Units are SI (FLOP, FLOP/s, B, B/s, s); "1" is a plain count or ratio. Omitted inputs take their default.',
    '',
  ];
  for (const spec of rp.calculators()) {
    lines.push(
      `## \`rp.${spec.id}()\`: ${spec.title}`,
      '',
      '| input | unit | default | allowed | meaning |',
      '|---|---|---|---|---|',
    );
    for (const field of spec.inputs) {
      const allowed = field.choices
        ? field.choices.map((choice) => `'${choice}'`).join(', ')
        : field.kind === 'boolean'
          ? 'true, false'
          : field.kind === 'object'
            ? 'an object'
            : `${field.integer ? 'whole number ' : ''}${number(field.min)} … ${number(field.max)}`;
      const fallback = field.required
        ? 'required'
        : field.choices
          ? `'${field.default}'`
          : field.kind === 'object'
            ? 'see meaning'
            : number(field.default);
      lines.push(
        `| \`${field.name}\` | ${cell(field.unit)} | ${cell(fallback)} | ${cell(allowed)} | ${cell(field.help)} |`,
      );
    }
    lines.push('', '| output | unit | formula |', '|---|---|---|');
    for (const output of spec.outputs)
      lines.push(`| \`${output.name}\` | ${cell(output.unit)} | ${cell(output.formula)} |`);
    lines.push('');
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const dist = resolve(process.env.RIDGEPOINT_DIST ?? 'dist');
  const { default: createRidgepoint } = await import(join(dist, 'ridgepoint.mjs'));
  writeFileSync('docs/calculators.md', calculatorDocs(await createRidgepoint()));
  console.log('ridgepoint: wrote docs/calculators.md');
}
