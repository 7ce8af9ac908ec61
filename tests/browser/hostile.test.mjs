// Links a stranger can send: every hash key the page reads holding HTML, script URLs, huge or
// deeply nested values, and user data past its limits. None may run a script, add an element,
// print a console error or stop the page from computing; bad entries are reported and dropped.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertClean, launch, result, showEverySection } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// Each payload sets window.__pwned if it ever runs.
const payloads = [
  '<img src=x onerror="window.__pwned=1">',
  '"><script>window.__pwned=1</script>',
  'javascript:window.__pwned=1',
  '</textarea><svg onload="window.__pwned=1"></svg>',
  "'-alert(window.__pwned=1)-'",
];

/** Every `namespace.key` the page keeps in its hash, read from the page's own controls. */
async function hashKeys(page) {
  return page.evaluate(() => {
    const keys = new Set([
      'machineA.machine',
      'machineA.precision',
      'machineB.machine',
      'machineB.precision',
      'shapes.list',
      'chart.points',
      'model.config',
      'compare.added',
      'icNode.node',
      'collChart.metric',
    ]);
    for (const calculator of document.querySelectorAll('ridgepoint-calculator[state]')) {
      const state = calculator.getAttribute('state');
      if (state === 'none') continue;
      for (const control of calculator.querySelectorAll('input[name], select[name]'))
        keys.add(`${state}.${control.name}`);
    }
    return [...keys];
  });
}

/** The elements a payload could add, counted: compared with a clean page's. */
const markupCounts = (page) =>
  page.evaluate(() => ({
    scripts: document.scripts.length,
    images: document.images.length,
    iframes: document.querySelectorAll('iframe, object, embed').length,
    handlers: [...document.querySelectorAll('*')].filter((node) =>
      [...node.attributes].some((attribute) => attribute.name.startsWith('on')),
    ).length,
    links: document.querySelectorAll('a[href^="javascript:"]').length,
  }));

// Every section built: the clean page scrolls through them, and a hash with state builds them all.
async function ready(page) {
  await result(page, 'machineA.roof', 'ridgePoint').filter({ hasText: 'FLOP/B' }).waitFor();
  await page.locator('ridgepoint-shape-table').waitFor();
  await page.waitForFunction(() => !document.querySelector('main > section > template'));
}

/** The throughput panel still computes once its fields hold valid numbers. */
async function stillComputes(page) {
  const panel = page.locator('ridgepoint-calculator[state="throughput"]');
  for (const [name, value] of Object.entries({
    m: '64',
    n: '64',
    k: '16',
    batch: '1',
    aBytes: '2',
    bBytes: '2',
    cBytes: '2',
  })) {
    await panel.locator(`input[name="${name}"]`).fill(value);
  }
  await result(page, 'throughput', 'intensity').filter({ hasText: '10.6667 FLOP/B' }).waitFor();
}

test('HTML and script URLs in every hash key run nothing and add no element', async () => {
  const clean = await browser.open(browser.served);
  await showEverySection(clean.page);
  await ready(clean.page);
  const keys = await hashKeys(clean.page);
  const baseline = await markupCounts(clean.page);
  await clean.page.close();
  assert.ok(keys.length > 100, `the page keeps many keys in its hash (${keys.length})`);

  for (const payload of payloads) {
    const hash = `#${keys.map((key) => `${key}=${encodeURIComponent(payload)}`).join('&')}`;
    const { page, consoleErrors, foreignRequests } = await browser.open(browser.served + hash);
    await ready(page);
    await stillComputes(page);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, `${payload} ran`);
    assert.deepEqual(await markupCounts(page), baseline, `${payload} added markup`);
    assert.match(
      await page.locator('ridgepoint-calculator[state="latency"] [data-field="m"] output.error').innerText(),
      /^m must be/,
    );
    await assertClean(page, consoleErrors, foreignRequests);
    await page.close();
  }
});

