/** All SQL of the dispatch board: resources, the work to place, slots, and the assignment writes. */
import { SETTLED_WORK_ORDER_STATUSES } from '@strand/domain';
import type { Transaction } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';

/** The board shows at most this many work orders (oldest due first); the answer says when there were more. */
export const BOARD_WORK_ORDER_LIMIT = 300;

const DONE = [...SETTLED_WORK_ORDER_STATUSES];

/** Installers (the provider's and field techs who install) and contractor companies: the board's rows. */
export async function findResources(db: Queryable) {
  const [installers, companies] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('installer', '=', 1)
      .where('disabled', '=', 0)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .execute(),
    db.selectFrom('contractor_companies').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
  ]);
  return { installers, companies };
}

export function findInstaller(db: Queryable, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .where('installer', '=', 1)
    .where('disabled', '=', 0)
    .executeTakeFirst();
}

export function findCompany(db: Queryable, companyId: number) {
  return db.selectFrom('contractor_companies').select(['id', 'name']).where('id', '=', companyId).executeTakeFirst();
}

/** The active users of a contractor company (its bell notices of work given to the company). */
export async function contractorUserIds(db: Queryable, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('contractor_id', '=', companyId)
    .where('disabled', '=', 0)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

const SLOT_COLUMNS = [
  's.work_order_id',
  's.resource_kind',
  's.installer_user_id',
  's.contractor_id',
  's.starts_at',
  's.ends_at',
  's.calendar_event_id',
] as const;

export type SlotRow = Pick<
  Database['work_order_slots'],
  | 'work_order_id'
  | 'resource_kind'
  | 'installer_user_id'
  | 'contractor_id'
  | 'starts_at'
  | 'ends_at'
  | 'calendar_event_id'
>;

/**
 * The work orders on the board, in one statement: those with a slot in [from, to), and the open ones that are
 * assigned to nobody, overdue (due before `today`) or waiting for another. Each branch is served by an index
 * (slots by range; work orders by contractor and status, by status and due date).
 */
export function findBoardWorkOrders(db: Queryable, range: { from: string; to: string; today: string }) {
  const ids = db
    .selectFrom('work_order_slots')
    .select('work_order_id as id')
    .where('starts_at', '<', range.to)
    .where('ends_at', '>', range.from)
    .union(
      db
        .selectFrom('work_orders as u')
        .select('u.id')
        .where('u.contractor_id', 'is', null)
        .where('u.status', 'not in', DONE)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('work_order_assignments as a').select('a.user_id').whereRef('a.work_order_id', '=', 'u.id'),
            ),
          ),
        ),
    )
    .union(
      db
        .selectFrom('work_orders as o')
        .select('o.id')
        .where('o.status', 'not in', DONE)
        .where('o.due_date', '<', range.today),
    )
    .union(db.selectFrom('work_orders as w').select('w.id').where('w.status', '=', 'Waiting'));

  return db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .innerJoin('customers as c', 'c.id', 'wo.customer_id')
    .leftJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
    .leftJoin('work_order_slots as s', 's.work_order_id', 'wo.id')
    .select([
      'wo.id',
      'wo.status',
      'wo.due_date',
      'wo.contractor_id as wo_contractor_id',
      'wo.depends_on_work_order_id',
      't.description as type',
      'c.name as customer_name',
      'sl.address',
      'sl.city',
      'sl.latitude',
      'sl.longitude',
      ...SLOT_COLUMNS,
    ])
    .where('wo.id', 'in', ids)
    .orderBy((eb) => eb.case().when('s.starts_at', 'is', null).then(1).else(0).end())
    .orderBy('wo.due_date')
    .orderBy('wo.id')
    .limit(BOARD_WORK_ORDER_LIMIT + 1)
    .execute();
}

