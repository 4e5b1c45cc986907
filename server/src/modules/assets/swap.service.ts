/**
 * ONT swap and upgrade (SPEC §2, §4): the swap data, the installer's equipment, the upgrade's port preview, and the
 * two writes. A swap or upgrade is one transaction: the asset statuses, the location links and the circuits' ports
 * change together or not at all (a circuit that cannot be placed on the new ONT rolls everything back).
 */
import { type Equipment, ONT_HARDWARE_TYPE, type SwapData, type UpgradePreview } from '@strand/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, Queryable } from '../../db/database.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertFieldUserMayReach, type ReachedWorkOrder } from '../access/access.service.js';
import { assertAssetAtWorkOrder } from './assets.policy.js';
import * as repo from './assets.repository.js';
import * as swapRepo from './swap.repository.js';

/** The ONT at the work order's service location that is being replaced. */
async function originalOnt(db: Queryable, wo: ReachedWorkOrder, tag: string) {
  const asset = await repo.findAssetByTag(db, tag);
  if (!asset) throw badRequest(`There is no asset ${tag}.`, { OrigEquip: 'the ONT at the service location' });
  assertAssetAtWorkOrder(asset, wo);
  if (asset.hardware_type !== ONT_HARDWARE_TYPE) {
    throw badRequest(`${tag} is not an ONT.`, { OrigEquip: 'an ONT (hardware type 273)' });
  }
  return asset;
}

/** The replacement: an ONT in stock at the user's NOC location, assigned to this user or to no one. */
async function replacementOnt(db: Queryable, user: Viewer, tag: string) {
  const asset = await repo.findAssetByTag(db, tag);
  const allowed = 'an ONT in stock at your NOC location, assigned to you or to no one';
  if (!asset) throw badRequest(`There is no asset ${tag}.`, { NewAsset: allowed });
  const usable =
    asset.status === 'In Stock' &&
    asset.hardware_type === ONT_HARDWARE_TYPE &&
    user.nocLocationId !== null &&
    asset.noc_location_id === user.nocLocationId &&
    (asset.assigned_user_id === null || asset.assigned_user_id === user.userId);
  if (!usable) throw badRequest(`${tag} cannot be installed (${asset.status}).`, { NewAsset: allowed });
  return asset;
}

function toEquipment(row: swapRepo.StockRow): Equipment {
  return {
    nAssetID: row.id,
    vcAssetID: row.asset_tag,
    EquipType: row.equipment_type,
    nCount: 1,
    vcDescription: row.description,
    vcEquipmentMaker: row.maker,
    vcModel: row.model,
    nPorts: row.ports,
  };
}

export async function getAssignedEquipment(ctx: AppContext, user: Viewer): Promise<Equipment[]> {
  if (user.nocLocationId === null) return [];
  const rows = await swapRepo.listStock(ctx.db, { nocLocationId: user.nocLocationId, assignedUserId: user.userId });
  return rows.map(toEquipment);
}

export async function getSwapData(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  ontTag: string,
): Promise<SwapData> {
  const wo = await assertFieldUserMayReach(ctx, user, workOrderId);
  const ont = await originalOnt(ctx.db, wo, ontTag);
  const [stock, packages] = await Promise.all([
    user.nocLocationId === null
      ? Promise.resolve([])
      : swapRepo.listStock(ctx.db, { nocLocationId: user.nocLocationId, hardwareType: ONT_HARDWARE_TYPE }),
    swapRepo.listLocationPackages(ctx.db, ont.service_location_id ?? 0),
  ]);
  return {
    asset: { nCount: 1, vcAssetID: ont.asset_tag, nEquipmentTypeID: ont.definition_id },
    equipment_definition: {
      nEquipmentTypeID: ont.definition_id,
      vcDescription: ont.definition_description,
      vcEquipmentMaker: ont.maker,
      vcModel: ont.model,
      nPorts: ont.ports,
      nSlots: ont.slots,
    },
    // Stock assigned to another installer is listed (so the office sees it) but cannot be chosen.
    available_equipment: stock.map((row) => ({
      ...toEquipment(row),
      showOption: row.assigned_user_id === null || row.assigned_user_id === user.userId,
    })),
    service_locations: packages.map((p, i) => ({
      nCount: i + 1,
      MasterServiceItemID: p.master_id,
      ServiceItemDesc: p.name,
      vcAddress: p.address,
      vcCity: p.city,
      vcState: p.state,
      vcZip: p.zip,
      PackageName: p.name,
      DateEntered: p.start_date,
      nOrderID: p.order_id,
      LinePrice: `$${(p.price_cents / 100).toFixed(2)}`,
    })),
  };
}

