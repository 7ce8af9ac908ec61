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

test('the formats table and the spacing panel show each format as its specification defines it', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(`${browser.served}#precision-section`, {
    section: 'precision-section',
  });
  await result(page, 'fmtSpacing', 'positiveValues').filter({ hasText: '126' }).waitFor();
  assert.equal(await result(page, 'fmtSpacing', 'max').innerText(), '448');
  const formatRows = page.locator('[data-table="number-formats"] tbody tr');
  assert.equal(await formatRows.count(), 13);
  // TF32 computes with 19 bits and is stored in FP32's 32 (rows in rp.formats() order: tf32, fp32 last).
  assert.deepEqual((await formatRows.nth(11).locator('td').allInnerTexts()).slice(0, 3), [
    'tf32',
    'TF32',
    '19 (stored in 32)',
  ]);
  assert.deepEqual((await formatRows.nth(12).locator('td').allInnerTexts()).slice(0, 3), [
    'fp32',
    'FP32 (IEEE binary32)',
    '32',
  ]);
  await page.locator('svg[data-chart="spacing"] path').first().waitFor(); // the spacing curves are drawn

  const panel = page.locator('ridgepoint-calculator[state="fmtSpacing"]');
  await panel.locator('select[name="format"]').selectOption('fp16');
  await result(page, 'fmtSpacing', 'max').filter({ hasText: '65,504' }).waitFor();
  assert.equal(await result(page, 'fmtSpacing', 'positiveValues').innerText(), '31,743');
  // The address bar is written once per frame: the next frames show it.
  await page.waitForFunction(() => /fmtSpacing\.format=fp16/.test(location.hash));
  // The list names the format; its value (the address's, the API's) is the id.
  assert.equal(await panel.locator('select[name="format"] option:checked').textContent(), 'FP16 (IEEE binary16)');
  await assertClean(page, consoleErrors, foreignRequests, '#precision-section');
  await page.close();
});

test('one number rounds to nearest even and E4M3 saturates; bad input stays beside its field', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(`${browser.served}#precision-section`, {
    section: 'precision-section',
  });
  const panel = page.locator('ridgepoint-calculator[state="roundValue"]');
  await result(page, 'roundValue', 'rounded').filter({ hasText: '0.3125' }).waitFor(); // 0.3 in E4M3
  await panel.locator('input[name="value"]').fill('464');
  await result(page, 'roundValue', 'rounded').filter({ hasText: '448' }).waitFor();
  assert.equal(await result(page, 'roundValue', 'clipped').innerText(), 'yes');
  await panel.locator('input[name="value"]').fill('1.0625');
  await result(page, 'roundValue', 'rounded').filter({ hasText: /^1$/ }).waitFor();
  await panel.locator('input[name="value"]').fill('NaN');
  assert.match(await panel.locator('[data-field="value"] output.error').innerText(), /^value must be a number/);
  assert.equal(await result(page, 'roundValue', 'rounded').innerText(), '1', 'the last good result stays');
  await assertClean(page, consoleErrors, foreignRequests, '#precision-section');
  await page.close();
});

test('the accumulation panel shows the 14-bit register error at K = 4096 and promotion every 128 bounds it', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(`${browser.served}#precision-section`, {
    section: 'precision-section',
  });
  const panel = page.locator('ridgepoint-calculator[state="accumulation"]');
  // Golden (tests/golden/precision.json): 0.067677747595831367 at K = 4096, seed 1, 16 trials.
  await result(page, 'accumulation', 'maxRelativeError').filter({ hasText: '0.0676777' }).waitFor();
  assert.match(await page.locator('[data-note="accumulation"]').textContent(), /6\.77 %/);
  await page.locator('svg[data-chart="accumulation"] path[stroke-width="2"]').nth(2).waitFor();
  assert.equal(
    await page.locator('svg[data-chart="accumulation"] path[stroke-width="2"]').count(),
    3,
    'fp32, 14-bit and promoted curves',
  );
  await panel.locator('input[name="promoteEvery"]').fill('128');
  await result(page, 'accumulation', 'maxRelativeError').filter({ hasText: '0.000529839' }).waitFor();
  assert.equal(await result(page, 'accumulation', 'wgmmasPerPromotion').innerText(), '4');
  await panel.locator('input[name="promoteEvery"]').fill('100');
  assert.match(await panel.locator('[data-field="promoteEvery"] output.error').innerText(), /multiple of 32/);
  assert.equal(await result(page, 'accumulation', 'maxRelativeError').innerText(), '0.000529839');
  // The chart's three sweeps run after the edit's result has painted, for the last value typed.
  await panel.locator('input[name="promoteEvery"]').fill('');
  await panel.locator('input[name="promoteEvery"]').pressSequentially('256', { delay: 0 });
  const chart = page.locator('svg[data-chart="accumulation"]');
  await chart.locator('text', { hasText: 'promoted every 256' }).waitFor();
  assert.equal(await chart.locator('text', { hasText: /promoted every (?!256)/ }).count(), 0);
  assert.equal(await chart.locator('path[stroke-width="2"]').count(), 3);
  await page.locator('#precision-section').screenshot({ path: join(screenshots, 'precision.png') });
  await assertClean(page, consoleErrors, foreignRequests, '#precision-section');
  await page.close();
});

