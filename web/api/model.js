// Adapters for the model calculators: the public argument is `{ config, ...options }` with
// `config` a parsed Hugging Face config.json; the core takes flat fields named like its keys.
import { fieldOfKey } from './model-config.js';
import { RidgepointError } from './ridgepoint.js';

const isPlainObject = (value) =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

// JSON booleans (tie_word_embeddings, use_sliding_window, causal) are choice labels in the core.
const asField = (value) => (typeof value === 'boolean' ? String(value) : value);

const labelBooleans = (input) =>
  Object.fromEntries(Object.entries(input).map(([key, value]) => [key, asField(value)]));

/**
 * Maps `{ config, ...options }` to the calculator's flat fields. Only the config keys the
 * calculator declares are read (torch_dtype, rope_scaling and the like are ignored); a flat
 * object without `config` passes through with its booleans labelled.
 */
function adaptModelInput(input, spec) {
  if (!isPlainObject(input)) return input;
  const { config, ...options } = input;
  if (config === undefined) return labelBooleans(input);
  if (!isPlainObject(config)) {
    throw new RidgepointError([
      { field: 'config', message: 'config must be a parsed config.json object (JSON.parse its text first)' },
    ]);
  }
  const declared = new Set(spec.inputs.map((field) => field.name));
  const flat = {};
  for (const [key, value] of Object.entries(config)) {
    const name = fieldOfKey(key);
    // null is how config.json says "absent"; an absent alias must not hide the key it stands for.
    if (!declared.has(name) || value === null) continue;
    if (name !== key && config[name] != null) {
      throw new RidgepointError([{ field: key, message: `config has both ${key} and ${name}; keep one` }]);
    }
    flat[name] = asField(value);
  }
  return { ...flat, ...labelBooleans(options) };
}

export const modelAdapters = {
  modelStats: adaptModelInput,
  kvCache: adaptModelInput,
  modelInference: adaptModelInput,
};
