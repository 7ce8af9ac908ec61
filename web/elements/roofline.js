// The roofline section: two machine profiles, the chart, a table of GEMM shapes, and the card's
// panels (throughput, latency, crossover, batch and latency hiding, saturation, attention tiling,
// bound check). Each panel is a <ridgepoint-calculator>; this file only wires them together.
import '../lib/calculator-element.js';
import '../lib/roofline-chart.js';

import { toInputText } from '../lib/calculator-element.js';
import { distinctIds, drawSoon, element, loadFailure, scrollBox, uniqueId } from '../lib/dom.js';
import { tableExport } from '../lib/export.js';
import { formatValue, parseInput } from '../lib/format.js';
import { instancePrefix, isRestoring, onStateChange, prefixOf, readState, writeState } from '../lib/hash-state.js';
import { drawLineChart } from '../lib/line-chart.js';
import { ridgepoint, RidgepointError } from '../lib/ridgepoint.js';

const precisionNames = { fp64: 'FP64', tf32: 'TF32', bf16: 'BF16/FP16', fp8: 'FP8', int8: 'INT8', fp4: 'FP4' };

/** A machine's roofs: one per precision it has, all sharing its memory bandwidth. */
export function machineRoofs(machine) {
  return Object.entries(machine.peakFlops)
    .filter(([, peak]) => peak !== null)
    .map(([precision, peak]) => ({ precision, label: `${machine.name} ${precisionNames[precision]}`, peakFlops: peak, memoryBandwidth: machine.memoryBandwidth }));
}

// <ridgepoint-machine-picker state="machineA" label="Machine A" machine="h800-sxm">: a preset or a
// custom machine at one precision. Dispatches `ridgepoint-machine` with { name, peakFlops,
// memoryBandwidth, roofs }. The URL holds the machine and precision when they differ from the
// defaults, and a custom machine's numbers; a preset's numbers follow from its name.
class MachinePicker extends HTMLElement {
  #machines;
  #select;
  #precision;
  #roof;
  #source;
  #applying = false;
  #chosen = false;
  #started = false;

