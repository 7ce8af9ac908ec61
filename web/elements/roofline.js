// The roofline section: two machine profiles, the chart, a table of GEMM shapes, and the card's
// panels (throughput, latency, crossover, batch and latency hiding, saturation, attention tiling,
// bound check). Each panel is a <ridgepoint-calculator>; this file only wires them together.
import '../lib/calculator-element.js';
import '../lib/roofline-chart.js';
import './machine-picker.js';
import './shape-table.js';

import { toInputText } from '../lib/calculator-element.js';
import { drawSoon, loadFailure } from '../lib/dom.js';
import { formatValue } from '../lib/format.js';
import { drawLineChart } from '../lib/line-chart.js';
import { ridgepoint } from '../lib/ridgepoint.js';
import { mountSection } from '../lib/section.js';

// Which machine a picker holds: "A" or "B", the letter its panels' data-machine names.
const machineLetter = (picker) => (picker.getAttribute('state') === 'machineA' ? 'A' : 'B');

const template = `
<div class="machines">
  <ridgepoint-machine-picker state="machineA" label="Machine A" machine="h800-sxm"></ridgepoint-machine-picker>
  <ridgepoint-machine-picker state="machineB" label="Machine B" machine="h100-sxm"></ridgepoint-machine-picker>
</div>
<p class="help">The roofline card's toy machines (60 TFLOP/s with 3 TB/s, 100 TFLOP/s with 2 TB/s) are the first choices
  of each machine list.</p>
<figure class="panel wide" data-machine-view>
  <figcaption>Roofline of machine A (one roof per precision) and machine B; hover a point for details.</figcaption>
  <ridgepoint-roofline-chart state="chart"></ridgepoint-roofline-chart>
</figure>
<section class="panel wide" aria-labelledby="shapes-heading" data-machine-view>
  <h3 id="shapes-heading">Shapes on both machines</h3>
  <ridgepoint-shape-table></ridgepoint-shape-table>
</section>
<div class="panels">
  <section class="panel"><ridgepoint-calculator calculator="gemm" state="throughput" heading="Throughput estimate"
    data-machine="A"
    fields="m,n,k,batch,aBytes,bBytes,cBytes"
    outputs="flops,bytes,intensity,ridgePoint,bound,attainableFlops,fractionOfPeak"></ridgepoint-calculator></section>
  <section class="panel"><ridgepoint-calculator calculator="gemm" state="latency" heading="Latency estimate"
    data-machine="A"
    fields="m,n,k,batch,latency" defaults="m=4096,n=4096,k=4096,latency=5u"
    outputs="computeTime,memoryTime,time,bound"></ridgepoint-calculator></section>
  <section class="panel">
    <ridgepoint-calculator calculator="crossoverK" state="crossover" heading="Smallest compute-bound k on A"
      data-machine="A"
      fields="m,n,aBytes,bBytes,cBytes"></ridgepoint-calculator>
    <p class="note" data-note="crossoverA" aria-live="polite"></p>
    <ridgepoint-calculator calculator="crossoverK" state="none" heading="…and on B" data-machine="B"
      data-mirror="crossover" fields=""></ridgepoint-calculator>
    <p class="note" data-note="crossoverB" aria-live="polite"></p>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="crossoverBatch" state="batch"
      heading="Batch and latency hiding (weight-stationary)" data-machine="A"
      fields="n,k,aBytes,bBytes,cBytes,latency" defaults="n=4096,k=4096,latency=2u"></ridgepoint-calculator>
    <p class="note" data-note="batch" aria-live="polite"></p>
  </section>
  <section class="panel">
    <h3>Throughput saturation</h3>
    <p class="help">Attainable FLOP/s of the weight-stationary GEMM above against its batch, on both machines.</p>
    <svg data-chart="saturation"></svg>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="attentionTiling" state="attention" heading="Attention tiling (FlashAttention-2)"
      data-machine="A"
      fields="seqLen,headDim,blockSize,elementBytes"></ridgepoint-calculator>
    <svg data-chart="attention"></svg>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="boundCheck" state="check" heading="Roofline bound check" data-machine="A"
      fields="m,n,k,batch,latency,measurement,measuredTime,measuredFlops" defaults="measuredTime=5n,measuredFlops=20T"
      outputs="boundTime,measuredTime,achievedFlops,attainableFlops,
        fractionOfBound,possible,reason"></ridgepoint-calculator>
  </section>
</div>`;

