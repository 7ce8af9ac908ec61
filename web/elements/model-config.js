// <ridgepoint-model-config>: the model of a section, a preset, a pasted config.json or an opened
// file; the one config picker of the page (the model section's and the planner's). Every config is
// announced with a bubbling `ridgepoint-model-config` event, detail { config, name, source,
// accepted }; the core reads it (the model in one line, the keys it used, ignored and assumed are
// shown here). A rejected one shows the core's message beside the text and is announced too, so
// the panels mark their last result stale instead of showing it as the current model's.
// Attributes: `state`, the link's namespace inside the section's prefix (default `model`);
// `rows`, the text field's height (default 14).
import { element, uniqueId } from '../lib/dom.js';
import { formatValue } from '../lib/format.js';
import { onStateChange, prefixOf, readState, writeState } from '../lib/hash-state.js';
import { ridgepoint, RidgepointError } from '../lib/ridgepoint.js';
import { parseConfigText } from '../lib/config-text.js';
import { inTurn } from '../lib/schedule.js';

// The longest config.json kept in the page's link (characters, compact, without the keys the core
// ignores): configs are 1-5 kB, but a quantized checkpoint's can list every module (megabytes),
// which no link should carry.
const maxLinkedConfig = 32000;

// The model in one line: its size, what a token activates and what it keeps per token. A hybrid's
// recurrent layers keep a state per sequence beside the attention layers' cache.
function modelSummary(stats) {
  const state = stats.stateBytesPerSequence
    ? `, plus ${formatValue(stats.stateBytesPerSequence, 'B', 4)} of ${stats.recurrentMixer} state per sequence`
    : '';
  return (
    `${formatValue(stats.totalParams, '1', 4)} parameters, ${formatValue(stats.activeParams, '1', 4)} ` +
    `active per token; KV cache ${formatValue(stats.kvBytesPerToken, 'B', 4)} per token in BF16${state}.`
  );
}

class ModelConfig extends HTMLElement {
  #rp;
  #presets;
  #select;
  #text;
  #error;
  #about;

