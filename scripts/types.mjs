// Writes web/api/ridgepoint.d.mts, the TypeScript declarations of the JS API, from the declarations
// in the core (through the built JS API): one input and one result type per calculator, the preset
// records, rp.sweep and its columns, rp.limits and RidgepointError. A Node test checks that the committed file
// matches, so the types cannot drift from the code.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const pascal = (name) => name[0].toUpperCase() + name.slice(1);

/** The record type of one preset list: machines → Machine, switches → Switch. */
const presetTypeName = (list) =>
  pascal(
    list
      .replace(/ies$/, 'y')
      .replace(/(ch|sh|x|s)es$/, '$1')
      .replace(/s$/, ''),
  );

const literal = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** A JSDoc comment of the given lines (none when every line is empty), indented. */
function doc(lines, indent) {
  const kept = lines.filter(Boolean).map((line) => line.replaceAll('*/', '*∕'));
  if (kept.length === 0) return [];
  if (kept.length === 1) return [`${indent}/** ${kept[0]} */`];
  return [`${indent}/**`, ...kept.map((line) => `${indent} * ${line}`), `${indent} */`];
}

/** The TypeScript type of an output or preset value, from its declared type. */
function valueType(type, indent) {
  switch (type.kind) {
    case 'number':
      return type.nullable ? 'number | null' : 'number';
    case 'boolean':
      return 'boolean';
    case 'text':
      return 'string';
    case 'object':
      return 'Record<string, unknown>';
    case 'choice':
      return type.choices.map(literal).join(' | ');
    case 'list': {
      const items = valueType(type.items, indent);
      return type.items.kind === 'record' || type.items.kind === 'choice' || type.items.nullable
        ? `Array<${items}>`
        : `${items}[]`;
    }
    case 'record':
      return recordType(type.fields, indent);
    default:
      throw new Error(`no TypeScript type for the declared kind '${type.kind}'`);
  }
}

/** An object type of declared fields (outputs or preset records), one commented line each. */
function recordType(fields, indent) {
  const inner = `${indent}  `;
  const lines = fields.flatMap((field) => [
    ...doc(
      [[field.unit && field.unit !== '1' ? field.unit : '', field.formula].filter(Boolean).join(': '), field.help],
      inner,
    ),
    `${inner}${field.name}: ${valueType(field.type, inner)};`,
  ]);
  return ['{', ...lines, `${indent}}`].join('\n');
}

/** The TypeScript type of a declared input. */
function inputType(field) {
  switch (field.kind) {
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'Record<string, unknown>';
    case 'list':
      return 'number[]';
    case 'choice':
      return field.choices.map(literal).join(' | ');
    default:
      throw new Error(`no TypeScript type for the input kind '${field.kind}'`);
  }
}

/** A number as a reader would write it: 1e9 rather than 1000000000. */
const number = (value) => (Math.abs(value) >= 1e5 ? value.toExponential().replace('e+', 'e') : String(value));

/** What a declared input allows and defaults to, for its comment. */
function inputNote(field) {
  const unit = field.unit && field.unit !== '1' ? ` ${field.unit}` : '';
  const range =
    field.kind === 'number' || field.kind === 'integer' || field.kind === 'list'
      ? `${field.kind === 'integer' ? 'whole number ' : ''}${number(field.min)} … ${number(field.max)}${unit}`
      : '';
  const fallback = field.required
    ? 'required'
    : field.kind === 'object' || field.kind === 'list'
      ? ''
      : `default ${typeof field.default === 'number' ? number(field.default) : JSON.stringify(field.default)}`;
  return [range, fallback].filter(Boolean).join('; ');
}

function inputInterface(spec) {
  const name = `${pascal(spec.id)}Input`;
  const lines = spec.inputs.flatMap((field) => [
    ...doc([`${field.help} (${inputNote(field)})`.replace(' ()', '')], '  '),
    `  ${field.name}${field.required ? '' : '?'}: ${inputType(field)};`,
  ]);
  return [...doc([`The input of rp.${spec.id}(): ${spec.title}.`], ''), `export interface ${name} {`, ...lines, '}'];
}

const preamble = `// Type declarations for dist/ridgepoint.mjs, the ridgepoint JS API.
// Generated from the C++ declarations by \`node scripts/types.mjs\`; do not edit by hand.
// Every quantity is in SI units: FLOP, FLOP/s, B (bytes), B/s, s; tokens and tokens/s are counts.
// Each calculator takes one plain object (omitted or undefined fields take their declared
// defaults; null is refused) and returns one plain object; a rejected input throws
// RidgepointError naming the field and its allowed range.

export interface FieldError {
  field: string;
  message: string;
}

export class RidgepointError extends Error {
  name: 'RidgepointError';
  /** The first offending input field. */
  field: string;
  /** Every error found, one per field. */
  errors: FieldError[];
}

/** What a result or preset value holds. */
export type TypeSpec =
  | { kind: 'number'; nullable?: boolean }
  | { kind: 'boolean' }
  | { kind: 'text' }
  | { kind: 'choice'; choices: string[] }
  | { kind: 'list'; items: TypeSpec }
  | { kind: 'record'; fields: OutputSpec[] };

/** One input of a calculator, as declared in the C++ core. */
export interface InputSpec {
  name: string;
  kind: 'number' | 'integer' | 'choice' | 'boolean' | 'object' | 'list';
  unit: string;
  help: string;
  /** Numbers, whole numbers and list items: the allowed range. */
  min?: number;
  max?: number;
  integer: boolean;
  required: boolean;
  default: number | string | boolean | Record<string, unknown> | number[];
  /** Choice fields: the labels accepted. */
  choices?: string[];
}

/** One output (or preset) field, as declared in the C++ core. */
export interface OutputSpec {
  name: string;
  unit: string;
  /** The formula in terms of input and output names ('' where none applies). */
  formula: string;
  help: string;
  type: TypeSpec;
}

export interface CalculatorSpec {
  id: string;
  title: string;
  inputs: InputSpec[];
  outputs: OutputSpec[];
}

/**
 * One output of a sweep, one value per point (in the order of the values swept): a number that is
 * never null as a Float64Array (its map() returns numbers; Array.from(column) gives a list), any
 * other output as the list of what single evaluations return (null, true or false, a choice's
 * label, text, a list, a record).
 */
export type SweepColumn<T> = [T] extends [number] ? Float64Array : T[];

/** The result of rp.sweep(): every output of the calculator as a column, in the declaration's order. */
export type SweepColumns<Result> = { [Name in keyof Result]: SweepColumn<Result[Name]> };
`;

