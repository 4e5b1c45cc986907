/**
 * The staff reports' SQL, provider-wide, each a grouped query per day (the service rolls days into weeks: at most
 * 366 rows). Work orders are found through work_orders_created_idx and work_orders_status_updated_idx (a work order
 * is done when its status is Complete or Closed; the moment is its last update), payments through
 * payments_created_idx, open invoices through invoices_open_idx, sales orders through sales_orders_created_idx
 * (0017-reports, 0012-orders).
 */
import { addDays, DONE_WORK_ORDER_STATUSES } from '@strand/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';

const start = (day: string) => `${day}T00:00:00.000Z`;
const endOf = (day: string) => `${addDays(day, 1)}T00:00:00.000Z`;
const DONE = [...DONE_WORK_ORDER_STATUSES];

/** Work orders opened per day (by created_at). */
export async function workOrdersOpened(db: Kysely<Database>, from: string, to: string) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('work_orders')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', start(from))
    .where('created_at', '<', endOf(to))
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}

/** Work orders done per day (Complete or Closed, by their last update). */
export async function workOrdersDone(db: Kysely<Database>, from: string, to: string) {
  const day = sql<string>`substr(last_updated, 1, 10)`;
  const rows = await db
    .selectFrom('work_orders')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', DONE)
    .where('last_updated', '>=', start(from))
    .where('last_updated', '<', endOf(to))
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}

/**
 * Open work orders (not Complete, Closed or Cancelled) counted per age bucket: `starts` are the earliest opening
 * dates of each bucket but the last (domain bucketStarts); older ones fall in the last.
 */
export async function openWorkOrderAges(db: Kysely<Database>, starts: readonly string[]) {
  const row = await db
    .selectFrom('work_orders')
    .select([
      ...starts.map((s, i) =>
        sql<number>`sum(case when created_at >= ${start(s)} ${
          i > 0 ? sql`and created_at < ${start(starts[i - 1] ?? s)}` : sql``
        } then 1 else 0 end)`.as(`b${i}`),
      ),
      sql<number>`sum(case when created_at < ${start(starts.at(-1) ?? '9999-12-31')} then 1 else 0 end)`.as('older'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('status', 'not in', [...DONE, 'Cancelled'])
    .executeTakeFirstOrThrow();
  const r = row as unknown as Record<string, number | null>;
  return [...starts.map((_, i) => Number(r[`b${i}`] ?? 0)), Number(r.older ?? 0)];
}

/**
 * Install work orders done per day and crew: the contractor company when one holds the work order, else the first
 * installer assigned to it; "Unassigned" when neither.
 */
export async function installsPerCrew(db: Kysely<Database>, from: string, to: string) {
  const day = sql<string>`substr(w.last_updated, 1, 10)`;
  const crew = sql<string>`coalesce(c.name, u.first_name || ' ' || u.last_name, 'Unassigned')`;
  const firstInstaller = db
    .selectFrom('work_order_assignments')
    .select(['work_order_id', (eb) => eb.fn.min<number>('user_id').as('user_id')])
    .groupBy('work_order_id');
  const rows = await db
    .selectFrom('work_orders as w')
    .innerJoin('work_order_types as t', 't.id', 'w.type_id')
    .leftJoin('contractor_companies as c', 'c.id', 'w.contractor_id')
    .leftJoin(firstInstaller.as('a'), 'a.work_order_id', 'w.id')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([day.as('day'), crew.as('crew'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('w.status', 'in', DONE)
    .where('t.description', 'like', '%Install%')
    .where('w.last_updated', '>=', start(from))
    .where('w.last_updated', '<', endOf(to))
    .groupBy([day, crew])
    .execute();
  return rows.map((r) => ({ day: r.day, crew: r.crew, n: Number(r.n) }));
}

/** Sales orders placed in the range per area (the central office of their service location) and status. */
export async function ordersPerArea(db: Kysely<Database>, from: string, to: string) {
  const area = sql<string>`coalesce(co.name, 'No central office')`;
  const rows = await db
    .selectFrom('sales_orders as o')
    .leftJoin('service_locations as l', 'l.id', 'o.service_location_id')
    .leftJoin('central_offices as co', 'co.id', 'l.central_office_id')
    .select([area.as('area'), 'o.status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('o.created_at', '>=', start(from))
    .where('o.created_at', '<', endOf(to))
    .groupBy([area, 'o.status'])
    .execute();
  return rows.map((r) => ({ area: r.area, status: r.status, n: Number(r.n) }));
}

/**
 * Open balances per customer in aging buckets (by invoice date; `starts` as for the work orders), largest first,
 * and the invoices counted.
 */
export async function openBalances(db: Kysely<Database>, starts: readonly string[], asOf: string) {
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .select([
      'i.customer_id',
      'c.name',
      ...starts.map((s, i) =>
        sql<number>`sum(case when i.invoice_date >= ${s} ${
          i > 0 ? sql`and i.invoice_date < ${starts[i - 1] ?? s}` : sql``
        } then i.balance_cents else 0 end)`.as(`b${i}`),
      ),
      sql<number>`sum(case when i.invoice_date < ${starts.at(-1) ?? '9999-12-31'} then i.balance_cents else 0 end)`.as(
        'older',
      ),
      (eb) => eb.fn.sum<number>('i.balance_cents').as('total'),
      (eb) => eb.fn.countAll<number>().as('invoices'),
    ])
    .where('i.balance_cents', '>', 0)
    .where('i.invoice_date', '<=', asOf)
    .groupBy(['i.customer_id', 'c.name'])
    .orderBy('total', 'desc')
    .orderBy('i.customer_id')
    .execute();
  return rows.map((row) => {
    const r = row as unknown as Record<string, number | string | null>;
    return {
      customerId: String(r.customer_id),
      name: String(r.name),
      buckets: [...starts.map((_, i) => Number(r[`b${i}`] ?? 0)), Number(r.older ?? 0)],
      total: Number(r.total ?? 0),
      invoices: Number(r.invoices ?? 0),
    };
  });
}

/** Payments per day and status: how many and how much (cents). */
export async function paymentsPerDay(db: Kysely<Database>, from: string, to: string) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('payments')
    .select([
      day.as('day'),
      'status',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('amount_cents').as('cents'),
    ])
    .where('created_at', '>=', start(from))
    .where('created_at', '<', endOf(to))
    .groupBy([day, 'status'])
    .execute();
  return rows.map((r) => ({ day: r.day, status: r.status, n: Number(r.n), cents: Number(r.cents ?? 0) }));
}
