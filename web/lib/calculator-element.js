// <ridgepoint-calculator calculator="gemm">: a form and its results, built from the calculator's
// declaration in the core (names, units, defaults, ranges, help, output formulas). Bad input is
// shown beside its field and the last good result stays. After every good evaluation it dispatches
// a bubbling `ridgepoint-result` CustomEvent with { calculator, input, result }; inputs the core
// rejects, a bubbling `ridgepoint-invalid` with { calculator, errors }.
//
// Attributes: calculator (id, required); fields, outputs (comma lists: which inputs and outputs to
// show; default all scalar ones); defaults ("n=4096,latency=2u": this panel's starting values
// where they differ from the declaration's); labels ("oneFOneB=1F1B": names to show instead of
// the humanized field names); state (URL-hash namespace, default the id, numbered from the second
// instance on; "none" keeps no state); heading (a title for the panel); machine (a preset id
// whose BF16 roof is the panel's peakFlops and memoryBandwidth, shown or not); digits
// (significant digits of the results shown, 1 to 15, default 6: fewer for estimates; the exact
// value stays in each result's title). Outside a section, the inputs it neither shows nor is given are
// listed under the form with the values they assume.
import { element, loadFailure, setText, uniqueId } from './dom.js';
import { digitsAttribute, exactValue, formatValue, parseInput, parseList } from './format.js';
import { isRestoring, onStateChange, prefixOf, readState, writeState } from './hash-state.js';
import { ridgepoint, RidgepointError } from './ridgepoint.js';
import { inTurn, isPrinting } from './schedule.js';
import { sectionSelector } from './sections.js';

// The elements inside which a calculator's hidden inputs are the page's business, not its own.
const sections = `${sectionSelector}, ridgepoint-machine-picker`;

// A missing attribute means all; an empty one means none.
const list = (text) =>
  text === null
    ? null
    : text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);

// Words that keep their capitals in labels.
const acronyms = new Map(
  Object.entries({
    kv: 'KV',
    gpu: 'GPU',
    gpus: 'GPUs',
    pcie: 'PCIe',
    mfu: 'MFU',
    mtp: 'MTP',
    nic: 'NIC',
    nics: 'NICs',
    tpot: 'TPOT',
    ttft: 'TTFT',
    hbm: 'HBM',
    sm: 'SM',
    sms: 'SMs',
    flops: 'FLOPs',
    ep: 'EP',
    ib: 'IB',
    mla: 'MLA',
    moe: 'MoE',
    hf: 'HF',
    fp8: 'FP8',
    fp4: 'FP4',
    bf16: 'BF16',
    rope: 'RoPE',
    lm: 'LM',
    ffn: 'FFN',
  }),
);

/** "attainableFlops" → "attainable FLOPs", "kv_lora_rank" → "KV lora rank": names as words. */
export function humanize(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .split(' ')
    .map((word) => acronyms.get(word.toLowerCase()) ?? (word.length === 1 ? word : word.toLowerCase()))
    .join(' ');
}

/** Shows a number in an input the way a person would type it: 60T, 3.35T, 10u, 4096. */
export function toInputText(value) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) return String(value);
  const magnitude = Math.abs(value);
  const steps =
    magnitude >= 1e4
      ? [
          [1e18, 'E'],
          [1e15, 'P'],
          [1e12, 'T'],
          [1e9, 'G'],
          [1e6, 'M'],
        ]
      : magnitude < 1e-2
        ? [
            [1e-3, 'm'],
            [1e-6, 'u'],
            [1e-9, 'n'],
            [1e-12, 'p'],
          ]
        : [];
  for (const [scale, prefix] of steps) {
    const scaled = value / scale;
    if (Math.abs(scaled) >= 1 && Number(scaled.toPrecision(12)) === Number(scaled.toPrecision(6))) {
      return `${Number(scaled.toPrecision(6))}${prefix}`;
    }
  }
  return String(value);
}

const mathFunctions = new Set(['max', 'min', 'ceil', 'floor', 'log', 'log2', 'sqrt', 'exp']);

// A formula can show its numbers when every word in it is a known value or a function.
function isArithmetic(formula, values) {
  return (formula.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).every((name) => name in values || mathFunctions.has(name));
}

