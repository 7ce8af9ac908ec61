// The example docs page (docs/embed-example.html) as a host would ship it, and axe-core on it, on
// the served page and on the offline file, at phone and desktop widths.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';

import { assertClean, launch, addressWritten, showEverySection, address } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const example = readFileSync(new URL('../../docs/embed-example.html', import.meta.url), 'utf8');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serves `html` at `name` on the test server's origin, beside dist/'s files. */
async function serveHtml(name, html) {
  const url = new URL(name, browser.served).href;
  await browser.context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  return url;
}

// The host's own elements and the properties a stylesheet could change on them.
const hostStyles = () => {
  const properties = [
    'color',
    'background-color',
    'font-family',
    'font-size',
    'line-height',
    'margin-top',
    'margin-left',
    'padding-left',
    'border-bottom-style',
    'border-left-color',
    'display',
    'box-sizing',
    'outline-style',
    'width',
  ];
  const nodes = [document.documentElement, document.body, ...document.querySelectorAll('body *')].filter(
    (node) => !node.closest('[class^="ridgepoint"], ridgepoint-roofline, ridgepoint-calculator'),
  );
  return nodes.map((node) => {
    const style = getComputedStyle(node);
    return `${node.localName}${node.id ? `#${node.id}` : ''}.${node.className}: ${properties.map((name) => style.getPropertyValue(name)).join(' ')}`;
  });
};

