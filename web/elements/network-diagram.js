// <ridgepoint-network-diagram>: the tiers and planes of a fat-tree, drawn from a fatTree result
// set as its `design` property ({ input, result }), with an SVG export.

import { download, svgBlob } from '../lib/chart-export.js';
import { chartColours, onColoursChange } from '../lib/colours.js';
import { drawSoon, element } from '../lib/dom.js';
import { formatValue } from '../lib/format.js';
import { chartFrame } from '../lib/chart-frame.js';

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
  #design; // the last design drawn: drawn again when the colours change

  connectedCallback() {
    if (this.#svg) return;
    onColoursChange(this, () => {
      if (this.#design) this.design = this.#design;
    });
    this.#svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.#caption = element('p', { className: 'help', attributes: { 'aria-live': 'polite' } });
    const exportSvg = element('button', { text: 'Export SVG', attributes: { type: 'button' } });
    exportSvg.addEventListener('click', () => download(svgBlob(this.#svg), 'ridgepoint-fat-tree-diagram.svg'));
    this.replaceChildren(this.#svg, this.#caption, element('div', { className: 'buttons' }, [exportSvg]));
  }

  /**
   * Draws one plane of the design, further planes as identical copies behind it: in the task after
   * the frame that shows the design's numbers (up to 900 links; drawSoon), once for a burst of edits.
   */
  set design({ input, result }) {
    this.#design = { input, result };
    this.connectedCallback();
    drawSoon(this, () => this.#draw(input, result));
  }

  #draw(input, result) {
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
    const svg = chartFrame(this.#svg, {
      width: svgWidth,
      height,
      label: `Diagram of one plane: ${tiers.map((tier) => `${tier.count} ${tier.name}`).join(', ')} switch${tiers.length === 1 && tiers[0].count === 1 ? '' : 'es'}${planes > 1 ? `, and ${planes - 1} identical planes` : ''}`,
    });
    // Drawn into layers made once, back to front; an edit moves, retexts, adds or drops elements
    // within them (d3's data join) instead of rebuilding the diagram.
    const layer = (name) => svg.selectAll(`g.${name}`).data([name]).join('g').attr('class', name);
    const [backdrop, linkLayer, linkLabels, switchLayer, labels, endpointLayer] = [
      'backdrop',
      'links',
      'link-labels',
      'switches',
      'labels',
      'endpoints',
    ].map(layer);

    // Further planes as frames behind the first, then the first plane's frame.
    const frames = [...Array.from({ length: ghosts }, (_, index) => ghosts - index), 0];
    backdrop
      .selectAll('rect.plane')
      .data(frames, (ghost) => ghost)
      .join('rect')
      .order() // a plane added behind stays behind
      .attr('class', 'plane')
      .attr('x', (ghost) => 80 + ghost * 6)
      .attr('y', (ghost) => top - 18 - ghost * 6)
      .attr('width', svgWidth - 100)
      .attr('height', height - top - 4)
      .attr('fill', colours.background)
      .attr('stroke', colours.grid)
      .attr('rx', 6);
    backdrop
      .selectAll('text.plane')
      .data([planes])
      .join('text')
      .attr('class', 'plane')
      .raise()
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
    const lines = [];
    const bands = [];
    for (let row = 1; row < layout.length; row += 1) {
      const upper = layout[row - 1];
      const lower = layout[row];
      const pairs = lower.count * Math.min(lower.up, upper.count);
      const full = upper.count <= mostDrawnSwitches && lower.count <= mostDrawnSwitches && pairs <= mostDrawnLinks;
      if (full) {
        for (const [from, to] of wiring(lower.count, upper.count, lower.up)) {
          lines.push({
            key: `${row} ${from} ${to}`,
            x1: lower.x.get(from),
            y1: lower.y,
            x2: upper.x.get(to),
            y2: upper.y,
          });
        }
      } else {
        bands.push({ key: row, lower, upper });
      }
    }
    linkLayer.attr('stroke', colours.series[0]).attr('stroke-opacity', 0.45);
    linkLayer
      .selectAll('line')
      .data(lines, (link) => link.key)
      .join('line')
      .attr('x1', (link) => link.x1)
      .attr('y1', (link) => link.y1)
      .attr('x2', (link) => link.x2)
      .attr('y2', (link) => link.y2 + boxHeight);
    linkLayer
      .selectAll('path')
      .data(bands, (band) => band.key)
      .join('path')
      .attr(
        'd',
        ({ lower, upper }) =>
          `M${left},${lower.y} L${right},${lower.y} ` +
          `L${right},${upper.y + boxHeight} L${left},${upper.y + boxHeight} Z`,
      )
      .attr('fill', colours.series[0])
      .attr('fill-opacity', 0.12)
      .attr('stroke', 'none');
    linkLabels
      .selectAll('text')
      .data(layout.slice(1), (tier) => tier.name)
      .join('text')
      .attr('x', (left + right) / 2)
      .attr('y', (lower, index) => (lower.y + layout[index].y + boxHeight) / 2 + 4)
      .attr('text-anchor', 'middle')
      .attr('fill', colours.text)
      .attr('paint-order', 'stroke')
      .attr('stroke', colours.background)
      .attr('stroke-width', 3)
      .text(`${formatValue(leafUplinks)} links`);

    const tierColour = (tier) => colours.series[{ core: 3, spine: 1, leaf: 2 }[tier.name]];
    labels
      .selectAll('text.tier')
      .data(layout, (tier) => tier.name)
      .join('text')
      .attr('class', 'tier')
      .attr('x', 8)
      .attr('y', (tier) => tier.y + 11)
      .attr('fill', colours.text)
      .attr('font-weight', 600)
      .text((tier) => `${tier.name} ×${formatValue(tier.count)}`);
    labels
      .selectAll('text.more')
      .data(
        layout.filter((tier) => tier.indices.includes(null)),
        (tier) => tier.name,
      )
      .join('text')
      .attr('class', 'more')
      .attr('x', (tier) => tier.gapX)
      .attr('y', (tier) => tier.y + 11)
      .attr('text-anchor', 'middle')
      .attr('fill', colours.text)
      .text((tier) => `… ${formatValue(tier.count - 8)} more`);
    switchLayer
      .selectAll('rect.switch')
      .data(
        layout.flatMap((tier) => [...tier.x].map(([index, x]) => ({ tier, index, x }))),
        (drawn) => `${drawn.tier.name} ${drawn.index}`,
      )
      .join((enter) => {
        const box = enter.append('rect');
        box.append('title');
        return box;
      })
      .attr('class', (drawn) => `switch ${drawn.tier.name}`)
      .attr('x', (drawn) => drawn.x - boxWidth / 2)
      .attr('y', (drawn) => drawn.tier.y)
      .attr('width', boxWidth)
      .attr('height', boxHeight)
      .attr('rx', 2)
      .attr('fill', (drawn) => tierColour(drawn.tier))
      .select('title')
      .text((drawn) => `${drawn.tier.name} switch ${drawn.index + 1} of ${drawn.tier.count}`);

    // Endpoints under each drawn leaf.
    const leaves = layout.at(-1);
    const endpointsY = leaves.y + boxHeight + 18;
    const endpoints = endpointLayer
      .selectAll('g.endpoint')
      .data([...leaves.x.values()])
      .join((enter) => {
        const endpoint = enter.append('g').attr('class', 'endpoint');
        endpoint.append('line');
        endpoint.append('circle').attr('r', 3);
        return endpoint;
      });
    endpoints
      .select('line')
      .attr('x1', (x) => x)
      .attr('x2', (x) => x)
      .attr('y1', leaves.y + boxHeight)
      .attr('y2', endpointsY)
      .attr('stroke', colours.grid);
    endpoints
      .select('circle')
      .attr('cx', (x) => x)
      .attr('cy', endpointsY + 3)
      .attr('fill', colours.text);
    endpointLayer
      .selectAll('text.endpoints')
      .data([null])
      .join('text')
      .attr('class', 'endpoints')
      .attr('x', 8)
      .attr('y', endpointsY + 7)
      .attr('fill', colours.text)
      .attr('font-weight', 600)
      .text('endpoints');
    endpointLayer
      .selectAll('text.endpoints-per-plane')
      .data([null])
      .join('text')
      .attr('class', 'endpoints-per-plane')
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
