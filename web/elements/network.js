// The cluster-network section: a fat-tree design (switch preset, layers, planes, prices) with its
// counts, a diagram of its tiers and planes and a cost-per-endpoint chart; a side-by-side compare
// view preloaded with ISCA'25 Table 3; Slim Fly, Dragonfly and Fire-Flyer panels; and the
// cheapest-design solver. Each panel is a <ridgepoint-calculator>; this file wires them together.
import '../lib/calculator-element.js';
import './network-compare.js';
import './network-diagram.js';
import './switch-picker.js';

import { drawSoon, loadFailure } from '../lib/dom.js';
import { fillTable, tableExport } from '../lib/export.js';
import { formatValue, namesById } from '../lib/format.js';
import { drawLineChart } from '../lib/line-chart.js';
import { ridgepoint, RidgepointError } from '../lib/ridgepoint.js';
import { mountSection } from '../lib/section.js';

const priceFields = ['switchPrice', 'opticPrice', 'cablePrice', 'nicPrice', 'endpointCabling'];

/** The price inputs of a calculator input, to pass to every other topology. */
const pricesOf = (input) =>
  Object.fromEntries(priceFields.filter((name) => name in input).map((name) => [name, input[name]]));

const layerLabel = (layers) => (layers === 1 ? '1 layer' : `${layers} layers`);
const designFields =
  'radix,layers,planes,endpoints,oversubscription,portBandwidth,switchPrice,opticPrice,cablePrice,nicPrice,endpointCabling';
const costOutputs = 'cables,optics,switchCost,linkCost,endpointCost,cost,costPerEndpoint';

const template = `
<div class="panels">
  <section class="panel">
    <ridgepoint-switch-picker for="fatTree"></ridgepoint-switch-picker>
    <ridgepoint-calculator calculator="fatTree" state="fatTree" heading="Fat-tree design"
      fields="${designFields}"></ridgepoint-calculator>
    <div class="buttons"><button type="button" data-action="compare">Add this design to the comparison</button></div>
  </section>
  <section class="panel">
    <h3>Diagram</h3>
    <ridgepoint-network-diagram></ridgepoint-network-diagram>
    <h3>Cost per endpoint</h3>
    <p class="help">Cost per endpoint against the endpoints built (from one full leaf switch per plane to the full
      size), for this switch, plane count and prices, with two and three layers, and one layer (a single switch per
      plane) from half a switch per plane to a full one.</p>
    <svg data-chart="network-cost"></svg>
  </section>
</div>
<section class="panel wide" aria-labelledby="network-compare-heading">
  <h3 id="network-compare-heading">Compare topologies</h3>
  <ridgepoint-network-compare></ridgepoint-network-compare>
</section>
<section class="panel wide">
  <ridgepoint-calculator calculator="cheapestFatTree" state="solver" heading="Cheapest fat-tree for a GPU count"
    fields="gpus,gpusPerNode,nicsPerNode,switchModel,radix,portBandwidth,storagePorts"
    outputs="radix,nodes,endpoints,switches,cost,costPerGpu"></ridgepoint-calculator>
  <div class="table-scroll" tabindex="0" role="region" aria-label="Candidate designs"><table class="network-candidates"
    aria-live="polite"></table></div>
  <div data-export="network-candidates"></div>
  <div class="buttons"><button type="button" data-action="draw-best">Draw the cheapest design</button></div>
</section>
<section class="panel wide">
  <ridgepoint-calculator calculator="fireFlyer" state="fireFlyer" heading="Fire-Flyer two-zone fat-tree (SC24)"
    outputs="portsPerZone,leafSwitchesPerZone,spineSwitchesPerZone,switches,gpus,gpuNodesPerZone,storagePortsPerZone,
      portsNeededPerZone,fits,costPerformance"></ridgepoint-calculator>
  <div class="table-scroll" tabindex="0" role="region" aria-label="Fire-Flyer designs"><table class="network-fire-flyer"
    aria-live="polite"></table></div>
  <div data-export="network-fire-flyer"></div>
</section>
<div class="panels">
  <section class="panel">
    <ridgepoint-calculator calculator="slimFly" state="slimFly" heading="Slim Fly (MMS graph)" fields="q"
      outputs="endpoints,switches,links,delta,networkRadix,endpointsPerSwitch,switchRadix,diameter,primePower,warning,
        ${costOutputs}"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="dragonfly" state="dragonfly" heading="Dragonfly" fields="a,h,p,g"
      outputs="endpoints,switches,links,localLinks,globalLinks,switchRadix,maxGroups,
        diameter,${costOutputs}"></ridgepoint-calculator>
  </section>
</div>`;

class NetworkSection extends HTMLElement {
  #rp;
  #pricesText; // the prices last handed to the other topologies, as JSON

