/**
 * The nine phone report types of SPEC §9 (domain/src/api/phone-reports.ts), one engine for the business customer's
 * own account (/reports) and for billing staff looking at any business customer (/staff/reports). Each type is a
 * few grouped queries (phone-reports.repository.ts) turned into a ReportData: totals, a chart where a chart says
 * more than a table, and tables; the CSV and PDF are written from the same ReportData (report-files.ts).
 */
import {
  addMonths,
  CALL_CLASS_LABELS,
  CALL_CLASSES,
  CALL_RATES_CENTS,
  type CallClass,
  type CallDirection,
  type CustomerType,
  column,
  daysBetween,
  type PhoneReportType,
  type PhoneTypeReportQuerySchema,
  percentOf,
  phoneReportTypeOf,
  type ReportCell,
  type ReportData,
  resolveDayRange,
  showsReports,
  stat,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import * as repo from './phone-reports.repository.js';

export type PhoneTypeQuery = z.output<typeof PhoneTypeReportQuerySchema>;
export interface PhoneSubject {
  customerId: string;
  customerName: string;
}

const today = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourKey = (h: number) => String(h).padStart(2, '0');
/** Seconds since 1970 -> "2025-03-05 14:03 UTC". */
const utcMinute = (at: number) => `${new Date(at * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const DIRECTION_LABEL: Record<CallDirection, string> = { inbound: 'Inbound', outbound: 'Outbound' };

/** The staff's subject: a business customer, or a 400 naming vcCustomerID. */
export async function businessSubject(ctx: AppContext, vcCustomerID: string): Promise<PhoneSubject> {
  const row = await repo.customer(ctx.db, vcCustomerID);
  if (!row) {
    throw badRequest('No customer has this account number.', { vcCustomerID: 'No customer has this account number.' });
  }
  if (!showsReports(row.customer_type as CustomerType)) {
    const message = `${row.name} is a ${row.customer_type} customer; phone reports are for business customers.`;
    throw badRequest(message, { vcCustomerID: message });
  }
  return { customerId: row.id, customerName: row.name };
}

/** The range of a type: a month for the Full Month Report, else a range of days (the phone report's rules). */
export function rangeOf(ctx: AppContext, type: PhoneReportType, query: PhoneTypeQuery): { from: string; to: string } {
  if (phoneReportTypeOf(type).range === 'month') {
    const month = query.month ?? today(ctx).slice(0, 7);
    const last = new Date(Date.parse(`${addMonths(month, 1)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    return { from: `${month}-01`, to: last };
  }
  const range = resolveDayRange(query, today(ctx));
  if (!range.ok) throw badRequest(range.message, range.fields);
  return range;
}

function scopeOf(
  ctx: AppContext,
  subject: PhoneSubject,
  type: PhoneReportType,
  range: { from: string; to: string },
  q: PhoneTypeQuery,
) {
  const filters: readonly string[] = phoneReportTypeOf(type).filters;
  return {
    raw: ctx.config.phoneReports.source === 'records',
    customerId: subject.customerId,
    from: range.from,
    to: range.to,
    direction: filters.includes('direction') ? q.direction : undefined,
    number: filters.includes('number') ? q.number : undefined,
  } satisfies repo.CallScope;
}

function filterNote(scope: repo.CallScope): string {
  const parts = [scope.direction && `${scope.direction} calls`, scope.number && `numbers containing ${scope.number}`];
  return parts.filter(Boolean).length ? ` Filtered to ${parts.filter(Boolean).join(', ')}.` : '';
}

export async function phoneTypeReport(
  ctx: AppContext,
  subject: PhoneSubject,
  type: PhoneReportType,
  query: PhoneTypeQuery,
): Promise<ReportData> {
  const range = rangeOf(ctx, type, query);
  const scope = scopeOf(ctx, subject, type, range, query);
  const base = {
    type,
    title: phoneReportTypeOf(type).name,
    from: range.from,
    to: range.to,
    subject: `${subject.customerName} (${subject.customerId})`,
  };
  const built = await BUILDERS[type](ctx, scope);
  return { ...base, ...built, description: built.description + filterNote(scope) };
}

type Built = Omit<ReportData, 'type' | 'title' | 'from' | 'to' | 'subject'>;

const chargeOf = (c: CallClass, minutes: number) =>
  c === 'long_distance' || c === 'international' || c === 'toll_free' ? minutes * CALL_RATES_CENTS[c] : 0;

