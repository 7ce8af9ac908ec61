// The page's state lives in the URL hash, so a copied link reproduces the view. Each element owns
// a namespace: `#gemm.m=64&gemm.k=16&machineA.machine=h800-sxm`. Values are kept as text and are
// only ever placed in form fields and text nodes, never parsed as HTML.
//
// Only the person's edits, back/forward and a pasted link change the state. A hash that holds no
// ridgepoint key (an in-page link such as #model-section, a host page's own #anchor) is someone
// else's: the state stays, and the URL gets it back once the browser has scrolled to the anchor.

import { ElementListeners } from './element-listeners.js';

const namespaces = new Set();
const listeners = new ElementListeners();
let restoring = false;

function parseHash() {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}

// Keys of exactly this namespace: `machineA.machine`, not `machineA.roof.peakFlops`.
function fieldOf(key, namespace) {
  const prefix = `${namespace}.`;
  if (!key.startsWith(prefix)) return null;
  const field = key.slice(prefix.length);
  return field && !field.includes('.') ? field : null;
}

// Whether a hash belongs to ridgepoint: it is empty, or it holds a `namespace.field=value` (a
// namespace of a section not built yet counts too), or a key of a namespace in use.
function isState(params) {
  const keys = [...params.keys()];
  if (keys.length === 0) return !location.href.endsWith('#'); // a bare "#" link only scrolls to the top
  return keys.some(
    (key) =>
      (/^[A-Za-z][\w-]*\.[A-Za-z][\w.-]*$/.test(key) && params.get(key) !== '') ||
      [...namespaces].some((namespace) => fieldOf(key, namespace) !== null),
  );
}

// The state as last read from or written to the URL; a page opened at an anchor starts empty.
let state = isState(parseHash()) ? parseHash() : new URLSearchParams();

// Writes reach the address bar once the frame that shows the edit has been painted, in idle time:
// replaceState costs milliseconds per call, which an edit's frame should not wait for. A burst of
// writes (one input feeding several panels, fast typing) is one replaceState. readState sees them
// at once.
let writeScheduled = false;
const whenIdle = window.requestIdleCallback
  ? (callback) => requestIdleCallback(callback, { timeout: 250 })
  : (callback) => setTimeout(callback, 50);

function writeUrl() {
  if (writeScheduled) return;
  writeScheduled = true;
  whenIdle(() => {
    writeScheduled = false;
    showState();
  });
}

// The address bar's hash as ridgepoint last read or wrote it. Another hash there means a
// navigation whose hashchange has not been handled yet: it wins over a write still pending.
const currentHash = () => location.hash.replace(/^#/, '');
let shownHash = currentHash();

function showState() {
  if (currentHash() !== shownHash) return;
  const hash = state.toString();
  if (hash === shownHash) return;
  // An empty state leaves a foreign fragment (a host's anchor) where it is.
  if (!hash && !isState(parseHash())) return;
  history.replaceState(history.state, '', hash ? `#${hash}` : location.pathname + location.search);
  shownHash = currentHash();
}

/** The values stored under `namespace`, as text. Reading declares the namespace as ridgepoint's. */
export function readState(namespace) {
  namespaces.add(namespace);
  const values = {};
  for (const [key, value] of state) {
    const field = fieldOf(key, namespace);
    if (field !== null) values[field] = value;
  }
  return values;
}

/**
 * Replaces the values under `namespace`; an empty object clears it. No history entry is added; the
 * address bar shows the change in the next animation frame. While a navigation is being restored
 * nothing is written: the URL already says what to show.
 */
export function writeState(namespace, values) {
  namespaces.add(namespace);
  if (restoring) return;
  for (const key of [...state.keys()]) {
    if (fieldOf(key, namespace) !== null) state.delete(key);
  }
  for (const [key, value] of Object.entries(values)) state.set(`${namespace}.${key}`, String(value));
  writeUrl();
}

/** Whether the page is applying a navigation (a pasted link, back/forward) right now. */
export function isRestoring() {
  return restoring;
}

/**
 * Calls `listener` when the person navigates to another state (a pasted link, back/forward), for
 * as long as the element `owner` exists.
 */
export function onStateChange(owner, listener) {
  listeners.add(owner, listener);
}

window.addEventListener('hashchange', () => {
  const next = parseHash();
  if (!isState(next)) {
    // An anchor: the browser has scrolled to it; the URL gets the state back.
    if (state.toString()) history.replaceState(history.state, '', `#${state}`);
    shownHash = currentHash();
    return;
  }
  shownHash = currentHash();
  state = next;
  restoring = true;
  try {
    listeners.call();
  } finally {
    restoring = false;
  }
});

/**
 * The namespace prefix of an instance of a section element: '' for the first in document order
 * (so links keep working), `<short><n>.` for the n-th, or `<state>.` when it has a state attribute.
 */
export function instancePrefix(host, short) {
  const explicit = host.getAttribute('state')?.replace(/[^\w-]/g, '');
  if (explicit) return `${explicit}.`;
  const index = [...document.querySelectorAll(`${host.localName}:not([state])`)].indexOf(host);
  return index > 0 ? `${short}${index + 1}.` : '';
}

/** The prefix given to `node` by the section instance around it (see instancePrefix). */
export function prefixOf(node) {
  return node.closest('[data-state-prefix]')?.dataset.statePrefix ?? '';
}
