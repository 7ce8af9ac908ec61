// The interconnect section: a node picker and the link presets, the EP speed limit and the
// all-to-all over two fabrics (with a bar of bytes per fabric), node-limited routing, a collective
// calculator with an algbw/busbw chart, hierarchical all-reduce, overlap, pipeline bubbles,
// HFReduce and the network roofline. Each panel is a <ridgepoint-calculator>; this file draws the
// tables and charts and feeds one panel's numbers into another.
import '../lib/calculator-element.js';
import '../lib/roofline-chart.js';
import './node-picker.js';

import { chartColours } from '../lib/colours.js';
import { drawSoon, loadFailure } from '../lib/dom.js';
import { drawAtWidth } from '../lib/draw-at-width.js';
import { table } from '../lib/export.js';
import { formatValue } from '../lib/format.js';
import { onStateChange, readState, writeState } from '../lib/hash-state.js';
import { drawLineChart } from '../lib/line-chart.js';
import { ridgepoint } from '../lib/ridgepoint.js';
import { takeWireBytes } from '../lib/wire-bytes.js';
import { offerChartExport } from '../lib/chart-export.js';
import { mountSection } from '../lib/section.js';
import { chartFrame } from '../lib/chart-frame.js';

/** Two horizontal bars, scale-out and scale-up, as long as their times, labelled with bytes. */
function drawFabricBars(svgElement, result) {
  offerChartExport(svgElement);
  drawAtWidth(svgElement, (width) => renderFabricBars(svgElement, width, result));
}

function renderFabricBars(svgElement, parentWidth, result) {
  const colours = chartColours();
  const width = Math.max(240, Math.min(parentWidth || 480, 720));
  const rowHeight = 40;
  const height = rowHeight * 2 + 4;
  const longest = Math.max(result.scaleOutTime, result.scaleUpTime);
  const rows = [
    { name: 'scale-out', title: 'scale-out (NIC)', bytes: result.scaleOutBytes, time: result.scaleOutTime },
    { name: 'scale-up', title: 'scale-up (NVLink)', bytes: result.scaleUpBytes, time: result.scaleUpTime },
  ];
  // An edit moves and retexts the elements already there (d3's data join).
  const svg = chartFrame(svgElement, { width, height, label: 'bytes and time per fabric' });
  const bar = svg
    .selectAll('g.fabric-bar')
    .data(rows, (row) => row.name)
    .join((enter) => {
      const group = enter.append('g').attr('class', (row) => `fabric-bar ${row.name}`);
      group.append('text').attr('class', 'title').attr('x', 2).attr('y', 11);
      group.append('rect').attr('x', 2).attr('y', 16);
      group.append('text').attr('class', 'figures').attr('dominant-baseline', 'middle').attr('font-weight', 600);
      return group;
    })
    .attr('transform', (row, index) => `translate(0, ${2 + index * rowHeight})`);
  bar
    .select('text.title')
    .attr('fill', colours.text)
    .attr('font-weight', (row) => (row.name === result.bottleneck ? 700 : 400))
    .text((row) => (row.name === result.bottleneck ? `${row.title}: the bottleneck` : row.title));
  const barWidth = (row) => Math.max(1, ((width - 4) * row.time) / longest);
  // The figures sit inside a long bar and after a short one, so they never fall off the chart.
  const inside = (row) => barWidth(row) > width / 2;
  bar
    .select('rect')
    .attr('height', rowHeight - 20)
    .attr('width', barWidth)
    .attr('fill', (row, index) => colours.series[index]);
  bar
    .select('text.figures')
    .attr('y', 16 + (rowHeight - 20) / 2)
    .attr('x', (row) => 2 + (inside(row) ? 6 : barWidth(row) + 6))
    .attr('fill', (row) => (inside(row) ? colours.background : colours.text))
    .text((row) => `${formatValue(row.bytes, 'B', 4)} · ${formatValue(row.time, 's', 4)}`);
}

