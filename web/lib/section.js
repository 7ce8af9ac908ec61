// What every section element does once when it is connected: take its instance's namespace
// prefix, put its static markup in place and keep its ids distinct from a first instance's. (Its
// charts redraw themselves on a new width or colour scheme: lib/draw-at-width.js.)
import { distinctIds } from './dom.js';
import { instancePrefix } from './hash-state.js';

/**
 * Fills `host` with `template` (static markup: nothing from the URL or the person) for its
 * instance, and returns the instance's state prefix ('' for the first, `<short>2.` for the next).
 * The states named in `chartStates` (a chart's own namespace) take the prefix.
 */
export function mountSection(host, short, template, chartStates = []) {
  const prefix = instancePrefix(host, short);
  host.dataset.statePrefix = prefix;
  host.innerHTML = chartStates.reduce(
    (markup, state) => markup.replace(`state="${state}"`, `state="${prefix}${state}"`),
    template,
  );
  if (prefix) distinctIds(host, `-${prefix.slice(0, -1)}`);
  return prefix;
}
