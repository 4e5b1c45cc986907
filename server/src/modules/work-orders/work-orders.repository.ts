/** All SQL of the installer's work-order home and its views (the search has its own repository). */
import type { Kysely, Transaction } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';

export function listWorkOrderTypes(db: Queryable) {
  return db.selectFrom('work_order_types').select(['id', 'description']).orderBy('description').execute();
}

/** The work order row's columns with its type, customer, service location and sales order notes. */
const WORK_ORDER_COLUMNS = [
  'wo.id',
  'wo.service_location_id',
  'wo.order_id',
  'wo.detail_id',
  'wo.status',
  'wo.colo_area',
  'wo.summary',
  'wo.next_scheduled_name',
  'wo.next_scheduled_at',
  'wo.due_date',
  'wo.last_updated',
  't.description as type_description',
  't.class as type_class',
  't.view_file as type_view_file',
  'c.id as customer_id',
  'c.name as customer_name',
  'c.status as customer_status',
  'sl.address',
  'sl.address2',
  'sl.city',
  'sl.state',
  'sl.zip',
  'sl.latitude',
  'sl.longitude',
  'so.notes as sales_order_notes',
] as const;

/** The physical plant config's value columns (no id, no order id: they are the work order's here). */
const PLANT_COLUMNS = [
  'p.splitter_port_label',
  'p.splitter_asset_description',
  'p.is_fiber_drop_only',
  'p.cabinet_location',
  'p.fiber_size',
  'p.fiber_size2',
  'p.existing_logical_circuit_id',
  'p.existing_fiber_drop',
  'p.fiber_strand',
  'p.fiber_strand2',
  'p.ont_number',
  'p.fiber_port',
  'p.hand_hole_address',
  'p.splitter_asset_id',
] as const;

/**
 * The work order home's row in one statement (issue 16: it was five): the work order with its type, customer, service
 * location and sales order notes, the counts of its circuits, attachments and notes, and its sales order's physical
 * plant config (`plant_id` null without one).
 */
export function findWorkOrderHome(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .innerJoin('customers as c', 'c.id', 'wo.customer_id')
    .leftJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
    .leftJoin('sales_orders as so', 'so.id', 'wo.order_id')
    .leftJoin('physical_plant_configs as p', 'p.order_id', 'wo.order_id')
    .select(WORK_ORDER_COLUMNS)
    .select(PLANT_COLUMNS)
    .select((eb) => [
      'p.id as plant_id',
      eb
        .selectFrom('circuits as ci')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ci.service_location_id', '=', 'wo.service_location_id')
        .as('circuit_count'),
      eb
        .selectFrom('attachments as at')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('at.work_order_id', '=', 'wo.id')
        .as('attachment_count'),
      eb
        .selectFrom('work_order_notes as n')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('n.work_order_id', '=', 'wo.id')
        .as('note_count'),
    ])
    .where('wo.id', '=', workOrderId)
    .executeTakeFirst();
}

export type WorkOrderRow = NonNullable<Awaited<ReturnType<typeof findWorkOrderHome>>>;

/** The work order's sales order id and its service location's address and position (nulls without a location). */
export function findWorkOrderLocation(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_orders as wo')
    .leftJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
    .select([
      'wo.order_id',
      'sl.address',
      'sl.address2',
      'sl.city',
      'sl.state',
      'sl.zip',
      'sl.latitude',
      'sl.longitude',
    ])
    .where('wo.id', '=', workOrderId)
    .executeTakeFirst();
}

/**
 * Contacts linked to a service location (SPEC §3 Contact), by id (the work order home asks). Ordered by the link's
 * contact id (the same as m.id through the join), which the (service_location_id, contact_method_id) index already
 * holds in order: no sort.
 */
export function listLocationContacts(db: Queryable, serviceLocationId: number) {
  return db
    .selectFrom('contact_method_locations as l')
    .innerJoin('contact_methods as m', 'm.id', 'l.contact_method_id')
    .select(['m.id', 'm.category', 'm.name', 'm.phone', 'm.phone2', 'm.email'])
    .where('l.service_location_id', '=', serviceLocationId)
    .orderBy('l.contact_method_id')
    .execute();
}

