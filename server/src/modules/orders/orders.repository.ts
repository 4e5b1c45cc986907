/** All SQL of orders: sales orders, their lines and timeline, the packages they price, and the work they create. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/database.js';

type Q = Kysely<Database> | Transaction<Database>;

export function packagesByIds(db: Q, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('packages')
    .select(['id', 'name', 'price_cents', 'install_fee_cents', 'category', 'area_kinds', 'speed_mbps'])
    .where('id', 'in', ids)
    .execute();
}

export type PackageRow = Awaited<ReturnType<typeof packagesByIds>>[number];

export async function insertSalesOrder(trx: Q, row: NewRow<'sales_orders'>): Promise<number> {
  const { id } = await trx.insertInto('sales_orders').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertLines(trx: Q, rows: NewRow<'sales_order_lines'>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('sales_order_lines').values(rows).execute();
}

export async function insertEvent(trx: Q, row: NewRow<'sales_order_events'>): Promise<void> {
  await trx.insertInto('sales_order_events').values(row).execute();
}

export async function workOrderTypeIds(db: Q, descriptions: string[]) {
  if (descriptions.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('work_order_types')
    .select(['id', 'description'])
    .where('description', 'in', descriptions)
    .execute();
  return new Map(rows.map((r) => [r.description, r.id]));
}

export async function insertWorkOrder(trx: Q, row: NewRow<'work_orders'>): Promise<number> {
  const { id } = await trx.insertInto('work_orders').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function setDetailId(trx: Q, workOrderId: number, detailId: number) {
  return trx.updateTable('work_orders').set({ detail_id: detailId }).where('id', '=', workOrderId).execute();
}

export function locationForOrder(db: Q, serviceLocationId: number) {
  return db
    .selectFrom('service_locations as l')
    .innerJoin('customers as c', 'c.id', 'l.customer_id')
    .select(['l.id', 'l.customer_id', 'l.colo_area', 'l.address', 'l.city', 'c.customer_type', 'c.name'])
    .where('l.id', '=', serviceLocationId)
    .executeTakeFirst();
}

export function orderCustomer(db: Q, orderId: number) {
  return db.selectFrom('sales_orders').select('customer_id').where('id', '=', orderId).executeTakeFirst();
}

export function salesOrderRow(db: Q, orderId: number) {
  return db
    .selectFrom('sales_orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('service_locations as l', 'l.id', 'o.service_location_id')
    .select([
      'o.id',
      'o.customer_id',
      'c.name as customer_name',
      'o.status',
      'o.kind',
      'o.service_location_id',
      'o.mailing_location_id',
      'l.address',
      'l.address2',
      'l.city',
      'l.state',
      'l.zip',
      'o.install_date',
      'o.install_window',
      'o.monthly_cents',
      'o.one_time_cents',
      'o.paid_cents',
      'o.refunded_cents',
      'o.placed_by_employee_id',
      'o.notes',
      'o.created_at',
      'o.updated_at',
      'o.installed_at',
      'o.cancelled_at',
      'o.cancel_reason',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

export type SalesOrderRow = NonNullable<Awaited<ReturnType<typeof salesOrderRow>>>;

export function linesOf(db: Q, orderId: number) {
  return db.selectFrom('sales_order_lines').selectAll().where('sales_order_id', '=', orderId).orderBy('id').execute();
}

export function eventsOf(db: Q, orderId: number) {
  return db
    .selectFrom('sales_order_events')
    .select(['at', 'kind', 'message', 'work_order_id'])
    .where('sales_order_id', '=', orderId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** The order's work orders with what completeness needs (type, form, checklist) and the crew doing them. */
export function workOrdersOf(db: Q, orderId: number) {
  return db
    .selectFrom('work_orders as w')
    .innerJoin('work_order_types as t', 't.id', 'w.type_id')
    .leftJoin('contractor_companies as cc', 'cc.id', 'w.contractor_id')
    .leftJoin('checklists as ch', 'ch.work_order_id', 'w.id')
    .select([
      'w.id',
      't.description as type',
      't.view_file',
      't.is_business',
      't.template_type',
      'w.status',
      'w.due_date',
      'w.next_scheduled_at',
      'w.depends_on_work_order_id',
      'w.contractor_id',
      'cc.name as contractor_name',
      'ch.data as checklist_data',
    ])
    .where('w.order_id', '=', orderId)
    .orderBy('w.id')
    .execute();
}

export function assigneesOf(db: Q, workOrderIds: number[]) {
  if (workOrderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('work_order_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.work_order_id', 'u.first_name', 'u.last_name'])
    .where('a.work_order_id', 'in', workOrderIds)
    .orderBy('u.last_name')
    .execute();
}
