// <ridgepoint-switch-picker for="fatTree">: a switch preset sets a design's radix and port
// bandwidth (a bubbling `ridgepoint-switch` event with { radix, portBandwidth }); `match(design)`
// shows the preset a design's numbers belong to, or 'custom'.
import { element, uniqueId } from '../lib/dom.js';
import { formatValue } from '../lib/format.js';
import { ridgepoint } from '../lib/ridgepoint.js';

class SwitchPicker extends HTMLElement {
  #switches = [];
  #select;
  #source;

  async connectedCallback() {
    if (this.#select) return;
    const rp = await ridgepoint;
    this.#switches = rp.switches();
    const id = uniqueId(`${this.getAttribute('for')}-switch`);
    this.#select = element('select', { attributes: { id, name: 'switch' } });
    for (const model of this.#switches)
      this.#select.append(
        element('option', {
          text: `${model.name}: ${model.radix} × ${formatValue(model.portBandwidth * 8, 'b/s', 3)}`,
          attributes: { value: model.id },
        }),
      );
    this.#select.append(
      element('option', { text: 'Custom (edit radix and port bandwidth)', attributes: { value: 'custom' } }),
    );
    this.#source = element('p', { className: 'source' });
    this.replaceChildren(
      element('div', { className: 'field' }, [
        element('label', { text: 'switch', attributes: { for: id } }),
        this.#select,
      ]),
      this.#source,
    );
    this.#select.addEventListener('change', () => {
      const model = this.#switches.find((candidate) => candidate.id === this.#select.value);
      this.#describe(model);
      if (model)
        this.dispatchEvent(
          new CustomEvent('ridgepoint-switch', {
            bubbles: true,
            detail: { radix: model.radix, portBandwidth: model.portBandwidth },
          }),
        );
    });
  }

  /** Shows the preset that matches a design's radix and port bandwidth, or 'custom'. */
  match({ radix, portBandwidth }) {
    if (!this.#select) return;
    const model = this.#switches.find(
      (candidate) => candidate.radix === radix && candidate.portBandwidth === portBandwidth,
    );
    this.#select.value = model ? model.id : 'custom';
    this.#describe(model);
  }

  #describe(model) {
    this.#source.textContent = model
      ? `Source: ${model.source}. ${model.note}.`
      : 'Custom switch: your radix and port bandwidth.';
  }
}
customElements.define('ridgepoint-switch-picker', SwitchPicker);
