/** All SQL of orders: sales orders, their lines and timeline, the packages they price, and the work they create. */
import { sql } from 'kysely';
import type { NewRow, Queryable } from '../../db/database.js';

export function packagesByIds(db: Queryable, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('packages')
    .select(['id', 'name', 'price_cents', 'install_fee_cents', 'category', 'area_kinds', 'speed_mbps'])
    .where('id', 'in', ids)
    .execute();
}

export async function insertSalesOrder(trx: Queryable, row: NewRow<'sales_orders'>): Promise<number> {
  const { id } = await trx.insertInto('sales_orders').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertLines(trx: Queryable, rows: NewRow<'sales_order_lines'>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('sales_order_lines').values(rows).execute();
}

export async function insertEvent(trx: Queryable, row: NewRow<'sales_order_events'>): Promise<void> {
  await trx.insertInto('sales_order_events').values(row).execute();
}

export async function workOrderTypeIds(db: Queryable, descriptions: string[]) {
  if (descriptions.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('work_order_types')
    .select(['id', 'description'])
    .where('description', 'in', descriptions)
    .execute();
  return new Map(rows.map((r) => [r.description, r.id]));
}

export async function insertWorkOrder(trx: Queryable, row: NewRow<'work_orders'>): Promise<number> {
  const { id } = await trx.insertInto('work_orders').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function setDetailId(trx: Queryable, workOrderId: number, detailId: number) {
  return trx.updateTable('work_orders').set({ detail_id: detailId }).where('id', '=', workOrderId).execute();
}

/** A service location with its owner (type and name): what an order of it needs. */
export function locationForOrder(db: Queryable, serviceLocationId: number) {
  return db
    .selectFrom('service_locations as l')
    .innerJoin('customers as c', 'c.id', 'l.customer_id')
    .select([
      'l.id',
      'l.customer_id',
      'l.colo_area',
      'l.address',
      'l.address2',
      'l.city',
      'l.state',
      'l.zip',
      'c.customer_type',
      'c.name',
    ])
    .where('l.id', '=', serviceLocationId)
    .executeTakeFirst();
}

export async function customerName(db: Queryable, customerId: string): Promise<string | undefined> {
  return (await db.selectFrom('customers').select('name').where('id', '=', customerId).executeTakeFirst())?.name;
}

export function orderCustomer(db: Queryable, orderId: number) {
  return db.selectFrom('sales_orders').select('customer_id').where('id', '=', orderId).executeTakeFirst();
}

export function salesOrderRow(db: Queryable, orderId: number) {
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

export function linesOf(db: Queryable, orderId: number) {
  return db.selectFrom('sales_order_lines').selectAll().where('sales_order_id', '=', orderId).orderBy('id').execute();
}

export function eventsOf(db: Queryable, orderId: number) {
  return db
    .selectFrom('sales_order_events')
    .select(['at', 'kind', 'message', 'work_order_id'])
    .where('sales_order_id', '=', orderId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** The order's work orders with what completeness needs (type, form, checklist) and the crew doing them. */
export function workOrdersOf(db: Queryable, orderId: number) {
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

export function assigneesOf(db: Queryable, workOrderIds: number[]) {
  if (workOrderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('work_order_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.work_order_id', 'u.first_name', 'u.last_name'])
    .where('a.work_order_id', 'in', workOrderIds)
    .orderBy('u.last_name')
    .execute();
}

// ---- fulfilment: the work drives the order, activation, cancel, change (issue 12 steps 5 and 6) -----------------

/** The work order a completion is about, with its order and type. */
export function workOrderForOrder(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_orders as w')
    .innerJoin('work_order_types as t', 't.id', 'w.type_id')
    .select(['w.id', 'w.order_id', 'w.status', 't.description as type'])
    .where('w.id', '=', workOrderId)
    .executeTakeFirst();
}

/** The order row a write changes, locked on PostgreSQL (SQLite serializes write transactions already). */
export function lockOrder(db: Queryable, dialect: 'sqlite' | 'postgres', orderId: number) {
  let q = db
    .selectFrom('sales_orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('service_locations as l', 'l.id', 'o.service_location_id')
    .select([
      'o.id',
      'o.customer_id',
      'c.name as customer_name',
      'c.customer_type',
      'o.status',
      'o.kind',
      'o.service_location_id',
      'o.mailing_location_id',
      'o.install_date',
      'o.install_window',
      'o.paid_cents',
      'o.refunded_cents',
      'o.gateway_charge_id',
      'o.placed_by_user_id',
      'o.first_invoice_id',
      'o.cancel_started_at',
      'l.address',
      'l.address2',
      'l.city',
      'l.state',
      'l.zip',
    ])
    .where('o.id', '=', orderId);
  if (dialect === 'postgres') q = q.forUpdate('o');
  return q.executeTakeFirst();
}
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

export function hasEvent(db: Queryable, orderId: number, kind: string, workOrderId: number | null) {
  let q = db
    .selectFrom('sales_order_events')
    .select('id')
    .where('sales_order_id', '=', orderId)
    .where('kind', '=', kind);
  q = workOrderId === null ? q : q.where('work_order_id', '=', workOrderId);
  return q.executeTakeFirst().then((r) => r !== undefined);
}

export function setOrderStatus(
  db: Queryable,
  orderId: number,
  set: {
    status: string;
    updated_at: string;
    installed_at?: string;
    cancelled_at?: string;
    cancel_reason?: string | null;
    refunded_cents?: number;
    first_invoice_id?: number;
    cancel_started_at?: string | null;
  },
) {
  return db.updateTable('sales_orders').set(set).where('id', '=', orderId).execute();
}

/**
 * Records (a time and the reason) or withdraws (null) the cancel in progress of an order that is not cancelled; the
 * reason is kept for the job that resumes a cancel left without an outcome.
 */
export function setCancelStarted(
  db: Queryable,
  orderId: number,
  started: { at: string; reason: string | null } | null,
) {
  return db
    .updateTable('sales_orders')
    .set({ cancel_started_at: started?.at ?? null, cancel_reason: started?.reason ?? null })
    .where('id', '=', orderId)
    .where('status', '<>', 'cancelled')
    .execute()
    .then(() => undefined);
}

/** Orders whose cancel was recorded before `before` and has no outcome yet, oldest first. */
export function staleCancels(db: Queryable, before: string, limit: number) {
  return db
    .selectFrom('sales_orders')
    .select(['id', 'cancel_reason'])
    .where('cancel_started_at', 'is not', null)
    .where('cancel_started_at', '<', before)
    .orderBy('cancel_started_at')
    .limit(limit)
    .execute();
}

/** Work orders waiting for this one (the next step of its order). */
export function waitingOn(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_orders as w')
    .innerJoin('work_order_types as t', 't.id', 'w.type_id')
    .select(['w.id', 'w.due_date', 't.description as type'])
    .where('w.depends_on_work_order_id', '=', workOrderId)
    .where('w.status', '=', 'Waiting')
    .orderBy('w.id')
    .execute();
}

export function setWorkOrdersStatus(db: Queryable, ids: number[], status: string, now: string, clearSchedule = false) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .updateTable('work_orders')
    .set(clearSchedule ? { status, last_updated: now, next_scheduled_at: null } : { status, last_updated: now })
    .where('id', 'in', ids)
    .execute()
    .then(() => undefined);
}

/** The order's work orders still to do (not complete, closed or cancelled) with their checklist's arrival time. */
export function unfinishedWorkOf(db: Queryable, orderId: number) {
  return db
    .selectFrom('work_orders as w')
    .innerJoin('work_order_types as t', 't.id', 'w.type_id')
    .leftJoin('checklists as ch', 'ch.work_order_id', 'w.id')
    .select(['w.id', 'w.status', 't.description as type', 'ch.arrival_onsite'])
    .where('w.order_id', '=', orderId)
    .where('w.status', 'not in', ['Complete', 'Closed', 'Cancelled'])
    .orderBy('w.id')
    .execute();
}

export function deleteCalendarEventsOf(db: Queryable, workOrderIds: number[]) {
  if (workOrderIds.length === 0) return Promise.resolve();
  return db
    .deleteFrom('calendar_events')
    .where('work_order_id', 'in', workOrderIds)
    .execute()
    .then(() => undefined);
}

export async function insertLocationPackage(db: Queryable, row: NewRow<'service_location_packages'>): Promise<number> {
  const { id } = await db.insertInto('service_location_packages').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function setLineLocationPackage(db: Queryable, lineId: number, locationPackageId: number) {
  return db
    .updateTable('sales_order_lines')
    .set({ service_location_package_id: locationPackageId })
    .where('id', '=', lineId)
    .execute();
}

/** Deactivates a package's active rows at a location; answers the ids it stopped. */
export async function deactivateLocationPackage(db: Queryable, serviceLocationId: number, packageId: number) {
  const rows = await db
    .selectFrom('service_location_packages')
    .select('id')
    .where('service_location_id', '=', serviceLocationId)
    .where('package_id', '=', packageId)
    .where('active', '=', 1)
    .execute();
  if (rows.length > 0) {
    await db
      .updateTable('service_location_packages')
      .set({ active: 0 })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  }
  return rows.map((r) => r.id);
}

/** Who is told by mail: the user who placed the order, else the account's administrators (enabled users). */
export async function orderRecipients(db: Queryable, customerId: string, placedByUserId: number | null) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'is_admin'])
    .where('customer_id', '=', customerId)
    .where('disabled', '=', 0)
    .execute();
  const placer = users.find((u) => u.id === placedByUserId);
  return placer ? [placer] : users.filter((u) => u.is_admin === 1);
}

/** The customer's orders, newest first. */
export function ordersOfCustomer(db: Queryable, customerId: string, limit: number) {
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
      'l.address',
      'l.address2',
      'l.city',
      'l.state',
      'l.zip',
      'o.install_date',
      'o.install_window',
      'o.monthly_cents',
      'o.one_time_cents',
      'o.created_at',
      'o.updated_at',
    ])
    .where('o.customer_id', '=', customerId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

export function firstInvoiceOf(db: Queryable, orderId: number) {
  return db.selectFrom('sales_orders').select('first_invoice_id').where('id', '=', orderId).executeTakeFirst();
}

export function packagesSold(db: Queryable) {
  return db
    .selectFrom('packages')
    .select(['id', 'name', 'description', 'category', 'price_cents', 'install_fee_cents', 'speed_mbps', 'area_kinds'])
    .where('area_kinds', '!=', '')
    .orderBy('category')
    .orderBy('price_cents')
    .execute();
}

export function activePackageIds(db: Queryable, serviceLocationId: number) {
  return db
    .selectFrom('service_location_packages')
    .select('package_id')
    .where('service_location_id', '=', serviceLocationId)
    .where('active', '=', 1)
    .execute()
    .then((rows) => new Set(rows.map((r) => r.package_id)));
}

/** An order of this location still in progress (neither installed nor cancelled). */
export function openOrderAt(db: Queryable, serviceLocationId: number) {
  return db
    .selectFrom('sales_orders')
    .select('id')
    .where('service_location_id', '=', serviceLocationId)
    .where('status', 'not in', ['installed', 'cancelled'])
    .orderBy('id')
    .executeTakeFirst();
}

export function setWorkOrderSummary(db: Queryable, workOrderId: number, summary: string) {
  return db.updateTable('work_orders').set({ summary }).where('id', '=', workOrderId).execute();
}

/** A service location's address as its columns hold it (line, unit, ZIP): what finds the others at that address. */
export interface LocationAddress {
  address: string;
  address2: string | null;
  zip: string;
}

/**
 * Whether the fiber plant reaches an address: a service location there, whichever account's (or `linkedId`, the
 * one its address record points at), has a package active now or an order whose drop was built ('drop_built').
 */
export async function plantAt(db: Queryable, a: LocationAddress, linkedId: number | null): Promise<boolean> {
  const unit = a.address2?.trim().toUpperCase() ?? '';
  const row = await db
    .selectFrom('service_locations as l')
    .select('l.id')
    .where((eb) => {
      const same = eb.and([
        eb(sql<string>`upper(l.address)`, '=', a.address.trim().toUpperCase()),
        eb('l.zip', '=', a.zip),
        eb(sql<string>`upper(coalesce(l.address2, ''))`, '=', unit),
      ]);
      return linkedId === null ? same : eb.or([same, eb('l.id', '=', linkedId)]);
    })
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('service_location_packages as p')
            .select('p.id')
            .whereRef('p.service_location_id', '=', 'l.id')
            .where('p.active', '=', 1),
        ),
        eb.exists(
          eb
            .selectFrom('sales_orders as o')
            .innerJoin('sales_order_events as e', 'e.sales_order_id', 'o.id')
            .select('e.id')
            .whereRef('o.service_location_id', '=', 'l.id')
            .where('e.kind', '=', 'drop_built'),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The charge a paid order was placed on (what a cancel refunds): its amount and the gateway's reference. */
export async function setOrderPaid(db: Queryable, orderId: number, paidCents: number, reference: string, now: string) {
  await db
    .updateTable('sales_orders')
    .set({ paid_cents: paidCents, gateway_charge_id: reference, updated_at: now })
    .where('id', '=', orderId)
    .execute();
}
