/**
 * The nine phone report types' SQL (phone-reports.service.ts builds the reports). Every read is one account's calls
 * in a range of days, found through call_records_report_idx (customer_id, started_at, direction, outcome,
 * duration_seconds, to_number, from_number: 0017-reports), which holds every column read here, so the grouping
 * never touches the table. One grouped query answers most types (callGroups); the concurrent calls are a sweep in
 * SQL (concurrencyPeaks): each call's start (+1) and end (-1), a running sum over them in time order, and each day's
 * highest value.
 *
 * On a year of calls the grouping and the sweep are read from per-day summaries instead (0024-call-summaries, kept by
 * triggers on call_records): call_hour_totals and call_line_totals for the groupings, call_day_peaks for the
 * concurrency peaks (swept once per day, again when a call of that day is written). The results are identical; the
 * records are read when a filter needs them (a number) or when `raw` asks for it (PHONE_REPORTS_SOURCE=records).
 */
import { addDays, type CallClass, type CallDirection, TOLL_FREE_PREFIXES } from '@strand/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/database.js';
import { epochSeconds } from '../../db/sql.js';

export interface CallScope {
  customerId: string;
  from: string;
  to: string;
  direction?: CallDirection | undefined;
  /** Digits; matches any part of either number. */
  number?: string | undefined;
  classes?: readonly CallClass[] | undefined;
  /** Only calls that connected (more than 0 seconds). */
  connectedOnly?: boolean;
  /** Read the call records, never the summaries (the baseline the summaries are checked against). */
  raw?: boolean;
}

const tollFree = sql.join(TOLL_FREE_PREFIXES.map((p) => sql.lit(p)));

/** The class of the number dialled (domain callClassOf, in SQL). */
export const callClass: RawBuilder<CallClass> = sql<CallClass>`case
  when to_number like '011%' then 'international'
  when (length(to_number) = 11 and substr(to_number, 1, 1) = '1' and substr(to_number, 2, 3) in (${tollFree}))
    or (length(to_number) = 10 and substr(to_number, 1, 3) in (${tollFree})) then 'toll_free'
  when length(to_number) = 11 and substr(to_number, 1, 1) = '1' then 'long_distance'
  else 'local' end`;

const KEYS = {
  day: sql<string>`substr(started_at, 1, 10)`,
  hour: sql<string>`substr(started_at, 12, 2)`,
  direction: sql<string>`direction`,
  class: callClass,
  outcome: sql<string>`outcome`,
  /** The account's own number: the called one of an inbound call, the calling one of an outbound call. */
  line: sql<string>`case when direction = 'inbound' then to_number else from_number end`,
  dialled: sql<string>`to_number`,
} satisfies Record<string, RawBuilder<string>>;
export type GroupKey = keyof typeof KEYS;

function scoped(db: Kysely<Database>, s: CallScope) {
  let q = db
    .selectFrom('call_records')
    .where('customer_id', '=', s.customerId)
    .where('started_at', '>=', `${s.from}T00:00:00.000Z`)
    .where('started_at', '<', `${addDays(s.to, 1)}T00:00:00.000Z`);
  if (s.direction) q = q.where('direction', '=', s.direction);
  if (s.connectedOnly) q = q.where('duration_seconds', '>', 0);
  if (s.classes) {
    const classes = s.classes;
    q = q.where(() => sql<boolean>`${callClass} in (${sql.join(classes.map((c) => sql.lit(c)))})`);
  }
  const number = s.number;
  // Digits only (the schema strips the rest), so the pattern needs no escaping.
  if (number) {
    q = q.where((eb) => eb.or([eb('from_number', 'like', `%${number}%`), eb('to_number', 'like', `%${number}%`)]));
  }
  return q;
}

export interface CallGroup {
  keys: Record<GroupKey, string>;
  calls: number;
  answered: number;
  busy: number;
  noAnswer: number;
  seconds: number;
  /** Each call rounded up to the whole minute, then added. */
  minutes: number;
}

