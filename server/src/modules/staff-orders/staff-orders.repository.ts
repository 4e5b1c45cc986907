/** All SQL of the staff order pages: the paged search, the customer and mailing address, the audit trail. */
import { STAFF_ORDERS_PAGE_SIZE, type StaffOrderSort } from '@strand/domain';
import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/database.js';
import { containsInsensitive, customerIdsNamed, ftsPhrase } from '../../db/sql.js';
import { lastMovedAt, OPEN_ORDER_STATUSES } from './staff-attention.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface OrderSearch {
  q?: string | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Open orders not moved since this moment (ISO). */
  stuckBefore?: string | undefined;
  sort?: StaffOrderSort | undefined;
  dir?: 'asc' | 'desc' | undefined;
  page: number;
}

/** The column of each sort; ties fall back to the newest order first. */
const SORT_COLUMNS: Readonly<Record<StaffOrderSort, string>> = {
  placed: 'so.created_at',
  order: 'so.id',
  customer: 'c.name',
  status: 'so.status',
  install: 'so.install_date',
  monthly: 'so.monthly_cents',
  oneTime: 'so.one_time_cents',
};

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * One page of orders, newest first unless another sort is asked, and the number of matches (a window count), in one statement. The text matches
 * an order id (digits), a customer number (prefix, a range on the key) or a customer name or service address
 * (contains: SQLite's trigram tables from 0002 for 3 characters or more, PostgreSQL's pg_trgm indexes). The status
 * and date range use sales_orders (status, created_at) and (created_at).
 */
export function searchOrders(db: Db, dialect: DialectName, f: OrderSearch) {
  let q = db
    .selectFrom('sales_orders as so')
    .innerJoin('customers as c', 'c.id', 'so.customer_id')
    .leftJoin('service_locations as sl', 'sl.id', 'so.service_location_id')
    .select([
      'so.id',
      'so.customer_id',
      'c.name as customer_name',
      'sl.address',
      'sl.address2',
      'sl.city',
      'sl.state',
      'sl.zip',
      'so.status',
      'so.kind',
      'so.created_at',
      'so.install_date',
      'so.monthly_cents',
      'so.one_time_cents',
      'so.paid_cents',
      'so.refunded_cents',
      sql<number | string>`count(*) over ()`.as('total'),
    ]);
  if (f.status) q = q.where('so.status', '=', f.status);
  if (f.stuckBefore) q = q.where('so.status', 'in', OPEN_ORDER_STATUSES).where(lastMovedAt, '<', f.stuckBefore);
  if (f.from) q = q.where('so.created_at', '>=', f.from);
  if (f.to) q = q.where('so.created_at', '<', nextDay(f.to));
  const text = f.q;
  if (text) {
    if (/^\d{1,9}$/.test(text)) {
      const id = Number(text);
      q = q.where((eb) =>
        eb.or([
          eb('so.id', '=', id),
          eb.and([eb('so.customer_id', '>=', text), eb('so.customer_id', '<', `${text}\u{10FFFF}`)]),
        ]),
      );
    } else if (/^[\d-]+$/.test(text)) {
      q = q.where('so.customer_id', '>=', text).where('so.customer_id', '<', `${text}\u{10FFFF}`);
    } else if (dialect === 'sqlite' && [...text].length >= 3) {
      const phrase = ftsPhrase(text);
      q = q.where(
        sql<SqlBool>`(so.customer_id IN (${customerIdsNamed(text)}) OR so.service_location_id IN (SELECT rowid FROM service_location_search WHERE service_location_search MATCH ${phrase}))`,
      );
    } else {
      q = q.where((eb) =>
        eb.or([
          containsInsensitive(dialect, 'c.name', text),
          containsInsensitive(dialect, 'sl.address', text),
          containsInsensitive(dialect, 'sl.city', text),
        ]),
      );
    }
  }
  const dir = f.dir ?? (f.sort === undefined || f.sort === 'placed' ? 'desc' : 'asc');
  if (f.sort && f.sort !== 'placed') q = q.orderBy(sql.ref(SORT_COLUMNS[f.sort]), dir);
  return q
    .orderBy('so.created_at', f.sort === 'placed' ? dir : 'desc')
    .orderBy('so.id', f.sort === 'placed' ? dir : 'desc')
    .limit(STAFF_ORDERS_PAGE_SIZE)
    .offset((f.page - 1) * STAFF_ORDERS_PAGE_SIZE)
    .execute();
}

export function orderHeader(db: Db, orderId: number) {
  return db
    .selectFrom('sales_orders as so')
    .innerJoin('customers as c', 'c.id', 'so.customer_id')
    .leftJoin('mailing_locations as ml', 'ml.id', 'so.mailing_location_id')
    .select([
      'so.id',
      'so.status',
      'c.id as customer_id',
      'c.name as customer_name',
      'c.customer_type',
      'c.status as customer_status',
      'ml.address as mail_address',
      'ml.address2 as mail_address2',
      'ml.city as mail_city',
      'ml.state as mail_state',
      'ml.zip as mail_zip',
    ])
    .where('so.id', '=', orderId)
    .executeTakeFirst();
}

const TRAIL_LIMIT = 500;

/** The order's timeline with who wrote each event. */
export function eventsWithWho(db: Db, orderId: number) {
  return db
    .selectFrom('sales_order_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.at', 'e.kind', 'e.message', 'e.employee_id', 'u.first_name', 'u.last_name'])
    .where('e.sales_order_id', '=', orderId)
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(TRAIL_LIMIT)
    .execute();
}

/** Audit rows about the order or its work orders (audit_log_subject_idx from 0016). */
export function auditRows(db: Db, subjects: string[]) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.at', 'a.action', 'a.subject', 'a.detail', 'a.employee_id', 'u.first_name', 'u.last_name'])
    .where('a.subject', 'in', subjects)
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(TRAIL_LIMIT)
    .execute();
}

/** Moves the order's status only from the status it was read in (a concurrent change makes this update nothing). */
export async function moveStatus(trx: Transaction<Database>, orderId: number, from: string, to: string, now: string) {
  const r = await trx
    .updateTable('sales_orders')
    .set({ status: to, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
