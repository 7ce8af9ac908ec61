// The page: each section is a custom element inside a <template> in index.html. This file loads
// the elements and builds a section (puts its element in the document) only when it comes near
// the viewport, or when the address needs it: a permalink's state or an anchor inside a section.
// A section is built once the panels of the one before have been built and painted (they queue
// their work in lib/schedule.js), so the first section paints before the others exist, no task
// grows with the length of the page, and a section still being built does not leave the next
// one near the viewport only because it is not yet as tall as it will be.
// The sections, in page order, then the elements they are built from (each section imports its
// own too; listed here so every element of web/elements/ is defined by the page).
import './elements/planner-headline.js';
import './elements/planner.js';
import './elements/roofline.js';
import './elements/model.js';
import './elements/interconnect.js';
import './elements/network.js';
import './elements/precision.js';
import './elements/machine-picker.js';
import './elements/shape-table.js';
import './elements/model-config.js';
import './elements/node-picker.js';
import './elements/switch-picker.js';
import './elements/network-diagram.js';
import './elements/network-compare.js';
import './lib/section-index.js';

import { ridgepoint } from './lib/ridgepoint.js';
import { drawing } from './lib/dom.js';
import { building, inTurn } from './lib/schedule.js';

// A mark for the benchmark: time from navigation to the first computed result.
document.addEventListener('ridgepoint-result', () => performance.mark('ridgepoint-first-result'), { once: true });

const unbuilt = [...document.querySelectorAll('main > section')].filter((section) =>
  section.querySelector(':scope > template'),
);
const near = new Set(); // unbuilt sections within half a screen of the viewport
const forced = new Set(); // unbuilt sections the address needs
let pumping = false;

function build(section) {
  const template = section.querySelector(':scope > template');
  if (!template) return;
  template.replaceWith(template.content);
  unbuilt.splice(unbuilt.indexOf(section), 1);
  near.delete(section);
  nearViewport.unobserve(section);
  onScreen.observe(section);
}

// Builds the wanted sections in page order, each after the work the previous one queued.
function pump() {
  const next = unbuilt.find((section) => near.has(section) || forced.has(section));
  if (!next) {
    pumping = false;
    showLinkedSection();
    return;
  }
  build(next);
  if (unbuilt.length === 0) afterAllBuilt();
  // A task later the section's elements have queued their panels (once the core, already loaded,
  // has been awaited): the next section waits behind them.
  setTimeout(() => inTurn(pump));
}

function schedule() {
  if (!pumping) {
    pumping = true;
    pump();
  }
}

