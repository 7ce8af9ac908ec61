// Building DOM without parsing HTML: text from the person or the URL only ever becomes text.
import { afterPaint, isPrinting } from './schedule.js';

/** Creates an element with a class, text and attributes, and appends its children. */
export function element(tag, { className, text, attributes = {} } = {}, children = []) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** Sets a node's text only when it differs: an unchanged text costs no style, layout or paint. */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** A sideways-scrolling box for a wide table: a keyboard stop (to scroll it) named `label`. */
export function scrollBox(tableElement, label) {
  return element(
    'div',
    { className: 'table-scroll', attributes: { tabindex: '0', role: 'region', 'aria-label': label } },
    [tableElement],
  );
}

const handedOut = new Map();

/** An id no other element of the page was given: `base`, then `base-2`, `base-3`… */
export function uniqueId(base) {
  let count = handedOut.get(base) ?? 0;
  let id;
  do {
    count += 1;
    id = count === 1 ? base : `${base}-${count}`;
  } while (document.getElementById(id));
  handedOut.set(base, count);
  return id;
}

/**
 * Gives every id under `root` (static markup of a second instance) the suffix, and every
 * reference to it (for, aria-*) and every radio group name too, so two instances never share one.
 */
export function distinctIds(root, suffix) {
  const renamed = new Map();
  for (const node of root.querySelectorAll('[id]')) {
    renamed.set(node.id, `${node.id}${suffix}`);
    node.id += suffix;
  }
  for (const attribute of ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls']) {
    for (const node of root.querySelectorAll(`[${attribute}]`)) {
      node.setAttribute(
        attribute,
        node
          .getAttribute(attribute)
          .split(' ')
          .map((id) => renamed.get(id) ?? id)
          .join(' '),
      );
    }
  }
  for (const radio of root.querySelectorAll('input[type="radio"][name]')) radio.name += suffix;
}

/** The one message an element shows when the core could not start: a CSP, or a missing file. */
export function loadFailure(error) {
  return element('p', {
    className: 'load-error',
    attributes: { role: 'alert' },
    text:
      'ridgepoint could not start its WebAssembly core, so nothing here can compute. ' +
      'Check that ridgepoint.wasm sits beside app.js (served as application/wasm) and, if this page ' +
      "sets a Content-Security-Policy, that it allows 'wasm-unsafe-eval' in script-src and the " +
      "wasm's own origin in connect-src ('self'), and nothing more: never 'unsafe-eval'. " +
      `The browser said: ${error?.message ?? error}`,
  });
}

const scheduled = new Map(); // target → its latest draw, in the order they were first asked for
let drawRequested = false;
// Drawing time one task may take before the draws still waiting move to the next frame (ms): a
// chart's first draw (d3's code runs for the first time) is slow, and several in one task
// would make one long task.
const taskBudget = 8;

// Draws run in a task after a frame has been painted, not before it (requestAnimationFrame): the
// frame that follows an edit shows its results without waiting for charts, sweeps of the core
// among them, and the charts follow in the next frame. In edits across the page this took the
// median edit → painted frame from 20 to 15 ms (headless Chromium, 2 cores; bench/bench.mjs).
function drawScheduled() {
  drawRequested = false;
  const start = performance.now();
  // Draws asked for by a draw (a sweep that then draws its chart) run in the same task.
  while (scheduled.size && performance.now() - start <= taskBudget) {
    const [target, draw] = scheduled.entries().next().value;
    scheduled.delete(target);
    draw();
  }
  if (scheduled.size) requestDraw();
}

function requestDraw() {
  if (drawRequested) return;
  drawRequested = true;
  afterPaint().then(drawScheduled);
}

/**
 * Runs `draw` in a task after the next frame has been painted. A later call for the same target
 * before then replaces it, so a burst of results (one input feeding several panels, fast typing)
 * draws a chart, and sweeps its data, once. Draws that do not fit in a task's budget wait for the
 * next frame. While printing it runs at once.
 */
export function drawSoon(target, draw) {
  if (isPrinting()) {
    scheduled.delete(target);
    draw();
    return;
  }
  scheduled.set(target, draw);
  requestDraw();
}

// A print is laid out before the next frame: the draws waiting for one run now.
addEventListener('beforeprint', () => {
  for (const [target, draw] of [...scheduled]) {
    scheduled.delete(target);
    draw();
  }
});

/** Whether draws are waiting for a frame. */
export function drawing() {
  return scheduled.size > 0;
}
