// The "Plan a deployment" section: a model preset feeds rp.trainingStep and
// rp.servingThroughput (two <ridgepoint-calculator> panels); this file draws the step breakdown,
// memory against capacity, the serving Pareto curve from the core's sweep, and the validation
// table of published deployments, each row able to load its setup into the panels.
import { humanize } from '../lib/calculator-element.js';
import './model-config.js';

import { select } from 'd3-selection';

import { declaredValues, deploymentValues, firstDeployments } from '../lib/deployment-values.js';
import { element } from '../lib/dom.js';
import { drawAtWidth } from '../lib/draw-at-width.js';
import { table } from '../lib/export.js';
import { assumptionGroups, formatError, formatValue, namesById, validationSummary } from '../lib/format.js';
import { readState } from '../lib/hash-state.js';
import { drawLineChart } from '../lib/line-chart.js';
import { ridgepoint, RidgepointError } from '../lib/ridgepoint.js';
import { inTurn, onPrint } from '../lib/schedule.js';
import { chartColours } from '../lib/colours.js';
import { offerChartExport } from '../lib/chart-export.js';
import { chartFrame } from '../lib/chart-frame.js';

const trainingFields =
  'machine,node,gpus,tensorParallel,pipelineParallel,expertParallel,expertTensorParallel,contextParallel,virtualStages,seqLen,globalBatch,microBatch,precision,recompute,schedule,causal,attentionKernel,dropout,sequenceParallel,expertParallelOverlap,dataParallelOverlap,commSms,gpuSms,momentBytes,mtpModules,zeroStage';
const trainingOutputs =
  'stepTime,mfu,hardwareFlopsPerGpu,tokensPerSecond,tokensPerDay,dataParallel,microBatches,layersPerStage,computeTime,castTime,exposedCommTime,exposedTensorParallelTime,exposedContextParallelTime,exposedExpertParallelTime,exposedPipelineSendTime,exposedDataParallelTime,bubbleTime,optimizerTime,gemmEfficiency,attentionEfficiency,memoryPerGpu,memoryCapacity,fits,fitNote,bottleneck,notes';
const servingFields =
  'machine,node,phase,gpus,tensorParallel,expertParallel,redundantExperts,expertImbalance,inputLength,outputLength,cacheHitRate,promptLengthSpread,tokensPerSecondPerUser,decodeBatchPerGpu,mtpAcceptance,precision,expertWeights,kvBytes,kvMemoryFraction,runtimeBytesPerGpu,prefillTokensPerGpu,commSms,microBatches,pricePerGpuHour';
const servingOutputs =
  'tokensPerSecondPerNode,tokensPerSecondPerGpu,batchPerGpu,maxBatchPerGpu,stepTime,tpot,ttft,tokensPerSecondPerUser,computeTime,memoryTime,commTime,tensorParallelTime,weightBytesPerGpu,kvBytesPerGpu,memoryCapacity,costPerMillionTokens,fits,bottleneck,notes';

const template = `
<div class="panels">
  <section class="panel">
    <h3>Model</h3>
    <ridgepoint-model-config state="planner" rows="4"></ridgepoint-model-config>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="trainingStep" state="plannerTraining" digits="4" heading="Training step"
      fields="${trainingFields}" outputs="${trainingOutputs}"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <h3>Where the step goes</h3>
    <svg data-chart="breakdown"></svg>
    <p class="note" data-note="published-breakdown">ridgepoint's bar sums F, B and W over every micro-batch of
      the slowest device; ISCA'25 Table 4 splits the same step into schedule phases (warm-up 1F, steady 1F1B,
      cool-down 1B and 1W). Step, bubble and optimizer compare directly; ridgepoint puts the data-parallel gradient
      sync under exposed communication.</p>
    <h3>Memory per GPU</h3>
    <svg data-chart="memory"></svg>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="servingThroughput" state="plannerServing" digits="4" heading="Serving a node"
      fields="${servingFields}" outputs="${servingOutputs}"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <h3>Output throughput against per-user speed</h3>
    <svg data-chart="pareto"></svg>
    <p class="note">Swept inside the core (batch 1, 2, 4 … up to what fits); each point is one batch per GPU. Colocated
    serving counts the prompts' prefill between decode steps; for a prefill node the curve is what its GPUs would
    deliver decoding.</p>
  </section>
  <section class="panel full-row">
    <h3>Published deployments against ridgepoint</h3>
    <div data-table="validation"></div>
    <div class="note" data-note="validation"></div>
  </section>
</div>`;