  async connectedCallback() {
    if (this.#rp || this.dataset.statePrefix !== undefined) return;
    mountSection(this, 'network', template);
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
    solver.choiceNames = namesById(this.#rp.switches());
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
        radix: result.radix,
        layers: best.layers,
        planes: best.planes,
        endpoints: best.endpoints,
        oversubscription: 1,
        portBandwidth: model ? model.portBandwidth : solver.input.portBandwidth,
      });
      // The design and its diagram are above the solver: show the reader where it went.
      (design.closest('.panel') ?? design).scrollIntoView({ block: 'start' });
    });
    // The panels may have computed their first results before this listener existed.
    for (const panel of [design, solver, this.querySelector('[state="fireFlyer"]')]) {
      await panel.ready;
      if (panel.result)
        handle({ calculator: panel.getAttribute('calculator'), input: panel.input, result: panel.result });
    }
  }

  #onDesign(input, result) {
    this.querySelector('ridgepoint-switch-picker').match(input);
    this.querySelector('ridgepoint-network-diagram').design = { input, result };
    // The other topologies take the prices only when they change: a radix or layer edit would
    // otherwise recompute three panels and the comparison table with the numbers they hold.
    const prices = pricesOf(input);
    const pricesText = JSON.stringify(prices);
    if (pricesText !== this.#pricesText) {
      this.#pricesText = pricesText;
      for (const state of ['slimFly', 'dragonfly', 'solver'])
        this.querySelector(`[state="${state}"]`).setValues(prices);
      this.querySelector('ridgepoint-network-compare').prices = prices;
    }
    this.#drawCostChart();
  }

  // Cost per endpoint against endpoints, for one to three layers of this switch and these prices:
  // computed once per frame however many results arrive.
  #drawCostChart() {
    drawSoon(this, () => this.#computeCostChart());
  }

  #computeCostChart() {
    const design = this.querySelector('[state="fatTree"]');
    if (!design?.input) return;
    const { input } = design;
    // One layer last: the two- and three-layer curves keep their colours.
    const series = [2, 3, 1].map((layers) => {
      const base = { ...input, layers, endpoints: 0 };
      let fullTree;
      try {
        fullTree = this.#rp.fatTree(base);
      } catch (error) {
        if (!(error instanceof RidgepointError)) throw error;
        return { label: layerLabel(layers), points: [] };
      }
      // From one full leaf switch per plane up to the full size, evenly on a log scale; one layer
      // (one switch per plane) from half a switch, where two layers start, to a full one.
      const full = fullTree.endpoints;
      const firstLeaf = layers === 1 ? fullTree.downlinksPerLeaf / 2 : fullTree.downlinksPerLeaf;
      const smallest = Math.min(full, (input.planes ?? 1) * firstLeaf);
      const endpointsList = [];
      for (let step = 0; step <= 48; step += 1)
        endpointsList.push(Math.round(smallest * (full / smallest) ** (step / 48)));
      const { costPerEndpoint } = this.#rp.sweep('fatTree', base, 'endpoints', endpointsList);
      const points = endpointsList.map((endpoints, point) => [endpoints, costPerEndpoint[point]]);
      return { label: layerLabel(layers), points };
    });
    const current = design.result.endpoints;
    drawLineChart(this.querySelector('[data-chart="network-cost"]'), {
      series,
      xLabel: 'endpoints',
      yLabel: 'cost per endpoint',
      yUnit: '$',
      markers: [{ x: current, label: `this design: ${formatValue(design.result.costPerEndpoint, '$', 4)}` }],
    });
  }

  #onSolver(result) {
    const rows = result.candidates.map((candidate) =>
      [
        String(candidate.planes),
        String(candidate.layers),
        candidate.wiring,
        candidate.fits ? formatValue(candidate.switches) : '—',
        candidate.fits ? formatValue(candidate.links) : '—',
        candidate.fits ? formatValue(candidate.cost, '$', 4) : '—',
        candidate.fits ? formatValue(candidate.costPerEndpoint, '$', 4) : candidate.note,
      ].map((text, column) => [text, !candidate.fits && column === 6 ? 'fit-note' : undefined]),
    );
    const best = result.candidates.findIndex(
      (candidate) =>
        candidate.fits && candidate.planes === result.best.planes && candidate.layers === result.best.layers,
    );
    fillTable(
      this.querySelector('.network-candidates'),
      'Every plane count (a divisor of NICs per node) with one, two and three layers; the cheapest is marked. ' +
        `Storage plane: ${formatValue(result.storage.switches)} switches.`,
      ['planes', 'layers', 'wiring', 'switches', 'links', 'cost', 'per endpoint'],
      rows,
      (index) => (index === best ? 'best' : ''),
    );
  }

  #onFireFlyer(result) {
    fillTable(
      this.querySelector('.network-fire-flyer'),
      `Minimal whole-switch counts beside Fire-Flyer Table III. ${result.note}`,
      ['design', 'endpoints', 'leaf', 'spine', 'core', 'switches', 'paper', 'note'],
      result.designs.map((row) =>
        [
          row.name,
          formatValue(row.endpoints),
          formatValue(row.leafSwitches),
          formatValue(row.spineSwitches),
          formatValue(row.coreSwitches),
          formatValue(row.switches),
          formatValue(row.publishedSwitches),
          row.note,
        ].map((text) => [text]),
      ),
    );
  }
}
customElements.define('ridgepoint-network', NetworkSection);
