// The precision section: the number formats (FP8, FP4 with block scales, BF16, …) with a chart of
// relative spacing, one number rounded bit-exactly, a tensor quantized at a chosen scaling
// granularity, FP8 GEMM accumulation error against K with and without FP32 promotion, and
// LogFMT. Each panel is a <ridgepoint-calculator>; this file draws the table and the charts.
import '../lib/calculator-element.js';

import { drawSoon, loadFailure } from '../lib/dom.js';
import { table } from '../lib/export.js';
import { formatValue, namesById } from '../lib/format.js';
import { drawLineChart } from '../lib/line-chart.js';
import { offerWireBytes } from '../lib/wire-bytes.js';
import { ridgepoint } from '../lib/ridgepoint.js';
import { mountSection } from '../lib/section.js';

const template = `
<section class="panel wide">
  <h3>Formats</h3>
  <div data-table="number-formats"></div>
</section>
<div class="panels">
  <section class="panel">
    <ridgepoint-calculator calculator="formatSpacing" state="fmtSpacing" heading="What a format can represent"
      outputs="max,minNormal,minSubnormal,epsilon,dynamicRangeBinades,positiveValues"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <h3>Relative spacing across the range</h3>
    <p class="help">The gap to the next representable value, divided by the value: flat at 2^−mantissa bits over the
      normal range, rising through the subnormals.</p>
    <svg data-chart="spacing"></svg>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="roundValue" state="roundValue"
      heading="Round one number (ties to even, saturating)"></ridgepoint-calculator>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="quantize" state="quantize"
      heading="Quantize a tensor (V3 §3.3.2 fine-grained scaling)"
      labels="rmsError=RMS error,snrDb=SNR"></ridgepoint-calculator>
    <p class="help">Distribution 'histogram' samples your own histogram (for example of measured activations): bin
      edges and one count per bin, a bin chosen in proportion to its count and a value uniform within it. No example
      histogram is offered, because no published measured activation histogram with its bin counts could be cited.</p>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="accumulationError" state="accumulation"
      heading="FP8 GEMM accumulation (V3 §3.3.2, ISCA'25 §3.1.1)"
      outputs="maxRelativeError,meanRelativeError,wgmmasPerPromotion,promotions,
        promotionFlopRatio"></ridgepoint-calculator>
    <p class="note" data-note="accumulation" aria-live="polite"></p>
  </section>
  <section class="panel">
    <h3>Accumulation error against K</h3>
    <p class="help">Max relative error over the trials against an FP64 reference, for the operands above.</p>
    <svg data-chart="accumulation"></svg>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="logFmt" state="logFmt" heading="LogFMT-nBit (ISCA'25 §3.2)"
      labels="rmsError=RMS error,e4m3RmsError=E4M3 RMS error,e4m3MaxRelativeError=E4M3 max relative error,
        e5m2RmsError=E5M2 RMS error,e5m2MaxRelativeError=E5M2 max relative error,
        savingVsBf16=saving vs BF16"></ridgepoint-calculator>
    <p class="note" data-note="logFmt" aria-live="polite"></p>
  </section>
  <section class="panel">
    <ridgepoint-calculator calculator="communicationBytes" state="commBytes" heading="Bytes on the wire by format"
      labels="savingVsBf16=saving vs BF16,bf16Bytes=BF16 bytes (both ways)"></ridgepoint-calculator>
    <p class="help" data-use="commBytes" hidden>
      <a href="#interconnect-section">Use these dispatch and combine bytes in the interconnect section</a>: its EP
      speed limit and all-to-all panels take them as bytes per element.</p>
  </section>
</div>`;

// <ridgepoint-precision>: the whole precision section.
class PrecisionSection extends HTMLElement {
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
    mountSection(this, 'precision', template);
    try {
      this.#rp = await ridgepoint;
    } catch (error) {
      this.replaceChildren(loadFailure(error));
      return;
    }
    // The format lists name their formats (the values, in the address and the API, stay ids).
    const formatNames = namesById(this.#rp.formats());
    for (const panel of this.querySelectorAll('ridgepoint-calculator')) panel.choiceNames = formatNames;
    this.#drawFormats();
    for (const panel of this.querySelectorAll('ridgepoint-calculator')) {
      if (panel.result) this.#onResult(panel.getAttribute('state'), { input: panel.input, result: panel.result });
    }
    this.#offerBytesToInterconnect();
  }

