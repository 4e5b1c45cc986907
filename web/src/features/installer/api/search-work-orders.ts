import { type WorkOrderSearchParams, WorkOrderSearchResultSchema, WorkOrderTypeListSchema } from '@strand/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { offlineRead } from '../../../lib/offline/offline-runtime';

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

/** searchWorkOrders (SPEC §7). Results stay cached a while, so 'Go back to search results' shows the same list. */
export function useWorkOrderSearch(params: WorkOrderSearchParams) {
  const key = searchQueryString(params);
  return useQuery({
    queryKey: ['installer', 'search', key],
    queryFn: ({ signal }) => searchWorkOrders(params, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    networkMode: 'always',
  });
}

/** getWorkorderTypes (SPEC §7): the descriptions for the type dropdown. */
export function useWorkOrderTypes() {
  return useQuery({
    queryKey: ['installer', 'work-order-types'],
    queryFn: ({ signal }) => apiRequest('/api/installer/work-order-types', { schema: WorkOrderTypeListSchema, signal }),
    staleTime: 60 * 60_000,
  });
}
