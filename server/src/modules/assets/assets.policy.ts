/**
 * Who may act on which work order and asset in the equipment area. Installers reach the provider's own work orders
 * (no contractor company); contractors reach their company's. An asset is acted on only in the context of a work
 * order whose service location it is at, so a foreign work order or a foreign asset is refused. Reading an asset
 * (with its serial and MAC) by id or label: installers read any; a contractor only an asset at the service location
 * of one of its company's work orders, or one assigned to the contractor user itself.
 */
import type { SessionClaims } from '@strand/domain';
import { forbidden, notFound } from '../../lib/errors.js';
import { hasRole } from '../../plugins/auth.js';

export interface WorkOrderScope {
  id: number;
  contractor_id: number | null;
  service_location_id: number | null;
}

export function assertWorkOrderAccess<T extends WorkOrderScope>(
  row: T | undefined,
  workOrderId: number,
  user: SessionClaims,
): T {
  if (!row) throw notFound(`There is no work order #${workOrderId}.`);
  const ownInstallerOrder = row.contractor_id === null && hasRole(user, 'installer');
  const ownCompanyOrder = row.contractor_id !== null && row.contractor_id === user.nContractor;
  if (!ownInstallerOrder && !ownCompanyOrder) throw forbidden(`You do not have access to work order #${workOrderId}.`);
  return row;
}

export function assertAssetAtWorkOrder(
  asset: { asset_tag: string; service_location_id: number | null },
  wo: WorkOrderScope,
): void {
  if (wo.service_location_id === null || asset.service_location_id !== wo.service_location_id) {
    throw forbidden(`Asset ${asset.asset_tag} is not at the service location of work order #${wo.id}.`);
  }
}

/**
 * May this user read the asset? Installers (also field technicians who are contractors too) read every asset; a
 * contractor only one its company reaches through a work order (`companyReachesLocation`) or one assigned to itself.
 */
export async function assertMayReadAsset(
  user: SessionClaims,
  asset: { asset_tag: string; service_location_id: number | null; assigned_user_id: number | null },
  companyReachesLocation: (companyId: number, serviceLocationId: number) => Promise<boolean>,
): Promise<void> {
  if (hasRole(user, 'installer')) return;
  if (user.nContractor > 0) {
    if (asset.assigned_user_id !== null && asset.assigned_user_id === user.nUserID) return;
    if (
      asset.service_location_id !== null &&
      (await companyReachesLocation(user.nContractor, asset.service_location_id))
    )
      return;
  }
  throw forbidden(`You do not have access to asset ${asset.asset_tag}.`);
}
