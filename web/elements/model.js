// The model section: a Hugging Face config.json (preset, pasted or opened) feeds the model
// calculators: parameters and training FLOPs, the KV cache against a GPU's memory, weight and
// training-state footprints, training time and cost, and the inference roofline with multi-token
// prediction. Each panel is a <ridgepoint-calculator>; this file reads the config, feeds one
// panel's results into another and draws the tables and charts.
import '../lib/calculator-element.js';
import '../lib/roofline-chart.js';
import './machine-picker.js';
import './model-config.js';

import { chartColours } from '../lib/colours.js';
import { element, loadFailure } from '../lib/dom.js';
import { drawAtWidth } from '../lib/draw-at-width.js';
import { table } from '../lib/export.js';
import { formatValue } from '../lib/format.js';
import { drawLineChart } from '../lib/line-chart.js';
import { ridgepoint } from '../lib/ridgepoint.js';
import { offerChartExport } from '../lib/chart-export.js';
import { mountSection } from '../lib/section.js';
import { chartFrame } from '../lib/chart-frame.js';

/** Weights and KV cache as one stacked bar against the memory of the devices, with a legend. */
function drawMemoryBars(svgElement, input, result) {
  offerChartExport(svgElement);
  drawAtWidth(svgElement, (width) => renderMemoryBars(svgElement, width, input, result));
}

function renderMemoryBars(svgElement, parentWidth, input, result) {
  const colours = chartColours();
  const width = Math.max(280, Math.min(parentWidth || 480, 720));
  const height = 112;
  const inset = 8;
  const capacity = input.memoryCapacity * input.devices;
  const scale = (bytes) => ((width - 2 * inset) * bytes) / Math.max(capacity, result.weightBytes + result.kvBytesTotal);
  // An edit moves and retexts the elements already there (d3's data join).
  const svg = chartFrame(svgElement, {
    width,
    height,
    fontSize: 12,
    label: `weights ${formatValue(result.weightBytes, 'B', 4)} and KV cache ${formatValue(result.kvBytesTotal, 'B', 4)} against ${formatValue(capacity, 'B', 4)} of memory`,
  });
  const parts = [
    { name: 'weights', className: 'weights', bytes: result.weightBytes, x: inset, colour: colours.series[0] },
    {
      name: 'KV cache',
      className: 'kv',
      bytes: result.kvBytesTotal,
      x: inset + scale(result.weightBytes),
      colour: colours.series[1],
    },
  ];
  svg
    .selectAll('rect.part')
    .data(parts, (part) => part.className)
    .join('rect')
    .attr('class', (part) => `part ${part.className}`)
    .attr('x', (part) => part.x)
    .attr('y', 8)
    .attr('height', 28)
    .attr('width', (part) => Math.max(1, scale(part.bytes)))
    .attr('fill', (part) => part.colour);
  const capacityX = inset + scale(capacity);
  svg
    .selectAll('line.capacity')
    .data([capacityX])
    .join('line')
    .attr('class', 'capacity')
    .attr('x1', capacityX)
    .attr('x2', capacityX)
    .attr('y1', 2)
    .attr('y2', 42)
    .attr('stroke', colours.text)
    .attr('stroke-width', 2)
    .attr('stroke-dasharray', '4 2');
  // The legend sits under the bar, one line each, so no label runs off a short or long bar.
  const legend = [
    ...parts.map((part) => ({ colour: part.colour, text: `${part.name} ${formatValue(part.bytes, 'B', 4)}` })),
    { colour: null, text: `memory ${formatValue(capacity, 'B', 4)} (dashed)${result.fits ? '' : ' — does not fit'}` },
  ];
  const rows = svg
    .selectAll('g.legend')
    .data(legend)
    .join((enter) => {
      const row = enter.append('g').attr('class', 'legend');
      row.append('rect').attr('y', -9).attr('width', 10).attr('height', 10);
      row.append('text').attr('x', 16);
      return row;
    })
    .attr('transform', (row, index) => `translate(${inset}, ${58 + index * 18})`);
  rows
    .select('rect')
    .attr('display', (row) => (row.colour ? null : 'none'))
    .attr('fill', (row) => row.colour);
  rows
    .select('text')
    .attr('fill', colours.text)
    .text((row) => row.text);
}

