// The "Plan a deployment" section in Chromium: DeepSeek-V3's published setups load by default,
// the charts are drawn, the validation table is computed live and its rows load their setups.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { address, addressWritten, assertClean, dist, keptAndChanged, launch, result, screenshots } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The served page once the panels have their first results, scrolled to the validation table
// (computed as it comes near the screen; before the panels' results, their growth can push it back
// out of view).
async function openAtValidation() {
  const opened = await browser.open(browser.served);
  await result(opened.page, 'plannerServing', 'batchPerGpu').waitFor();
  await opened.page.locator('[data-table="validation"]').scrollIntoViewIfNeeded();
  return opened;
}

test('the planner opens first on DeepSeek-V3 with its step, breakdown, memory and serving curve', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  const firstSection = await page.locator('main > section').first().getAttribute('id');
  assert.equal(firstSection, 'planner-section');
  await result(page, 'plannerTraining', 'microBatches').filter({ hasText: /^120$/ }).waitFor();
  // An estimate shows four significant digits; its title keeps the exact value.
  const step = result(page, 'plannerTraining', 'stepTime');
  assert.match(await step.innerText(), /^\d+(\.\d+)? s$/);
  assert.ok((await step.innerText()).replace(/\D/g, '').replace(/^0+/, '').length <= 4);
  assert.ok((await step.getAttribute('title')).replace(/\D/g, '').length > 4);
  assert.match(await result(page, 'plannerTraining', 'mfu').innerText(), /^0\.\d+/);
  // The lists name GPUs, nodes, precisions and schedules as the papers do; their values (the
  // address's, the API's) are the API's.
  for (const [name, value, text] of [
    ['machine', 'h800-sxm', 'NVIDIA H800 SXM5 80GB'],
    ['node', 'deepseek-h800', 'DeepSeek H800 node (8 GPUs, 8 × 400G CX7)'],
    ['precision', 'fp8', 'FP8'],
    ['schedule', 'dualpipe', 'DualPipe'],
  ]) {
    const picked = page.locator(`ridgepoint-calculator[state="plannerTraining"] select[name="${name}"] option:checked`);
    assert.deepEqual([await picked.getAttribute('value'), await picked.textContent()], [value, text]);
  }
  // The model in one line, from the core's reading of its config (DeepSeek-V3: 671.03 bn, 37.55 bn
  // active, MLA's 70,272 B of KV per token); another preset rewrites it.
  // Written once the panels have their first results.
  const summary = page.locator('#planner-section [data-summary]');
  await summary
    .filter({ hasText: /^671 bn parameters, 37\.55 bn active per token; KV cache 70\.27 kB per token in BF16\.$/ })
    .waitFor();
  await page.locator('#planner-section ridgepoint-model-config select[name="preset"]').selectOption('llama-3.1-8b');
  await summary.filter({ hasText: /^8\.03 bn parameters, 8\.03 bn active per token; KV cache 131\.1 kB/ }).waitFor();
  await page.locator('#planner-section ridgepoint-model-config select[name="preset"]').selectOption('deepseek-v3');
  await result(page, 'plannerServing', 'batchPerGpu').waitFor();
  assert.match(await result(page, 'plannerServing', 'tokensPerSecondPerNode').innerText(), /\d/);
  assert.match(await result(page, 'plannerServing', 'costPerMillionTokens').innerText(), /^\$/);
  // Two bars (ridgepoint and the published phases), a memory bar and the Pareto curve.
  await page.locator('svg[data-chart="breakdown"] rect').nth(10).waitFor();
  await page.locator('svg[data-chart="memory"] rect').nth(4).waitFor();
  await page.locator('svg[data-chart="pareto"] path').first().waitFor();
  // The curve's tick labels are in the chart's font family, not d3-axis's own sans-serif.
  const families = await page
    .locator('svg[data-chart="pareto"]')
    .evaluate((svg) => [svg, ...svg.querySelectorAll('.tick text')].map((node) => getComputedStyle(node).fontFamily));
  assert.ok(families.length > 4 && new Set(families).size === 1, families.join(' / '));
  await page.locator('#planner-section').screenshot({ path: join(screenshots, 'planner.png') });
  // Each of ridgepoint's seven parts in a colour of its own, and a smaller batch redraws the bar by
  // moving the parts already there.
  const parts = page.locator('svg[data-chart="breakdown"] g.bar').first().locator('rect.part');
  const fills = await parts.evaluateAll((rects) => rects.map((rect) => rect.getAttribute('fill')));
  assert.equal(fills.length, 7);
  assert.equal(new Set(fills).size, 7, `the parts' fills ${fills}`);
  const forwardMoved = await keptAndChanged(page, await parts.first().elementHandle(), 'width');
  await page.locator('ridgepoint-calculator[state="plannerTraining"] input[name="globalBatch"]').fill('7680');
  await forwardMoved();
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});

