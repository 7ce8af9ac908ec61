import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { assertClean, launch, addressWritten, keptAndChanged, result, screenshots, address } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// A config.json as Hugging Face publishes it, with keys ridgepoint does not read.
const llama8b = JSON.stringify(
  {
    architectures: ['LlamaForCausalLM'],
    hidden_size: 4096,
    intermediate_size: 14336,
    model_type: 'llama',
    num_attention_heads: 32,
    num_hidden_layers: 32,
    num_key_value_heads: 8,
    rope_scaling: { factor: 8.0, rope_type: 'llama3' },
    tie_word_embeddings: false,
    torch_dtype: 'bfloat16',
    vocab_size: 128256,
  },
  null,
  2,
);

test('DeepSeek-V3 opens by default with ISCA Table 1 and 2 reproduced', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'model-section' });
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '70.272 kB' }).waitFor();
  assert.equal(await result(page, 'modelStats', 'attention').innerText(), 'mla');
  assert.equal(await result(page, 'modelStats', 'trainingFlopsPerToken').innerText(), '250.45 GFLOP');
  // Counts read compactly; the exact count is on hover and read by screen readers after it.
  assert.equal(await result(page, 'modelStats', 'totalParams').innerText(), '671.03 bn');
  assert.equal(await result(page, 'modelStats', 'totalParams').getAttribute('title'), '671,026,404,352');
  const exactId = await result(page, 'modelStats', 'totalParams').getAttribute('aria-describedby');
  assert.equal(await page.locator(`[id="${exactId}"]`).textContent(), 'exact: 671,026,404,352');
  const components = page.locator('[data-table="components"] tbody tr');
  assert.match(await components.nth(3).innerText(), /routed experts\s+653\.91 bn\s+20\.435 bn/);
  assert.equal(await components.nth(3).locator('td').nth(1).getAttribute('title'), '653908770816');

  const table1 = page.locator('[data-table="isca-kv"] tbody tr');
  assert.match(await table1.nth(1).innerText(), /327\.68 kB\s+327\.68 kB\s+4\.66×\s+4\.66×/);
  assert.match(await table1.nth(2).innerText(), /516\.096 kB\s+516\.096 kB\s+7\.34×\s+7\.28× \(typo\)/);
  const table2 = page.locator('[data-table="isca-flops"] tbody tr');
  assert.match(await table2.nth(0).innerText(), /155\.3 GFLOP\s+155 GFLOP/);
  assert.match(await table2.nth(1).innerText(), /250\.45 GFLOP\s+250 GFLOP/);

  // The inference roofline: 7 operators per phase, in the table and on the chart.
  await page.locator('[data-table="operators"] tbody tr').nth(13).waitFor();
  assert.match(
    await page.locator('[data-table="operators"] tbody tr').nth(8).innerText(),
    /decode\s+attention core \(MLA absorbed\)/,
  );
  assert.equal(await page.locator('#model-section ridgepoint-roofline-chart svg .points circle').count(), 14);
  await page.locator('svg[data-chart="throughput"] path').first().waitFor(); // the throughput curve is drawn
  assert.equal(await result(page, 'mtp', 'tokensPerStep').innerText(), '1.85');
  assert.equal(await result(page, 'trainingBudget', 'totalCost').innerText(), '$5.576 M');
  await page.locator('#model-section').screenshot({ path: join(screenshots, 'model.png') });
  await assertClean(page, consoleErrors, foreignRequests, '#model-section');
  await page.close();
});

