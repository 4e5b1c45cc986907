/**
 * The staff reports (issue 13 part 6), for billing staff and the admin (the routes declare staff:billing): each a
 * ReportData built from grouped SQL (staff-reports.repository.ts), with a chart, CSV and PDF (report-files.ts).
 * Ranges are resolved with the domain's rules against the server's clock; a bad one is a 400 naming the field.
 */
import {
  AGING_BUCKETS,
  AREA_KIND_NAMES,
  bucketStarts,
  column,
  daysBetween,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  percentOf,
  type ReportCell,
  type ReportData,
  resolveStaffRange,
  rollUpWeeks,
  STAFF_REPORTS,
  type StaffReportId,
  type StaffReportParams,
  stat,
  WORK_ORDER_AGE_BUCKETS,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { checkConversion } from '../ordering/ordering.service.js';
import * as repo from './staff-reports.repository.js';

const today = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
/** How many customers the aging lists by name; the totals count them all. */
export const AGING_LISTED = 50;
/** How many crews the installs chart draws on their own (the rest as "Other crews"). */
export const CHART_CREWS = 5;

type Built = Omit<ReportData, 'type' | 'title' | 'subject'>;

export async function staffReport(ctx: AppContext, id: StaffReportId, query: StaffReportParams): Promise<ReportData> {
  const meta = STAFF_REPORTS.find((r) => r.id === id) ?? STAFF_REPORTS[0];
  let range = { from: today(ctx), to: today(ctx) };
  if (meta.range) {
    const resolved = resolveStaffRange(query, today(ctx));
    if (!resolved.ok) throw badRequest(resolved.message, resolved.fields);
    range = resolved;
  }
  const built = await BUILDERS[id](ctx, range.from, range.to);
  return { type: id, title: meta.name, subject: null, ...built };
}

async function workOrders(ctx: AppContext, from: string, to: string): Promise<Built> {
  const asOf = today(ctx);
  const [opened, done, ages] = await Promise.all([
    repo.workOrdersOpened(ctx.db, from, to),
    repo.workOrdersDone(ctx.db, from, to),
    repo.openWorkOrderAges(ctx.db, bucketStarts(WORK_ORDER_AGE_BUCKETS, asOf)),
  ]);
  const weeks = rollUpWeeks(
    [...opened.map((r) => ({ day: r.day, values: [r.n, 0] })), ...done.map((r) => ({ day: r.day, values: [0, r.n] }))],
    from,
    to,
    2,
  );
  const openedTotal = sum(opened.map((r) => r.n));
  const doneTotal = sum(done.map((r) => r.n));
  return {
    from,
    to,
    description:
      'Work orders opened (by the day they were created) and completed (status Complete or Closed, by their last update) per week, Monday to Sunday; and how long the work orders still open have been waiting, as of today.',
    stats: [
      stat('Opened', openedTotal, 'count'),
      stat('Completed', doneTotal, 'count'),
      stat('Open now', sum(ages), 'count'),
      stat('Open over 30 days', sum(ages.slice(2)), 'count'),
    ],
    chart: {
      kind: 'bar',
      caption: 'Work orders opened and completed per week',
      categoryLabel: 'Week of',
      categoryFormat: 'week',
      valueLabel: 'Work orders',
      valueFormat: 'count',
      categories: weeks.map((w) => w.week),
      series: [
        { name: 'Opened', values: weeks.map((w) => w.values[0] ?? 0) },
        { name: 'Completed', values: weeks.map((w) => w.values[1] ?? 0) },
      ],
    },
    tables: [
      {
        caption: 'Work orders per week',
        columns: [column('Week of', 'week'), column('Opened', 'count'), column('Completed', 'count')],
        rows: weeks.map((w) => [w.week, w.values[0] ?? 0, w.values[1] ?? 0]),
        footer: ['Total', openedTotal, doneTotal],
        note: null,
      },
      {
        caption: 'Open work orders by age',
        columns: [column('Waiting', 'text'), column('Work orders', 'count')],
        rows: WORK_ORDER_AGE_BUCKETS.map((b, i) => [b.label, ages[i] ?? 0]),
        footer: ['Open now', sum(ages)],
        note: null,
      },
    ],
  };
}

async function installs(ctx: AppContext, from: string, to: string): Promise<Built> {
  const rows = await repo.installsPerCrew(ctx.db, from, to);
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.crew, (totals.get(r.crew) ?? 0) + r.n);
  const crews = [...totals.keys()].sort((a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0) || a.localeCompare(b));
  const weeks = rollUpWeeks(
    rows.map((r) => ({ day: r.day, values: crews.map((c) => (c === r.crew ? r.n : 0)) })),
    from,
    to,
    crews.length,
  );
  const total = sum(rows.map((r) => r.n));
  return {
    from,
    to,
    description:
      'Install work orders completed (Complete or Closed) per week by the crew that did them: the contractor company holding the work order, or else its first assigned installer.',
    stats: [
      stat('Installs', total, 'count'),
      stat('Crews', crews.length, 'count'),
      stat('Average per week', weeks.length ? Math.round((total / weeks.length) * 10) / 10 : 0, 'count'),
    ],
    chart: {
      kind: 'stacked',
      caption: 'Installs per week by crew',
      categoryLabel: 'Week of',
      categoryFormat: 'week',
      valueLabel: 'Installs',
      valueFormat: 'count',
      categories: weeks.map((w) => w.week),
      // The busiest crews each get a colour; the rest are added up, so the bars stay readable.
      series: [
        ...crews.slice(0, CHART_CREWS).map((c, i) => ({ name: c, values: weeks.map((w) => w.values[i] ?? 0) })),
        ...(crews.length > CHART_CREWS
          ? [{ name: 'Other crews', values: weeks.map((w) => sum(w.values.slice(CHART_CREWS))) }]
          : []),
      ],
    },
    tables: [
      {
        caption: 'Installs per crew',
        columns: [column('Crew', 'text'), column('Installs', 'count'), column('Per week', 'count')],
        rows: crews.map((c) => [
          c,
          totals.get(c) ?? 0,
          weeks.length ? Math.round(((totals.get(c) ?? 0) / weeks.length) * 10) / 10 : 0,
        ]),
        footer: ['Total', total, weeks.length ? Math.round((total / weeks.length) * 10) / 10 : 0],
        note: null,
      },
      {
        caption: 'Installs per week',
        columns: [column('Week of', 'week'), ...crews.map((c) => column(c, 'count')), column('Total', 'count')],
        rows: weeks.map((w) => [w.week, ...w.values, sum(w.values)]),
        footer: ['Total', ...crews.map((c) => totals.get(c) ?? 0), total],
        note: null,
      },
    ],
  };
}

