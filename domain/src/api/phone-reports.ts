/**
 * The nine phone report types of SPEC §9 (1+ Billing, 800 Billing, Busy Report, Call Volume, Call Volume - no filter,
 * Concurrent Calls, Full Month Report, Outbound Calls, Summary) over a business account's call records. The same
 * query serves the customer (/api/customer/reports/calls/{type}: the session's account) and billing staff
 * (/api/staff/reports/calls/{type}?vcCustomerID=…). Every answer is a ReportData (report-data.ts).
 *
 * How a call is classed: by the number dialled (to_number), the way a carrier rates it. Inbound calls to a toll-free
 * number of the account are 800 calls (the account pays for them); outbound calls are local (10 digits), long
 * distance (1 + area code), toll-free (1 + 800/833/844/855/866/877/888) or international (011 …). 1+ Billing is the
 * outbound long-distance and international calls, each billed minute at its rate.
 */
import { z } from 'zod';
import { calendarDate } from './calendar-date.js';
import { CALL_DIRECTIONS, isRealMonth } from './reports.js';

export const PHONE_REPORT_TYPES = [
  { id: 'one-plus-billing', name: '1+ Billing', filters: ['number'], range: 'days' },
  { id: 'toll-free-billing', name: '800 Billing', filters: ['number'], range: 'days' },
  { id: 'busy', name: 'Busy Report', filters: ['direction', 'number'], range: 'days' },
  { id: 'call-volume', name: 'Call Volume', filters: ['direction', 'number'], range: 'days' },
  { id: 'call-volume-all', name: 'Call Volume - no filter', filters: [], range: 'days' },
  { id: 'concurrent', name: 'Concurrent Calls', filters: [], range: 'days' },
  { id: 'full-month', name: 'Full Month Report', filters: [], range: 'month' },
  { id: 'outbound', name: 'Outbound Calls', filters: ['number'], range: 'days' },
  { id: 'summary', name: 'Summary', filters: [], range: 'days' },
] as const satisfies readonly {
  id: string;
  name: string;
  filters: readonly ('direction' | 'number')[];
  range: 'days' | 'month';
}[];

export type PhoneReportType = (typeof PHONE_REPORT_TYPES)[number]['id'];
export const PHONE_REPORT_TYPE_IDS = PHONE_REPORT_TYPES.map((t) => t.id) as [PhoneReportType, ...PhoneReportType[]];
export const PhoneReportTypeSchema = z.enum(PHONE_REPORT_TYPE_IDS, {
  message: `Report type must be one of: ${PHONE_REPORT_TYPE_IDS.join(', ')}.`,
});
export const phoneReportTypeOf = (id: PhoneReportType) =>
  PHONE_REPORT_TYPES.find((t) => t.id === id) ?? PHONE_REPORT_TYPES[0];

export const CALL_CLASSES = ['local', 'long_distance', 'toll_free', 'international'] as const;
export type CallClass = (typeof CALL_CLASSES)[number];
export const CALL_CLASS_LABELS: Readonly<Record<CallClass, string>> = {
  local: 'Local',
  long_distance: 'Long distance',
  toll_free: 'Toll-free',
  international: 'International',
};

export const CALL_OUTCOMES = ['answered', 'busy', 'no_answer'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const TOLL_FREE_PREFIXES = ['800', '833', '844', '855', '866', '877', '888'] as const;

/** The class of the number dialled (digits only). The SQL of the reports repository applies the same rules. */
export function callClassOf(dialled: string): CallClass {
  if (dialled.startsWith('011')) return 'international';
  const national = dialled.length === 11 && dialled.startsWith('1') ? dialled.slice(1) : dialled;
  if (national.length === 10 && (TOLL_FREE_PREFIXES as readonly string[]).includes(national.slice(0, 3))) {
    return 'toll_free';
  }
  if (dialled.length === 11 && dialled.startsWith('1')) return 'long_distance';
  return 'local';
}

/** Cents per billed minute of the billing reports (1+ and 800), by class. */
export const CALL_RATES_CENTS: Readonly<Record<'long_distance' | 'international' | 'toll_free', number>> = {
  long_distance: 7,
  international: 25,
  toll_free: 5,
};

/**
 * The largest number of calls in progress at once. A call is in progress from its start to start + duration
 * (half-open: one that ends as another starts does not overlap it). Calls of 0 seconds never connected and do not
 * count. The reference of the SQL sweep (and its tests); O(n log n).
 */
export function peakConcurrency(calls: readonly { start: number; seconds: number }[]): {
  peak: number;
  at: number | null;
} {
  const events: [number, number][] = [];
  for (const c of calls) {
    if (c.seconds <= 0) continue;
    events.push([c.start, 1], [c.start + c.seconds, -1]);
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  let at: number | null = null;
  for (const [t, d] of events) {
    now += d;
    if (now > peak) {
      peak = now;
      at = t;
    }
  }
  return { peak, at };
}

// ---- the query --------------------------------------------------------------------------------------------------

/** The query of every type; a type ignores the filters it does not list. */
export const PhoneTypeReportQuerySchema = z.object({
  from: calendarDate('From').optional(),
  to: calendarDate('To').optional(),
  /** Full Month Report: the month (default the current one). */
  month: z.string().trim().refine(isRealMonth, 'Month must be a month like 2025-01.').optional(),
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
export type PhoneTypeReportParams = z.input<typeof PhoneTypeReportQuerySchema>;

/** The staff variant names the business customer. */
export const StaffPhoneReportQuerySchema = PhoneTypeReportQuerySchema.extend({
  vcCustomerID: z
    .string({ message: 'Customer is required: the account number of a business customer.' })
    .trim()
    .regex(/^\d{4}-\d{4}-\d{4}$/, 'Customer must be an account number like 1000-3000-0001.'),
});
export type StaffPhoneReportParams = z.input<typeof StaffPhoneReportQuerySchema>;