const perDay = (rows: repo.CallGroup[], scope: repo.CallScope, pick: (g: repo.CallGroup) => number) => {
  const byDay = new Map<string, number>();
  for (const r of rows) byDay.set(r.keys.day, (byDay.get(r.keys.day) ?? 0) + pick(r));
  return daysBetween(scope.from, scope.to).map((d) => byDay.get(d) ?? 0);
};

/** 1+ Billing and 800 Billing: billed minutes per day (chart), per line or number and per day (tables). */
async function billing(ctx: AppContext, scope: repo.CallScope, kind: 'one-plus' | 'toll-free'): Promise<Built> {
  const onePlus = kind === 'one-plus';
  const s: repo.CallScope = {
    ...scope,
    direction: onePlus ? 'outbound' : 'inbound',
    classes: onePlus ? ['long_distance', 'international'] : ['toll_free'],
    connectedOnly: true,
  };
  const [byDayClass, byLineClass] = await Promise.all([
    repo.callGroups(ctx.db, s, ['day', 'class']),
    repo.callGroups(ctx.db, s, ['line', 'class']),
  ]);
  const charge = (g: repo.CallGroup) => chargeOf(g.keys.class as CallClass, g.minutes);
  const days = daysBetween(scope.from, scope.to);
  const dayRows = days
    .map((d) => byDayClass.filter((g) => g.keys.day === d))
    .map((gs, i) => [days[i] ?? '', sum(gs.map((g) => g.calls)), sum(gs.map((g) => g.minutes)), sum(gs.map(charge))])
    .filter((r) => (r[1] as number) > 0);
  const lines = [...new Set(byLineClass.map((g) => g.keys.line))];
  const lineRows = lines
    .map((line) => {
      const gs = byLineClass.filter((g) => g.keys.line === line);
      return [line, sum(gs.map((g) => g.calls)), sum(gs.map((g) => g.minutes)), sum(gs.map(charge))];
    })
    .sort((a, b) => (b[3] as number) - (a[3] as number));
  const calls = sum(byDayClass.map((g) => g.calls));
  const minutes = sum(byDayClass.map((g) => g.minutes));
  const cents = sum(byDayClass.map(charge));
  const series = onePlus
    ? (['long_distance', 'international'] as const).map((c) => ({
        name: CALL_CLASS_LABELS[c],
        values: perDay(
          byDayClass.filter((g) => g.keys.class === c),
          scope,
          (g) => g.minutes,
        ),
      }))
    : [{ name: 'Toll-free', values: perDay(byDayClass, scope, (g) => g.minutes) }];
  const lineLabel = onePlus ? 'Calling line' : 'Toll-free number';
  const footer: ReportCell[] = ['Total', calls, minutes, cents];
  return {
    description: onePlus
      ? `Outbound long-distance (1 + area code) and international (011) calls that connected, each rounded up to the whole minute and billed at ${CALL_RATES_CENTS.long_distance}¢ a minute (international ${CALL_RATES_CENTS.international}¢).`
      : `Inbound calls to the account's toll-free numbers that connected: the account pays for them, each rounded up to the whole minute at ${CALL_RATES_CENTS.toll_free}¢ a minute.`,
    stats: [
      stat('Calls', calls, 'count'),
      stat('Billed minutes', minutes, 'minutes'),
      stat('Charges', cents, 'cents'),
      stat(onePlus ? 'Lines that called' : 'Toll-free numbers', lines.length, 'count'),
    ],
    chart: {
      kind: 'stacked',
      caption: 'Billed minutes per day',
      categoryLabel: 'Day',
      categoryFormat: 'date',
      valueLabel: 'Billed minutes',
      valueFormat: 'minutes',
      categories: days,
      series,
    },
    tables: [
      {
        caption: onePlus ? 'Charges per calling line' : 'Charges per toll-free number',
        columns: [
          column(lineLabel, 'phone'),
          column('Calls', 'count'),
          column('Billed minutes', 'minutes'),
          column('Charge', 'cents'),
        ],
        rows: lineRows,
        footer,
        note: null,
      },
      {
        caption: 'Charges per day',
        columns: [
          column('Day', 'date'),
          column('Calls', 'count'),
          column('Billed minutes', 'minutes'),
          column('Charge', 'cents'),
        ],
        rows: dayRows,
        footer,
        note: null,
      },
    ],
  };
}

