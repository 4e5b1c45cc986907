/**
 * Contract of the customer Reports page (SPEC §7 Reports): the phone report (viewPhoneReport) over the account's
 * call records, and the business report (viewBusinessReport, viewDownloadBusinessReport, downloadBusinessReport):
 * billed, paid and balance per month and service location. Money is integer cents; dates are YYYY-MM-DD (UTC),
 * months YYYY-MM. viewWholesaleReport has no data behind it (no wholesale services in the data model) and no route.
 * The range rules and the rounding live here so the browser and the server apply the same ones.
 */
import { z } from 'zod';
import { addDays, dayNumber } from '../calendar-days.js';
import { calendarDate } from './calendar-date.js';

export const PHONE_REPORT_DEFAULT_DAYS = 30;
export const PHONE_REPORT_MAX_DAYS = 366;
export const PHONE_REPORT_DEFAULT_PAGE_SIZE = 50;
export const PHONE_REPORT_MAX_PAGE_SIZE = 200;
export const BUSINESS_REPORT_DEFAULT_MONTHS = 12;
export const BUSINESS_REPORT_MAX_MONTHS = 24;

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

// ---- pure rules --------------------------------------------------------------------------------------------------

/**
 * Minutes billed for a call, the way phone bills count them: every call is rounded up to the next whole minute
 * (a 61-second call is 2 minutes); a call of 0 seconds never connected and counts 0.
 */
export function billedMinutes(durationSeconds: number): number {
  if (!Number.isSafeInteger(durationSeconds) || durationSeconds < 0) {
    throw new RangeError('durationSeconds must be whole seconds >= 0');
  }
  return Math.ceil(durationSeconds / 60);
}

/** A YYYY-MM month (years 2000 to 2099 are plenty for a bill). */
export function isRealMonth(value: string): boolean {
  return /^20\d{2}-(0[1-9]|1[0-2])$/.test(value);
}

export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = (y ?? 0) * 12 + (m ?? 1) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) months.push(m);
  return months;
}

export type RangeResult =
  | { ok: true; from: string; to: string }
  | { ok: false; fields: Record<string, string>; message: string };

const refuse = (field: string, message: string): RangeResult => ({ ok: false, fields: { [field]: message }, message });

/**
 * The phone report's dates, inclusive at both ends. Without dates: the last 30 days ending today; with only `from`:
 * to today; with only `to`: the 30 days ending then. `to` must not be before `from`; at most 366 days.
 */
export function resolveDayRange(input: { from?: string | undefined; to?: string | undefined }, today: string) {
  const to = input.to ?? (input.from && input.from > today ? input.from : today);
  const from = input.from ?? addDays(to, -(PHONE_REPORT_DEFAULT_DAYS - 1));
  if (to < from) return refuse('to', 'To must not be before From.');
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days > PHONE_REPORT_MAX_DAYS) {
    return refuse('from', `The range can be at most ${PHONE_REPORT_MAX_DAYS} days (this one is ${days}).`);
  }
  return { ok: true, from, to } satisfies RangeResult;
}

/**
 * The business report's months, inclusive. Without months: the last 12 ending with the current one; with only
 * `from`: to the current month (or `from` itself when later); with only `to`: the 12 ending then. At most 24.
 */
export function resolveMonthRange(
  input: { from?: string | undefined; to?: string | undefined },
  currentMonth: string,
): RangeResult {
  const to = input.to ?? (input.from && input.from > currentMonth ? input.from : currentMonth);
  const from = input.from ?? addMonths(to, -(BUSINESS_REPORT_DEFAULT_MONTHS - 1));
  if (to < from) return refuse('to', 'To must not be before From.');
  const months = monthsBetween(from, to).length;
  if (months > BUSINESS_REPORT_MAX_MONTHS) {
    return refuse('from', `The range can be at most ${BUSINESS_REPORT_MAX_MONTHS} months (this one is ${months}).`);
  }
  return { ok: true, from, to };
}

/**
 * Splits `total` cents over `weights` in proportion, in whole cents that add up to `total` exactly (largest
 * remainder; ties go to the earlier weight). All-zero weights put everything on the first.
 */