/** The names of the users a work order is assigned to (the work order home asks). */
export function listAssigneeNames(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_order_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.first_name', 'u.last_name'])
    .where('a.work_order_id', '=', workOrderId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}

/** The physical plant config of the work order's sales order, if it has one. */
export function findPlantConfigOfWorkOrder(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('physical_plant_configs as p')
    .innerJoin('work_orders as wo', 'wo.order_id', 'p.order_id')
    .selectAll('p')
    .where('wo.id', '=', workOrderId)
    .executeTakeFirst();
}

export function listNotes(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_order_notes')
    .select(['id', 'author', 'body', 'created_at'])
    .where('work_order_id', '=', workOrderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function listLocationPackages(db: Queryable, serviceLocationId: number) {
  return db
    .selectFrom('service_location_packages as sp')
    .innerJoin('packages as p', 'p.id', 'sp.package_id')
    .select(['sp.package_id', 'p.master_id', 'p.name', 'sp.start_date', 'sp.last_invoiced', 'sp.active'])
    .where('sp.service_location_id', '=', serviceLocationId)
    .orderBy('sp.active', 'desc')
    .orderBy('sp.start_date', 'desc')
    .orderBy('sp.id')
    .execute();
}

export function listLocationAssets(db: Queryable, serviceLocationId: number) {
  return db
    .selectFrom('assets as a')
    .innerJoin('equipment_definitions as d', 'd.id', 'a.definition_id')
    .select([
      'a.id',
      'a.asset_tag',
      'a.description',
      'a.status',
      'a.serial_number',
      'a.mac_address',
      'd.description as equipment_description',
      'd.maker',
      'd.model',
      'd.hardware_type',
    ])
    .where('a.service_location_id', '=', serviceLocationId)
    .orderBy('a.id')
    .execute();
}

/** The work order's sales order, if it has one. */
export function findSalesOrderOfWorkOrder(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('sales_orders as so')
    .innerJoin('work_orders as wo', 'wo.order_id', 'so.id')
    .select(['so.id', 'so.notes', 'so.html'])
    .where('wo.id', '=', workOrderId)
    .executeTakeFirst();
}

export function listCircuits(db: Queryable, serviceLocationId: number) {
  return db
    .selectFrom('circuits')
    .select(['id', 'product', 'circuit_code', 'description'])
    .where('service_location_id', '=', serviceLocationId)
    .orderBy('product')
    .orderBy('id')
    .execute();
}

export function listCentralOffices(db: Queryable) {
  return db
    .selectFrom('central_offices')
    .select(['id', 'name', 'kind', 'address', 'city', 'state', 'zip', 'latitude', 'longitude'])
    .orderBy('id')
    .execute();
}

/** The view object id of the GIS link, found by order id and work-order detail id (SPEC §7). */
export function findGisObject(db: Queryable, orderId: number, detailId: number) {
  return db
    .selectFrom('work_orders')
    .select(['id', 'contractor_id', 'gis_object_id'])
    .where('order_id', '=', orderId)
    .where('detail_id', '=', detailId)
    .executeTakeFirst();
}

/** Whether a user may still fetch files: an enabled installer (checked again when a file link is used). */
export function findActiveInstaller(db: Queryable, userId: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('installer', '=', 1)
    .where('disabled', '=', 0)
    .executeTakeFirst();
}

/** The checklist saved for a work order (none until someone saves it) and what its type's form depends on. */
export function findChecklist(db: Kysely<Database>, workOrderId: number) {
  return db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .leftJoin('checklists as cl', 'cl.work_order_id', 'wo.id')
    .select([
      'wo.status',
      't.view_file',
      't.is_business',
      't.template_type',
      'cl.data',
      'cl.arrival_onsite',
      'cl.work_complete',
      'cl.notes',
      'cl.updated_at',
    ])
    .where('wo.id', '=', workOrderId)
    .executeTakeFirst();
}

export function listDropTypeNames(db: Kysely<Database>) {
  return db.selectFrom('drop_types').select(['id', 'type']).execute();
}

// ---- the installer's completion of an install (issue 12) -------------------------------------------------------

/** The work order a completion changes, locked on PostgreSQL (SQLite serializes write transactions). */
export function lockForCompletion(db: Transaction<Database>, dialect: 'sqlite' | 'postgres', workOrderId: number) {
  let q = db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .leftJoin('checklists as cl', 'cl.work_order_id', 'wo.id')
    .select([
      'wo.id',
      'wo.status',
      'wo.order_id',
      'wo.service_location_id',
      'wo.depends_on_work_order_id',
      't.view_file',
      't.is_business',
      't.template_type',
      'cl.id as checklist_id',
      'cl.data',
      'cl.arrival_onsite',
      'cl.notes',
    ])
    .where('wo.id', '=', workOrderId);
  if (dialect === 'postgres') q = q.forUpdate('wo');
  return q.executeTakeFirst();
}

/** Whether the user is one of the work order's assignees (the installer's own writes: On my way, checklist saves). */
export async function isAssigned(db: Kysely<Database>, workOrderId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('work_order_assignments')
    .select('user_id')
    .where('work_order_id', '=', workOrderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes the installer's checklist and its history entry; `completes` also sets the work order Complete. */
export async function saveCompletedChecklist(
  db: Transaction<Database>,
  checklistId: number | null,
  row: {
    work_order_id: number;
    template: string;
    data: string;
    arrival_onsite: string | null;
    work_complete: string | null;
    notes: string | null;
    updated_by: number;
    updated_at: string;
  },
  history: string,
  completes = true,
): Promise<void> {
  let id = checklistId;
  if (id !== null) await db.updateTable('checklists').set(row).where('id', '=', id).execute();
  else id = (await db.insertInto('checklists').values(row).returning('id').executeTakeFirstOrThrow()).id;
  await db
    .insertInto('checklist_history')
    .values({ checklist_id: id, user_id: row.updated_by, at: row.updated_at, changes: history })
    .execute();
  if (!completes) return;
  await db
    .updateTable('work_orders')
    .set({ status: 'Complete', last_updated: row.updated_at })
    .where('id', '=', row.work_order_id)
    .execute();
}
