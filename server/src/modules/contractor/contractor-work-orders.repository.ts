/** All SQL of the contractor's work-order lists, one work order's details, acknowledgement and the last search. */
import type { ContractorHomeList, ContractorSearch } from '@strand/domain';
import { CONTRACTOR_NOT_OPEN_STATUSES, nextDay } from '@strand/domain';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database, Queryable } from '../../db/database.js';
import { containsInsensitive } from '../../db/sql.js';

/** The tables a work-order summary reads, aliased as the queries below use them. */
type SummaryTables = Database & {
  wo: Database['work_orders'];
  t: Database['work_order_types'];
  c: Database['customers'];
  sl: Database['service_locations'];
  ch: Database['checklists'];
};
type SummaryQuery<O> = SelectQueryBuilder<SummaryTables, 'wo' | 't' | 'c' | 'sl' | 'ch', O>;

export interface ListScope {
  companyId: number;
  userId: number;
  /** Only the user's own assignments. */
  assignedOnly: boolean;
}

const assignedTo = (userId: number) => (eb: ExpressionBuilder<SummaryTables, 'wo'>) =>
  eb.exists(
    eb
      .selectFrom('work_order_assignments as a')
      .select('a.work_order_id')
      .whereRef('a.work_order_id', '=', 'wo.id')
      .where('a.user_id', '=', userId),
  );

/** The company's work orders with what a summary shows; callers add filters, order and limit. */
function summaryBase(db: Queryable, scope: ListScope) {
  let query = db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .innerJoin('customers as c', 'c.id', 'wo.customer_id')
    .leftJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
    .leftJoin('checklists as ch', 'ch.work_order_id', 'wo.id')
    .where('wo.contractor_id', '=', scope.companyId);
  if (scope.assignedOnly) query = query.where(assignedTo(scope.userId));
  return query;
}

function selectSummary<O>(query: SummaryQuery<O>, userId: number) {
  return query.select((eb) => [
    'wo.id',
    'wo.status',
    'wo.next_scheduled_name',
    'wo.next_scheduled_at',
    'wo.due_date',
    'wo.colo_area',
    'wo.acknowledged_at',
    't.description as type_description',
    't.view_file',
    't.is_business',
    't.template_type',
    'c.name as customer_name',
    'sl.address',
    'sl.city',
    'sl.state',
    'sl.zip',
    'ch.data as checklist_data',
    assignedTo(userId)(eb).as('assigned_to_me'),
  ]);
}

export type SummaryRow = Awaited<ReturnType<typeof findHomePage>>[number];

const SORT_COLUMNS = {
  WorkOrderID: 'wo.id',
  WorkOrderType: 't.description',
  CustomerName: 'c.name',
  EventTitle: 'wo.next_scheduled_name',
  EventTime: 'wo.next_scheduled_at',
  DueDate: 'wo.due_date',
} as const;

function applyCriteria<O>(query: SummaryQuery<O>, dialect: DialectName, s: ContractorSearch): SummaryQuery<O> {
  let q = query;
  if (s.WorkOrderID !== undefined) q = q.where('wo.id', '=', s.WorkOrderID);
  if (s.WorkOrderType) q = q.where('t.description', '=', s.WorkOrderType);
  if (s.vcStatus) q = q.where('wo.status', '=', s.vcStatus);
  if (s.CustomerName) q = q.where(containsInsensitive(dialect, 'c.name', s.CustomerName));
  const address = s.Address;
  if (address) {
    q = q.where((eb) =>
      eb.or([containsInsensitive(dialect, 'sl.address', address), containsInsensitive(dialect, 'sl.city', address)]),
    );
  }
  // SPEC §5: the date filter applies to the date part of the next scheduled time, inclusive.
  if (s.DateFrom) q = q.where('wo.next_scheduled_at', '>=', `${s.DateFrom}T00:00:00.000Z`);
  if (s.DateTo) q = q.where('wo.next_scheduled_at', '<', `${nextDay(s.DateTo)}T00:00:00.000Z`);
  return q;
}