const rowOf = (by: readonly GroupKey[]) => (r: Record<string, string | number | null>) => ({
  keys: Object.fromEntries(by.map((k) => [k, String(r[`k_${k}`])])) as Record<GroupKey, string>,
  calls: Number(r.calls ?? 0),
  answered: Number(r.answered ?? 0),
  busy: Number(r.busy ?? 0),
  noAnswer: Number(r.no_answer ?? 0),
  seconds: Number(r.seconds ?? 0),
  minutes: Number(r.minutes ?? 0),
});

/** The summary that holds every key of `by`, or null when the records must be read. */
function summaryFor(scope: CallScope, by: readonly GroupKey[]): 'call_hour_totals' | 'call_line_totals' | null {
  if (scope.raw || scope.number) return null;
  if (by.every((k) => k === 'day' || k === 'hour' || k === 'direction' || k === 'class')) return 'call_hour_totals';
  if (by.every((k) => k === 'day' || k === 'line' || k === 'direction' || k === 'class')) return 'call_line_totals';
  return null;
}

/** Calls, answered, busy, unanswered, seconds and billed minutes per group of `by`, in the order of `by`. */
export async function callGroups(
  db: Kysely<Database>,
  scope: CallScope,
  by: readonly GroupKey[],
): Promise<CallGroup[]> {
  const summary = summaryFor(scope, by);
  if (summary) return summaryGroups(db, summary, scope, by);
  let q = scoped(db, scope).select([
    (eb) => eb.fn.countAll<number>().as('calls'),
    sql<number>`sum(case when duration_seconds > 0 then 1 else 0 end)`.as('answered'),
    sql<number>`sum(case when outcome = 'busy' then 1 else 0 end)`.as('busy'),
    sql<number>`sum(case when outcome = 'no_answer' then 1 else 0 end)`.as('no_answer'),
    sql<number>`coalesce(sum(duration_seconds), 0)`.as('seconds'),
    sql<number>`coalesce(sum((duration_seconds + 59) / 60), 0)`.as('minutes'),
  ]);
  for (const key of by) q = q.select((KEYS[key] as RawBuilder<string>).as(`k_${key}`));
  if (by.length > 0) {
    q = q.groupBy(by.map((k) => KEYS[k]));
    for (const key of by) q = q.orderBy(KEYS[key]);
  }
  const rows = (await q.execute()) as unknown as Record<string, string | number | null>[];
  return rows.filter((r) => by.length > 0 || Number(r.calls) > 0).map(rowOf(by));
}

/**
 * The whole months (YYYY-MM) within from..to, and the days of the range before and after them (empty when none);
 * null when no month of the range is whole.
 */
export function wholeMonths(from: string, to: string): { months: [string, string]; days: [string, string][] } | null {
  const first = from.endsWith('-01') ? from : `${addDays(`${from.slice(0, 7)}-28`, 4).slice(0, 7)}-01`;
  const after = addDays(to, 1);
  const end = `${after.slice(0, 7)}-01`; // the first day after the last whole month
  if (first >= end) return null;
  const days: [string, string][] = [];
  if (from < first) days.push([from, addDays(first, -1)]);
  if (end <= to) days.push([end, to]);
  return { months: [first.slice(0, 7), addDays(end, -1).slice(0, 7)], days };
}

const SUMMARY_MEASURES = ['calls', 'connected', 'busy', 'no_answer', 'seconds', 'minutes'] as const;

/**
 * callGroups from a per-day summary: the same groups, from ~100 rows a day instead of every call. A per-line grouping
 * without the day reads the whole months of the range from call_line_month_totals (0026) and the days at its ends
 * from call_line_totals.
 */