test('the example docs page keeps its own look with ridgepoint embedded, and its anchors keep the state', async () => {
  for (const colorScheme of ['light', 'dark']) {
    // The same page without ridgepoint's stylesheet is the reference.
    const bare = await browser.open(
      await serveHtml(
        `embed-bare-${colorScheme}.html`,
        example.replace('<link rel="stylesheet" href="style.css">', ''),
      ),
    );
    await bare.page.emulateMedia({ colorScheme });
    await bare.page
      .locator('main > ridgepoint-calculator[calculator="crossoverK"] [data-output="k"] output.value')
      .filter({ hasText: /\d/ })
      .waitFor();
    const reference = await bare.page.evaluate(hostStyles);
    await bare.page.close();

    const { page, consoleErrors, foreignRequests } = await browser.open(await serveHtml('embed-example.html', example));
    await page.emulateMedia({ colorScheme });
    await page
      .locator('main > ridgepoint-calculator[calculator="crossoverK"] [data-output="k"] output.value')
      .filter({ hasText: /\d/ })
      .waitFor();
    assert.ok(reference.length >= 12, `the host page has its own elements (${reference.length})`);
    assert.deepEqual(
      await page.evaluate(hostStyles),
      reference,
      `host elements are unchanged by ridgepoint's CSS (${colorScheme})`,
    );
    // The host's hooks reach the elements; the host's own --text does not.
    const panel = page.locator('ridgepoint-calculator').first();
    assert.equal(await panel.evaluate((node) => getComputedStyle(node).fontFamily), 'Georgia, serif');
    assert.equal(await panel.evaluate((node) => getComputedStyle(node).getPropertyValue('--text').trim()), '#222');
    assert.equal(
      await panel.evaluate((node) => getComputedStyle(node.querySelector('button')).backgroundColor),
      'rgb(255, 255, 255)',
      'light panels under a light host, whatever the OS scheme',
    );
    await assertClean(page, consoleErrors, foreignRequests);
    await page.close();
  }

  const { page, consoleErrors, foreignRequests } = await browser.open(await serveHtml('embed-example.html', example));
  // The single calculators say what their hidden inputs assume.
  await page
    .locator('ridgepoint-calculator[calculator="crossoverK"]:not([state]) .assumes')
    .filter({ hasText: 'Machine: NVIDIA H800 SXM5 80GB.' })
    .waitFor();
  const k = () =>
    page.locator('ridgepoint-calculator[calculator="crossoverK"]:not([state]) [data-output="k"] output.value');
  await k().filter({ hasText: /\d/ }).waitFor();
  await page.locator('ridgepoint-calculator[calculator="crossoverK"]:not([state]) input[name="m"]').fill('4096');
  const shown = await k().innerText();
  await addressWritten(page);
  const state = new URL(await address(page)).hash;
  assert.match(state, /crossoverK\.m=4096/);
  for (const link of await page.locator('nav.sidebar a').all()) {
    await link.click();
    await page.evaluate(() => new Promise((done) => setTimeout(done, 50)));
    assert.equal(new URL(await address(page)).hash, state, 'a docs anchor keeps the state in the URL');
    assert.equal(
      await page.locator('ridgepoint-calculator[calculator="crossoverK"]:not([state]) input[name="m"]').inputValue(),
      '4096',
    );
    assert.equal(await k().innerText(), shown);
  }
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

// axe-core's rules for WCAG 2.x A and AA and its best practices.
async function axe(page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const results = await window.axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(
      (violation) =>
        `${violation.id} (${violation.nodes.length}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  });
}

test('axe-core finds no violation on the served page, the offline file and the docs page at 390 and 1280 px', async () => {
  const embed = await serveHtml('embed-example.html', example);
  for (const url of [browser.served, browser.offline, embed]) {
    for (const width of [390, 1280]) {
      // The offline file's CSP would refuse the injected axe script: this page alone bypasses it.
      const { page, close } = await browser.fresh({ bypassCSP: true, viewport: { width, height: 900 } });
      try {
        if (url === embed)
          await page.route(embed, (route) => route.fulfill({ contentType: 'text/html', body: example }));
        await page.goto(url);
        await page
          .locator('ridgepoint-calculator [data-output] output.value')
          .filter({ hasText: /\d/ })
          .first()
          .waitFor();
        if (url !== embed) {
          // Every section, built as a person scrolls through them.
          await showEverySection(page);
          await page.locator('[data-table="operators"] tbody tr').first().waitFor();
        }
        await page
          .locator('.network-fire-flyer tbody tr, ridgepoint-roofline-chart svg .points circle')
          .first()
          .waitFor();
        // Charts draw in the next frames; axe checks what is on the page then.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        assert.deepEqual(await axe(page), [], `${url.slice(0, 40)} at ${width} px`);
      } finally {
        await close();
      }
    }
  }
});

test('elements a host page removes are freed, with their markup, charts and listeners', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  const mounted = [
    ['ridgepoint-calculator', { calculator: 'gemm' }],
    ['ridgepoint-planner', {}],
    ['ridgepoint-roofline', {}],
    ['ridgepoint-model', {}],
    ['ridgepoint-interconnect', {}],
    ['ridgepoint-network', {}],
    ['ridgepoint-precision', {}],
  ];
  await page.evaluate(() => {
    window.removedElements = [];
  });
  for (const [tag, attributes] of mounted) {
    // Twice: a single-page docs site shows and leaves the page that embeds it again and again.
    for (let visit = 0; visit < 2; visit += 1) {
      await page.evaluate(
        async ([tag, attributes]) => {
          const mount = document.createElement(tag);
          for (const [name, value] of Object.entries(attributes)) mount.setAttribute(name, value);
          document.body.append(mount);
          mount.scrollIntoView();
          // Built: every panel computed, and its charts drawn.
          const panels = () =>
            [...mount.querySelectorAll('ridgepoint-calculator'), mount].filter((panel) => panel.ready);
          await new Promise((done) => setTimeout(done, 200));
          await Promise.allSettled(panels().map((panel) => panel.ready));
          await new Promise((done) => setTimeout(done, 1500));
          mount.remove();
          window.removedElements.push(new WeakRef(mount));
        },
        [tag, attributes],
      );
    }
  }
  // What they listened for happens after they are gone: a navigation, a colour change, a print.
  await page.evaluate(() => {
    location.hash = 'gemm.m=96';
    dispatchEvent(new Event('beforeprint'));
    dispatchEvent(new Event('afterprint'));
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(300);
  // Work a removed element had queued (the planner's panels are built one a frame) still runs,
  // and holds it until done: collected, at the latest, within ten seconds of that.
  const session = await page.context().newCDPSession(page);
  const alive = async () => {
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    return page.evaluate(() => window.removedElements.map((reference) => reference.deref()?.localName).filter(Boolean));
  };
  let held = await alive();
  for (let wait = 0; wait < 20 && held.length; wait += 1) {
    await page.waitForTimeout(500);
    held = await alive();
  }
  assert.deepEqual(held, [], 'removed elements still held');
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});
