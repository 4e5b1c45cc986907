/**
 * One access check per resource kind, each the first thing a service does with an id it was given (as Immich's
 * utils/access.ts does): one small owner query (access.repository.ts), then access.policy.ts, pure decisions over the
 * owner row that keep each area's statuses and messages:
 *
 * - installer area (work-orders, photos, installer files): the provider's own work orders;
 * - contractor area: the session's company's work orders;
 * - equipment area (assets, actions, swap, circuits): either of the two, by role.
 *
 * A passed check answers a `ReachedWorkOrder`: the owner row, marked so that helpers which must not run unchecked
 * (an upload's save, a details load) take it instead of a bare id, and never repeat the check or its query.
 */
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../plugins/auth.js';
import {
  type AssetOwner,
  assertAssetReadable,
  assertInstallerWorkOrder,
  assertOwnedByCompany,
  assertWorkOrderAccess,
  assetReadWithoutLookup,
  companyLookup,
} from './access.policy.js';
import * as repo from './access.repository.js';

declare const reached: unique symbol;
/** A work order's owner row that passed an access check in this request. */
export type ReachedWorkOrder = repo.WorkOrderOwner & { readonly [reached]: true };

const passed = (owner: repo.WorkOrderOwner) => owner as ReachedWorkOrder;

/** Installer area: 404 unknown, 403 a contractor company's. Who the installer is does not matter here. */
export async function assertInstallerMayReach(ctx: AppContext, workOrderId: number): Promise<ReachedWorkOrder> {
  return passed(assertInstallerWorkOrder(await repo.findWorkOrderOwner(ctx.db, workOrderId), workOrderId));
}

/** Contractor area: 404 unknown, 403 another company's (or a session without a company). */
export async function assertContractorMayReach(
  ctx: AppContext,
  viewer: Viewer,
  workOrderId: number,
): Promise<ReachedWorkOrder> {
  const owner = await repo.findWorkOrderOwner(ctx.db, workOrderId);
  assertOwnedByCompany(viewer, owner, 'work order');
  return passed(owner);
}

/** Equipment area: an installer the provider's own work orders, a contractor its company's; 404 unknown, else 403. */
export async function assertFieldUserMayReach(
  ctx: AppContext,
  viewer: Viewer,
  workOrderId: number,
): Promise<ReachedWorkOrder> {
  return passed(assertWorkOrderAccess(await repo.findWorkOrderOwner(ctx.db, workOrderId), workOrderId, viewer));
}

/**
 * Reading an asset by id or label: installers any; a contractor one assigned to itself, or one at a service location
 * its company reaches through a work order (one indexed query, asked only then).
 */
export async function assertUserMayReadAsset(ctx: AppContext, viewer: Viewer, asset: AssetOwner): Promise<void> {
  if (assetReadWithoutLookup(viewer, asset)) return;
  const ask = companyLookup(viewer, asset);
  assertAssetReadable(
    asset,
    ask !== null && (await repo.companyHasWorkOrderAt(ctx.db, ask.companyId, ask.serviceLocationId)),
  );
}