/** The declarations file for a ridgepoint API object. */
export function ridgepointTypes(rp) {
  const specs = rp.calculators();
  const presets = Object.entries(rp.presetSpecs());
  const out = [preamble];

  out.push('/** The limits every input obeys (rp.limits()). */', 'export interface Limits {');
  for (const name of Object.keys(rp.limits())) out.push(`  ${name}: number;`);
  out.push('}', '');

  for (const spec of specs) {
    out.push(...inputInterface(spec), '');
    out.push(...doc([`The result of rp.${spec.id}(): ${spec.title}.`], ''));
    out.push(`export type ${pascal(spec.id)}Result = ${recordType(spec.outputs, '')};`, '');
  }
  for (const [list, fields] of presets) {
    // A deployment's input is its calculator's input: the record is typed per calculator (below).
    const name = list === 'deployments' ? 'DeploymentRecord' : presetTypeName(list);
    out.push(...doc([`One record of rp.${list}().`], ''), `export type ${name} = ${recordType(fields, '')};`, '');
  }
  const deploymentCalculators = [...new Set(rp.deployments().map((row) => row.calculator))].sort();
  const calculatorIds = deploymentCalculators.map(literal).join(' | ');
  out.push(
    ...doc(
      [
        'One record of rp.deployments(), its input typed by the calculator that evaluates it: test',
        "`calculator` (`if (row.calculator === 'trainingStep')`) and rp.deploymentInput(row) is that calculator's input.",
      ],
      '',
    ),
    'export type Deployment = {',
    `  [Id in ${calculatorIds}]: Omit<DeploymentRecord, 'calculator' | 'input'> & {`,
    '    calculator: Id;',
    "    input: Calculators[Id]['input'];",
    '  };',
    `}[${calculatorIds}];`,
    '',
  );

  out.push('/** Every calculator by id: its input and its result. */', 'export interface Calculators {');
  for (const spec of specs)
    out.push(`  ${spec.id}: { input: ${pascal(spec.id)}Input; result: ${pascal(spec.id)}Result };`);
  out.push('}', '');

  out.push('export interface Ridgepoint {');
  for (const spec of specs)
    out.push(`  /** ${spec.title} */`, `  ${spec.id}(input: ${pascal(spec.id)}Input): ${pascal(spec.id)}Result;`);
  for (const [list] of presets) out.push(`  ${list}(): ${presetTypeName(list)}[];`);
  out.push(
    '  /**',
    '   * The calculator `id` at each of `values` for its input `field`, every other input as in `input`,',
    '   * evaluated inside the core in one call: each output as a column, one value per point.',
    '   */',
    "  sweep<Id extends keyof Calculators, Field extends keyof Calculators[Id]['input'] & string>(",
    '    id: Id,',
    "    input: Calculators[Id]['input'],",
    '    field: Field,',
    "    values: ReadonlyArray<Exclude<Calculators[Id]['input'][Field], undefined>>,",
    "  ): SweepColumns<Calculators[Id]['result']>;",
    "  /** Every calculator's declaration. */",
    '  calculators(): CalculatorSpec[];',
    "  /** One calculator's declaration; throws RidgepointError for an unknown id. */",
    '  spec(id: string): CalculatorSpec;',
    "  /** Every preset list's record declaration by list name. */",
    `  presetSpecs(): Record<${presets.map(([list]) => literal(list)).join(' | ')}, OutputSpec[]>;`,
    '  /** The limits every input obeys. */',
    '  limits(): Limits;',
    "  /** A published deployment's setup as the input of its calculator: `{ config, …settings }`. */",
    "  deploymentInput<Row extends Deployment>(deployment: Row): Row['input'];",
    '  /** Published deployments evaluated now (all of rp.deployments(), or the rows given): setup, published figure, prediction, error. */',
    '  validation(deployments?: Deployment[]): Array<Deployment & { predicted: number; error: number }>;',
    '}',
    '',
    '/** Loads the wasm core once (memoised) and returns the API. */',
    'export default function createRidgepoint(): Promise<Ridgepoint>;',
    '',
  );
  return out.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const dist = resolve(process.env.RIDGEPOINT_DIST ?? 'dist');
  const { default: createRidgepoint } = await import(join(dist, 'ridgepoint.mjs'));
  writeFileSync('web/api/ridgepoint.d.mts', ridgepointTypes(await createRidgepoint()));
  console.log('ridgepoint: wrote web/api/ridgepoint.d.mts');
}
