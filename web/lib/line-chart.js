// drawLineChart(svg, options): a small d3 line chart for curves (throughput against batch,
// intensity against block size, cost against size), drawn in the next animation frame with
// presentation attributes so the SVG exports as it looks. A redraw updates the SVG already there
// (d3's data join), and labels are moved apart so none overlaps another.
//   options: { series: [{ label, points: [[x, y], …] }], xLabel, yLabel, xUnit, yUnit,
//              xLog = true, yLog = true, markers: [{ x, label }], levels: [{ y, label }],
//              empty: what the plot says when no series has a point (why there is no curve) }
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import { select } from 'd3-selection';
import { line } from 'd3-shape';

import { styleAxis } from './chart-frame.js';
import { chartColours } from './colours.js';
import { drawAtWidth } from './draw-at-width.js';
import { formatValue } from './format.js';
import { offerChartExport } from './chart-export.js';

const margin = { top: 14, right: 16, bottom: 42, left: 70 };
const labelFontSize = 11; // px: the chart's text, set on its <svg>

const axesKeys = new WeakMap();
const drawn = new WeakMap(); // chart → the options, width and colours it shows

export function drawLineChart(svgElement, options) {
  offerChartExport(svgElement);
  // A result that leaves the curve as it is (a price edit under a throughput curve) draws nothing.
  const key = JSON.stringify(options);
  drawAtWidth(svgElement, (width) => {
    const last = drawn.get(svgElement);
    const colours = chartColours(); // a new object when the colour scheme changes
    if (last && last.key === key && last.width === width && last.colours === colours) return;
    drawn.set(svgElement, { key, width, colours });
    render(svgElement, options, width);
  });
}

// The x axis's labels, left to right, each kept only where it clears the last one kept (about
// 6.5 px a character at 11 px), so no two labels meet however narrow the chart.
function xTickLabels(scale, count, format) {
  const kept = new Set();
  let lastRight = -Infinity;
  for (const tick of scale.ticks(count)) {
    const text = String(format(tick));
    if (!text) continue;
    const half = (6.5 * text.length + 8) / 2;
    if (scale(tick) - half >= lastRight) {
      kept.add(tick);
      lastRight = scale(tick) + half;
    }
  }
  return (value) => (kept.has(value) ? format(value) : '');
}