export function findAssignments(db: Queryable, workOrderIds: readonly number[]) {
  if (workOrderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('work_order_assignments')
    .select(['work_order_id', 'user_id'])
    .where('work_order_id', 'in', workOrderIds)
    .orderBy('work_order_id')
    .orderBy('user_id')
    .execute();
}

/** Every slot overlapping [from, to) (the double-booking check of the board and of a write). */
export function findSlotsInRange(db: Queryable, from: string, to: string) {
  return db
    .selectFrom('work_order_slots as s')
    .select(SLOT_COLUMNS)
    .where('s.starts_at', '<', to)
    .where('s.ends_at', '>', from)
    .execute();
}

/** One resource's slots overlapping [from, to). */
export function findResourceSlots(
  db: Queryable,
  resource: { kind: 'installer' | 'contractor'; refId: number },
  from: string,
  to: string,
) {
  return db
    .selectFrom('work_order_slots as s')
    .select(SLOT_COLUMNS)
    .where(resource.kind === 'installer' ? 's.installer_user_id' : 's.contractor_id', '=', resource.refId)
    .where('s.starts_at', '<', to)
    .where('s.ends_at', '>', from)
    .execute();
}

export function findSlots(db: Queryable, workOrderIds: readonly number[]) {
  if (workOrderIds.length === 0) return Promise.resolve([] as SlotRow[]);
  return db
    .selectFrom('work_order_slots as s')
    .select(SLOT_COLUMNS)
    .where('s.work_order_id', 'in', workOrderIds)
    .execute();
}

/** The work orders of an assignment, with what the write needs (type, customer and address for the visit's names). */
export function findWorkOrdersForAssign(db: Queryable, workOrderIds: readonly number[]) {
  return db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .innerJoin('customers as c', 'c.id', 'wo.customer_id')
    .leftJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
    .select([
      'wo.id',
      'wo.status',
      'wo.order_id',
      'wo.contractor_id',
      'wo.depends_on_work_order_id',
      'wo.next_scheduled_at',
      'wo.customer_id',
      't.description as type',
      'c.name as customer_name',
      'sl.address',
    ])
    .where('wo.id', 'in', workOrderIds)
    .execute();
}

/** Gives the work order to one installer: the only assignee, no contractor company. */
export async function assignToInstaller(trx: Transaction<Database>, workOrderId: number, userId: number, now: string) {
  await trx.deleteFrom('work_order_assignments').where('work_order_id', '=', workOrderId).execute();
  await trx
    .insertInto('work_order_assignments')
    .values({ work_order_id: workOrderId, user_id: userId, assigned_at: now })
    .execute();
  await trx
    .updateTable('work_orders')
    .set({ contractor_id: null, last_updated: now })
    .where('id', '=', workOrderId)
    .execute();
}

/** Gives the work order to a contractor company: its crew works it; no installer keeps it. */
export async function assignToContractor(
  trx: Transaction<Database>,
  workOrderId: number,
  companyId: number,
  now: string,
) {
  await trx.deleteFrom('work_order_assignments').where('work_order_id', '=', workOrderId).execute();
  await trx
    .updateTable('work_orders')
    .set({ contractor_id: companyId, last_updated: now })
    .where('id', '=', workOrderId)
    .execute();
}

export async function setNextScheduled(
  trx: Transaction<Database>,
  workOrderId: number,
  at: string | null,
  name: string | null,
) {
  await trx
    .updateTable('work_orders')
    .set({ next_scheduled_at: at, next_scheduled_name: name })
    .where('id', '=', workOrderId)
    .execute();
}

export async function deleteCalendarEvent(trx: Transaction<Database>, id: number) {
  await trx.deleteFrom('calendar_events').where('id', '=', id).execute();
}

export async function insertCalendarEvent(
  trx: Transaction<Database>,
  e: { contractorId: number; workOrderId: number; title: string; start: string; end: string },
): Promise<number> {
  const row = await trx
    .insertInto('calendar_events')
    .values({
      contractor_id: e.contractorId,
      work_order_id: e.workOrderId,
      title: e.title,
      starts_at: e.start,
      ends_at: e.end,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCalendarEvent(
  trx: Transaction<Database>,
  id: number,
  e: { contractorId: number; title: string; start: string; end: string },
) {
  await trx
    .updateTable('calendar_events')
    .set({ contractor_id: e.contractorId, title: e.title, starts_at: e.start, ends_at: e.end })
    .where('id', '=', id)
    .execute();
}

export async function upsertSlot(trx: Transaction<Database>, row: Database['work_order_slots']) {
  await trx.deleteFrom('work_order_slots').where('work_order_id', '=', row.work_order_id).execute();
  await trx.insertInto('work_order_slots').values(row).execute();
}

/** Open work orders with a visit scheduled in [from, to) (ISO UTC), with the customer and address to tell. */
export function visitsBetween(db: Queryable, from: string, to: string) {
  return db
    .selectFrom('work_orders as wo')
    .leftJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
    .select(['wo.id', 'wo.customer_id', 'wo.next_scheduled_at', 'sl.address'])
    .where('wo.next_scheduled_at', '>=', from)
    .where('wo.next_scheduled_at', '<', to)
    .where('wo.status', 'not in', DONE)
    .orderBy('wo.id')
    .execute();
}