  // Shown where the page holds an interconnect section: the link scrolls there (building it if
  // needed) and the offer sets its EP panels' bytes per element.
  #offerBytesToInterconnect() {
    const use = this.querySelector('[data-use="commBytes"]');
    const target = document.querySelector('#interconnect-section, ridgepoint-interconnect');
    if (!target) return;
    use.hidden = false;
    use.querySelector('a').addEventListener('click', (event) => {
      const result = this.#panel('commBytes').result;
      if (!result) return;
      offerWireBytes({ dispatchBytes: result.dispatchBytesPerElement, combineBytes: result.combineBytesPerElement });
      if (target.id !== 'interconnect-section') {
        event.preventDefault();
        target.scrollIntoView();
      }
    });
  }

  #panel(state) {
    return this.querySelector(`ridgepoint-calculator[state="${state}"]`);
  }

  #drawFormats() {
    const number = (value) => [value === 0 ? '—' : formatValue(value, '1', 6), 'number', value];
    const rows = this.#rp
      .formats()
      .map((format) => [
        [format.id],
        [format.name],
        [
          format.storageBits === format.bits
            ? formatValue(format.bits)
            : `${formatValue(format.bits)} (stored in ${formatValue(format.storageBits)})`,
          'number',
        ],
        number(format.max),
        number(format.minNormal),
        number(format.minSubnormal),
        number(format.epsilon),
        [formatValue(format.dynamicRangeBinades, '1', 4), 'number'],
        [format.blockSize > 1 ? `${format.blockSize} × ${format.scaleFormat}` : '—'],
        [format.source, 'source'],
      ]);
    this.querySelector('[data-table="number-formats"]').replaceChildren(
      table(
        'Each format as its specification defines it: bits it computes with (and stores in, where they differ), largest finite value, smallest normal and subnormal, ε = 2^−mantissa bits, range in binades.',
        ['id', 'format', 'bits', 'max', 'min normal', 'min subnormal', 'ε', 'binades', 'block scale', 'source'],
        rows,
        'number-formats',
      ),
    );
  }

  #onResult(state, { result }) {
    if (state === 'fmtSpacing') this.#drawSpacing();
    if (state === 'accumulation') {
      const input = this.#panel('accumulation').input;
      const percent = (value) => `${formatValue(100 * value, '1', 3)} %`;
      const normal = input.distribution === 'normal';
      this.querySelector('[data-note="accumulation"]').textContent =
        `At K = ${formatValue(input.k)} the ${input.accumulator} accumulator's worst relative error ` +
        `over the ${formatValue(input.trials)} output elements is ${percent(result.maxRelativeError)}` +
        (normal
          ? ` (normwise ${percent(result.normwiseRelativeError)}: ` +
            'N(0, 1) sums cancel, so per-element errors can be any size)'
          : '') +
        '. Model: each 32-product WGMMA aligns its products and the register to the largest exponent ' +
        'and keeps 13 fraction bits, truncated toward zero ' +
        "(ISCA'25 §3.1.1; Khattak & Mikaitis's hardware-checked H100 model). " +
        `The V3 report's "nearly 2%" at K = 4096 is for "two random matrices" ` +
        'whose distribution and error measure it does not give: switch the operands above to compare the readings.';
      this.#drawAccumulation();
    }
    if (state === 'logFmt') {
      this.querySelector('[data-note="logFmt"]').textContent =
        `RMS error: LogFMT ${formatValue(result.rmsError, '1', 3)}, E4M3 ${formatValue(result.e4m3RmsError, '1', 3)}, ` +
        `E5M2 ${formatValue(result.e5m2RmsError, '1', 3)}. Dispatch bytes per element ${formatValue(result.bytesPerElement, '1', 4)} ` +
        `(${formatValue(100 * result.savingVsBf16, '1', 3)} % less than BF16).`;
    }
  }

  #drawSpacing() {
    const panel = this.#panel('fmtSpacing');
    if (!panel?.input) return;
    const series = [
      { label: panel.input.format, points: panel.result.points.map((point) => [point.value, point.relativeSpacing]) },
    ];
    drawLineChart(this.querySelector('[data-chart="spacing"]'), {
      series,
      xLabel: 'value',
      yLabel: 'relative spacing',
      levels: [{ y: panel.result.epsilon, label: `ε = ${formatValue(panel.result.epsilon, '1', 4)}` }],
      markers: [{ x: panel.result.max, label: `max ${formatValue(panel.result.max, '1', 4)}` }],
    });
  }

  #drawAccumulation() {
    const panel = this.#panel('accumulation');
    if (!panel?.input) return;
    const { k, distribution, seed, trials } = panel.input;
    const promoteEvery = panel.input.promoteEvery || 128;
    const sweep = (accumulator, every) =>
      this.#rp
        .accumulationError({ k, accumulator, promoteEvery: every, distribution, seed, trials })
        .sweep.map((point) => [point.k, point.maxRelativeError]);
    // Three accumulators simulated over every K up to k (3-30 ms): swept when the chart is drawn,
    // after the edit's result has painted, once for a burst of keystrokes.
    const chart = this.querySelector('[data-chart="accumulation"]');
    drawSoon(this, () =>
      drawLineChart(chart, {
        series: [
          { label: 'hopper-fp8, never promoted', points: sweep('hopper-fp8', 0) },
          { label: `hopper-fp8, promoted every ${promoteEvery}`, points: sweep('hopper-fp8', promoteEvery) },
          { label: 'fp32', points: sweep('fp32', 0) },
        ],
        xLabel: 'K (dot-product length)',
        yLabel: 'max relative error',
        levels: [{ y: 0.02, label: 'V3 report: nearly 2 % at K = 4096' }],
        markers: [{ x: 4096, label: 'K = 4096' }],
      }),
    );
  }
}

customElements.define('ridgepoint-precision', PrecisionSection);