// Stacked horizontal bars: each bar a list of [label, seconds]; colours by position and a legend
// for the first bar. A `phases` bar (another source's own split) is drawn in greys with each part
// named inside it where it fits, so its parts are never read against the first bar's legend.
function drawStackedBars(svgElement, bars, options = {}) {
  offerChartExport(svgElement);
  drawAtWidth(svgElement, (parentWidth) => renderStackedBars(svgElement, parentWidth, bars, options));
}

function renderStackedBars(svgElement, parentWidth, bars, { unit = 's', limit } = {}) {
  const colours = chartColours();
  const width = Math.max(280, Math.min(parentWidth || 480, 720));
  const barHeight = 26;
  const top = 8;
  const left = 150;
  const columns = width < 560 ? 2 : 3;
  const legendRows = Math.ceil(bars[0].parts.length / columns);
  // A capacity line gets its own row for its label, below the bars' totals.
  const limitRow = limit ? 14 : 0;
  const barsBottom = top + bars.length * (barHeight + 14);
  const height = barsBottom + 24 + limitRow + legendRows * 16;
  const total = Math.max(limit ?? 0, ...bars.map((bar) => bar.parts.reduce((sum, [, value]) => sum + value, 0)));
  const scale = (value) => ((width - left - 16) * value) / (total || 1);
  // An edit moves and retexts the elements already there (d3's data join), keyed by label, so
  // a redraw creates nothing unless a bar, part or legend entry is new.
  const svg = chartFrame(svgElement, { width, height, label: bars.map((bar) => bar.label).join(' against ') });
  const rows = svg
    .selectAll('g.bar')
    .data(bars, (bar) => bar.label)
    .join((enter) => {
      const row = enter.append('g').attr('class', 'bar');
      row.append('text').attr('class', 'label').attr('x', 4);
      row.append('text').attr('class', 'total');
      return row;
    })
    .attr('transform', (bar, index) => `translate(0, ${top + index * (barHeight + 14)})`);
  rows
    .select('text.label')
    .attr('y', barHeight / 2 + 4)
    .attr('fill', colours.text)
    .text((bar) => bar.label);
  rows.each(function drawParts(bar) {
    let x = left;
    const parts = bar.parts.map(([label, value], index) => {
      const part = { label, value, index, x, width: Math.max(0, scale(value)) };
      x += scale(value);
      return part;
    });
    const row = select(this);
    row
      .selectAll('rect.part')
      .data(parts, (part) => part.label)
      .join((enter) => {
        const rect = enter.append('rect').attr('class', 'part');
        rect.append('title');
        return rect;
      })
      .attr('x', (part) => part.x)
      .attr('y', 0)
      .attr('height', barHeight)
      .attr('width', (part) => part.width)
      .attr('fill', (part) => (bar.phases ? colours.grid : colours.series[part.index % colours.series.length]))
      .attr('fill-opacity', (part) => (bar.phases && part.index % 2 ? 0.5 : 1))
      .select('title')
      .text((part) => `${part.label}: ${formatValue(part.value, unit, 4)}`);
    // A phases bar names each part inside it where the name fits.
    row
      .selectAll('text.part-name')
      .data(
        parts.filter((part) => bar.phases && part.width >= 8 * part.label.length),
        (part) => part.label,
      )
      .join('text')
      .attr('class', 'part-name')
      .attr('x', (part) => part.x + part.width / 2)
      .attr('y', barHeight / 2 + 4)
      .attr('text-anchor', 'middle')
      .attr('fill', colours.text)
      .text((part) => part.label);
    row
      .select('text.total')
      .attr('x', Math.min(x + 4, width - 60))
      .attr('y', barHeight + 11)
      .attr('fill', colours.text)
      .text(
        formatValue(
          bar.parts.reduce((sum, [, value]) => sum + value, 0),
          unit,
          4,
        ),
      );
  });
  const capacity = svg
    .selectAll('g.limit')
    .data(limit ? [limit] : [])
    .join((enter) => {
      const group = enter.append('g').attr('class', 'limit');
      group.append('line').attr('stroke-dasharray', '4 3');
      group.append('text').attr('text-anchor', 'end');
      return group;
    });
  capacity
    .select('line')
    .attr('x1', left + scale(limit))
    .attr('x2', left + scale(limit))
    .attr('y1', top - 4)
    .attr('y2', barsBottom + limitRow)
    .attr('stroke', colours.user);
  capacity
    .select('text')
    .attr('x', left + scale(limit) - 4)
    .attr('y', barsBottom + 8 + limitRow)
    .attr('fill', colours.user)
    .text(`capacity ${formatValue(limit, unit, 3)}`);
  const legendTop = barsBottom + 20 + limitRow;
  const legend = svg
    .selectAll('g.legend')
    .data(
      bars[0].parts.map(([label]) => label),
      (label) => label,
    )
    .join((enter) => {
      const item = enter.append('g').attr('class', 'legend');
      item.append('rect').attr('y', -9).attr('width', 10).attr('height', 10);
      item.append('text').attr('x', 14);
      return item;
    })
    .attr('transform', (label, index) => {
      const x = 4 + (index % columns) * ((width - 8) / columns);
      return `translate(${x}, ${legendTop + Math.floor(index / columns) * 16})`;
    });
  legend.select('rect').attr('fill', (label, index) => colours.series[index % colours.series.length]);
  legend
    .select('text')
    .attr('fill', colours.text)
    .text((label) => label);
}

