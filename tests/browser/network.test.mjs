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

const compareCell = (page, row, column) =>
  page
    .locator(`.network-compare tbody tr[data-row="${row}"] td`)
    .nth(['FT2', 'MPFT', 'FT3', 'SF', 'DF'].indexOf(column));

test('the compare view is preloaded with ISCA Table 3 and every count matches the paper', async () => {
  // The section's link, then the section held in view until the ones above it have settled:
  // innerText reads nothing of a section the browser skips off screen (content-visibility).
  const { page, consoleErrors, foreignRequests } = await browser.open(`${browser.served}#network-section`, {
    section: 'network-section',
  });
  await page.locator('.network-compare tbody tr').first().waitFor();
  const expected = {
    FT2: ['2,048', '96', '2,048', '$9 M'],
    MPFT: ['16,384', '768', '16,384', '$72 M'],
    FT3: ['65,536', '5,120', '131,072', '$491 M'],
    SF: ['32,928', '1,568', '32,928', '$146 M'],
    DF: ['261,632', '16,352', '384,272', '$1.522 bn'],
  };
  for (const [column, [endpoints, switches, links, printed]] of Object.entries(expected)) {
    assert.equal(await compareCell(page, 'endpoints', column).innerText(), `${endpoints} ✓`, column);
    assert.equal(await compareCell(page, 'switches', column).innerText(), `${switches} ✓`, column);
    assert.equal(await compareCell(page, 'links', column).innerText(), `${links} ✓`, column);
    assert.equal(await compareCell(page, 'publishedCost', column).innerText(), printed, column);
  }
  // The default prices are the two-price fit: FT2 9.0 M$, MPFT 72.0 M$, FT3 491.1 M$.
  // Money shows three significant digits (four when exact); the exact value is the cell's title.
  assert.equal(await compareCell(page, 'cost', 'FT2').innerText(), '$9.00 M');
  assert.equal(await compareCell(page, 'cost', 'MPFT').innerText(), '$72.0 M');
  assert.equal(await compareCell(page, 'cost', 'FT3').innerText(), '$491 M');
  assert.match(await compareCell(page, 'cost', 'MPFT').getAttribute('title'), /^\$72,0\d\d,\d{3}/);
  assert.equal(await compareCell(page, 'costPerEndpoint', 'FT2').innerText(), '$4.395 k');
  await page.locator('#network-section').screenshot({ path: join(screenshots, 'network.png') });
  await assertClean(page, consoleErrors, foreignRequests, '#network-section');
  await page.close();
});

test('prices set in the design panel reprice every column of the comparison', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(`${browser.served}#network-section`, {
    section: 'network-section',
  });
  await compareCell(page, 'cost', 'FT2').filter({ hasText: '$9.00 M' }).waitFor();
  const design = page.locator('ridgepoint-calculator[state="fatTree"]');
  await design.locator('input[name="switchPrice"]').fill('100000');
  await design.locator('input[name="opticPrice"]').fill('0');
  // FT2: 96 × 100,000 = 9.6 M$; SF: 1,568 × 100,000 = 156.8 M$.
  await compareCell(page, 'cost', 'FT2').filter({ hasText: '$9.6 M' }).waitFor();
  assert.equal(await compareCell(page, 'cost', 'SF').innerText(), '$156.8 M');
  assert.equal(
    await result(page, 'slimFly', 'cost').innerText(),
    '$156.8 M',
    'the Slim Fly panel takes the same prices',
  );
  await addressWritten(page);
  assert.match(await address(page), /fatTree\.switchPrice=100000/, 'the URL hash holds the prices');
  await assertClean(page, consoleErrors, foreignRequests, '#network-section');
  await page.close();
});

test('a design is drawn, added to the comparison, and bad input keeps the last good result', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(
    `${browser.served}#fatTree.radix=40&fatTree.layers=3&fatTree.endpoints=1600`,
  );
  await result(page, 'fatTree', 'switches').filter({ hasText: /^200$/ }).waitFor();
  const diagram = page.locator('ridgepoint-network-diagram');
  await diagram.locator('.help').filter({ hasText: '1,600 endpoints on 200 switches' }).waitFor();
  assert.equal(
    await page.locator('ridgepoint-switch-picker select').inputValue(),
    'custom',
    'radix 40 at 400 Gb/s is no preset',
  );

  const design = page.locator('ridgepoint-calculator[state="fatTree"]');
  await design.locator('input[name="radix"]').fill('41');
  assert.match(await design.locator('[data-field="radix"] output.error').innerText(), /^radix must be an even number/);
  assert.equal(await result(page, 'fatTree', 'switches').innerText(), '200', 'the last good result stays');
  await design.locator('input[name="radix"]').fill('64');
  await design.locator('input[name="endpoints"]').fill('70000');
  assert.match(
    await design.locator('[data-field="endpoints"] output.error').innerText(),
    /^endpoints must be at most 65536/,
  );

  // A small design is drawn in full: k = 8, two layers → 8 leaf and 4 spine switches, 32 links;
  // the diagram is redrawn into the elements it has (its background shrinks to two tiers).
  const backgroundShrunk = await keptAndChanged(
    page,
    await diagram.locator('svg rect.background').elementHandle(),
    'height',
  );
  await page.locator('ridgepoint-switch-picker select').selectOption('qm8700');
  await design.locator('input[name="radix"]').fill('8');
  await design.locator('input[name="layers"]').fill('2');
  await design.locator('input[name="endpoints"]').fill('0');
  await result(page, 'fatTree', 'switches').filter({ hasText: /^12$/ }).waitFor();
  assert.equal(await diagram.locator('svg rect.switch.leaf').count(), 8);
  assert.equal(await diagram.locator('svg rect.switch.spine').count(), 4);
  assert.equal(await diagram.locator('svg g.links line').count(), 32);
  await backgroundShrunk();

  await page.locator('button[data-action="compare"]').click();
  await page.locator('.network-compare thead th').filter({ hasText: 'k=8, 2L' }).waitFor();
  await addressWritten(page);
  assert.match(await address(page), /compare\.added=8-2-1/);
  await assertClean(page, consoleErrors, foreignRequests, '#network-section');
  await page.close();
});

