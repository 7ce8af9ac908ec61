// The inputs a planner panel takes for a published deployment: the row's settings over the
// calculator's declared defaults, and its model preset's config. The planner loads rows with it,
// and the build (web/build.mjs) computes the page's headline for the first plan with it, so the
// figures written into the page are the ones the panels compute.

/** The published rows the planner opens on, for its training and its serving panel. */
export const firstDeployments = { training: 'deepseek-v3-step', serving: 'deepseek-v3-decode' };

/** A calculator's declared defaults, every input but its objects (the model's config). */
export function declaredValues(rp, calculator) {
  return Object.fromEntries(
    rp
      .spec(calculator)
      .inputs.filter((field) => field.kind !== 'object')
      .map((field) => [field.name, field.default]),
  );
}

/**
 * `rp.deployments()` row → the full input of its calculator (config included), the row's model
 * taken from `models` (`rp.models()`, which the caller already holds: each call is a fresh copy).
 */
export function deploymentValues(rp, deployment, models) {
  const { config, ...settings } = rp.deploymentInput(deployment);
  // Inputs the row does not set go back to their declared defaults.
  const values = declaredValues(rp, deployment.calculator);
  Object.assign(values, settings);
  values.config = deployment.model ? models.find((model) => model.id === deployment.model).config : config;
  return values;
}
