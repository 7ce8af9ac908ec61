// Charts as wide as their parent, without reading layout while drawing: each parent's width comes
// from a ResizeObserver (after the browser's own layout), so drawing never forces a layout of a
// page that is still being built. A new width redraws every chart in that parent.
import { drawSoon } from './dom.js';

const widths = new WeakMap(); // parent → its content width
const renders = new WeakMap(); // chart → its last drawing, a function of the width

const observer = new ResizeObserver((entries) => {
  for (const { target, contentRect } of entries) {
    widths.set(target, contentRect.width);
    for (const chart of target.children) {
      const render = renders.get(chart);
      if (render) drawSoon(chart, () => render(contentRect.width));
    }
  }
});

/** Draws `chart` with `render(width)` in the next frame, and again whenever its parent resizes. */
export function drawAtWidth(chart, render) {
  const parent = chart.parentElement ?? chart;
  renders.set(chart, render);
  if (widths.has(parent)) drawSoon(chart, () => render(widths.get(parent)));
  else observer.observe(parent); // its first observation draws it
}
