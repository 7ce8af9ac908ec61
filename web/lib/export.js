// Tables out of the page: every table downloads as CSV (for any tool) and copies as TSV (pastes
// into a spreadsheet's cells). Both read the table as it is when the button is pressed; a cell's
// `data-exact` (its unrounded value) is exported instead of its rounded text.
import { download } from './chart-export.js';
import { element, scrollBox } from './dom.js';

/** The table's rows of cell texts, header first; a form field's value stands for its cell. */
export function tableRows(tableElement) {
  return [...tableElement.rows].map((row) =>
    [...row.cells].map((cell) => {
      if (cell.dataset.exact !== undefined) return cell.dataset.exact;
      const field = cell.querySelector('input, select');
      if (field) return field.value;
      const copy = cell.cloneNode(true);
      for (const hidden of copy.querySelectorAll('button, .visually-hidden')) hidden.remove();
      return copy.textContent.replace(/\s+/g, ' ').trim();
    }),
  );
}

/** RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled. */
export function toCsv(rows) {
  const field = (text) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Tab-separated values as spreadsheets paste them: tabs and line breaks inside cells become spaces. */
export function toTsv(rows) {
  return `${rows.map((row) => row.map((text) => text.replace(/[\t\r\n]+/g, ' ')).join('\t')).join('\n')}\n`;
}

/** "Download CSV" and "Copy as TSV" buttons for a table; files are named ridgepoint-<name>.csv. */
export function tableExport(tableElement, name) {
  const csv = element('button', { text: 'Download CSV', attributes: { type: 'button', 'data-export': 'csv' } });
  csv.addEventListener('click', () =>
    download(new Blob([toCsv(tableRows(tableElement))], { type: 'text/csv' }), `ridgepoint-${name}.csv`),
  );
  const tsv = element('button', { text: 'Copy as TSV', attributes: { type: 'button', 'data-export': 'tsv' } });
  const status = element('span', { className: 'help', attributes: { role: 'status' } });
  tsv.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(toTsv(tableRows(tableElement)));
      status.textContent = 'Copied: paste into a spreadsheet.';
    } catch {
      status.textContent = 'The browser did not allow copying here; use Download CSV.';
    }
  });
  return element('div', { className: 'buttons table-export' }, [csv, tsv, status]);
}

/**
 * Fills `tableElement` with a caption, a header row and `rows` of cells [text, className, exact],
 * where `exact` (hover title, and what the export holds) is the unrounded value; `rowClass(index)`
 * gives a row its class. Returns the table.
 */
export function fillTable(tableElement, caption, headings, rows, rowClass = () => '') {
  tableElement.replaceChildren(
    element('caption', { text: caption }),
    element('thead', {}, [
      element(
        'tr',
        {},
        headings.map((text) => element('th', { text, attributes: { scope: 'col' } })),
      ),
    ]),
    element(
      'tbody',
      {},
      rows.map((cells, index) =>
        element(
          'tr',
          { className: rowClass(index) },
          cells.map(([text, className, exact]) =>
            element('td', {
              text,
              className,
              attributes: exact === undefined ? {} : { title: String(exact), 'data-exact': String(exact) },
            }),
          ),
        ),
      ),
    ),
  );
  return tableElement;
}

/** A captioned table (cells as for `fillTable`) that scrolls sideways, with CSV and TSV export named `name`. */
export function table(caption, headings, rows, name) {
  const node = fillTable(element('table'), caption, headings, rows);
  return element('div', {}, [scrollBox(node, caption), tableExport(node, name)]);
}
