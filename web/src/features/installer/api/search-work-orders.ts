import { type WorkOrderSearchParams, WorkOrderTypeListSchema } from '@strand/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchQueryString, searchWorkOrders } from '../../../lib/work-order-search';

export { searchQueryString, searchWorkOrders };

/** searchWorkOrders (SPEC §7). Results stay cached a while, so 'Go back to search results' shows the same list. */
export const getWorkOrderSearchQueryOptions = (params: WorkOrderSearchParams) =>
  queryOptions({
    queryKey: ['installer', 'search', searchQueryString(params)],
    queryFn: ({ signal }) => searchWorkOrders(params, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    networkMode: 'always',
  });

export function useWorkOrderSearch(params: WorkOrderSearchParams) {
  return useQuery(getWorkOrderSearchQueryOptions(params));
}

/** getWorkorderTypes (SPEC §7): the descriptions for the type dropdown. */
export const getWorkOrderTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['installer', 'work-order-types'],
    queryFn: ({ signal }) => apiRequest('/api/installer/work-order-types', { schema: WorkOrderTypeListSchema, signal }),
    staleTime: 60 * 60_000,
  });

export function useWorkOrderTypes() {
  return useQuery(getWorkOrderTypesQueryOptions());
}