async function summaryGroups(
  db: Kysely<Database>,
  table: 'call_hour_totals' | 'call_line_totals',
  s: CallScope,
  by: readonly GroupKey[],
): Promise<CallGroup[]> {
  const split = table === 'call_line_totals' && !by.includes('day') ? wholeMonths(s.from, s.to) : null;
  // The two summaries share every column read here but `hour` and `line` (summaryFor picks the one that has them);
  // the month totals have the line summary's columns with `month` for `day`.
  const rows = (from: 'call_hour_totals' | 'call_line_totals' | 'call_line_month_totals') => {
    let q = db.selectFrom(from as 'call_hour_totals').where('customer_id', '=', s.customerId);
    if (s.direction) q = q.where('direction', '=', s.direction);
    if (s.connectedOnly) q = q.where('connected', '=', 1);
    if (s.classes) q = q.where('class', 'in', s.classes);
    return q.select([...SUMMARY_MEASURES, ...by.map((k) => sql.ref(k).as(k))]);
  };
  const days = (ranges: [string, string][]) =>
    rows(table).where((eb) => eb.or(ranges.map(([a, b]) => eb.and([eb('day', '>=', a), eb('day', '<=', b)]))));
  const parts = split
    ? [
        ...(split.days.length > 0 ? [days(split.days)] : []),
        rows('call_line_month_totals')
          .where(sql.ref('month'), '>=', split.months[0])
          .where(sql.ref('month'), '<=', split.months[1]),
      ]
    : [days([[s.from, s.to]])];
  const source = parts.slice(1).reduce((u, p) => u.unionAll(p), parts[0] as (typeof parts)[number]);
  const keys = by.map((k) => sql.ref(k));
  let q = db
    .selectFrom(source.as('t') as unknown as 'call_hour_totals')
    .select([
      sql<number>`sum(calls)`.as('calls'),
      sql<number>`sum(case when connected = 1 then calls else 0 end)`.as('answered'),
      sql<number>`sum(busy)`.as('busy'),
      sql<number>`sum(no_answer)`.as('no_answer'),
      sql<number>`coalesce(sum(seconds), 0)`.as('seconds'),
      sql<number>`coalesce(sum(minutes), 0)`.as('minutes'),
    ]);
  for (const key of by) q = q.select(sql.ref(key).as(`k_${key}`));
  if (by.length > 0) {
    q = q.groupBy(keys);
    for (const key of keys) q = q.orderBy(key);
  }
  const result = (await q.execute()) as unknown as Record<string, string | number | null>[];
  return result.filter((r) => by.length > 0 || Number(r.calls) > 0).map(rowOf(by));
}

/**
 * The highest number of calls in progress at once on each day of the scope, and the moment (seconds since 1970) it
 * was first reached. A call is in progress from its start to start + duration; at the same instant an end is counted
 * before a start, so back-to-back calls do not overlap. Days are UTC; a day whose peak is 0 is left out.
 */
export async function concurrencyPeaks(
  db: Kysely<Database>,
  dialect: DialectName,
  scope: CallScope,
): Promise<{ at: number; peak: number }[]> {
  const calls = scoped(db, { ...scope, connectedOnly: true }).select([
    epochSeconds(dialect, 'started_at').as('s'),
    'duration_seconds as d',
  ]);
  const result = await db
    .with('calls', () => calls)
    .with('ev', (w) =>
      w
        .selectFrom('calls')
        .select(['s as t', sql<number>`1`.as('delta')])
        .unionAll(w.selectFrom('calls').select([sql<number>`s + d`.as('t'), sql<number>`-1`.as('delta')])),
    )
    .with('run', (w) =>
      w
        .selectFrom('ev')
        .select([
          't',
          sql<number>`sum(delta) over (order by t, delta rows between unbounded preceding and current row)`.as('n'),
        ]),
    )
    // Each day's highest count and the first second it was reached, in one grouping pass: the key puts the count
    // first and, among equal counts, the earlier second of the day higher (99999 - second: a day has 86400).
    .selectFrom('run')
    .select([sql<number>`t / 86400`.as('day'), sql<number>`max(n * 100000 + (99999 - t % 86400))`.as('k')])
    .groupBy(sql`t / 86400`)
    .orderBy(sql`t / 86400`)
    .execute();
  return result
    .map((r) => {
      const k = Number(r.k);
      const peak = Math.floor(k / 100_000);
      return { at: Number(r.day) * 86_400 + (99_999 - (k % 100_000)), peak };
    })
    .filter((p) => p.peak > 0);
}