/** Busy Report: attempts and busy signals by hour of the day (chart and table). */
async function busy(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
  const [byHour, byDay] = await Promise.all([
    repo.callGroups(ctx.db, scope, ['hour']),
    repo.callGroups(ctx.db, scope, ['day']),
  ]);
  const at = (h: number) => byHour.find((g) => g.keys.hour === hourKey(h));
  const attempts = sum(byHour.map((g) => g.calls));
  const busyCalls = sum(byHour.map((g) => g.busy));
  const worst = [...byHour].sort((a, b) => b.busy - a.busy || a.keys.hour.localeCompare(b.keys.hour))[0];
  const busyDays = byDay
    .filter((g) => g.busy > 0)
    .sort((a, b) => b.busy - a.busy || a.keys.day.localeCompare(b.keys.day));
  return {
    description:
      'Calls that got a busy signal (every line in use, or the far end busy), by hour of the day (UTC), against all call attempts in that hour.',
    stats: [
      stat('Call attempts', attempts, 'count'),
      stat('Busy', busyCalls, 'count'),
      stat('Busy share', percentOf(busyCalls, attempts), 'percent'),
      stat(
        'Busiest hour',
        worst && worst.busy > 0 ? Number(worst.keys.hour) : 0,
        'hour',
        worst && worst.busy > 0 ? `${worst.busy} busy calls` : 'No busy calls',
      ),
    ],
    chart: {
      kind: 'bar',
      caption: 'Busy signals by hour of the day',
      categoryLabel: 'Hour (UTC)',
      categoryFormat: 'hour',
      valueLabel: 'Busy calls',
      valueFormat: 'count',
      categories: HOURS,
      series: [{ name: 'Busy', values: HOURS.map((h) => at(h)?.busy ?? 0) }],
    },
    tables: [
      {
        caption: 'Busy signals by hour',
        columns: [
          column('Hour (UTC)', 'hour'),
          column('Attempts', 'count'),
          column('Busy', 'count'),
          column('Busy share', 'percent'),
        ],
        rows: byHour.map((g) => [Number(g.keys.hour), g.calls, g.busy, percentOf(g.busy, g.calls)]),
        footer: ['Total', attempts, busyCalls, percentOf(busyCalls, attempts)],
        note: null,
      },
      {
        caption: 'Days with busy signals',
        columns: [
          column('Day', 'date'),
          column('Attempts', 'count'),
          column('Busy', 'count'),
          column('Busy share', 'percent'),
        ],
        rows: busyDays.map((g) => [g.keys.day, g.calls, g.busy, percentOf(g.busy, g.calls)]),
        footer: null,
        note: null,
      },
    ],
  };
}

/**
 * The table of Call Volume (per hour) and Call Volume - no filter (per day): for each key with calls, inbound,
 * outbound, all calls and billed minutes, and the totals.
 */
function directionTable<K extends string | number>(
  caption: string,
  keyColumn: ReportData['tables'][number]['columns'][number],
  keys: readonly K[],
  groups: readonly repo.CallGroup[],
  keyOf: (g: repo.CallGroup) => K,
): ReportData['tables'][number] {
  const byKey = new Map<K, repo.CallGroup[]>();
  for (const g of groups) byKey.set(keyOf(g), [...(byKey.get(keyOf(g)) ?? []), g]);
  const rows = keys
    .map((k) => {
      const gs = byKey.get(k) ?? [];
      const calls = (d: CallDirection) => sum(gs.filter((g) => g.keys.direction === d).map((g) => g.calls));
      const inbound = calls('inbound');
      const outbound = calls('outbound');
      return [k, inbound, outbound, inbound + outbound, sum(gs.map((g) => g.minutes))] as ReportCell[];
    })
    .filter((r) => (r[3] as number) > 0);
  const col = (i: number) => sum(rows.map((r) => r[i] as number));
  return {
    caption,
    columns: [
      keyColumn,
      column('Inbound', 'count'),
      column('Outbound', 'count'),
      column('Calls', 'count'),
      column('Billed minutes', 'minutes'),
    ],
    rows,
    footer: ['Total', col(1), col(2), col(3), col(4)],
    note: null,
  };
}

