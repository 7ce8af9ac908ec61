// The standalone page's section index (<nav class="section-index">): marks the link of the section
// on screen with aria-current="location" as the person scrolls.
const links = [...document.querySelectorAll('nav.section-index a[href^="#"]')];
const targets = new Map(
  links.map((link) => [document.getElementById(link.hash.slice(1)), link]).filter(([target]) => target),
);
const visible = new Set();

function mark() {
  // The first section in page order that shows in the band below the index.
  const current = [...targets.keys()].find((target) => visible.has(target));
  for (const [target, link] of targets) {
    if (target !== current) {
      link.removeAttribute('aria-current');
    } else if (!link.hasAttribute('aria-current')) {
      link.setAttribute('aria-current', 'location');
      showInIndex(link);
    }
  }
}

// Where the index is one line scrolled sideways (style.css: at most 640 px wide), its marked
// link is brought into it; the page itself does not move. The width is asked of the media query,
// not of the layout, and the first link (marked as the page loads) is in view already: measuring
// forces a layout, which the page's load should not wait for.
const oneLine = matchMedia('(max-width: 640px)');
function showInIndex(link) {
  if (!oneLine.matches || link === links[0]) return;
  const list = link.closest('ul');
  const left = link.offsetLeft - list.offsetLeft - parseFloat(getComputedStyle(list).paddingLeft);
  list.scrollTo({ left, behavior: 'smooth' });
}

if (targets.size) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      }
      mark();
    },
    { rootMargin: '-15% 0px -60% 0px' },
  );
  for (const target of targets.keys()) observer.observe(target);
}
