/**
 * The installer's work-order search (SPEC §7 searchWorkOrders), shared by the installer search and the assets'
 * nearby work orders.
 */
import { type WorkOrderSearchParams, WorkOrderSearchResultSchema } from '@strand/domain';
import { apiRequest } from './api-client';
import { offlineRead } from './offline/offline-runtime';

/** The query string of a search, fields in a fixed order so the same search is the same URL and cache entry. */
export function searchQueryString(params: WorkOrderSearchParams): string {
  const entries = Object.entries(params)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(entries).toString();
}

export function searchWorkOrders(params: WorkOrderSearchParams, signal?: AbortSignal) {
  const path = `/api/installer/work-orders?${searchQueryString(params)}`;
  // Offline (issue 5): a failed search is answered from the last-50 response cache.
  return offlineRead(path, WorkOrderSearchResultSchema, () =>
    apiRequest(path, { schema: WorkOrderSearchResultSchema, ...(signal ? { signal } : {}) }),
  );
}
