/** The installer's work-order search (SPEC §2, §5, §7) and the type list its form offers. */
import {
  DEFAULT_DISTANCE_FT,
  dispatchLocalDate,
  isOverdue,
  SEARCH_ROW_LIMIT,
  type WorkOrderSearchQuery,
  type WorkOrderSearchResult,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { searchWorkOrders } from './work-order-search.repository.js';
import * as repo from './work-orders.repository.js';

export async function listWorkOrderTypes(ctx: AppContext): Promise<string[]> {
  return (await repo.listWorkOrderTypes(ctx.db)).map((t) => t.description);
}

export async function search(ctx: AppContext, userId: number, q: WorkOrderSearchQuery): Promise<WorkOrderSearchResult> {
  let typeId: number | undefined;
  if (q.WorkOrderType !== undefined) {
    const types = await repo.listWorkOrderTypes(ctx.db);
    const wanted = q.WorkOrderType.toLowerCase();
    typeId = types.find((t) => t.description.toLowerCase() === wanted)?.id;
    if (typeId === undefined) {
      throw badRequest(`WorkOrderType: '${q.WorkOrderType}' is not a work order type.`, {
        WorkOrderType: 'Choose one of the work order types the form lists.',
      });
    }
  }
  const nearby =
    q.Latitude !== undefined && q.Longitude !== undefined
      ? { latitude: q.Latitude, longitude: q.Longitude, feet: q.Distance ?? DEFAULT_DISTANCE_FT }
      : undefined;

  const rows = await searchWorkOrders(ctx.db, ctx.dialect, {
    userId,
    workOrderId: q.WorkOrderID,
    customerName: q.CustomerName,
    customerId: q.CustomerID,
    byAssignment: q.ByAssignment === '1',
    showPending: q.ShowPendingAssigned === '1',
    typeId,
    nearby,
    address: q.Address,
    dateFrom: q.DateFrom,
    dateTo: q.DateTo,
    sortBy: q.SortBy,
    sortOrder: q.SortOrder,
    limit: SEARCH_ROW_LIMIT,
  });
  const today = dispatchLocalDate(ctx.now());
  return {
    workOrders: rows.slice(0, SEARCH_ROW_LIMIT).map((r) => ({
      nCount: r.id,
      vcWorkOrderType: r.type,
      vcCustomerName: r.customer_name,
      vcNextScheduledName: r.next_scheduled_name,
      vcNextScheduledTime: r.next_scheduled_at,
      vcColoArea: r.colo_area,
      dtDueDate: r.due_date,
      vcSummary: r.summary,
      vcAddress: r.address ? [r.address, r.city].filter(Boolean).join(', ') : null,
      bOverdue: isOverdue(r.due_date, r.status, today),
      ...(r.status === 'Waiting' || r.status === 'Cancelled'
        ? { vcStatus: r.status, nWaitingFor: r.status === 'Waiting' ? r.depends_on_work_order_id : null }
        : {}),
      ...(r.distance_feet === null ? {} : { nDistanceFeet: Math.round(Number(r.distance_feet)) }),
    })),
    limit: SEARCH_ROW_LIMIT,
    truncated: rows.length > SEARCH_ROW_LIMIT,
  };
}
