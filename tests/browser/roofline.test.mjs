import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { assertClean, launch, addressWritten, result, screenshots, address } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The card's toy machines are one choice away from the default H800 and H100.
const card = '#machineA.machine=toy-60&machineB.machine=toy-100';

test('the page opens on real hardware: H800 against H100', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'roofline-section' });
  await result(page, 'machineA.roof', 'ridgePoint').filter({ hasText: '295.343 FLOP/B' }).waitFor();
  assert.equal(
    await page.locator('ridgepoint-machine-picker[state="machineA"] select[name="machine"]').inputValue(),
    'h800-sxm',
  );
  assert.equal(
    await page.locator('ridgepoint-machine-picker[state="machineB"] select[name="machine"]').inputValue(),
    'h100-sxm',
  );
  assert.equal(await result(page, 'machineB.roof', 'ridgePoint').innerText(), '295.224 FLOP/B');
  assert.equal(new URL(await address(page)).hash, '', 'the defaults put nothing in the URL');
  // H800's BF16 roof and H100's lie 0.4 TFLOP/s apart: their names are apart too, and no name is
  // written across a roof's line.
  const chart = page.locator('ridgepoint-roofline-chart');
  await chart.locator('.roof-labels text').nth(2).waitFor();
  const labels = await chart.evaluate((host) => {
    const lines = [...host.querySelectorAll('g.roof circle')].map((circle) => Number(circle.getAttribute('cy')));
    return [...host.querySelectorAll('.roof-labels text')].map((text) => {
      const box = text.getBBox();
      return {
        top: box.y,
        bottom: box.y + box.height,
        crossed: lines.filter((y) => y > box.y && y < box.y + box.height),
      };
    });
  });
  assert.equal(labels.length, 3);
  for (const { crossed } of labels) assert.deepEqual(crossed, []);
  // Drawn over the points (after them), on a halo of the chart's background.
  assert.ok(
    await chart.evaluate(
      (host) =>
        host.querySelector('.points').compareDocumentPosition(host.querySelector('.roof-labels')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ),
  );
  assert.equal(
    await chart.locator('.roof-labels text').first().getAttribute('stroke'),
    await chart.locator('rect.background').getAttribute('fill'),
  );
  const sorted = labels.toSorted((a, b) => a.top - b.top);
  for (let index = 1; index < sorted.length; index++) assert.ok(sorted[index].top >= sorted[index - 1].bottom - 1);
  // The precision list follows the machine at once: B200 offers FP4.
  const machineB = page.locator('ridgepoint-machine-picker[state="machineB"]');
  await machineB.locator('select[name="machine"]').selectOption('b200');
  assert.deepEqual(await machineB.locator('select[name="precision"] option').allInnerTexts(), [
    'FP64',
    'TF32',
    'BF16/FP16',
    'FP8',
    'INT8',
    'FP4',
  ]);
  await machineB.locator('select[name="precision"]').selectOption('fp4');
  await result(page, 'machineB.roof', 'ridgePoint').filter({ hasText: '1,125 FLOP/B' }).waitFor();
  await machineB.locator('select[name="machine"]').selectOption('toy-100');
  assert.deepEqual(await machineB.locator('select[name="precision"] option').allInnerTexts(), ['BF16/FP16']);
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('the served page computes the card: ridge 20, 64x64x16 memory-bound, k = 54', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served + card);
  await assert.doesNotReject(result(page, 'machineA.roof', 'ridgePoint').filter({ hasText: '20 FLOP/B' }).waitFor());
  await result(page, 'crossover', 'k').filter({ hasText: '54' }).waitFor();
  assert.equal(await result(page, 'crossover', 'analyticK').innerText(), '53.3333');
  const rows = page.locator('ridgepoint-shape-table tbody tr');
  await rows.first().locator('td.bound-memory').first().waitFor();
  assert.match(await rows.nth(0).innerText(), /10\.67\s+memory-bound\s+memory-bound/);
  assert.match(await rows.nth(1).innerText(), /21\.33\s+compute-bound\s+memory-bound/);
  // Every shape the page opens on evaluates, the GEMV (1×8192×8192) too: 2 FLOP per 2-byte weight.
  assert.equal(await page.locator('ridgepoint-shape-table td.error').count(), 0);
  assert.match(await rows.nth(4).innerText(), /0\.9998\s+memory-bound\s+memory-bound/);
  // Any whole number is read as typed, whatever digit it ends in (m, n and k are columns 0-2):
  // intensity 2mnk / 2(mk + kn + mn) for 10×64×16, 10×11×16, 10×11×512.
  for (const [column, value, intensity] of [
    [0, '10', /^5\.614$/],
    [1, '11', /^3\.946$/],
    [2, '512', /^5\.185$/],
  ]) {
    await rows.nth(0).locator(`input[data-column="${column}"]`).fill(value);
    await rows.nth(0).locator('td.number').nth(2).filter({ hasText: intensity }).waitFor();
  }
  // Machine B (ridge 50) cannot make 64x64 compute-bound at any k: the page says so.
  await page.locator('[data-note="crossoverB"]').filter({ hasText: 'No k reaches the ridge' }).waitFor();
  assert.ok(
    (await page.locator('ridgepoint-roofline-chart svg .points circle').count()) >= 5,
    'operations are plotted',
  );
  await page.screenshot({ path: join(screenshots, 'roofline.png'), fullPage: true });
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('bad input is shown beside its field and the last good result stays', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'roofline-section' });
  const panel = page.locator('ridgepoint-calculator[state="throughput"]');
  await result(page, 'throughput', 'intensity').filter({ hasText: '10.6667 FLOP/B' }).waitFor();
  for (const bad of ['0', '-4', 'abc', '', '1e30', 'NaN', 'Infinity']) {
    await panel.locator('input[name="k"]').fill(bad);
    const message = await panel.locator('[data-field="k"] output.error').innerText();
    assert.match(message, /^k must be a whole number from 1 to 1,000,000,000/, `k = '${bad}'`);
    assert.equal(await panel.locator('input[name="k"]').getAttribute('aria-invalid'), 'true');
    assert.equal(await result(page, 'throughput', 'intensity').innerText(), '10.6667 FLOP/B', 'last good result stays');
    assert.equal(await panel.locator('.results').getAttribute('data-stale'), 'true');
  }
  await panel.locator('input[name="k"]').fill('64');
  await result(page, 'throughput', 'intensity').filter({ hasText: '21.3333' }).waitFor();
  assert.equal(await panel.locator('.results').getAttribute('data-stale'), null);
  // A value typed with its field's unit, as the page writes it, reads as without it; another
  // unit is refused beside the field.
  const machineA = page.locator('ridgepoint-machine-picker[state="machineA"]');
  await machineA.locator('input[name="memoryBandwidth"]').fill('2 TB/s');
  await result(page, 'machineA.roof', 'ridgePoint').filter({ hasText: '494.7 FLOP/B' }).waitFor();
  await machineA.locator('input[name="memoryBandwidth"]').fill('2 TB');
  await machineA
    .locator('[data-field="memoryBandwidth"] output.error')
    .filter({ hasText: 'memoryBandwidth' })
    .waitFor();
  await machineA.locator('input[name="memoryBandwidth"]').fill('3.35 TB/s');
  await result(page, 'machineA.roof', 'ridgePoint').filter({ hasText: '295.343 FLOP/B' }).waitFor();
  await addressWritten(page);
  assert.match(await address(page), /throughput\.k=64/, 'the URL hash holds the state');
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('a copied link reproduces the view, and a tampered hash is shown as text only', async () => {
  const hash =
    '#crossover.m=256&crossover.n=256&machineA.machine=toy-60&machineA.precision=bf16&machineB.machine=h800-sxm&machineB.precision=fp8' +
    '&throughput.m=%3Cimg%20src%3Dx%3E&chart.points=mine~5~1e13';
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served + hash);
  await result(page, 'crossover', 'k').filter({ hasText: '24' }).waitFor();
  await page
    .locator('ridgepoint-machine-picker[state="machineB"] select[name="machine"]')
    .filter({ hasText: 'H800' })
    .waitFor();
  assert.equal(
    await page.locator('ridgepoint-machine-picker[state="machineB"] select[name="precision"]').inputValue(),
    'fp8',
  );
  const error = page.locator('ridgepoint-calculator[state="throughput"] [data-field="m"] output.error');
  assert.match(await error.innerText(), /^m must be a whole number/);
  // With no good result before it, the panel shows its defaults' result, marked as the defaults':
  // never a blank panel.
  const results = page.locator('ridgepoint-calculator[state="throughput"] .results');
  assert.equal(await results.getAttribute('data-stale'), 'defaults');
  assert.equal(await results.getAttribute('data-unset'), null);
  assert.match(
    await results.evaluate((list) => getComputedStyle(list, '::before').content),
    /^"Result of the default inputs/,
  );
  assert.match(await result(page, 'throughput', 'intensity').innerText(), /\d FLOP\/B/);
  assert.equal(await page.locator('main img').count(), 0, 'nothing from the URL becomes markup');
  assert.equal(await page.locator('.user-points li').count(), 1, 'the added point comes back');
  await page.locator('ridgepoint-calculator[state="throughput"] input[name="m"]').fill('64');
  await result(page, 'throughput', 'intensity').filter({ hasText: 'FLOP/B' }).waitFor();
  await page.waitForFunction(
    () => !document.querySelector('ridgepoint-calculator[state="throughput"] .results').hasAttribute('data-stale'),
  );
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test("a custom machine is edited in place and the chart exports as SVG with the person's points labelled", async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(
    `${browser.served}${card}&chart.points=mine~5~1e13`,
  );
  const picker = page.locator('ridgepoint-machine-picker[state="machineA"]');
  await picker.locator('input[name="memoryBandwidth"]').fill('1T');
  await result(page, 'machineA.roof', 'ridgePoint').filter({ hasText: '60 FLOP/B' }).waitFor();
  assert.equal(await picker.locator('select[name="machine"]').inputValue(), 'custom');
  await result(page, 'throughput', 'ridgePoint').filter({ hasText: '60 FLOP/B' }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#roofline-section').getByRole('button', { name: 'Export SVG' }).click(),
  ]);
  const svg = readFileSync(await download.path(), 'utf8');
  assert.match(svg, /^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(svg, /ridge 60/);
  assert.match(svg, /<text[^>]*>mine<\/text>/, 'the added point keeps its label');
  // Its axes take the chart's font family, not d3-axis's own.
  assert.match(svg, /<svg[^>]+font-family="system-ui, sans-serif"/);
  assert.doesNotMatch(svg, /font-family="sans-serif"/);
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('the offline bundle works from file:// with no request to anything', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.offline + card);
  await result(page, 'crossover', 'k').filter({ hasText: '54' }).waitFor();
  const html = readFileSync(new URL(browser.offline), 'utf8');
  assert.doesNotMatch(
    html,
    /<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!www\.w3\.org)/,
    'no reference to another file or origin',
  );
  const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
  assert.match(
    policy,
    // Three inline scripts, each by its hash: the page's code, the loader that starts it after the
    // first paint, and the headline's look at the address.
    /^default-src 'none'; script-src (?:'sha256-[^']+' ){3}'wasm-unsafe-eval'; style-src 'sha256-/,
    'a strict policy',
  );
  assert.doesNotMatch(policy, /'unsafe-eval'|'unsafe-inline'|connect-src/);
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('the page reads at 360 px wide and follows a dark colour scheme', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served + card, {
    viewport: { width: 360, height: 800 },
  });
  await result(page, 'crossover', 'k').filter({ hasText: '54' }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling at 360 px (overflow ${overflow} px)`);
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.notEqual(light, dark);
  await page.screenshot({ path: join(screenshots, 'roofline-360-dark.png'), fullPage: true });
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('at 360 px the roofs of real machines are named within the chart, cut short, not over its axis', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, {
    viewport: { width: 360, height: 800 },
    section: 'roofline-section',
  });
  const chart = page.locator('#roofline-section ridgepoint-roofline-chart svg');
  await chart.locator('.roof-labels text').first().waitFor();
  const { axis, labels } = await chart.evaluate((svg) => ({
    axis: svg.querySelector('.y-axis').transform.baseVal[0].matrix.e, // the axis line's x
    labels: [...svg.querySelectorAll('.roof-labels text')].map((text) => ({
      left: text.getBBox().x,
      text: text.textContent,
    })),
  }));
  assert.ok(labels.length >= 2);
  // Cut inside the name, keeping the precision: the two machines and the two precisions of A stay
  // apart.
  assert.equal(new Set(labels.map(({ text }) => text)).size, labels.length, labels.map(({ text }) => text).join(' | '));
  assert.ok(
    labels.some(({ text }) => text.includes('…')),
    'the longest names are cut',
  );
  for (const { left, text } of labels) {
    // The whole names do not fit 360 px: the vendor goes, then what must of the rest.
    assert.match(text, /^(B: )?H[18]00 [^·]* (BF16\/FP16|FP8) · ridge \d/);
    assert.ok(left >= axis, `${text} starts right of the y axis (${left} vs ${axis})`);
  }
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test("numbers machine A's roof refuses mark what it feeds as its last good machine's, until they are fixed", async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'roofline-section' });
  const throughput = page.locator('ridgepoint-calculator[state="throughput"] .results');
  await result(page, 'throughput', 'intensity').filter({ hasText: 'FLOP/B' }).waitFor();
  const peak = page.locator('ridgepoint-machine-picker[state="machineA"] input[name="peakFlops"]');
  const original = await peak.inputValue();
  await peak.fill('abc');
  await page.waitForFunction(
    () => document.querySelector('ridgepoint-calculator[state="throughput"] .results').dataset.stale === 'upstream',
  );
  assert.match(await throughput.evaluate((list) => getComputedStyle(list, '::before').content), /machine's numbers/);
  for (const view of await page.locator('ridgepoint-roofline [data-machine-view]').all())
    assert.equal(await view.getAttribute('data-stale'), '', 'the chart and the shape table are marked');
  await peak.fill(original);
  await page.waitForFunction(
    () =>
      !document.querySelector('ridgepoint-calculator[state="throughput"] .results').hasAttribute('data-stale') &&
      !document.querySelector('ridgepoint-roofline [data-machine-view][data-stale]'),
  );
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});
