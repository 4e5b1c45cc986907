/**
 * The reports' CSV files, with the one RFC 4180 writer (lib/csv.ts: quoting, CRLF, formula guarding, BOM).
 * Money as plain decimals (104.12) and durations in seconds and billed minutes, so a spreadsheet can add them up.
 */
import { type BusinessReport, type CallRecord, centsToDecimal } from '@strand/domain';
import { type CsvValue, toCsv } from '../../lib/csv.js';

export const PHONE_CSV_HEADER = [
  'Date (UTC)',
  'Time (UTC)',
  'Direction',
  'From',
  'To',
  'Duration (seconds)',
  'Billed minutes',
] as const;

export function phoneReportCsv(calls: readonly CallRecord[]): string {
  const rows: CsvValue[][] = [[...PHONE_CSV_HEADER]];
  for (const c of calls) {
    rows.push([
      c.startedAt.slice(0, 10),
      c.startedAt.slice(11, 19),
      c.direction,
      c.fromNumber,
      c.toNumber,
      c.durationSeconds,
      c.billedMinutes,
    ]);
  }
  return toCsv(rows);
}

export const BUSINESS_CSV_HEADER = ['Month', 'Service location', 'Billed', 'Paid', 'Balance'] as const;

/** One row per month and location, then each month's total and the grand total. */
export function businessReportCsv(report: BusinessReport): string {
  const label = new Map(report.locations.map((l) => [l.ServiceLocationID, l.label]));
  const money = (m: { billedCents: number; paidCents: number; balanceCents: number }) => [
    centsToDecimal(m.billedCents),
    centsToDecimal(m.paidCents),
    centsToDecimal(m.balanceCents),
  ];
  const rows: CsvValue[][] = [[...BUSINESS_CSV_HEADER]];
  for (const month of report.monthTotals) {
    for (const row of report.rows.filter((r) => r.month === month.month)) {
      rows.push([row.month, label.get(row.ServiceLocationID) ?? `Location ${row.ServiceLocationID}`, ...money(row)]);
    }
    rows.push([month.month, 'Month total', ...money(month)]);
  }
  rows.push([`${report.from} to ${report.to}`, 'Total', ...money(report.totals)]);
  return toCsv(rows);
}