test('a pasted config computes its KV cache, lists ignored keys and assumed defaults, and a bad one dims the old result', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'model-section' });
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '70.272 kB' }).waitFor();
  // The memory bar is redrawn by moving its parts, not by rebuilding it.
  const kvPart = page.locator('svg[data-chart="memory"] rect.part.kv');
  await kvPart.waitFor({ state: 'attached' });
  const kvMoved = await keptAndChanged(page, await kvPart.elementHandle(), 'x');
  const text = page.locator('ridgepoint-model ridgepoint-model-config textarea');
  await text.fill(llama8b);
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '131.072 kB' }).waitFor();
  await kvMoved();
  assert.equal(await result(page, 'modelStats', 'attention').innerText(), 'gqa');
  assert.equal(await result(page, 'kvCache', 'kvBytesPerToken').innerText(), '131.072 kB');
  assert.equal(await result(page, 'modelStats', 'totalParams').innerText(), '8.0303 bn');
  const about = page.locator('ridgepoint-model ridgepoint-model-config .note');
  // The model in one line, as the planner's model panel (the same element) shows it.
  assert.equal(
    await about.locator('[data-summary]').innerText(),
    '8.03 bn parameters, 8.03 bn active per token; KV cache 131.1 kB per token in BF16.',
  );
  assert.match(await about.innerText(), /Ignored keys: architectures, rope_scaling, torch_dtype\./);
  assert.match(
    await about.innerText(),
    /Assumed \(head_dim\): head_dim is absent: hidden_size \/ num_attention_heads = 128/,
  );
  assert.equal(
    await page.locator('ridgepoint-model ridgepoint-model-config select[name="preset"]').inputValue(),
    'pasted',
  );
  await addressWritten(page);
  assert.match(
    decodeURIComponent(await address(page)),
    /model\.config=\{"hidden_size":4096/,
    'the URL hash holds the config',
  );
  assert.doesNotMatch(decodeURIComponent(await address(page)), /rope_scaling/, 'ignored keys stay out of the URL');

  const error = page.locator('ridgepoint-model ridgepoint-model-config output.error');
  const stale = page.locator('ridgepoint-calculator[state="modelStats"] .results');
  const bad = [
    ['{"hidden_size": 4096,', /^config is not JSON/],
    ['[1, 2]', /^config must be an object \(got a list\)/],
    [
      llama8b.replace('"hidden_size": 4096', '"hidden_size": -4096'),
      /^config\.hidden_size must be a whole number from 1 to 1,000,000 \(got -4096\)/,
    ],
    [
      llama8b.replace('"num_key_value_heads": 8', '"num_key_value_heads": 5'),
      /^config\.num_key_value_heads must give key\/value heads that divide num_attention_heads \(32\)/,
    ],
    [
      llama8b.replace(
        '"num_key_value_heads": 8,',
        '"num_key_value_heads": 8, "num_local_experts": 8, "num_experts_per_tok": 9,',
      ),
      /^config\.num_experts_per_tok must be a whole number from 1 to the experts \(8\)/,
    ],
    [llama8b.replace('"hidden_size": 4096,', ''), /^config\.hidden_size is required/],
  ];
  for (const [config, message] of bad) {
    await text.fill(config);
    assert.match(await error.innerText(), message);
    assert.equal(await text.getAttribute('aria-invalid'), 'true');
    // The last good result stays visible but dimmed as stale, never shown as the current model's.
    assert.equal(await result(page, 'modelStats', 'kvBytesPerToken').innerText(), '131.072 kB');
    await page.locator('ridgepoint-calculator[state="modelStats"] .results[data-stale]').waitFor();
    await page.locator('ridgepoint-calculator[state="kvCache"] .results[data-stale]').waitFor();
    assert.equal(await about.getAttribute('data-stale'), 'true');
    // and the summary of the last good config says that is what it is
    assert.match(await about.evaluate((note) => getComputedStyle(note, '::before').content), /^"Last good config/);
  }
  await text.fill(llama8b);
  assert.equal(await error.innerText(), '');
  await page.locator('ridgepoint-calculator[state="modelStats"] .results:not([data-stale])').waitFor();
  assert.equal(await stale.getAttribute('data-stale'), null);
  assert.equal(await about.getAttribute('data-stale'), null);

  // Falcon's family rules: multi-query attention and an FFN of 4 × hidden_size, both shown.
  await page.locator('ridgepoint-model ridgepoint-model-config select[name="preset"]').selectOption('falcon-7b');
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '8.192 kB' }).waitFor();
  assert.equal(await result(page, 'modelStats', 'attention').innerText(), 'mqa');
  assert.match(
    await about.innerText(),
    /Assumed \(intermediate_size\): intermediate_size is absent: 4 · hidden_size = 18176 \(falcon default\)/,
  );
  assert.match(await about.innerText(), /Ignored keys: alibi, apply_residual_connection_post_layernorm, architectures/);

  // A Mamba-2 hybrid (NVIDIA-Nemotron-Nano-9B-v2, the golden case's config): its blocks paired
  // into layers, the mixer-only ones and the Mamba-2 ones named, its state beside the KV cache.
  const golden = JSON.parse(readFileSync(new URL('../golden/model-import.json', import.meta.url), 'utf8'));
  const nemotron = golden.cases.find((item) => item.name.startsWith('NVIDIA-Nemotron-Nano-9B-v2')).input.config;
  await text.fill(JSON.stringify(nemotron, null, 2));
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '16.384 kB' }).waitFor();
  assert.equal(await result(page, 'modelStats', 'totalParams').innerText(), '8.8882 bn');
  assert.match(
    await about.innerText(),
    /GQA attention, 25 dense and 6 mixer-only layers, 27 Mamba-2 \(nemotron_h rules\)\./,
  );
  assert.match(await about.innerText(), /num_hidden_layers counts 56 blocks/);
  // Python's json.dump writes float('inf') as a bare Infinity (Nemotron-H's time_step_limit):
  // the page reads it as null, and the core lists the key as ignored.
  await text.fill(JSON.stringify(nemotron).replace(/^\{/, '{"time_step_limit": [0.0, Infinity], '));
  assert.equal(await error.innerText(), '');
  assert.match(await about.innerText(), /Ignored keys: .*time_step_limit/);
  // Falcon-H1: Mamba-2 beside the attention of every layer, named as such.
  const falcon = golden.cases.find((item) => item.name.startsWith('Falcon-H1-0.5B')).input.config;
  await text.fill(JSON.stringify(falcon));
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '18.432 kB' }).waitFor();
  assert.match(
    await about.innerText(),
    /GQA attention, 36 dense layers, Mamba-2 beside attention in each \(falcon_h1 rules\)\./,
  );
  // DeepSeek-V4-Flash: every layer's window and the two compression ratios named.
  await page
    .locator('ridgepoint-model ridgepoint-model-config select[name="preset"]')
    .selectOption('deepseek-v4-flash');
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '6.229 kB' }).waitFor();
  assert.match(
    await about.innerText(),
    /MQA attention, 43 MoE layers, 43 with a sliding window, 21 compressed 4:1 and 20 compressed 128:1 \(deepseek_v4 rules\)\./,
  );
  await assertClean(page, consoleErrors, foreignRequests, '#model-section');
  await page.close();
});

