// The precision lab's bytes per element on the wire, handed to the interconnect section's
// expert-parallel panels ("use these bytes in the interconnect section"). Sections are built
// lazily: an offer made before the interconnect section exists waits for it to take it.
let pending = null;
const takers = new Set();

/** Offers `{ dispatchBytes, combineBytes }` to every interconnect section, or to the next one built. */
export function offerWireBytes(bytes) {
  if (takers.size === 0) {
    pending = bytes;
    return;
  }
  for (const take of takers) take(bytes);
}

/** Calls `take` with each offer, and with one made before it was called. */
export function takeWireBytes(take) {
  takers.add(take);
  if (pending) {
    const bytes = pending;
    pending = null;
    take(bytes);
  }
}
