// The cluster-network section: a fat-tree design (switch preset, layers, planes, prices) with its
// counts, a diagram of its tiers and planes and a cost-per-endpoint chart; a side-by-side compare
// view preloaded with ISCA'25 Table 3; Slim Fly, Dragonfly and Fire-Flyer panels; and the
// cheapest-design solver. Each panel is a <ridgepoint-calculator>; this file wires them together.
import '../lib/calculator-element.js';

import { select } from 'd3-selection';

import { distinctIds, drawSoon, element, loadFailure, scrollBox, uniqueId } from '../lib/dom.js';
import { tableExport } from '../lib/export.js';
import { exactValue, formatValue } from '../lib/format.js';
import { instancePrefix, onStateChange, prefixOf, readState, writeState } from '../lib/hash-state.js';
import { drawLineChart } from '../lib/line-chart.js';
import { chartColours, download, svgBlob } from '../lib/roofline-chart.js';
import { ridgepoint, RidgepointError } from '../lib/ridgepoint.js';

const priceFields = ['switchPrice', 'opticPrice', 'cablePrice', 'nicPrice', 'endpointCabling'];

/** The price inputs of a calculator input, to pass to every other topology. */
const pricesOf = (input) => Object.fromEntries(priceFields.filter((name) => name in input).map((name) => [name, input[name]]));

// ---- <ridgepoint-switch-picker>: a switch preset sets the design's radix and port bandwidth ----

class SwitchPicker extends HTMLElement {
  #switches = [];
  #select;
  #source;

  async connectedCallback() {
    if (this.#select) return;
    const rp = await ridgepoint;
    this.#switches = rp.switches();
    const id = uniqueId(`${this.getAttribute('for')}-switch`);
    this.#select = element('select', { attributes: { id, name: 'switch' } });
    for (const model of this.#switches) this.#select.append(element('option', { text: `${model.name}: ${model.radix} × ${formatValue(model.portBandwidth * 8, 'b/s', 3)}`, attributes: { value: model.id } }));
    this.#select.append(element('option', { text: 'Custom (edit radix and port bandwidth)', attributes: { value: 'custom' } }));
    this.#source = element('p', { className: 'source' });
    this.replaceChildren(element('div', { className: 'field' }, [element('label', { text: 'switch', attributes: { for: id } }), this.#select]), this.#source);
    this.#select.addEventListener('change', () => {
      const model = this.#switches.find((candidate) => candidate.id === this.#select.value);
      this.#describe(model);
      if (model) this.dispatchEvent(new CustomEvent('ridgepoint-switch', { bubbles: true, detail: { radix: model.radix, portBandwidth: model.portBandwidth } }));
    });
  }

  /** Shows the preset that matches a design's radix and port bandwidth, or 'custom'. */
  match({ radix, portBandwidth }) {
    if (!this.#select) return;
    const model = this.#switches.find((candidate) => candidate.radix === radix && candidate.portBandwidth === portBandwidth);
    this.#select.value = model ? model.id : 'custom';
    this.#describe(model);
  }

  #describe(model) {
    this.#source.textContent = model ? `Source: ${model.source}. ${model.note}.` : 'Custom switch: your radix and port bandwidth.';
  }
}
customElements.define('ridgepoint-switch-picker', SwitchPicker);

// ---- <ridgepoint-network-diagram>: tiers and planes of a fat-tree --------------------------------

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
    for (let link = 0; link < Math.min(uplinks, upperCount); link += 1) pairs.push([lower, (lower * uplinks + link) % upperCount]);
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
    const svg = select(this.#svg).attr('width', svgWidth).attr('height', height).attr('viewBox', `0 0 ${svgWidth} ${height}`)
      .attr('role', 'img').attr('font-family', 'system-ui, sans-serif').attr('font-size', 11)
      .attr('aria-label', `Diagram of one plane: ${tiers.map((tier) => `${tier.count} ${tier.name}`).join(', ')} switches${planes > 1 ? `, and ${planes - 1} identical planes` : ''}`);
    svg.selectAll('*').remove();
    svg.append('rect').attr('width', svgWidth).attr('height', height).attr('fill', colours.background);
    for (let ghost = ghosts; ghost >= 1; ghost -= 1) {
      svg.append('rect').attr('x', 80 + ghost * 6).attr('y', top - 18 - ghost * 6).attr('width', svgWidth - 100).attr('height', height - top - 4)
        .attr('fill', colours.background).attr('stroke', colours.grid).attr('rx', 6);
    }
    svg.append('rect').attr('x', 80).attr('y', top - 18).attr('width', svgWidth - 100).attr('height', height - top - 4)
      .attr('fill', colours.background).attr('stroke', colours.grid).attr('rx', 6);
    svg.append('text').attr('x', 88).attr('y', top - 5).attr('fill', colours.text)
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
          links.append('line').attr('x1', lower.x.get(from)).attr('y1', lower.y).attr('x2', upper.x.get(to)).attr('y2', upper.y + boxHeight);
        }
      } else {
        links.append('path').attr('d', `M${left},${lower.y} L${right},${lower.y} L${right},${upper.y + boxHeight} L${left},${upper.y + boxHeight} Z`)
          .attr('fill', colours.series[0]).attr('fill-opacity', 0.12).attr('stroke', 'none');
      }
      svg.append('text').attr('x', (left + right) / 2).attr('y', (lower.y + upper.y + boxHeight) / 2 + 4).attr('text-anchor', 'middle')
        .attr('fill', colours.text).attr('paint-order', 'stroke').attr('stroke', colours.background).attr('stroke-width', 3)
        .text(`${formatValue(leafUplinks)} links`);
    }