async function ordersByArea(ctx: AppContext, from: string, to: string): Promise<Built> {
  const rows = await repo.ordersPerArea(ctx.db, from, to);
  const areaTotals = new Map<string, number>();
  for (const r of rows) areaTotals.set(r.area, (areaTotals.get(r.area) ?? 0) + r.n);
  const areas = [...areaTotals.keys()].sort(
    (a, b) => (areaTotals.get(b) ?? 0) - (areaTotals.get(a) ?? 0) || a.localeCompare(b),
  );
  const statuses = ORDER_STATUSES.filter((s) => rows.some((r) => r.status === s));
  const count = (area: string, status: OrderStatus) => rows.find((r) => r.area === area && r.status === status)?.n ?? 0;
  const total = sum(rows.map((r) => r.n));
  const statusTotal = (s: OrderStatus) => sum(rows.filter((r) => r.status === s).map((r) => r.n));
  return {
    from,
    to,
    description:
      'Sales orders placed in the range, per area (the central office serving the order’s service location), by their status today.',
    stats: [
      stat('Orders', total, 'count'),
      stat('Areas', areas.length, 'count'),
      stat('Installed', statusTotal('installed'), 'count'),
      stat('Cancelled', statusTotal('cancelled'), 'count'),
    ],
    chart: {
      kind: 'stacked',
      caption: 'Orders per area by status',
      categoryLabel: 'Area',
      categoryFormat: 'text',
      valueLabel: 'Orders',
      valueFormat: 'count',
      categories: areas,
      series: statuses.map((s) => ({ name: ORDER_STATUS_LABELS[s], values: areas.map((a) => count(a, s)) })),
    },
    tables: [
      {
        caption: 'Orders per area',
        columns: [
          column('Area', 'text'),
          ...statuses.map((s) => column(ORDER_STATUS_LABELS[s], 'count')),
          column('Orders', 'count'),
        ],
        rows: areas.map((a) => [a, ...statuses.map((s) => count(a, s)), areaTotals.get(a) ?? 0]),
        footer: ['Total', ...statuses.map(statusTotal), total],
        note: null,
      },
    ],
  };
}

