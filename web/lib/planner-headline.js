// The planner's headline: the figures a person looks for first (step time, MFU, tokens per
// second, what binds), above the panels. Plain text from results, no DOM: the build writes it
// into the page for the first plan and <ridgepoint-planner-headline> rewrites it live.
import { formatNumber, formatValue } from './format.js';

const parts = {
  training: (input, result, machineNames) => ({
    stepTime: formatValue(result.stepTime, 's', 4),
    mfu: `${formatNumber(result.mfu * 100, 3)} %`,
    trainingTokens: formatValue(result.tokensPerSecond, '1', 4), // as the panel shows it
    trainingGpus: `${formatNumber(input.gpus)} × ${machineNames[input.machine] ?? input.machine}`,
    trainingBottleneck: bottleneck(result),
  }),
  serving: (input, result) => ({
    servingTokens: formatValue(result.tokensPerSecondPerNode, '1', 4), // as the panel shows it
    servingPhase: input.phase === 'prefill' ? 'input' : 'output',
    servingCost: formatValue(result.costPerMillionTokens, '$'),
    servingBottleneck: bottleneck(result),
  }),
};

// What binds, and that the plan does not fit where it does not: its figures are then what it would
// do with the memory it lacks (training) or nothing served (serving).
const bottleneck = (result) =>
  result.fits === false ? `${result.bottleneck} (the plan does not fit in memory)` : result.bottleneck;

/**
 * The headline's texts by part name for `group` ('training' | 'serving'), from its panel's input
 * and result; `machineNames` (id → name, from rp.machines()) names the GPU.
 */
export function headlineParts(group, { input, result }, machineNames = {}) {
  return parts[group](input, result, machineNames);
}

const value = (name, texts) => `<strong data-part="${name}">${escape(texts[name] ?? '—')}</strong>`;

function escape(text) {
  return String(text).replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The headline's markup with `texts` (part name → text; missing parts read "—"). Its paragraph
 * carries `elementtiming` (text is timed by its block), so the benchmark sees when the first
 * result is painted.
 */
export function headlineHtml(texts = {}) {
  return (
    `<p elementtiming="first-result"><span data-group="training">Training on ${value('trainingGpus', texts)}: a step takes ` +
    `${value('stepTime', texts)}, MFU ${value('mfu', texts)}, ` +
    `${value('trainingTokens', texts)} tokens/s, bound by ${value('trainingBottleneck', texts)}.</span> ` +
    `<span data-group="serving">Serving: ${value('servingTokens', texts)} ` +
    `${value('servingPhase', texts)} tokens/s per node, ${value('servingCost', texts)} per million ` +
    `tokens, bound by ${value('servingBottleneck', texts)}.</span></p>`
  );
}