test('a preset and the KV format are kept in the URL and restored from it', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'model-section' });
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '70.272 kB' }).waitFor();
  await page.locator('ridgepoint-model ridgepoint-model-config select[name="preset"]').selectOption('qwen2.5-72b');
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '327.68 kB' }).waitFor();
  await page.locator('ridgepoint-calculator[state="modelStats"] input[name="kvBytes"]').fill('1');
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '163.84 kB' }).waitFor();
  await addressWritten(page);
  const url = await address(page);
  assert.match(url, /model\.preset=qwen2\.5-72b/);
  await page.close();

  const reopened = await browser.open(url);
  await result(reopened.page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '163.84 kB' }).waitFor();
  assert.equal(
    await reopened.page.locator('ridgepoint-model ridgepoint-model-config select[name="preset"]').inputValue(),
    'qwen2.5-72b',
  );
  await assertClean(
    reopened.page,
    [...consoleErrors, ...reopened.consoleErrors],
    [...foreignRequests, ...reopened.foreignRequests],
    '#model-section',
  );
  await reopened.page.close();
});

test('a config too long for a link is used, not kept in it, and the field says so', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'model-section' });
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '70.272 kB' }).waitFor();
  // An FP8 checkpoint's quantization_config listing every module it leaves in BF16: a key the
  // core reads (the weights' format), so kept, and 40 kB of it.
  const modules = Array.from({ length: 1200 }, (_, index) => `model.layers.${index}.mlp.gate_proj`);
  const quantized = {
    ...JSON.parse(llama8b),
    quantization_config: { quant_method: 'fp8', modules_to_not_convert: modules },
  };
  const text = page.locator('ridgepoint-model ridgepoint-model-config textarea');
  await text.fill(JSON.stringify(quantized));
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '131.072 kB' }).waitFor();
  assert.match(
    await page.locator('ridgepoint-model ridgepoint-model-config output.error').innerText(),
    /^this config \(\d+ kB\) is used but not kept in the page's link \(at most 32 kB\): a copied link opens on DeepSeek-V3$/,
  );
  await addressWritten(page);
  assert.doesNotMatch(decodeURIComponent(await address(page)), /model\.config=/);
  // A short one is kept again, and the message goes.
  await text.fill(llama8b);
  await addressWritten(page);
  assert.match(decodeURIComponent(await address(page)), /model\.config=\{"hidden_size":4096/);
  assert.equal(await page.locator('ridgepoint-model ridgepoint-model-config output.error').innerText(), '');
  await assertClean(page, consoleErrors, foreignRequests, '#model-section');
  await page.close();
});

test('the offline file computes the model section with no request', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.offline, { section: 'model-section' });
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '70.272 kB' }).waitFor();
  await page.locator('ridgepoint-model ridgepoint-model-config textarea').fill(llama8b);
  await result(page, 'kvCache', 'tokensThatFit').filter({ hasText: '487,819' }).waitFor();
  await assertClean(page, consoleErrors, foreignRequests, '#model-section');
  await page.close();
});
