// Listeners of page-wide happenings (a navigation, a new colour scheme, a print) that belong to an
// element: each is kept for as long as its element exists, not for good. A listener closes over
// its element, so a plain list would keep every element a host page has removed (and the markup
// around it) alive; here an element the page no longer holds is collected, and its listeners with it.
export class ElementListeners {
  #owners = new Set(); // WeakRefs to the elements, in the order they first listened
  #listeners = new WeakMap(); // element → its listeners, alive only while the element is

  /** Calls `listener` on each happening for as long as `owner` exists. */
  add(owner, listener) {
    let listeners = this.#listeners.get(owner);
    if (!listeners) {
      listeners = [];
      this.#listeners.set(owner, listeners);
      this.#owners.add(new WeakRef(owner));
    }
    listeners.push(listener);
  }

  /**
   * Calls every listener whose element still exists with `values`, in the order their elements
   * first listened; returns how many elements listened.
   */
  call(...values) {
    let owners = 0;
    for (const reference of [...this.#owners]) {
      const owner = reference.deref();
      if (owner === undefined) {
        this.#owners.delete(reference);
        continue;
      }
      owners += 1;
      for (const listener of this.#listeners.get(owner)) listener(...values);
    }
    return owners;
  }
}
