// <ridgepoint-network-diagram>: the tiers and planes of a fat-tree, drawn from a fatTree result
// set as its `design` property ({ input, result }), with an SVG export.
import { select } from 'd3-selection';

import { download, svgBlob } from '../lib/chart-export.js';
import { chartColours } from '../lib/colours.js';
import { element } from '../lib/dom.js';
import { formatValue } from '../lib/format.js';

const svgWidth = 760;
const tierGap = 84;
const boxWidth = 22;
const boxHeight = 14;
const mostDrawnSwitches = 24; // a tier with more is summarised: its first and last few, and "…"
const mostDrawnLinks = 900;

// Which of a tier's switches are drawn: all of them, or the first and last four around a gap.
function drawnIndices(count) {
  if (count <= mostDrawnSwitches) return Array.from({ length: count }, (_, index) => index);
  return [0, 1, 2, 3, null, count - 4, count - 3, count - 2, count - 1];
}

// Illustrative wiring: lower switch i spreads its `uplinks` over the upper tier round-robin.
function wiring(lowerCount, upperCount, uplinks) {
  const pairs = [];
  for (let lower = 0; lower < lowerCount; lower += 1) {
    for (let link = 0; link < Math.min(uplinks, upperCount); link += 1)
      pairs.push([lower, (lower * uplinks + link) % upperCount]);
  }
  return pairs;
}

class NetworkDiagram extends HTMLElement {
  #svg;
  #caption;

