// The public JS API of ridgepoint: one function per calculator, a plain object in and a plain
// object out, SI units throughout. Errors are thrown as RidgepointError naming the field.
import createRidgepointCore from '#core';

import { modelAdapters } from './model.js';

/** Thrown for any rejected input: `field` names it, `message` says the allowed range. */
export class RidgepointError extends Error {
  constructor(errors) {
    super(errors.map((error) => error.message).join('; '));
    this.name = 'RidgepointError';
    this.field = errors[0].field;
    this.errors = errors;
  }
}

const isPlainObject = (value) =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

// Checks what the core cannot see from JS: the argument's shape, unknown keys (typos), and
// values of a type that is neither a number nor a choice label.
function checkInput(spec, names, input) {
  if (!isPlainObject(input)) {
    throw new RidgepointError([{ field: 'input', message: `${spec.id} takes one plain object of inputs` }]);
  }
  const errors = [];
  for (const [key, value] of Object.entries(input)) {
    if (!names.has(key)) {
      errors.push({ field: key, message: `${spec.id} has no input '${key}'; its inputs are ${[...names].join(', ')}` });
    } else if (value !== undefined && value !== null && typeof value !== 'number' && typeof value !== 'string') {
      errors.push({ field: key, message: `${key} must be a number or text, not ${typeof value}` });
    }
  }
  if (errors.length) throw new RidgepointError(errors);
}

function wrap(core, spec, adapt) {
  const evaluate = core[spec.id];
  const names = new Set(spec.inputs.map((field) => field.name));
  return (input) => {
    const flat = adapt ? adapt(input, spec) : input;
    checkInput(spec, names, flat);
    // The core answers in JSON text: one string crosses from wasm instead of many properties.
    const result = JSON.parse(evaluate(flat));
    if (!result.ok) throw new RidgepointError(result.errors);
    return result.value;
  };
}

// Calculators whose public input is shaped differently from their flat field list register an
// adapter here: it maps the public argument (and the calculator's spec) to the declared fields.
const adapters = { ...modelAdapters };

class Ridgepoint {
  #specs;

  constructor(core) {
    this.#specs = JSON.parse(core.calculators());
    for (const spec of this.#specs) this[spec.id] = wrap(core, spec, adapters[spec.id]);
    // Preset lists (machines, …) with their sources; each call returns a fresh copy.
    for (const [name, list] of Object.entries(JSON.parse(core.presets()))) this[name] = () => structuredClone(list);
    Object.freeze(this);
  }

  /** Every calculator's declaration: inputs (name, unit, default, range, help) and outputs. */
  calculators() {
    return structuredClone(this.#specs);
  }

  /**
   * Every published deployment (rp.deployments()) evaluated live: its planner input, the
   * published figure, ridgepoint's prediction and the relative error.
   */
  validation() {
    const models = this.models();
    return this.deployments().map((deployment) => {
      const input = this.deploymentInput(deployment, models);
      const predicted = this[deployment.calculator](input)[deployment.output];
      return {
        ...deployment,
        input,
        predicted,
        error: predicted / deployment.published - 1,
      };
    });
  }

  /** A deployment's setup as the flat input of its calculator (config keys, then settings). */
  deploymentInput(deployment, models = this.models()) {
    const declared = new Set(this.spec(deployment.calculator).inputs.map((field) => field.name));
    const config = deployment.model ? models.find((model) => model.id === deployment.model).config : deployment.config;
    const input = {};
    for (const [key, value] of Object.entries(config)) {
      if (value === null || !declared.has(key)) continue;
      input[key] = typeof value === 'boolean' ? String(value) : value;
    }
    for (const setting of deployment.settings) input[setting.name] = setting.number ?? setting.text;
    return input;
  }

  /** One calculator's declaration by id. */
  spec(id) {
    const spec = this.#specs.find((candidate) => candidate.id === id);
    if (!spec) throw new RidgepointError([{ field: 'id', message: `no calculator '${id}'` }]);
    return structuredClone(spec);
  }
}

let modulePromise;

/** Loads the core once per page (or Node process) and returns a ridgepoint API object. */
export default async function createRidgepoint() {
  modulePromise ??= createRidgepointCore();
  return new Ridgepoint(await modulePromise);
}