    layout.forEach((tier) => {
      const colour = colours.series[{ core: 3, spine: 1, leaf: 2 }[tier.name]];
      svg.append('text').attr('x', 8).attr('y', tier.y + 11).attr('fill', colours.text).attr('font-weight', 600).text(`${tier.name} ×${formatValue(tier.count)}`);
      for (const [index, x] of tier.x) {
        svg.append('rect').attr('class', `switch ${tier.name}`).attr('x', x - boxWidth / 2).attr('y', tier.y).attr('width', boxWidth).attr('height', boxHeight)
          .attr('rx', 2).attr('fill', colour).append('title').text(`${tier.name} switch ${index + 1} of ${tier.count}`);
      }
      if (tier.indices.includes(null)) {
        svg.append('text').attr('x', tier.gapX).attr('y', tier.y + 11).attr('text-anchor', 'middle').attr('fill', colours.text)
          .text(`… ${formatValue(tier.count - 8)} more`);
      }
    });

    // Endpoints under each drawn leaf.
    const leaves = layout.at(-1);
    const endpointsY = leaves.y + boxHeight + 18;
    for (const x of leaves.x.values()) {
      svg.append('line').attr('x1', x).attr('x2', x).attr('y1', leaves.y + boxHeight).attr('y2', endpointsY).attr('stroke', colours.grid);
      svg.append('circle').attr('cx', x).attr('cy', endpointsY + 3).attr('r', 3).attr('fill', colours.text);
    }
    svg.append('text').attr('x', 8).attr('y', endpointsY + 7).attr('fill', colours.text).attr('font-weight', 600).text('endpoints');
    svg.append('text').attr('x', (left + right) / 2).attr('y', endpointsY + 24).attr('text-anchor', 'middle').attr('fill', colours.text)
      .text(`${formatValue(result.endpointsPerPlane)} endpoints per plane, up to ${result.downlinksPerLeaf} per leaf switch`);

    this.#caption.textContent = `${formatValue(result.endpoints)} endpoints on ${formatValue(result.switches)} switches ` +
      `(${formatValue(result.leafSwitches)} leaf, ${formatValue(result.spineSwitches)} spine, ${formatValue(result.coreSwitches)} core over ${planes} plane${planes > 1 ? 's' : ''}), ` +
      `${formatValue(result.links)} switch-to-switch links, ${formatValue(result.optics)} optics. ` +
      (tiers.some((tier) => tier.count > mostDrawnSwitches) ? 'Large tiers are summarised; the wiring drawn is illustrative.' : 'The wiring drawn is illustrative.');
  }
}
customElements.define('ridgepoint-network-diagram', NetworkDiagram);

