/** Row builders shared by the fixed, contractor and background work orders. */
import { workOrderTypeByDescription } from '@strand/domain';
import type { NewRow } from '../db/database.js';
import type { SeedContext } from './context.js';

export function typeIdOf(description: string): number {
  const type = workOrderTypeByDescription(description);
  if (!type) throw new Error(`Unknown work order type: ${description}`);
  return type.id;
}

export interface WorkOrderSpec {
  id: number;
  type: string;
  customerId: string;
  location: { id: number; colo_area: string | null } | null;
  orderId: number | null;
  contractorId?: number | null;
  status: string;
  summary: string;
  scheduledAt: string | null;
  scheduledName: string | null;
  dueDate: string | null;
  gisObjectId?: string | null;
  acknowledgedAt?: string | null;
  acknowledgedBy?: number | null;
  createdAt: string;
  lastUpdated: string;
}

/** The work-order detail id of the GIS link lookup (SPEC §7): derived from the work order id. */
export const detailIdOf = (workOrderId: number) => workOrderId + 400_000;

export function workOrderRow(spec: WorkOrderSpec): NewRow<'work_orders'> {
  return {
    id: spec.id,
    type_id: typeIdOf(spec.type),
    customer_id: spec.customerId,
    service_location_id: spec.location?.id ?? null,
    order_id: spec.orderId,
    detail_id: detailIdOf(spec.id),
    contractor_id: spec.contractorId ?? null,
    status: spec.status,
    colo_area: spec.location?.colo_area ?? null,
    summary: spec.summary,
    next_scheduled_name: spec.scheduledName,
    next_scheduled_at: spec.scheduledAt,
    due_date: spec.dueDate,
    gis_object_id: spec.gisObjectId ?? null,
    acknowledged_at: spec.acknowledgedAt ?? null,
    acknowledged_by: spec.acknowledgedBy ?? null,
    created_at: spec.createdAt,
    last_updated: spec.lastUpdated,
  };
}

export interface SalesOrderSpec {
  customerId: string;
  customerName: string;
  locationId: number | null;
  address: string;
  notes: string;
  lines: { description: string; priceCents: number }[];
  createdAt: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The sales order HTML view (SPEC §2 "Sales order HTML view"). */
export function salesOrderHtml(id: number, spec: SalesOrderSpec): string {
  const rows = spec.lines
    .map((l) => `<tr><td>${escapeHtml(l.description)}</td><td class="amount">${money(l.priceCents)}</td></tr>`)
    .join('');
  const total = spec.lines.reduce((sum, l) => sum + l.priceCents, 0);
  return [
    `<h2>Sales Order #${id}</h2>`,
    `<p><strong>${escapeHtml(spec.customerName)}</strong><br>${escapeHtml(spec.address)}</p>`,
    `<table><thead><tr><th>Item</th><th>Monthly</th></tr></thead><tbody>${rows}</tbody>`,
    `<tfoot><tr><th>Total</th><th class="amount">${money(total)}</th></tr></tfoot></table>`,
    `<p><em>Order notes:</em> ${escapeHtml(spec.notes)}</p>`,
  ].join('\n');
}

export function salesOrderRow(ctx: SeedContext, spec: SalesOrderSpec): NewRow<'sales_orders'> & { id: number } {
  const id = ctx.ids.next('sales_orders');
  return {
    id,
    customer_id: spec.customerId,
    service_location_id: spec.locationId,
    notes: spec.notes,
    html: salesOrderHtml(id, spec),
    created_at: spec.createdAt,
  };
}

export function assignmentRows(workOrderId: number, userIds: readonly number[], assignedAt: string) {
  return userIds.map((user_id) => ({ work_order_id: workOrderId, user_id, assigned_at: assignedAt }));
}
