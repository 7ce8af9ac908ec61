// Every chart exports as SVG and PNG, under a file name that says which element and chart it is.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { assertClean, launch, showEverySection } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('every chart downloads as SVG and PNG named for what it shows', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await showEverySection(page);
  await page.locator('ridgepoint-precision svg[data-chart="accumulation"] path').first().waitFor();
  const charts = await page.locator('main svg[data-chart]').count();
  const buttons = page.locator('main .chart-export button');
  assert.equal(await buttons.count(), 2 * charts, 'an SVG and a PNG button under every chart');
  const names = new Set();
  for (let index = 0; index < 2 * charts; index += 1) {
    // Chromium drops an eleventh download started within about a second of ten others.
    if (index > 0 && index % 9 === 0) await page.waitForTimeout(1000);
    const button = buttons.nth(index);
    await button.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }), button.click()]);
    const name = download.suggestedFilename();
    assert.match(name, /^ridgepoint-[a-z]+-[a-z-]+\.(svg|png)$/);
    names.add(name);
    const bytes = readFileSync(await download.path());
    if (name.endsWith('.svg'))
      assert.match(bytes.toString('utf8'), /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    else assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  }
  assert.equal(names.size, 2 * charts, 'every file name is distinct');
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('no two texts of a chart overlap, at 390 and 1280 px', async () => {
  for (const width of [390, 1280]) {
    const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
    await page.setViewportSize({ width, height: 900 });
    await showEverySection(page);
    await page.locator('ridgepoint-precision svg[data-chart="accumulation"] path').first().waitFor();
    await page.waitForTimeout(500);
    const overlaps = await page.locator('main svg[data-chart]').evaluateAll((charts) =>
      charts.flatMap((chart) => {
        const boxes = [...chart.querySelectorAll('text')]
          .filter((text) => text.textContent.trim() && text.getBoundingClientRect().width > 0)
          .map((text) => ({ text: text.textContent.trim(), box: text.getBoundingClientRect() }));
        const found = [];
        for (let i = 0; i < boxes.length; i += 1) {
          for (let j = i + 1; j < boxes.length; j += 1) {
            const [a, b] = [boxes[i].box, boxes[j].box];
            // One pixel of slack: glyph boxes of adjacent lines may touch.
            const apart =
              a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1;
            if (!apart) found.push(`${chart.dataset.chart}: '${boxes[i].text}' × '${boxes[j].text}'`);
          }
        }
        return found;
      }),
    );
    assert.deepEqual(overlaps, [], `at ${width} px`);
    await assertClean(page, consoleErrors, foreignRequests);
    await page.close();
  }
});
