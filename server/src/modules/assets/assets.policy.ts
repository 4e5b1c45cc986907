/**
 * Rules of the equipment area. Who reaches which work order and asset (installers the provider's own work orders,
 * contractors their company's; reading an asset by id or label) is decided in access/access.policy.ts and asked
 * through access.service.ts; here, what an asset may be used for once its work order is reached.
 */
import { forbidden } from '../../lib/errors.js';
import type { WorkOrderScope } from '../access/access.policy.js';

/** An asset is acted on only in the context of a work order whose service location it is at. */
export function assertAssetAtWorkOrder(
  asset: { asset_tag: string; service_location_id: number | null },
  wo: WorkOrderScope,
): void {
  if (wo.service_location_id === null || asset.service_location_id !== wo.service_location_id) {
    throw forbidden(`Asset ${asset.asset_tag} is not at the service location of work order #${wo.id}.`);
  }
}