const template = `
<div class="panels">
  <section class="panel">
    <h3>Node and links</h3>
    <ridgepoint-node-picker></ridgepoint-node-picker>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="expertParallelStep" state="epStep"
      heading="EP decode speed limit (ISCA'25 §2.3.2)" data-feed="scale-out"></ridgepoint-calculator>
    <p class="note" data-note="epStep" aria-live="polite"></p>
  </section>
  <section class="panel">
    <h3>Tokens per second against bandwidth</h3>
    <p class="help">The EP step above at every per-device bandwidth: one 400 Gb/s NIC (50 GB/s) and GB200 NVL72 (900
      GB/s) marked.</p>
    <svg data-chart="tpot"></svg>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="nodeLimitedRouting" state="epRouting" heading="Node-limited routing (V3 §3.2.2)"
      data-feed="fabrics"></ridgepoint-calculator>
    <p class="note" data-note="epRouting" aria-live="polite"></p>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="expertParallelAllToAll" state="epAllToAll"
      heading="EP all-to-all over two fabrics" data-feed="fabrics"
      defaults="tokensPerDevice=4096,expertsPerToken=8,hidden=7168"
      outputs="nodesPerToken,scaleOutBytes,scaleUpBytes,time,
        bottleneck,equalCostExperts,scaleOutSaving"></ridgepoint-calculator>
    <figure class="fabric-figure">
      <figcaption>Bytes per GPU on each fabric; bar length is time.</figcaption>
      <svg data-chart="fabrics"></svg>
    </figure>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="collective" state="coll" heading="Collective (α-β model, nccl-tests bandwidths)"
      data-feed="scale-out"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <h3>Bandwidth against message size</h3>
    <fieldset class="metric-switch">
      <legend>show</legend>
      <label><input type="radio" name="ic-metric" value="algbw"> algbw (size ÷ time)</label>
      <label><input type="radio" name="ic-metric" value="busbw"> busbw (algbw × bus factor)</label>
    </fieldset>
    <svg data-chart="collective"></svg>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="hierarchicalAllReduce" state="hierAr" heading="Hierarchical all-reduce"
      data-feed="fabrics"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="commOverlap" state="overlap"
      heading="Compute/communication overlap"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="pipelineBubble" state="bubbles" heading="Pipeline bubbles (V3 Table 2, DualPipe)"
      outputs="oneFOneB,zeroBubble1P,dualPipe,dualPipeV,dualPipeVDevices"
      labels="oneFOneB=1F1B bubble,zeroBubble1P=ZB1P bubble,dualPipe=DualPipe bubble,dualPipeV=DualPipeV bubble,
        dualPipeVDevices=DualPipeV devices,
        overlappedForwardBackward=overlapped forward and backward (F&amp;B)"></ridgepoint-calculator>
    <div data-table="bubbles"></div>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="hfReduce" state="hfReduce"
      heading="PCIe all-reduce: ring vs HFReduce (Fire-Flyer §IV)"
      labels="hfReducePcieUnits=HFReduce PCIe units"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="networkRoofline" state="netRoof" heading="Network roofline" data-feed="link"
      defaults="flops=22548578304,memoryBytes=44040192,commBytes=5505024,
        peakFlops=1978.8T,memoryBandwidth=3.35T"></ridgepoint-calculator>
  </section>
</div>
<figure class="panel wide">
  <figcaption>Network roofline: the HBM roof and the link roof of one GPU; the layer is plotted once against each (FLOPs
    per HBM byte, FLOPs per link byte).</figcaption>
  <ridgepoint-roofline-chart state="netRoofChart"></ridgepoint-roofline-chart>
</figure>`;

// <ridgepoint-interconnect>: the whole interconnect section.
class InterconnectSection extends HTMLElement {
  #rp;
  #built = false;

  async connectedCallback() {
    if (this.#built) return;
    this.#built = true;
    // Listening before the panels exist: their first results may arrive before the API promise
    // resolves here, and those are replayed below.
    this.addEventListener('ridgepoint-result', (event) => {
      if (this.#rp) this.#onResult(event.target.getAttribute('state'), event.detail);
    });
    const prefix = mountSection(this, 'interconnect', template, ['netRoofChart']);
    try {
      this.#rp = await ridgepoint;
    } catch (error) {
      this.replaceChildren(loadFailure(error));
      return;
    }
    const showMetric = () => {
      const metric = readState(`${prefix}collChart`).metric === 'algbw' ? 'algbw' : 'busbw';
      this.querySelector(`.metric-switch input[value="${metric}"]`).checked = true;
    };
    showMetric();
    onStateChange(this, () => {
      showMetric();
      this.#drawCollective();
    });
    this.querySelector('.metric-switch').addEventListener('change', (event) => {
      writeState(`${prefix}collChart`, event.target.value === 'busbw' ? {} : { metric: event.target.value });
      this.#drawCollective();
    });
    this.addEventListener('ridgepoint-node', (event) => this.#feedNode(event.detail));
    takeWireBytes(this, (bytes) => {
      if (!this.isConnected) return;
      for (const state of ['epStep', 'epAllToAll']) this.#panel(state).setValues(bytes);
    });
    for (const panel of this.querySelectorAll('ridgepoint-calculator')) {
      if (panel.result) this.#onResult(panel.getAttribute('state'), { result: panel.result });
    }
  }

  #panel(state) {
    return this.querySelector(`ridgepoint-calculator[state="${state}"]`);
  }

  #feedNode(node) {
    const values = {
      fabrics: { scaleUpBandwidth: node.scaleUpBandwidth, scaleOutBandwidth: node.scaleOutBandwidth },
      'scale-out': { bandwidth: node.scaleOutBandwidth },
      link: { linkBandwidth: node.scaleOutBandwidth },
    };
    for (const panel of this.querySelectorAll('ridgepoint-calculator[data-feed]'))
      panel.setValues(values[panel.dataset.feed]);
  }

  #onResult(state, { result }) {
    if (state === 'epStep') {
      this.querySelector('[data-note="epStep"]').textContent =
        `Each token waits ${formatValue(result.tpot, 's', 4)} for its all-to-alls, so one sequence decodes at most ` +
        `${formatValue(result.tokensPerSecond, '1', 4)} tokens/s. (ISCA'25 §2.3.2, at 50 GB/s: 14.76 ms and "67" tokens/s, truncating 67.76.) ` +
        `Latency is ${formatValue(100 * result.latencyShare, '1', 3)} % of each step.`;
      this.#drawTpot();
    }
    if (state === 'epRouting') {
      this.querySelector('[data-note="epRouting"]').textContent =
        `A token reaching ${formatValue(this.#panel('epRouting').input.maxNodes)} nodes can be forwarded to ${formatValue(result.maxExperts, '1', 4)} ` +
        `≈ ${result.maxExpertsRounded} experts before the scale-up fabric costs more than the scale-out one.`;
    }
    if (state === 'epAllToAll') drawFabricBars(this.querySelector('[data-chart="fabrics"]'), result);
    if (state === 'coll') this.#drawCollective();
    if (state === 'bubbles') this.#drawBubbles(result);
    if (state === 'netRoof') this.#drawNetworkRoofline();
  }

