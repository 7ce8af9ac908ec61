// The page's state lives in the URL hash, so a copied link reproduces the view. Each element owns
// a namespace: `#gemm.m=64&gemm.k=16&machineA.id=h800-sxm`. Values are kept as text and are only
// ever placed in form fields and text nodes, never parsed as HTML.

// Writes within one frame (one input feeding several panels) collect here and reach the address
// bar once, in the next animation frame: replaceState costs milliseconds per call.
let pending = null;
// A navigation (pasted link, back/forward) wins over writes not yet shown.
window.addEventListener('hashchange', () => {
  pending = null;
});

function params() {
  return new URLSearchParams(pending ?? location.hash.replace(/^#/, ''));
}

/** The values stored under `namespace`, as text. */
export function readState(namespace) {
  const values = {};
  const prefix = `${namespace}.`;
  for (const [key, value] of params()) {
    if (key.startsWith(prefix)) values[key.slice(prefix.length)] = value;
  }
  return values;
}

/**
 * Replaces the values under `namespace`; an empty object clears it. No history entry is added; the
 * address bar shows the change in the next animation frame (readState sees it at once).
 */
export function writeState(namespace, values) {
  const next = params();
  const prefix = `${namespace}.`;
  for (const key of [...next.keys()]) {
    if (key.startsWith(prefix)) next.delete(key);
  }
  for (const [key, value] of Object.entries(values)) next.set(`${prefix}${key}`, String(value));
  if (pending === null) requestAnimationFrame(flush);
  pending = next.toString();
}

function flush() {
  const hash = pending;
  pending = null;
  if (hash !== null && hash !== location.hash.replace(/^#/, '')) {
    history.replaceState(null, '', hash ? `#${hash}` : location.pathname + location.search);
  }
}

/** Calls `listener` when the user navigates to another state (a pasted link, back/forward). */
export function onStateChange(listener) {
  window.addEventListener('hashchange', listener);
}