  get #namespace() {
    return `${prefixOf(this)}${this.getAttribute('state')}`;
  }

  async connectedCallback() {
    if (this.#roof) return;
    const rp = await ridgepoint;
    this.#machines = rp.machines();
    const uid = uniqueId(this.getAttribute('state'));

    this.#select = element('select', { attributes: { id: `${uid}-machine`, name: 'machine' } });
    for (const machine of this.#machines) this.#select.append(element('option', { text: machine.name, attributes: { value: machine.id } }));
    this.#select.append(element('option', { text: 'Custom machine (edit the numbers)', attributes: { value: 'custom' } }));
    this.#precision = element('select', { attributes: { id: `${uid}-precision`, name: 'precision' } });
    this.#roof = element('ridgepoint-calculator', {
      attributes: { calculator: 'ridgePoint', state: `${this.getAttribute('state')}.roof`, fields: 'peakFlops,memoryBandwidth' },
    });
    this.#source = element('p', { className: 'source' });
    this.replaceChildren(
      element('h3', { text: this.getAttribute('label') }),
      element('div', { className: 'picker-row' }, [
        element('div', { className: 'field' }, [element('label', { text: 'machine', attributes: { for: this.#select.id } }), this.#select]),
        element('div', { className: 'field' }, [element('label', { text: 'precision', attributes: { for: this.#precision.id } }), this.#precision]),
      ]),
      this.#roof,
      this.#source,
    );

    this.#showStored();
    this.#select.addEventListener('change', () => {
      this.#fillPrecisions(this.#precision.value);
      this.#choose(true);
    });
    this.#precision.addEventListener('change', () => this.#choose(true));
    this.#roof.addEventListener('ridgepoint-result', (event) => {
      event.stopPropagation();
      // The first result is the declared defaults, before the chosen machine is applied.
      if (this.#started) this.#onRoof(event.detail.input, this.#chosen || !this.#applying);
    });
    await this.#roof.ready;
    this.#started = true;
    // Back/forward or a pasted link: the pickers follow the URL like every panel (the roof panel,
    // registered first, has already read its numbers).
    onStateChange(() => this.#follow());
    this.#follow();
  }

  #showStored() {
    const stored = readState(this.#namespace);
    const known = (id) => id === 'custom' || this.#machines.some((machine) => machine.id === id);
    this.#select.value = known(stored.machine) ? stored.machine : this.getAttribute('machine');
    this.#fillPrecisions(stored.precision);
  }

  #follow() {
    this.#showStored();
    if (this.#select.value === 'custom') this.#onRoof(this.#roof.input);
    else this.#choose();
  }

  #machine() {
    return this.#machines.find((machine) => machine.id === this.#select.value);
  }

  // The precisions of the chosen machine, at once: B200's FP4 appears when B200 is chosen.
  #fillPrecisions(preferred) {
    const machine = this.#machine();
    const precisions = machine ? machineRoofs(machine).map((roof) => roof.precision) : ['custom'];
    this.#precision.replaceChildren(...precisions.map((precision) => element('option', { text: precisionNames[precision] ?? 'as entered', attributes: { value: precision } })));
    this.#precision.value = precisions.includes(preferred) ? preferred : precisions.includes('bf16') ? 'bf16' : precisions[0];
  }

  // The attribute's machine at BF16 is the default and leaves the URL empty.
  #saveChoice() {
    const machine = this.#select.value;
    const precision = this.#precision.value;
    const isDefault = machine === this.getAttribute('machine') && precision === 'bf16';
    writeState(this.#namespace, isDefault ? {} : { machine, precision });
  }

  // `chosen`: the person picked it (not a page load or a navigation).
  async #choose(chosen = false) {
    const machine = this.#machine();
    this.#saveChoice();
    if (machine) {
      // A preset's numbers are implied by its name: they leave the URL.
      writeState(`${this.#namespace}.roof`, {});
      this.#applying = true;
      this.#chosen = chosen;
      await this.#roof.setValues({ peakFlops: machine.peakFlops[this.#precision.value], memoryBandwidth: machine.memoryBandwidth }, { save: false });
      this.#applying = false;
      this.#chosen = false;
    } else {
      this.#onRoof(this.#roof.input, chosen);
    }
  }

  // Editing a preset's numbers turns it into a custom machine, whose numbers the URL keeps. The
  // event says whether the person chose this machine now (`chosen`): only then may the page
  // overwrite other numbers the person sees (a GPU's memory) with the machine's.
  #onRoof(input, chosen) {
    let machine = this.#machine();
    if (machine && !this.#applying && !isRestoring() && (input.peakFlops !== machine.peakFlops[this.#precision.value] || input.memoryBandwidth !== machine.memoryBandwidth)) {
      this.#select.value = 'custom';
      this.#fillPrecisions('custom');
      this.#saveChoice();
      machine = undefined;
    }
    const name = machine ? `${machine.name} ${precisionNames[this.#precision.value]}` : `Custom (${this.getAttribute('label')})`;
    this.#source.textContent = machine ? `Source: ${machine.source}. Note: ${machine.note}.` : 'Custom machine: your numbers.';
    const roofs = machine ? machineRoofs(machine) : [{ precision: 'custom', label: name, peakFlops: input.peakFlops, memoryBandwidth: input.memoryBandwidth }];
    this.dispatchEvent(new CustomEvent('ridgepoint-machine', {
      bubbles: true,
      detail: { name, peakFlops: input.peakFlops, memoryBandwidth: input.memoryBandwidth, roofs, chosen },
    }));
  }
}
customElements.define('ridgepoint-machine-picker', MachinePicker);

const defaultShapes = '64x64x16,64x64x64,4096x4096x4096,128x128x65536,1x8192x8192';
const maxShapes = 40;

/**
 * The shapes of a link ("64x64x16,…"): an entry that is not m×n×k is dropped with a sentence
 * saying so, and the rest load; each number is then checked by gemm like a typed one.
 */
export function parseShapes(text) {
  const shapes = [];
  const problems = [];
  const entries = text.split(',');
  for (const [index, entry] of entries.entries()) {
    if (shapes.length >= maxShapes) {
      problems.push(`only the first ${maxShapes} shapes of the link are shown`);
      break;
    }
    const parts = entry.split('x');
    if (parts.length === 3) shapes.push(parts);
    else problems.push(`shape ${index + 1} of the link ('${entry.slice(0, 20)}') was dropped: it needs m×n×k`);
  }
  const shown = 5;
  if (problems.length > shown) problems.splice(shown, Infinity, `and ${problems.length - shown} more were dropped`);
  return { shapes, problems };
}

// <ridgepoint-shape-table>: GEMM shapes the person edits, with intensity and bound on both
// machines. Dispatches `ridgepoint-shapes` with the rows that evaluated.
class ShapeTable extends HTMLElement {
  #rp;
  #dropped;
  #shapes = [];
  #machines = [];
  #body;

  async connectedCallback() {
    if (this.#body) return;
    this.#rp = await ridgepoint;
    this.#dropped = element('output', { className: 'error', attributes: { 'aria-live': 'polite' } });
    this.#load();
    this.#body = element('tbody');
    const head = element('thead', {}, [
      element('tr', {}, ['m', 'n', 'k', 'FLOPs', 'bytes', 'intensity (FLOP/B)', 'machine A', 'machine B', 'remove'].map((text) => element('th', { text, attributes: { scope: 'col' } }))),
    ]);
    const add = element('button', { text: 'Add a shape', attributes: { type: 'button' } });
    add.addEventListener('click', () => {
      this.#shapes.push(['256', '256', '256']);
      this.#save();
    });
    const reset = element('button', { text: 'Reset to examples', attributes: { type: 'button' } });
    reset.addEventListener('click', () => {
      this.#shapes = defaultShapes.split(',').map((text) => text.split('x'));
      this.#save();
    });
    const caption = 'GEMM shapes: small, square, large-k and a decode GEMV. Edit any cell.';
    const shapes = element('table', { className: 'shapes' }, [element('caption', { text: caption }), head, this.#body]);
    this.replaceChildren(scrollBox(shapes, 'GEMM shapes'), element('div', { className: 'buttons' }, [add, reset]), tableExport(shapes, 'gemm-shapes'), this.#dropped);
    onStateChange(() => {
      this.#load();
      this.#render();
    });
    this.#body.addEventListener('input', (event) => {
      const { row, column } = event.target.dataset;
      this.#shapes[Number(row)][Number(column)] = event.target.value;
      this.#save(false);
    });
    this.#body.addEventListener('click', (event) => {
      const remove = event.target.closest('[data-remove]')?.dataset.remove;
      if (remove === undefined) return;
      this.#shapes.splice(Number(remove), 1);
      this.#save();
    });
    this.#render();
  }

  #load() {
    const linked = parseShapes(readState(`${prefixOf(this)}shapes`).list ?? defaultShapes);
    this.#shapes = linked.shapes;
    this.#dropped.textContent = linked.problems.join('; ');
  }

  set machines(machines) {
    this.#machines = machines;
    if (this.#body) this.#update();
  }

  #save(rebuild = true) {
    const list = this.#shapes.map((shape) => shape.join('x')).join(',');
    writeState(`${prefixOf(this)}shapes`, list === defaultShapes ? {} : { list });
    if (rebuild) this.#render();
    else this.#update();
  }

  #render() {
    this.#body.replaceChildren(...this.#shapes.map((shape, row) => element('tr', {}, [
      ...shape.map((value, column) => element('td', {}, [element('input', {
        attributes: { value, inputmode: 'numeric', 'data-row': String(row), 'data-column': String(column), 'aria-label': `${'mnk'[column]} of shape ${row + 1}` },
      })])),
      ...[0, 1, 2, 3, 4].map(() => element('td', { className: 'number' })),
      element('td', {}, [element('button', { attributes: { type: 'button', 'data-remove': String(row) } }, [
        element('span', { text: '×', attributes: { 'aria-hidden': 'true' } }), element('span', { className: 'visually-hidden', text: `remove shape ${row + 1}` }),
      ])]),
    ])));
    this.#update();
  }

  #update() {
    if (this.#machines.length < 2) return;
    const evaluated = [];
    [...this.#body.rows].forEach((tableRow, row) => {
      const [m, n, k] = this.#shapes[row].map(parseInput);
      const cells = [...tableRow.cells].slice(3, 8);
      try {
        const [onA, onB] = this.#machines.map((machine) => this.#rp.gemm({ m, n, k, peakFlops: machine.peakFlops, memoryBandwidth: machine.memoryBandwidth }));
        const texts = [formatValue(onA.flops, 'FLOP'), formatValue(onA.bytes, 'B'), formatValue(onA.intensity, '1', 4), `${onA.bound}-bound`, `${onB.bound}-bound`];
        cells.forEach((cell, index) => {
          cell.textContent = texts[index];
          cell.className = index >= 3 ? `number bound-${index === 3 ? onA.bound : onB.bound}` : 'number';
        });
        evaluated.push({ label: this.#shapes[row].join('×'), intensity: onA.intensity, flops: onA.attainableFlops, detail: `${onA.bound}-bound on machine A` });
      } catch (error) {
        if (!(error instanceof RidgepointError)) throw error;
        cells.forEach((cell) => (cell.textContent = ''));
        cells[0].textContent = error.message;
        cells[0].className = 'error';
      }
    });
    this.dispatchEvent(new CustomEvent('ridgepoint-shapes', { bubbles: true, detail: { points: evaluated } }));
  }
}
customElements.define('ridgepoint-shape-table', ShapeTable);

