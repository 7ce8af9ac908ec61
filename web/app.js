// The page: each section is a custom element; this file only loads them.
import './elements/planner.js';
import './elements/roofline.js';
import './elements/model.js';
import './elements/interconnect.js';
import './elements/network.js';

// A mark for the benchmark: time from navigation to the first computed result.
document.addEventListener('ridgepoint-result', () => performance.mark('ridgepoint-first-result'), { once: true });
