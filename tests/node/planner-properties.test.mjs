// What a careful engineer expects of any plan, checked on every preset model under several plans
// and machines: more recomputation never speeds a step or takes memory, more work per step never
// lowers throughput, and a serving node never gets faster with longer requests or stricter users.
// Plans the core refuses for a model (a split that does not divide it) are skipped: the refusals
// are tested elsewhere.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rp, RidgepointError } from './api.mjs';

const models = rp.models();
// Relative: two evaluations that should tie may differ in their last bits (sums in another order).
const tolerance = 1e-9;

function evaluate(calculator, input) {
  try {
    return rp[calculator](input);
  } catch (error) {
    if (error instanceof RidgepointError) return null;
    throw error;
  }
}

const trainingPlans = [
  { machine: 'h100-sxm', node: 'dgx-h100', gpus: 64, tensorParallel: 4, pipelineParallel: 2 },
  { machine: 'h800-sxm', node: 'deepseek-h800', gpus: 128, pipelineParallel: 4, expertParallel: 8 },
  { machine: 'gb200', node: 'gb200-nvl72', gpus: 144, tensorParallel: 2, pipelineParallel: 2, expertParallel: 4 },
  { machine: 'a100-sxm-80gb', node: 'dgx-a100', gpus: 32, tensorParallel: 8 },
];
const trainingBase = {
  seqLen: 4096,
  globalBatch: 512,
  microBatch: 1,
  precision: 'bf16',
  recompute: 'selective',
  schedule: '1f1b',
};

test('training, every preset under four plans: recomputation, batch and sequence length act as they must', () => {
  let plans = 0;
  for (const model of models) {
    for (const plan of trainingPlans) {
      const base = { config: model.config, ...trainingBase, ...plan };
      const selective = evaluate('trainingStep', base);
      if (!selective) continue;
      plans++;
      const where = `${model.id} on ${plan.machine}`;
      const none = rp.trainingStep({ ...base, recompute: 'none' });
      const full = rp.trainingStep({ ...base, recompute: 'full' });
      assert.ok(
        none.stepTime <= selective.stepTime * (1 + tolerance),
        `${where}: selective recomputation faster than none`,
      );
      assert.ok(
        selective.stepTime <= full.stepTime * (1 + tolerance),
        `${where}: full recomputation faster than selective`,
      );
      assert.ok(none.memoryPerGpu >= selective.memoryPerGpu, `${where}: selective recomputation holds more`);
      assert.ok(selective.memoryPerGpu >= full.memoryPerGpu, `${where}: full recomputation holds more`);
      // MFU counts model FLOPs, which recomputation does not change.
      const modelFlops = (result) => result.mfu * result.stepTime;
      assert.ok(
        Math.abs(modelFlops(none) - modelFlops(full)) <= tolerance * modelFlops(none),
        `${where}: model FLOPs moved`,
      );
      // Twice the micro-batches per step: the bubble and the optimizer are shared by more tokens.
      const doubled = rp.trainingStep({ ...base, globalBatch: 2 * base.globalBatch });
      assert.ok(
        doubled.tokensPerSecond >= selective.tokensPerSecond * (1 - tolerance),
        `${where}: a bigger batch is slower`,
      );
      // The same tokens per micro-batch in longer sequences: attention grows, nothing shrinks.
      const shorter = evaluate('trainingStep', {
        ...base,
        seqLen: 2048,
        microBatch: 2,
        globalBatch: 2 * base.globalBatch,
      });
      if (shorter) {
        assert.ok(
          selective.tokensPerSecond <= shorter.tokensPerSecond * (1 + tolerance),
          `${where}: longer sequences are faster`,
        );
      }
    }
  }
  assert.ok(plans >= models.length, `only ${plans} plans were accepted`);
});

const servingNodes = [
  { machine: 'h100-sxm', node: 'dgx-h100' },
  { machine: 'h200-sxm', node: 'hgx-h200' },
  { machine: 'b200', node: 'dgx-b200' },
  { machine: 'h800-sxm', node: 'deepseek-h800' },
];
const servingBase = { gpus: 8, tensorParallel: 8, inputLength: 2048, outputLength: 512, precision: 'fp8' };

test('serving, every preset on four nodes: longer requests, faster users and MTP act as they must', () => {
  let served = 0;
  for (const model of models) {
    for (const node of servingNodes) {
      for (const phase of ['decode', 'prefill']) {
        const base = { config: model.config, ...servingBase, ...node, phase };
        const result = evaluate('servingThroughput', base);
        if (!result?.fits) continue;
        served++;
        const where = `${model.id} ${phase} on ${node.machine}`;
        const perGpu = (input) => rp.servingThroughput({ ...base, ...input }).tokensPerSecondPerGpu;
        assert.ok(
          perGpu({ inputLength: 8192 }) <= result.tokensPerSecondPerGpu * (1 + tolerance),
          `${where}: longer prompts serve more`,
        );
        // The price of a token is the price of the GPU's time over its tokens.
        const pricier = rp.servingThroughput({ ...base, pricePerGpuHour: 4 });
        const cheaper = rp.servingThroughput({ ...base, pricePerGpuHour: 2 });
        assert.ok(
          Math.abs(pricier.costPerMillionTokens - 2 * cheaper.costPerMillionTokens) <=
            tolerance * pricier.costPerMillionTokens,
          `${where}: cost not linear in price`,
        );
        if (phase !== 'decode') continue;
        // Decode reads each sequence's cache, linear in its length: spread prompts of the same
        // mean change what one GPU serves not at all (only the prefill before, its TTFT).
        assert.equal(
          perGpu({ promptLengthSpread: 1.31 }),
          result.tokensPerSecondPerGpu,
          `${where}: spread changes decode`,
        );
        assert.ok(
          perGpu({ outputLength: 4096 }) <= result.tokensPerSecondPerGpu * (1 + tolerance),
          `${where}: longer outputs serve more`,
        );
        assert.ok(
          perGpu({ tokensPerSecondPerUser: 60 }) <= perGpu({ tokensPerSecondPerUser: 10 }) * (1 + tolerance),
          `${where}: faster users allow more`,
        );
        const fast = rp.servingThroughput({ ...base, tokensPerSecondPerUser: 60 });
        if (fast.batchPerGpu > 1)
          assert.ok(fast.tokensPerSecondPerUser >= 60 * (1 - tolerance), `${where}: the user speed is not met`);
        assert.ok(
          perGpu({ mtpAcceptance: 0.9 }) >= perGpu({ mtpAcceptance: 0.5 }) * (1 - tolerance),
          `${where}: more accepted drafts serve less`,
        );
      }
    }
  }
  assert.ok(served >= models.length, `only ${served} serving plans fit`);
});