// ---- <ridgepoint-network-compare>: topologies side by side ---------------------------------------

const compareRows = [
  { key: 'endpoints', label: 'endpoints', published: 'endpoints' },
  { key: 'switches', label: 'switches', published: 'switches' },
  { key: 'links', label: 'switch-to-switch links', published: 'links' },
  { key: 'endpointLinks', label: 'endpoint links' },
  { key: 'optics', label: 'optics' },
  { key: 'diameter', label: 'diameter (switch hops)' },
  { key: 'cost', label: 'cost at your prices', unit: '$' },
  { key: 'costPerEndpoint', label: 'cost per endpoint', unit: '$' },
  { key: 'publishedCost', label: 'cost printed in Table 3', unit: '$' },
  { key: 'publishedCostPerEndpoint', label: 'cost per endpoint printed', unit: '$' },
];

class NetworkCompare extends HTMLElement {
  #rp;
  #published = [];
  #added = []; // fat-tree designs the person added: { radix, layers, planes }
  #prices = {};
  #table;
  #notes;
  #dropped;

  async connectedCallback() {
    if (this.#table) return;
    this.#rp = await ridgepoint;
    this.#published = this.#rp.publishedNetworks();
    this.#table = element('table', { className: 'network-compare' });
    this.#notes = element('ul', { className: 'help' });
    this.#dropped = element('output', { className: 'error', attributes: { 'aria-live': 'polite' } });
    this.replaceChildren(scrollBox(this.#table, 'Topologies side by side'), tableExport(this.#table, 'network-topologies'), this.#dropped, this.#notes);
    this.#load();
    onStateChange(() => {
      this.#load();
      this.#render();
    });
    this.#table.addEventListener('click', (event) => {
      const index = event.target.closest('[data-remove-design]')?.dataset.removeDesign;
      if (index === undefined) return;
      this.#added.splice(Number(index), 1);
      this.#save();
    });
    this.#render();
  }

  set prices(prices) {
    this.#prices = prices;
    if (this.#table) this.#render();
  }

  /** Adds a fat-tree design as a column (kept in the URL hash). */
  add({ radix, layers, planes }) {
    this.#added = [...this.#added, { radix, layers, planes }].slice(-6);
    this.#save();
  }

  #load() {
    // A link's designs are radix-layers-planes in whole numbers; anything else is dropped and
    // said so here (the fatTree calculator then checks each number's range as for typed ones).
    const text = readState(`${prefixOf(this)}compare`).added ?? '';
    const items = text.split(',').filter(Boolean);
    const designs = items.map((item) => item.split('-')).filter((parts) => parts.length === 3 && parts.every((part) => /^\d{1,7}$/.test(part)));
    this.#added = designs.slice(0, 6).map(([radix, layers, planes]) => ({ radix: Number(radix), layers: Number(layers), planes: Number(planes) }));
    this.#dropped.textContent = designs.length === items.length ? '' : `${items.length - designs.length} design(s) of the link were dropped: each needs radix-layers-planes in whole numbers`;
  }

  #save() {
    writeState(`${prefixOf(this)}compare`, this.#added.length ? { added: this.#added.map((design) => `${design.radix}-${design.layers}-${design.planes}`).join(',') } : {});
    this.#render();
  }

  #columns() {
    const columns = this.#published.map((network) => {
      const input = Object.fromEntries(Object.entries(network.input).filter(([, value]) => value !== null));
      return { heading: network.id.toUpperCase(), title: network.name, calculator: network.calculator, input, published: network };
    });
    this.#added.forEach((design, index) => columns.push({
      heading: `k=${design.radix}, ${design.layers}L${design.planes > 1 ? `, ${design.planes}P` : ''}`,
      title: `your fat-tree: radix ${design.radix}, ${design.layers} layers, ${design.planes} plane(s), full size`,
      calculator: 'fatTree', input: design, removable: index,
    }));
    return columns;
  }

  #render() {
    const columns = this.#columns();
    const results = columns.map((column) => {
      try {
        return this.#rp[column.calculator]({ ...column.input, ...this.#prices });
      } catch (error) {
        if (!(error instanceof RidgepointError)) throw error;
        return { error: error.message };
      }
    });
    const head = element('tr', {}, [element('th', { text: 'ISCA\u201925 Table 3 and yours', attributes: { scope: 'col' } }), ...columns.map((column) => {
      const cell = element('th', { text: column.heading, attributes: { scope: 'col', title: column.title, 'data-column': column.heading } });
      if (column.removable !== undefined) {
        cell.append(' ', element('button', { attributes: { type: 'button', 'data-remove-design': String(column.removable) } }, [
          element('span', { text: '×', attributes: { 'aria-hidden': 'true' } }), element('span', { className: 'visually-hidden', text: `remove ${column.title}` }),
        ]));
      }
      return cell;
    })]);
    const body = compareRows.map((row) => element('tr', { attributes: { 'data-row': row.key } }, [
      element('th', { text: row.label, attributes: { scope: 'row' } }),
      ...columns.map((column, index) => this.#cell(row, column, results[index])),
    ]));
    this.#table.replaceChildren(
      element('caption', { text: 'Topologies side by side. Counts are computed by the core; a ✓ marks a count equal to the one printed in ISCA\u201925 Table 3. Costs use your prices (default: a two-price fit to Table 3, not published prices).' }),
      element('thead', {}, [head]),
      element('tbody', {}, body),
    );
    this.#notes.replaceChildren(...this.#published.filter((network) => network.note).map((network) => element('li', { text: `${network.id.toUpperCase()}: ${network.note}.` })));
  }

  #cell(row, column, result) {
    if (result.error) return element('td', { className: 'error', text: row.key === 'endpoints' ? result.error : '' });
    if (row.key.startsWith('published')) {
      const printed = column.published?.[row.key === 'publishedCost' ? 'cost' : 'costPerEndpoint'];
      return element('td', { className: 'number', text: printed === undefined ? '—' : formatValue(printed, '$', 4) });
    }
    const value = result[row.key];
    const cell = element('td', { className: 'number', text: formatValue(value, row.unit ?? '1', row.unit ? 4 : 6) });
    if (typeof value === 'number') {
      cell.title = exactValue(value, row.unit ?? '1');
      cell.dataset.exact = String(value);
    }
    if (row.published && column.published) {
      const printed = column.published[row.published];
      cell.append(printed === value ? element('span', { className: 'match', text: ' ✓', attributes: { title: 'equals Table 3' } })
        : element('small', { className: 'error', text: ` (printed ${formatValue(printed)})` }));
    }
    return cell;
  }
}
customElements.define('ridgepoint-network-compare', NetworkCompare);