// Anything in the hash other than a section's id (`#model-section`) is state or an anchor that
// only exists once its section is built: build every section, then show the anchor.
let anchorToShow = null;
let sectionToShow = null;
// A link that holds state (a copied address) opens on the first section its state belongs to:
// the part of the page the person who copied it was using. The namespaces it holds state for:
let stateToShow = null;
function onAddress() {
  const hash = decodeURIComponent(location.hash.replace(/^#/, ''));
  if (!hash) return;
  const target = document.getElementById(hash);
  if (target?.matches('main > section')) {
    // A section's link: build it, then show it again once the sections built meanwhile above it
    // (near the viewport) have pushed it down.
    if (unbuilt.includes(target)) forced.add(target);
    sectionToShow = target;
    showUntil = performance.now() + 4000;
    schedule();
    showLinkedSection();
  }
  if (target) return;
  if (!hash.includes('=')) anchorToShow = hash;
  else
    stateToShow = new Set(
      location.hash
        .replace(/^#/, '')
        .split('&')
        .map((pair) => pair.split('.')[0]),
    );
  for (const section of unbuilt) forced.add(section);
  if (unbuilt.length === 0) afterAllBuilt();
  schedule();
}

// Sections above the linked one keep being built for a moment after it (as they come near the
// viewport) and their panels and charts keep drawing: from the link on, for four seconds (on a
// busy machine the sections above still change height after two) and for as long as panels are
// still being built or charts drawn, the linked section is kept in view, unless the person
// scrolls first.
// A section changing height meanwhile puts the linked one back in the same frame, before it is
// painted (a ResizeObserver runs after layout): the reader never sees it jump, whichever element
// the browser's scroll anchoring picked.
let showUntil = 0;
let keepingInView = false;
let scrolledByPerson = false;
const putBackInView = new ResizeObserver(() => sectionToShow?.scrollIntoView());
function showLinkedSection() {
  if (keepingInView || sectionToShow === null) return;
  keepingInView = true;
  for (const section of document.querySelectorAll('main > section')) putBackInView.observe(section);
  keepInView();
}
function keepInView() {
  if (sectionToShow === null || (performance.now() > showUntil && !building() && !drawing())) {
    sectionToShow = null;
    keepingInView = false;
    putBackInView.disconnect();
    return;
  }
  sectionToShow.scrollIntoView();
  setTimeout(() => requestAnimationFrame(keepInView), 100);
}
for (const type of ['wheel', 'touchmove', 'keydown', 'pointerdown', 'focusin']) {
  addEventListener(
    type,
    () => {
      sectionToShow = null;
      scrolledByPerson = true;
    },
    { passive: true },
  );
}

// A print holds the whole page: every section is built now, and lib/schedule.js runs their
// queued work before the print is laid out.
addEventListener('beforeprint', () => {
  for (const section of [...unbuilt]) build(section);
});

function afterAllBuilt() {
  if (stateToShow !== null) {
    const namespaces = stateToShow;
    stateToShow = null;
    ridgepoint.then(() =>
      requestAnimationFrame(() => {
        const holder = [...document.querySelectorAll('main [state]')].find((element) =>
          namespaces.has(element.getAttribute('state')),
        );
        const section = holder?.closest('main > section');
        // The first section is where the page opens anyway; a person who has scrolled, typed or
        // clicked meanwhile stays where they are.
        if (!section || section === document.querySelector('main > section') || scrolledByPerson) return;
        sectionToShow = section;
        showUntil = performance.now() + 4000;
        showLinkedSection();
      }),
    );
  }
  if (anchorToShow === null) return;
  const id = anchorToShow;
  anchorToShow = null;
  // Elements build their inner markup once the core is loaded: look after that.
  ridgepoint.then(() => requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView()));
}

// Sections within half a screen of the viewport are built before they are scrolled to.
const nearMargin = 0.5; // of the viewport's height, above and below
const nearViewport = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) near.add(entry.target);
      else near.delete(entry.target);
    }
    schedule();
  },
  { rootMargin: `${nearMargin * 100}% 0px` },
);

// A built section that has been on screen (so laid out at its real height, which the browser
// remembers) is marked data-seen: from then on style.css lets the browser skip it while it is
// off screen (content-visibility). A section built off screen, for a permalink, is laid out in
// full until then, so its height is real and scroll anchoring keeps the view in place.
const onScreen = new IntersectionObserver((entries) => {
  for (const entry of entries.filter((candidate) => candidate.isIntersecting)) {
    entry.target.dataset.seen = '';
    onScreen.unobserve(entry.target);
  }
});

// Nothing can show a result before the core has loaded; waiting for it means each section is
// built in one piece, in its own task, rather than half now and half when the core arrives.
// A core that fails to load is for each element to report, so the sections are built anyway.
await ridgepoint.catch(() => {});
// The core's start-up (instantiation, reading its declarations) and the first build: two tasks.
await new Promise((resolve) => setTimeout(resolve));
// The sections near the viewport now, from the layout the browser already has, rather than from
// the observer's first report a frame later; the observer follows them from then on.
for (const section of unbuilt) {
  const { top, bottom } = section.getBoundingClientRect();
  if (bottom >= -innerHeight * nearMargin && top <= innerHeight * (1 + nearMargin)) near.add(section);
}
onAddress();
window.addEventListener('hashchange', onAddress);
for (const section of unbuilt) nearViewport.observe(section);
schedule();
