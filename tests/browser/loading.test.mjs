// How the page loads: the first section alone at first, the others as a person scrolls or as the
// address needs them, and the wasm as its own streamed file on the served page.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';

import { WasmCursor, wasmSections } from '../../scripts/wasm-binary.mjs';
import { assertClean, dist, launch, result, address } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const builtSections = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main > section')]
      .filter((section) => !section.querySelector(':scope > template'))
      .map((section) => section.id),
  );

// The first section's first result: the planner's training step for DeepSeek-V3.
const firstResult = (page) => result(page, 'plannerTraining', 'stepTime').filter({ hasText: /\d/ }).waitFor();

test('only the first section is built at load; scrolling builds the others', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await firstResult(page);
  await page.waitForTimeout(500);
  assert.deepEqual(await builtSections(page), ['planner-section']);
  for (let step = 0; step < 60 && (await builtSections(page)).length < 6; step++) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(100);
  }
  assert.deepEqual(await builtSections(page), [
    'planner-section',
    'roofline-section',
    'model-section',
    'interconnect-section',
    'network-section',
    'precision-section',
  ]);
  await result(page, 'fatTree', 'switches').filter({ hasText: /\d/ }).waitFor({ state: 'attached' });
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('a permalink restores a section below the fold and opens on it', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(`${browser.served}#epStep.bandwidth=900G`);
  await result(page, 'epStep', 'commTime').filter({ hasText: '6.72 µs' }).waitFor({ state: 'attached' });
  assert.equal(
    await page.locator('ridgepoint-calculator[state="epStep"] input[name="bandwidth"]').inputValue(),
    '900G',
  );
  // The link's state is the interconnect section's: the page opens there, not at the planner.
  await page.waitForFunction(() => {
    const { top } = document.getElementById('interconnect-section').getBoundingClientRect();
    return top > -10 && top < 120;
  });
  assert.match(await address(page), /[#&]epStep\.bandwidth=900G(&|$)/, 'the link keeps its state');
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('a link to a section builds it where it lands', async () => {
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  await firstResult(page);
  await page.locator('nav.section-index a[href="#network-section"]').click();
  await page.waitForFunction(() => !document.querySelector('#network-section > template'));
  await result(page, 'fatTree', 'switches').filter({ hasText: /\d/ }).waitFor();
  // Panels above it are still being built for a moment (one per frame): once the page has
  // settled (the section's top unchanged for 60 frames, about a second), the section is where
  // the link put it.
  const tops = await page.evaluate(
    () =>
      new Promise((done) => {
        const seen = [];
        let still = 0;
        const frame = () => {
          const top = document.getElementById('network-section').getBoundingClientRect().top;
          still = seen.length > 0 && top === seen.at(-1) ? still + 1 : 0;
          seen.push(top);
          if (still >= 60 || seen.length >= 1200) done(seen);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
  const settled = tops.at(-1);
  assert.ok(
    Math.abs(settled) < 50 && tops.length < 1200,
    `the section settles where the link put it (tops seen: ${[...new Set(tops)].join(', ')} px)`,
  );
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

test('the served page streams ridgepoint.wasm under a policy that allows only its own files', async () => {
  const requested = [];
  const { page, consoleErrors, foreignRequests } = await browser.open(browser.served);
  page.on('request', (request) => requested.push(request.url()));
  await page.reload();
  await firstResult(page);
  assert.ok(
    requested.some((url) => url.endsWith('/ridgepoint.wasm')),
    'the wasm is its own file',
  );
  assert.ok(
    !requested.some((url) => url.endsWith('/ridgepoint.mjs')),
    'the page does not load the Node/bundler module',
  );
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
  // Two inline scripts (the planner headline's look at the address before the first paint, and
  // the loader of app.js after it), each allowed by its hash alone.
  const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]);
  assert.equal(inline.length, 2);
  const hashes = inline.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`).join(' ');
  // Its one inline stylesheet is allowed by its hash too.
  const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]);
  assert.equal(styles.length, 1);
  const styleHash = `'sha256-${createHash('sha256').update(styles[0]).digest('base64')}'`;
  assert.equal(
    policy,
    `default-src 'none'; script-src 'self' ${hashes} 'wasm-unsafe-eval'; style-src ${styleHash}; connect-src 'self'; img-src data: blob:; base-uri 'none'; form-action 'none'`,
  );
  // An inlined wasm is a string literal of its gzip in base64 (no escapes, no `<`).
  const wasm = readFileSync(join(dist, 'ridgepoint.wasm'));
  const isPackedWasm = (text) =>
    /^[A-Za-z0-9+/]+=*$/.test(text) && gunzipSync(Buffer.from(text, 'base64')).equals(wasm);
  const inlinesWasm = (name) =>
    readFileSync(join(dist, name), 'utf8')
      .split('"')
      .some((part) => part.length > 1000 && isPackedWasm(part));
  assert.ok(!inlinesWasm('app.js'), 'no inlined wasm in app.js');
  assert.ok(inlinesWasm('ridgepoint.mjs'), 'ridgepoint.mjs keeps the wasm inlined for Node');
  // The offline file holds it as the text of a data block that never runs, beside its module.
  const offline = readFileSync(join(dist, 'ridgepoint.html'), 'utf8');
  const block = /<script type="application\/octet-stream" id="ridgepoint-wasm">([^<]*)<\/script>/.exec(offline);
  assert.ok(block && isPackedWasm(block[1]), 'the offline file carries the wasm in a data block');
  assert.ok(!inlinesWasm('ridgepoint.html'), 'and not as a string literal of its module');
  // Its module waits in a data block too, for a loader to start it after the first paint.
  assert.match(offline, /<script type="text\/plain" id="ridgepoint-app">/, 'the offline code starts after the paint');
  assert.doesNotMatch(offline, /<script type="module"/, 'no module runs while the page is parsed');
  await assertClean(page, consoleErrors, foreignRequests);
  await page.close();
});

// One non-ASCII character makes the browser hold a whole document or script as 16-bit text: the
// pages write theirs as character references, and the scripts are escaped by esbuild.
test('the pages and scripts the browser loads are ASCII only', () => {
  for (const name of ['index.html', 'ridgepoint.html', 'app.js', 'ridgepoint.mjs']) {
    const bytes = readFileSync(join(dist, name));
    const at = bytes.findIndex((byte) => byte > 0x7f);
    assert.equal(at, -1, `${name} has a non-ASCII byte at ${at}`);
  }
  // What the references stand for is still there: the title's dash, the headline's ×.
  const offline = readFileSync(join(dist, 'ridgepoint.html'), 'utf8');
  assert.match(offline, /<title>ridgepoint &#x2014; hardware arithmetic/);
  assert.match(offline, /2,048 &#xd7; NVIDIA H800/);
});

// V8 compiles a wasm function on its first call, on the page's main thread, in time that grows
// faster than the function's size: the config reader as one 61 kB function took 12 ms to compile
// (Liftoff, Node 20) and made the page's first result a long task. Its sections are functions of
// their own (core/model_config.cpp), and Binaryen is told not to inline them back (CMakeLists.txt).
test('no function of ridgepoint.wasm is so large that its first call stalls the page', () => {
  const bytes = readFileSync(join(dist, 'ridgepoint.wasm'));
  const bodies = [];
  for (const { id, contents } of wasmSections(bytes)) {
    if (id !== 10) continue;
    // The code section: each function body's size, then the body.
    const cursor = new WasmCursor(bytes, contents);
    for (let count = cursor.unsigned(); count > 0; count--) {
      const size = cursor.unsigned();
      bodies.push(size);
      cursor.at += size;
    }
  }
  assert.ok(bodies.length > 500, `read ${bodies.length} function bodies`);
  assert.ok(Math.max(...bodies) <= 24_000, `largest function body: ${Math.max(...bodies)} B`);
});
