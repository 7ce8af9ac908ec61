// Building DOM without parsing HTML: text from the person or the URL only ever becomes text.

/** Creates an element with a class, text and attributes, and appends its children. */
export function element(tag, { className, text, attributes = {} } = {}, children = []) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** A captioned, horizontally scrollable table; each cell is [text, className]. */
export const table = (caption, headings, rows) =>
  element('div', { className: 'table-scroll' }, [
    element('table', {}, [
      element('caption', { text: caption }),
      element('thead', {}, [element('tr', {}, headings.map((text) => element('th', { text, attributes: { scope: 'col' } })))]),
      element('tbody', {}, rows.map((cells) => element('tr', {}, cells.map(([text, className]) => element('td', { text, className }))))),
    ]),
  ]);

const scheduled = new WeakMap();

/**
 * Runs `draw` in the next animation frame. A later call for the same target within the frame
 * replaces it, so a burst of results (one input feeding several panels) draws a chart once, and
 * the layout read that sizing a chart needs happens once per frame.
 */
export function drawSoon(target, draw) {
  if (!scheduled.has(target)) {
    requestAnimationFrame(() => {
      const latest = scheduled.get(target);
      scheduled.delete(target);
      latest();
    });
  }
  scheduled.set(target, draw);
}
