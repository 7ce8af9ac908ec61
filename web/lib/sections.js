// The section elements a page may hold, in page order: the one list that the calculator element
// (is it inside a section?) and the chart colours (where to read the styles) look for.
export const sectionSelector = [
  'ridgepoint-planner',
  'ridgepoint-roofline',
  'ridgepoint-model',
  'ridgepoint-interconnect',
  'ridgepoint-network',
  'ridgepoint-precision',
].join(', ');