// Where the planner's kernel efficiencies come from, and what it does not model (below the validation table).
const efficiencySources =
  'Where the efficiencies come from: FP8 training and prefill of MLA and MoE models (the DeepSeek rows) take GEMM ' +
  "(per pass), attention and non-GEMM kernel times (quantisation, permutation, norms) from DeepSeek's profiled " +
  'training framework (deepseek-ai/profile-data train.json); other runs take them from kernel micro-benchmarks on ' +
  "the row's GPU or one of the same peak (DeepGEMM, Maximum Achievable Matmul FLOPS, Fire-Flyer's GEMM, " +
  'FlashAttention-2/3) and their non-GEMM kernels as the activation bytes they write, so the Megatron rows show ' +
  "what today's kernels allow, not what 2021 Megatron-LM reached. FP4 GEMMs borrow the FP8 measurements (the " +
  "one published FP4 table found is of an untuned kernel, vLLM's NVFP4 GEMM on B200 at most 43 % of peak): FP4 " +
  'rows are an upper bound. Collectives run at the rates NCCL reaches on each link (NCCL ' +
  "maintainers, DeepSeek). Not modelled: expert imbalance in training (serving takes TensorRT-LLM's measured " +
  '11 %), partial utilisation over a day (the DeepSeek serving rows are 24-hour averages), and the host: a ' +
  'framework that waits for it in every MoE layer spends time per layer and micro-batch that ridgepoint has ' +
  "no term for. Megatron-Bridge's published dropless Qwen3-30B-A3B runs (performance-summary.md, 25.11 and " +
  '26.02) reach 20–54 % of the tokens/s ridgepoint predicts; per GPU they grow with the micro-batch (DGX B300 ' +
  "at 8 sequences per micro-batch makes 3.0× DGX B200's at 1) and with fixed shapes (a token-dropping run " +
  'makes 1.9× the dropless one on DGX B200): fine-grained MoE training is predicted optimistic. Blackwell GPUs ' +
  'run every kernel but BF16 GEMMs, attention and MLA decoding at the share of peak measured on Hopper: their ' +
  "FP8 matmuls reach it; attention takes NVIDIA's B200 measurement (1,460 TFLOPS forward, 1,000 backward); " +
  "MLA decoding, measured on Blackwell only in a sparse kernel, runs at FlashMLA's dense H800 kernel × " +
  "that sparse kernel's B200 / H800 ratio (660 × 350 / 410 TFLOPS: 25 % of B200's BF16 peak, 59 % on Hopper).";

// The planner's enum values as the papers write them.
const choiceNames = {
  bf16: 'BF16',
  fp8: 'FP8',
  fp4: 'FP4 (NVFP4)',
  mxfp4: 'MXFP4',
  '1f1b': '1F1B',
  interleaved: 'interleaved 1F1B',
  zb1p: 'ZB1P (zero bubble)',
  dualpipe: 'DualPipe',
};

class Planner extends HTMLElement {
  #rp;
  #models;
  #modelConfig; // <ridgepoint-model-config>: the model of both panels
  #config; // the model's config.json object, as fed to the panels
  #published; // rp.deployments(), read once at start-up
  #breakdownSettings; // [name, value] of the row with a step breakdown, config last; once needed
  #nodeGpus; // node design id → the machine id of the GPU it is built around, read when first needed

