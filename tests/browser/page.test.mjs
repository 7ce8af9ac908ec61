// The page as people use it: links that keep the state, permalinks, several instances of each
// element on one page, table exports, and the message when the core cannot load.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { assertClean, launch, addressWritten, result, showEverySection, showSection, address } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The URL hash as a sorted list of key=value: the state, whatever the order of its keys. */
const stateOf = (url) =>
  [...new URLSearchParams(new URL(url).hash.slice(1))].map(([key, value]) => `${key}=${value}`).sort();

/** Opens `html` as a page of the served origin, beside app.js, style.css and ridgepoint.mjs. */
async function openHtml(name, html, options) {
  const url = new URL(name, browser.served).href;
  await browser.context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  return browser.open(url, options);
}

// Edits in every section, as a person would make them, scrolling to each.
async function edit(page) {
  await result(page, 'crossover', 'k').waitFor();
  const machineA = page.locator('ridgepoint-machine-picker[state="machineA"]');
  await machineA.locator('input[name="peakFlops"]').fill('500T'); // a preset's peak, typed over
  await result(page, 'machineA.roof', 'ridgePoint').filter({ hasText: '149.254 FLOP/B' }).waitFor();
  await page.locator('ridgepoint-machine-picker[state="machineB"] select[name="machine"]').selectOption('b200');
  await page.locator('ridgepoint-calculator[state="throughput"] input[name="k"]').fill('64');
  await showSection(page, 'model-section');
  await page.locator('ridgepoint-model ridgepoint-model-config select[name="preset"]').selectOption('qwen2.5-72b');
  await result(page, 'modelStats', 'kvBytesPerToken').filter({ hasText: '327.68 kB' }).waitFor();
  await showSection(page, 'interconnect-section');
  await page.locator('ridgepoint-calculator[state="epStep"] input[name="bandwidth"]').fill('900G');
  await showSection(page, 'network-section');
  await page.locator('ridgepoint-calculator[state="fatTree"] input[name="radix"]').fill('32');
  await result(page, 'epStep', 'commTime').filter({ hasText: '6.72 µs' }).waitFor();
  await addressWritten(page);
}

// What the person sees, to compare between two pages. Read as textContent: a section off screen
// is skipped by the browser (content-visibility), and innerText reads nothing there.
async function view(page) {
  await result(page, 'epStep', 'commTime').filter({ hasText: '6.72 µs' }).waitFor();
  return {
    machineA: await page.locator('ridgepoint-machine-picker[state="machineA"] select[name="machine"]').inputValue(),
    peakA: await page.locator('ridgepoint-machine-picker[state="machineA"] input[name="peakFlops"]').inputValue(),
    machineB: await page.locator('ridgepoint-machine-picker[state="machineB"] select[name="machine"]').inputValue(),
    ridgeB: await result(page, 'machineB.roof', 'ridgePoint').textContent(),
    k: await page.locator('ridgepoint-calculator[state="throughput"] input[name="k"]').inputValue(),
    preset: await page.locator('ridgepoint-model ridgepoint-model-config select[name="preset"]').inputValue(),
    tpot: await result(page, 'modelInference', 'timePerOutputToken').textContent(),
    radix: await page.locator('ridgepoint-calculator[state="fatTree"] input[name="radix"]').inputValue(),
  };
}

