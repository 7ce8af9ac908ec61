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

test('the EP panel reproduces the ISCA speed limit and follows a bandwidth change', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, {
    section: 'interconnect-section',
  });
  await result(page, 'epStep', 'commTime').filter({ hasText: '120.96 µs' }).waitFor();
  assert.equal(await result(page, 'epStep', 'bytes').innerText(), '6.048 MB');
  assert.equal(await result(page, 'epStep', 'layerTime').innerText(), '241.92 µs');
  assert.equal(await result(page, 'epStep', 'tpot').innerText(), '14.7571 ms');
  assert.equal(await result(page, 'epStep', 'tokensPerSecond').innerText(), '67.7639 tokens/s');
  assert.match(await page.locator('[data-note="epStep"]').innerText(), /67\.76 tokens\/s/);
  await page.locator('svg[data-chart="tpot"] path').first().waitFor(); // the tokens/s curve is drawn

  const panel = page.locator('ridgepoint-calculator[state="epStep"]');
  await panel.locator('input[name="bandwidth"]').fill('900G');
  await result(page, 'epStep', 'commTime').filter({ hasText: '6.72 µs' }).waitFor();
  assert.equal(await result(page, 'epStep', 'tpot').innerText(), '819.84 µs');
  assert.equal(await result(page, 'epStep', 'tokensPerSecond').innerText(), '1,219.75 tokens/s');
  await addressWritten(page);
  assert.match(await address(page), /epStep\.bandwidth=900G/, 'the URL hash holds the state');

  // Bad input: the message sits beside its field and the last good result stays.
  for (const bad of ['0', '-5G', 'fast']) {
    await panel.locator('input[name="bandwidth"]').fill(bad);
    assert.match(
      await panel.locator('[data-field="bandwidth"] output.error').innerText(),
      /^bandwidth must be a number from 1 MB\/s to 1 PB\/s/,
    );
    assert.equal(await result(page, 'epStep', 'commTime').innerText(), '6.72 µs');
    assert.equal(await panel.locator('.results').getAttribute('data-stale'), 'true');
  }
  await panel.locator('input[name="latency"]').fill('-1u');
  assert.match(
    await panel.locator('[data-field="latency"] output.error').innerText(),
    /^latency must be a number from 0 s to 1 s/,
  );
  await page.locator('#interconnect-section').screenshot({ path: join(screenshots, 'interconnect.png') });
  await assertClean(page, consoleErrors, foreignRequests, '#interconnect-section');
  await page.close();
});

test('the all-to-all panel draws bytes per fabric and names the bottleneck', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, {
    section: 'interconnect-section',
  });
  await result(page, 'epAllToAll', 'bottleneck').filter({ hasText: 'scale-out' }).waitFor();
  assert.equal(await result(page, 'epAllToAll', 'scaleOutBytes').innerText(), '352.322 MB');
  assert.equal(await result(page, 'epAllToAll', 'scaleOutSaving').innerText(), '0.5');
  const bars = page.locator('svg[data-chart="fabrics"] g.fabric-bar');
  await bars.nth(1).waitFor(); // drawn in a frame after the result
  assert.equal(await bars.count(), 2);
  assert.equal(await bars.first().locator('text.title').textContent(), 'scale-out (NIC): the bottleneck');
  assert.equal(await bars.first().locator('text.figures').textContent(), '352.3 MB · 7.046 ms');
  // 13 experts per token pass the 12.8 equal-cost point: NVLink becomes the bottleneck. The bars
  // are redrawn by moving the ones there.
  const scaleOutMoved = await keptAndChanged(page, await bars.first().locator('rect').elementHandle(), 'width');
  await page.locator('ridgepoint-calculator[state="epAllToAll"] input[name="expertsPerToken"]').fill('13');
  await result(page, 'epAllToAll', 'bottleneck').filter({ hasText: 'scale-up' }).waitFor();
  await scaleOutMoved();
  await page.locator('ridgepoint-calculator[state="epAllToAll"] input[name="maxNodes"]').fill('9');
  assert.match(
    await page.locator('ridgepoint-calculator[state="epAllToAll"] [data-field="maxNodes"] output.error').innerText(),
    /^maxNodes must be at most nodes \(8\)/,
  );
  await result(page, 'epRouting', 'maxExpertsRounded').filter({ hasText: '13' }).waitFor();
  assert.equal(await result(page, 'epRouting', 'maxExperts').innerText(), '12.8');
  await assertClean(page, consoleErrors, foreignRequests, '#interconnect-section');
  await page.close();
});

test('picking a node feeds its bandwidths into the panels', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, {
    section: 'interconnect-section',
  });
  await result(page, 'epRouting', 'expertsPerNode').filter({ hasText: '3.2' }).waitFor();
  await page.locator('ridgepoint-node-picker select[name="node"]').selectOption('dgx-h100');
  await result(page, 'epRouting', 'expertsPerNode').filter({ hasText: '9' }).waitFor();
  // The planner's collectives run at what NCCL reaches on these links, which the picker states.
  assert.match(
    await page.locator('ridgepoint-node-picker p.note').first().innerText(),
    /Collectives reach 370 GB\/s and 40 GB\/s \(nvlink4-h100, ib-ndr\)\.$/,
  );
  assert.equal(await page.locator('ridgepoint-calculator[state="epStep"] input[name="bandwidth"]').inputValue(), '50G');
  assert.equal(
    await page.locator('ridgepoint-calculator[state="hierAr"] input[name="scaleUpBandwidth"]').inputValue(),
    '450G',
  );
  await addressWritten(page);
  assert.match(await address(page), /icNode\.node=dgx-h100/);
  await assertClean(page, consoleErrors, foreignRequests, '#interconnect-section');
  await page.close();
});

test('collectives switch between algbw and busbw, and the bubble table shows 45, 15, 14, 14', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, {
    section: 'interconnect-section',
  });
  await result(page, 'coll', 'busFactor').filter({ hasText: '1.75' }).waitFor();
  const chart = page.locator('svg[data-chart="collective"]');
  assert.match(await chart.getAttribute('aria-label'), /^busbw against/);
  await page.getByLabel('algbw (size ÷ time)').check();
  await page.waitForFunction(() =>
    document.querySelector('svg[data-chart="collective"]').getAttribute('aria-label').startsWith('algbw'),
  );
  await addressWritten(page);
  assert.match(await address(page), /collChart\.metric=algbw/);
  await page.locator('ridgepoint-calculator[state="coll"] input[name="ranks"]').fill('1');
  assert.match(
    await page.locator('ridgepoint-calculator[state="coll"] [data-field="ranks"] output.error').innerText(),
    /^ranks must be a whole number from 2/,
  );

  const rows = page.locator('[data-table="bubbles"] tbody tr');
  await rows.first().waitFor();
  assert.deepEqual(
    await rows.evaluateAll((trs) => trs.map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent])),
    [
      ['1F1B', '45'],
      ['ZB1P', '15'],
      ['DualPipe', '14'],
      ['DualPipeV', '14'],
    ],
  );
  await page.locator('ridgepoint-calculator[state="bubbles"] input[name="stages"]').fill('15');
  assert.match(
    await page.locator('ridgepoint-calculator[state="bubbles"] [data-field="stages"] output.error').innerText(),
    /even/,
  );
  await result(page, 'netRoof', 'bound').filter({ hasText: 'link' }).waitFor();
  await assertClean(page, consoleErrors, foreignRequests, '#interconnect-section');
  await page.close();
});
