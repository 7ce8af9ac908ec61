// The page: each section is a custom element; this file only loads them.
import './elements/roofline.js';
