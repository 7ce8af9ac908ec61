// Shared set-up for the browser tests: Debian's Chromium driven by playwright-core (never a
// downloaded browser), dist/ served on a loopback port, and a page wrapper that records every
// console error and every request that leaves for another origin.
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import assert from 'node:assert/strict';

import { chromium } from 'playwright-core';

import { chromiumOptions } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = resolve(process.env.RIDGEPOINT_DIST ?? join(root, 'dist'));
/** Screenshots are kept beside the build. */
export const screenshots = join(root, 'build', 'screenshots');
mkdirSync(screenshots, { recursive: true });

export async function launch() {
  const userDataDir = mkdtempSync(join(tmpdir(), 'ridgepoint-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...chromiumOptions,
    viewport: { width: 1280, height: 900 },
  });
  const server = await startServer(dist, 0);
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    context,
    served: `${origin}/index.html`,
    offline: pathToFileURL(join(dist, 'ridgepoint.html')).href,
    /** Opens `url`; with `section` (an id), scrolls to that section so the page builds it. */
    async open(url, { viewport, section } = {}) {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      const consoleErrors = [];
      const foreignRequests = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(String(error)));
      page.on('request', (request) => {
        const target = request.url();
        const allowed =
          target.startsWith(origin) ||
          target.startsWith('data:') ||
          target.startsWith('blob:') ||
          (url.startsWith('file:') && target.startsWith('file:'));
        if (!allowed) foreignRequests.push(target);
      });
      await page.goto(url);
      if (section) await showSection(page, section);
      return { page, consoleErrors, foreignRequests };
    },
    /** A page in a new browser with nothing shared with this one (`options`: context options). */
    async fresh(options = {}) {
      const other = await chromium.launch(chromiumOptions);
      const page = await (await other.newContext({ viewport: { width: 1280, height: 900 }, ...options })).newPage();
      return { page, close: () => other.close() };
    },
    async close() {
      await context.close();
      await new Promise((done) => server.close(done));
    },
  };
}

/**
 * Scrolls to the section with that id and waits until it is built: the page builds a section
 * when it comes near the viewport (or when the address needs it), as a person scrolling would.
 */
export async function showSection(page, id) {
  const section = page.locator(`#${id}`);
  await section.scrollIntoViewIfNeeded();
  await page.waitForFunction((sectionId) => !document.querySelector(`#${sectionId} > template`), id);
  // Panels are built one per frame, in this section and in those built above it (which push it
  // down): wait for every form of the page's built sections (each built with its first result).
  await page.waitForFunction(() => !document.querySelector('ridgepoint-calculator:not(:has(form))'));
  // Sections above it may still draw charts and tables that push it down: bring its top into
  // view, where a person arriving at it starts reading, until it stays there for two frames. Its
  // top then sits at its scroll margin (below the sticky section index), or, for a section the
  // page's end keeps from scrolling that far, where it was the time before.
  let previous = null;
  for (let attempt = 0; attempt < 50; attempt++) {
    await section.evaluate((element) => element.scrollIntoView());
    await nextFrame(page);
    await nextFrame(page);
    const { offset, atEnd } = await section.evaluate((element) => ({
      offset: element.getBoundingClientRect().top - parseFloat(getComputedStyle(element).scrollMarginTop || '0'),
      atEnd: scrollY + innerHeight >= document.documentElement.scrollHeight - 1,
    }));
    if (Math.abs(offset) < 2 || (atEnd && previous !== null && Math.abs(offset - previous) < 1)) return;
    previous = offset;
  }
}

/** Scrolls to each section in turn, as a person reading the whole page would, so all are built. */
export async function showEverySection(page) {
  for (const id of await page
    .locator('main > section[id]')
    .evaluateAll((sections) => sections.map((section) => section.id))) {
    await showSection(page, id);
  }
}

/** Waits one animation frame: the page writes the address bar once per frame. */
export const nextFrame = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));

/**
 * The page's address as the page itself sees it. page.url() is Playwright's copy, updated by an
 * event that can arrive after a replaceState the page has already made (seen under load).
 */
export const address = (page) => page.evaluate(() => location.href);

/** Resolves once the page has written its state to the address bar (idle time after a frame). */
export const addressWritten = (page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestIdleCallback(() => done(), { timeout: 1000 }))),
  );

/**
 * Resolves once the chart element `handle` (located before an edit) shows a new value of
 * `attribute` while still in the page: the redraw moved the element that was there. A chart rebuilt
 * from scratch leaves that element detached and unchanged, and the wait times out.
 */
export async function keptAndChanged(page, handle, attribute) {
  const before = await handle.getAttribute(attribute);
  return async () =>
    page.waitForFunction(
      ([chartElement, name, old]) => chartElement.isConnected && chartElement.getAttribute(name) !== old,
      [handle, attribute, before],
      { timeout: 10_000 },
    );
}

/** The shown value of one output of the <ridgepoint-calculator> with that state namespace. */
export const result = (page, state, output) =>
  page.locator(`ridgepoint-calculator[state="${state}"] [data-output="${output}"] output.value`);

/** No NaN, Infinity or undefined shown in `scope`, no console error, no request elsewhere. */
export async function assertClean(page, consoleErrors, foreignRequests, scope = 'body') {
  const text = await page.locator(scope).innerText();
  // (AMD's "Infinity Fabric" is a link's name, not a number.)
  assert.doesNotMatch(
    text,
    /\bNaN\b|\bInfinity\b(?! Fabric)|\bundefined\b/,
    'no NaN, Infinity or undefined is displayed',
  );
  assert.deepEqual(consoleErrors, [], 'no console error');
  assert.deepEqual(foreignRequests, [], 'no request leaves for another origin');
}