test('clicking every in-page link keeps the state, and a permalink copied afterwards restores it', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'roofline-section' });
  await edit(page);
  const edited = await view(page);
  assert.equal(edited.machineA, 'custom');
  assert.equal(edited.peakA, '500T');
  const state = stateOf(await address(page));
  assert.ok(state.includes('machineA.roof.peakFlops=500T'), 'a typed peak is kept in the URL');

  const links = page.locator('a[href^="#"]');
  const count = await links.count();
  assert.ok(count >= 4);
  for (let index = 0; index < count; index += 1) {
    const href = await links.nth(index).getAttribute('href');
    await links.nth(index).click();
    await page.evaluate(() => new Promise((done) => setTimeout(done, 50))); // hashchange has run
    assert.deepEqual(stateOf(await address(page)), state, `the URL keeps the state after ${href}`);
    assert.deepEqual(await view(page), edited, `the page keeps the state after ${href}`);
  }
  // The section index marks where the person is.
  await page.locator('#network-section').scrollIntoViewIfNeeded();
  await page.locator('nav.section-index a[aria-current="location"][href="#network-section"]').waitFor();

  // A pasted link in a fresh context restores every element.
  const copied = await address(page);
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
  const fresh = await browser.fresh();
  await fresh.page.goto(copied);
  assert.deepEqual(await view(fresh.page), edited, 'a permalink restores the view');
  assert.deepEqual(stateOf(await address(fresh.page)), state, 'and the URL it ends at is the same state');
  await fresh.close();
});

test('back and forward move every element, pickers included, between states', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'roofline-section' });
  await result(page, 'crossover', 'k').waitFor();
  const picker = page.locator('ridgepoint-machine-picker[state="machineB"] select[name="machine"]');
  // Two states as two history entries: a pasted link, then a second one.
  await page.evaluate(() => {
    location.hash = 'machineB.machine=toy-100&throughput.k=32';
  });
  await result(page, 'machineB.roof', 'ridgePoint').filter({ hasText: '50 FLOP/B' }).waitFor();
  assert.equal(await picker.inputValue(), 'toy-100');
  await page.evaluate(() => {
    location.hash = 'machineB.machine=b200&machineB.precision=fp4';
  });
  await result(page, 'machineB.roof', 'ridgePoint').filter({ hasText: '1,125 FLOP/B' }).waitFor();
  assert.equal(await page.locator('ridgepoint-calculator[state="throughput"] input[name="k"]').inputValue(), '16');
  await page.goBack();
  await result(page, 'machineB.roof', 'ridgePoint').filter({ hasText: '50 FLOP/B' }).waitFor();
  assert.equal(await picker.inputValue(), 'toy-100');
  assert.equal(await page.locator('ridgepoint-calculator[state="throughput"] input[name="k"]').inputValue(), '32');
  await page.goForward();
  await result(page, 'machineB.roof', 'ridgePoint').filter({ hasText: '1,125 FLOP/B' }).waitFor();
  assert.equal(
    await page.locator('ridgepoint-machine-picker[state="machineB"] select[name="precision"]').inputValue(),
    'fp4',
  );
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

