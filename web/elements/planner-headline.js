// <ridgepoint-planner-headline>: the plan's headline figures, above the planner's panels. The page
// ships it filled in for the first plan (web/build.mjs, from the core's own results), so a result
// is painted in the first frame, before the panels are built; this element then keeps it current
// from the panels of its parent element (their bubbling `ridgepoint-result` events), and marks a
// group stale while its panel's inputs are invalid (`ridgepoint-invalid`), as the panel does.
import { setText } from '../lib/dom.js';
import { namesById } from '../lib/format.js';
import { headlineHtml, headlineParts } from '../lib/planner-headline.js';
import { ridgepoint } from '../lib/ridgepoint.js';

const groups = { plannerTraining: 'training', plannerServing: 'serving' };

class PlannerHeadline extends HTMLElement {
  #listening = false;
  #machineNames = {}; // id → name: the GPU as the panel's list names it

  connectedCallback() {
    if (!this.firstElementChild) this.innerHTML = headlineHtml(); // static markup, dashes
    if (this.#listening || !this.parentElement) return;
    this.#listening = true;
    // Loaded before any panel has a result to send.
    ridgepoint
      .then((rp) => {
        this.#machineNames = namesById(rp.machines());
      })
      .catch(() => {}); // a core that cannot start is reported by each panel
    this.parentElement.addEventListener('ridgepoint-result', (event) => {
      const group = groups[event.target.getAttribute?.('state')];
      // A panel's defaults, shown because the linked plan was refused, are no plan of the reader's.
      if (group && !event.detail.defaults) this.#show(group, event.detail);
    });
    this.parentElement.addEventListener('ridgepoint-invalid', (event) => {
      const box = this.querySelector(`[data-group="${groups[event.target.getAttribute?.('state')]}"]`);
      if (!box) return;
      // Under a link whose plan the core rejects, the first plan's figures (hidden) never became
      // current: they read as dashes, not as blanks, and the group says there is no plan yet.
      box.setAttribute('data-stale', box.hasAttribute('data-shown') ? '' : 'none');
      for (const part of box.querySelectorAll('[data-part]:not([data-live])')) {
        part.textContent = '—';
        part.setAttribute('data-live', '');
      }
    });
  }

  #show(group, detail) {
    const box = this.querySelector(`[data-group="${group}"]`);
    if (!box) return;
    box.removeAttribute('data-stale');
    box.setAttribute('data-shown', '');
    for (const [name, text] of Object.entries(headlineParts(group, detail, this.#machineNames))) {
      const part = box.querySelector(`[data-part="${name}"]`);
      if (!part) continue;
      setText(part, text);
      part.setAttribute('data-live', '');
    }
  }
}

customElements.define('ridgepoint-planner-headline', PlannerHeadline);
