/**
 * The staff reports (issue 13 part 6) at /staff/reports, for billing staff and the admin: work orders opened and
 * completed per week with the age of the open ones, installs per crew per week, sales orders per area with their
 * status, receivables aging and payments per day. Each answer is a ReportData (report-data.ts); the CSV and PDF are
 * written from it. Ranges are dates, inclusive, at most 366 days; the aging is as of today and takes no range.
 */
import { z } from 'zod';
import { addDays, dayNumber } from '../calendar-days.js';
import { calendarDate } from './calendar-date.js';

export const STAFF_REPORTS = [
  { id: 'work-orders', name: 'Work orders per week', range: true },
  { id: 'installs', name: 'Installs per crew', range: true },
  { id: 'orders-by-area', name: 'Orders per area', range: true },
  { id: 'conversion', name: 'Checks to orders', range: true },
  { id: 'receivables-aging', name: 'Receivables aging', range: false },
  { id: 'payments', name: 'Payments per day', range: true },
] as const;
export type StaffReportId = (typeof STAFF_REPORTS)[number]['id'];
const IDS = STAFF_REPORTS.map((r) => r.id) as [StaffReportId, ...StaffReportId[]];
export const StaffReportIdSchema = z.enum(IDS, { message: `Report must be one of: ${IDS.join(', ')}.` });

/** The kinds of area an availability check lands in (domain AreaKindSchema), as the conversion report names them. */
export const AREA_KIND_NAMES: Readonly<Record<string, string>> = {
  fiber: 'Residential fiber',
  business_fiber: 'Business fiber',
  construction: 'Under construction',
  signup: 'Sign-up area',
  outside: 'Outside our areas',
};

export const STAFF_REPORT_DEFAULT_DAYS = 84;
export const STAFF_REPORT_MAX_DAYS = 366;

export const StaffReportQuerySchema = z.object({
  from: calendarDate('From').optional(),
  to: calendarDate('To').optional(),
});
export type StaffReportParams = z.input<typeof StaffReportQuerySchema>;

/**
 * The staff reports' dates, inclusive: without dates the 12 weeks (84 days) ending today; with one, the other is
 * filled (to today, or 84 days back). `to` must not be before `from`, at most 366 days, and not after today.
 */
export function resolveStaffRange(
  input: { from?: string | undefined; to?: string | undefined },
  today: string,
): { ok: true; from: string; to: string } | { ok: false; fields: Record<string, string>; message: string } {
  const refuse = (field: string, message: string) => ({ ok: false as const, fields: { [field]: message }, message });
  if (input.to && input.to > today) return refuse('to', 'To must not be after today.');
  if (input.from && input.from > today) return refuse('from', 'From must not be after today.');
  const to = input.to ?? today;
  const from = input.from ?? addDays(to, -(STAFF_REPORT_DEFAULT_DAYS - 1));
  if (to < from) return refuse('to', 'To must not be before From.');
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days > STAFF_REPORT_MAX_DAYS) {
    return refuse('from', `The range can be at most ${STAFF_REPORT_MAX_DAYS} days (this one is ${days}).`);
  }
  return { ok: true, from, to };
}

/** Receivables aging: days since the invoice date. */
export const AGING_BUCKETS = [
  { label: '0–30 days', maxDays: 30 },
  { label: '31–60 days', maxDays: 60 },
  { label: '61–90 days', maxDays: 90 },
  { label: 'Over 90 days', maxDays: null },
] as const;

/** Open work orders' age: days since they were opened. */
export const WORK_ORDER_AGE_BUCKETS = [
  { label: '0–7 days', maxDays: 7 },
  { label: '8–30 days', maxDays: 30 },
  { label: '31–90 days', maxDays: 90 },
  { label: 'Over 90 days', maxDays: null },
] as const;

/** The index of the bucket of something `ageDays` old (buckets as above: inclusive upper bounds, the last open). */
export function bucketOf(buckets: readonly { maxDays: number | null }[], ageDays: number): number {
  const i = buckets.findIndex((b) => b.maxDays === null || ageDays <= b.maxDays);
  return i === -1 ? buckets.length - 1 : i;
}

/** Whole days from `date` (YYYY-MM-DD or an ISO timestamp) to `asOf` (YYYY-MM-DD). */
export const ageInDays = (date: string, asOf: string) => dayNumber(asOf) - dayNumber(date.slice(0, 10));

/**
 * The earliest date still inside each bucket as of `asOf` (the SQL compares dates with these: a date >= the first
 * is in bucket 0, >= the second in bucket 1, …; older ones in the last).
 */
export function bucketStarts(buckets: readonly { maxDays: number | null }[], asOf: string): string[] {
  return buckets.filter((b) => b.maxDays !== null).map((b) => addDays(asOf, -(b.maxDays as number)));
}

/** Work orders counted as done. */
export const DONE_WORK_ORDER_STATUSES = ['Complete', 'Closed'] as const;