/**
 * Availability checks to orders: the checks of the range per area kind and area and per week, and how many of them
 * led to a "notify me" lead, a cart and an order placed (conversion = orders / checks), from ordering's numbers.
 */
async function conversion(ctx: AppContext, from: string, to: string): Promise<Built> {
  const rows = await checkConversion(ctx, from, to);
  const measures = (rs: readonly { checks: number; leads: number; carts: number; orders: number }[]) => {
    const [checks, leads, carts, orders] = (['checks', 'leads', 'carts', 'orders'] as const).map((k) =>
      sum(rs.map((r) => r[k])),
    ) as [number, number, number, number];
    return [checks, leads, carts, orders, percentOf(orders, checks)];
  };
  const areas = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.areaKind}\u0000${r.area}`;
    areas.set(key, [...(areas.get(key) ?? []), r]);
  }
  const areaRows = [...areas.entries()]
    .map(([key, rs]) => {
      const [kind = '', area = ''] = key.split('\u0000');
      return [AREA_KIND_NAMES[kind] ?? kind, area, ...measures(rs)] as ReportCell[];
    })
    .sort((a, b) => (b[2] as number) - (a[2] as number) || String(a[0]).localeCompare(String(b[0])));
  const weeks = rollUpWeeks(
    rows.map((r) => ({ day: r.day, values: [r.checks, r.leads, r.carts, r.orders] })),
    from,
    to,
    4,
  );
  const totals = measures(rows);
  const [checks = 0, leads = 0, carts = 0, orders = 0, rate = 0] = totals;
  const columns = [
    column('Checks', 'count'),
    column('Leads', 'count'),
    column('Carts', 'count'),
    column('Orders placed', 'count'),
    column('Conversion', 'percent'),
  ];
  return {
    from,
    to,
    description:
      'Address availability checks made on the order page, per kind of area and area (the city of the address) and per week, and how many of them led to a “notify me” lead, a cart and an order placed. Conversion is orders placed out of checks.',
    stats: [
      stat('Availability checks', checks, 'count'),
      stat('Leads', leads, 'count'),
      stat('Carts', carts, 'count'),
      stat('Orders placed', orders, 'count'),
      stat('Conversion', rate, 'percent'),
    ],
    chart: {
      kind: 'bar',
      caption: 'Checks, carts and orders per week',
      categoryLabel: 'Week of',
      categoryFormat: 'week',
      valueLabel: 'Checks',
      valueFormat: 'count',
      categories: weeks.map((w) => w.week),
      series: [
        { name: 'Checks', values: weeks.map((w) => w.values[0] ?? 0) },
        { name: 'Carts', values: weeks.map((w) => w.values[2] ?? 0) },
        { name: 'Orders placed', values: weeks.map((w) => w.values[3] ?? 0) },
      ],
    },
    tables: [
      {
        caption: 'Per kind of area and area',
        columns: [column('Kind of area', 'text'), column('Area', 'text'), ...columns],
        rows: areaRows,
        footer: ['Total', '', ...totals],
        note: null,
      },
      {
        caption: 'Per week',
        columns: [column('Week of', 'week'), ...columns],
        rows: weeks.map((w) => {
          const [c = 0, l = 0, k = 0, o = 0] = w.values;
          return [w.week, c, l, k, o, percentOf(o, c)];
        }),
        footer: ['Total', ...totals],
        note: null,
      },
    ],
  };
}

async function receivablesAging(ctx: AppContext, asOf: string): Promise<Built> {
  const customers = await repo.openBalances(ctx.db, bucketStarts(AGING_BUCKETS, asOf), asOf);
  const bucketTotals = AGING_BUCKETS.map((_, i) => sum(customers.map((c) => c.buckets[i] ?? 0)));
  const total = sum(bucketTotals);
  const listed = customers.slice(0, AGING_LISTED);
  return {
    from: asOf,
    to: asOf,
    description:
      'What customers still owe on their invoices today, by the age of the invoice (days since its date): 0–30, 31–60, 61–90 and over 90 days.',
    stats: [
      stat('Open balance', total, 'cents'),
      ...AGING_BUCKETS.map((b, i) => stat(b.label, bucketTotals[i] ?? 0, 'cents')),
      stat('Customers owing', customers.length, 'count'),
    ],
    chart: {
      kind: 'bar',
      caption: 'Open balances by age',
      categoryLabel: 'Age of invoice',
      categoryFormat: 'text',
      valueLabel: 'Open balance',
      valueFormat: 'cents',
      categories: AGING_BUCKETS.map((b) => b.label),
      series: [{ name: 'Open balance', values: bucketTotals }],
    },
    tables: [
      {
        caption: 'Open balances per customer',
        columns: [
          column('Customer', 'text'),
          column('Account', 'text'),
          ...AGING_BUCKETS.map((b) => column(b.label, 'cents')),
          column('Total', 'cents'),
        ],
        rows: listed.map((c) => [c.name, c.customerId, ...c.buckets, c.total] as ReportCell[]),
        footer: ['Total', `${customers.length} customers`, ...bucketTotals, total],
        note:
          customers.length > listed.length
            ? `The ${AGING_LISTED} largest balances of ${customers.length} are listed; the totals count all.`
            : null,
      },
    ],
  };
}

async function payments(ctx: AppContext, from: string, to: string): Promise<Built> {
  const rows = await repo.paymentsPerDay(ctx.db, from, to);
  const days = daysBetween(from, to);
  const completed = new Map(rows.filter((r) => r.status === 'Completed').map((r) => [r.day, r]));
  const other = (day: string) => sum(rows.filter((r) => r.day === day && r.status !== 'Completed').map((r) => r.n));
  const done = rows.filter((r) => r.status === 'Completed');
  const cents = sum(done.map((r) => r.cents));
  const count = sum(done.map((r) => r.n));
  const notCompleted = sum(rows.filter((r) => r.status !== 'Completed').map((r) => r.n));
  return {
    from,
    to,
    description:
      'Payments received per day (completed payments and their amount), with the payments that were declined, failed or are still pending.',
    stats: [
      stat('Received', cents, 'cents'),
      stat('Payments', count, 'count'),
      stat('Average payment', count ? Math.round(cents / count) : 0, 'cents'),
      stat('Not completed', notCompleted, 'count'),
    ],
    chart: {
      kind: 'bar',
      caption: 'Payments received per day',
      categoryLabel: 'Day',
      categoryFormat: 'date',
      valueLabel: 'Received',
      valueFormat: 'cents',
      categories: days,
      series: [{ name: 'Received', values: days.map((d) => completed.get(d)?.cents ?? 0) }],
    },
    tables: [
      {
        caption: 'Payments per day',
        columns: [
          column('Day', 'date'),
          column('Payments', 'count'),
          column('Received', 'cents'),
          column('Not completed', 'count'),
        ],
        rows: days
          .filter((d) => completed.has(d) || other(d) > 0)
          .map((d) => [d, completed.get(d)?.n ?? 0, completed.get(d)?.cents ?? 0, other(d)]),
        footer: ['Total', count, cents, notCompleted],
        note: null,
      },
    ],
  };
}

const BUILDERS: Record<StaffReportId, (ctx: AppContext, from: string, to: string) => Promise<Built>> = {
  'work-orders': workOrders,
  installs,
  'orders-by-area': ordersByArea,
  conversion,
  'receivables-aging': (ctx, _from, to) => receivablesAging(ctx, to),
  payments,
};
