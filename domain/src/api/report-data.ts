/**
 * The one shape of a tabular report with a chart, shared by the nine phone report types (SPEC §9) and the staff
 * reports: a title and range, a few totals, at most one chart and one or more tables. The server computes it, the web
 * renders it (the chart through lib/ui/chart.tsx, its data also as a table), the CSV and PDF are written from it. Each
 * column and value says its format, so every renderer shows the same numbers the same way: money in integer cents,
 * durations in seconds, dates YYYY-MM-DD, weeks by the date of their Monday, hours of the day 0–23 (UTC).
 */
import { z } from 'zod';
import { addDays, nextDay } from '../calendar-days.js';

export const ReportFormatSchema = z.enum([
  'text',
  'date',
  'week',
  'month',
  'hour',
  'datetime',
  'count',
  'cents',
  'seconds',
  'minutes',
  'percent',
  'phone',
]);
export type ReportFormat = z.infer<typeof ReportFormatSchema>;

export const ReportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCellSchema>;

export const ReportColumnSchema = z.object({ label: z.string(), format: ReportFormatSchema });
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportTableSchema = z.object({
  caption: z.string(),
  columns: z.array(ReportColumnSchema),
  rows: z.array(z.array(ReportCellSchema)),
  /** The totals row (its first cell a label), or null. */
  footer: z.array(ReportCellSchema).nullable(),
  /** Shown under the table, e.g. that only the largest rows are listed. */
  note: z.string().nullable(),
});
export type ReportTable = z.infer<typeof ReportTableSchema>;

export const ChartKindSchema = z.enum(['bar', 'stacked', 'line']);
export type ChartKind = z.infer<typeof ChartKindSchema>;

export const ReportChartSchema = z.object({
  kind: ChartKindSchema,
  caption: z.string(),
  /** What the categories are (the x axis), e.g. "Day". */
  categoryLabel: z.string(),
  categoryFormat: ReportFormatSchema,
  /** What the values are (the y axis), e.g. "Calls". */
  valueLabel: z.string(),
  valueFormat: ReportFormatSchema,
  categories: z.array(z.union([z.string(), z.number()])),
  /** One value per category in each series. */
  series: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
});
export type ReportChart = z.infer<typeof ReportChartSchema>;

export const ReportStatSchema = z.object({
  label: z.string(),
  value: z.number(),
  format: ReportFormatSchema,
  note: z.string().nullable(),
});
export type ReportStat = z.infer<typeof ReportStatSchema>;

export const ReportDataSchema = z.object({
  /** The report's id, e.g. 'busy' or 'receivables-aging'. */
  type: z.string(),
  title: z.string(),
  /** What the report counts and how, in a sentence or two. */
  description: z.string(),
  /** The range, inclusive (YYYY-MM-DD); for an as-of report both are that day. */
  from: z.string(),
  to: z.string(),
  /** Whose report, e.g. "Acme Dental Group (1000-3000-0001)"; null for the provider's own. */
  subject: z.string().nullable(),
  stats: z.array(ReportStatSchema),
  chart: ReportChartSchema.nullable(),
  tables: z.array(ReportTableSchema),
});
export type ReportData = z.infer<typeof ReportDataSchema>;

export const stat = (label: string, value: number, format: ReportFormat, note: string | null = null): ReportStat => ({
  label,
  value,
  format,
  note,
});

export const column = (label: string, format: ReportFormat): ReportColumn => ({ label, format });

// ---- shared rules ---------------------------------------------------------------------------------------------------

/** The Monday of the week of a YYYY-MM-DD date (weeks run Monday to Sunday, UTC). */
export function weekStart(date: string): string {
  const day = date.slice(0, 10);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** Every week (by its Monday) that has a day in from..to, inclusive. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  const last = weekStart(to);
  for (let w = weekStart(from); w <= last; w = addDays(w, 7)) {
    weeks.push(w);
  }
  return weeks;
}

/** Every day from..to, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}

/**
 * Sums day rows into weeks: each `values` array is added into the week of its day. Every week of the range is in the
 * answer (zeros when nothing happened), oldest first.
 */
export function rollUpWeeks(
  rows: readonly { day: string; values: readonly number[] }[],
  from: string,
  to: string,
  width: number,
): { week: string; values: number[] }[] {
  const weeks = new Map(weeksBetween(from, to).map((w) => [w, new Array<number>(width).fill(0)]));
  for (const row of rows) {
    const into = weeks.get(weekStart(row.day));
    if (!into) continue;
    row.values.forEach((v, i) => {
      into[i] = (into[i] ?? 0) + v;
    });
  }
  return [...weeks].map(([week, values]) => ({ week, values }));
}

/** A/B as a percentage with one decimal (0 when B is 0). */
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * The "billed vs paid per month" chart of the billing center's history: what invoices dated in each month billed and
 * what completed payments made in that month paid, for every month from the first to the last with either (at most
 * the last `maxMonths`).
 */
export function billedVsPaidChart(
  invoices: readonly { date: string; cents: number }[],
  payments: readonly { date: string; cents: number }[],
  maxMonths = 24,
): ReportChart {
  const billed = new Map<string, number>();
  const paid = new Map<string, number>();
  for (const i of invoices) billed.set(i.date.slice(0, 7), (billed.get(i.date.slice(0, 7)) ?? 0) + i.cents);
  for (const p of payments) paid.set(p.date.slice(0, 7), (paid.get(p.date.slice(0, 7)) ?? 0) + p.cents);
  const all = [...billed.keys(), ...paid.keys()].sort();
  const months: string[] = [];
  if (all.length > 0) {
    const last = all.at(-1) as string;
    for (let m = all[0] as string; m <= last; ) {
      months.push(m);
      const [y, mo] = m.split('-').map(Number);
      const next = (y ?? 0) * 12 + (mo ?? 1);
      m = `${Math.floor(next / 12)}-${String((next % 12) + 1).padStart(2, '0')}`;
    }
  }
  const shown = months.slice(-maxMonths);
  return {
    kind: 'bar',
    caption: 'Billed and paid per month',
    categoryLabel: 'Month',
    categoryFormat: 'month',
    valueLabel: 'Amount',
    valueFormat: 'cents',
    categories: shown,
    series: [
      { name: 'Billed', values: shown.map((m) => billed.get(m) ?? 0) },
      { name: 'Paid', values: shown.map((m) => paid.get(m) ?? 0) },
    ],
  };
}
