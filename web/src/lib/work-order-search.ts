/**
 * The installer's work-order search (SPEC §7 searchWorkOrders), shared by the installer search and the assets'
 * nearby work orders.
 */
import { searchQueryString, type WorkOrderSearchParams, WorkOrderSearchResultSchema } from '@strand/domain';
import { apiRequest } from './api-client';
import { offlineRead } from './offline/offline-runtime';

export { searchQueryString };

export function searchWorkOrders(params: WorkOrderSearchParams, signal?: AbortSignal) {
  const path = `/api/installer/work-orders?${searchQueryString(params)}`;
  // Offline (issue 5): a failed search is answered from the last-50 response cache.
  return offlineRead(path, WorkOrderSearchResultSchema, () =>
    apiRequest(path, { schema: WorkOrderSearchResultSchema, ...(signal ? { signal } : {}) }),
  );
}
