/** The SQL of ONT swaps and upgrades: stock, location packages, circuits of an asset and the moves. */
import type { Queryable } from '../../db/database.js';

export type StockRow = Awaited<ReturnType<typeof listStock>>[number];

/** Assets in stock at a NOC location (optionally one user's, or one hardware type), by asset tag. */
export function listStock(
  db: Queryable,
  filter: { nocLocationId: number; assignedUserId?: number; hardwareType?: number },
) {
  let q = db
    .selectFrom('assets as a')
    .innerJoin('equipment_definitions as d', 'd.id', 'a.definition_id')
    .select([
      'a.id',
      'a.asset_tag',
      'a.assigned_user_id',
      'd.description',
      'd.maker',
      'd.model',
      'd.equipment_type',
      'd.ports',
    ])
    .where('a.status', '=', 'In Stock')
    .where('a.noc_location_id', '=', filter.nocLocationId);
  if (filter.assignedUserId !== undefined) q = q.where('a.assigned_user_id', '=', filter.assignedUserId);
  if (filter.hardwareType !== undefined) q = q.where('d.hardware_type', '=', filter.hardwareType);
  return q.orderBy('a.asset_tag').limit(500).execute();
}

export function listLocationPackages(db: Queryable, locationId: number) {
  return db
    .selectFrom('service_location_packages as sp')
    .innerJoin('packages as p', 'p.id', 'sp.package_id')
    .innerJoin('service_locations as l', 'l.id', 'sp.service_location_id')
    .select([
      'p.name',
      'p.master_id',
      'p.price_cents',
      'sp.start_date',
      'sp.order_id',
      'l.address',
      'l.city',
      'l.state',
      'l.zip',
    ])
    .where('sp.service_location_id', '=', locationId)
    .where('sp.active', '=', 1)
    .orderBy('sp.id')
    .execute();
}

export function listCircuitsOfAsset(db: Queryable, assetId: number) {
  return db
    .selectFrom('circuits')
    .select(['id', 'product', 'circuit_code', 'slot', 'port'])
    .where('asset_id', '=', assetId)
    .orderBy('slot')
    .orderBy('port')
    .execute();
}

/** Takes a stock asset into service at the location; false when it is no longer in stock (taken meanwhile). */
export async function activateStock(db: Queryable, assetId: number, locationId: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('assets')
    .set({ status: 'Active', service_location_id: locationId, assigned_user_id: null, updated_at: now })
    .where('id', '=', assetId)
    .where('status', '=', 'In Stock')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The replaced ONT goes back on the installer's truck, to be returned to the NOC. */
export function returnToStock(
  db: Queryable,
  assetId: number,
  to: { userId: number; nocLocationId: number | null; now: string },
) {
  return db
    .updateTable('assets')
    .set({
      status: 'Returned',
      service_location_id: null,
      assigned_user_id: to.userId,
      noc_location_id: to.nocLocationId,
      updated_at: to.now,
    })
    .where('id', '=', assetId)
    .execute();
}

export function moveCircuit(db: Queryable, circuitId: number, assetId: number, port: number) {
  return db.updateTable('circuits').set({ asset_id: assetId, port }).where('id', '=', circuitId).execute();
}
