// Charts as wide as their parent, without reading layout while drawing: each parent's width comes
// from a ResizeObserver (after the browser's own layout), so drawing never forces a layout of a
// page that is still being built. A new width redraws every chart in that parent, and a new colour
// scheme (or a print) every chart, from the data it was last given: no sweep runs again.
import { onColoursChange } from './colours.js';
import { drawSoon } from './dom.js';
import { isPrinting } from './schedule.js';

const widths = new WeakMap(); // parent → its content width
const renders = new WeakMap(); // chart → its last drawing, a function of the width
const unmeasured = new Set(); // parents observed whose first width has not come yet
const listening = new WeakSet(); // charts that redraw on a change of colours

function drawChildren(parent, width) {
  widths.set(parent, width);
  unmeasured.delete(parent);
  for (const chart of parent.children) {
    const render = renders.get(chart);
    if (render) drawSoon(chart, () => render(width));
  }
}

// The chart again at its parent's width, from the data it was last given.
function redraw(chart) {
  const parent = chart.parentElement ?? chart;
  if (widths.has(parent)) drawSoon(chart, () => renders.get(chart)(widths.get(parent)));
}

// A parent taken out of the page is no longer observed (the observer would keep it, and the markup
// around it, alive for good): its charts' next drawing observes it again.
const observer = new ResizeObserver((entries) => {
  for (const { target, contentRect } of entries) {
    if (target.isConnected) drawChildren(target, contentRect.width);
    else {
      observer.unobserve(target);
      widths.delete(target);
      unmeasured.delete(target);
    }
  }
});

/**
 * The width a ResizeObserver would report for `box`, read from layout now: a print is laid out
 * before the observer reports (and reading layout is what printing does anyway).
 */
export function contentWidth(box) {
  const style = getComputedStyle(box);
  return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}
addEventListener('beforeprint', () => {
  for (const parent of [...unmeasured]) if (parent.isConnected) drawChildren(parent, contentWidth(parent));
});

/**
 * Draws `chart` with `render(width)` in the next frame, and again whenever its parent resizes or
 * the chart colours change.
 */
export function drawAtWidth(chart, render) {
  const parent = chart.parentElement ?? chart;
  renders.set(chart, render);
  if (!listening.has(chart)) {
    listening.add(chart);
    onColoursChange(chart, () => redraw(chart));
  }
  if (widths.has(parent)) {
    redraw(chart);
    return;
  }
  // Its first observation draws it (while printing, it is measured now), its changes redraw it.
  observer.observe(parent);
  if (isPrinting()) drawChildren(parent, contentWidth(parent));
  else unmeasured.add(parent);
}
