// <ridgepoint-roofline-chart>: a log-log roofline (d3 scales, axes and lines). Set `data` to
// { roofs: [{ label, peakFlops, memoryBandwidth }], points: [{ label, intensity, flops, detail }] }
// where a point's flops is the FLOP/s it attains. People can add their own points (kept in the
// URL hash under `state`, default "chart") and export the chart as SVG or PNG.
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLog } from 'd3-scale';
import { select } from 'd3-selection';
import { line } from 'd3-shape';

import { download, pngBlob, svgBlob } from './chart-export.js';
import { styleAxis } from './chart-frame.js';
import { chartColours, onColoursChange } from './colours.js';
import { drawSoon, element } from './dom.js';
import { contentWidth } from './draw-at-width.js';
import { formatNumber, formatValue, parseInput } from './format.js';
import { readState, writeState } from './hash-state.js';
import { isPrinting } from './schedule.js';

const margin = { top: 16, right: 20, bottom: 44, left: 74 };

const fontFamily = 'system-ui, sans-serif';
const fontSize = 12; // px

// A roof's label within `width`: on a narrow chart its name is cut short with an ellipsis (the
// ridge kept whole) rather than run over the y axis; the roof's title holds the whole name.
// Measured on a canvas in the chart's font: reading an SVG text's length would lay out the page.
let measuring = null;
function fittedLabel(fullName, ridge, width) {
  measuring ??= document.createElement('canvas').getContext('2d');
  measuring.font = `${fontSize}px ${fontFamily}`;
  const fits = (text) => measuring.measureText(text).width <= width;
  if (fits(fullName + ridge)) return fullName + ridge;
  // Too long: the vendor goes first ("NVIDIA"), then the name is cut inside, before its last word
  // (the precision: BF16/FP16, FP8), which tells two roofs of one machine apart.
  const name = fullName.replace(/\b(NVIDIA|AMD|Intel|Google) /, '');
  const lastSpace = name.lastIndexOf(' ');
  const kept = lastSpace > 0 ? name.slice(lastSpace) : '';
  const head = name.slice(0, name.length - kept.length);
  const label = (length) =>
    length === head.length ? name + ridge : `${head.slice(0, length).trimEnd()}…${kept}${ridge}`;
  let low = 0; // the longest cut of the name that fits (none at all if nothing does)
  let high = head.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(label(middle))) low = middle;
    else high = middle - 1;
  }
  return label(low);
}

// What a user point may be, typed or from a link: ranges wide enough for any real kernel and
// narrow enough that the chart's log axes (with their margins) stay finite, and few enough
// points to draw at once.
export const userPointLimits = {
  intensity: { min: 1e-6, max: 1e12, unit: 'FLOP/B' },
  flops: { min: 1, max: 1e22, unit: 'FLOP/s' },
  points: 100,
  labelLength: 60,
};

/** Why a point cannot be plotted ('' when it can): the one check for typed and linked points. */
export function userPointProblem(point) {
  for (const name of ['intensity', 'flops']) {
    const { min, max, unit } = userPointLimits[name];
    const value = point[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      return `${name} must be a number from ${formatNumber(min)} to ${formatNumber(max)} ${unit}`;
    }
  }
  return '';
}

export class RooflineChart extends HTMLElement {
  #data = { roofs: [], points: [] };
  #userPoints = [];
  #svg;
  #tooltip;
  #userList;
  #built = false;
  #shownUserPoints = null;
  #width;
  #axesKey = null;