const twoOfEach = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>two of each</title>
<link rel="stylesheet" href="style.css"><script type="module" src="app.js"></script></head><body><main>
<ridgepoint-roofline></ridgepoint-roofline><ridgepoint-roofline></ridgepoint-roofline>
<ridgepoint-model></ridgepoint-model><ridgepoint-model></ridgepoint-model>
<ridgepoint-interconnect></ridgepoint-interconnect><ridgepoint-interconnect></ridgepoint-interconnect>
<ridgepoint-network></ridgepoint-network><ridgepoint-network></ridgepoint-network>
<ridgepoint-precision></ridgepoint-precision><ridgepoint-precision></ridgepoint-precision>
<ridgepoint-calculator calculator="crossoverK" fields="m,n"></ridgepoint-calculator>
<ridgepoint-calculator calculator="crossoverK" fields="m,n"></ridgepoint-calculator>
</main></body></html>`;

test('two instances of each element on one page keep their own state and ids', async () => {
  const { page, consoleErrors, foreignRequests } = await openHtml('two-of-each.html', twoOfEach);
  const throughput = page.locator('ridgepoint-calculator[state="throughput"]');
  await throughput.nth(1).locator('[data-output="intensity"] output.value').waitFor();
  await page
    .locator('ridgepoint-calculator[calculator="crossoverK"]:not([state]) [data-output="k"] output.value')
    .nth(1)
    .waitFor();
  await page.locator('ridgepoint-network').nth(1).locator('[data-row="cost"]').waitFor();
  const spacing = (index) =>
    page.locator('ridgepoint-precision').nth(index).locator('ridgepoint-calculator[state="fmtSpacing"]');
  await spacing(1).locator('[data-output="max"] output.value').filter({ hasText: '448' }).waitFor();
  const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((node) => node.id));
  assert.deepEqual(
    ids.filter((id, index) => ids.indexOf(id) !== index),
    [],
    'no id is used twice',
  );
  // Every label names a control inside its own element.
  const stray = await page.evaluate(
    () =>
      [...document.querySelectorAll('label[for]')].filter((label) => {
        const control = document.getElementById(label.htmlFor);
        const host = (node) =>
          node.closest(
            'ridgepoint-roofline, ridgepoint-model, ridgepoint-interconnect, ridgepoint-network, ridgepoint-precision, body > main > ridgepoint-calculator',
          );
        return !control || host(control) !== host(label);
      }).length,
  );
  assert.equal(stray, 0);

  await throughput.nth(1).locator('input[name="k"]').fill('64');
  await page
    .locator('ridgepoint-machine-picker[state="machineB"]')
    .nth(1)
    .locator('select[name="machine"]')
    .selectOption('toy-100');
  await page
    .locator('ridgepoint-calculator[calculator="crossoverK"]:not([state])')
    .nth(1)
    .locator('input[name="m"]')
    .fill('256');
  await page.locator('ridgepoint-interconnect').nth(1).locator('.metric-switch input[value="algbw"]').check();
  await page
    .locator('ridgepoint-model ridgepoint-model-config')
    .nth(1)
    .locator('select[name="preset"]')
    .selectOption('qwen2.5-72b');
  await spacing(1).locator('select[name="format"]').selectOption('fp16');
  await spacing(1).locator('[data-output="max"] output.value').filter({ hasText: '65,504' }).waitFor();
  await addressWritten(page);
  const state = stateOf(await address(page));
  assert.ok(state.includes('roofline2.throughput.k=64'), state.join(' '));
  assert.ok(state.includes('roofline2.machineB.machine=toy-100'));
  assert.ok(state.includes('crossoverK2.m=256'));
  assert.ok(state.includes('interconnect2.collChart.metric=algbw'));
  assert.ok(state.includes('model2.model.preset=qwen2.5-72b'));
  assert.ok(state.includes('precision2.fmtSpacing.format=fp16'));
  assert.equal(
    await result(page, 'fmtSpacing', 'max').nth(0).innerText(),
    '448',
    'the first precision section is untouched',
  );
  assert.equal(
    await throughput.nth(0).locator('input[name="k"]').inputValue(),
    '16',
    'the first instance is untouched',
  );

  // After a reload each instance gets its own state back.
  await page.reload();
  await page.waitForFunction(
    () => document.querySelectorAll('ridgepoint-calculator[state="throughput"] input[name="k"]')[1]?.value === '64',
  );
  await page
    .locator('ridgepoint-calculator[calculator="crossoverK"]:not([state]) [data-output="k"] output.value')
    .nth(1)
    .waitFor();
  assert.equal(await throughput.nth(1).locator('input[name="k"]').inputValue(), '64');
  assert.equal(await throughput.nth(0).locator('input[name="k"]').inputValue(), '16');
  assert.equal(
    await page
      .locator('ridgepoint-calculator[calculator="crossoverK"]:not([state])')
      .nth(1)
      .locator('input[name="m"]')
      .inputValue(),
    '256',
  );
  assert.equal(
    await page
      .locator('ridgepoint-calculator[calculator="crossoverK"]:not([state])')
      .nth(0)
      .locator('input[name="m"]')
      .inputValue(),
    '64',
  );
  assert.equal(
    await page.locator('ridgepoint-model ridgepoint-model-config').nth(1).locator('select[name="preset"]').inputValue(),
    'qwen2.5-72b',
  );
  assert.equal(
    await page.locator('ridgepoint-model ridgepoint-model-config').nth(0).locator('select[name="preset"]').inputValue(),
    'deepseek-v3',
  );
  await spacing(1).locator('[data-output="max"] output.value').filter({ hasText: '65,504' }).waitFor();
  assert.equal(await spacing(0).locator('select[name="format"]').inputValue(), 'e4m3');
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('every table downloads as CSV named for what it holds, and copies as TSV', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'roofline-section' });
  await result(page, 'crossover', 'k').waitFor();
  await showEverySection(page);
  await page.locator('[data-table="operators"] tbody tr').nth(13).waitFor();
  await page.locator('[data-table="number-formats"] tbody tr').first().waitFor();
  await page.locator('.network-fire-flyer tbody tr').first().waitFor();
  await page.locator('[data-table="bubbles"] tbody tr').first().waitFor();
  // The link presets sit in a folded <details>: open it as a person would.
  await page.locator('ridgepoint-node-picker details > summary').click();
  const tables = await page.locator('main table').count();
  const buttons = page.locator('main button[data-export="csv"]');
  assert.equal(await buttons.count(), tables, 'one CSV button per table');
  const names = new Set();
  for (let index = 0; index < tables; index += 1) {
    // Chromium drops an eleventh download started within about a second of ten others (a guard
    // against download floods): a person is slower than that, the test pauses after every nine.
    if (index > 0 && index % 9 === 0) await page.waitForTimeout(1000);
    const button = buttons.nth(index);
    await button.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }), button.click()]).catch(
      async (error) => {
        throw new Error(
          `CSV button ${index} (${await button.evaluate((node) => node.closest('[class], [data-table]')?.parentElement?.outerHTML.slice(0, 200))}): ${error.message}`,
        );
      },
    );
    const name = download.suggestedFilename();
    assert.match(name, /^ridgepoint-[a-z0-9-]+\.csv$/);
    names.add(name);
    const csv = readFileSync(await download.path(), 'utf8');
    assert.ok(csv.split('\r\n').length >= 3, `${name} has a header and rows`);
    assert.doesNotMatch(csv, /NaN|undefined/);
  }
  assert.equal(names.size, tables, 'every file name is distinct');
  // The exact values, not the rounded ones, go to the file.
  const [components] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-table="components"] button[data-export="csv"]').click(),
  ]);
  assert.equal(components.suggestedFilename(), 'ridgepoint-model-parameters-by-component.csv');
  assert.match(readFileSync(await components.path(), 'utf8'), /^component,parameters,active,% of total\r\n/);
  assert.match(readFileSync(await components.path(), 'utf8'), /routed experts,653908770816,20434649088,/);
  const [shapes] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('ridgepoint-shape-table button[data-export="csv"]').click(),
  ]);
  assert.match(
    readFileSync(await shapes.path(), 'utf8'),
    /^m,n,k,FLOPs,bytes,intensity \(FLOP\/B\),machine A,machine B,remove\r\n64,64,16,/,
  );

  // What goes to the clipboard, caught before the (headless, shared) system clipboard.
  await page.evaluate(() => {
    navigator.clipboard.writeText = async (text) => {
      window.copiedText = text;
    };
  });
  await page.locator('[data-table="bubbles"] button[data-export="tsv"]').click();
  await page.locator('[data-table="bubbles"] [role="status"]').filter({ hasText: 'Copied' }).waitFor();
  const tsv = await page.evaluate(() => window.copiedText);
  assert.match(tsv, /^method\tbubble\tparameters\tactivations\tdevices\n1F1B\t/);
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('a page whose CSP lacks wasm-unsafe-eval shows one message per element saying so', async () => {
  const html = readFileSync(new URL('../../docs/embed-example.html', import.meta.url), 'utf8').replace(
    '<head>',
    `<head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'self' 'unsafe-inline'">`,
  );
  const { page } = await openHtml('strict-csp.html', html);
  const messages = page.locator('.load-error');
  await messages.nth(2).waitFor();
  assert.equal(await messages.count(), 3, 'one for each of the two calculators and one for the section');
  for (const text of await messages.allInnerTexts())
    assert.match(text, /Content-Security-Policy, that it allows 'wasm-unsafe-eval' in script-src/);
  await page.close();

  // Each section element shows the message once, in place of its panels.
  const sections = ['roofline', 'model', 'interconnect', 'network', 'precision'];
  const { page: strict } = await openHtml(
    'strict-csp-sections.html',
    html.replace(
      /<body>[^]*<\/body>/,
      `<body><main>${sections.map((name) => `<ridgepoint-${name}></ridgepoint-${name}>`).join('')}</main></body>`,
    ),
  );
  await strict
    .locator('.load-error')
    .nth(sections.length - 1)
    .waitFor();
  for (const name of sections)
    assert.equal(
      await strict.locator(`ridgepoint-${name} .load-error`).count(),
      1,
      `one message in <ridgepoint-${name}>`,
    );
  assert.equal(await strict.locator('.load-error').count(), sections.length);
  await strict.close();
});