/** Call Volume: calls per hour of the day, inbound and outbound, with the filters. */
async function callVolume(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
  const groups = await repo.callGroups(ctx.db, scope, ['hour', 'direction']);
  const count = (h: number, d: CallDirection) =>
    groups.find((g) => g.keys.hour === hourKey(h) && g.keys.direction === d)?.calls ?? 0;
  const directions = (['inbound', 'outbound'] as const).filter((d) => !scope.direction || d === scope.direction);
  const table = directionTable('Calls per hour', column('Hour (UTC)', 'hour'), HOURS, groups, (g) =>
    Number(g.keys.hour),
  );
  const rows = table.rows;
  const total = sum(groups.map((g) => g.calls));
  const top = [...rows].sort((a, b) => (b[3] as number) - (a[3] as number))[0];
  return {
    description: 'Every call attempt by hour of the day (UTC) it started, inbound and outbound.',
    stats: [
      stat('Calls', total, 'count'),
      ...directions.map((d) =>
        stat(DIRECTION_LABEL[d], sum(groups.filter((g) => g.keys.direction === d).map((g) => g.calls)), 'count'),
      ),
      stat('Busiest hour', top ? Number(top[0]) : 0, 'hour', top ? `${top[3]} calls` : 'No calls'),
    ],
    chart: {
      kind: 'stacked',
      caption: 'Calls per hour of the day',
      categoryLabel: 'Hour (UTC)',
      categoryFormat: 'hour',
      valueLabel: 'Calls',
      valueFormat: 'count',
      categories: HOURS,
      series: directions.map((d) => ({ name: DIRECTION_LABEL[d], values: HOURS.map((h) => count(h, d)) })),
    },
    tables: [table],
  };
}

/** Call Volume - no filter: every call per day, inbound and outbound. */
async function callVolumeAll(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
  const groups = await repo.callGroups(ctx.db, scope, ['day', 'direction']);
  const days = daysBetween(scope.from, scope.to);
  const of = (d: string, dir: CallDirection) => groups.find((g) => g.keys.day === d && g.keys.direction === dir);
  const table = directionTable('Calls per day', column('Day', 'date'), days, groups, (g) => g.keys.day);
  const rows = table.rows;
  const total = sum(groups.map((g) => g.calls));
  const activeDays = rows.length;
  return {
    description: 'Every call of the account per day, inbound and outbound, with no filter applied.',
    stats: [
      stat('Calls', total, 'count'),
      stat('Inbound', sum(groups.filter((g) => g.keys.direction === 'inbound').map((g) => g.calls)), 'count'),
      stat('Outbound', sum(groups.filter((g) => g.keys.direction === 'outbound').map((g) => g.calls)), 'count'),
      stat('Average per day with calls', activeDays ? Math.round(total / activeDays) : 0, 'count'),
    ],
    chart: {
      kind: 'stacked',
      caption: 'Calls per day',
      categoryLabel: 'Day',
      categoryFormat: 'date',
      valueLabel: 'Calls',
      valueFormat: 'count',
      categories: days,
      series: (['inbound', 'outbound'] as const).map((dir) => ({
        name: DIRECTION_LABEL[dir],
        values: days.map((d) => of(d, dir)?.calls ?? 0),
      })),
    },
    tables: [table],
  };
}

/** Concurrent Calls: each day's peak of simultaneous calls and when it was reached. */
async function concurrent(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
  const [peaks, byDay] = await Promise.all([
    repo.dayPeaks(ctx.db, ctx.dialect, scope),
    repo.callGroups(ctx.db, { ...scope, connectedOnly: true }, ['day']),
  ]);
  const peakOf = new Map<string, { at: number; peak: number }>();
  for (const p of peaks) {
    const day = new Date(p.at * 1000).toISOString().slice(0, 10);
    if (day >= scope.from && day <= scope.to) peakOf.set(day, p);
  }
  const days = daysBetween(scope.from, scope.to);
  const callsOf = new Map(byDay.map((g) => [g.keys.day, g.calls]));
  const highest = [...peakOf.values()].sort((a, b) => b.peak - a.peak || a.at - b.at)[0];
  const rows = days
    .filter((d) => peakOf.has(d))
    .map((d) => {
      const p = peakOf.get(d) as { at: number; peak: number };
      return [d, new Date(p.at * 1000).toISOString(), p.peak, callsOf.get(d) ?? 0];
    });
  return {
    description:
      'The most calls in progress at the same moment on each day (UTC): a call counts from its start until it ends; calls that never connected do not count.',
    stats: [
      stat('Highest peak', highest?.peak ?? 0, 'count', highest ? `at ${utcMinute(highest.at)}` : 'No connected calls'),
      stat(
        'Average daily peak',
        rows.length ? Math.round((sum(rows.map((r) => r[2] as number)) / rows.length) * 10) / 10 : 0,
        'count',
      ),
      stat('Connected calls', sum(byDay.map((g) => g.calls)), 'count'),
    ],
    chart: {
      kind: 'bar',
      caption: 'Peak concurrent calls per day',
      categoryLabel: 'Day',
      categoryFormat: 'date',
      valueLabel: 'Calls at once',
      valueFormat: 'count',
      categories: days,
      series: [{ name: 'Peak', values: days.map((d) => peakOf.get(d)?.peak ?? 0) }],
    },
    tables: [
      {
        caption: 'Peak concurrent calls per day',
        columns: [
          column('Day', 'date'),
          column('First reached (UTC)', 'datetime'),
          column('Peak', 'count'),
          column('Connected calls', 'count'),
        ],
        rows,
        footer: null,
        note: null,
      },
    ],
  };
}