test('the validation table lists every published deployment and a row loads its setup', async () => {
  const { page, consoleErrors, foreignRequests } = await openAtValidation();
  const rows = page.locator('[data-table="validation"] tbody tr');
  await rows.nth(5).waitFor();
  assert.match(await rows.nth(0).textContent(), /DeepSeek-V3 training step[\s\S]*19\.926 s/);
  assert.match(await rows.nth(2).textContent(), /Megatron-LM GPT 1\.7B[\s\S]*137 TFLOP\/s[\s\S]*%/);
  // Each published figure named as the panels name their results.
  assert.deepEqual(await rows.evaluateAll((trs) => trs.slice(0, 3).map((tr) => tr.cells[1].textContent)), [
    'step time',
    'MFU',
    'hardware FLOPs per GPU',
  ]);
  // An error beyond ±40 % stands out (bold), one within it does not: the published rows as the
  // core computes them now.
  const weights = await rows.evaluateAll((trs) =>
    trs.map((tr) => [tr.cells[4].textContent, getComputedStyle(tr.cells[4]).fontWeight]),
  );
  for (const [text, weight] of weights) {
    const size = Number(text.replace(/[^0-9.]/g, ''));
    assert.equal(weight, size > 40 ? '600' : '400', `the error ${text}`);
  }
  assert.ok(weights.some(([, weight]) => weight === '600'));
  await page.locator('button[data-load="megatron-1.7b"]').click();
  await result(page, 'plannerTraining', 'dataParallel').filter({ hasText: /^32$/ }).waitFor();
  // The panel is shown from its top, below the sticky section index (48 px of scroll margin),
  // not from its notes up; the wait fails the test if it never gets there.
  await page.waitForFunction(() => {
    const panel = document.querySelector('ridgepoint-calculator[state="plannerTraining"]');
    return Math.abs(panel.getBoundingClientRect().top - 48) < 2;
  });
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

test("a published setup's model is shown with it and its link reproduces the plan", async () => {
  const { page, consoleErrors, foreignRequests } = await openAtValidation();
  const summary = page.locator('#planner-section [data-summary]');
  const preset = page.locator('#planner-section ridgepoint-model-config select[name="preset"]');
  const configText = page.locator('#planner-section ridgepoint-model-config textarea');
  const breakdownNote = page.locator('[data-note="published-breakdown"]');
  const stepTime = result(page, 'plannerTraining', 'stepTime');
  // A row with its own config.json (no preset): the model panel shows that config and reads it
  // (Nemotron 3 Ultra: 549.3 bn parameters); DeepSeek-V3's published phases are not drawn beside it.
  await page.locator('button[data-load="bridge-gb200-nemotron-3-ultra"]').click();
  await summary.filter({ hasText: /^549\.3 bn parameters/ }).waitFor();
  assert.equal(await preset.inputValue(), 'pasted');
  assert.match(await configText.inputValue(), /"model_type": "nemotron_h"/);
  assert.match(
    await page.locator('#planner-section ridgepoint-model-config .note').innerText(),
    /^The published setup's model: GQA attention, 48 MoE and 12 mixer-only layers[^]*Source: the config\.json of the row "Megatron-Bridge Nemotron 3 Ultra/,
  );
  await breakdownNote.and(page.locator('[hidden]')).waitFor({ state: 'attached' });
  const ultraStep = await stepTime.innerText();
  // A preset row: its preset in the picker. Each link, opened afresh, shows the same step.
  await page.locator('button[data-load="bridge-gb200-qwen3-235b-a22b"]').click();
  await summary.filter({ hasText: /^235\.1 bn parameters/ }).waitFor();
  assert.equal(await preset.inputValue(), 'qwen3-235b-a22b');
  assert.match(await configText.inputValue(), /"model_type": "qwen3_moe"/);
  await addressWritten(page);
  const qwenLink = await address(page);
  const qwenStep = await stepTime.innerText();
  await page.locator('button[data-load="bridge-gb200-nemotron-3-ultra"]').click();
  await summary.filter({ hasText: /^549\.3 bn parameters/ }).waitFor();
  await addressWritten(page);
  const ultraLink = await address(page);
  for (const [link, step, parameters] of [
    [ultraLink, ultraStep, /^549\.3 bn parameters/],
    [qwenLink, qwenStep, /^235\.1 bn parameters/],
  ]) {
    const opened = await browser.open(link);
    await opened.page.locator('#planner-section [data-summary]').filter({ hasText: parameters }).waitFor();
    await result(opened.page, 'plannerTraining', 'stepTime').filter({ hasText: step }).waitFor();
    // The serving panel, which the link holds no setup for, has a result of its own for this
    // model, not DeepSeek-V3's decode plan refused (EP 144 divides neither model's experts).
    await result(opened.page, 'plannerServing', 'bottleneck').waitFor();
    assert.equal(await opened.page.locator('ridgepoint-calculator .results[data-stale]').count(), 0);
    await opened.page.close();
  }
  // A link written before the planner's model panel was <ridgepoint-model-config> names its preset
  // planner.model: it opens on that model too.
  assert.match(qwenLink, /planner\.preset=qwen3-235b-a22b/);
  const legacy = await browser.open(qwenLink.replace('planner.preset=', 'planner.model='));
  await legacy.page
    .locator('#planner-section [data-summary]')
    .filter({ hasText: /^235\.1 bn parameters/ })
    .waitFor();
  await result(legacy.page, 'plannerTraining', 'stepTime').filter({ hasText: qwenStep }).waitFor();
  await legacy.page.close();
  // DeepSeek-V3's own setup brings its published phases back.
  await page.locator('button[data-load="deepseek-v3-step"]').click();
  await summary.filter({ hasText: /^671 bn parameters/ }).waitFor();
  await breakdownNote.and(page.locator(':not([hidden])')).waitFor();
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});

test('a published setup or a preset of another model brings the panels plans that suit that model', async () => {
  const { page, consoleErrors, foreignRequests } = await openAtValidation();
  const serving = page.locator('ridgepoint-calculator[state="plannerServing"]');
  const training = page.locator('ridgepoint-calculator[state="plannerTraining"]');
  const stale = page.locator('#planner-section ridgepoint-calculator .results[data-stale]');
  // A field's value as the page shows it (the property: the attribute keeps the markup's).
  const shows = (target, state, name, value) =>
    target.waitForFunction(
      ([selector, expected]) => document.querySelector(selector)?.value === expected,
      [`ridgepoint-calculator[state="${state}"] [name="${name}"]`, value],
    );
  // Qwen3-235B-A22B's GB200 training run: V3's decode plan (EP 144) does not divide its 128
  // experts, so the serving panel takes the table's Qwen3-235B-A22B serving setup (TensorRT-LLM,
  // FP8, TP 8 on H100), not an error beside V3's last result.
  await page.locator('button[data-load="bridge-gb200-qwen3-235b-a22b"]').click();
  await shows(page, 'plannerServing', 'tensorParallel', '8');
  assert.equal(await serving.locator('select[name="machine"]').inputValue(), 'h100-sxm');
  assert.equal(await serving.locator('input[name="expertParallel"]').inputValue(), '1');
  // Nemotron 3 Ultra (a config of its own, no serving row): that plan suits it, and stays.
  await page.locator('button[data-load="bridge-gb200-nemotron-3-ultra"]').click();
  await page
    .locator('#planner-section [data-summary]')
    .filter({ hasText: /^549\.3 bn parameters/ })
    .waitFor();
  assert.equal(await serving.locator('input[name="tensorParallel"]').inputValue(), '8');
  // Llama 3.1 8B's serving setup (one H100): the training panel's GB200 plan does not suit a
  // dense model (EP), and it takes the table's Llama 3.1 8B training run (8 H100).
  await page.locator('button[data-load="trtllm-llama-3.1-8b"]').click();
  await shows(page, 'plannerTraining', 'gpus', '8');
  assert.equal(await training.locator('select[name="machine"]').inputValue(), 'h100-sxm');
  // Back to DeepSeek-V3's training step: one H100 cannot hold V3, so serving opens on V3's decode
  // setup, the one the page opens on.
  await page.locator('button[data-load="deepseek-v3-step"]').click();
  await shows(page, 'plannerServing', 'expertParallel', '144');
  await result(page, 'plannerServing', 'batchPerGpu').waitFor();
  assert.equal(await stale.count(), 0);
  // The link holds both panels' plans: opened afresh, the serving panel shows V3's decode.
  await addressWritten(page);
  const opened = await browser.open(await address(page));
  await shows(opened.page, 'plannerServing', 'expertParallel', '144');
  await opened.page.close();
  // A preset picked moves a panel by the same rule: GPT-2 (dense, no published setup) takes the
  // training panel's declared defaults in place of V3's expert-parallel plan.
  await page.locator('#planner-section ridgepoint-model-config select[name="preset"]').selectOption('gpt2');
  await shows(page, 'plannerTraining', 'expertParallel', '1');
  await result(page, 'plannerTraining', 'stepTime').waitFor();
  assert.equal(await stale.count(), 0);
  // A link that names only a model opens each panel on that model's published setup, where V3's
  // does not suit it: Llama 3.1 8B's training run on 8 H100 and its serving on one.
  const named = await browser.open(`${browser.served}#planner.preset=llama-3.1-8b`);
  await shows(named.page, 'plannerTraining', 'gpus', '8');
  await shows(named.page, 'plannerServing', 'gpus', '1');
  await result(named.page, 'plannerServing', 'batchPerGpu').waitFor();
  assert.equal(await named.page.locator('#planner-section .results[data-stale]').count(), 0);
  await named.page.close();
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});

test("a serving plan's notes are shown: prefill's share when colocated, why a batch does not fit", async () => {
  const { page, consoleErrors, foreignRequests } = await openAtValidation();
  await page.locator('button[data-load="trtllm-llama-3.1-8b"]').click();
  const serving = page.locator('ridgepoint-calculator[state="plannerServing"]');
  const notes = serving.locator('.notes');
  await notes.filter({ hasText: /Note \(phase\): prefill takes \d+(\.\d)? % of the GPU time/ }).waitFor();
  assert.equal(await serving.locator('select[name="phase"]').inputValue(), 'colocated');
  // A batch beyond what the KV cache holds: fits says no, and the note says how many would fit.
  await serving.locator('input[name="decodeBatchPerGpu"]').fill('100000');
  await notes.filter({ hasText: /Note \(decodeBatchPerGpu\): the KV of 100000 sequences does not fit/ }).waitFor();
  assert.equal(await result(page, 'plannerServing', 'fits').innerText(), 'no');
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});

test('a serving plan that does not fit shows no step, latency or price, its curve says why, and a prefill curve is named', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await result(page, 'plannerServing', 'batchPerGpu').waitFor();
  const curve = page.locator('#planner-section svg[data-chart="pareto"]');
  await curve.locator('.series path').waitFor();
  // DeepSeek-V3 decoding on one H800 node: 103 GB of weights per GPU leave no room in 85 GB.
  const serving = page.locator('ridgepoint-calculator[state="plannerServing"]');
  await serving.locator('input[name="redundantExperts"]').fill('0');
  await serving.locator('input[name="expertParallel"]').fill('8');
  await serving.locator('input[name="gpus"]').fill('8');
  await result(page, 'plannerServing', 'fits').filter({ hasText: /^no$/ }).waitFor();
  for (const output of ['stepTime', 'tpot', 'ttft', 'tokensPerSecondPerUser', 'costPerMillionTokens']) {
    assert.equal(await result(page, 'plannerServing', output).innerText(), '—', output);
  }
  assert.equal(await result(page, 'plannerServing', 'tokensPerSecondPerNode').innerText(), '0 tokens/s');
  await curve.locator('.empty-note').filter({ hasText: 'no batch fits in memory' }).waitFor();
  assert.equal(await curve.locator('.series path').count(), 0);
  // Its axes would number nothing: hidden.
  assert.equal(await curve.locator('.x-axis').getAttribute('visibility'), 'hidden');
  // The headline says so where it names what binds.
  await page
    .locator('ridgepoint-planner-headline [data-part="servingBottleneck"]')
    .filter({ hasText: /^capacity \(the plan does not fit in memory\)$/ })
    .waitFor();
  assert.equal(await page.locator('ridgepoint-planner-headline [data-part="servingCost"]').innerText(), '—');
  // A plan that fits again draws its curve, and the note goes.
  await serving.locator('input[name="gpus"]').fill('144');
  await serving.locator('input[name="expertParallel"]').fill('144');
  await serving.locator('input[name="redundantExperts"]').fill('32');
  await curve.locator('.series path').waitFor();
  assert.equal(await curve.locator('.empty-note').textContent(), '');
  assert.equal(await curve.locator('.x-axis').getAttribute('visibility'), null);
  assert.equal(await curve.locator('.series text').textContent(), 'output');
  // A prefill node emits no output token: its curve is named as what its GPUs would do decoding.
  await serving.locator('select[name="phase"]').selectOption('prefill');
  await curve
    .locator('.series text')
    .filter({ hasText: /^output if decoding$/ })
    .waitFor();
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});

test('a GPU picked brings its own node; a node picked after it stays, and the result says whose it is', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await result(page, 'plannerTraining', 'stepTime').filter({ hasText: /\d/ }).waitFor();
  const training = page.locator('ridgepoint-calculator[state="plannerTraining"]');
  const node = training.locator('select[name="node"]');
  assert.equal(await node.inputValue(), 'deepseek-h800');
  await training.locator('select[name="machine"]').selectOption('mi300x');
  await page.waitForFunction(
    () =>
      document.querySelector('ridgepoint-calculator[state="plannerTraining"] select[name="node"]')?.value ===
      'mi300x-platform',
  );
  assert.match(await page.evaluate(() => location.hash), /plannerTraining\.node=mi300x-platform/);
  const notes = training.locator('.notes');
  assert.equal(await notes.filter({ hasText: /Note \(node\)/ }).count(), 0);
  // The same GPUs in DeepSeek's H800 node: kept, and noted.
  await node.selectOption('deepseek-h800');
  await notes.filter({ hasText: /Note \(node\): DeepSeek H800 node .* is built around NVIDIA H800/ }).waitFor();
  assert.equal(await training.locator('select[name="machine"]').inputValue(), 'mi300x');
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
  await page.locator('#planner-section ridgepoint-model-config textarea').fill('{"hidden_size": 4096');
  await page.locator('#planner-section ridgepoint-model-config output.error').filter({ hasText: 'not JSON' }).waitFor();
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
  await page.locator('#planner-section ridgepoint-model-config textarea').fill(JSON.stringify(mixtral));
  // Mixtral's 8 experts cannot spread over V3's EP 64 and EP 144: each panel says so beside the
  // field and keeps its last result.
  await page
    .locator('ridgepoint-calculator[state="plannerTraining"] [data-field="expertParallel"] .error')
    .filter({ hasText: 'the routed experts (8)' })
    .waitFor();
  await page
    .locator('ridgepoint-calculator[state="plannerServing"] [data-field="redundantExperts"] .error')
    .filter({ hasText: 'multiple of expertParallel' })
    .waitFor();
  assert.equal(await result(page, 'plannerServing', 'weightBytesPerGpu').innerText(), before);
  assert.equal(await page.locator('#planner-section ridgepoint-model-config output.error').innerText(), '');
  // On one GPU without expert parallelism the pasted model is served.
  await page.locator('ridgepoint-calculator[state="plannerServing"] input[name="expertParallel"]').fill('1');
  await page.locator('ridgepoint-calculator[state="plannerServing"] input[name="redundantExperts"]').fill('0');
  await result(page, 'plannerServing', 'weightBytesPerGpu').filter({ hasNotText: before }).waitFor();
  // A hybrid (Qwen3-Coder-Next, the golden case's config): its model line counts the Gated
  // DeltaNet layers' state beside the full layers' KV cache.
  const golden = JSON.parse(readFileSync(new URL('../golden/model-import.json', import.meta.url), 'utf8'));
  const hybrid = golden.cases.find((item) => item.name.startsWith('Qwen3-Coder-Next')).input.config;
  await page.locator('#planner-section ridgepoint-model-config textarea').fill(JSON.stringify(hybrid));
  await page
    .locator('#planner-section [data-summary]')
    .filter({
      hasText:
        /^79\.67 bn parameters, 3\.875 bn active per token; KV cache 24\.58 kB per token in BF16, plus 39\.52 MB of Gated DeltaNet state per sequence\.$/,
    })
    .waitFor();
  await result(page, 'plannerServing', 'weightBytesPerGpu').filter({ hasText: /\d/ }).waitFor();
  // A config.json file opened from disk is read as a pasted one.
  await page.locator('#planner-section ridgepoint-model-config input[type="file"]').setInputFiles({
    name: 'config.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(mixtral)),
  });
  await page
    .locator('#planner-section [data-summary]')
    .filter({ hasText: /^46\.7 bn parameters, 12\.88 bn active per token/ })
    .waitFor();
  assert.match(
    await page.locator('#planner-section ridgepoint-model-config textarea').inputValue(),
    /"num_local_experts":8/,
  );
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});