const template = `
<div class="panels">
  <section class="panel">
    <h3>Model config</h3>
    <ridgepoint-model-config></ridgepoint-model-config>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="modelStats" state="modelStats" heading="Parameters, KV cache and training FLOPs"
      data-feed="config"
      fields="kvBytes,kvScaleGroupSize,kvScaleBytes,seqLen,causal"
      outputs="attention,totalParams,activeParams,totalParamsWithoutEmbeddings,activeParamsWithoutEmbeddings,
        activeMatmulParams,kvBytesPerToken,kvBytesPerSequence,matmulFlopsPerToken,attentionFlopsPerToken,
        trainingFlopsPerToken,forwardFlopsPerToken,denseEquivalentFlopsPerToken,sparsitySaving"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <ridgepoint-machine-picker state="modelMachine" label="GPU" machine="h800-sxm"></ridgepoint-machine-picker>
  </section>
  <section class="panel full-row">
    <h3>Parameters by component</h3>
    <div data-table="components"></div>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="kvCache" state="kvCache" heading="KV cache against the GPU's memory"
      data-feed="config"
      fields="contextLength,batch,memoryCapacity,devices,weightBytesPerParam,kvBytes,kvScaleGroupSize"
      outputs="kvBytesPerToken,kvBytesPerSequence,kvBytesTotal,weightBytes,freeBytes,tokensThatFit,sequencesThatFit,
        fits"></ridgepoint-calculator>
    <figure>
      <figcaption>Weights plus the cache of contextLength × batch, against memoryCapacity × devices.</figcaption>
      <svg data-chart="memory"></svg>
    </figure>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="weightMemory" state="weightMemory" heading="Weights by storage format"
      fields="blockSide,tileLength,scaleBytes" outputs=""></ridgepoint-calculator>
    <div data-table="formats"></div>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="trainingMemory" state="trainingMemory" heading="Training state per GPU (ZeRO)"
      fields="dataParallel,zeroStage,modelParallel,weightBytes,gradientBytes,masterBytes,momentBytes"
      defaults="gradientBytes=4,momentBytes=2,zeroStage=1"></ridgepoint-calculator>
  </section>
  <section class="panel full-row">
    <h3>ISCA'25 Table 1: KV cache per token (BF16)</h3>
    <div data-table="isca-kv"></div>
    <h3>ISCA'25 Table 2: training compute per token (4096 tokens)</h3>
    <div data-table="isca-flops"></div>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="trainingRun" state="trainingRun" heading="Training time and cost"
      fields="tokens,gpus,mfu,pricePerGpuHour,measuredTokensPerDay"
      defaults="measuredTokensPerDay=272.8G"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="trainingBudget" state="trainingBudget"
      heading="Training budget by phase (V3 Table 1)"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="modelInference" state="modelInference"
      heading="Inference on the GPU (roofline lower bounds)" data-feed="config"
      fields="batch,promptLength,contextLength,weightBytesPerParam,activationBytes,kvBytes"
      defaults="weightBytesPerParam=1"
      outputs="timeToFirstToken,timePerOutputToken,prefillTokensPerSecond,decodeTokensPerSecond,weightBytes,ridgePoint,
        decodeTokensPerExpert,saturationBatch"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <h3>Decode throughput against batch</h3>
    <p class="help">Tokens per second of one decode step on the GPU above at every batch; the current batch and the
      batch where the step turns compute-bound are marked.</p>
    <svg data-chart="throughput"></svg>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="mtpSpeedup" state="mtp" heading="Multi-token prediction (V3 §5.4.3)"
      fields="acceptanceRate,depth,draftCost"></ridgepoint-calculator>
  </section>
</div>
<div class="panel wide">
  <div data-table="operators"></div>
</div>
<figure class="panel wide">
  <figcaption>The operators of prefill and decode on the GPU's roofs; hover a point for details.</figcaption>
  <ridgepoint-roofline-chart state="modelChart"></ridgepoint-roofline-chart>
</figure>`;

// <ridgepoint-model>: the whole model section.
class ModelSection extends HTMLElement {
  #rp;
  #loaded;
  #machine = null;

  async connectedCallback() {
    if (this.#loaded) return;
    // Set before the panels exist, so every event they send finds the API loaded.
    this.#loaded = ridgepoint.then((rp) => {
      this.#rp = rp;
    });
    this.#loaded.catch((error) => this.replaceChildren(loadFailure(error)));
    mountSection(this, 'model', template, ['modelChart']);
    const when = (handler) => (event) => {
      const { target, detail } = event;
      this.#loaded.then(() => handler(target, detail));
    };
    this.addEventListener(
      'ridgepoint-model-config',
      when((target, detail) => this.#feedConfig(detail.config)),
    );
    this.addEventListener('ridgepoint-machine', (event) => event.stopPropagation());
    // The GPU's numbers refused: the panels it feeds keep the last good GPU's results, marked.
    this.addEventListener('ridgepoint-machine-invalid', (event) => {
      event.stopPropagation();
      for (const state of ['modelInference', 'trainingRun']) this.#panel(state).markStale();
    });
    this.addEventListener(
      'ridgepoint-machine',
      when((target, detail) => this.#feedMachine(detail)),
    );
    this.addEventListener(
      'ridgepoint-result',
      when((target, detail) => this.#onResult(target.getAttribute('state'), detail)),
    );
    try {
      await this.#loaded;
    } catch {
      return; // the message above says why
    }
    this.#drawPaperTables();
  }

  #panel(state) {
    return this.querySelector(`ridgepoint-calculator[state="${state}"]`);
  }

  #feedConfig(config) {
    for (const panel of this.querySelectorAll('ridgepoint-calculator[data-feed="config"]')) panel.setValues({ config });
  }