const template = `
<div class="machines">
  <ridgepoint-machine-picker state="machineA" label="Machine A" machine="h800-sxm"></ridgepoint-machine-picker>
  <ridgepoint-machine-picker state="machineB" label="Machine B" machine="h100-sxm"></ridgepoint-machine-picker>
</div>
<p class="help">The roofline card's toy machines (60 TFLOP/s with 3 TB/s, 100 TFLOP/s with 2 TB/s) are the first choices of each machine list.</p>
<figure class="panel wide">
  <figcaption>Roofline of machine A (one roof per precision) and machine B; hover a point for details.</figcaption>
  <ridgepoint-roofline-chart state="chart"></ridgepoint-roofline-chart>
</figure>
<section class="panel wide" aria-labelledby="shapes-heading">
  <h3 id="shapes-heading">Shapes on both machines</h3>
  <ridgepoint-shape-table></ridgepoint-shape-table>
</section>
<div class="panels">
  <section class="panel"><ridgepoint-calculator calculator="gemm" state="throughput" heading="Throughput estimate" data-machine="A"
    fields="m,n,k,batch,aBytes,bBytes,cBytes" outputs="flops,bytes,intensity,ridgePoint,bound,attainableFlops,fractionOfPeak"></ridgepoint-calculator></section>
  <section class="panel"><ridgepoint-calculator calculator="gemm" state="latency" heading="Latency estimate" data-machine="A"
    fields="m,n,k,batch,latency" defaults="m=4096,n=4096,k=4096,latency=5u" outputs="computeTime,memoryTime,time,bound"></ridgepoint-calculator></section>
  <section class="panel">
    <ridgepoint-calculator calculator="crossoverK" state="crossover" heading="Smallest compute-bound k on A" data-machine="A"
      fields="m,n,aBytes,bBytes,cBytes"></ridgepoint-calculator>
    <p class="note" data-note="crossoverA" aria-live="polite"></p>
    <ridgepoint-calculator calculator="crossoverK" state="none" heading="…and on B" data-machine="B" data-mirror="crossover" fields=""></ridgepoint-calculator>
    <p class="note" data-note="crossoverB" aria-live="polite"></p>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="crossoverBatch" state="batch" heading="Batch and latency hiding (weight-stationary)" data-machine="A"
      fields="n,k,aBytes,bBytes,cBytes,latency" defaults="n=4096,k=4096,latency=2u"></ridgepoint-calculator>
    <p class="note" data-note="batch" aria-live="polite"></p>
  </section>
  <section class="panel">
    <h3>Throughput saturation</h3>
    <p class="help">Attainable FLOP/s of the weight-stationary GEMM above against its batch, on both machines.</p>
    <svg data-chart="saturation"></svg>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="attentionTiling" state="attention" heading="Attention tiling (FlashAttention-2)" data-machine="A"
      fields="seqLen,headDim,blockSize,elementBytes"></ridgepoint-calculator>
    <svg data-chart="attention"></svg>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="boundCheck" state="check" heading="Roofline bound check" data-machine="A"
      fields="m,n,k,batch,latency,measurement,measuredTime,measuredFlops" defaults="measuredTime=5n,measuredFlops=20T" outputs="boundTime,measuredTime,achievedFlops,attainableFlops,fractionOfBound,possible,reason"></ridgepoint-calculator>
  </section>
</div>`;