/** Full Month Report: every day of a month, by direction and outcome, with 800 and 1+ calls. */
async function fullMonth(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
  const groups = await repo.callGroups(ctx.db, scope, ['day', 'direction', 'class']);
  const days = daysBetween(scope.from, scope.to);
  const rows = days.map((d) => {
    const gs = groups.filter((g) => g.keys.day === d);
    const pick = (f: (g: repo.CallGroup) => boolean, v: (g: repo.CallGroup) => number) => sum(gs.filter(f).map(v));
    const all = () => true;
    return [
      d,
      pick(
        (g) => g.keys.direction === 'inbound',
        (g) => g.calls,
      ),
      pick(
        (g) => g.keys.direction === 'outbound',
        (g) => g.calls,
      ),
      pick(all, (g) => g.answered),
      pick(all, (g) => g.busy),
      pick(all, (g) => g.noAnswer),
      pick(
        (g) => g.keys.direction === 'inbound' && g.keys.class === 'toll_free',
        (g) => g.calls,
      ),
      pick(
        (g) =>
          g.keys.direction === 'outbound' && (g.keys.class === 'long_distance' || g.keys.class === 'international'),
        (g) => g.calls,
      ),
      pick(all, (g) => g.minutes),
    ] as ReportCell[];
  });
  const col = (i: number) => sum(rows.map((r) => r[i] as number));
  return {
    description:
      'Every day of the month: calls by direction and how they ended, 800 (toll-free inbound) and 1+ (long-distance and international outbound) calls, and billed minutes.',
    stats: [
      stat('Calls', col(1) + col(2), 'count'),
      stat('Answered', col(3), 'count'),
      stat('Busy', col(4), 'count'),
      stat('Billed minutes', col(8), 'minutes'),
    ],
    chart: {
      kind: 'stacked',
      caption: 'Calls per day of the month',
      categoryLabel: 'Day',
      categoryFormat: 'date',
      valueLabel: 'Calls',
      valueFormat: 'count',
      categories: days,
      series: [
        { name: 'Inbound', values: rows.map((r) => r[1] as number) },
        { name: 'Outbound', values: rows.map((r) => r[2] as number) },
      ],
    },
    tables: [
      {
        caption: 'The month day by day',
        columns: [
          column('Day', 'date'),
          column('Inbound', 'count'),
          column('Outbound', 'count'),
          column('Answered', 'count'),
          column('Busy', 'count'),
          column('No answer', 'count'),
          column('800 calls', 'count'),
          column('1+ calls', 'count'),
          column('Billed minutes', 'minutes'),
        ],
        rows,
        footer: ['Total', ...[1, 2, 3, 4, 5, 6, 7, 8].map(col)],
        note: null,
      },
    ],
  };
}

