/** Assets, their available actions and action requests (durable jobs carried out by asset-actions.jobs.ts). */
import {
  type ActionRequest,
  ASSET_STATUSES,
  type Asset,
  type AssetAction,
  type AssetEditData,
  type AssetEditRequestSchema,
  isActionVisible,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { Viewer } from '../../plugins/auth.js';
import { assertFieldUserMayReach, assertUserMayReadAsset } from '../access/access.service.js';
import { assertAssetAtWorkOrder } from './assets.policy.js';
import * as repo from './assets.repository.js';
import { activateStock } from './swap.repository.js';

/** The asset with its ports, once the user may read it (assets.policy.ts: contractors only their company's). */
async function readable(ctx: AppContext, user: Viewer, row: repo.AssetRow | undefined, what: string): Promise<Asset> {
  if (!row) throw notFound(`No valid asset info fetched for ${what}.`);
  await assertUserMayReadAsset(ctx, user, row);
  return repo.toAsset(row, await repo.listPorts(ctx.db, row.id));
}

export async function getAssetById(ctx: AppContext, user: Viewer, assetId: number): Promise<Asset> {
  return readable(ctx, user, await repo.findAssetById(ctx.db, assetId), `asset #${assetId}`);
}

export async function getAssetByTag(ctx: AppContext, user: Viewer, tag: string): Promise<Asset> {
  return readable(ctx, user, await repo.findAssetByTag(ctx.db, tag), tag);
}

/** The work order (checked against the user) and the asset (checked to be at its service location). */
export async function loadContext(ctx: AppContext, user: Viewer, workOrderId: number, assetId: number) {
  const wo = await assertFieldUserMayReach(ctx, user, workOrderId);
  const asset = await repo.findAssetById(ctx.db, assetId);
  if (!asset) throw notFound(`No valid asset info fetched for asset #${assetId}.`);
  assertAssetAtWorkOrder(asset, wo);
  return { wo, asset };
}

export async function listAvailableActions(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  assetId: number,
): Promise<AssetAction[]> {
  const { asset } = await loadContext(ctx, user, workOrderId, assetId);
  const actions = await repo.listActionsForHardwareType(ctx.db, asset.hardware_type);
  return actions
    .filter((a) => isActionVisible(a.id, { nContractor: user.contractorId }))
    .map((a) => ({ nApplicationActionID: a.id, vcAction: a.action, txtActionDescription: a.description }));
}

/** Records the request (once per idempotency key) and answers its RequestID; the worker carries it out. */
export async function takeAction(
  ctx: AppContext,
  user: Viewer,
  assetId: number,
  request: { actionId: number; workOrderId: number },
  key: string | undefined,
) {
  if (!key) {
    throw badRequest('Send an Idempotency-Key header so a retry never requests the action twice.', {
      'Idempotency-Key': 'required: 8 to 100 letters, digits, - or _ (a UUID is fine).',
    });
  }
  const { asset } = await loadContext(ctx, user, request.workOrderId, assetId);
  const actions = await repo.listActionsForHardwareType(ctx.db, asset.hardware_type);
  const action = actions.find((a) => a.id === request.actionId);
  if (!action) {
    throw badRequest(`Action ${request.actionId} does not apply to ${asset.asset_tag}.`, {
      ApplicationActionID: 'one of the actions listed for this asset',
    });
  }
  if (!isActionVisible(action.id, { nContractor: user.contractorId }))
    throw forbidden(`You may not request "${action.action}".`);
  const now = ctx.now().toISOString();
  return runIdempotent(
    ctx.db,
    { userId: user.userId, key, route: 'asset-action', request: { assetId, request }, now: ctx.now() },
    async (trx) => {
      const requestId = await repo.insertActionRequest(trx, {
        workOrderId: request.workOrderId,
        assetId: asset.id,
        actionId: action.id,
        userId: user.userId,
        now,
      });
      return { statusCode: 201, body: { RequestID: requestId } };
    },
  );
}

/** Confirms a request: only for its work order and asset, and only to users who may reach that work order. */
export async function getActionRequest(
  ctx: AppContext,
  user: Viewer,
  requestId: number,
  expected: { workOrderId: number; assetTag: string },
): Promise<ActionRequest> {
  const row = await repo.findActionRequest(ctx.db, requestId);
  if (!row || row.work_order_id !== expected.workOrderId || row.asset_tag !== expected.assetTag) {
    throw notFound(`There is no action request #${requestId} for this work order and asset.`);
  }
  await assertFieldUserMayReach(ctx, user, row.work_order_id);
  return {
    RequestID: row.id,
    WorkOrderID: row.work_order_id,
    vcAssetID: row.asset_tag,
    nApplicationActionID: row.action_id,
    vcAction: row.action,
    status: row.status as ActionRequest['status'],
    result: row.result,
    attempts: row.attempts,
  };
}

/**
 * 'Add an asset' on the service location: ties a scanned or typed asset from the user's stock to the location.
 * Adding an asset that is already there answers it again, so a retried request changes nothing.
 */
export async function addAssetToLocation(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  tag: string,
): Promise<Asset> {
  const wo = await assertFieldUserMayReach(ctx, user, workOrderId);
  if (wo.service_location_id === null) throw badRequest(`Work order #${workOrderId} has no service location.`);
  const locationId = wo.service_location_id;
  const asset = await repo.findAssetByTag(ctx.db, tag);
  if (!asset) throw badRequest(`No valid asset info fetched for ${tag}.`, { vcAssetID: 'an asset id from a label' });
  if (asset.service_location_id === locationId) return getAssetById(ctx, user, asset.id);
  const usable =
    asset.status === 'In Stock' &&
    user.nocLocationId !== null &&
    asset.noc_location_id === user.nocLocationId &&
    (asset.assigned_user_id === null || asset.assigned_user_id === user.userId);
  if (!usable) {
    throw badRequest(`${tag} cannot be added here (${asset.status}).`, {
      vcAssetID: 'an asset in stock at your NOC location, assigned to you or to no one',
    });
  }
  const taken = await activateStock(ctx.db, asset.id, locationId, ctx.now().toISOString());
  if (!taken) throw conflict(`${tag} was taken by another request.`);
  return getAssetById(ctx, user, asset.id);
}

/**
 * The ONT at a service location (the one changed last: scanned, added or swapped in during an install), or null.
 * For other areas: an order ties it to its install, a package change compares its speed with the ONT's.
 */
export async function ontAtLocation(
  db: Parameters<typeof repo.ontsAtLocation>[0],
  serviceLocationId: number,
): Promise<{ assetId: number; assetTag: string; model: string; description: string } | null> {
  const [row] = await repo.ontsAtLocation(db, serviceLocationId);
  return row
    ? { assetId: row.id, assetTag: row.asset_tag, model: row.model, description: row.definition_description }
    : null;
}

/** How many changes getAssetEditData shows. */
const HISTORY_LIMIT = 50;
const EDITED_FIELDS = [
  ['vcSerialNumber', 'serial_number', 'Serial number'],
  ['vcMACAddress', 'mac_address', 'MAC address'],
  ['vcStatus', 'status', 'Status'],
  ['vcAssetDescription', 'description', 'Description'],
] as const;

async function editData(ctx: AppContext, asset: repo.AssetRow): Promise<AssetEditData> {
  const history = await repo.listAssetChanges(ctx.db, asset.id, HISTORY_LIMIT);
  return {
    nAssetID: asset.id,
    vcAssetID: asset.asset_tag,
    vcSerialNumber: asset.serial_number,
    vcMACAddress: asset.mac_address,
    vcStatus: asset.status,
    vcAssetDescription: asset.description,
    statuses: [...ASSET_STATUSES],
    history: history.map((h) => ({
      id: h.id,
      at: h.at,
      by: h.first_name ? `${h.first_name} ${h.last_name ?? ''}`.trim() : null,
      WOId: h.work_order_id,
      field: h.field,
      from: h.old_value,
      to: h.new_value,
    })),
  };
}

/** getAssetEditData: the asset's editable fields and its history, in a work order at the asset's location. */
export async function getAssetEditData(
  ctx: AppContext,
  user: Viewer,
  workOrderId: number,
  assetId: number,
): Promise<AssetEditData> {
  const { asset } = await loadContext(ctx, user, workOrderId, assetId);
  return editData(ctx, asset);
}

/**
 * Corrects an asset's serial number, MAC address, status and description in a work order at its location: one
 * transaction writes the asset and a history row per changed field (an unchanged save writes nothing). A MAC address
 * another asset carries is refused (409, naming the other asset).
 */
export async function editAsset(
  ctx: AppContext,
  user: Viewer,
  assetId: number,
  input: z.output<typeof AssetEditRequestSchema>,
): Promise<AssetEditData> {
  const { asset } = await loadContext(ctx, user, input.WOId, assetId);
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (input.vcMACAddress) {
      const other = await repo.findAssetWithMac(trx, input.vcMACAddress, asset.id);
      if (other) {
        const message = `MAC address ${input.vcMACAddress} is already on asset ${other.asset_tag}.`;
        throw conflict(message, { vcMACAddress: message });
      }
    }
    const before: Record<string, string | null> = {
      serial_number: asset.serial_number,
      mac_address: asset.mac_address,
      status: asset.status,
      description: asset.description,
    };
    const changes = EDITED_FIELDS.filter(([name, column]) => (input[name] ?? null) !== before[column]).map(
      ([name, column, label]) => ({
        asset_id: asset.id,
        at: now,
        user_id: user.userId,
        work_order_id: input.WOId,
        field: label,
        old_value: before[column] ?? null,
        new_value: input[name] ?? null,
      }),
    );
    if (changes.length === 0) return;
    await repo.updateAssetIdentity(
      trx,
      asset.id,
      {
        serial_number: input.vcSerialNumber,
        mac_address: input.vcMACAddress,
        status: input.vcStatus,
        description: input.vcAssetDescription,
      },
      now,
    );
    await repo.insertAssetChanges(trx, changes);
    await audit(trx, {
      at: now,
      userId: user.userId,
      employeeId: user.employeeId,
      action: 'asset.edit',
      subject: `asset:${asset.id}`,
      detail: { workOrderId: input.WOId, fields: changes.map((c) => c.field) },
    });
  });
  const fresh = await repo.findAssetById(ctx.db, asset.id);
  if (!fresh) throw notFound(`No valid asset info fetched for asset #${assetId}.`);
  return editData(ctx, fresh);
}