  #feedMachine(machine) {
    this.#machine = machine;
    const roof = { peakFlops: machine.peakFlops, memoryBandwidth: machine.memoryBandwidth };
    this.#panel('modelInference').setValues(roof);
    this.#panel('trainingRun').setValues({ peakFlops: roof.peakFlops });
    // The GPU's memory fills a field the person sees and may have edited: only when chosen now.
    if (machine.memoryCapacity && machine.chosen)
      this.#panel('kvCache').setValues({ memoryCapacity: machine.memoryCapacity });
  }

  #onResult(state, { input, result }) {
    if (state === 'modelStats') {
      this.#drawComponents(result);
      this.#panel('weightMemory').setValues({ params: result.totalParams });
      this.#panel('trainingMemory').setValues({ params: result.totalParams });
      this.#panel('trainingRun').setValues({ flopsPerToken: result.trainingFlopsPerToken });
    }
    if (state === 'kvCache') drawMemoryBars(this.querySelector('svg[data-chart="memory"]'), input, result);
    if (state === 'weightMemory') this.#drawFormats(result);
    if (state === 'modelInference') {
      this.#drawOperators(result);
      this.#drawRoofline(result);
      this.#drawThroughput();
      this.#panel('mtp').setValues({ tokensPerSecond: result.decodeTokensPerSecond });
    }
  }

  #drawComponents(result) {
    const share = (part) => formatValue((100 * part) / result.totalParams, '1', 3);
    this.querySelector('[data-table="components"]').replaceChildren(
      table(
        'Stored and per-token (active) parameters; the formula of each row is in its title.',
        ['component', 'parameters', 'active', '% of total'],
        result.components.map((row) => [
          [row.name],
          [formatValue(row.params), 'number', row.params],
          [formatValue(row.activeParams), 'number', row.activeParams],
          [share(row.params), 'number'],
        ]),
        'model-parameters-by-component',
      ),
    );
    const rows = this.querySelectorAll('[data-table="components"] tbody tr');
    result.components.forEach((row, index) => {
      rows[index].title = row.formula;
    });
  }

  #drawFormats(result) {
    this.querySelector('[data-table="formats"]').replaceChildren(
      table(
        'The model above in each format; scales add the last column to the element bytes.',
        ['format', 'B/weight', 'weights', 'scales'],
        result.formats.map((row) => [
          [row.format],
          [formatValue(row.bytesPerParam, '1', 7), 'number', row.bytesPerParam],
          [formatValue(row.bytes, 'B', 4), 'number', row.bytes],
          [`+${formatValue(100 * row.scaleOverhead, '1', 3)} %`, 'number'],
        ]),
        'model-weights-by-format',
      ),
    );
  }

  // The paper's tables: byte values and the MoE rows recomputed from the presets, the dense rows
  // of Table 2 shown as printed with what the public configs give instead.
  #drawPaperTables() {
    const model = (id) => this.#rp.models().find((candidate) => candidate.id === id);
    const v3Bytes = this.#rp.modelStats({ config: model('deepseek-v3').config }).kvBytesPerToken;
    const kvRows = ['deepseek-v3', 'qwen2.5-72b', 'llama-3.1-405b'].map((id) => {
      const preset = model(id);
      const { kvBytesPerToken, ratioToReference } = this.#rp.kvCache({
        config: preset.config,
        referenceKvBytesPerToken: v3Bytes,
      });
      const typo = Math.abs(ratioToReference - preset.printedKvMultiplier) > 0.01;
      return [
        [preset.name],
        [formatValue(kvBytesPerToken, 'B', 6), 'number'],
        [formatValue(preset.printedKvBytesPerToken, 'B', 6), 'number'],
        [`${ratioToReference.toFixed(2)}×`, 'number'],
        [`${preset.printedKvMultiplier}×${typo ? ' (typo)' : ''}`, 'number'],
      ];
    });
    this.querySelector('[data-table="isca-kv"]').replaceChildren(
      table(
        'Computed from the public configs; 1 kB = 1000 B. The paper prints 7.28× for Llama-3.1-405B, but its own bytes give 516,096 / 70,272 = 7.34×.',
        ['model', 'computed', 'printed', 'ratio', 'printed ratio'],
        kvRows,
        'isca25-table1-kv-cache-per-token',
      ),
    );
    const flopRows = ['deepseek-v2', 'deepseek-v3', 'qwen2.5-72b', 'llama-3.1-405b'].map((id) => {
      const preset = model(id);
      const stats = this.#rp.modelStats({ config: preset.config, seqLen: 4096, causal: true });
      const reproduced = stats.moeLayers > 0;
      return [
        [preset.name],
        [formatValue(stats.totalParams), 'number', stats.totalParams],
        [formatValue(stats.trainingFlopsPerToken, 'FLOP', 5), 'number', stats.trainingFlopsPerToken],
        [formatValue(preset.printedTrainingFlopsPerToken, 'FLOP', 4), 'number'],
        [
          reproduced ? 'formula reproduces the printed value' : 'printed value; public configs give the computed one',
          'source',
        ],
      ];
    });
    this.querySelector('[data-table="isca-flops"]').replaceChildren(
      table(
        "6 × activated matmul parameters + causal attention (L/2 keys per query). Only the MoE rows reproduce; the dense rows are the paper's printed values.",
        ['model', 'parameters', 'computed', 'printed', 'note'],
        flopRows,
        'isca25-table2-training-flops-per-token',
      ),
    );
  }

  #drawOperators(result) {
    const rows = [...result.prefill.map((row) => ['prefill', row]), ...result.decode.map((row) => ['decode', row])].map(
      ([phase, row]) => [
        [phase],
        [row.name],
        [formatValue(row.flops, 'FLOP', 4), 'number', row.flops],
        [formatValue(row.bytes, 'B', 4), 'number', row.bytes],
        [formatValue(row.intensity, '1', 4), 'number', row.intensity],
        [`${row.bound}-bound`, `bound-${row.bound}`],
        [formatValue(row.time, 's', 4), 'number', row.time],
      ],
    );
    const summary =
      `Time to first token ≥ ${formatValue(result.timeToFirstToken, 's', 4)} (one prompt); time per output token ≥ ${formatValue(result.timePerOutputToken, 's', 4)} ` +
      `(${formatValue(result.decodeTokensPerSecond, '1', 4)} tokens/s for the batch)${result.decodeTokensPerExpert === null ? '' : `; ${formatValue(result.decodeTokensPerExpert, '1', 3)} tokens per expert per decode step`}.`;
    this.querySelector('[data-table="operators"]').replaceChildren(
      element('h3', { text: 'Operators, each summed over its layers' }),
      element('p', { className: 'note', text: summary, attributes: { 'data-note': 'inference' } }),
      table(
        'Each operator at the slower of its two roofs: max(FLOPs ÷ peak, bytes ÷ bandwidth). Intensity in FLOP/B.',
        ['phase', 'operator', 'FLOPs', 'bytes', 'intensity', 'bound', 'time'],
        rows,
        'model-inference-operators',
      ),
      ...result.notes.map((note) => element('p', { className: 'help', text: `Note (${note.field}): ${note.text}.` })),
    );
  }

  #drawRoofline(result) {
    // Until the GPU picker reports, the panel runs on the core's declared roofs.
    const declared = (name) => this.#rp.spec('modelInference').inputs.find((field) => field.name === name).default;
    const { peakFlops = declared('peakFlops'), memoryBandwidth = declared('memoryBandwidth') } =
      this.#panel('modelInference').input;
    const roofs = [{ label: this.#machine?.name ?? 'GPU', peakFlops, memoryBandwidth }];
    const points = [
      ...result.prefill.map((row) => ['prefill', row]),
      ...result.decode.map((row) => ['decode', row]),
    ].map(([phase, row]) => ({
      label: `${phase}: ${row.name}`,
      intensity: row.intensity,
      flops: row.attainableFlops,
      detail: `${row.bound}-bound, ${formatValue(row.time, 's', 3)}`,
    }));
    this.querySelector('ridgepoint-roofline-chart').data = { roofs, points };
  }

  #drawThroughput() {
    const panel = this.#panel('modelInference');
    if (!panel?.result) return;
    const { input, result } = panel;
    const markers = [{ x: input.batch, label: 'this batch' }];
    if (result.saturationBatch !== null && result.saturationBatch <= 4096)
      markers.push({ x: result.saturationBatch, label: 'compute-bound' });
    drawLineChart(this.querySelector('svg[data-chart="throughput"]'), {
      series: [
        { label: 'decode tokens/s', points: result.throughput.map((point) => [point.batch, point.tokensPerSecond]) },
      ],
      xLabel: 'batch (sequences)',
      yLabel: 'tokens/s',
      xUnit: '1',
      yUnit: '1',
      markers,
    });
  }
}

customElements.define('ridgepoint-model', ModelSection);
