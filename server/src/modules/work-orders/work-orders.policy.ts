/**
 * Who may read which work order in the installer area. The routes admit only the installer role (customers,
 * contractors and staff are refused there); an installer reaches the provider's own work orders, never one that was
 * given to a contractor company (those are the contractor area's).
 */
import { forbidden, notFound } from '../../lib/errors.js';

export interface WorkOrderOwner {
  id: number;
  contractor_id: number | null;
}

export function assertInstallerWorkOrder<T extends WorkOrderOwner>(row: T | undefined, workOrderId: number): T {
  if (!row) throw notFound(`There is no work order #${workOrderId}.`);
  if (row.contractor_id !== null) throw forbidden(`Work order #${workOrderId} belongs to a contractor company.`);
  return row;
}