  get #namespace() {
    return `${prefixOf(this)}${this.getAttribute('state') || 'model'}`;
  }

  // Queued at once (before the panels of its section queue their first results): built, then the
  // core's config reader compiled, then the config read and announced, each in a task of its own,
  // so that the panels' first results already have the model.
  connectedCallback() {
    if (this.#select) return;
    this.#select = element('select');
    inTurn(
      () => this.#build(),
      () => this.#compileReader(),
      () => {
        onStateChange(this, () => this.#restore());
        this.#restore();
      },
    ).catch(() => {}); // a core that cannot start is reported by the section
  }

  async #build() {
    this.#rp = await ridgepoint;
    this.#presets = this.#rp.models();
    const uid = uniqueId('model-config');
    this.#select.id = `${uid}-preset`;
    this.#select.name = 'preset';
    for (const model of this.#presets)
      this.#select.append(element('option', { text: model.name, attributes: { value: model.id } }));
    // Shown, never picked: the model is the config.json below (pasted, opened, or a published setup's own).
    this.#select.append(
      element('option', { text: 'the config.json below', attributes: { value: 'pasted', hidden: '' } }),
    );
    this.#text = element('textarea', {
      attributes: {
        id: `${uid}-text`,
        name: 'config',
        rows: this.getAttribute('rows') || '14',
        spellcheck: 'false',
        'aria-describedby': `${uid}-help ${uid}-error`,
      },
    });
    const file = element('input', {
      attributes: { id: `${uid}-file`, name: 'file', type: 'file', accept: '.json,application/json' },
    });
    this.#error = element('output', {
      className: 'error',
      attributes: { id: `${uid}-error`, for: this.#text.id, role: 'alert' },
    });
    this.#about = element('div', { className: 'note', attributes: { 'aria-live': 'polite' } });
    this.replaceChildren(
      element('div', { className: 'field' }, [
        element('label', { text: 'model preset', attributes: { for: this.#select.id } }),
        this.#select,
      ]),
      element('div', { className: 'field' }, [
        element('label', { text: 'config.json', attributes: { for: this.#text.id } }),
        this.#text,
        element('small', {
          className: 'help',
          text: "A preset's Hugging Face config.json, or one pasted or opened: dense, MoE, MLA, hybrid (Mamba, linear attention) and multimodal (text_config, llm_config) configs of every family docs/model-import.md lists; other model_types are read by Llama's rules. Every panel of this section uses it; the keys ridgepoint does not use and the defaults it assumes are listed below.",
          attributes: { id: `${uid}-help` },
        }),
        this.#error,
      ]),
      element('div', { className: 'field' }, [
        element('label', { text: 'open a config.json file', attributes: { for: file.id } }),
        file,
      ]),
      this.#about,
    );

    this.#select.addEventListener('change', () => {
      if (this.#select.value !== 'pasted') this.usePreset(this.#select.value);
    });
    this.#text.addEventListener('input', () => this.#usePasted(this.#text.value));
    file.addEventListener('change', async () => {
      const [chosen] = file.files;
      if (!chosen) return;
      this.#text.value = await chosen.text();
      this.#usePasted(this.#text.value);
    });
  }

  // The core compiles each of its functions on its first call: reading an empty config, which it
  // refuses at once, compiles the config reader (the core's largest function) a task before the
  // first config is read.
  #compileReader() {
    try {
      this.#rp.modelStats({ config: {} });
    } catch (error) {
      if (!(error instanceof RidgepointError)) throw error;
    }
  }

  // The config named by the URL hash: a pasted one, else a preset (DeepSeek-V3 by default).
  #restore() {
    const stored = readState(this.#namespace);
    // `model`: the planner's links named its preset so before its model panel was this element.
    const named = stored.preset ?? stored.model;
    const preset = this.#presets.some((model) => model.id === named) ? named : 'deepseek-v3';
    if (stored.config !== undefined) {
      this.#text.value = stored.config;
      if (this.#usePasted(stored.config, { pretty: true, save: false })) return;
      // A link's config the core refuses is dropped, and said so beside the field.
      const refused = this.#error.textContent;
      this.usePreset(preset);
      this.#error.textContent = `The link's config was dropped: ${refused}`;
      return;
    }
    this.usePreset(preset, { save: false });
  }

  /** The preset shown (an `rp.models()` id), or null for a config pasted, opened or a row's own. */
  get preset() {
    return this.#select.value && this.#select.value !== 'pasted' ? this.#select.value : null;
  }

  /** Shows and announces a preset (an `rp.models()` id); `save: false` leaves the link as it is. */
  usePreset(id, { save = true } = {}) {
    const model = this.#presets.find((candidate) => candidate.id === id) ?? this.#presets[0];
    this.#select.value = model.id;
    this.#text.value = JSON.stringify(model.config, null, 2);
    if (save) writeState(this.#namespace, model.id === 'deepseek-v3' ? {} : { preset: model.id });
    this.#apply(model.config, model);
  }

  /**
   * Shows and announces a config.json object that is not a preset (a published setup's own), as
   * if pasted; returns whether the core accepts it.
   */
  useConfig(config, { name, source, save = true } = {}) {
    this.#text.value = JSON.stringify(config, null, 2);
    return this.#useParsed(config, { name, source, save });
  }

  // Returns whether the text was a config the core accepts.
  #usePasted(text, { pretty = false, save = true } = {}) {
    let config;
    try {
      config = parseConfigText(text);
    } catch (error) {
      this.#select.value = 'pasted';
      this.#reject(text, `config is not JSON: ${error.message}`);
      return false;
    }
    if (!this.#useParsed(config, { save })) return false;
    if (pretty) this.#text.value = JSON.stringify(config, null, 2);
    return true;
  }

  #useParsed(config, { name = 'Pasted config', source = 'your config.json', save = true }) {
    this.#select.value = 'pasted';
    const stats = this.#apply(config, { name, source, note: '' });
    if (!stats) return false;
    if (save) this.#saveConfig(config, stats.ignoredKeys);
    return true;
  }

  // The link keeps only the keys the core used, so it stays short; a config still too long for a
  // link is used but not kept, and the field says so.
  #saveConfig(config, ignoredKeys) {
    const ignored = new Set(ignoredKeys);
    const linked = JSON.stringify(Object.fromEntries(Object.entries(config).filter(([key]) => !ignored.has(key))));
    if (linked.length <= maxLinkedConfig) {
      writeState(this.#namespace, { config: linked });
      return;
    }
    writeState(this.#namespace, {});
    this.#error.textContent =
      `this config (${Math.round(linked.length / 1000)} kB) is used but not kept in the page's link (at ` +
      `most ${maxLinkedConfig / 1000} kB): a copied link opens on DeepSeek-V3`;
  }

  // The panels get the rejected config too: the core rejects it there as well, and each marks
  // its last result stale. This element's summary of the last good config is dimmed.
  #reject(config, message) {
    this.#error.textContent = message;
    this.#text.setAttribute('aria-invalid', 'true');
    this.#about.setAttribute('data-stale', 'true');
    this.dispatchEvent(
      new CustomEvent('ridgepoint-model-config', { bubbles: true, detail: { config, accepted: false } }),
    );
  }

  // Returns the core's reading of the config, or null when it rejects it.
  #apply(config, { name, source, note }) {
    let stats;
    try {
      stats = this.#rp.modelStats({ config });
    } catch (error) {
      if (!(error instanceof RidgepointError)) throw error;
      this.#reject(config, error.message);
      return null;
    }
    this.#error.textContent = '';
    this.#text.removeAttribute('aria-invalid');
    this.#about.removeAttribute('data-stale');
    const layersWhere = (test) => stats.layers.filter(test).reduce((sum, run) => sum + run.count, 0);
    const withoutFfn = layersWhere((run) => run.ffn === 'none');
    const layout = [
      stats.moeLayers ? `${stats.moeLayers} MoE` : '',
      stats.denseLayers || !stats.moeLayers ? `${stats.denseLayers} dense` : '',
      withoutFfn ? `${withoutFfn} mixer-only` : '',
    ]
      .filter(Boolean)
      .join(' and ')
      .replace(/ and (?=.* and )/, ', ')
      .concat(' layers');
    const windows = layersWhere((run) => run.window > 0);
    const linear = layersWhere((run) => run.attention === 'linear');
    // A recurrent mixer with no linear layer runs beside the attention of every layer (Falcon-H1).
    const recurrent = linear
      ? `${linear} ${stats.recurrentMixer}`
      : stats.recurrentMixer
        ? `${stats.recurrentMixer} beside attention in each`
        : '';
    // DeepSeek-V4: layers keeping one KV entry per `compressRatio` tokens beside their window.
    const ratios = [...new Set(stats.layers.map((run) => run.compressRatio).filter((ratio) => ratio > 0))];
    const compressed = ratios
      .sort((a, b) => a - b)
      .map((ratio) => `${layersWhere((run) => run.compressRatio === ratio)} compressed ${ratio}:1`)
      .join(' and ');
    const kinds = [windows ? `${windows} with a sliding window` : '', compressed, recurrent]
      .filter(Boolean)
      .map((kind) => `, ${kind}`)
      .join('');
    this.#about.replaceChildren(
      element('p', {
        text: `${name}: ${stats.attention.toUpperCase()} attention, ${layout}${kinds}${stats.family ? ` (${stats.family} rules)` : ''}.`,
      }),
      element('p', { className: 'summary', attributes: { 'data-summary': '' }, text: modelSummary(stats) }),
      element('p', { className: 'source', text: `Source: ${source}.${note ? ` Note: ${note}.` : ''}` }),
      element('p', {
        className: 'help',
        attributes: { 'data-list': 'ignored' },
        text: stats.ignoredKeys.length ? `Ignored keys: ${stats.ignoredKeys.join(', ')}.` : 'Every key is used.',
      }),
      element(
        'ul',
        { className: 'config-assumed', attributes: { 'aria-label': 'defaults assumed' } },
        stats.assumed.map((item) =>
          element('li', { className: 'config-note', text: `Assumed (${item.key}): ${item.rule}.` }),
        ),
      ),
      ...stats.notes.map((item) =>
        element('p', { className: 'config-note', text: `Note (${item.field}): ${item.text}.` }),
      ),
    );
    this.dispatchEvent(
      new CustomEvent('ridgepoint-model-config', { bubbles: true, detail: { config, name, source, accepted: true } }),
    );
    return stats;
  }
}
customElements.define('ridgepoint-model-config', ModelConfig);