function render(svgElement, options, hostWidth) {
  const {
    series,
    xLabel,
    yLabel,
    xUnit = '1',
    yUnit = '1',
    xLog = true,
    yLog = true,
    markers = [],
    levels = [],
    empty = '',
  } = options;
  const width = Math.max(280, Math.min(hostWidth || 480, 720));
  const height = Math.round(Math.max(200, Math.min(width * 0.55, 340)));
  const colours = chartColours();
  const xs = series.flatMap((item) => item.points.map((point) => point[0])).concat(markers.map((marker) => marker.x));
  const ys = series.flatMap((item) => item.points.map((point) => point[1])).concat(levels.map((level) => level.y));
  const positive = (values) => values.filter((value) => value > 0 && Number.isFinite(value));
  const domain = (values, log) => {
    const usable = log ? positive(values) : values.filter(Number.isFinite);
    if (!usable.length) return [1, 10];
    const low = Math.min(...usable);
    const high = Math.max(...usable);
    return low === high ? [low / 2 || 0, high * 2 || 1] : [log ? low : Math.min(0, low), high * (log ? 1.5 : 1.05)];
  };
  const y = (yLog ? scaleLog() : scaleLinear()).domain(domain(ys, yLog)).range([height - margin.bottom, margin.top]);
  const tickFormat = (unit) => (value) => formatValue(value, unit, 3);
  // On a log axis d3's own tick format blanks the labels that would crowd (keeping 1, 2, 5, …).
  const labels = (scale, log, count, unit) => (log ? scale.tickFormat(count, tickFormat(unit)) : tickFormat(unit));
  const yTicks = Math.max(2, Math.floor(height / 50));
  // The left margin holds the widest y tick label (about 6.5 px a character at 11 px) and the
  // rotated axis title beside it, so neither runs into the other.
  const yTickText = labels(y, yLog, yTicks, yUnit);
  const widestTick = Math.max(...y.ticks(yTicks).map((tick) => String(yTickText(tick)).length));
  const left = Math.max(margin.left, Math.ceil(30 + 6.5 * widestTick));
  const x = (xLog ? scaleLog() : scaleLinear()).domain(domain(xs, xLog)).range([left, width - margin.right]);

  const svg = select(svgElement)
    .attr('width', width)
    .attr('height', height)
    .attr('viewBox', `0 0 ${width} ${height}`)
    .attr('role', 'img')
    .attr('aria-label', `${yLabel} against ${xLabel}`)
    .attr('font-family', 'system-ui, sans-serif')
    .attr('font-size', labelFontSize);
  // The frame is made once; later draws move and retext what is there (d3's data join).
  if (svg.select('.plot').empty()) {
    axesKeys.delete(svgElement);
    svg.selectAll('*').remove();
    svg.append('rect').attr('class', 'background');
    svg.append('g').attr('class', 'x-axis');
    svg.append('g').attr('class', 'y-axis');
    svg.append('text').attr('class', 'x-label').attr('text-anchor', 'middle');
    svg.append('text').attr('class', 'y-label').attr('text-anchor', 'middle');
    const plot = svg.append('g').attr('class', 'plot');
    plot.append('g').attr('class', 'levels');
    plot.append('g').attr('class', 'markers');
    plot.append('g').attr('class', 'series');
    plot.append('text').attr('class', 'empty-note').attr('text-anchor', 'middle');
  }
  svg.select('.background').attr('width', width).attr('height', height).attr('fill', colours.background);
  const xTicks = Math.max(2, Math.floor(width / 110));
  // Most edits move the curves within the same scales: then the axes stay as they are.
  const axesKey = [
    width,
    height,
    ...x.domain(),
    ...y.domain(),
    xLog,
    yLog,
    xUnit,
    yUnit,
    xLabel,
    yLabel,
    colours.text,
    colours.grid,
  ].join();
  if (axesKey !== axesKeys.get(svgElement)) {
    axesKeys.set(svgElement, axesKey);
    const xAxis = svg
      .select('.x-axis')
      .attr('transform', `translate(0,${height - margin.bottom})`)
      .call(
        axisBottom(x)
          .ticks(xTicks)
          .tickFormat(xTickLabels(x, xTicks, labels(x, xLog, xTicks, xUnit))),
      );
    const yAxis = svg
      .select('.y-axis')
      .attr('transform', `translate(${left},0)`)
      .call(
        axisLeft(y)
          .ticks(yTicks)
          .tickFormat(labels(y, yLog, yTicks, yUnit)),
      );
    for (const axis of [xAxis, yAxis]) styleAxis(axis, colours);
    svg
      .select('.x-label')
      .attr('x', (left + width - margin.right) / 2)
      .attr('y', height - 6)
      .attr('fill', colours.text)
      .text(xLabel);
    svg
      .select('.y-label')
      .attr('transform', `translate(12,${(margin.top + height - margin.bottom) / 2}) rotate(-90)`)
      .attr('fill', colours.text)
      .text(yLabel);
  }

  const levelGroups = svg
    .select('.levels')
    .selectAll('g')
    .data(levels, (level) => level.label)
    .join((enter) =>
      enter.append('g').call((group) => {
        group.append('line').attr('stroke-dasharray', '4 3');
        group.append('text').attr('class', 'label').attr('text-anchor', 'end');
      }),
    );
  levelGroups
    .select('line')
    .attr('x1', left)
    .attr('x2', width - margin.right)
    .attr('y1', (level) => y(level.y))
    .attr('y2', (level) => y(level.y))
    .attr('stroke', colours.grid);
  levelGroups
    .select('text')
    .attr('x', width - margin.right - 2)
    .attr('y', (level) => y(level.y) - 3)
    .attr('fill', colours.text)
    .text((level) => level.label);

  const markerGroups = svg
    .select('.markers')
    .selectAll('g')
    .data(markers, (marker) => marker.label)
    .join((enter) =>
      enter.append('g').call((group) => {
        group.append('line').attr('stroke-dasharray', '3 3');
        group.append('text').attr('class', 'label');
      }),
    );
  markerGroups
    .select('line')
    .attr('x1', (marker) => x(marker.x))
    .attr('x2', (marker) => x(marker.x))
    .attr('y1', margin.top)
    .attr('y2', height - margin.bottom)
    .attr('stroke', colours.user);
  // A marker is named right of its line, or left of it where the name would run past the plot.
  const fitsRight = (marker) => x(marker.x) + 4 + labelWidth(marker.label, labelFontSize) <= width - margin.right;
  markerGroups
    .select('text')
    .attr('text-anchor', (marker) => (fitsRight(marker) ? 'start' : 'end'))
    .attr('x', (marker) => x(marker.x) + (fitsRight(marker) ? 4 : -4))
    .attr('y', margin.top + 10)
    .attr('fill', colours.user)
    .text((marker) => marker.label);

  const path = line()
    .x((point) => x(point[0]))
    .y((point) => y(point[1]));
  const drawn = series
    .map((item, index) => ({
      ...item,
      colour: colours.series[index % colours.series.length],
      usable: item.points.filter((point) => (!xLog || point[0] > 0) && (!yLog || point[1] > 0)),
    }))
    .filter((item) => item.usable.length);
  const seriesGroups = svg
    .select('.series')
    .selectAll('g')
    .data(drawn, (item) => item.label)
    .join((enter) =>
      enter.append('g').call((group) => {
        group.append('path').attr('fill', 'none').attr('stroke-width', 2).append('title');
        group.append('text').attr('class', 'label').attr('text-anchor', 'end');
      }),
    );
  seriesGroups
    .select('path')
    .attr('d', (item) => path(item.usable))
    .attr('stroke', (item) => item.colour)
    .select('title')
    .text((item) => item.label);
  // A series is named at its last point, ending there; a last point near the left edge (a
  // curve that runs leftwards) starts its name there instead, so it never reaches the y ticks.
  const endsAt = (item) => Math.min(x(item.usable.at(-1)[0]), width - margin.right) - 2;
  const fitsLeft = (item) => endsAt(item) - labelWidth(item.label, labelFontSize) >= margin.left;
  seriesGroups
    .select('text')
    .attr('fill', (item) => item.colour)
    .text((item) => item.label)
    .attr('text-anchor', (item) => (fitsLeft(item) ? 'end' : 'start'))
    .attr('x', (item) => (fitsLeft(item) ? endsAt(item) : Math.max(x(item.usable.at(-1)[0]), margin.left) + 4))
    .attr('y', (item) => y(item.usable.at(-1)[1]) - 5);

  // A plot with no curve says why, rather than leave empty axes to be read as a drawing fault; its
  // axes' ticks would number nothing, so they are hidden.
  const nothing = !drawn.length && Boolean(empty);
  svg.selectAll('.x-axis, .y-axis').attr('visibility', nothing ? 'hidden' : null);
  svg
    .select('.empty-note')
    .attr('x', (left + width - margin.right) / 2)
    .attr('y', (margin.top + height - margin.bottom) / 2)
    .attr('fill', colours.text)
    .text(nothing ? empty : '');

  separateLabels(svg.selectAll('.label').nodes(), {
    top: margin.top,
    bottom: height - margin.bottom,
    fontSize: labelFontSize,
  });
}