// <ridgepoint-roofline>: the whole roofline section.
class RooflineSection extends HTMLElement {
  #rp;
  #machines = {};
  #staleMachines = new Set(); // "A", "B": machines whose numbers the picker refuses
  #shapePoints = [];

  async connectedCallback() {
    if (this.#rp || this.dataset.statePrefix !== undefined) return;
    mountSection(this, 'roofline', template, ['chart']);
    try {
      this.#rp = await ridgepoint;
    } catch (error) {
      this.replaceChildren(loadFailure(error));
      return;
    }
    this.addEventListener('ridgepoint-machine', (event) => {
      const which = machineLetter(event.target);
      this.#machines[which] = event.detail;
      this.#staleMachines.delete(which);
      this.#feedMachine(which);
    });
    this.addEventListener('ridgepoint-machine-invalid', (event) => {
      const which = machineLetter(event.target);
      this.#staleMachines.add(which);
      for (const calculator of this.querySelectorAll(`ridgepoint-calculator[data-machine="${which}"]`))
        calculator.markStale();
      this.#markMachineViews();
    });
    this.addEventListener('ridgepoint-shapes', (event) => {
      this.#shapePoints = event.detail.points;
      this.#updateChart();
    });
    this.addEventListener('ridgepoint-result', (event) => this.#onResult(event.target, event.detail));
  }

  // The chart and the shape table draw both machines: while either's numbers are refused they show
  // its last good machine, marked as such.
  #markMachineViews() {
    for (const view of this.querySelectorAll('[data-machine-view]'))
      view.toggleAttribute('data-stale', this.#staleMachines.size > 0);
  }

  #feedMachine(which) {
    this.#markMachineViews();
    const machine = this.#machines[which];
    for (const calculator of this.querySelectorAll(`ridgepoint-calculator[data-machine="${which}"]`)) {
      calculator.setValues({ peakFlops: machine.peakFlops, memoryBandwidth: machine.memoryBandwidth });
    }
    if (this.#machines.A && this.#machines.B)
      this.querySelector('ridgepoint-shape-table').machines = [this.#machines.A, this.#machines.B];
    this.#updateChart();
    this.#drawCurves();
  }

  #onResult(calculator, { input, result }) {
    const state = calculator.getAttribute('state');
    if (state === 'crossover') {
      const { m, n, aBytes, bBytes, cBytes } = input;
      this.querySelector('[data-mirror="crossover"]').setValues({ m, n, aBytes, bBytes, cBytes });
    }
    const note =
      { crossover: 'crossoverA', batch: 'batch' }[state] ?? (calculator.dataset.mirror ? 'crossoverB' : null);
    if (note)
      this.querySelector(`[data-note="${note}"]`).textContent = crossoverSentence(
        result,
        state === 'batch' ? 'batch' : 'k',
      );
    if (state === 'throughput') this.#updateChart();
    if (state === 'batch' || state === 'attention') this.#drawCurves();
  }

  #updateChart() {
    const { A, B } = this.#machines;
    if (!A || !B) return;
    const throughput = this.querySelector('[state="throughput"]').result;
    const points = [...this.#shapePoints];
    if (throughput) {
      const { m, n, k } = this.querySelector('[state="throughput"]').input;
      points.push({
        label: `throughput panel ${m}×${n}×${k}`,
        intensity: throughput.intensity,
        flops: throughput.attainableFlops,
        detail: `${throughput.bound}-bound`,
      });
    }
    const roofB = {
      ...(B.roofs.find((roof) => roof.peakFlops === B.peakFlops) ?? B.roofs[0]),
      peakFlops: B.peakFlops,
      memoryBandwidth: B.memoryBandwidth,
    };
    this.querySelector('ridgepoint-roofline-chart').data = {
      roofs: [...A.roofs, { ...roofB, label: `B: ${B.name}` }],
      points,
    };
  }

  // The saturation and attention curves, computed once per frame however many results arrive.
  #drawCurves() {
    drawSoon(this, () => this.#computeCurves());
  }

  #computeCurves() {
    const { A, B } = this.#machines;
    const batchPanel = this.querySelector('[state="batch"]');
    const attention = this.querySelector('[state="attention"]');
    if (!A || !B || !batchPanel.input || !attention.input) return;

    const { n, k, aBytes, bBytes, cBytes, latency } = batchPanel.input;
    const crossover = batchPanel.result.batch ?? 1;
    const batches = [];
    for (let batch = 1; batch <= Math.max(64, crossover * 8) && batches.length < 80; batch = Math.ceil(batch * 1.25))
      batches.push(batch);
    // One sweep per machine: the whole curve in one call to the core.
    const series = [A, B].map((machine, index) => {
      const { attainableFlops } = this.#rp.sweep(
        'gemm',
        {
          n,
          k,
          aBytes,
          bBytes,
          cBytes,
          latency,
          peakFlops: machine.peakFlops,
          memoryBandwidth: machine.memoryBandwidth,
        },
        'm',
        batches,
      );
      return { label: index === 0 ? 'A' : 'B', points: batches.map((batch, point) => [batch, attainableFlops[point]]) };
    });
    drawLineChart(this.querySelector('[data-chart="saturation"]'), {
      series,
      xLabel: 'batch (m)',
      yLabel: 'attainable FLOP/s',
      yUnit: 'FLOP/s',
      markers: batchPanel.result.batch
        ? [{ x: batchPanel.result.batch, label: `A saturates at ${batchPanel.result.batch}` }]
        : [],
      levels: [
        { y: A.peakFlops, label: 'A peak' },
        { y: B.peakFlops, label: 'B peak' },
      ],
    });

    const { seqLen, headDim, elementBytes } = attention.input;
    const blocks = [];
    for (let block = 16; block <= seqLen; block *= 2) blocks.push(block);
    const lengths = [...new Set([1024, 4096, 16384, seqLen])].filter((length) => length >= 16).sort((a, b) => a - b);
    drawLineChart(this.querySelector('[data-chart="attention"]'), {
      series: lengths.map((length) => {
        const sizes = blocks.filter((block) => block <= length);
        const input = {
          seqLen: length,
          headDim,
          elementBytes,
          peakFlops: A.peakFlops,
          memoryBandwidth: A.memoryBandwidth,
        };
        const { intensity } = this.#rp.sweep('attentionTiling', input, 'blockSize', sizes);
        return {
          label: `${toInputText(length)} tokens`,
          points: sizes.map((size, point) => [size, intensity[point]]),
        };
      }),
      xLabel: 'query block size',
      yLabel: 'intensity (FLOP/B)',
      levels: [{ y: A.peakFlops / A.memoryBandwidth, label: 'ridge of A' }],
      markers: attention.result.smallestBlockSize
        ? [{ x: attention.result.smallestBlockSize, label: `compute-bound from ${attention.result.smallestBlockSize}` }]
        : [],
    });
  }
}

/** The crossover in words, including when no size reaches the ridge. */
export function crossoverSentence(result, dimension) {
  const found = result[dimension];
  const analytic = result[dimension === 'k' ? 'analyticK' : 'analyticBatch'];
  if (!result.reachable) {
    return `No ${dimension} reaches the ridge: as ${dimension} grows the intensity only approaches ${formatValue(result.limitIntensity, '1', 4)} FLOP/B, below the ridge of ${formatValue(result.ridgePoint, '1', 4)} FLOP/B.`;
  }
  if (found === null)
    return (
      `The analytic crossover ${formatValue(analytic)} is beyond 10⁹, ` +
      `the largest ${dimension} the GEMM calculator takes.`
    );
  return `Compute-bound from ${dimension} = ${formatValue(found)} (bisection); the analytic solution is ${formatValue(analytic, '1', 4)}, whose ceiling is ${formatValue(Math.max(1, Math.ceil(analytic - 1e-9)))}.`;
}

customElements.define('ridgepoint-roofline', RooflineSection);