test('formulas open with one switch per panel, not one tab stop per output', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, { section: 'roofline-section' });
  await result(page, 'crossover', 'k').waitFor();
  const panel = page.locator('ridgepoint-calculator[state="throughput"]');
  const formula = panel.locator('[data-output="intensity"] dd.formula');
  assert.equal(await formula.isVisible(), false);
  await panel.getByRole('button', { name: 'Show formulas' }).click();
  assert.match(await formula.innerText(), /^intensity = flops \/ bytes\n= /);
  assert.equal(await panel.getByRole('button', { name: 'Hide formulas' }).getAttribute('aria-expanded'), 'true');
  const stops = await page.evaluate(
    () =>
      [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')].filter(
        (node) => node.tabIndex >= 0 && node.getClientRects().length,
      ).length,
  );
  const outputs = await page.locator('ridgepoint-calculator [data-output]').count();
  assert.ok(
    stops < 400 && stops < outputs + 200,
    `${stops} tab stops for ${outputs} outputs (was 475, 225 of them formulas)`,
  );
  // A titled panel folds away under its title.
  await panel.locator('summary').click();
  assert.equal(await panel.locator('input[name="k"]').isVisible(), false);
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('no text is clipped, in boxes or charts, and nothing scrolls sideways at 390 and 1280 px', async () => {
  for (const width of [390, 1280]) {
    const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, {
      viewport: { width, height: 900 },
      section: 'roofline-section',
    });
    await result(page, 'crossover', 'k').waitFor();
    await showEverySection(page);
    await page.locator('.network-fire-flyer tbody tr').first().waitFor();
    await page.locator('[data-table="bubbles"] tbody tr').first().waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      0,
      `no sideways scrolling at ${width} px`,
    );
    // Text boxes whose content is wider than the box (tables scroll in their own boxes).
    const clipped = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          'label, dt, dd, output, summary, button, select, caption, p, h2, h3, legend, figcaption',
        ),
      ]
        .filter(
          (node) =>
            node.getClientRects().length &&
            getComputedStyle(node).display !== 'inline' &&
            !node.closest('.visually-hidden') &&
            node.scrollWidth > node.clientWidth + 1,
        )
        .map(
          (node) =>
            `${node.localName} "${node.textContent.trim().slice(0, 40)}" ${node.scrollWidth}>${node.clientWidth}`,
        ),
    );
    assert.deepEqual(clipped, [], `no clipped text at ${width} px`);
    // Chart text (tick labels, series, levels, markers) inside its SVG: an SVG clips what runs past it.
    const outsideCharts = await page.evaluate(() =>
      [...document.querySelectorAll('main svg')].flatMap((svg) => {
        // Its drawing's own size (viewBox), or its size on the page where it has none.
        const chartWidth = svg.viewBox.baseVal?.width || svg.width.baseVal.value;
        const chartHeight = svg.viewBox.baseVal?.height || svg.height.baseVal.value;
        const toChart = svg.getCTM().inverse();
        return [...svg.querySelectorAll('text')]
          .filter((text) => text.textContent && text.getClientRects().length)
          .filter((text) => {
            const box = text.getBBox();
            const corners = [
              [box.x, box.y],
              [box.x + box.width, box.y + box.height],
            ].map(([x, y]) => new DOMPoint(x, y).matrixTransform(toChart.multiply(text.getCTM())));
            return corners.some(({ x, y }) => x < -0.5 || x > chartWidth + 0.5 || y < -0.5 || y > chartHeight + 0.5);
          })
          .map((text) => `${svg.dataset.chart ?? svg.parentElement.localName}: "${text.textContent}"`);
      }),
    );
    assert.deepEqual(outsideCharts, [], `no chart text runs past its chart at ${width} px`);
    await assertClean(page, consoleErrors, foreignRequests);
    await page.close();
  }
});

