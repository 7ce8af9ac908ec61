// The planner headline's texts (web/lib/planner-headline.js), which the build writes into the page
// for the first plan and the page rewrites live: hand-derived from results, and the first plan's
// as the core computes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { deploymentValues, firstDeployments } from '../../web/lib/deployment-values.js';
import { headlineHtml, headlineParts } from '../../web/lib/planner-headline.js';
import { rp } from './api.mjs';

test('training and serving results read as the headline writes them', () => {
  assert.deepEqual(
    headlineParts('training', {
      input: { gpus: 2048, machine: 'h800-sxm' },
      result: { stepTime: 18.76549, mfu: 0.414287, tokensPerSecond: 3352734.2, bottleneck: 'compute' },
    }),
    {
      stepTime: '18.77 s',
      mfu: '41.4 %',
      trainingTokens: '3.353 M',
      trainingGpus: '2,048 × h800-sxm',
      trainingBottleneck: 'compute',
    },
  );
  // The GPU by its name where the machine list is given.
  assert.equal(
    headlineParts(
      'training',
      { input: { gpus: 64, machine: 'gb200' }, result: { stepTime: 1, mfu: 0.5, tokensPerSecond: 1 } },
      { gb200: 'NVIDIA GB200' },
    ).trainingGpus,
    '64 × NVIDIA GB200',
  );
  assert.deepEqual(
    headlineParts('serving', {
      input: { phase: 'prefill' },
      result: { tokensPerSecondPerNode: 121654.7, costPerMillionTokens: 0.0365, bottleneck: 'compute' },
    }),
    { servingTokens: '121,700', servingPhase: 'input', servingCost: '$0.0365', servingBottleneck: 'compute' },
  );
  // A plan that does not fit says so where the headline names what binds; serving it has no price.
  assert.deepEqual(
    headlineParts('serving', {
      input: { phase: 'decode' },
      result: { tokensPerSecondPerNode: 0, costPerMillionTokens: null, bottleneck: 'capacity', fits: false },
    }),
    {
      servingTokens: '0',
      servingPhase: 'output',
      servingCost: '—',
      servingBottleneck: 'capacity (the plan does not fit in memory)',
    },
  );
  assert.equal(
    headlineParts('training', {
      input: { gpus: 8, machine: 'h100-sxm' },
      result: { stepTime: 2, mfu: 0.4, tokensPerSecond: 1e5, bottleneck: 'compute', fits: false },
    }).trainingBottleneck,
    'compute (the plan does not fit in memory)',
  );
});

test('the headline markup escapes what it is given and shows a dash for what it lacks', () => {
  const html = headlineHtml({ trainingGpus: '<b>&"' });
  assert.match(html, /data-part="trainingGpus">&#60;b&#62;&#38;&#34;</);
  assert.match(html, /data-part="stepTime">—</);
  assert.match(html, /^<p elementtiming="first-result">/);
});

test("the first plan's headline is what its published rows compute", () => {
  const published = rp.deployments();
  const training = published.find((row) => row.id === firstDeployments.training);
  const input = deploymentValues(rp, training, rp.models());
  assert.equal(input.gpus, 2048);
  assert.deepEqual(input.config, rp.models().find((model) => model.id === 'deepseek-v3').config);
  const parts = headlineParts('training', { input, result: rp.trainingStep(input) });
  assert.equal(
    parts.stepTime,
    `${Number(
      rp
        .validation()
        .find((row) => row.id === training.id)
        .predicted.toPrecision(4),
    )} s`,
  );
});