// How long after a key a slow panel evaluates, if no other key came: longer than the gap between
// the keys of a typed number, short enough to read as a response.
const typingPause = 150; // ms

export class CalculatorElement extends HTMLElement {
  #rp;
  #spec;
  #ready;
  #shownFields = new Set();
  #texts = {}; // what the person typed in each shown field
  #pageValues = {}; // values the page sets for fields it does not show (a machine's roofs)
  #inputs = new Map();
  #errors = new Map();
  #outputs = new Map();
  #formError;
  #assumes;
  #results;
  #notes = null; // the result's notes ({ field, text }), where the outputs attribute asks for them
  #notesShown = '';
  #result = null;
  #input = null;
  #resultOfDefaults = false; // the result shown is the defaults' (the first inputs were refused)
  #choiceNames = {};
  #built = false;
  #body = null; // the form and results, built and not yet in the page
  #machine; // the machine attribute's preset (null: none), once looked up
  #early = []; // setValues calls made before the form was built
  #first = null; // the first evaluation's outcome, computed in the task before the form is built
  #slow = false; // the last evaluation was a long task, over 50 ms (a large tensor, many trials)
  #deferredEdit = 0; // the timer of a slow panel's evaluation, waiting for typing to pause

  connectedCallback() {
    // A core that cannot load is shown as a message; `ready` still rejects for whoever awaits it.
    this.#ready ??= this.#build();
    this.#ready.catch(() => {});
  }

  /** Resolves once the form is built and the first result computed. */
  get ready() {
    this.#ready ??= this.#build();
    return this.#ready;
  }

  /** The last good result (null before the first). */
  get result() {
    return this.#result;
  }

  /** Names to show for choice values ({ qm9700: 'NVIDIA Quantum-2 QM9700' }); the values stay. */
  set choiceNames(names) {
    this.#choiceNames = names;
    for (const option of this.querySelectorAll('select option'))
      option.textContent = names[option.value] ?? option.value;
  }

  /** The input of the last good result. */
  get input() {
    return this.#input;
  }

