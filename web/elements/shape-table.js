// <ridgepoint-shape-table>: GEMM shapes the person edits, kept in the URL hash, with their
// intensity and bound on the machines it is given.
import { element, scrollBox } from '../lib/dom.js';
import { tableExport } from '../lib/export.js';
import { formatValue, parseInput } from '../lib/format.js';
import { onStateChange, prefixOf, readState, writeState } from '../lib/hash-state.js';
import { ridgepoint, RidgepointError } from '../lib/ridgepoint.js';

const defaultShapes = '64x64x16,64x64x64,4096x4096x4096,128x128x65536,1x8192x8192';
const maxShapes = 40;

/**
 * The shapes of a link ("64x64x16,…"): an entry that is not m×n×k is dropped with a sentence
 * saying so, and the rest load; each number is then checked by gemm like a typed one.
 */
export function parseShapes(text) {
  const shapes = [];
  const problems = [];
  const entries = text.split(',');
  for (const [index, entry] of entries.entries()) {
    if (shapes.length >= maxShapes) {
      problems.push(`only the first ${maxShapes} shapes of the link are shown`);
      break;
    }
    const parts = entry.split('x');
    if (parts.length === 3) shapes.push(parts);
    else problems.push(`shape ${index + 1} of the link ('${entry.slice(0, 20)}') was dropped: it needs m×n×k`);
  }
  const shown = 5;
  if (problems.length > shown) problems.splice(shown, Infinity, `and ${problems.length - shown} more were dropped`);
  return { shapes, problems };
}

// <ridgepoint-shape-table>: GEMM shapes the person edits, with intensity and bound on both
// machines. Dispatches `ridgepoint-shapes` with the rows that evaluated.
class ShapeTable extends HTMLElement {
  #rp;
  #dropped;
  #shapes = [];
  #machines = [];
  #body;

  async connectedCallback() {
    if (this.#body) return;
    this.#rp = await ridgepoint;
    this.#dropped = element('output', { className: 'error', attributes: { 'aria-live': 'polite' } });
    this.#load();
    this.#body = element('tbody');
    const head = element('thead', {}, [
      element(
        'tr',
        {},
        ['m', 'n', 'k', 'FLOPs', 'bytes', 'intensity (FLOP/B)', 'machine A', 'machine B', 'remove'].map((text) =>
          element('th', { text, className: text === 'remove' ? 'actions' : undefined, attributes: { scope: 'col' } }),
        ),
      ),
    ]);
    const add = element('button', { text: 'Add a shape', attributes: { type: 'button' } });
    add.addEventListener('click', () => {
      this.#shapes.push(['256', '256', '256']);
      this.#save();
    });
    const reset = element('button', { text: 'Reset to examples', attributes: { type: 'button' } });
    reset.addEventListener('click', () => {
      this.#shapes = defaultShapes.split(',').map((text) => text.split('x'));
      this.#save();
    });
    const caption = 'GEMM shapes: small, square, large-k and a decode GEMV. Edit any cell.';
    const shapes = element('table', { className: 'shapes' }, [element('caption', { text: caption }), head, this.#body]);
    this.replaceChildren(
      scrollBox(shapes, 'GEMM shapes'),
      element('div', { className: 'buttons' }, [add, reset]),
      tableExport(shapes, 'gemm-shapes'),
      this.#dropped,
    );
    onStateChange(this, () => {
      this.#load();
      this.#render();
    });
    this.#body.addEventListener('input', (event) => {
      const { row, column } = event.target.dataset;
      this.#shapes[Number(row)][Number(column)] = event.target.value;
      this.#save(false);
    });
    this.#body.addEventListener('click', (event) => {
      const remove = event.target.closest('[data-remove]')?.dataset.remove;
      if (remove === undefined) return;
      this.#shapes.splice(Number(remove), 1);
      this.#save();
    });
    this.#render();
  }

  #load() {
    const linked = parseShapes(readState(`${prefixOf(this)}shapes`).list ?? defaultShapes);
    this.#shapes = linked.shapes;
    this.#dropped.textContent = linked.problems.join('; ');
  }

  set machines(machines) {
    this.#machines = machines;
    if (this.#body) this.#update();
  }

  #save(rebuild = true) {
    const list = this.#shapes.map((shape) => shape.join('x')).join(',');
    writeState(`${prefixOf(this)}shapes`, list === defaultShapes ? {} : { list });
    if (rebuild) this.#render();
    else this.#update();
  }

  #render() {
    this.#body.replaceChildren(
      ...this.#shapes.map((shape, row) =>
        element('tr', {}, [
          ...shape.map((value, column) =>
            element('td', {}, [
              element('input', {
                attributes: {
                  value,
                  inputmode: 'numeric',
                  'data-row': String(row),
                  'data-column': String(column),
                  'aria-label': `${'mnk'[column]} of shape ${row + 1}`,
                },
              }),
            ]),
          ),
          ...[0, 1, 2, 3, 4].map(() => element('td', { className: 'number' })),
          element('td', { className: 'actions' }, [
            element('button', { attributes: { type: 'button', 'data-remove': String(row) } }, [
              element('span', { text: '×', attributes: { 'aria-hidden': 'true' } }),
              element('span', { className: 'visually-hidden', text: `remove shape ${row + 1}` }),
            ]),
          ]),
        ]),
      ),
    );
    this.#update();
  }

  #update() {
    if (this.#machines.length < 2) return;
    const evaluated = [];
    [...this.#body.rows].forEach((tableRow, row) => {
      const [m, n, k] = this.#shapes[row].map((text) => parseInput(text));
      const cells = [...tableRow.cells].slice(3, 8);
      try {
        const [onA, onB] = this.#machines.map((machine) =>
          this.#rp.gemm({ m, n, k, peakFlops: machine.peakFlops, memoryBandwidth: machine.memoryBandwidth }),
        );
        const texts = [
          formatValue(onA.flops, 'FLOP'),
          formatValue(onA.bytes, 'B'),
          formatValue(onA.intensity, '1', 4),
          `${onA.bound}-bound`,
          `${onB.bound}-bound`,
        ];
        cells.forEach((cell, index) => {
          cell.textContent = texts[index];
          cell.className = index >= 3 ? `number bound-${index === 3 ? onA.bound : onB.bound}` : 'number';
        });
        evaluated.push({
          label: this.#shapes[row].join('×'),
          intensity: onA.intensity,
          flops: onA.attainableFlops,
          detail: `${onA.bound}-bound on machine A`,
        });
      } catch (error) {
        if (!(error instanceof RidgepointError)) throw error;
        cells.forEach((cell) => (cell.textContent = ''));
        cells[0].textContent = error.message;
        cells[0].className = 'error';
      }
    });
    this.dispatchEvent(new CustomEvent('ridgepoint-shapes', { bubbles: true, detail: { points: evaluated } }));
  }
}
customElements.define('ridgepoint-shape-table', ShapeTable);
