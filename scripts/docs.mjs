// Writes docs/calculators.md, the reference table of every calculator's inputs and outputs,
// from the declarations in the core (through the built JS API), docs/validation.md, every
// published deployment beside ridgepoint's prediction, and docs/model-import.md, every
// model_type and config key the config reader knows. A Node test checks that the committed files
// match, so the docs cannot drift from the code.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { assumptionGroups, formatError, formatValue, validationSummary } from '../web/lib/format.js';

// A Markdown table cell: a pipe in the text would end it.
const cell = (text) => String(text).replaceAll('|', '\\|');

/** The reference document for a ridgepoint API object. */
export function calculatorDocs(rp) {
  // As JSON and the core's messages write exponents: 1e21, not JavaScript's 1e+21.
  const number = (value) => (typeof value === 'number' ? String(value).replace('e+', 'e') : value);
  const lines = [
    '# Calculator reference',
    '',
    'Generated from the C++ declarations by `node scripts/docs.mjs`; do not edit by hand.',
    'Units are SI (FLOP, FLOP/s, B, B/s, s); "1" is a plain count or ratio. Omitted inputs take their default.',
    'An output that can be null (its type in `ridgepoint.d.mts` says `number | null`) has no value for that input: a',
    'serving plan that does not fit has no step time, latency or price; the page shows "—".',
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

/** The validation table: each published deployment, ridgepoint's prediction, the error. */
export function validationDocs(rp) {
  const lines = [
    '# Validation: published deployments against ridgepoint',
    '',
    'Generated from the core by `node scripts/docs.mjs` (the same rows as `rp.validation()` and the',
    "page's table); do not edit by hand. Every prediction is computed from first principles with",
    'efficiencies calibrated on published kernel measurements, never fitted to these rows. Error =',
    'predicted / published − 1.',
    '',
    '| deployment | output | published | ridgepoint | error | source |',
    '|---|---|---|---|---|---|',
  ];
  const rows = rp.validation();
  for (const row of rows) {
    // As the page's table shows them.
    const cells = [
      row.name,
      `\`${row.output}\``,
      formatValue(row.published, row.unit, 5),
      formatValue(row.predicted, row.unit, 4),
      formatError(row.error),
      row.source,
    ];
    lines.push(`| ${cells.map(cell).join(' | ')} |`);
  }
  lines.push('', validationSummary(rows), '', '## Assumptions per row', '');
  for (const { names, assumptions } of assumptionGroups(rows)) {
    lines.push(`- ${names.map((name) => `**${name}**`).join('; ')}: ${assumptions}.`);
  }
  lines.push('');
  return lines.join('\n');
}

/** The model-import reference: the families the config reader knows and every key it reads. */
export function modelImportDocs(rp) {
  const lines = [
    '# Model import reference',
    '',
    "Generated from the core's config reader (`rp.modelFamilies()`, `rp.configKeys()`) by",
    '`node scripts/docs.mjs`; do not edit by hand. A `model_type` not listed is read with',
    "Llama's rules, and the answer's `assumed` says so; a key not listed is returned in",
    '`ignoredKeys` (or refused, when it names layers ridgepoint does not model: see the README).',
    '',
    '## Families',
    '',
    '| `model_type` | rules from |',
    '|---|---|',
  ];
  for (const family of rp.modelFamilies()) lines.push(`| \`${family.modelType}\` | ${cell(family.source)} |`);
  lines.push('', '## Config keys', '', '| key | other spellings | kind | allowed | meaning |', '|---|---|---|---|---|');
  for (const key of rp.configKeys()) {
    const allowed =
      key.min === null
        ? ''
        : `${key.kind === 'ratio' ? '' : 'whole number '}${key.min} … ${key.max.toLocaleString('en-US')}`;
    const aliases = key.aliases.map((alias) => `\`${alias}\``).join(', ');
    lines.push(`| \`${key.name}\` | ${aliases} | ${key.kind} | ${cell(allowed)} | ${cell(key.help)} |`);
  }
  lines.push('');
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const dist = resolve(process.env.RIDGEPOINT_DIST ?? 'dist');
  const { default: createRidgepoint } = await import(join(dist, 'ridgepoint.mjs'));
  const rp = await createRidgepoint();
  writeFileSync('docs/calculators.md', calculatorDocs(rp));
  writeFileSync('docs/validation.md', validationDocs(rp));
  writeFileSync('docs/model-import.md', modelImportDocs(rp));
  console.log('ridgepoint: wrote docs/calculators.md, docs/validation.md and docs/model-import.md');
}
