// <ridgepoint-network-compare>: topologies side by side, ISCA'25 Table 3's published networks
// and the fat-tree designs added with `add(design)` (kept in the URL hash), costed at the prices
// set as its `prices` property.
import { element, scrollBox } from '../lib/dom.js';
import { tableExport } from '../lib/export.js';
import { exactValue, formatValue } from '../lib/format.js';
import { onStateChange, prefixOf, readState, writeState } from '../lib/hash-state.js';
import { ridgepoint, RidgepointError } from '../lib/ridgepoint.js';

const compareRows = [
  { key: 'endpoints', label: 'endpoints', published: 'endpoints' },
  { key: 'switches', label: 'switches', published: 'switches' },
  { key: 'links', label: 'switch-to-switch links', published: 'links' },
  { key: 'endpointLinks', label: 'endpoint links' },
  { key: 'optics', label: 'optics' },
  { key: 'diameter', label: 'diameter (switch hops)' },
  { key: 'cost', label: 'cost at your prices', unit: '$' },
  { key: 'costPerEndpoint', label: 'cost per endpoint', unit: '$' },
  { key: 'publishedCost', label: 'cost printed in Table 3', unit: '$' },
  { key: 'publishedCostPerEndpoint', label: 'cost per endpoint printed', unit: '$' },
];

class NetworkCompare extends HTMLElement {
  #rp;
  #published = [];
  #added = []; // fat-tree designs the person added: { radix, layers, planes }
  #prices = {};
  #table;
  #notes;
  #dropped;

  async connectedCallback() {
    if (this.#table) return;
    this.#rp = await ridgepoint;
    this.#published = this.#rp.publishedNetworks();
    this.#table = element('table', { className: 'network-compare' });
    this.#notes = element('ul', { className: 'help' });
    this.#dropped = element('output', { className: 'error', attributes: { 'aria-live': 'polite' } });
    this.replaceChildren(
      scrollBox(this.#table, 'Topologies side by side'),
      tableExport(this.#table, 'network-topologies'),
      this.#dropped,
      this.#notes,
    );
    this.#load();
    onStateChange(this, () => {
      this.#load();
      this.#render();
    });
    this.#table.addEventListener('click', (event) => {
      const index = event.target.closest('[data-remove-design]')?.dataset.removeDesign;
      if (index === undefined) return;
      this.#added.splice(Number(index), 1);
      this.#save();
    });
    this.#render();
  }

  set prices(prices) {
    this.#prices = prices;
    if (this.#table) this.#render();
  }

  /** Adds a fat-tree design as a column (kept in the URL hash). */
  add({ radix, layers, planes }) {
    this.#added = [...this.#added, { radix, layers, planes }].slice(-6);
    this.#save();
  }

  #load() {
    // A link's designs are radix-layers-planes in whole numbers; anything else is dropped and
    // said so here (the fatTree calculator then checks each number's range as for typed ones).
    const text = readState(`${prefixOf(this)}compare`).added ?? '';
    const items = text.split(',').filter(Boolean);
    const designs = items
      .map((item) => item.split('-'))
      .filter((parts) => parts.length === 3 && parts.every((part) => /^\d{1,7}$/.test(part)));
    this.#added = designs
      .slice(0, 6)
      .map(([radix, layers, planes]) => ({ radix: Number(radix), layers: Number(layers), planes: Number(planes) }));
    this.#dropped.textContent =
      designs.length === items.length
        ? ''
        : `${items.length - designs.length} design(s) of the link were dropped: ` +
          'each needs radix-layers-planes in whole numbers';
  }

  #save() {
    writeState(
      `${prefixOf(this)}compare`,
      this.#added.length
        ? { added: this.#added.map((design) => `${design.radix}-${design.layers}-${design.planes}`).join(',') }
        : {},
    );
    this.#render();
  }

  #columns() {
    const columns = this.#published.map((network) => {
      const input = Object.fromEntries(Object.entries(network.input).filter(([, value]) => value !== null));
      return {
        heading: network.id.toUpperCase(),
        title: network.name,
        calculator: network.calculator,
        input,
        published: network,
      };
    });
    this.#added.forEach((design, index) =>
      columns.push({
        heading: `k=${design.radix}, ${design.layers}L${design.planes > 1 ? `, ${design.planes}P` : ''}`,
        title: `your fat-tree: radix ${design.radix}, ${design.layers} layers, ${design.planes} plane(s), full size`,
        calculator: 'fatTree',
        input: design,
        removable: index,
      }),
    );
    return columns;
  }

  #render() {
    const columns = this.#columns();
    const results = columns.map((column) => {
      try {
        return this.#rp[column.calculator]({ ...column.input, ...this.#prices });
      } catch (error) {
        if (!(error instanceof RidgepointError)) throw error;
        return { error: error.message };
      }
    });
    const head = element('tr', {}, [
      element('th', { text: 'ISCA\u201925 Table 3 and yours', attributes: { scope: 'col' } }),
      ...columns.map((column) => {
        const cell = element('th', {
          text: column.heading,
          attributes: { scope: 'col', title: column.title, 'data-column': column.heading },
        });
        if (column.removable !== undefined) {
          cell.append(
            ' ',
            element('button', { attributes: { type: 'button', 'data-remove-design': String(column.removable) } }, [
              element('span', { text: '×', attributes: { 'aria-hidden': 'true' } }),
              element('span', { className: 'visually-hidden', text: `remove ${column.title}` }),
            ]),
          );
        }
        return cell;
      }),
    ]);
    const body = compareRows.map((row) =>
      element('tr', { attributes: { 'data-row': row.key } }, [
        element('th', { text: row.label, attributes: { scope: 'row' } }),
        ...columns.map((column, index) => this.#cell(row, column, results[index])),
      ]),
    );
    this.#table.replaceChildren(
      element('caption', {
        text: 'Topologies side by side. Counts are computed by the core; a ✓ marks a count equal to the one printed in ISCA\u201925 Table 3. Costs use your prices (default: a two-price fit to Table 3, not published prices).',
      }),
      element('thead', {}, [head]),
      element('tbody', {}, body),
    );
    this.#notes.replaceChildren(
      ...this.#published
        .filter((network) => network.note)
        .map((network) => element('li', { text: `${network.id.toUpperCase()}: ${network.note}.` })),
    );
  }

  #cell(row, column, result) {
    if (result.error) return element('td', { className: 'error', text: row.key === 'endpoints' ? result.error : '' });
    if (row.key.startsWith('published')) {
      const printed = column.published?.[row.key === 'publishedCost' ? 'cost' : 'costPerEndpoint'];
      return element('td', { className: 'number', text: printed === undefined ? '—' : formatValue(printed, '$', 4) });
    }
    const value = result[row.key];
    const cell = element('td', { className: 'number', text: formatValue(value, row.unit ?? '1', row.unit ? 4 : 6) });
    if (typeof value === 'number') {
      cell.title = exactValue(value, row.unit ?? '1');
      cell.dataset.exact = String(value);
    }
    if (row.published && column.published) {
      const printed = column.published[row.published];
      cell.append(
        printed === value
          ? element('span', { className: 'match', text: ' ✓', attributes: { title: 'equals Table 3' } })
          : element('small', { className: 'error', text: ` (printed ${formatValue(printed)})` }),
      );
    }
    return cell;
  }
}
customElements.define('ridgepoint-network-compare', NetworkCompare);
