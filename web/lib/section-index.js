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

// Where the index is one line scrolled sideways (a narrow screen), its marked link is brought
// into it; the page itself does not move.
function showInIndex(link) {
  const list = link.closest('ul');
  if (list.scrollWidth <= list.clientWidth) return;
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
