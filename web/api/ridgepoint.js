// The public JS API of ridgepoint: one function per calculator, a plain object in and a plain
// object out, SI units throughout. Errors are thrown as RidgepointError naming the field.
import createRidgepointCore from '#core';

/** Thrown for any rejected input: `field` names it, `message` says the allowed range. */
export class RidgepointError extends Error {
  constructor(errors) {
    super(errors.map((error) => error.message).join('; '));
    this.name = 'RidgepointError';
    this.field = errors[0].field;
    this.errors = errors;
  }
}

const reject = (field, message) => {
  throw new RidgepointError([{ field, message }]);
};

const isPlainObject = (value) => {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * The caller's input as JSON text, made from a plain copy: own enumerable string keys of plain
 * objects and arrays, and primitive values, within the core's declared limits. Every getter or
 * Proxy trap runs here, in JS, before the core sees anything, so nothing can throw across wasm.
 * Non-finite numbers are written as the bare tokens NaN/Infinity, which the core's reader accepts
 * so that validation names the field and its range (JSON.stringify would turn them into null).
 */
function inputText(input, limits, root = '') {
  let bytes = 0;
  const count = (n, path) => {
    bytes += n;
    if (bytes > limits.maxTextBytes) reject(path || 'input', `the input is larger than ${limits.maxTextBytes} bytes`);
  };
  const write = (value, path, depth) => {
    switch (typeof value) {
      case 'number': {
        const text = Number.isFinite(value) ? String(value === 0 ? 0 : value) : String(value);
        count(text.length, path);
        return text;
      }
      case 'string':
        if (value.length > limits.maxStringBytes) {
          reject(path, `${path} is text longer than ${limits.maxStringBytes} characters`);
        }
        count(value.length + 2, path);
        return JSON.stringify(value);
      case 'boolean':
        return value ? 'true' : 'false';
      case 'undefined':
        return 'null';
      case 'object': {
        if (value === null) return 'null';
        if (depth >= limits.maxDepth)
          reject(path, `${path || 'input'} is nested more than ${limits.maxDepth} levels deep`);
        if (Array.isArray(value)) {
          if (value.length > limits.maxItems) reject(path, `${path} has more than ${limits.maxItems} items`);
          count(value.length + 2, path);
          const items = [];
          for (let i = 0; i < value.length; i += 1) items.push(write(value[i], `${path}[${i}]`, depth + 1));
          return `[${items.join(',')}]`;
        }
        if (!isPlainObject(value))
          reject(
            path || 'input',
            `${path || 'input'} must be a plain object, not ${Object.prototype.toString.call(value)}`,
          );
        const keys = Object.keys(value);
        if (keys.length > limits.maxKeys)
          reject(path || 'input', `${path || 'input'} has more than ${limits.maxKeys} keys`);
        const members = [];
        for (const key of keys) {
          const where = path ? `${path}.${key}` : key;
          if (value[key] === undefined) continue;
          count(key.length + 3, where);
          members.push(`${JSON.stringify(key)}:${write(value[key], where, depth + 1)}`);
        }
        return `{${members.join(',')}}`;
      }
      default:
        return reject(
          path || 'input',
          `${path || 'input'} must be a number, text, boolean, list or object, not ${typeof value}`,
        );
    }
  };
  return write(input, root, 0);
}

/** Whether a thrown value is ours; `instanceof` itself throws on a Proxy with a throwing trap. */
function isRidgepointError(thrown) {
  try {
    return thrown instanceof RidgepointError;
  } catch {
    return false;
  }
}

/** What a thrown value says, shortly, even when reading it throws too (a Proxy, a Symbol). */
function thrownText(thrown) {
  try {
    return String(thrown?.message ?? thrown).slice(0, 200);
  } catch {
    return 'an exception that cannot be shown';
  }
}

/**
 * Runs `read` over the caller's object. A throwing getter or Proxy trap met while copying it
 * becomes a RidgepointError: never an exception of another kind, never one inside wasm.
 */
function readCallerInput(read) {
  try {
    return read();
  } catch (thrown) {
    if (isRidgepointError(thrown)) throw thrown;
    return reject('input', `the input could not be read: ${thrownText(thrown)}`);
  }
}

/** The core's JSON answer as a value, or a thrown RidgepointError. */
function answer(text) {
  // The core answers in JSON text: one string crosses from wasm instead of many properties.
  const result = JSON.parse(text);
  if (!result.ok) throw new RidgepointError(result.errors);
  return result.value;
}

// How each output crosses a sweep (core/api.hpp SweepNumber): numbers, flags and choices as a
// column of doubles each, in the declaration's order; anything else in a JSON object per point.
const NUMBER = 0;
const NULLABLE = 1;
const FLAG = 2;
const CHOICE = 3;
const OTHER = 4;

function sweepColumns(spec) {
  const columns = spec.outputs.map(({ name, type }) => {
    if (type.kind === 'number') return { name, crosses: type.nullable ? NULLABLE : NUMBER };
    if (type.kind === 'boolean') return { name, crosses: FLAG };
    if (type.kind === 'choice') return { name, crosses: CHOICE, choices: type.choices };
    return { name, crosses: OTHER };
  });
  return { columns, numbersPerPoint: columns.filter((column) => column.crosses !== OTHER).length };
}

/** Each of a column of doubles as `value(double)`, in a list. */
function listOf(column, value) {
  const list = new Array(column.length);
  for (let point = 0; point < column.length; point += 1) list[point] = value(column[point]);
  return list;
}

/**
 * A sweep's outputs as columns, by output name in the declaration's order: a plain number's column
 * is a view of the core's block of numbers (no work per point); a number that may be null, a flag
 * or a choice is a list of what a single evaluation returns (null, true or false, the label); any
 * other output is the list of its values.
 */
function sweepOutputs({ columns, numbersPerPoint }, numbers, others) {
  const rest = others ? JSON.parse(others) : [];
  const points = numbersPerPoint > 0 ? numbers.length / numbersPerPoint : rest.length;
  const outputs = {};
  let at = 0;
  for (const { name, crosses, choices } of columns) {
    if (crosses === OTHER) {
      outputs[name] = rest.map((point) => point[name]);
      continue;
    }
    const column = numbers.subarray(at, at + points);
    at += points;
    switch (crosses) {
      case NUMBER:
        outputs[name] = column;
        break;
      case NULLABLE:
        outputs[name] = listOf(column, (value) => (Number.isNaN(value) ? null : value));
        break;
      case FLAG:
        outputs[name] = listOf(column, (value) => value !== 0);
        break;
      default:
        outputs[name] = listOf(column, (value) => choices[value]);
    }
  }
  return outputs;
}

/**
 * A number input's sweep values written into `scratch` (which holds the most the core accepts), as
 * the view of them that the core copies into its memory in one step, with no text to write or
 * parse; null when the input takes something else, when a value is not a number (the JSON text
 * then lets the core name it), or when there are more than the core accepts. The scratch block is
 * reused because a new one per call makes a 1,000-point sweep 5–8 % slower.
 */
function sweepNumbers(values, kind, scratch) {
  if ((kind !== 'number' && kind !== 'integer') || values.length > scratch.length) return null;
  for (let point = 0; point < values.length; point += 1) {
    const value = values[point];
    if (typeof value !== 'number') return null;
    scratch[point] = value;
  }
  return scratch.subarray(0, values.length);
}

/** A calculator's input as the JSON text the core reads. */
function calculatorInputText(id, input, limits) {
  return readCallerInput(() => {
    if (!isPlainObject(input)) reject('input', `${id} takes one plain object of inputs`);
    return inputText(input, limits);
  });
}

function wrap(core, id, limits) {
  return (input) => answer(core.evaluate(id, calculatorInputText(id, input, limits)));
}

class Ridgepoint {
  #core;
  #ids;
  #specs;
  #presetSpecs;
  #limits;
  #sweepColumns;
  #sweepValues; // a number input's sweep values on their way to the core (sweepNumbers)

  constructor(core) {
    // The calculators' ids only: a page needs the declarations of the few it shows first, and
    // writing all of them would hold up its first result.
    const { limits, calculators, presets } = JSON.parse(core.calculators(false));
    this.#core = core;
    this.#ids = calculators.map(({ id }) => id);
    this.#specs = new Map(); // by calculator id, read from the core when first needed
    this.#sweepColumns = new Map(); // by calculator id, worked out at its first sweep
    this.#presetSpecs = presets;
    this.#limits = limits;
    for (const id of this.#ids) this[id] = wrap(core, id, limits);
    // Preset lists (machines, …) with their sources, each read from the core when it is first
    // asked for (not while the page starts, and the models without the deployments); each call
    // returns a fresh copy, parsed again from the core's text: for the deployments (about 110 kB)
    // JSON.parse takes a quarter of a structuredClone of the parsed list (1.3 against 5.5 ms, Node).
    const texts = {};
    for (const name of Object.keys(presets)) {
      this[name] = () => JSON.parse((texts[name] ??= core.presets(name)));
    }
    Object.freeze(this);
  }

  /** Every calculator's declaration: inputs (name, kind, unit, default, range, help) and outputs. */
  calculators() {
    return this.#ids.map((id) => structuredClone(this.#spec(id)));
  }

  /** Every preset list's record declaration by list name: fields (name, unit, type). */
  presetSpecs() {
    return structuredClone(this.#presetSpecs);
  }

  /**
   * Published deployments evaluated live, every one of rp.deployments() unless some of its rows
   * are given: each row's planner input, the published figure, ridgepoint's prediction and the
   * relative error.
   */
  validation(deployments = this.deployments()) {
    // deployments() hands out fresh copies: each row's own input can be evaluated as it is.
    return deployments.map((deployment) => {
      const predicted = this[deployment.calculator](deployment.input)[deployment.output];
      return { ...deployment, predicted, error: predicted / deployment.published - 1 };
    });
  }

  /** A published deployment's setup as the input of its calculator: `{ config, …settings }`. */
  deploymentInput(deployment) {
    return structuredClone(deployment.input);
  }

  /** One calculator's declaration by id. */
  spec(id) {
    return structuredClone(this.#spec(id));
  }

  #spec(id) {
    if (!this.#ids.includes(id)) reject('id', `no calculator '${id}'`);
    let spec = this.#specs.get(id);
    if (!spec) this.#specs.set(id, (spec = JSON.parse(this.#core.spec(id))));
    return spec;
  }

  /**
   * The calculator `id` at each of `values` for its input `field`, every other input as in `input`,
   * evaluated inside the core in one call (a chart's whole curve): each output of the calculator
   * as a column with one value per point, by output name in the declaration's order.
   */
  sweep(id, input, field, values) {
    const spec = this.#spec(id);
    if (typeof field !== 'string') reject('field', `field must be the name of one of ${id}'s inputs`);
    if (!Array.isArray(values)) reject('values', `values must be a list of values for ${field}`);
    const text = calculatorInputText(id, input, this.#limits);
    const kind = spec.inputs.find((declared) => declared.name === field)?.kind;
    const swept = readCallerInput(
      () =>
        sweepNumbers(values, kind, (this.#sweepValues ??= new Float64Array(this.#limits.maxSweepPoints))) ??
        inputText(values, this.#limits, 'values'),
    );
    const { numbers, others, errors } = this.#core.sweep(id, text, field, swept);
    if (errors) throw new RidgepointError(JSON.parse(errors).errors);
    let columns = this.#sweepColumns.get(id);
    if (!columns) this.#sweepColumns.set(id, (columns = sweepColumns(spec)));
    return sweepOutputs(columns, numbers, others);
  }

  /**
   * The limits every input obeys: text bytes, nesting depth, keys per object, list items, text
   * length, sweep points.
   */
  limits() {
    return { ...this.#limits };
  }
}

let modulePromise;

/** Loads the core once per page (or Node process) and returns a ridgepoint API object. */
export default async function createRidgepoint() {
  modulePromise ??= createRidgepointCore();
  const core = await modulePromise;
  // Reading the declarations is a task apart from instantiating the core: a page starts in short tasks.
  await new Promise((resolve) => setTimeout(resolve));
  return new Ridgepoint(core);
}