  connectedCallback() {
    if (this.#built) return;
    this.#built = true;
    const namespace = this.getAttribute('state') ?? 'chart';
    const linked = parseUserPoints(readState(namespace).points ?? '');
    this.#userPoints = linked.points;

    this.#svg = select(this).append('svg').attr('role', 'img').attr('class', 'chart').node();
    this.#tooltip = element('div', { className: 'tooltip', attributes: { role: 'status', 'aria-live': 'polite' } });
    this.#tooltip.hidden = true;

    const label = element('input', {
      attributes: { name: 'label', 'aria-label': 'point label', placeholder: 'label', value: 'my kernel' },
    });
    const intensity = element('input', {
      attributes: {
        name: 'intensity',
        'aria-label': 'intensity in FLOP/B',
        placeholder: '50 FLOP/B',
        inputmode: 'decimal',
      },
    });
    const flops = element('input', {
      attributes: {
        name: 'flops',
        'aria-label': 'measured FLOP/s',
        placeholder: '400T FLOP/s',
        inputmode: 'decimal',
      },
    });
    // Points from the link that were dropped are reported here, beside the form that adds them.
    const error = element('output', { className: 'error', attributes: { 'aria-live': 'polite' } });
    error.textContent = linked.problems.join('; ');
    const add = element('button', { text: 'Add point', attributes: { type: 'submit' } });
    const form = element('form', { className: 'add-point' }, [label, intensity, flops, add, error]);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const point = {
        label: label.value.trim().slice(0, userPointLimits.labelLength) || 'point',
        intensity: parseInput(intensity.value, 'FLOP/B'),
        flops: parseInput(flops.value, 'FLOP/s'),
      };
      const problem =
        this.#userPoints.length >= userPointLimits.points
          ? `at most ${userPointLimits.points} points can be added`
          : userPointProblem(point);
      error.textContent = problem;
      if (problem) return;
      this.#userPoints.push(point);
      this.#saveUserPoints(namespace);
    });
    this.#userList = element('ul', { className: 'user-points' });
    this.#userList.addEventListener('click', (event) => {
      const index = event.target.dataset.remove;
      if (index === undefined) return;
      this.#userPoints.splice(Number(index), 1);
      this.#saveUserPoints(namespace);
    });

    const exportSvg = element('button', { text: 'Export SVG', attributes: { type: 'button' } });
    exportSvg.addEventListener('click', () => download(svgBlob(this.#svg), `${this.#fileName()}.svg`));
    const exportPng = element('button', { text: 'Export PNG', attributes: { type: 'button' } });
    exportPng.addEventListener('click', async () => download(await pngBlob(this.#svg), `${this.#fileName()}.png`));

    this.append(
      this.#tooltip,
      element('div', { className: 'chart-tools' }, [form, exportSvg, exportPng]),
      this.#userList,
    );
    // The width comes from the ResizeObserver, after the browser's own layout: reading it while
    // drawing would force a layout per chart. The first observation draws the chart.
    new ResizeObserver(([entry]) => {
      this.#width = entry.contentRect.width;
      this.#draw();
    }).observe(this);
    onColoursChange(this, () => this.#draw());
  }

  set data(data) {
    this.#data = data;
    this.#draw();
  }

  get data() {
    return this.#data;
  }

  // "roofline-h800-sxm-fp8-b-h100-sxm-bf16-fp16": what is drawn, as a file name.
  #fileName() {
    const roofs = this.#data.roofs.map((roof) => roof.label).join(' ');
    const slug = `roofline ${roofs}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return slug.slice(0, 100).replace(/-$/, '');
  }

  #saveUserPoints(namespace) {
    writeState(namespace, this.#userPoints.length ? { points: formatUserPoints(this.#userPoints) } : {});
    this.#draw();
  }

  #draw() {
    drawSoon(this, () => this.#render());
  }

  #render() {
    if (!this.#svg) return;
    if (this.#width === undefined && isPrinting()) this.#width = contentWidth(this);
    if (this.#width === undefined) return;
    const width = Math.max(300, Math.min(this.#width || 640, 1200));
    const height = Math.round(Math.max(240, Math.min(width * 0.62, 480)));
    const colours = chartColours();
    const { roofs } = this.#data;
    const points = [
      ...this.#data.points.map((point) => ({ ...point, user: false })),
      ...this.#userPoints.map((point) => ({ ...point, user: true, detail: 'added by you' })),
    ];

    const intensities = [
      ...points.map((point) => point.intensity),
      ...roofs.map((roof) => roof.peakFlops / roof.memoryBandwidth),
    ];
    const xLow = Math.min(1, ...intensities) / 4;
    const xHigh = Math.max(100, ...intensities) * 4;
    const flops = [...points.map((point) => point.flops), ...roofs.map((roof) => roof.peakFlops)];
    const lowestSlope = Math.min(...roofs.map((roof) => roof.memoryBandwidth * xLow), ...flops);
    const x = scaleLog()
      .domain([xLow, xHigh])
      .range([margin.left, width - margin.right]);
    const y = scaleLog()
      .domain([Math.max(lowestSlope, 1) / 2, Math.max(1e12, ...flops) * 2])
      .range([height - margin.bottom, margin.top]);

    const svg = select(this.#svg)
      .attr('width', width)
      .attr('height', height)
      .attr('viewBox', `0 0 ${width} ${height}`)
      .attr('font-family', fontFamily)
      .attr('font-size', fontSize);
    svg.attr('aria-label', `Roofline chart with ${roofs.length} roofs and ${points.length} operations`);
    // The frame is made once; later draws move and retext what is there (d3's data join).
    if (svg.select('.points').empty()) {
      svg.append('rect').attr('class', 'background');
      svg.append('g').attr('class', 'x-axis');
      svg.append('g').attr('class', 'y-axis');
      svg.append('text').attr('class', 'x-label').attr('text-anchor', 'middle').text('arithmetic intensity (FLOP/B)');
      svg.append('text').attr('class', 'y-label').attr('text-anchor', 'middle').text('attainable performance (FLOP/s)');
      svg.append('g').attr('class', 'roofs');
      svg.append('g').attr('class', 'points');
      svg.append('g').attr('class', 'roof-labels').attr('pointer-events', 'none'); // points stay hoverable
      svg.append('g').attr('class', 'point-labels').attr('font-size', 11);
    }
    svg.select('.background').attr('width', width).attr('height', height).attr('fill', colours.background);

    // Most edits move points within the same scales: then the axes stay as they are.
    const axesKey = [width, height, ...x.domain(), ...y.domain(), colours.text, colours.grid].join();
    if (axesKey !== this.#axesKey) {
      this.#axesKey = axesKey;
      const xAxis = svg
        .select('.x-axis')
        .attr('transform', `translate(0,${height - margin.bottom})`)
        .call(axisBottom(x).ticks(Math.max(2, width / 90), '~s'));
      const yAxis = svg
        .select('.y-axis')
        .attr('transform', `translate(${margin.left},0)`)
        .call(axisLeft(y).ticks(Math.max(2, height / 50), '~s'));
      for (const axis of [xAxis, yAxis]) styleAxis(axis, colours);
      svg
        .select('.x-label')
        .attr('x', (margin.left + width - margin.right) / 2)
        .attr('y', height - 8)
        .attr('fill', colours.text);
      svg
        .select('.y-label')
        .attr('transform', `translate(14,${(margin.top + height - margin.bottom) / 2}) rotate(-90)`)
        .attr('fill', colours.text);
    }

    const path = line()
      .x((d) => x(d[0]))
      .y((d) => y(d[1]));
    // Labels sit above their roof, pushed down where roofs are close (highest roof first), and never
    // across a roof's line: a label that would cross one goes below it.
    const labelY = new Map(); // roof → its label's baseline
    const roofYs = roofs.map((roof) => y(roof.peakFlops));
    // The roof line a label's text (11 px, from 11 above its baseline to 3 below) would cross.
    const crossing = (baseline) => roofYs.find((roofY) => roofY > baseline - 11 && roofY < baseline + 3);
    let previous = -Infinity;
    for (const roof of [...roofs].sort((a, b) => b.peakFlops - a.peakFlops)) {
      let baseline = Math.max(y(roof.peakFlops) - 4, previous + 13);
      for (let roofY = crossing(baseline); roofY !== undefined; roofY = crossing(baseline)) baseline = roofY + 13;
      labelY.set(roof, baseline);
      previous = baseline;
    }
    const drawnRoofs = roofs.map((roof, index) => ({
      ...roof,
      colour: colours.series[index % colours.series.length],
      ridge: roof.peakFlops / roof.memoryBandwidth,
      labelY: labelY.get(roof),
    }));
    const roofGroups = svg
      .select('.roofs')
      .selectAll('g')
      .data(drawnRoofs, (roof) => roof.label)
      .join((enter) =>
        enter
          .append('g')
          .attr('class', 'roof')
          .call((group) => {
            group.append('path').attr('fill', 'none').attr('stroke-width', 2);
            group.append('circle').attr('r', 4).append('title');
          }),
      );
    roofGroups
      .select('path')
      .attr('stroke', (roof) => roof.colour)
      .attr('d', (roof) =>
        path([
          [xLow, roof.memoryBandwidth * xLow],
          [roof.ridge, roof.peakFlops],
          [xHigh, roof.peakFlops],
        ]),
      );
    roofGroups
      .select('circle')
      .attr('cx', (roof) => x(roof.ridge))
      .attr('cy', (roof) => y(roof.peakFlops))
      .attr('fill', (roof) => roof.colour)
      .select('title')
      .text(
        (roof) =>
          `${roof.label}: ridge ${formatValue(roof.ridge, 'FLOP/B', 4)}, peak ${formatValue(roof.peakFlops, 'FLOP/s', 4)}`,
      );
    // The roofs' names over the points, each on a halo of the background: the lines and points
    // beneath leave it readable.
    svg
      .select('.roof-labels')
      .selectAll('text')
      .data(drawnRoofs, (roof) => roof.label)
      .join((enter) =>
        enter
          .append('text')
          .attr('text-anchor', 'end')
          .attr('paint-order', 'stroke')
          .attr('stroke-width', 3)
          .attr('stroke-linejoin', 'round'),
      )
      .attr('x', x(xHigh) - 4)
      .attr('y', (roof) => roof.labelY)
      .attr('fill', (roof) => roof.colour)
      .attr('stroke', colours.background)
      .text((roof) =>
        fittedLabel(roof.label, ` · ridge ${formatValue(roof.ridge, '1', 3)}`, x(xHigh) - 4 - margin.left),
      );

    const describe = (d) =>
      `${d.label}: ${formatValue(d.intensity, 'FLOP/B', 4)}, ${formatValue(d.flops, 'FLOP/s', 4)}${d.detail ? ` (${d.detail})` : ''}`;
    const show = (event, d) => {
      this.#tooltip.hidden = false;
      this.#tooltip.textContent = describe(d);
    };
    svg
      .select('.points')
      .selectAll('circle')
      .data(points, (d) => `${d.user}|${d.label}`)
      .join((enter) =>
        enter
          .append('circle')
          .attr('r', 5)
          .attr('fill-opacity', 0.8)
          .attr('tabindex', 0)
          .call((dots) => dots.append('title'))
          .on('mouseenter', show)
          .on('focus', show)
          .on('mouseleave blur', () => {
            this.#tooltip.hidden = true;
          }),
      )
      .attr('cx', (d) => x(d.intensity))
      .attr('cy', (d) => y(d.flops))
      .attr('fill', (d) => (d.user ? colours.user : colours.text))
      .attr('stroke', colours.background)
      .select('title')
      .text(describe);

    // The person's own points carry their labels in the drawing, so an exported SVG or PNG keeps
    // them (the operators' names are in each dot's title and the table beside the chart).
    svg
      .select('.point-labels')
      .selectAll('text')
      .data(
        points.filter((point) => point.user),
        (d) => d.label,
      )
      .join('text')
      .attr('x', (d) => x(d.intensity) + 7)
      .attr('y', (d) => y(d.flops) - 7)
      .attr('fill', colours.user)
      .text((d) => d.label);

    const userText = formatUserPoints(this.#userPoints);
    if (userText === this.#shownUserPoints) return;
    this.#shownUserPoints = userText;
    this.#userList.replaceChildren(
      ...this.#userPoints.map((point, index) =>
        element('li', {}, [
          `${point.label}: ${formatValue(point.intensity, 'FLOP/B', 4)}, ${formatValue(point.flops, 'FLOP/s', 4)} `,
          element('button', {
            text: 'remove',
            attributes: { type: 'button', 'data-remove': String(index), 'aria-label': `remove ${point.label}` },
          }),
        ]),
      ),
    );
  }
}

/**
 * User points in the hash: "label~intensity~flops" joined by "|". Each goes through the check a
 * typed point does; a bad one is dropped with a sentence saying why, and the rest load.
 */
export function parseUserPoints(text) {
  const points = [];
  const problems = [];
  const items = text.split('|').filter(Boolean);
  for (const [index, item] of items.entries()) {
    if (points.length >= userPointLimits.points) {
      problems.push(`only the first ${userPointLimits.points} points of the link are shown`);
      break;
    }
    const parts = item.split('~');
    const point = {
      label: parts[0].slice(0, userPointLimits.labelLength),
      intensity: parseInput(parts[1] ?? '', 'FLOP/B'),
      flops: parseInput(parts[2] ?? '', 'FLOP/s'),
    };
    const problem = parts.length !== 3 ? 'it needs label~intensity~flops' : userPointProblem(point);
    if (problem)
      problems.push(
        `point ${index + 1} of the link (${point.label.slice(0, 20) || 'no label'}) was dropped: ${problem}`,
      );
    else points.push(point);
  }
  const shown = 5;
  if (problems.length > shown) problems.splice(shown, Infinity, `and ${problems.length - shown} more were dropped`);
  return { points, problems };
}

function formatUserPoints(points) {
  return points.map((point) => `${point.label.replace(/[~|]/g, ' ')}~${point.intensity}~${point.flops}`).join('|');
}

customElements.define('ridgepoint-roofline-chart', RooflineChart);
