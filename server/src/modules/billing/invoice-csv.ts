/**
 * The CSV of an invoice group (downloadInvoiceCSV). RFC 4180: fields with a comma, quote or line break are quoted
 * and quotes doubled; lines end in CRLF. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) gets a leading apostrophe, so a line description can never execute in the customer's spreadsheet.
 * A UTF-8 byte-order mark lets Excel read accented names correctly.
 */
import { centsToDecimal } from '@strand/domain';

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

export interface CsvInvoice {
  id: number;
  invoiceDate: string;
  dueDate: string;
  status: string;
  amountCents: number;
  balanceCents: number;
  lines: { description: string; amountCents: number }[];
}

export const INVOICE_CSV_HEADER = [
  'Account Number',
  'Customer Name',
  'Invoice Group',
  'Invoice Number',
  'Invoice Date',
  'Due Date',
  'Status',
  'Line',
  'Description',
  'Amount',
  'Invoice Total',
  'Balance Due',
] as const;

/** One row per invoice line; money as plain decimals (104.12) so spreadsheets sum it. */
export function invoiceGroupCsv(
  account: { id: string; name: string },
  groupId: number,
  invoices: CsvInvoice[],
): string {
  const rows: CsvValue[][] = [[...INVOICE_CSV_HEADER]];
  for (const invoice of invoices) {
    invoice.lines.forEach((line, i) => {
      rows.push([
        account.id,
        account.name,
        groupId,
        invoice.id,
        invoice.invoiceDate,
        invoice.dueDate,
        invoice.status,
        i + 1,
        line.description,
        centsToDecimal(line.amountCents),
        centsToDecimal(invoice.amountCents),
        centsToDecimal(invoice.balanceCents),
      ]);
    });
  }
  return toCsv(rows);
}