  // Both charts' curves are sweeps of the core: computed when the chart is drawn, after the edit's
  // results have painted, once for a burst of results.
  #drawTpot() {
    const panel = this.#panel('epStep');
    if (panel) drawSoon(panel, () => this.#sweepTpot(panel));
  }

  #sweepTpot(panel) {
    if (!panel.input) return;
    const bandwidths = [];
    for (let bandwidth = 5e9; bandwidth <= 4e12; bandwidth *= 1.25) bandwidths.push(bandwidth);
    // One sweep per curve, plotted in GB/s: short tick labels on a log axis.
    const curve = (latency) => {
      const { tokensPerSecond } = this.#rp.sweep(
        'expertParallelStep',
        { ...panel.input, latency },
        'bandwidth',
        bandwidths,
      );
      return bandwidths.map((bandwidth, point) => [bandwidth / 1e9, tokensPerSecond[point]]);
    };
    const series = [{ label: 'no latency', points: curve(0) }];
    if (panel.input.latency > 0)
      series.push({
        label: `${formatValue(panel.input.latency, 's', 3)} per all-to-all`,
        points: curve(panel.input.latency),
      });
    drawLineChart(this.querySelector('[data-chart="tpot"]'), {
      series,
      xLabel: 'bandwidth per device (GB/s)',
      yLabel: 'tokens/s per sequence',
      markers: [
        { x: 50, label: '400G NIC' },
        { x: 900, label: 'NVL72' },
      ],
    });
  }

  #drawCollective() {
    const panel = this.#panel('coll');
    if (panel) drawSoon(panel, () => this.#sweepCollective(panel));
  }

  #sweepCollective(panel) {
    if (!panel.input) return;
    const metric = this.querySelector('.metric-switch input:checked').value;
    const sizes = [];
    for (let bytes = 1e3; bytes <= 1.6e10; bytes *= 2) sizes.push(bytes);
    const algorithms = panel.input.op === 'sendrecv' ? ['ring', 'direct'] : ['ring', 'tree', 'direct'];
    drawLineChart(this.querySelector('[data-chart="collective"]'), {
      series: algorithms.map((algorithm) => {
        const column = this.#rp.sweep('collective', { ...panel.input, algorithm }, 'bytes', sizes)[metric];
        return { label: algorithm, points: sizes.map((size, point) => [size, column[point]]) };
      }),
      xLabel: 'message size',
      xUnit: 'B',
      yLabel: metric,
      yUnit: 'B/s',
      levels: [{ y: panel.input.bandwidth, label: 'link bandwidth' }],
      markers: [{ x: panel.input.bytes, label: 'this size' }],
    });
  }

  #drawBubbles(result) {
    const rows = result.methods.map((row) => [
      [row.method],
      [formatValue(row.bubble, '1', 4), 'number'],
      [`${row.parameterCopies}×`, 'number'],
      [formatValue(row.activationBatches), 'number'],
      [formatValue(row.devices), 'number'],
    ]);
    this.querySelector('[data-table="bubbles"]').replaceChildren(
      table(
        'Bubble in the units of F, B and W; parameters per device; activations in micro-batches held at the peak.',
        ['method', 'bubble', 'parameters', 'activations', 'devices'],
        rows,
        'pipeline-bubbles',
      ),
    );
  }

  #drawNetworkRoofline() {
    const panel = this.#panel('netRoof');
    const { input, result } = panel;
    this.querySelector('ridgepoint-roofline-chart').data = {
      roofs: [
        { label: 'HBM', peakFlops: input.peakFlops, memoryBandwidth: input.memoryBandwidth },
        { label: 'link', peakFlops: input.peakFlops, memoryBandwidth: input.linkBandwidth },
      ],
      points: [
        {
          label: 'layer against HBM',
          intensity: result.intensity,
          flops: result.attainableFlops,
          detail: `${result.bound}-bound`,
        },
        {
          label: 'layer against link',
          intensity: result.commIntensity,
          flops: result.attainableFlops,
          detail: `${result.bound}-bound`,
        },
      ],
    };
  }
}

customElements.define('ridgepoint-interconnect', InterconnectSection);
