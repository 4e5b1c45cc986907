/** The phone reports by class of call and their charges: 1+ Billing, 800 Billing, Outbound Calls and Summary. */
import {
  CALL_CLASS_LABELS,
  CALL_CLASSES,
  CALL_RATES_CENTS,
  type CallClass,
  type CallDirection,
  column,
  daysBetween,
  type ReportCell,
  stat,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { type Built, chargeOf, DIRECTION_LABEL, perDay, sum } from './phone-report-parts.js';
import * as repo from './phone-reports.repository.js';

/** 1+ Billing and 800 Billing: billed minutes per day (chart), per line or number and per day (tables). */
export async function billing(ctx: AppContext, scope: repo.CallScope, kind: 'one-plus' | 'toll-free'): Promise<Built> {
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

/** Outbound Calls: per calling line and class of call, and per day by class (chart). */
export async function outbound(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
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
export async function summary(ctx: AppContext, scope: repo.CallScope): Promise<Built> {
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
