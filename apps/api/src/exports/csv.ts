/** A cell: text is quoted and neutralised as needed; numbers stay numbers; null and undefined are empty. */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * Characters that make a spreadsheet read a text cell as a formula (=, +, -, @) or that some treat the same
 * way at the start of a cell (tab, carriage return). OWASP's "CSV injection" advice: prefix such a cell with an
 * apostrophe, which spreadsheets show as text and do not display.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  // RFC 4180: a field with a comma, a quote or a line break is quoted, and its quotes are doubled.
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return textCell(value);
}

/** RFC 4180 CSV: a header line, then one line per row, every line ended by CRLF. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [headers, ...rows].map((row) => `${row.map(cell).join(',')}\r\n`).join('');
}