// The headline's text as a person reads it: one line, single spaces.
const headlineText = (page) =>
  page.locator('ridgepoint-planner-headline').evaluate((element) => element.textContent.replace(/\s+/g, ' ').trim());
// A part of the headline, e.g. stepTime.
const headlinePart = (page, part) => page.locator(`ridgepoint-planner-headline [data-part="${part}"]`);
// A panel's shown value to 4 significant digits with its unit: "18.7654 s" → "18.77 s".
const fourDigits = (text) => {
  const [, number, unit] = /^([\d,.]+)\s*(.*)$/.exec(text);
  return `${Number(Number(number.replaceAll(',', '')).toPrecision(4))} ${unit}`;
};

test("the headline is in the page's HTML with the first plan's figures, and the panels keep it current", async () => {
  // What the server sends, before any script runs: the headline with DeepSeek-V3's figures.
  const markup = (html) => /<ridgepoint-planner-headline>(.*?)<\/ridgepoint-planner-headline>/s.exec(html)[1];
  const html = await (await fetch(browser.served)).text();
  assert.equal(
    markup(readFileSync(join(dist, 'ridgepoint.html'), 'utf8')),
    markup(html),
    'the offline file has it too',
  );
  // The pages are ASCII, their other characters written as references (web/build.mjs).
  const written = markup(html)
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/g, (reference, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\s+/g, ' ')
    .trim();
  assert.match(written, /^Training on 2,048 × NVIDIA H800 SXM5 80GB: a step takes \d+\.\d+ s, MFU \d+(\.\d)? %/);

  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await result(page, 'plannerTraining', 'stepTime').filter({ hasText: /\d/ }).waitFor();
  await result(page, 'plannerServing', 'tokensPerSecondPerNode').filter({ hasText: /\d/ }).waitFor();
  await page.locator('ridgepoint-planner-headline [data-part="servingTokens"][data-live]').waitFor();
  // The panels compute what the build wrote: nothing changes.
  assert.equal(await headlineText(page), written);
  assert.equal(
    await headlinePart(page, 'stepTime').innerText(),
    fourDigits(await result(page, 'plannerTraining', 'stepTime').innerText()),
  );

  const gpus = page.locator('ridgepoint-calculator[state="plannerTraining"] input[name="gpus"]');
  await gpus.fill('1024');
  await headlinePart(page, 'trainingGpus').filter({ hasText: '1,024 × NVIDIA H800 SXM5 80GB' }).waitFor();
  assert.equal(
    await headlinePart(page, 'stepTime').innerText(),
    fourDigits(await result(page, 'plannerTraining', 'stepTime').innerText()),
  );
  assert.notEqual(await headlineText(page), written);
  // Input the core rejects: the panel keeps its last result marked stale, and so does the headline.
  await gpus.fill('1030');
  await page.locator('ridgepoint-planner-headline [data-group="training"][data-stale]').waitFor();
  await gpus.fill('1024');
  await page.locator('ridgepoint-planner-headline [data-group="training"]:not([data-stale])').waitFor();
  await assertClean(page, consoleErrors, foreignRequests, '#planner-section');
  await page.close();
});