  connectedCallback() {
    if (this.#modelConfig) return;
    this.innerHTML = template; // static markup: nothing from the URL or the person goes here
    this.#modelConfig = this.querySelector('ridgepoint-model-config');
    // Every config it shows (preset, pasted, opened, a published setup's own, a link's) feeds
    // both panels, a config the core refuses too: each then names what it cannot read.
    this.addEventListener('ridgepoint-model-config', (event) => this.#feedConfig(event.detail.config));
    // A preset picked (after the element has fed it): each panel keeps its plan where it suits the
    // model. A config typed or pasted does not move them: each names the fields it cannot take.
    this.#modelConfig.addEventListener('change', (event) => {
      if (event.target.name !== 'preset') return;
      for (const state of ['plannerTraining', 'plannerServing']) this.#suitPanel(state, true);
    });
    // Queued now, after the model element's start-up (queued as the markup above connected it) and
    // before the panels just created queue their first results (once the core has loaded): the
    // model and the published setups reach them first, each step a task of its own.
    inTurn(
      () => this.#start(),
      // The core's first list of published rows reads 35 setups (13-47 ms measured): a task of its own.
      () => (this.#published = this.#rp.deployments()),
      () => this.#openOnPublished('plannerTraining', firstDeployments.training),
      () => this.#openOnPublished('plannerServing', firstDeployments.serving),
    ).catch(() => {}); // a core that cannot start is reported by each panel
  }

  async #start() {
    this.#rp = await ridgepoint;
    this.#models = this.#rp.models();
    // The lists show names as the papers write them (the values, in the address and the API, stay
    // the API's): GPUs and nodes by their presets' names, precisions and schedules spelled out.
    const names = { ...namesById(this.#rp.machines(), this.#rp.nodeDesigns()), ...choiceNames };
    for (const panel of this.querySelectorAll('ridgepoint-calculator')) panel.choiceNames = names;
    this.addEventListener('ridgepoint-result', (event) =>
      this.#onResult(event.target.getAttribute('state'), event.detail),
    );
    this.addEventListener('input', (event) => {
      if (event.target.name === 'machine') this.#nodeFollowsMachine(event.target);
    });
    // The validation table evaluates every published deployment: only once it comes near the
    // screen, looked at once the panels above it are built (before, it is near only because they
    // are not yet as tall as they will be), a few rows a task (35 rows in one took 50-80 ms).
    // A print holds the table too, wherever the page was scrolled to.
    let validationQueued = false;
    const queueValidation = () => {
      if (validationQueued) return;
      validationQueued = true;
      validation.disconnect();
      // Behind the job that reads the published rows, however early this comes.
      inTurn(() => {
        const published = this.#published;
        const rows = [];
        const rowsPerTask = 6;
        const steps = [];
        for (let first = 0; first < published.length; first += rowsPerTask)
          steps.push(() => rows.push(...this.#rp.validation(published.slice(first, first + rowsPerTask))));
        inTurn(...steps, () => this.#drawValidation(rows));
      });
    };
    const validation = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) queueValidation();
      },
      { rootMargin: '50% 0px' },
    );
    Promise.allSettled([...this.querySelectorAll('ridgepoint-calculator')].map((panel) => panel.ready)).then(() =>
      validation.observe(this.querySelector('[data-table="validation"]')),
    );
    onPrint(this, queueValidation);
  }

  // A panel without state in the address opens on DeepSeek-V3's published setup (training step,
  // decode). A link that names a model keeps it, as the panels showed it when the link was copied;
  // where V3's plan does not suit that model (expert parallelism for a dense one, or too little
  // memory), the panel opens on a published setup of that model, or else, where the core refuses
  // V3's plan, keeps its declared defaults, rather than open on an error with no result to show.
  #openOnPublished(state, id) {
    if (Object.keys(readState(state)).length) return;
    const row = this.#published.find((candidate) => candidate.id === id);
    if (Object.keys(readState('planner')).length === 0) {
      this.load(row, { scroll: false, save: false });
      return;
    }
    const { config, ...settings } = deploymentValues(this.#rp, row, this.#models);
    const fit = this.#fit(row.calculator, settings);
    const suiting = (fit !== 'fits' && this.#publishedOfModel(row.calculator)) || (fit !== 'refused' && row);
    if (suiting) this.load(suiting, { scroll: false, save: false, withModel: false });
  }

  // How `settings` suit the planner's model: 'fits', 'does not fit' (in memory) or 'refused' (by
  // the core: an error beside a field).
  #fit(calculator, settings) {
    try {
      return this.#rp[calculator]({ ...settings, config: this.#config }).fits === false ? 'does not fit' : 'fits';
    } catch (error) {
      if (error instanceof RidgepointError) return 'refused';
      throw error;
    }
  }

  // A published setup of `calculator` for the preset the planner shows, if any: the one the
  // planner opens on where it is that model's (DeepSeek-V3's decode, not its prefill), else the
  // table's first.
  #publishedOfModel(calculator) {
    const preset = this.#modelConfig.preset;
    const rows = this.#published.filter((row) => row.calculator === calculator && row.model === preset);
    return rows.find((row) => Object.values(firstDeployments).includes(row.id)) ?? rows[0];
  }

  // After a published setup or a preset picked brought another model: a panel keeps its plan where
  // that plan suits the model. Where it does not (expert parallelism that does not divide the experts, too
  // little memory), it takes a published setup of that model if the table has one; else, where the
  // core refuses the plan, its declared defaults, rather than an error beside the last model's
  // result.
  #suitPanel(state, save) {
    const panel = this.#panel(state);
    const calculator = panel.getAttribute('calculator');
    if (!panel.input) return;
    const fit = this.#fit(calculator, panel.input);
    if (fit === 'fits') return;
    const row = this.#publishedOfModel(calculator);
    if (row) this.load(row, { scroll: false, save, withModel: false });
    else if (fit === 'refused') panel.setValues(declaredValues(this.#rp, calculator), { save });
  }

  // A GPU picked from the list brings a node built around it when the node was another GPU's: the
  // pairing a person means. A node picked afterwards stays as picked (a what-if, which the
  // result's note names); a permalink or a published setup loads both as they are.
  #nodeFollowsMachine(machineSelect) {
    const panel = machineSelect.closest('ridgepoint-calculator');
    const nodeSelect = panel?.querySelector('select[name="node"]');
    // Read at the first GPU picked, not at start-up, which does not need it.
    this.#nodeGpus ??= new Map(this.#rp.nodeDesigns().map((node) => [node.id, node.gpu]));
    if (!nodeSelect || this.#nodeGpus.get(nodeSelect.value) === machineSelect.value) return;
    const own = [...nodeSelect.options].find((option) => this.#nodeGpus.get(option.value) === machineSelect.value);
    if (own) panel.setValues({ node: own.value });
  }

  #panel(state) {
    return this.querySelector(`ridgepoint-calculator[state="${state}"]`);
  }

  // The config as the panels' hidden `config` input: the model is the planner's own state, never theirs.
  #feedConfig(config) {
    this.#config = config;
    for (const panel of this.querySelectorAll('ridgepoint-calculator')) panel.setValues({ config }, { save: false });
  }

  /** Loads a published deployment's setup into its panel (and, unless told not to, its model into the picker). */
  async load(deployment, { scroll = true, save = true, withModel = true } = {}) {
    const values = deploymentValues(this.#rp, deployment, this.#models);
    // The model is the planner's own state: a preset through the picker, a row's own config as if
    // pasted; either feeds both panels.
    if (withModel && deployment.model) {
      this.#modelConfig.usePreset(deployment.model, { save });
    } else if (withModel) {
      this.#modelConfig.useConfig(values.config, {
        name: "The published setup's model",
        source: `the config.json of the row "${deployment.name}" in the table below`,
        save,
      });
    }
    delete values.config;
    const state = deployment.calculator === 'trainingStep' ? 'plannerTraining' : 'plannerServing';
    if (withModel) this.#suitPanel(state === 'plannerTraining' ? 'plannerServing' : 'plannerTraining', save);
    await this.#panel(state).setValues(values, { save });
    // Its top, where its result starts: 'nearest' would bring a panel taller than the screen
    // in from below its notes.
    if (scroll) this.#panel(state).scrollIntoView({ block: 'start' });
  }