/** Outbound Calls: per calling line and class of call, and per day by class (chart). */
async function outbound(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
  const s = { ...scope, direction: 'outbound' as const };
  const [byLine, byDay] = await Promise.all([
    repo.callGroups(ctx.db, s, ['line', 'class']),
    repo.callGroups(ctx.db, s, ['day', 'class']),
  ]);
  const days = daysBetween(scope.from, scope.to);
  const lines = [...new Set(byLine.map((g) => g.keys.line))];
  const rows = lines
    .map((line) => {
      const gs = byLine.filter((g) => g.keys.line === line);
      const of = (c: CallClass) => gs.find((g) => g.keys.class === c)?.calls ?? 0;
      return [
        line,
        ...CALL_CLASSES.map(of),
        sum(gs.map((g) => g.calls)),
        sum(gs.map((g) => g.minutes)),
      ] as ReportCell[];
    })
    .sort((a, b) => (b[5] as number) - (a[5] as number));
  const classTotal = (c: CallClass) => sum(byDay.filter((g) => g.keys.class === c).map((g) => g.calls));
  const total = sum(byDay.map((g) => g.calls));
  return {
    description:
      "Calls placed by the account's lines, by the class of the number dialled: local, long distance (1+), toll-free and international.",
    stats: [
      stat('Outbound calls', total, 'count'),
      ...CALL_CLASSES.map((c) => stat(CALL_CLASS_LABELS[c], classTotal(c), 'count')),
    ],
    chart: {
      kind: 'stacked',
      caption: 'Outbound calls per day by class',
      categoryLabel: 'Day',
      categoryFormat: 'date',
      valueLabel: 'Calls',
      valueFormat: 'count',
      categories: days,
      series: CALL_CLASSES.map((c) => ({
        name: CALL_CLASS_LABELS[c],
        values: perDay(
          byDay.filter((g) => g.keys.class === c),
          scope,
          (g) => g.calls,
        ),
      })),
    },
    tables: [
      {
        caption: 'Outbound calls per line',
        columns: [
          column('Calling line', 'phone'),
          ...CALL_CLASSES.map((c) => column(CALL_CLASS_LABELS[c], 'count')),
          column('Calls', 'count'),
          column('Billed minutes', 'minutes'),
        ],
        rows,
        footer: ['Total', ...CALL_CLASSES.map(classTotal), total, sum(byDay.map((g) => g.minutes))],
        note: null,
      },
    ],
  };
}

/** Summary: every call by direction and class, how they ended, minutes and charges. */
async function summary(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
  const [groups, peaks] = await Promise.all([
    repo.callGroups(ctx.db, scope, ['direction', 'class']),
    repo.dayPeaks(ctx.db, ctx.dialect, scope),
  ]);
  const charge = (g: repo.CallGroup) =>
    (g.keys.direction === 'outbound' && g.keys.class !== 'local' && g.keys.class !== 'toll_free') ||
    (g.keys.direction === 'inbound' && g.keys.class === 'toll_free')
      ? chargeOf(g.keys.class as CallClass, g.minutes)
      : 0;
  const label = (g: repo.CallGroup) =>
    `${DIRECTION_LABEL[g.keys.direction as CallDirection]} ${CALL_CLASS_LABELS[g.keys.class as CallClass].toLowerCase()}`;
  const rows = groups.map(
    (g) => [label(g), g.calls, g.answered, g.busy, g.noAnswer, g.minutes, charge(g)] as ReportCell[],
  );
  const col = (i: number) => sum(rows.map((r) => r[i] as number));
  const peak = Math.max(0, ...peaks.map((p) => p.peak));
  return {
    description:
      'All calls of the range by direction and class of the number dialled, how they ended, billed minutes and the 1+ and 800 charges.',
    stats: [
      stat('Calls', col(1), 'count'),
      stat('Answered', col(2), 'count'),
      stat('Busy', col(3), 'count'),
      stat('Billed minutes', col(5), 'minutes'),
      stat('1+ and 800 charges', col(6), 'cents'),
      stat('Peak concurrent calls', peak, 'count'),
    ],
    chart: {
      kind: 'bar',
      caption: 'Calls by direction and class',
      categoryLabel: 'Kind of call',
      categoryFormat: 'text',
      valueLabel: 'Calls',
      valueFormat: 'count',
      categories: groups.map(label),
      series: [{ name: 'Calls', values: groups.map((g) => g.calls) }],
    },
    tables: [
      {
        caption: 'Calls by direction and class',
        columns: [
          column('Kind of call', 'text'),
          column('Calls', 'count'),
          column('Answered', 'count'),
          column('Busy', 'count'),
          column('No answer', 'count'),
          column('Billed minutes', 'minutes'),
          column('Charge', 'cents'),
        ],
        rows,
        footer: ['Total', col(1), col(2), col(3), col(4), col(5), col(6)],
        note: null,
      },
    ],
  };
}

const BUILDERS: Record<PhoneReportType, (ctx: AppContext, scope: repo.CallScope) => Promise<Built>> = {
  'one-plus-billing': (ctx, s) => billing(ctx, s, 'one-plus'),
  'toll-free-billing': (ctx, s) => billing(ctx, s, 'toll-free'),
  busy,
  'call-volume': callVolume,
  'call-volume-all': callVolumeAll,
  concurrent,
  'full-month': fullMonth,
  outbound,
  summary,
};
