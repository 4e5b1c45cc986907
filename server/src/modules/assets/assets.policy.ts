/**
 * Who may act on which work order and asset in the equipment area. Installers reach the provider's own work orders
 * (no contractor company); contractors reach their company's. An asset is acted on only in the context of a work
 * order whose service location it is at, so a foreign work order or a foreign asset is refused.
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
  id: number,
  user: SessionClaims,
): T {
  if (!row) throw notFound(`There is no work order #${id}.`);
  const ownInstallerOrder = row.contractor_id === null && hasRole(user, 'installer');
  const ownCompanyOrder = row.contractor_id !== null && row.contractor_id === user.nContractor;
  if (!ownInstallerOrder && !ownCompanyOrder) throw forbidden(`You do not have access to work order #${id}.`);
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
