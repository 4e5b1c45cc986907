/** The CSV of an invoice group (downloadInvoiceCSV), written with the one CSV writer (lib/csv.ts). */
import { centsToDecimal } from '@strand/domain';
import { type CsvValue, toCsv } from '../../lib/csv.js';

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
