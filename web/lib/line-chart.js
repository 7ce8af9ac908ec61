// drawLineChart(svg, options): a small d3 line chart for curves (throughput against batch,
// intensity against block size, cost against size), drawn in the next animation frame with
// presentation attributes so the SVG exports as it looks.
//   options: { series: [{ label, points: [[x, y], …] }], xLabel, yLabel, xUnit, yUnit,
//              xLog = true, yLog = true, markers: [{ x, label }], levels: [{ y, label }] }
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import { select } from 'd3-selection';
import { line } from 'd3-shape';

import { drawSoon } from './dom.js';
import { formatValue } from './format.js';
import { chartColours } from './roofline-chart.js';

const margin = { top: 14, right: 16, bottom: 42, left: 70 };

export function drawLineChart(svgElement, options) {
  drawSoon(svgElement, () => render(svgElement, options));
}

function render(svgElement, options) {
  const { series, xLabel, yLabel, xUnit = '1', yUnit = '1', xLog = true, yLog = true, markers = [], levels = [] } = options;
  const host = svgElement.parentElement ?? svgElement;
  const width = Math.max(280, Math.min(host.clientWidth || 480, 720));
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
  const x = (xLog ? scaleLog() : scaleLinear()).domain(domain(xs, xLog)).range([margin.left, width - margin.right]);
  const y = (yLog ? scaleLog() : scaleLinear()).domain(domain(ys, yLog)).range([height - margin.bottom, margin.top]);

  const svg = select(svgElement).attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`)
    .attr('role', 'img').attr('aria-label', `${yLabel} against ${xLabel}`)
    .attr('font-family', 'system-ui, sans-serif').attr('font-size', 11);
  svg.selectAll('*').remove();
  svg.append('rect').attr('width', width).attr('height', height).attr('fill', colours.background);
  const tickFormat = (unit) => (value) => formatValue(value, unit, 3);
  // On a log axis d3's own tick format blanks the labels that would crowd (keeping 1, 2, 5, …).
  const labels = (scale, log, count, unit) => (log ? scale.tickFormat(count, tickFormat(unit)) : tickFormat(unit));
  const xTicks = Math.max(2, Math.floor(width / 110));
  const yTicks = Math.max(2, Math.floor(height / 50));
  const xAxis = svg.append('g').attr('transform', `translate(0,${height - margin.bottom})`)
    .call(axisBottom(x).ticks(xTicks).tickFormat(labels(x, xLog, xTicks, xUnit)));
  const yAxis = svg.append('g').attr('transform', `translate(${margin.left},0)`)
    .call(axisLeft(y).ticks(yTicks).tickFormat(labels(y, yLog, yTicks, yUnit)));
  for (const axis of [xAxis, yAxis]) {
    axis.selectAll('path, line').attr('stroke', colours.grid);
    axis.selectAll('text').attr('fill', colours.text);
  }
  svg.append('text').attr('x', (margin.left + width - margin.right) / 2).attr('y', height - 6)
    .attr('text-anchor', 'middle').attr('fill', colours.text).text(xLabel);
  svg.append('text').attr('transform', `translate(12,${(margin.top + height - margin.bottom) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle').attr('fill', colours.text).text(yLabel);

  for (const level of levels) {
    svg.append('line').attr('x1', margin.left).attr('x2', width - margin.right).attr('y1', y(level.y)).attr('y2', y(level.y))
      .attr('stroke', colours.grid).attr('stroke-dasharray', '4 3');
    svg.append('text').attr('x', width - margin.right - 2).attr('y', y(level.y) - 3).attr('text-anchor', 'end')
      .attr('fill', colours.text).text(level.label);
  }
  for (const marker of markers) {
    svg.append('line').attr('x1', x(marker.x)).attr('x2', x(marker.x)).attr('y1', margin.top).attr('y2', height - margin.bottom)
      .attr('stroke', colours.user).attr('stroke-dasharray', '3 3');
    svg.append('text').attr('x', x(marker.x) + 4).attr('y', margin.top + 10).attr('fill', colours.user).text(marker.label);
  }
  const path = line().x((point) => x(point[0])).y((point) => y(point[1]));
  series.forEach((item, index) => {
    const colour = colours.series[index % colours.series.length];
    const usable = item.points.filter((point) => (!xLog || point[0] > 0) && (!yLog || point[1] > 0));
    if (!usable.length) return;
    svg.append('path').attr('d', path(usable)).attr('fill', 'none').attr('stroke', colour).attr('stroke-width', 2)
      .append('title').text(item.label);
    const last = usable.at(-1);
    svg.append('text').attr('x', Math.min(x(last[0]), width - margin.right) - 2).attr('y', y(last[1]) - 5)
      .attr('text-anchor', 'end').attr('fill', colour).text(item.label);
  });
}
