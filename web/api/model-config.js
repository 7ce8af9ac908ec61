// How a Hugging Face config.json maps onto the model calculators' fields. No imports, so the page
// can use it without pulling in the API module a second time.

/** Config keys that other families spell differently; the core uses DeepSeek's names. */
export const configAliases = { num_local_experts: 'n_routed_experts' };

/** The core field a config key feeds. */
export const fieldOfKey = (key) => configAliases[key] ?? key;

/** The keys of a config that a calculator (its spec from rp.spec) does not read. */
export function ignoredConfigKeys(spec, config) {
  const declared = new Set(spec.inputs.map((field) => field.name));
  return Object.keys(config).filter((key) => !declared.has(fieldOfKey(key)));
}