// ---- The section ---------------------------------------------------------------------------------

const designFields = 'radix,layers,planes,endpoints,oversubscription,portBandwidth,switchPrice,opticPrice,cablePrice,nicPrice,endpointCabling';
const costOutputs = 'cables,optics,switchCost,linkCost,endpointCost,cost,costPerEndpoint';

const template = `
<div class="panels">
  <section class="panel">
    <ridgepoint-switch-picker for="fatTree"></ridgepoint-switch-picker>
    <ridgepoint-calculator calculator="fatTree" state="fatTree" heading="Fat-tree design" fields="${designFields}"></ridgepoint-calculator>
    <div class="buttons"><button type="button" data-action="compare">Add this design to the comparison</button></div>
  </section>
  <section class="panel">
    <h3>Diagram</h3>
    <ridgepoint-network-diagram></ridgepoint-network-diagram>
    <h3>Cost per endpoint</h3>
    <p class="help">Cost per endpoint against the endpoints built (from one full leaf switch per plane to the full size), for this switch, plane count and prices, with two and three layers.</p>
    <svg data-chart="network-cost"></svg>
  </section>
</div>
<section class="panel wide" aria-labelledby="network-compare-heading">
  <h3 id="network-compare-heading">Compare topologies</h3>
  <ridgepoint-network-compare></ridgepoint-network-compare>
</section>
<section class="panel wide">
  <ridgepoint-calculator calculator="cheapestFatTree" state="solver" heading="Cheapest fat-tree for a GPU count"
    fields="gpus,gpusPerNode,nicsPerNode,switchModel,radix,portBandwidth,storagePorts" outputs="radix,nodes,endpoints,switches,cost,costPerGpu"></ridgepoint-calculator>
  <div class="table-scroll" tabindex="0" role="region" aria-label="Candidate designs"><table class="network-candidates" aria-live="polite"></table></div>
  <div data-export="network-candidates"></div>
  <div class="buttons"><button type="button" data-action="draw-best">Draw the cheapest design</button></div>
</section>
<section class="panel wide">
  <ridgepoint-calculator calculator="fireFlyer" state="fireFlyer" heading="Fire-Flyer two-zone fat-tree (SC24)"
    outputs="portsPerZone,leafSwitchesPerZone,spineSwitchesPerZone,switches,gpus,gpuNodesPerZone,storagePortsPerZone,portsNeededPerZone,fits,costPerformance"></ridgepoint-calculator>
  <div class="table-scroll" tabindex="0" role="region" aria-label="Fire-Flyer designs"><table class="network-fire-flyer" aria-live="polite"></table></div>
  <div data-export="network-fire-flyer"></div>
</section>
<div class="panels">
  <section class="panel">
    <ridgepoint-calculator calculator="slimFly" state="slimFly" heading="Slim Fly (MMS graph)" fields="q"
      outputs="endpoints,switches,links,delta,networkRadix,endpointsPerSwitch,switchRadix,diameter,primePower,warning,${costOutputs}"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="dragonfly" state="dragonfly" heading="Dragonfly" fields="a,h,p,g"
      outputs="endpoints,switches,links,localLinks,globalLinks,switchRadix,maxGroups,diameter,${costOutputs}"></ridgepoint-calculator>
  </section>
</div>`;