test('quantize and LogFMT panels compute on the seeded tensors', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(`${browser.served}#precision-section`, {
    section: 'precision-section',
  });
  await result(page, 'quantize', 'elements').filter({ hasText: '262,144' }).waitFor();
  assert.equal(await result(page, 'quantize', 'scaleBitsPerElement').innerText(), '0.25 bit');
  await result(page, 'logFmt', 'stepDivisor').filter({ hasText: '126' }).waitFor();
  assert.match(await page.locator('[data-note="logFmt"]').innerText(), /less than BF16/);
  const panel = page.locator('ridgepoint-calculator[state="quantize"]');
  await panel.locator('select[name="format"]').selectOption('ue8m0');
  assert.match(await panel.locator('[data-field="format"] output.error').innerText(), /scale format/);
  await panel.locator('select[name="format"]').selectOption('e4m3');
  await panel.locator('select[name="distribution"]').selectOption('histogram');
  await panel.locator('input[name="histogramEdges"]').fill('-1, 1');
  await panel.locator('input[name="histogramCounts"]').fill('3');
  // Golden (tests/golden/precision.json): one bin on [-1, 1] gives the uniform tensor's RMS error.
  await result(page, 'quantize', 'rmsError').filter({ hasText: '0.0145452' }).waitFor();
  await panel.locator('input[name="histogramEdges"]').fill('1, -1');
  assert.match(await panel.locator('[data-field="histogramEdges"] output.error').innerText(), /must increase/);
  assert.equal(await result(page, 'quantize', 'rmsError').innerText(), '0.0145452', 'the last good result stays');
  await assertClean(page, consoleErrors, foreignRequests, '#precision-section');
  await page.close();
});

test('an edit to a slow panel paints "Computing…" at once and computes once typing pauses', async () => {
  // 4096 × 4096 elements take hundreds of milliseconds: the first result marks the panel slow.
  const { page, consoleErrors, foreignRequests } = await browser.open(
    `${browser.served}#quantize.rows=4096&quantize.cols=4096`,
    { section: 'precision-section' },
  );
  await result(page, 'quantize', 'elements').filter({ hasText: '16.777 M' }).waitFor();
  const before = await result(page, 'quantize', 'rmsError').innerText();
  await page.evaluate(() => {
    const results = document.querySelector('ridgepoint-calculator[state="quantize"] .results');
    window.busyMarks = 0;
    new MutationObserver(() => {
      if (results.getAttribute('aria-busy') === 'true') window.busyMarks += 1;
    }).observe(results, { attributes: true, attributeFilter: ['aria-busy'] });
    window.evaluations = 0;
    results.closest('ridgepoint-calculator').addEventListener('ridgepoint-result', () => (window.evaluations += 1));
  });
  // Three keys typed quickly: one evaluation, for the value typed last (seed 123).
  const seed = page.locator('ridgepoint-calculator[state="quantize"] input[name="seed"]');
  await seed.fill('');
  await seed.pressSequentially('123', { delay: 20 });
  await page.locator('ridgepoint-calculator[state="quantize"] .results:not([aria-busy])').waitFor();
  await result(page, 'quantize', 'rmsError').filter({ hasNotText: before }).waitFor();
  assert.ok((await page.evaluate(() => window.busyMarks)) >= 1, 'the panel said it was computing');
  assert.equal(await page.evaluate(() => window.evaluations), 1);
  assert.match(await page.evaluate(() => location.hash), /quantize\.seed=123/);
  await assertClean(page, consoleErrors, foreignRequests, '#precision-section');
  await page.close();
});

test('the bytes on the wire of a format go to the interconnect section, built for it if needed', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(`${browser.served}#precision-section`, {
    section: 'precision-section',
  });
  const panel = page.locator('ridgepoint-calculator[state="commBytes"]');
  await result(page, 'commBytes', 'dispatchBytesPerElement')
    .filter({ hasText: /^1\.03125 B$/ })
    .waitFor();
  // NVFP4: 4 bits and one E4M3 scale per 16 elements, 0.5 + 1/16 B (OCP MX, NVIDIA NVFP4).
  await panel.locator('select[name="dispatchFormat"]').selectOption('nvfp4');
  await result(page, 'commBytes', 'dispatchBytesPerElement')
    .filter({ hasText: /^0\.5625 B$/ })
    .waitFor();
  assert.equal(await page.locator('#interconnect-section > template').count(), 1, 'not built before the link');
  await page.getByRole('link', { name: /Use these dispatch and combine bytes/ }).click();
  for (const state of ['epStep', 'epAllToAll']) {
    const calculator = page.locator(`ridgepoint-calculator[state="${state}"]`);
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.value === '0.5625',
      `ridgepoint-calculator[state="${state}"] input[name="dispatchBytes"]`,
    );
    assert.equal(await calculator.locator('input[name="combineBytes"]').inputValue(), '2');
  }
  // ISCA'25 §2.3.2's decode limit at 0.5625 + 2 B per element: 5,166,000 B per layer at 50 GB/s
  // plus 2 · 1 µs, 61 layers: 12.605 ms, 79.33 tokens/s (67.76 with FP8 dispatch).
  await result(page, 'epStep', 'tokensPerSecond')
    .filter({ hasText: /^79\.33/ })
    .waitFor();
  await page.waitForFunction(() => /epStep\.dispatchBytes=0\.5625/.test(location.hash));
  await assertClean(page, consoleErrors, foreignRequests, '#interconnect-section');
  await page.close();
});
