// The frame every bar chart and diagram draws into: one place sets an <svg>'s size, view box,
// role, label and font, and keeps its background (exports are not transparent) across redraws.
import { select } from 'd3-selection';

import { chartColours } from './colours.js';

/**
 * Sizes `svgElement` to `width` × `height` and labels it; a background rect of the page's
 * surface colour is made on the first draw and resized on the next ones. Returns the d3
 * selection of the <svg>, whose later children are drawn over the background.
 */
export function chartFrame(svgElement, { width, height, label, fontSize = 11 }) {
  const svg = select(svgElement)
    .attr('width', width)
    .attr('height', height)
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('role', 'img')
    .attr('aria-label', label)
    .attr('font-family', 'system-ui, sans-serif')
    .attr('font-size', fontSize);
  svg
    .selectAll('rect.background')
    .data([null])
    .join('rect')
    .attr('class', 'background')
    .attr('width', width)
    .attr('height', height)
    .attr('fill', chartColours().background);
  return svg;
}

/**
 * Colours an axis d3 has just drawn (`axis`: its d3 selection) in the chart's colours and lets its
 * tick labels take the chart's font family: d3-axis writes font-family="sans-serif" on the axis,
 * another face than the chart's system-ui on macOS and Windows. Its 10-unit size stays.
 */
export function styleAxis(axis, colours) {
  axis.attr('font-family', null);
  axis.selectAll('path, line').attr('stroke', colours.grid);
  axis.selectAll('text').attr('fill', colours.text);
}
