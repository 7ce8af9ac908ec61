// The chart colours, read from the CSS custom properties of ridgepoint's elements, so a chart
// drawn with presentation attributes looks like the page and exports as it looks.
import { ElementListeners } from './element-listeners.js';
import { isPrinting } from './schedule.js';
import { sectionSelector } from './sections.js';

// Reading computed style forces a style recalculation, so the colours are read once per colour
// scheme rather than on every redraw.
const darkScheme = matchMedia('(prefers-color-scheme: dark)');
let cachedColours = null;
const redraws = new ElementListeners();
function coloursChanged() {
  cachedColours = null;
  redraws.call();
}
darkScheme.addEventListener('change', coloursChanged);
// Paper is light: while the page prints, <html data-printing> turns the standalone page's dark
// scheme off (style.css) and the charts are drawn again in the light colours, at once (draws run
// right away while printing: lib/schedule.js); after, in the screen's again.
addEventListener('beforeprint', () => {
  if (!darkScheme.matches || !isPrinting()) return;
  document.documentElement.dataset.printing = '';
  coloursChanged();
});
addEventListener('afterprint', () => {
  if (!('printing' in document.documentElement.dataset)) return;
  delete document.documentElement.dataset.printing;
  coloursChanged();
});

/**
 * Calls `redraw` whenever the chart colours change (a new colour scheme, or a print), for as long
 * as the element `owner` exists.
 */
export function onColoursChange(owner, redraw) {
  redraws.add(owner, redraw);
}

/** The chart colours of the current (light or dark) scheme, from CSS custom properties. */
export function chartColours() {
  cachedColours ??= readColours(
    document.querySelector(`${sectionSelector}, ridgepoint-calculator, ridgepoint-roofline-chart`) ??
      document.documentElement,
  );
  return cachedColours;
}

function readColours(host) {
  const style = getComputedStyle(host);
  const read = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: read('--surface', '#ffffff'),
    text: read('--text', '#1b1f24'),
    grid: read('--grid', '#d0d7de'),
    // Seven: the training breakdown's parts (F, B, W, recompute, communication, bubble, optimizer)
    // each need their own.
    series: [1, 2, 3, 4, 5, 6, 7].map((index) => read(`--series-${index}`, '#0969da')),
    user: read('--accent-2', '#bf3989'),
  };
}