  // The URL-hash namespace: the state attribute inside its section's prefix, or the calculator id
  // numbered by document order among panels of the same calculator without one.
  get #namespace() {
    const state = this.getAttribute('state');
    if (state === 'none') return 'none';
    if (state) return `${prefixOf(this)}${state}`;
    const id = this.getAttribute('calculator');
    const index = [...document.querySelectorAll(`ridgepoint-calculator[calculator="${id}"]:not([state])`)].indexOf(
      this,
    );
    return `${prefixOf(this)}${id}${index > 0 ? index + 1 : ''}`;
  }

  /**
   * Marks the result shown as not reflecting a value another panel feeds this one, which that
   * panel now refuses (a machine's numbers): it stays, as a last good result does, until the next
   * setValues computes again.
   */
  markStale() {
    if (!this.#result) return;
    this.#results.setAttribute('data-stale', 'upstream');
    this.#notes?.setAttribute('data-stale', 'true');
  }

  /**
   * Sets inputs from the page (numbers or choice labels) and recomputes. With `{ save: false }`
   * shown fields change without entering the URL (values derived from another choice in it).
   */
  async setValues(values, { save = true } = {}) {
    if (!this.#built) {
      // Before the first result: taken into it, rather than computing it twice.
      this.#early.push({ values, save });
      return this.ready;
    }
    this.#apply(values, save);
    this.#evaluate();
  }

  #apply(values, save) {
    for (const [name, value] of Object.entries(values)) {
      if (this.#shownFields.has(name)) {
        this.#texts[name] = typeof value === 'number' ? toInputText(value) : String(value);
        const control = this.#inputs.get(name);
        if (control) control.value = this.#texts[name];
      } else {
        this.#pageValues[name] = value;
      }
    }
    if (this.#built) this.#showAssumptions();
    if (save) this.#saveState();
  }

  async #build() {
    try {
      this.#rp = await ridgepoint;
    } catch (error) {
      // Inside a section the section shows the one message.
      if (!this.closest(sections)) this.replaceChildren(loadFailure(error));
      throw error;
    }
    // The core compiles a calculator's code the first time it runs it: the first result is
    // computed in one task, the form built (detached) in the next, and put in the page with its
    // result in a third, so no task does all three and no frame shows a form without its result.
    await inTurn(
      () => this.#computeFirst(),
      () => this.#buildForm(),
      () => this.#showForm(),
    );
  }

  // The inputs (from the address, the attributes, the page's early setValues) and their result.
  #computeFirst() {
    this.#spec = this.#rp.spec(this.getAttribute('calculator'));
    const shown = list(this.getAttribute('fields')) ?? this.#spec.inputs.map((field) => field.name);
    this.#shownFields = new Set(shown);
    const machine = this.#machinePreset();
    if (machine) {
      for (const [name, value] of [
        ['peakFlops', machine.peakFlops.bf16],
        ['memoryBandwidth', machine.memoryBandwidth],
      ]) {
        if (!this.#shownFields.has(name) && this.#spec.inputs.some((field) => field.name === name))
          this.#pageValues[name] = value;
      }
    }
    this.#loadTexts();
    onStateChange(this, () => {
      this.#loadTexts();
      if (!this.#built) {
        this.#first = null; // computed again when the form is built
        return;
      }
      this.#showTexts();
      this.#evaluate();
    });
    for (const { values, save } of this.#early.splice(0)) this.#apply(values, save);
    this.#first = this.#compute();
  }

  #buildForm() {
    const uid = uniqueId(`rp-${this.getAttribute('calculator')}`);

    const form = element('form', { className: 'calculator-form', attributes: { novalidate: '' } });
    form.addEventListener('submit', (event) => event.preventDefault());
    for (const field of this.#spec.inputs.filter((candidate) => this.#shownFields.has(candidate.name))) {
      form.append(this.#buildField(field, `${uid}-${field.name}`));
    }
    this.#formError = element('p', { className: 'form-error', attributes: { role: 'alert' } });
    form.append(this.#formError);
    this.#assumes = element('p', { className: 'help assumes' });
    this.#assumes.hidden = true;

    this.#results = element('dl', {
      className: 'results',
      attributes: { 'aria-live': 'polite', id: `${uid}-results` },
    });
    const outputNames = list(this.getAttribute('outputs'));
    for (const output of this.#spec.outputs) {
      if (outputNames && !outputNames.includes(output.name)) continue;
      if (output.name === 'notes') {
        this.#notes = element('div', { className: 'notes', attributes: { 'aria-live': 'polite' } });
        continue;
      }
      this.#results.append(this.#buildOutput(output, uid));
    }
    // One switch per panel shows every formula: no tab stop per output.
    const toggle = element('button', {
      className: 'formula-toggle',
      text: 'Show formulas',
      attributes: { type: 'button', 'aria-expanded': 'false', 'aria-controls': this.#results.id },
    });
    toggle.addEventListener('click', () => {
      const show = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(show));
      toggle.textContent = show ? 'Hide formulas' : 'Show formulas';
      this.#results.toggleAttribute('data-formulas', show);
      if (show && this.#result) this.#showResult(this.#input, this.#result);
    });
    const withFormulas = [...this.#outputs.values()].some((entry) => entry.substituted);
    const heading = this.getAttribute('heading');
    const body = [
      form,
      this.#assumes,
      this.#results,
      ...(this.#notes ? [this.#notes] : []),
      ...(withFormulas ? [element('div', { className: 'buttons' }, [toggle])] : []),
    ];
    // A titled panel folds away under its title.
    this.#body = heading
      ? element('details', { className: 'panel-body', attributes: { open: '' } }, [
          element('summary', {}, [element('h3', { text: heading })]),
          ...body,
        ])
      : element('div', {}, body);
    this.#showTexts();
    form.addEventListener('input', (event) => {
      const name = event.target.name;
      if (!name) return;
      this.#texts[name] = event.target.value;
      this.#saveState();
      this.#evaluateEdit();
    });
  }

  // The built form in the page, with its first result.
  #showForm() {
    this.replaceChildren(this.#body);
    this.#body = null;
    this.#built = true;
    // Values set or navigated to after the first result was computed make a new one.
    const first = this.#early.length ? null : this.#first;
    this.#first = null;
    for (const { values, save } of this.#early.splice(0)) this.#apply(values, save);
    this.#showAssumptions();
    this.#show(first ?? this.#compute());
  }

  #buildField(field, id) {
    const label = element('label', { attributes: { for: id } }, [this.#label(field.name)]);
    if (field.unit && field.unit !== '1') label.append(' ', element('span', { className: 'unit', text: field.unit }));
    let control;
    const choices = field.kind === 'boolean' ? ['true', 'false'] : field.choices;
    if (choices) {
      control = element('select', { attributes: { id, name: field.name } });
      for (const choice of choices)
        control.append(element('option', { text: this.#choiceNames[choice] ?? choice, attributes: { value: choice } }));
    } else {
      control = element('input', {
        attributes: {
          id,
          name: field.name,
          type: 'text',
          inputmode: 'decimal',
          autocomplete: 'off',
          spellcheck: 'false',
        },
      });
    }
    control.setAttribute('aria-describedby', `${id}-help ${id}-error`);
    const help = element('small', { className: 'help', text: field.help, attributes: { id: `${id}-help` } });
    const error = element('output', { className: 'error', attributes: { id: `${id}-error`, for: id } });
    this.#inputs.set(field.name, control);
    this.#errors.set(field.name, error);
    return element('div', { className: 'field', attributes: { 'data-field': field.name } }, [
      label,
      control,
      help,
      error,
    ]);
  }

  #buildOutput(output, uid) {
    // The exact value: on hover (title) and read after the shown one (aria-describedby).
    const exact = element('span', { className: 'visually-hidden', attributes: { id: `${uid}-${output.name}-exact` } });
    const value = element('output', { className: 'value', attributes: { 'aria-describedby': exact.id } });
    const row = element('div', { className: 'result', attributes: { 'data-output': output.name } }, [
      element('dt', { text: this.#label(output.name) }),
      element('dd', {}, [value, exact]),
    ]);
    let substituted = null;
    if (output.formula) {
      substituted = element('code', { className: 'substituted' });
      row.append(
        element('dd', { className: 'formula' }, [
          element('code', { text: `${output.name} = ${output.formula}` }),
          substituted,
        ]),
      );
    }
    this.#outputs.set(output.name, { output, row, value, exact, substituted });
    return row;
  }

  // The preset named by the machine attribute: its BF16 roof is this panel's starting machine.
  // The `machine` attribute's preset, looked up once (rp.machines() hands out a fresh copy).
  #machinePreset() {
    if (this.#machine === undefined)
      this.#machine = this.#rp.machines().find((candidate) => candidate.id === this.getAttribute('machine')) ?? null;
    return this.#machine;
  }

  // The hidden inputs nobody sets, with the values they take: what a lone panel assumes.
  #showAssumptions() {
    if (this.closest(sections)) return;
    const hidden = this.#spec.inputs.filter(
      (field) => !this.#shownFields.has(field.name) && !(field.name in this.#pageValues) && !field.name.includes('_'),
    );
    const machine =
      this.#rp
        .machines()
        .find(
          (candidate) =>
            candidate.peakFlops.bf16 === this.#pageValues.peakFlops &&
            candidate.memoryBandwidth === this.#pageValues.memoryBandwidth,
        ) ??
      this.#rp
        .machines()
        .find(
          (candidate) =>
            hidden.some((field) => field.name === 'peakFlops' && field.default === candidate.peakFlops.bf16) &&
            hidden.some((field) => field.name === 'memoryBandwidth' && field.default === candidate.memoryBandwidth),
        );
    const configFields = this.#spec.inputs.filter(
      (field) => field.name.includes('_') && !this.#shownFields.has(field.name),
    );
    const parts = hidden.map(
      (field) => `${this.#label(field.name)} ${field.choices ? field.default : formatValue(field.default, field.unit)}`,
    );
    const sentences = [];
    if (machine) sentences.push(`Machine: ${machine.name}.`);
    if (configFields.length) {
      const declared = (key) => configFields.find((field) => field.name === key)?.default;
      const model = this.#rp
        .models()
        .find((candidate) =>
          Object.entries(candidate.config).every(
            ([key, value]) => value === null || declared(key) === undefined || String(declared(key)) === String(value),
          ),
        );
      sentences.push(`Model: ${model ? model.name : 'the declared default config'}.`);
    }
    if (parts.length) sentences.push(`Other inputs as declared: ${parts.join(', ')}.`);
    this.#assumes.textContent = sentences.join(' ');
    this.#assumes.hidden = sentences.length === 0;
  }

  // A value from a "name=value,…" attribute (defaults, labels), or undefined.
  #attributeEntry(attribute, name) {
    const entry = (this.getAttribute(attribute) ?? '')
      .split(',')
      .map((pair) => pair.split('='))
      .find(([key]) => key.trim() === name);
    return entry?.[1]?.trim();
  }

  #label(name) {
    return this.#attributeEntry('labels', name) ?? humanize(name);
  }

  #defaultText(field) {
    const override = this.#attributeEntry('defaults', field.name);
    if (override !== undefined) return override;
    if (field.kind === 'boolean') return String(field.default);
    const machine = this.#machinePreset();
    if (machine && field.name === 'peakFlops') return toInputText(machine.peakFlops.bf16);
    if (machine && field.name === 'memoryBandwidth') return toInputText(machine.memoryBandwidth);
    return field.choices ? field.default : toInputText(field.default);
  }

  // What each shown field holds: the address's value, else the panel's default.
  #loadTexts() {
    const stored = this.#namespace === 'none' ? {} : readState(this.#namespace);
    for (const field of this.#spec.inputs) {
      if (this.#shownFields.has(field.name)) this.#texts[field.name] = stored[field.name] ?? this.#defaultText(field);
    }
  }

  #showTexts() {
    for (const [name, control] of this.#inputs) control.value = this.#texts[name];
  }

  #saveState() {
    if (this.#namespace === 'none' || isRestoring()) return;
    const changed = {};
    for (const field of this.#spec.inputs) {
      const text = this.#texts[field.name];
      if (this.#shownFields.has(field.name) && text !== this.#defaultText(field)) changed[field.name] = text;
    }
    writeState(this.#namespace, changed);
  }

  #currentInput(texts = this.#texts) {
    const input = {};
    for (const field of this.#spec.inputs) {
      if (this.#shownFields.has(field.name)) {
        const text = texts[field.name];
        if (field.kind === 'boolean') input[field.name] = text === 'true';
        else if (field.kind === 'list') input[field.name] = parseList(text);
        else input[field.name] = field.choices ? text : parseInput(text, field.unit);
      } else if (field.name in this.#pageValues) {
        input[field.name] = this.#pageValues[field.name];
      }
    }
    return input;
  }

  #evaluate() {
    this.#show(this.#compute());
  }

  // An edit to a panel whose last evaluation was a long task paints at once that it is computing
  // (aria-busy) and evaluates once typing pauses: the keys pressed meanwhile (their key-ups too)
  // are handled and painted within a frame, and make one evaluation, not one each.
  #evaluateEdit() {
    clearTimeout(this.#deferredEdit);
    if (!this.#slow || isPrinting()) {
      this.#results.removeAttribute('aria-busy');
      this.#evaluate();
      return;
    }
    this.#results.setAttribute('aria-busy', 'true');
    this.#deferredEdit = setTimeout(() => {
      this.#results.removeAttribute('aria-busy');
      this.#evaluate();
    }, typingPause);
  }

  // The current inputs (or the panel's defaults) and their result, or the errors the core found.
  #compute(texts = this.#texts) {
    const input = this.#currentInput(texts);
    const started = performance.now();
    try {
      return { input, result: this.#rp[this.#spec.id](input) };
    } catch (error) {
      if (!(error instanceof RidgepointError)) throw error;
      return { input, errors: error.errors };
    } finally {
      this.#slow = performance.now() - started > 50;
    }
  }

  #show({ input, result, errors }) {
    for (const error of this.#errors.values()) error.textContent = '';
    for (const control of this.#inputs.values()) control.removeAttribute('aria-invalid');
    this.#formError.textContent = '';
    if (errors) {
      this.#showErrors(errors);
      return;
    }
    this.#results.removeAttribute('data-stale');
    this.#results.removeAttribute('data-unset');
    this.#notes?.removeAttribute('data-stale');
    this.#resultOfDefaults = false;
    this.#acceptResult(input, result);
  }

  // The defaults' result, shown and announced as any result is (charts, a headline draw it), for
  // a panel whose first inputs the core refused.
  #showDefaultsResult() {
    const texts = {};
    for (const field of this.#spec.inputs) {
      if (this.#shownFields.has(field.name)) texts[field.name] = this.#defaultText(field);
    }
    const { input, result } = this.#compute(texts);
    if (!result) return;
    this.#resultOfDefaults = true;
    this.#acceptResult(input, result);
  }

  #acceptResult(input, result) {
    this.#result = result;
    this.#input = input;
    this.#showResult(input, result);
    this.dispatchEvent(
      new CustomEvent('ridgepoint-result', {
        bubbles: true,
        composed: true,
        // `defaults`: the result of the panel's defaults, not of its inputs (which the core refused).
        detail: { calculator: this.#spec.id, input, result, defaults: this.#resultOfDefaults },
      }),
    );
  }

  #showErrors(errors) {
    const elsewhere = [];
    for (const { field, message } of errors) {
      const beside = this.#errors.get(field);
      if (beside) {
        beside.textContent = message;
        this.#inputs.get(field).setAttribute('aria-invalid', 'true');
      } else {
        elsewhere.push(message);
      }
    }
    this.#formError.textContent = elsewhere.join('; ');
    // The last good result stays, marked as not reflecting the current inputs. Before any (a link
    // that holds a bad value) the panel shows its defaults' result, marked as such, rather than a
    // blank panel; only where the defaults fail too (a page value the core refuses) does it stay
    // empty, saying why.
    if (!this.#result) this.#showDefaultsResult();
    if (this.#result) {
      this.#results.setAttribute('data-stale', this.#resultOfDefaults ? 'defaults' : 'true');
      this.#notes?.setAttribute('data-stale', 'true');
    } else {
      this.#results.setAttribute('data-unset', 'true');
    }
    this.dispatchEvent(
      new CustomEvent('ridgepoint-invalid', {
        bubbles: true,
        composed: true,
        detail: { calculator: this.#spec.id, errors },
      }),
    );
  }

  get #digits() {
    return digitsAttribute(this.getAttribute('digits')) ?? 6;
  }

  #showResult(input, result) {
    if (this.#notes) {
      // Why a plan does not fit, what a setting costs: rewritten only when they change.
      const texts = (result.notes ?? []).map((note) => `Note (${note.field}): ${note.text}.`);
      if (texts.join('\n') !== this.#notesShown) {
        this.#notesShown = texts.join('\n');
        this.#notes.replaceChildren(...texts.map((text) => element('p', { className: 'help', text })));
      }
    }
    const units = new Map([...this.#spec.inputs, ...this.#spec.outputs].map((field) => [field.name, field.unit]));
    const values = { ...input, ...result };
    const formulasShown = this.#results.hasAttribute('data-formulas');
    for (const { output, row, value, exact, substituted } of this.#outputs.values()) {
      const raw = result[output.name];
      // Tables and lists are for the page's own elements to draw; this shows scalars.
      row.hidden = raw !== null && typeof raw === 'object';
      // Only what changed is rewritten, so an edit re-lays out only the values it changed.
      setText(value, formatValue(raw, output.unit, this.#digits));
      const exactText = typeof raw === 'number' ? exactValue(raw, output.unit) : '';
      if (value.title !== exactText) value.title = exactText;
      setText(exact, exactText ? `exact: ${exactText}` : '');
      // Formulas with the numbers in are written only while formulas are shown.
      if (!formulasShown) continue;
      if (substituted) substituted.hidden = !isArithmetic(output.formula, values);
      if (substituted && !substituted.hidden) {
        const withNumbers = output.formula.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (name) => {
          const known = values[name];
          if (typeof known === 'number') return formatValue(known, units.get(name) ?? '1');
          return name;
        });
        substituted.textContent = `= ${withNumbers} = ${formatValue(raw, output.unit, this.#digits)}`;
      }
    }
  }
}

customElements.define('ridgepoint-calculator', CalculatorElement);
