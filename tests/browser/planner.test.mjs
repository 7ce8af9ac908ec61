// The "Plan a deployment" section in Chromium: DeepSeek-V3's published setups load by default,
// the charts are drawn, the validation table is computed live and its rows load their setups.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { assertClean, launch, result, screenshots } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the planner opens first on DeepSeek-V3 with its step, breakdown, memory and serving curve', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  const firstSection = await page.locator('main > section').first().getAttribute('id');
  assert.equal(firstSection, 'planner-section');
  await result(page, 'plannerTraining', 'microBatches').filter({ hasText: /^120$/ }).waitFor();
  assert.match(await result(page, 'plannerTraining', 'stepTime').innerText(), /^\d+(\.\d+)? s$/);
  assert.match(await result(page, 'plannerTraining', 'mfu').innerText(), /^0\.\d+/);
  await result(page, 'plannerServing', 'batchPerGpu').waitFor();
  assert.match(await result(page, 'plannerServing', 'tokensPerSecondPerNode').innerText(), /\d/);
  assert.match(await result(page, 'plannerServing', 'costPerMillionTokens').innerText(), /^\$/);
  // Two bars (ridgepoint and the published phases), a memory bar and the Pareto curve.
  await page.locator('svg[data-chart="breakdown"] rect').nth(10).waitFor();
  await page.locator('svg[data-chart="memory"] rect').nth(4).waitFor();
  await page.locator('svg[data-chart="pareto"] path').first().waitFor();
  await page.locator('#planner-section').screenshot({ path: join(screenshots, 'planner.png') });
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});

test('the validation table lists every published deployment and a row loads its setup', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  const rows = page.locator('[data-table="validation"] tbody tr');
  // Computed once it comes near the screen.
  await page.locator('[data-table="validation"]').scrollIntoViewIfNeeded();
  await rows.nth(5).waitFor();
  assert.match(await rows.nth(0).textContent(), /DeepSeek-V3 training step[\s\S]*19\.926 s/);
  assert.match(await rows.nth(2).textContent(), /Megatron-LM GPT 1\.7B[\s\S]*137 TFLOP\/s[\s\S]*%/);
  await page.locator('button[data-load="megatron-1.7b"]').click();
  await result(page, 'plannerTraining', 'dataParallel').filter({ hasText: /^32$/ }).waitFor();
  assert.equal(
    await page.locator('ridgepoint-calculator[state="plannerTraining"] select[name="machine"]').inputValue(),
    'a100-sxm-80gb',
  );
  await page.locator('button[data-load="deepseek-v3-prefill"]').click();
  await page
    .locator('ridgepoint-calculator[state="plannerServing"] select[name="phase"]')
    .filter({ hasText: 'prefill' })
    .waitFor();
  assert.equal(
    await page.locator('ridgepoint-calculator[state="plannerServing"] select[name="phase"]').inputValue(),
    'prefill',
  );
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});

test('a plan that does not divide the GPUs shows the error beside gpus and keeps the last result', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await result(page, 'plannerTraining', 'microBatches').filter({ hasText: /^120$/ }).waitFor();
  await result(page, 'plannerTraining', 'stepTime').filter({ hasText: /\d/ }).waitFor();
  const before = await result(page, 'plannerTraining', 'stepTime').innerText();
  const gpus = page.locator('ridgepoint-calculator[state="plannerTraining"] input[name="gpus"]');
  await gpus.fill('2050');
  await page
    .locator('ridgepoint-calculator[state="plannerTraining"] [data-field="gpus"] .error')
    .filter({ hasText: 'multiple' })
    .waitFor();
  assert.equal(await result(page, 'plannerTraining', 'stepTime').innerText(), before);
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});

test('a pasted config.json feeds both planner panels, which name the fields its experts do not fit', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await result(page, 'plannerTraining', 'microBatches').filter({ hasText: /^120$/ }).waitFor();
  await result(page, 'plannerServing', 'weightBytesPerGpu').filter({ hasText: /\d/ }).waitFor();
  const before = await result(page, 'plannerServing', 'weightBytesPerGpu').innerText();
  await page.locator('#planner-config').fill('{"hidden_size": 4096');
  await page.locator('#planner-config-error').filter({ hasText: 'not JSON' }).waitFor();
  const mixtral = {
    hidden_size: 4096,
    intermediate_size: 14336,
    num_hidden_layers: 32,
    num_attention_heads: 32,
    num_key_value_heads: 8,
    vocab_size: 32000,
    num_local_experts: 8,
    num_experts_per_tok: 2,
    torch_dtype: 'bfloat16',
  };
  await page.locator('#planner-config').fill(JSON.stringify(mixtral));
  // Mixtral's 8 experts cannot spread over V3's EP 64 and EP 144: each panel says so beside the
  // field and keeps its last result.
  await page
    .locator('ridgepoint-calculator[state="plannerTraining"] [data-field="expertParallel"] .error')
    .filter({ hasText: 'n_routed_experts (8)' })
    .waitFor();
  await page
    .locator('ridgepoint-calculator[state="plannerServing"] [data-field="redundantExperts"] .error')
    .filter({ hasText: 'multiple of expertParallel' })
    .waitFor();
  assert.equal(await result(page, 'plannerServing', 'weightBytesPerGpu').innerText(), before);
  assert.equal(await page.locator('#planner-config-error').innerText(), '');
  // On one GPU without expert parallelism the pasted model is served.
  await page.locator('ridgepoint-calculator[state="plannerServing"] input[name="expertParallel"]').fill('1');
  await page.locator('ridgepoint-calculator[state="plannerServing"] input[name="redundantExperts"]').fill('0');
  await result(page, 'plannerServing', 'weightBytesPerGpu').filter({ hasNotText: before }).waitFor();
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});