  #onResult(state, { input, result }) {
    if (state === 'plannerTraining') this.#drawTraining(result, input);
    if (state === 'plannerServing') this.#drawPareto(result, input);
  }

  // The published row whose setup `input` is, if that row publishes its step's breakdown
  // (DeepSeek-V3's ISCA'25 Table 4): its bar is drawn beside ridgepoint's only for that setup, not
  // beside another model's step on other hardware.
  #publishedBreakdownOf(input) {
    const row = this.#published?.find((candidate) => candidate.publishedBreakdown.length);
    if (!row) return null;
    // The settings first: a config is compared only when every setting matches.
    this.#breakdownSettings ??= Object.entries(deploymentValues(this.#rp, row, this.#models)).sort(
      ([a], [b]) => (a === 'config') - (b === 'config'),
    );
    const same = (name, value) =>
      !(name in input) ||
      (typeof value === 'object' ? JSON.stringify(input[name]) === JSON.stringify(value) : input[name] === value);
    return this.#breakdownSettings.every(([name, value]) => same(name, value)) ? row : null;
  }

  #drawTraining(result, input) {
    const bars = [
      {
        label: 'ridgepoint',
        parts: [
          ['forward (F)', result.forwardTime],
          ['input backward (B)', result.backwardTime],
          ['weight backward (W)', result.weightBackwardTime],
          ['recompute', result.recomputeTime],
          ['exposed communication', result.exposedCommTime],
          ['bubble', result.bubbleTime],
          ['optimizer', result.optimizerTime],
        ],
      },
    ];
    const published = this.#publishedBreakdownOf(input);
    this.querySelector('[data-note="published-breakdown"]').hidden = !published;
    if (published) {
      bars.push({
        label: 'V3 published (phases)',
        phases: true,
        parts: published.publishedBreakdown.map((part) => [part.name, part.seconds]),
      });
    }
    drawStackedBars(this.querySelector('svg[data-chart="breakdown"]'), bars);
    drawStackedBars(
      this.querySelector('svg[data-chart="memory"]'),
      [
        {
          label: 'per GPU',
          parts: [
            ['weights', result.weightBytes],
            ['gradients', result.gradientBytes],
            ['optimizer states', result.optimizerBytes],
            ['activations', result.activationBytes],
          ],
        },
      ],
      { unit: 'B', limit: result.memoryCapacity },
    );
  }

  // A prefill node emits no output token: its curve is what the same GPUs would deliver decoding,
  // and its name says so.
  #drawPareto(result, input) {
    drawLineChart(this.querySelector('svg[data-chart="pareto"]'), {
      series: [
        {
          label: input.phase === 'prefill' ? 'output if decoding' : 'output',
          points: result.pareto.map((point) => [point.tokensPerSecondPerUser, point.tokensPerSecondPerGpu]),
        },
      ],
      // The axis labels name the unit; the ticks are plain numbers.
      xLabel: 'tokens/s per user',
      yLabel: 'tokens/s per GPU',
      empty: 'no batch fits in memory',
    });
  }

  #drawValidation(rows) {
    const holder = this.querySelector('[data-table="validation"]');
    holder.replaceChildren(
      table(
        "Published figure, ridgepoint's prediction (computed now) and the error (in bold beyond ±40 %)",
        ['deployment', 'output', 'published', 'ridgepoint', 'error', 'source'],
        rows.map((row) => [
          [row.name],
          [humanize(row.output)], // as the panels name their results: "tokens per second per node"
          [formatValue(row.published, row.unit, 5), 'number'],
          [formatValue(row.predicted, row.unit, 4), 'number'],
          [formatError(row.error), Math.abs(row.error) > 0.4 ? 'number off' : 'number'],
          [row.source],
        ]),
        'planner-validation',
      ),
    );
    holder.querySelectorAll('tbody tr').forEach((tr, index) => {
      const button = element('button', {
        text: 'load this setup',
        attributes: { type: 'button', 'data-load': rows[index].id },
      });
      button.addEventListener('click', () => this.load(rows[index]));
      tr.append(element('td', { className: 'actions' }, [button]));
    });
    holder
      .querySelector('thead tr')
      .append(element('th', { className: 'actions', text: 'setup', attributes: { scope: 'col' } }));
    // The summary, each assumption text once with the rows it is for, then where the efficiencies come from.
    this.querySelector('[data-note="validation"]').replaceChildren(
      element('p', { text: validationSummary(rows) }),
      element('p', { text: 'Assumptions per row:' }),
      element(
        'ul',
        {},
        assumptionGroups(rows).map(({ names, assumptions }) =>
          element('li', {}, [element('strong', { text: names.join('; ') }), `: ${assumptions}.`]),
        ),
      ),
      element('p', { text: efficiencySources }),
    );
  }
}

customElements.define('ridgepoint-planner', Planner);
