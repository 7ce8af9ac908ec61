// The page's entry (and an embedding page's): nothing of the page's code runs before the browser
// has painted the HTML, which already holds a result (the planner's headline, written by the
// build). Then page.js defines the elements and builds the sections. esbuild bundles page.js into
// this same file; only its evaluation waits.
await new Promise((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve));
  setTimeout(resolve, 100); // a hidden page or iframe paints no frames
});
await import('./page.js');