// <ridgepoint-roofline>: the whole roofline section.
class RooflineSection extends HTMLElement {
  #rp;
  #machines = {};
  #shapePoints = [];

  async connectedCallback() {
    if (this.#rp || this.dataset.statePrefix !== undefined) return;
    const prefix = instancePrefix(this, 'roofline');
    this.dataset.statePrefix = prefix;
    // Static markup (nothing from the URL or the person); the chart's namespace takes the prefix.
    this.innerHTML = template.replace('state="chart"', `state="${prefix}chart"`);
    if (prefix) distinctIds(this, `-${prefix.slice(0, -1)}`);
    try {
      this.#rp = await ridgepoint;
    } catch (error) {
      this.replaceChildren(loadFailure(error));
      return;
    }
    this.addEventListener('ridgepoint-machine', (event) => {
      const which = event.target.getAttribute('state') === 'machineA' ? 'A' : 'B';
      this.#machines[which] = event.detail;
      this.#feedMachine(which);
    });
    this.addEventListener('ridgepoint-shapes', (event) => {
      this.#shapePoints = event.detail.points;
      this.#updateChart();
    });
    this.addEventListener('ridgepoint-result', (event) => this.#onResult(event.target, event.detail));
    new ResizeObserver(() => this.#drawCurves()).observe(this);
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.#drawCurves());
  }

  #feedMachine(which) {
    const machine = this.#machines[which];
    for (const calculator of this.querySelectorAll(`ridgepoint-calculator[data-machine="${which}"]`)) {
      calculator.setValues({ peakFlops: machine.peakFlops, memoryBandwidth: machine.memoryBandwidth });
    }
    if (this.#machines.A && this.#machines.B) this.querySelector('ridgepoint-shape-table').machines = [this.#machines.A, this.#machines.B];
    this.#updateChart();
    this.#drawCurves();
  }

  #onResult(calculator, { input, result }) {
    const state = calculator.getAttribute('state');
    if (state === 'crossover') {
      const { m, n, aBytes, bBytes, cBytes } = input;
      this.querySelector('[data-mirror="crossover"]').setValues({ m, n, aBytes, bBytes, cBytes });
    }
    const note = { crossover: 'crossoverA', batch: 'batch' }[state] ?? (calculator.dataset.mirror ? 'crossoverB' : null);
    if (note) this.querySelector(`[data-note="${note}"]`).textContent = crossoverSentence(result, state === 'batch' ? 'batch' : 'k');
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
      points.push({ label: `throughput panel ${m}×${n}×${k}`, intensity: throughput.intensity, flops: throughput.attainableFlops, detail: `${throughput.bound}-bound` });
    }
    const roofB = { ...B.roofs.find((roof) => roof.peakFlops === B.peakFlops) ?? B.roofs[0], peakFlops: B.peakFlops, memoryBandwidth: B.memoryBandwidth };
    this.querySelector('ridgepoint-roofline-chart').data = { roofs: [...A.roofs, { ...roofB, label: `B: ${B.name}` }], points };
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
    for (let batch = 1; batch <= Math.max(64, crossover * 8) && batches.length < 80; batch = Math.ceil(batch * 1.25)) batches.push(batch);
    // One sweep per machine: the whole curve in one call to the core.
    const series = [A, B].map((machine, index) => ({
      label: index === 0 ? 'A' : 'B',
      points: this.#rp
        .sweep('gemm', { n, k, aBytes, bBytes, cBytes, latency, peakFlops: machine.peakFlops, memoryBandwidth: machine.memoryBandwidth }, 'm', batches)
        .map((result, point) => [batches[point], result.attainableFlops]),
    }));
    drawLineChart(this.querySelector('[data-chart="saturation"]'), {
      series, xLabel: 'batch (m)', yLabel: 'attainable FLOP/s', yUnit: 'FLOP/s',
      markers: batchPanel.result.batch ? [{ x: batchPanel.result.batch, label: `A saturates at ${batchPanel.result.batch}` }] : [],
      levels: [{ y: A.peakFlops, label: 'A peak' }, { y: B.peakFlops, label: 'B peak' }],
    });

    const { seqLen, headDim, elementBytes } = attention.input;
    const blocks = [];
    for (let block = 16; block <= seqLen; block *= 2) blocks.push(block);
    const lengths = [...new Set([1024, 4096, 16384, seqLen])].filter((length) => length >= 16).sort((a, b) => a - b);
    drawLineChart(this.querySelector('[data-chart="attention"]'), {
      series: lengths.map((length) => {
        const sizes = blocks.filter((block) => block <= length);
        const input = { seqLen: length, headDim, elementBytes, peakFlops: A.peakFlops, memoryBandwidth: A.memoryBandwidth };
        return {
          label: `${toInputText(length)} tokens`,
          points: this.#rp.sweep('attentionTiling', input, 'blockSize', sizes).map((result, point) => [sizes[point], result.intensity]),
        };
      }),
      xLabel: 'query block size', yLabel: 'intensity (FLOP/B)',
      levels: [{ y: A.peakFlops / A.memoryBandwidth, label: 'ridge of A' }],
      markers: attention.result.smallestBlockSize ? [{ x: attention.result.smallestBlockSize, label: `compute-bound from ${attention.result.smallestBlockSize}` }] : [],
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
  if (found === null) return `The analytic crossover ${formatValue(analytic)} is beyond any practical ${dimension}.`;
  return `Compute-bound from ${dimension} = ${formatValue(found)} (bisection); the analytic solution is ${formatValue(analytic, '1', 4)}, whose ceiling is ${formatValue(Math.max(1, Math.ceil(analytic - 1e-9)))}.`;
}

customElements.define('ridgepoint-roofline', RooflineSection);
