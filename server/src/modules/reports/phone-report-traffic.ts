/** The phone reports of when calls came: Busy Report, Call Volume (both), Concurrent Calls and Full Month Report. */
import {
  type CallDirection,
  column,
  daysBetween,
  percentOf,
  type ReportCell,
  type ReportData,
  stat,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { type Built, DIRECTION_LABEL, HOURS, hourKey, sum, utcMinute } from './phone-report-parts.js';
import * as repo from './phone-reports.repository.js';

/** Busy Report: attempts and busy signals by hour of the day (chart and table). */
export async function busy(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
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
export async function callVolume(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
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
export async function callVolumeAll(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
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
export async function concurrent(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
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
export async function fullMonth(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
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