test('on a phone the section index is one line that follows the reader', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served, {
    viewport: { width: 390, height: 844 },
  });
  const index = page.locator('nav.section-index');
  // One line (about 35 px), not the three it wraps to at this width, so it never covers what is
  // scrolled to below it.
  assert.ok((await index.boundingBox()).height < 50);
  // The link of the section on screen is scrolled into the index's line.
  await page.locator('#precision-section').scrollIntoViewIfNeeded();
  const marked = index.locator('a[aria-current="location"][href="#precision-section"]');
  await marked.waitFor();
  await page.waitForFunction(() => {
    const link = document.querySelector('nav.section-index a[href="#precision-section"]').getBoundingClientRect();
    return link.left >= 0 && link.right <= innerWidth;
  });
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('printing right after load prints every section whole: built, computed and drawn before the print is laid out', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await result(page, 'plannerTraining', 'stepTime').waitFor();
  assert.ok(
    (await page.locator('main > section > template').count()) > 0,
    'the sections below the fold are not built yet',
  );
  // The browser lays a print out once the beforeprint handlers and the promise callbacks they
  // leave have run, without a task or a frame between: so read the page after those alone. The
  // loop only yields to promise callbacks (first in, first out), so by its end any chain of them
  // up to 100,000 deep has run, and nothing else has.
  const printed = await page.evaluate(async () => {
    dispatchEvent(new Event('beforeprint'));
    for (let turn = 0; turn < 100_000; turn++) await null;
    const charts = [...document.querySelectorAll('main svg')];
    const read = {
      unbuilt: document.querySelectorAll('main > section > template').length,
      withoutResult: [...document.querySelectorAll('ridgepoint-calculator:not([outputs=""])')]
        .filter((panel) => !panel.querySelector('.results dd')?.textContent)
        .map((panel) => panel.getAttribute('state')),
      charts: charts.length,
      emptyCharts: charts
        .filter((svg) => !svg.querySelector('path, rect, line'))
        .map((svg) => svg.dataset.chart ?? svg.parentElement.localName),
      validationRows: document.querySelectorAll('[data-table="validation"] tbody tr').length,
    };
    dispatchEvent(new Event('afterprint'));
    return read;
  });
  assert.equal(printed.unbuilt, 0, 'every section built');
  assert.deepEqual(printed.withoutResult, [], 'every panel with outputs shows its result');
  assert.ok(printed.charts >= 17, `every chart (${printed.charts})`);
  assert.deepEqual(printed.emptyCharts, [], 'every chart drawn');
  const published = await page.evaluate(
    async () => (await (await import('./ridgepoint.mjs')).default()).validation().length,
  );
  assert.equal(printed.validationRows, published, 'the validation table, though it was never near the screen');

  // On paper: no section index, no buttons or file pickers, nothing skipped off screen.
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('nav.section-index').isVisible(), false);
  assert.equal(await page.locator('main button:visible, main input[type="file"]:visible').count(), 0);
  // Nor the columns that only hold buttons (a validation row's "load this setup", a shape's ×).
  assert.ok((await page.locator('main :is(th, td).actions').count()) > printed.validationRows);
  assert.equal(await page.locator('main :is(th, td).actions:visible').count(), 0);
  assert.deepEqual(
    await page
      .locator('main > section')
      .evaluateAll((sections) => sections.map((section) => getComputedStyle(section).contentVisibility)),
    ['visible', 'visible', 'visible', 'visible', 'visible', 'visible'],
  );
  await page.emulateMedia({ media: 'screen' });

  // After printing the page works as before: an edit is computed and painted.
  const gpus = page.locator('ridgepoint-calculator[state="plannerTraining"] input[name="gpus"]');
  await gpus.fill('1024');
  await result(page, 'plannerTraining', 'dataParallel').filter({ hasText: /^64$/ }).waitFor();
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('in the dark scheme the page prints light, charts too, and turns dark again after', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await page.emulateMedia({ colorScheme: 'dark' });
  const background = page.locator('svg[data-chart="pareto"] rect.background');
  await background.waitFor({ state: 'attached' });
  const fill = () => background.getAttribute('fill');
  await page.waitForFunction(
    () => document.querySelector('svg[data-chart="pareto"] rect.background')?.getAttribute('fill') !== '#ffffff',
  );
  const dark = await fill();
  const printed = await page.evaluate(async () => {
    dispatchEvent(new Event('beforeprint'));
    for (let turn = 0; turn < 100_000; turn++) await null;
    return {
      chart: document.querySelector('svg[data-chart="pareto"] rect.background').getAttribute('fill'),
      text: getComputedStyle(document.body).color,
    };
  });
  assert.deepEqual(printed, { chart: '#ffffff', text: 'rgb(27, 31, 36)' }, 'light on paper');
  await page.evaluate(() => dispatchEvent(new Event('afterprint')));
  await page.waitForFunction(
    (colour) => document.querySelector('svg[data-chart="pareto"] rect.background').getAttribute('fill') === colour,
    dark,
  );
  assert.notEqual(await page.evaluate(() => getComputedStyle(document.body).color), 'rgb(27, 31, 36)');
  // Every chart follows, those of the sections first built for the print too (the fat-tree
  // diagram, the network's cost chart, the roofline), each from the data it was drawn with.
  await page.waitForFunction(
    (colour) => {
      const backgrounds = [...document.querySelectorAll('main svg rect.background')];
      return backgrounds.length >= 17 && backgrounds.every((rect) => rect.getAttribute('fill') === colour);
    },
    dark,
    { timeout: 10_000 },
  );
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('a narrower window redraws every chart at its new width', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await showEverySection(page);
  await page.locator('ridgepoint-precision svg[data-chart="accumulation"] path').first().waitFor();
  // Charts that are not yet as wide as their parent's content (within a chart's 280-720 px), by
  // name, and every chart's width.
  const measure = () =>
    page.locator('main svg[data-chart]').evaluateAll((charts) => {
      const fitting = (chart) => {
        const style = getComputedStyle(chart.parentElement);
        const content =
          chart.parentElement.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return Math.abs(Number(chart.getAttribute('width')) - Math.max(280, Math.min(content, 720))) < 1;
      };
      return {
        unfitted: charts.filter((chart) => !fitting(chart)).map((chart) => chart.dataset.chart),
        widths: charts.map((chart) => Number(chart.getAttribute('width'))),
      };
    });
  const wide = await measure();
  assert.deepEqual(wide.unfitted, [], 'at 1280 px');
  await page.setViewportSize({ width: 900, height: 900 });
  // Sections off screen skip layout (content-visibility): each is measured as it is shown.
  await showEverySection(page);
  await page.waitForFunction(
    (before) =>
      [...document.querySelectorAll('main svg[data-chart]')].every(
        (chart, index) => Number(chart.getAttribute('width')) !== before[index],
      ),
    wide.widths,
  );
  assert.deepEqual((await measure()).unfitted, [], 'at 900 px');
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});
