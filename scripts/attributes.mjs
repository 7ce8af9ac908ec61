// Checks every <ridgepoint-calculator> written in the page's markup (web/index.html and the
// elements' templates) against the core's declarations: its calculator exists, each name in
// fields=, outputs=, defaults= and labels= is one of that calculator's inputs or outputs, and
// digits= is a whole number from 1 to 15. Run by
// web/build.mjs, so a misspelt name fails the build instead of silently showing nothing.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { digitsAttribute } from '../web/lib/format.js';

const tagPattern = /<ridgepoint-calculator\b([^>]*)>/g;
const attributePattern = /([\w-]+)="([^"]*)"/g;

// The names an attribute refers to: a comma list (fields, outputs) or name=value pairs.
const names = (value) =>
  value
    .split(',')
    .map((entry) => entry.split('=')[0].trim())
    .filter(Boolean);

/** The problems in one file's markup, each naming the file, the calculator and the name. */
export function attributeProblems(file, text, specs) {
  const problems = [];
  for (const [, attributeText] of text.matchAll(tagPattern)) {
    const attributes = Object.fromEntries(
      [...attributeText.matchAll(attributePattern)].map(([, name, value]) => [name, value]),
    );
    const id = attributes.calculator;
    // A calculator chosen at run time (`calculator="${id}"`) is the script's to check.
    if (id === undefined || id.includes('${')) continue;
    const spec = specs.get(id);
    if (!spec) {
      problems.push(`${file}: no calculator '${id}'`);
      continue;
    }
    const inputs = new Set(spec.inputs.map((field) => field.name));
    const outputs = new Set(spec.outputs.map((field) => field.name));
    const allowed = {
      fields: inputs,
      defaults: inputs,
      outputs,
      labels: new Set([...inputs, ...outputs]),
    };
    if (attributes.digits !== undefined && digitsAttribute(attributes.digits) === null) {
      problems.push(`${file}: ${id} digits="${attributes.digits}" is not a whole number from 1 to 15`);
    }
    const noun = { fields: 'input', defaults: 'input', outputs: 'output', labels: 'input or output' };
    for (const [attribute, known] of Object.entries(allowed)) {
      const value = attributes[attribute];
      if (value === undefined || value.includes('${')) continue;
      for (const name of names(value)) {
        if (!known.has(name)) problems.push(`${file}: ${id} has no ${noun[attribute]} '${name}' (${attribute}=)`);
      }
    }
  }
  return problems;
}

/** Throws, listing every problem, when the markup under `web` names what the core does not declare. */
export async function checkCalculatorAttributes(web, rp) {
  const specs = new Map(rp.calculators().map((spec) => [spec.id, spec]));
  const files = ['index.html', ...(await readdir(join(web, 'elements'))).map((name) => join('elements', name))];
  const problems = [];
  for (const file of files) problems.push(...attributeProblems(file, await readFile(join(web, file), 'utf8'), specs));
  if (problems.length) throw new Error(`calculator attributes that the core does not declare:\n${problems.join('\n')}`);
}