/** A table from rows of cell texts; the first row is the header. */
function fillTable(table, caption, [header, ...rows], rowClass = () => '') {
  table.replaceChildren(
    element('caption', { text: caption }),
    element('thead', {}, [element('tr', {}, header.map((text) => element('th', { text, attributes: { scope: 'col' } })))]),
    element('tbody', {}, rows.map((cells, index) => element('tr', { className: rowClass(index) }, cells.map((text) => element('td', { text }))))),
  );
}

class NetworkSection extends HTMLElement {
  #rp;

  async connectedCallback() {
    if (this.#rp || this.dataset.statePrefix !== undefined) return;
    const prefix = instancePrefix(this, 'network');
    this.dataset.statePrefix = prefix;
    this.innerHTML = template; // static markup: nothing from the URL or the person goes here
    if (prefix) distinctIds(this, `-${prefix.slice(0, -1)}`);
    for (const name of ['network-candidates', 'network-fire-flyer']) {
      this.querySelector(`[data-export="${name}"]`).replaceWith(tableExport(this.querySelector(`table.${name}`), name));
    }
    try {
      this.#rp = await ridgepoint;
    } catch (error) {
      this.replaceChildren(loadFailure(error));
      return;
    }
    const design = this.querySelector('[state="fatTree"]');
    const solver = this.querySelector('[state="solver"]');
    solver.choiceNames = Object.fromEntries(this.#rp.switches().map((model) => [model.id, model.name]));
    this.addEventListener('ridgepoint-switch', (event) => design.setValues(event.detail));
    const handle = ({ calculator, input, result }) => {
      if (calculator === 'fatTree') this.#onDesign(input, result);
      if (calculator === 'cheapestFatTree') this.#onSolver(result);
      if (calculator === 'fireFlyer') this.#onFireFlyer(result);
    };
    this.addEventListener('ridgepoint-result', (event) => handle(event.detail));
    this.querySelector('[data-action="compare"]').addEventListener('click', () => {
      if (design.input) this.querySelector('ridgepoint-network-compare').add(design.input);
    });
    this.querySelector('[data-action="draw-best"]').addEventListener('click', () => {
      const result = solver.result;
      if (!result) return;
      const { best } = result;
      const model = this.#rp.switches().find((candidate) => candidate.id === solver.input.switchModel);
      design.setValues({
        radix: result.radix, layers: best.layers, planes: best.planes, endpoints: best.endpoints, oversubscription: 1,
        portBandwidth: model ? model.portBandwidth : solver.input.portBandwidth,
      });
    });
    new ResizeObserver(() => this.#drawCostChart()).observe(this);
    // The panels may have computed their first results before this listener existed.
    for (const panel of [design, solver, this.querySelector('[state="fireFlyer"]')]) {
      await panel.ready;
      if (panel.result) handle({ calculator: panel.getAttribute('calculator'), input: panel.input, result: panel.result });
    }
  }

  #onDesign(input, result) {
    this.querySelector('ridgepoint-switch-picker').match(input);
    this.querySelector('ridgepoint-network-diagram').design = { input, result };
    const prices = pricesOf(input);
    for (const state of ['slimFly', 'dragonfly', 'solver']) this.querySelector(`[state="${state}"]`).setValues(prices);
    this.querySelector('ridgepoint-network-compare').prices = prices;
    this.#drawCostChart();
  }

  // Cost per endpoint against endpoints, for two and three layers of this switch and these prices:
  // computed once per frame however many results arrive.
  #drawCostChart() {
    drawSoon(this, () => this.#computeCostChart());
  }

  #computeCostChart() {
    const design = this.querySelector('[state="fatTree"]');
    if (!design?.input) return;
    const { input } = design;
    const series = [2, 3].map((layers) => {
      const base = { ...input, layers, endpoints: 0 };
      let full;
      try {
        full = this.#rp.fatTree(base).endpoints;
      } catch (error) {
        if (!(error instanceof RidgepointError)) throw error;
        return { label: `${layers} layers`, points: [] };
      }
      // From one full leaf switch per plane up to the full size, evenly on a log scale.
      const smallest = Math.min(full, (input.planes ?? 1) * design.result.downlinksPerLeaf);
      const endpointsList = [];
      for (let step = 0; step <= 48; step += 1) endpointsList.push(Math.round(smallest * (full / smallest) ** (step / 48)));
      const points = this.#rp.sweep('fatTree', base, 'endpoints', endpointsList).map((result, point) => [endpointsList[point], result.costPerEndpoint]);
      return { label: `${layers} layers`, points };
    });
    const current = design.result.endpoints;
    drawLineChart(this.querySelector('[data-chart="network-cost"]'), {
      series, xLabel: 'endpoints', yLabel: 'cost per endpoint', yUnit: '$',
      markers: [{ x: current, label: `this design: ${formatValue(design.result.costPerEndpoint, '$', 4)}` }],
    });
  }

  #onSolver(result) {
    const rows = result.candidates.map((candidate) => [
      String(candidate.planes), String(candidate.layers), candidate.wiring,
      candidate.fits ? formatValue(candidate.switches) : '—', candidate.fits ? formatValue(candidate.links) : '—',
      candidate.fits ? formatValue(candidate.cost, '$', 4) : '—', candidate.fits ? formatValue(candidate.costPerEndpoint, '$', 4) : candidate.note,
    ]);
    const best = result.candidates.findIndex((candidate) => candidate.fits && candidate.planes === result.best.planes && candidate.layers === result.best.layers);
    fillTable(this.querySelector('.network-candidates'),
      `Every plane count (a divisor of NICs per node) with two and three layers; the cheapest is marked. Storage plane: ${formatValue(result.storage.switches)} switches.`,
      [['planes', 'layers', 'wiring', 'switches', 'links', 'cost', 'per endpoint'], ...rows],
      (index) => (index === best ? 'best' : ''));
  }

  #onFireFlyer(result) {
    fillTable(this.querySelector('.network-fire-flyer'),
      `Minimal whole-switch counts beside Fire-Flyer Table III. ${result.note}`,
      [['design', 'endpoints', 'leaf', 'spine', 'core', 'switches', 'paper', 'note'],
        ...result.designs.map((row) => [row.name, formatValue(row.endpoints), formatValue(row.leafSwitches), formatValue(row.spineSwitches),
          formatValue(row.coreSwitches), formatValue(row.switches), formatValue(row.publishedSwitches), row.note])]);
  }
}
customElements.define('ridgepoint-network', NetworkSection);