type Peak = { at: number; peak: number };
const dayOfSecond = (at: number) => new Date(at * 1000).toISOString().slice(0, 10);

/**
 * concurrencyPeaks of the days from..to (each day's peak, days outside the range left out), from the call_day_peaks
 * cache: a cached day holds the sweep of the calls that started that day and the day before, which is what a sweep
 * from `from` finds on every day but the first (swept from the records, a day of calls) — unless a call lasts into a
 * day two days after its start (long_calls), when the whole range is swept from the records. Stale days are claimed
 * (stale = 0, rows locked on PostgreSQL) before they are swept, so a call written meanwhile marks them stale again.
 */
export async function dayPeaks(db: Kysely<Database>, dialect: DialectName, scope: CallScope): Promise<Peak[]> {
  const inRange = (ps: Peak[]) => ps.filter((p) => dayOfSecond(p.at) >= scope.from && dayOfSecond(p.at) <= scope.to);
  const unfiltered = !scope.direction && !scope.number && !scope.classes;
  if (scope.raw || !unfiltered) return inRange(await concurrencyPeaks(db, dialect, scope));
  const cacheFrom = addDays(scope.from, 1);
  return db.transaction().execute(async (trx) => {
    const longCalls = await trx
      .selectFrom('call_day_peaks')
      .select(sql<number>`coalesce(sum(long_calls), 0)`.as('n'))
      .where('customer_id', '=', scope.customerId)
      .where('day', '>=', addDays(scope.from, -1))
      .where('day', '<=', scope.to)
      .executeTakeFirst();
    if (Number(longCalls?.n ?? 0) > 0) return inRange(await concurrencyPeaks(trx, dialect, scope));
    const claimed = await trx
      .updateTable('call_day_peaks')
      .set({ stale: 0 })
      .where('customer_id', '=', scope.customerId)
      .where('day', '>=', cacheFrom)
      .where('day', '<=', scope.to)
      .where('stale', '=', 1)
      .returning('day')
      .execute();
    if (claimed.length > 0) {
      const days = claimed.map((r) => r.day).sort();
      const first = days[0] as string;
      const last = days[days.length - 1] as string;
      const swept = new Map<string, Peak>();
      for (const p of await concurrencyPeaks(trx, dialect, { ...scope, from: addDays(first, -1), to: last })) {
        swept.set(dayOfSecond(p.at), p);
      }
      for (const day of days) {
        const p = swept.get(day);
        await trx
          .updateTable('call_day_peaks')
          .set({ peak: p?.peak ?? 0, first_at: p?.at ?? 0 })
          .where('customer_id', '=', scope.customerId)
          .where('day', '=', day)
          .execute();
      }
    }
    const firstDay = await concurrencyPeaks(trx, dialect, { ...scope, to: scope.from });
    const cached = await trx
      .selectFrom('call_day_peaks')
      .select(['first_at', 'peak'])
      .where('customer_id', '=', scope.customerId)
      .where('day', '>=', cacheFrom)
      .where('day', '<=', scope.to)
      .where('peak', '>', 0)
      .orderBy('day')
      .execute();
    return [
      ...firstDay.filter((p) => dayOfSecond(p.at) === scope.from),
      ...cached.map((r) => ({ at: Number(r.first_at), peak: Number(r.peak) })),
    ];
  });
}

/** The account's name (the reports' subject) and type, or undefined. */
export function customer(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'customer_type'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}