test("under a link that holds a plan, the first plan's figures are not shown before the panels compute", async () => {
  // Without app.js the panels never compute: what shows is what the HTML and its early script do.
  const page = await browser.context.newPage();
  await page.route('**/app.js', (route) => route.abort());
  await page.goto(browser.served);
  assert.equal(await headlinePart(page, 'stepTime').innerText(), (await headlineText(page)).match(/\d+\.\d+ s/)[0]);
  assert.equal(await headlinePart(page, 'stepTime').evaluate((part) => getComputedStyle(part).visibility), 'visible');
  await page.goto(`${browser.served}#plannerTraining.gpus=1024`);
  await page.reload();
  assert.equal(await headlinePart(page, 'stepTime').evaluate((part) => getComputedStyle(part).visibility), 'hidden');
  assert.equal(await headlinePart(page, 'mfu').evaluate((part) => getComputedStyle(part).visibility), 'hidden');
  await page.close();

  // With the page's code: a linked plan the core rejects reads as dashes, never as the first plan.
  const { page: linked } = await browser.open(`${browser.served}#plannerTraining.gpus=1030`);
  // Only gpus is linked, the rest are the declared defaults: a global batch of 512 does not divide
  // over 1,030 data-parallel ranks, and the core names globalBatch.
  await linked
    .locator(
      'ridgepoint-calculator[state="plannerTraining"] .form-error, ridgepoint-calculator[state="plannerTraining"] .error',
    )
    .filter({ hasText: /globalBatch/ })
    .first()
    .waitFor();
  await linked.locator('ridgepoint-planner-headline [data-group="training"][data-stale]').waitFor();
  assert.equal(await headlinePart(linked, 'stepTime').innerText(), '—');
  assert.equal(await headlinePart(linked, 'stepTime').evaluate((part) => getComputedStyle(part).visibility), 'visible');
  const group = linked.locator('ridgepoint-planner-headline [data-group="training"]');
  assert.equal(await group.getAttribute('data-stale'), 'none');
  assert.match(await group.evaluate((box) => getComputedStyle(box, '::after').content), /no plan yet/);
  // The panel itself is never blank: it shows its declared defaults' result, marked as theirs.
  const results = linked.locator('ridgepoint-calculator[state="plannerTraining"] .results');
  assert.equal(await results.getAttribute('data-stale'), 'defaults');
  assert.match(await result(linked, 'plannerTraining', 'stepTime').innerText(), /^\d[\d.,]* s$/);
  await linked.close();
});
