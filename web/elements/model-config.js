// <ridgepoint-model-config>: a preset, a pasted config.json or an opened file. Every config is
// announced with a bubbling `ridgepoint-model-config` event, detail { config, name, source,
// accepted }; the core reads it (the keys it used, ignored and assumed are shown here). A rejected
// one shows the core's message beside the text and is announced too, so the panels mark their
// last result stale instead of showing it as the current model's.
import { element, uniqueId } from '../lib/dom.js';
import { onStateChange, prefixOf, readState, writeState } from '../lib/hash-state.js';
import { ridgepoint, RidgepointError } from '../lib/ridgepoint.js';
import { parseConfigText } from '../lib/config-text.js';

class ModelConfig extends HTMLElement {
  #rp;
  #presets;
  #select;
  #text;
  #error;
  #about;

  get #namespace() {
    return `${prefixOf(this)}model`;
  }

  async connectedCallback() {
    if (this.#rp) return;
    this.#rp = await ridgepoint;
    this.#presets = this.#rp.models();
    const uid = uniqueId('model-config');
    this.#select = element('select', { attributes: { id: `${uid}-preset`, name: 'preset' } });
    for (const model of this.#presets)
      this.#select.append(element('option', { text: model.name, attributes: { value: model.id } }));
    this.#select.append(element('option', { text: 'Pasted or opened config', attributes: { value: 'pasted' } }));
    this.#text = element('textarea', {
      attributes: {
        id: `${uid}-text`,
        name: 'config',
        rows: '14',
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
        element('label', { text: 'preset', attributes: { for: this.#select.id } }),
        this.#select,
      ]),
      element('div', { className: 'field' }, [
        element('label', { text: 'config.json', attributes: { for: this.#text.id } }),
        this.#text,
        element('small', {
          className: 'help',
          text: 'Paste a Hugging Face config.json (Llama, Mistral/Mixtral, Qwen2/3 and their MoE, Qwen3-Next and Qwen3.5, Gemma 1–4, Llama 4, DeepSeek-V2/V3/V3.2, Kimi-K2, gpt-oss, GLM-4/4.5, ERNIE 4.5, Hunyuan, Ling, Granite 3 and 4.0-H, Nemotron-H, Bamba, Falcon-H1, Jamba, LFM2, GPT-2, GPT-NeoX, Falcon; multimodal text_config or llm_config). Keys ridgepoint does not use and the defaults it assumes are listed below.',
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
      if (this.#select.value !== 'pasted') this.#usePreset(this.#select.value);
    });
    this.#text.addEventListener('input', () => this.#usePasted(this.#text.value));
    file.addEventListener('change', async () => {
      const [chosen] = file.files;
      if (!chosen) return;
      this.#text.value = await chosen.text();
      this.#usePasted(this.#text.value);
    });

    onStateChange(() => this.#restore());
    this.#restore();
  }

  // The config named by the URL hash: a pasted one, else a preset (DeepSeek-V3 by default).
  #restore() {
    const stored = readState(this.#namespace);
    const preset = this.#presets.some((model) => model.id === stored.preset) ? stored.preset : 'deepseek-v3';
    if (stored.config !== undefined) {
      this.#text.value = stored.config;
      if (this.#usePasted(stored.config, { pretty: true })) return;
      // A link's config the core refuses is dropped, and said so beside the field.
      const refused = this.#error.textContent;
      this.#usePreset(preset);
      this.#error.textContent = `The link's config was dropped: ${refused}`;
      return;
    }
    this.#usePreset(preset);
  }

  #usePreset(id) {
    const model = this.#presets.find((candidate) => candidate.id === id);
    this.#select.value = id;
    this.#text.value = JSON.stringify(model.config, null, 2);
    writeState(this.#namespace, id === 'deepseek-v3' ? {} : { preset: id });
    this.#apply(model.config, model);
  }

  // Returns whether the text was a config the core accepts.
  #usePasted(text, { pretty = false } = {}) {
    this.#select.value = 'pasted';
    let config;
    try {
      config = parseConfigText(text);
    } catch (error) {
      this.#reject(text, `config is not JSON: ${error.message}`);
      return false;
    }
    const stats = this.#apply(config, { name: 'Pasted config', source: 'your config.json', note: '' });
    if (!stats) return false;
    if (pretty) this.#text.value = JSON.stringify(config, null, 2);
    // The URL keeps only the keys the core used, so a shared link stays short.
    const ignored = new Set(stats.ignoredKeys);
    const kept = Object.fromEntries(Object.entries(config).filter(([key]) => !ignored.has(key)));
    writeState(this.#namespace, { config: JSON.stringify(kept) });
    return true;
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