test('the solver picks the cheapest fitting design and draws it', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(`${browser.served}#solver.gpus=2048`, {
    section: 'network-section',
  });
  await result(page, 'solver', 'switches').filter({ hasText: /^96$/ }).waitFor();
  const best = page.locator('.network-candidates tbody tr.best td');
  assert.deepEqual((await best.allInnerTexts()).slice(0, 4), ['8', '2', 'multi-plane', '96']);
  await page.locator('button[data-action="draw-best"]').click();
  await page
    .locator('ridgepoint-network-diagram .help')
    .filter({ hasText: '2,048 endpoints on 96 switches' })
    .waitFor();
  assert.match(await page.locator('ridgepoint-network-diagram .help').innerText(), /over 8 planes/);
  assert.equal(await page.locator('ridgepoint-switch-picker select').inputValue(), 'qm9700');
  await assertClean(page, consoleErrors, foreignRequests, '#network-section');
  await page.close();
});

test('a small cluster is one switch per plane, and its diagram has no spine and no links', async () => {
  // 256 GPUs, 8 NICs per node: 4 planes of 64 endpoints fill one 64-port switch each (4 switches),
  // where one or two planes need 12 switches and 256 links.
  const { page, consoleErrors, foreignRequests } = await browser.open(`${browser.served}#solver.gpus=256`, {
    section: 'network-section',
  });
  await result(page, 'solver', 'switches').filter({ hasText: /^4$/ }).waitFor();
  const best = page.locator('.network-candidates tbody tr.best td');
  assert.deepEqual((await best.allInnerTexts()).slice(0, 5), ['4', '1', 'multi-plane, multi-rail', '4', '0']);
  await page.locator('button[data-action="draw-best"]').click();
  const diagram = page.locator('ridgepoint-network-diagram');
  await diagram.locator('.help').filter({ hasText: '256 endpoints on 4 switches' }).waitFor();
  assert.match(await diagram.locator('.help').innerText(), /0 switch-to-switch links/);
  assert.equal(await diagram.locator('svg rect.switch.leaf').count(), 1);
  assert.equal(await diagram.locator('svg rect.switch.spine').count(), 0);
  assert.equal(await diagram.locator('svg g.links line').count(), 0);
  assert.equal(await page.locator('ridgepoint-calculator[state="fatTree"] input[name="layers"]').inputValue(), '1');
  // The design it drew is above the button: the page scrolls to it.
  assert.ok(await page.locator('ridgepoint-calculator[state="fatTree"]').isVisible());
  const designTop = await page
    .locator('ridgepoint-calculator[state="fatTree"]')
    .evaluate((element) => element.getBoundingClientRect().top);
  assert.ok(designTop >= -1 && designTop < 800, `design panel at ${designTop} px`);
  assert.match(
    await diagram.locator('svg').getAttribute('aria-label'),
    /^Diagram of one plane: 1 leaf switch, and 3 identical planes$/,
  );
  await assertClean(page, consoleErrors, foreignRequests, '#network-section');
  await page.close();
});

test('Fire-Flyer shows 120 minimal switches beside the paper\u2019s 122 and the offline file works', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.offline, { section: 'network-section' });
  const rows = page.locator('.network-fire-flyer tbody tr');
  await rows.first().waitFor();
  assert.match(await rows.nth(0).innerText(), /1,600\s+80\s+40\s+0\s+120\s+122/);
  assert.match(await rows.nth(1).innerText(), /1,600\s+80\s+80\s+40\s+200\s+200/);
  assert.match(await rows.nth(2).innerText(), /10,000\s+500\s+500\s+250\s+1,250\s+1,320/);
  assert.equal(await result(page, 'fireFlyer', 'costPerformance').innerText(), '1.38333');
  assert.match(await result(page, 'slimFly', 'warning').innerText(), /not a prime power/);
  await assertClean(page, consoleErrors, foreignRequests, '#network-section');
  await page.close();
});
