/**
 * The one CSV writer (invoice CSVs, report CSVs). RFC 4180: fields with a comma, quote or line break are quoted and
 * quotes doubled; lines end in CRLF. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) gets a leading apostrophe, so a cell can never execute in the customer's spreadsheet; a plain negative
 * decimal (a credit) stays a number. A UTF-8 byte-order mark lets Excel read accented names correctly.
 */

export type CsvValue = string | number | null;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // A plain signed decimal ("-5.00", a credit) is a number to the spreadsheet, not a formula: it stays as it is.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