export async function previewUpgrade(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  body: { OrigEquip: string; NewAsset: string },
): Promise<UpgradePreview> {
  const wo = await assertFieldUserMayReach(ctx, user, workOrderId);
  const ont = await originalOnt(ctx.db, wo, body.OrigEquip);
  const next = await replacementOnt(ctx.db, user, body.NewAsset);
  const [oldPorts, newPorts, circuits] = await Promise.all([
    repo.listPorts(ctx.db, ont.id),
    repo.listPorts(ctx.db, next.id),
    swapRepo.listCircuitsOfAsset(ctx.db, ont.id),
  ]);
  const newDefP = newPorts.map((p) => ({ nPortID: p.port, vcPortLabel: p.label }));
  const slots = new Map<number, number>();
  for (const p of oldPorts) slots.set(p.slot, (slots.get(p.slot) ?? 0) + 1);
  return {
    oldDefP: circuits.map((c) => ({
      vcPortLabel: oldPorts.find((p) => p.slot === c.slot && p.port === c.port)?.label ?? `Port ${c.port}`,
      nPortID: c.port,
      RecordID: c.id,
      vcProduct: c.product,
      vcCircuitID: c.circuit_code,
      newDefP,
    })),
    oldDefS: [...slots].map(([nSlot, nPorts]) => ({ nSlot, nPorts })),
  };
}

/**
 * Puts `next` in place of `ont` inside `trx`: the old ONT goes back on the installer's truck, the new one is active
 * at the location, and each circuit moves to `portOf(circuit)` on the new ONT. Throws (rolling back) when a circuit
 * has no place on the new ONT or two circuits would share a port.
 */
async function replaceOnt(
  trx: Transaction<Database>,
  ctx: AppContext,
  user: Viewer,
  ont: repo.AssetRow,
  next: repo.AssetRow,
  portOf: (circuit: { port: number; circuit_code: string }) => number,
) {
  const now = ctx.now().toISOString();
  const claimed = await swapRepo.activateStock(trx, next.id, ont.service_location_id ?? 0, now);
  if (!claimed) throw conflict(`${next.asset_tag} was taken by another request; choose another ONT.`);
  await swapRepo.returnToStock(trx, ont.id, { userId: user.userId, nocLocationId: user.nocLocationId, now });
  const [circuits, newPorts] = await Promise.all([
    swapRepo.listCircuitsOfAsset(trx, ont.id),
    repo.listPorts(trx, next.id),
  ]);
  const used = new Set<number>();
  for (const circuit of circuits) {
    const port = portOf(circuit);
    const target = newPorts.find((p) => p.slot === circuit.slot && p.port === port);
    if (!target) {
      throw badRequest(`${next.asset_tag} has no port ${port} for circuit ${circuit.circuit_code}.`, {
        Ports: `a port of ${next.asset_tag} (1 to ${newPorts.length})`,
      });
    }
    if (used.has(port)) {
      throw badRequest(`Two circuits cannot share port ${port} of ${next.asset_tag}.`, {
        Ports: 'a different new port for each circuit',
      });
    }
    used.add(port);
    await swapRepo.moveCircuit(trx, circuit.id, next.id, port);
  }
}

export async function completeSwap(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  body: { NewAsset: string; OrigEquip: string; serviceLocation: number },
): Promise<true> {
  const wo = await assertFieldUserMayReach(ctx, user, workOrderId);
  if (body.serviceLocation !== wo.service_location_id) {
    throw badRequest('That is not the service location of this work order.', {
      serviceLocation: `the work order's service location (${wo.service_location_id ?? 'none'})`,
    });
  }
  await ctx.db.transaction().execute(async (trx) => {
    const ont = await originalOnt(trx, wo, body.OrigEquip);
    const next = await replacementOnt(trx, user, body.NewAsset);
    await replaceOnt(trx, ctx, user, ont, next, (c) => c.port);
  });
  return true;
}

export async function completeUpgrade(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  body: { OrigEquip: string; NewAsset: string; TotalPorts: number; Ports: Record<string, number> },
): Promise<{ nAssetID: number }> {
  const wo = await assertFieldUserMayReach(ctx, user, workOrderId);
  return ctx.db.transaction().execute(async (trx) => {
    const ont = await originalOnt(trx, wo, body.OrigEquip);
    const next = await replacementOnt(trx, user, body.NewAsset);
    if (body.TotalPorts !== next.ports) {
      throw badRequest(`${next.asset_tag} has ${next.ports} ports.`, { TotalPorts: `${next.ports}` });
    }
    await replaceOnt(trx, ctx, user, ont, next, (c) => {
      const port = body.Ports[String(c.port)];
      if (port === undefined) {
        throw badRequest(`Map port ${c.port} (circuit ${c.circuit_code}) to a port of ${next.asset_tag}.`, {
          Ports: `a new port for old port ${c.port}`,
        });
      }
      return port;
    });
    return { nAssetID: next.id };
  });
}
