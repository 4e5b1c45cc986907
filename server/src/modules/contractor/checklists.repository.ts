/** All SQL of checklists: saves and their history, look-ups, assembly unit entries, contracts and unit prices. */
import type { DialectName } from '../../db/connect.js';
import type { NewRow, Queryable } from '../../db/database.js';

/** The work order a save changes, locked on PostgreSQL so two saves of one checklist run one after the other. */
export function lockWorkOrder(db: Queryable, dialect: DialectName, workOrderId: number) {
  let query = db
    .selectFrom('work_orders as wo')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .select([
      'wo.id',
      'wo.contractor_id',
      'wo.status',
      'wo.depends_on_work_order_id',
      't.view_file',
      't.is_business',
      't.template_type',
      't.description as type_description',
    ])
    .where('wo.id', '=', workOrderId);
  // SQLite has no FOR UPDATE: its write transactions are serialized already.
  if (dialect === 'postgres') query = query.forUpdate('wo');
  return query.executeTakeFirst();
}

export function findChecklist(db: Queryable, workOrderId: number) {
  return db.selectFrom('checklists').selectAll().where('work_order_id', '=', workOrderId).executeTakeFirst();
}

export async function saveChecklist(
  db: Queryable,
  existingId: number | null,
  row: Omit<NewRow<'checklists'>, 'id'>,
): Promise<number> {
  if (existingId !== null) {
    await db.updateTable('checklists').set(row).where('id', '=', existingId).execute();
    return existingId;
  }
  const inserted = await db.insertInto('checklists').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertHistory(db: Queryable, row: Omit<NewRow<'checklist_history'>, 'id'>) {
  await db.insertInto('checklist_history').values(row).execute();
}

export async function setWorkOrderStatus(db: Queryable, workOrderId: number, status: string, now: string) {
  await db.updateTable('work_orders').set({ status, last_updated: now }).where('id', '=', workOrderId).execute();
}

export function findHistory(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('checklist_history as h')
    .innerJoin('checklists as ch', 'ch.id', 'h.checklist_id')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.at', 'h.changes', 'u.first_name', 'u.last_name'])
    .where('ch.work_order_id', '=', workOrderId)
    .orderBy('h.at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
}

export function findWorkOrderType(db: Queryable, typeId: number) {
  return db.selectFrom('work_order_types').selectAll().where('id', '=', typeId).executeTakeFirst();
}

export function findDropTypes(db: Queryable, isBusiness: boolean) {
  return db
    .selectFrom('drop_types')
    .select(['id', 'type'])
    .where('is_business', '=', isBusiness ? 1 : 0)
    .orderBy('id')
    .execute();
}

export function findSpliceCaseTypes(db: Queryable) {
  return db.selectFrom('splice_case_types').select(['id', 'type']).orderBy('id').execute();
}

export function findAssemblyUnits(db: Queryable) {
  return db.selectFrom('assembly_units').selectAll().orderBy('code').execute();
}

export function findAssemblyUnit(db: Queryable, assemblyUnitId: number) {
  return db.selectFrom('assembly_units').selectAll().where('id', '=', assemblyUnitId).executeTakeFirst();
}

export async function insertAssemblyEntry(db: Queryable, row: Omit<NewRow<'work_order_assembly_units'>, 'id'>) {
  const inserted = await db
    .insertInto('work_order_assembly_units')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function findAssemblyEntry(db: Queryable, entryId: number) {
  return db
    .selectFrom('work_order_assembly_units as e')
    .innerJoin('assembly_units as u', 'u.id', 'e.assembly_unit_id')
    .select(['e.id', 'e.work_order_id', 'e.qty_units', 'u.code'])
    .where('e.id', '=', entryId)
    .executeTakeFirst();
}

export async function deleteAssemblyEntry(db: Queryable, entryId: number) {
  await db.deleteFrom('work_order_assembly_units').where('id', '=', entryId).execute();
}

export function findContracts(db: Queryable, companyId: number) {
  return db
    .selectFrom('fiber_contracts')
    .selectAll()
    .where('contractor_id', '=', companyId)
    .orderBy('starts_on', 'desc')
    .execute();
}

export function findContract(db: Queryable, contractId: number) {
  return db.selectFrom('fiber_contracts').selectAll().where('id', '=', contractId).executeTakeFirst();
}

export function findUnitPrices(db: Queryable, contractId: number) {
  return db
    .selectFrom('contract_unit_prices as p')
    .innerJoin('assembly_units as u', 'u.id', 'p.assembly_unit_id')
    .select(['p.assembly_unit_id', 'u.code', 'u.description', 'p.unit_price_cents'])
    .where('p.contract_id', '=', contractId)
    .orderBy('u.code')
    .execute();
}