// Text is at most 0.62 em per character wide: a label's width without asking the layout (a read
// per label would force a layout per label).
function labelWidth(text, fontSize) {
  return text.length * fontSize * 0.62;
}

// A label's box from its attributes: labelWidth wide and 1.2 em high.
function labelBox(node, fontSize) {
  const width = labelWidth(node.textContent, fontSize);
  const anchor = node.getAttribute('text-anchor');
  const x = Number(node.getAttribute('x')) - (anchor === 'end' ? width : anchor === 'middle' ? width / 2 : 0);
  return { x, y: Number(node.getAttribute('y')) - fontSize, width, height: fontSize * 1.2 };
}

/**
 * Moves labels (SVG text with x, y and text-anchor attributes) up or down, a line at a time,
 * until no two boxes intersect, staying between `top` and `bottom`: series, levels and markers
 * may want the same spot. Earlier labels keep theirs.
 */
export function separateLabels(nodes, { top, bottom, fontSize }) {
  const placed = [];
  const overlaps = (box) =>
    placed.some(
      (other) =>
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height,
    );
  const lineHeight = fontSize * 1.25;
  for (const node of nodes) {
    const wanted = Number(node.getAttribute('y'));
    let box = labelBox(node, fontSize);
    // 1, -1, 2, -2, … lines away from the wanted place.
    for (let step = 1; overlaps(box) && step <= 24; step++) {
      const candidate = wanted + Math.ceil(step / 2) * (step % 2 ? -1 : 1) * lineHeight;
      if (candidate - fontSize < top || candidate > bottom) continue;
      box = { ...box, y: candidate - fontSize };
    }
    node.setAttribute('y', box.y + fontSize);
    placed.push(box);
  }
}
