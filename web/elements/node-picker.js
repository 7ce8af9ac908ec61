// <ridgepoint-node-picker>: a node design (GPUs, NICs, scale-up and scale-out per GPU) whose
// bandwidths the section feeds into its panels; and the link presets and ISCA'25 Table 5.
import { element, uniqueId } from '../lib/dom.js';
import { table } from '../lib/export.js';
import { formatValue } from '../lib/format.js';
import { onStateChange, prefixOf, readState, writeState } from '../lib/hash-state.js';
import { ridgepoint } from '../lib/ridgepoint.js';

class NodePicker extends HTMLElement {
  #select;

  async connectedCallback() {
    if (this.#select) return;
    const rp = await ridgepoint;
    const nodes = rp.nodeDesigns();
    this.#select = element('select', { attributes: { id: uniqueId('ic-node'), name: 'node' } });
    for (const node of nodes)
      this.#select.append(element('option', { text: node.name, attributes: { value: node.id } }));
    const namespace = `${prefixOf(this)}icNode`;
    const restore = () => {
      const stored = readState(namespace).node;
      this.#select.value = nodes.some((node) => node.id === stored) ? stored : nodes[0].id;
    };
    restore();
    const summary = element('p', { className: 'note', attributes: { 'aria-live': 'polite' } });
    const source = element('p', { className: 'source' });
    const describe = () => {
      const node = nodes.find((candidate) => candidate.id === this.#select.value);
      summary.textContent =
        `${node.gpus} GPUs, ${node.nics} NIC${node.nics === 1 ? '' : 's'}: scale-up ${formatValue(node.scaleUpBandwidth, 'B/s', 4)} ` +
        `and scale-out ${formatValue(node.scaleOutBandwidth, 'B/s', 4)} per GPU, one direction — ${formatValue(node.scaleUpToScaleOut, '1', 3)} : 1. ` +
        `Collectives reach ${formatValue(node.achievableScaleUp, 'B/s', 4)} and ${formatValue(node.achievableScaleOut, 'B/s', 4)} ` +
        `(${node.scaleUpLink}, ${node.scaleOutLink}).`;
      source.textContent = `Source: ${node.source}. Note: ${node.note}.`;
      return node;
    };
    describe();
    this.#select.addEventListener('change', () => {
      const node = describe();
      writeState(namespace, node.id === nodes[0].id ? {} : { node: node.id });
      this.dispatchEvent(new CustomEvent('ridgepoint-node', { bubbles: true, detail: node }));
    });
    // A navigation restores the choice; the panels restore their own numbers from the URL.
    onStateChange(this, () => {
      restore();
      describe();
    });

    const perDirection = (value) => (value === null ? '—' : formatValue(value, 'B/s', 4));
    const links = table(
      'Link presets: bandwidth per direction (1 GB/s = 10⁹ B/s; ports sold in Gb/s are divided by 8).',
      ['link', 'fabric', 'port', 'nominal', 'achievable', 'latency', 'source'],
      rp
        .links()
        .map((link) => [
          [link.name],
          [link.fabric],
          [link.portRate === null ? '—' : formatValue(link.portRate, 'b/s', 4), 'number'],
          [perDirection(link.bandwidth), 'number'],
          [perDirection(link.achievableBandwidth), 'number'],
          [formatValue(link.latency, 's', 3), 'number'],
          [`${link.source}${link.note ? ` (${link.note})` : ''}`, 'source'],
        ]),
      'link-presets',
    );
    const latencies = table(
      "ISCA'25 Table 5: CPU-side end-to-end latency for 64 B.",
      ['link layer', 'same leaf', 'cross leaf'],
      rp
        .measuredLatencies()
        .map((row) => [
          [row.linkLayer],
          [formatValue(row.sameLeaf, 's', 3), 'number', row.sameLeaf],
          [formatValue(row.crossLeaf, 's', 3), 'number', row.crossLeaf],
        ]),
      'isca25-table5-latencies',
    );
    this.replaceChildren(
      element('div', { className: 'field' }, [
        element('label', { text: 'node design', attributes: { for: this.#select.id } }),
        this.#select,
      ]),
      summary,
      source,
      element('details', {}, [element('summary', { text: 'Link presets and measured latencies' }), links, latencies]),
    );
  }
}
customElements.define('ridgepoint-node-picker', NodePicker);