export function apportionCents(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const shares = weights.map((w, i) => {
    const exact = (abs * w) / sum;
    return { i, whole: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = abs - shares.reduce((a, s) => a + s.whole, 0);
  for (const s of [...shares].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left <= 0) break;
    s.whole += 1;
    left -= 1;
  }
  return shares.map((s) => sign * s.whole);
}

/** What the grouped SQL gives per invoice and service location (null: charges of the whole account). */
export interface InvoiceLocationAmount {
  invoiceId: number;
  month: string;
  serviceLocationId: number | null;
  billedCents: number;
  /** What completed payments put on the whole invoice (the same on each of its rows). */
  invoicePaidCents: number;
}

/**
 * Rolls invoice-by-location amounts up to months and locations. An invoice's payments are shared over its
 * locations in proportion to what each was billed on it (apportionCents), so every cent paid is counted once.
 */
export function rollUpBusinessReport(rows: readonly InvoiceLocationAmount[], months: readonly string[]) {
  const byInvoice = new Map<number, InvoiceLocationAmount[]>();
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
  const cells = new Map<string, { month: string; serviceLocationId: number | null; billed: number; paid: number }>();
  for (const invoiceRows of byInvoice.values()) {
    const paidShares = apportionCents(
      invoiceRows[0]?.invoicePaidCents ?? 0,
      invoiceRows.map((r) => Math.max(r.billedCents, 0)),
    );
    invoiceRows.forEach((r, i) => {
      const key = `${r.month}|${r.serviceLocationId ?? ''}`;
      const cell = cells.get(key) ?? { month: r.month, serviceLocationId: r.serviceLocationId, billed: 0, paid: 0 };
      cell.billed += r.billedCents;
      cell.paid += paidShares[i] ?? 0;
      cells.set(key, cell);
    });
  }
  const money = (billed: number, paid: number) => ({
    billedCents: billed,
    paidCents: paid,
    balanceCents: billed - paid,
  });
  const sorted = [...cells.values()].sort(
    (a, b) =>
      a.month.localeCompare(b.month) ||
      (a.serviceLocationId ?? Number.MAX_SAFE_INTEGER) - (b.serviceLocationId ?? Number.MAX_SAFE_INTEGER),
  );
  const sum = (list: typeof sorted) =>
    money(
      list.reduce((a, c) => a + c.billed, 0),
      list.reduce((a, c) => a + c.paid, 0),
    );
  return {
    rows: sorted.map((c) => ({ month: c.month, ServiceLocationID: c.serviceLocationId, ...money(c.billed, c.paid) })),
    monthTotals: months.map((month) => ({ month, ...sum(sorted.filter((c) => c.month === month)) })),
    totals: sum(sorted),
  };
}

// ---- phone report (viewPhoneReport) ------------------------------------------------------------------------------

const monthParam = (label: string) =>
  z.string().trim().refine(isRealMonth, `${label} must be a month like 2025-01.`).optional();

/** The filter of the phone report and its CSV. `number` matches any part of either number, digits only. */
export const PhoneReportFilterSchema = z.object({
  from: calendarDate('From').optional(),
  to: calendarDate('To').optional(),
  direction: z
    .enum(CALL_DIRECTIONS, { message: `Direction must be one of: ${CALL_DIRECTIONS.join(', ')}.` })
    .optional(),
  number: z
    .string()
    .trim()
    .max(25, 'Number must be at most 25 characters.')
    .regex(/^[\d\s().+-]*$/, 'Number may hold only digits, spaces and + ( ) -.')
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length <= 15, 'Number must have at most 15 digits.')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
});
export type PhoneReportFilter = z.input<typeof PhoneReportFilterSchema>;

const pageNumber = (label: string, max: number, fallback: number) =>
  z.coerce
    .number({ message: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(max, `${label} must be at most ${max}.`)
    .default(fallback);

export const PhoneReportQuerySchema = PhoneReportFilterSchema.extend({
  page: pageNumber('Page', 100_000, 1),
  pageSize: pageNumber('Page size', PHONE_REPORT_MAX_PAGE_SIZE, PHONE_REPORT_DEFAULT_PAGE_SIZE),
});
export type PhoneReportParams = z.input<typeof PhoneReportQuerySchema>;

const CallTotalsSchema = z.object({
  calls: z.number().int(),
  /** Calls that connected (more than 0 seconds). */
  connectedCalls: z.number().int(),
  seconds: z.number().int(),
  /** Each call rounded up to the whole minute, then added (billedMinutes). */
  billedMinutes: z.number().int(),
});
export type CallTotals = z.infer<typeof CallTotalsSchema>;

export const CallRecordSchema = z.object({
  CallID: z.number().int(),
  startedAt: z.string(),
  direction: z.enum(CALL_DIRECTIONS),
  fromNumber: z.string(),
  toNumber: z.string(),
  durationSeconds: z.number().int(),
  billedMinutes: z.number().int(),
});
export type CallRecord = z.infer<typeof CallRecordSchema>;

export const PhoneReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  direction: z.enum(CALL_DIRECTIONS).nullable(),
  number: z.string().nullable(),
  summary: CallTotalsSchema,
  byDirection: z.array(CallTotalsSchema.extend({ direction: z.enum(CALL_DIRECTIONS) })),
  /** Days with calls, oldest first (UTC dates). */
  byDay: z.array(CallTotalsSchema.extend({ date: z.string() })),
  /** One page of the calls, newest first. */
  calls: z.array(CallRecordSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
export type PhoneReport = z.infer<typeof PhoneReportSchema>;

// ---- business report (viewBusinessReport, viewDownloadBusinessReport, downloadBusinessReport) -----------------------

export const BusinessReportQuerySchema = z.object({ from: monthParam('From'), to: monthParam('To') });
export type BusinessReportParams = z.input<typeof BusinessReportQuerySchema>;

const MoneySchema = z.object({
  billedCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
});

export const BusinessReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The account's service locations, and null for charges of the whole account (PBX seats, IPs, taxes). */
  locations: z.array(z.object({ ServiceLocationID: z.number().int().nullable(), label: z.string() })),
  /** Months with invoices, one row per location billed that month. */
  rows: z.array(MoneySchema.extend({ month: z.string(), ServiceLocationID: z.number().int().nullable() })),
  /** Every month of the range, zero when nothing was billed. */
  monthTotals: z.array(MoneySchema.extend({ month: z.string() })),
  totals: MoneySchema,
});
export type BusinessReport = z.infer<typeof BusinessReportSchema>;

/** The label of the account-wide row. */
export const ACCOUNT_WIDE_LABEL = 'Account-wide charges';
