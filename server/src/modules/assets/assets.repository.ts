/** All SQL of the asset area: assets with their definitions and ports, asset actions and action requests. */
import type { Asset } from '@strand/domain';
import type { NewRow, Queryable } from '../../db/database.js';

const assetColumns = [
  'a.id',
  'a.asset_tag',
  'a.description',
  'a.information',
  'a.status',
  'a.warranty',
  'a.serial_number',
  'a.mac_address',
  'a.service_location_id',
  'a.assigned_user_id',
  'a.noc_location_id',
  'a.definition_id',
  'd.description as definition_description',
  'd.maker',
  'd.model',
  'd.hardware_type',
  'd.equipment_type',
  'd.ports',
  'd.slots',
] as const;

function assetQuery(db: Queryable) {
  return db
    .selectFrom('assets as a')
    .innerJoin('equipment_definitions as d', 'd.id', 'a.definition_id')
    .select(assetColumns);
}

export type AssetRow = NonNullable<Awaited<ReturnType<typeof findAssetById>>>;

export function findAssetById(db: Queryable, assetId: number) {
  return assetQuery(db).where('a.id', '=', assetId).executeTakeFirst();
}

export function findAssetByTag(db: Queryable, tag: string) {
  return assetQuery(db).where('a.asset_tag', '=', tag).executeTakeFirst();
}

export function listPorts(db: Queryable, assetId: number) {
  return db
    .selectFrom('asset_ports')
    .select(['slot', 'port', 'label'])
    .where('asset_id', '=', assetId)
    .orderBy('slot')
    .orderBy('port')
    .execute();
}

export function toAsset(row: AssetRow, ports: { slot: number; port: number; label: string }[]): Asset {
  return {
    nAssetID: row.id,
    vcAssetID: row.asset_tag,
    vcAssetDescription: row.description,
    vcInformation: row.information,
    vcEquipmentDescription: row.definition_description,
    vcEquipmentMaker: row.maker,
    vcModel: row.model,
    vcStatus: row.status,
    vcWarranty: row.warranty,
    vcSerialNumber: row.serial_number,
    vcMACAddress: row.mac_address,
    nPorts: row.ports,
    nSlots: row.slots,
    nHardwareType: row.hardware_type,
    nServiceLocationID: row.service_location_id,
    ports: ports.map((p) => ({ nSlot: p.slot, nPort: p.port, vcPortLabel: p.label })),
  };
}

export function listActionsForHardwareType(db: Queryable, hardwareType: number) {
  return db
    .selectFrom('hardware_type_actions as h')
    .innerJoin('application_actions as x', 'x.id', 'h.action_id')
    .select(['x.id', 'x.action', 'x.description'])
    .where('h.hardware_type', '=', hardwareType)
    .orderBy('x.id')
    .execute();
}

export async function insertActionRequest(
  db: Queryable,
  row: { workOrderId: number; assetId: number; actionId: number; userId: number; now: string },
): Promise<number> {
  const inserted = await db
    .insertInto('asset_action_requests')
    .values({
      work_order_id: row.workOrderId,
      asset_id: row.assetId,
      action_id: row.actionId,
      requested_by: row.userId,
      status: 'Pending',
      result: null,
      attempts: 0,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function findActionRequest(db: Queryable, requestId: number) {
  return db
    .selectFrom('asset_action_requests as r')
    .innerJoin('assets as a', 'a.id', 'r.asset_id')
    .innerJoin('application_actions as x', 'x.id', 'r.action_id')
    .select([
      'r.id',
      'r.work_order_id',
      'r.requested_by',
      'r.status',
      'r.result',
      'r.attempts',
      'r.action_id',
      'x.action',
      'a.asset_tag',
    ])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
}

/** Pending requests, oldest first, with the OLT port of the asset's first circuit (null when none links it). */
export function listPendingRequests(db: Queryable, limit: number) {
  return db
    .selectFrom('asset_action_requests as r')
    .innerJoin('application_actions as x', 'x.id', 'r.action_id')
    .innerJoin('assets as a', 'a.id', 'r.asset_id')
    .select(['r.id', 'r.asset_id', 'r.action_id', 'r.attempts', 'x.action', 'a.asset_tag'])
    .where('r.status', '=', 'Pending')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

export function firstCircuitOfAsset(db: Queryable, assetId: number) {
  return db
    .selectFrom('circuits')
    .select(['server_ip', 'slot', 'port'])
    .where('asset_id', '=', assetId)
    .orderBy('slot')
    .orderBy('port')
    .limit(1)
    .executeTakeFirst();
}

/** Claims a pending request for this worker; false when another worker got it first. */
export async function claimRequest(db: Queryable, requestId: number, attempts: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('asset_action_requests')
    .set({ status: 'Running', attempts: attempts + 1, updated_at: now })
    .where('id', '=', requestId)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function finishRequest(
  db: Queryable,
  requestId: number,
  status: 'Pending' | 'Completed' | 'Failed',
  result: string,
  now: string,
) {
  return db
    .updateTable('asset_action_requests')
    .set({ status, result, updated_at: now })
    .where('id', '=', requestId)
    .execute();
}

/** After a crash, requests left Running are picked up again. */
export function requeueStaleRunning(db: Queryable, claimedBefore: string, now: string) {
  return db
    .updateTable('asset_action_requests')
    .set({ status: 'Pending', updated_at: now })
    .where('status', '=', 'Running')
    .where('updated_at', '<', claimedBefore)
    .execute();
}

/** The ONTs at a service location, the one changed last first (the one the installer scanned or swapped in). */
export function ontsAtLocation(db: Queryable, serviceLocationId: number) {
  return assetQuery(db)
    .where('a.service_location_id', '=', serviceLocationId)
    .where('d.equipment_type', '=', 'ONT')
    .where('a.status', '!=', 'Returned')
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

/** The asset's changes, newest first, with who made them. */
export function listAssetChanges(db: Queryable, assetId: number, limit: number) {
  return db
    .selectFrom('asset_changes as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.at', 'h.work_order_id', 'h.field', 'h.old_value', 'h.new_value', 'u.first_name', 'u.last_name'])
    .where('h.asset_id', '=', assetId)
    .orderBy('h.at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(limit)
    .execute();
}

/** Another asset carrying this MAC address, if any. */
export function findAssetWithMac(db: Queryable, mac: string, exceptAssetId: number) {
  return db
    .selectFrom('assets')
    .select(['id', 'asset_tag'])
    .where('mac_address', '=', mac)
    .where('id', '!=', exceptAssetId)
    .executeTakeFirst();
}

export function updateAssetIdentity(
  db: Queryable,
  assetId: number,
  values: { serial_number: string | null; mac_address: string | null; status: string; description: string },
  now: string,
) {
  return db
    .updateTable('assets')
    .set({ ...values, updated_at: now })
    .where('id', '=', assetId)
    .execute();
}

export async function insertAssetChanges(db: Queryable, rows: NewRow<'asset_changes'>[]) {
  if (rows.length > 0) await db.insertInto('asset_changes').values(rows).execute();
}