  connectedCallback() {
    if (this.#svg) return;
    this.#svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.#caption = element('p', { className: 'help', attributes: { 'aria-live': 'polite' } });
    const exportSvg = element('button', { text: 'Export SVG', attributes: { type: 'button' } });
    exportSvg.addEventListener('click', () => download(svgBlob(this.#svg), 'ridgepoint-fat-tree-diagram.svg'));
    this.replaceChildren(this.#svg, this.#caption, element('div', { className: 'buttons' }, [exportSvg]));
  }

  /** Draws one plane of the design; further planes are drawn as identical copies behind it. */
  set design({ input, result }) {
    this.connectedCallback();
    const colours = chartColours();
    const planes = input.planes ?? 1;
    // Every layer boundary carries each leaf uplink once (non-blocking above the leaves).
    const leafUplinks = (result.leafSwitches / planes) * result.uplinksPerLeaf;
    const spines = result.spineSwitches / planes;
    const tiers = [
      { name: 'core', count: result.coreSwitches / planes, up: 0 },
      { name: 'spine', count: spines, up: result.coreSwitches ? Math.ceil(leafUplinks / spines) : 0 },
      { name: 'leaf', count: result.leafSwitches / planes, up: result.uplinksPerLeaf },
    ].filter((tier) => tier.count > 0);
    const ghosts = Math.min(planes - 1, 3);
    const top = 28 + ghosts * 6;
    const height = top + tiers.length * tierGap + 56;
    const svg = select(this.#svg)
      .attr('width', svgWidth)
      .attr('height', height)
      .attr('viewBox', `0 0 ${svgWidth} ${height}`)
      .attr('role', 'img')
      .attr('font-family', 'system-ui, sans-serif')
      .attr('font-size', 11)
      .attr(
        'aria-label',
        `Diagram of one plane: ${tiers.map((tier) => `${tier.count} ${tier.name}`).join(', ')} switches${planes > 1 ? `, and ${planes - 1} identical planes` : ''}`,
      );
    svg.selectAll('*').remove();
    svg.append('rect').attr('width', svgWidth).attr('height', height).attr('fill', colours.background);
    for (let ghost = ghosts; ghost >= 1; ghost -= 1) {
      svg
        .append('rect')
        .attr('x', 80 + ghost * 6)
        .attr('y', top - 18 - ghost * 6)
        .attr('width', svgWidth - 100)
        .attr('height', height - top - 4)
        .attr('fill', colours.background)
        .attr('stroke', colours.grid)
        .attr('rx', 6);
    }
    svg
      .append('rect')
      .attr('x', 80)
      .attr('y', top - 18)
      .attr('width', svgWidth - 100)
      .attr('height', height - top - 4)
      .attr('fill', colours.background)
      .attr('stroke', colours.grid)
      .attr('rx', 6);
    svg
      .append('text')
      .attr('x', 88)
      .attr('y', top - 5)
      .attr('fill', colours.text)
      .text(planes > 1 ? `plane 1 of ${planes} (the other ${planes - 1} are identical)` : 'one plane');

    // Positions of the drawn switches of each tier.
    const left = 110;
    const right = svgWidth - 40;
    const layout = tiers.map((tier, row) => {
      const indices = drawnIndices(tier.count);
      const step = (right - left) / Math.max(1, indices.length - 1);
      const x = new Map();
      indices.forEach((index, slot) => {
        if (index !== null) x.set(index, indices.length === 1 ? (left + right) / 2 : left + slot * step);
      });
      return { ...tier, indices, x, y: top + 14 + row * tierGap, gapX: left + indices.indexOf(null) * step };
    });

    // Links between neighbouring tiers: every drawn link when both tiers are drawn in full,
    // otherwise a band labelled with the count.
    const links = svg.append('g').attr('stroke', colours.series[0]).attr('stroke-opacity', 0.45);
    for (let row = 1; row < layout.length; row += 1) {
      const upper = layout[row - 1];
      const lower = layout[row];
      const pairs = lower.count * Math.min(lower.up, upper.count);
      const full = upper.count <= mostDrawnSwitches && lower.count <= mostDrawnSwitches && pairs <= mostDrawnLinks;
      if (full) {
        for (const [from, to] of wiring(lower.count, upper.count, lower.up)) {
          links
            .append('line')
            .attr('x1', lower.x.get(from))
            .attr('y1', lower.y)
            .attr('x2', upper.x.get(to))
            .attr('y2', upper.y + boxHeight);
        }
      } else {
        links
          .append('path')
          .attr(
            'd',
            `M${left},${lower.y} L${right},${lower.y} ` +
              `L${right},${upper.y + boxHeight} L${left},${upper.y + boxHeight} Z`,
          )
          .attr('fill', colours.series[0])
          .attr('fill-opacity', 0.12)
          .attr('stroke', 'none');
      }
      svg
        .append('text')
        .attr('x', (left + right) / 2)
        .attr('y', (lower.y + upper.y + boxHeight) / 2 + 4)
        .attr('text-anchor', 'middle')
        .attr('fill', colours.text)
        .attr('paint-order', 'stroke')
        .attr('stroke', colours.background)
        .attr('stroke-width', 3)
        .text(`${formatValue(leafUplinks)} links`);
    }

    layout.forEach((tier) => {
      const colour = colours.series[{ core: 3, spine: 1, leaf: 2 }[tier.name]];
      svg
        .append('text')
        .attr('x', 8)
        .attr('y', tier.y + 11)
        .attr('fill', colours.text)
        .attr('font-weight', 600)
        .text(`${tier.name} ×${formatValue(tier.count)}`);
      for (const [index, x] of tier.x) {
        svg
          .append('rect')
          .attr('class', `switch ${tier.name}`)
          .attr('x', x - boxWidth / 2)
          .attr('y', tier.y)
          .attr('width', boxWidth)
          .attr('height', boxHeight)
          .attr('rx', 2)
          .attr('fill', colour)
          .append('title')
          .text(`${tier.name} switch ${index + 1} of ${tier.count}`);
      }
      if (tier.indices.includes(null)) {
        svg
          .append('text')
          .attr('x', tier.gapX)
          .attr('y', tier.y + 11)
          .attr('text-anchor', 'middle')
          .attr('fill', colours.text)
          .text(`… ${formatValue(tier.count - 8)} more`);
      }
    });

    // Endpoints under each drawn leaf.
    const leaves = layout.at(-1);
    const endpointsY = leaves.y + boxHeight + 18;
    for (const x of leaves.x.values()) {
      svg
        .append('line')
        .attr('x1', x)
        .attr('x2', x)
        .attr('y1', leaves.y + boxHeight)
        .attr('y2', endpointsY)
        .attr('stroke', colours.grid);
      svg
        .append('circle')
        .attr('cx', x)
        .attr('cy', endpointsY + 3)
        .attr('r', 3)
        .attr('fill', colours.text);
    }
    svg
      .append('text')
      .attr('x', 8)
      .attr('y', endpointsY + 7)
      .attr('fill', colours.text)
      .attr('font-weight', 600)
      .text('endpoints');
    svg
      .append('text')
      .attr('x', (left + right) / 2)
      .attr('y', endpointsY + 24)
      .attr('text-anchor', 'middle')
      .attr('fill', colours.text)
      .text(
        `${formatValue(result.endpointsPerPlane)} endpoints per plane, ` +
          `up to ${result.downlinksPerLeaf} per leaf switch`,
      );

    this.#caption.textContent =
      `${formatValue(result.endpoints)} endpoints on ${formatValue(result.switches)} switches ` +
      `(${formatValue(result.leafSwitches)} leaf, ${formatValue(result.spineSwitches)} spine, ${formatValue(result.coreSwitches)} core over ${planes} plane${planes > 1 ? 's' : ''}), ` +
      `${formatValue(result.links)} switch-to-switch links, ${formatValue(result.optics)} optics. ` +
      (tiers.some((tier) => tier.count > mostDrawnSwitches)
        ? 'Large tiers are summarised; the wiring drawn is illustrative.'
        : 'The wiring drawn is illustrative.');
  }
}
customElements.define('ridgepoint-network-diagram', NetworkDiagram);
