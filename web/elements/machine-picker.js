// <ridgepoint-machine-picker>: a machine preset (or a custom machine) at one precision, whose
// roof feeds a section's panels through the `ridgepoint-machine` event.
import '../lib/calculator-element.js';

import { element, uniqueId } from '../lib/dom.js';
import { isRestoring, onStateChange, prefixOf, readState, writeState } from '../lib/hash-state.js';
import { ridgepoint } from '../lib/ridgepoint.js';

const precisionNames = { fp64: 'FP64', tf32: 'TF32', bf16: 'BF16/FP16', fp8: 'FP8', int8: 'INT8', fp4: 'FP4' };

/** A machine's roofs: one per precision it has, all sharing its memory bandwidth. */
function machineRoofs(machine) {
  return Object.entries(machine.peakFlops)
    .filter(([, peak]) => peak !== null)
    .map(([precision, peak]) => ({
      precision,
      label: `${machine.name} ${precisionNames[precision]}`,
      peakFlops: peak,
      memoryBandwidth: machine.memoryBandwidth,
    }));
}

// <ridgepoint-machine-picker state="machineA" label="Machine A" machine="h800-sxm">: a preset or a
// custom machine at one precision. Dispatches a bubbling `ridgepoint-machine` event with { id
// (the preset's, or 'custom'), name, precision, peakFlops, memoryBandwidth, memoryCapacity (null
// when not known), roofs, chosen } and keeps the same (without `chosen`) as its `machine`
// property. The URL holds the machine and precision when they differ from the defaults, and a
// custom machine's numbers; a preset's numbers follow from its name.
class MachinePicker extends HTMLElement {
  #machines;
  #select;
  #precision;
  #roof;
  #source;
  #applying = false;
  #chosen = false;
  #started = false;
  #chosenMachine = null;

  /**
   * The machine last announced (the `ridgepoint-machine` event's detail without `chosen`), or null
   * before the first.
   */
  get machine() {
    return this.#chosenMachine;
  }

  get #namespace() {
    return `${prefixOf(this)}${this.getAttribute('state')}`;
  }

  async connectedCallback() {
    if (this.#roof) return;
    const rp = await ridgepoint;
    this.#machines = rp.machines();
    const uid = uniqueId(this.getAttribute('state'));

    this.#select = element('select', { attributes: { id: `${uid}-machine`, name: 'machine' } });
    for (const machine of this.#machines)
      this.#select.append(element('option', { text: machine.name, attributes: { value: machine.id } }));
    this.#select.append(
      element('option', { text: 'Custom machine (edit the numbers)', attributes: { value: 'custom' } }),
    );
    this.#precision = element('select', { attributes: { id: `${uid}-precision`, name: 'precision' } });
    this.#roof = element('ridgepoint-calculator', {
      attributes: {
        calculator: 'ridgePoint',
        state: `${this.getAttribute('state')}.roof`,
        fields: 'peakFlops,memoryBandwidth',
      },
    });
    this.#source = element('p', { className: 'source' });
    this.replaceChildren(
      element('h3', { text: this.getAttribute('label') }),
      element('div', { className: 'picker-row' }, [
        element('div', { className: 'field' }, [
          element('label', { text: 'machine', attributes: { for: this.#select.id } }),
          this.#select,
        ]),
        element('div', { className: 'field' }, [
          element('label', { text: 'precision', attributes: { for: this.#precision.id } }),
          this.#precision,
        ]),
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
    // Numbers the roof refuses leave the panels it feeds on the last good machine: say so.
    this.#roof.addEventListener('ridgepoint-invalid', () =>
      this.dispatchEvent(new CustomEvent('ridgepoint-machine-invalid', { bubbles: true })),
    );
    this.#roof.addEventListener('ridgepoint-result', (event) => {
      event.stopPropagation();
      // The first result is the declared defaults, before the chosen machine is applied.
      if (this.#started) this.#onRoof(event.detail.input, this.#chosen || !this.#applying);
    });
    await this.#roof.ready;
    this.#started = true;
    // Back/forward or a pasted link: the pickers follow the URL like every panel (the roof panel,
    // registered first, has already read its numbers).
    onStateChange(this, () => this.#follow());
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
    this.#precision.replaceChildren(
      ...precisions.map((precision) =>
        element('option', { text: precisionNames[precision] ?? 'as entered', attributes: { value: precision } }),
      ),
    );
    this.#precision.value = precisions.includes(preferred)
      ? preferred
      : precisions.includes('bf16')
        ? 'bf16'
        : precisions[0];
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
      await this.#roof.setValues(
        { peakFlops: machine.peakFlops[this.#precision.value], memoryBandwidth: machine.memoryBandwidth },
        { save: false },
      );
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
    if (
      machine &&
      !this.#applying &&
      !isRestoring() &&
      (input.peakFlops !== machine.peakFlops[this.#precision.value] ||
        input.memoryBandwidth !== machine.memoryBandwidth)
    ) {
      this.#select.value = 'custom';
      this.#fillPrecisions('custom');
      this.#saveChoice();
      machine = undefined;
    }
    const name = machine
      ? `${machine.name} ${precisionNames[this.#precision.value]}`
      : `Custom (${this.getAttribute('label')})`;
    this.#source.textContent = machine
      ? `Source: ${machine.source}. Note: ${machine.note}.`
      : 'Custom machine: your numbers.';
    const roofs = machine
      ? machineRoofs(machine)
      : [{ precision: 'custom', label: name, peakFlops: input.peakFlops, memoryBandwidth: input.memoryBandwidth }];
    this.#chosenMachine = {
      id: machine ? machine.id : 'custom',
      name,
      precision: this.#precision.value,
      peakFlops: input.peakFlops,
      memoryBandwidth: input.memoryBandwidth,
      memoryCapacity: machine?.memoryCapacity ?? null,
      roofs,
    };
    this.dispatchEvent(
      new CustomEvent('ridgepoint-machine', { bubbles: true, detail: { ...this.#chosenMachine, chosen } }),
    );
  }
}
customElements.define('ridgepoint-machine-picker', MachinePicker);