export async function searchWorkOrders(
  db: Queryable,
  dialect: DialectName,
  scope: ListScope,
  criteria: ContractorSearch,
  limit: number,
) {
  const filtered = applyCriteria(summaryBase(db, scope), dialect, criteria);
  const column = SORT_COLUMNS[criteria.sort];
  const direction = criteria.order;
  const [rows, count] = await Promise.all([
    selectSummary(filtered, scope.userId)
      // Rows without a value sort last in both databases; the id breaks ties so the order is stable.
      .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
      .orderBy(sql.ref(column), direction)
      .orderBy('wo.id', direction)
      .limit(limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

// Not open: done, or not workable (waiting for the step before it, cancelled with its order).
const NOT_OPEN = [...CONTRACTOR_NOT_OPEN_STATUSES];

/** The company's open work orders (scope), the summary's tables joined. */
const openBase = (db: Queryable, scope: ListScope) => summaryBase(db, scope).where('wo.status', 'not in', NOT_OPEN);

/**
 * One page of a home list: open work (soonest scheduled first), awaiting acknowledgement, due today, or overdue
 * (longest overdue first). `today` is the provider's date (domain/src/contractor-due.ts, the same rule).
 */
export function findHomePage(
  db: Queryable,
  scope: ListScope,
  list: ContractorHomeList,
  today: string,
  page: { offset: number; limit: number },
) {
  let query = openBase(db, scope);
  if (list === 'awaiting') query = query.where('wo.acknowledged_at', 'is', null);
  if (list === 'dueToday') query = query.where('wo.due_date', '=', today);
  if (list === 'overdue') query = query.where('wo.due_date', '<', today);
  let ordered = selectSummary(query, scope.userId);
  if (list === 'overdue') ordered = ordered.orderBy('wo.due_date');
  return ordered
    .orderBy(sql`case when wo.next_scheduled_at is null then 1 else 0 end`)
    .orderBy('wo.next_scheduled_at')
    .orderBy('wo.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Open work orders nearest a point first (a flat-earth order, exact miles are the caller's), with coordinates. */
export function findOpenNear(
  db: Queryable,
  scope: ListScope,
  point: { latitude: number; longitude: number },
  limit: number,
) {
  // Degrees of longitude shrink with the latitude; the scale keeps the nearest-first order right at Missouri's.
  const scale = Math.cos((point.latitude * Math.PI) / 180) ** 2;
  const dLat = sql<number>`(sl.latitude - ${point.latitude})`;
  const dLng = sql<number>`(sl.longitude - ${point.longitude})`;
  return selectSummary(openBase(db, scope), scope.userId)
    .select(['sl.latitude', 'sl.longitude'])
    .orderBy(sql`case when sl.latitude is null then 1 else 0 end`)
    .orderBy(sql`${dLat} * ${dLat} + ${dLng} * ${dLng} * ${scale}`)
    .orderBy('wo.id')
    .limit(limit)
    .execute();
}

/**
 * The home's counts in one query over the company's open work orders (work_orders_contractor_idx: contractor, status):
 * open, awaiting acknowledgement, due today and overdue on the provider's `today`.
 */
export async function countHome(db: Queryable, scope: ListScope, today: string) {
  const flag = (condition: ReturnType<typeof sql<boolean>>) =>
    sql<number | string | null>`sum(case when ${condition} then 1 else 0 end)`;
  let query = db
    .selectFrom('work_orders as wo')
    .where('wo.contractor_id', '=', scope.companyId)
    .where('wo.status', 'not in', NOT_OPEN);
  if (scope.assignedOnly) query = query.where(assignedTo(scope.userId));
  const row = await query
    .select((eb) => [
      eb.fn.countAll<number | string>().as('open'),
      flag(sql<boolean>`wo.acknowledged_at is null`).as('awaiting'),
      flag(sql<boolean>`wo.due_date = ${today}`).as('due_today'),
      flag(sql<boolean>`wo.due_date < ${today}`).as('overdue'),
    ])
    .executeTakeFirst();
  return {
    open: Number(row?.open ?? 0),
    awaiting: Number(row?.awaiting ?? 0),
    dueToday: Number(row?.due_today ?? 0),
    overdue: Number(row?.overdue ?? 0),
  };
}

/** One work order with its type, customer, location, acknowledgement and checklist: what the details panel shows. */
export function findWorkOrderDetails(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .innerJoin('customers as c', 'c.id', 'wo.customer_id')
    .leftJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
    .leftJoin('users as ack', 'ack.id', 'wo.acknowledged_by')
    .leftJoin('checklists as ch', 'ch.work_order_id', 'wo.id')
    .leftJoin('users as upd', 'upd.id', 'ch.updated_by')
    .select((eb) => [
      'wo.id',
      'wo.order_id',
      'wo.status',
      'wo.colo_area',
      'wo.summary',
      'wo.next_scheduled_name',
      'wo.next_scheduled_at',
      'wo.due_date',
      'wo.last_updated',
      'wo.gis_object_id',
      'wo.acknowledged_at',
      't.id as type_id',
      't.description as type_description',
      't.class as type_class',
      't.view_file',
      't.template_type',
      't.is_business',
      'c.id as customer_id',
      'c.name as customer_name',
      'sl.id as location_id',
      'sl.address',
      'sl.city',
      'sl.state',
      'sl.zip',
      'sl.latitude',
      'sl.longitude',
      'ack.first_name as ack_first_name',
      'ack.last_name as ack_last_name',
      'ch.id as checklist_id',
      'ch.template',
      'ch.data as checklist_data',
      'ch.arrival_onsite',
      'ch.work_complete',
      'ch.notes as checklist_notes',
      'ch.updated_at as checklist_updated_at',
      'upd.first_name as upd_first_name',
      'upd.last_name as upd_last_name',
      eb
        .selectFrom('checklist_history as h')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('h.checklist_id', '=', 'ch.id')
        .as('history_count'),
      eb
        .selectFrom('attachments as at')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('at.work_order_id', '=', 'wo.id')
        .as('attachment_count'),
    ])
    .where('wo.id', '=', workOrderId)
    .executeTakeFirst();
}

/** Who acknowledged the work order and when (nulls when nobody has). */
export function findAcknowledgement(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_orders as wo')
    .leftJoin('users as ack', 'ack.id', 'wo.acknowledged_by')
    .select(['wo.acknowledged_at', 'ack.first_name as ack_first_name', 'ack.last_name as ack_last_name'])
    .where('wo.id', '=', workOrderId)
    .executeTakeFirst();
}

/** What completeness (SPEC §4) and the acknowledgement rule need: status, the form's keys, the saved answers. */
export function findCompletionState(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .leftJoin('checklists as ch', 'ch.work_order_id', 'wo.id')
    .select([
      'wo.status',
      'wo.acknowledged_at',
      't.view_file',
      't.is_business',
      't.template_type',
      'ch.data as checklist_data',
    ])
    .where('wo.id', '=', workOrderId)
    .executeTakeFirst();
}

export function findAssemblyUnitEntries(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_order_assembly_units as e')
    .innerJoin('assembly_units as u', 'u.id', 'e.assembly_unit_id')
    .select([
      'e.id',
      'e.assembly_unit_id',
      'u.code',
      'u.description',
      'e.qty_units',
      'e.asset_tags',
      'e.serial_numbers',
      'e.beg_sequential',
      'e.end_sequential',
      'e.reel_num',
      'e.row_footage',
      'e.created_at',
    ])
    .where('e.work_order_id', '=', workOrderId)
    .orderBy('e.id')
    .execute();
}

/**
 * Acknowledges (or withdraws) only when the acknowledgement is still `expected` (a conditional update, so two taps at
 * once change it once on SQLite and PostgreSQL alike): true when this call changed it, false when another did first.
 */
export async function setAcknowledgement(
  db: Queryable,
  workOrderId: number,
  change: { expected: string | null; ack: { by: number; at: string } | null },
  now: string,
): Promise<boolean> {
  const { expected, ack } = change;
  const result = await db
    .updateTable('work_orders')
    .set({ acknowledged_at: ack?.at ?? null, acknowledged_by: ack?.by ?? null, last_updated: now })
    .where('id', '=', workOrderId)
    .where('acknowledged_at', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findLastSearch(db: Queryable, userId: number) {
  return db
    .selectFrom('contractor_last_searches')
    .select(['criteria', 'saved_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveLastSearch(db: Queryable, userId: number, criteria: string, savedAt: string) {
  await db
    .insertInto('contractor_last_searches')
    .values({ user_id: userId, criteria, saved_at: savedAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ criteria, saved_at: savedAt }))
    .execute();
}
