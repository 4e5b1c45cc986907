/**
 * Whose work orders and assets a field user reaches: pure decisions over the Viewer and the owner row that
 * access.service.ts reads, keeping each area's statuses and messages. The areas (work-orders, contractor, assets,
 * circuits, photos…) ask access.service.ts, or use these directly on a row they already hold; access reaches up
 * into no area.
 */
import { forbidden, notFound } from '../../lib/errors.js';
import { hasRole, type Viewer } from '../../plugins/auth.js';

/** The owner columns of a work order. */
export interface WorkOrderScope {
  id: number;
  contractor_id: number | null;
  service_location_id: number | null;
}

/** Installer area: the provider's own work orders (no contractor company); 404 unknown, 403 a contractor company's. */
export function assertInstallerWorkOrder<T extends { id: number; contractor_id: number | null }>(
  row: T | undefined,
  workOrderId: number,
): T {
  if (!row) throw notFound(`There is no work order #${workOrderId}.`);
  if (row.contractor_id !== null) throw forbidden(`Work order #${workOrderId} belongs to a contractor company.`);
  return row;
}

/** The contractor company a contractor session acts for (the token's nContractor); 403 for any other session. */
export function companyOf(viewer: Viewer): number {
  if (!(viewer.contractorId > 0)) throw forbidden('This is for contractor crews only.');
  return viewer.contractorId;
}

/** Contractor area: refuses a missing object (404) or one of another company (403). */
export function assertOwnedByCompany<T extends { contractor_id: number | null }>(
  viewer: Viewer,
  owner: T | undefined,
  what: 'work order' | 'restoration ticket' | 'contract',
): asserts owner is T {
  if (!owner) throw notFound(`No ${what} has that id.`);
  if (owner.contractor_id !== companyOf(viewer)) {
    throw forbidden(`This ${what} belongs to another contractor company.`);
  }
}

/** Equipment area: an installer the provider's own work orders, a contractor its company's; 404 unknown, else 403. */
export function assertWorkOrderAccess<T extends WorkOrderScope>(
  row: T | undefined,
  workOrderId: number,
  viewer: Viewer,
): T {
  if (!row) throw notFound(`There is no work order #${workOrderId}.`);
  const ownInstallerOrder = row.contractor_id === null && hasRole(viewer, 'installer');
  const ownCompanyOrder = row.contractor_id !== null && row.contractor_id === viewer.contractorId;
  if (!ownInstallerOrder && !ownCompanyOrder) throw forbidden(`You do not have access to work order #${workOrderId}.`);
  return row;
}

export interface AssetOwner {
  asset_tag: string;
  service_location_id: number | null;
  assigned_user_id: number | null;
}

/**
 * Reading an asset (with its serial and MAC) by id or label, before any lookup: installers (also field technicians
 * who are contractors too) read every asset; a contractor one assigned to itself. Otherwise the answer depends on
 * whether the contractor's company has a work order at the asset's location: `companyLookup` says what to ask.
 */
export function assetReadWithoutLookup(viewer: Viewer, asset: AssetOwner): boolean {
  if (hasRole(viewer, 'installer')) return true;
  return viewer.contractorId > 0 && asset.assigned_user_id !== null && asset.assigned_user_id === viewer.userId;
}

/** The company and location to ask about, or null when no answer could let the viewer read the asset. */
export function companyLookup(viewer: Viewer, asset: AssetOwner) {
  if (!(viewer.contractorId > 0) || asset.service_location_id === null) return null;
  return { companyId: viewer.contractorId, serviceLocationId: asset.service_location_id };
}

/** Refuses an asset the viewer may not read. */
export function assertAssetReadable(asset: AssetOwner, readable: boolean): void {
  if (!readable) throw forbidden(`You do not have access to asset ${asset.asset_tag}.`);
}