test('huge and deeply nested values are refused beside their field and the page computes', async () => {
  const deepConfig = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  const hash =
    `#throughput.m=${'9'.repeat(100000)}&latency.k=${'x'.repeat(70000)}&model.config=${encodeURIComponent(deepConfig)}` +
    `&check.measuredTime=1e308&crossover.n=-0&batch.latency=${encodeURIComponent('[[[[[[1]]]]]]')}`;
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served + hash);
  await ready(page);
  assert.match(
    await page.locator('ridgepoint-calculator[state="throughput"] [data-field="m"] output.error').innerText(),
    /^m must be a whole number from 1 to 1,000,000,000/,
  );
  assert.match(
    await page.locator('ridgepoint-calculator[state="latency"] [data-field="k"] output.error').innerText(),
    /^k (must be a whole number|is text longer than 65536)/,
  );
  assert.match(
    await page.locator('ridgepoint-calculator[state="check"] [data-field="measuredTime"] output.error').innerText(),
    /^measuredTime must be/,
  );
  await stillComputes(page);
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('a config with an unread key nested 5,000 deep or 200,000 unread keys is refused, never hangs the page', async () => {
  const valid = {
    hidden_size: 4096,
    num_hidden_layers: 32,
    num_attention_heads: 32,
    intermediate_size: 11008,
    vocab_size: 32000,
  };
  const deep = `${JSON.stringify(valid).slice(0, -1)},"unread":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
  const { page, consoleErrors, foreignRequests } = await browser.open(
    `${browser.served}#model.config=${encodeURIComponent(deep)}`,
  );
  await ready(page);
  // The linked config is refused by the API's limits, so the page falls back to its preset.
  await page.waitForFunction(
    () => document.querySelector('ridgepoint-model ridgepoint-model-config select')?.value === 'deepseek-v3',
  );
  assert.doesNotMatch(await page.locator('ridgepoint-model ridgepoint-model-config textarea').inputValue(), /"unread"/);
  assert.match(
    await page.locator('ridgepoint-model ridgepoint-model-config output.error').textContent(),
    /The link's config was dropped: .*nested more than 32 levels deep/,
    'the refused link is reported beside the field',
  );

  const wide = { ...valid };
  for (let i = 0; i < 200000; i += 1) wide[`unread_${i}`] = i;
  await page.locator('ridgepoint-model ridgepoint-model-config textarea').fill(JSON.stringify(wide));
  await page.waitForFunction(() =>
    /more than 10000 keys/.test(
      document.querySelector('ridgepoint-model ridgepoint-model-config output.error')?.textContent,
    ),
  );
  assert.doesNotMatch(
    await page.locator('ridgepoint-model ridgepoint-model-config').evaluate((node) => node.textContent),
    /unread_1\b/,
    'no paragraph lists the keys',
  );
  await stillComputes(page);
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('user points past the chart range or in the thousands are dropped with a message, the rest load', async () => {
  const many = Array.from({ length: 10000 }, (_, i) => `p${i}~${1 + (i % 50)}~1e12`).join('|');
  const hash = `#chart.points=${encodeURIComponent(`big~1e308~1e12|tiny~5~1e-300|short~5|ok~5~1e13|${many}`)}`;
  const started = Date.now();
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served + hash);
  await ready(page);
  const chart = page.locator('ridgepoint-roofline-chart[state="chart"]');
  await chart.locator('.user-points li').first().waitFor();
  const loaded = Date.now() - started;
  assert.equal(await chart.locator('.user-points li').count(), 100, 'the first 100 valid points load');
  assert.match(await chart.locator('.user-points li').first().innerText(), /^ok: 5 FLOP\/B/);
  const message = await chart.locator('form.add-point output.error').innerText();
  assert.match(
    message,
    /point 1 of the link \(big\) was dropped: intensity must be a number from 0\.000001 to 1,000,000,000,000 FLOP\/B/,
  );
  assert.match(message, /point 2 of the link \(tiny\) was dropped: flops must be/);
  assert.match(message, /point 3 of the link \(short\) was dropped/);
  assert.ok(message.length < 1000, 'the message stays short');
  const paths = await chart
    .locator('svg path')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('d') ?? ''));
  assert.ok(paths.length > 0 && paths.every((d) => !/NaN|Infinity/.test(d)), 'every path is finite');
  assert.ok(loaded < 20000, `the page loads in reasonable time (${loaded} ms)`);

  // A typed point goes through the same check.
  await chart.locator('input[name="intensity"]').fill('1e308');
  await chart.locator('input[name="flops"]').fill('1T');
  await chart.getByRole('button', { name: 'Add point' }).click();
  assert.match(await chart.locator('form.add-point output.error').innerText(), /at most 100 points|intensity must be/);
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('shape entries that are not m×n×k are dropped with a message and the others load', async () => {
  const hash = `#shapes.list=${encodeURIComponent('64x64,1x2x3x4,<b>x</b>x1,64x64x16,,4096x4096x4096')}`;
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served + hash);
  await ready(page);
  const table = page.locator('ridgepoint-shape-table');
  await table.locator('tbody tr td.bound-memory').first().waitFor();
  assert.equal(await table.locator('tbody tr').count(), 3);
  assert.match(await table.locator('tbody tr').nth(1).innerText(), /10\.67\s+memory-bound/);
  const message = await table.locator('output.error').innerText();
  assert.match(message, /shape 1 of the link \('64x64'\) was dropped: it needs m×n×k/);
  assert.match(message, /shape 2 of the link \('1x2x3x4'\) was dropped/);
  assert.match(message, /shape 5 of the link \(''\) was dropped/);
  // '<b>' parts stay text, refused by gemm beside the row.
  assert.match(await table.locator('tbody tr').nth(0).innerText(), /m must be a whole number/);
  assert.equal(await page.locator('main b').count(), 0);
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});
