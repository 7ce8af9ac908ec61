// The precision lab's bytes per element on the wire, handed to the interconnect section's
// expert-parallel panels ("use these bytes in the interconnect section"). Sections are built
// lazily: an offer made before the interconnect section exists waits for it to take it.
import { ElementListeners } from './element-listeners.js';

let pending = null;
const takers = new ElementListeners();

/** Offers `{ dispatchBytes, combineBytes }` to every interconnect section, or to the next one built. */
export function offerWireBytes(bytes) {
  if (takers.call(bytes) === 0) pending = bytes;
}

/**
 * Calls `take` with each offer, and with one made before it was called, for as long as the element
 * `owner` exists.
 */
export function takeWireBytes(owner, take) {
  takers.add(owner, take);
  if (pending) {
    const bytes = pending;
    pending = null;
    take(bytes);
  }
}
