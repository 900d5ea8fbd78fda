/**
 * Writing CSV that people open in spreadsheets (error reports, templates). A cell that starts with
 * `=`, `+`, `-`, `@`, tab or carriage return would be read as a formula by Excel, LibreOffice or
 * Google Sheets; such a cell is written with a leading apostrophe so it stays text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** The cell's text made safe against formula injection (a leading apostrophe when needed). */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV cell: formula-neutralized, quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : neutralizeFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (no line ending) from its cells. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole CSV document with CRLF line endings, as spreadsheets write it. */
export function csvDocument(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map(csvLine).join('\r\n')}\r\n`;
}
