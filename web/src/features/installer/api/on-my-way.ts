/** "On my way" (issue 27): whether the customer was told, and telling them (the server sends it once a visit). */
import { OnMyWaySchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const url = (id: number) => `/api/installer/work-orders/${id}/on-my-way`;

export const onMyWayQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['installer', 'work-order', id, '/on-my-way'],
    queryFn: ({ signal }) => apiRequest(url(id), { schema: OnMyWaySchema, signal }),
    retry: false,
  });

export function useOnMyWay(id: number, enabled: boolean) {
  return useQuery({ ...onMyWayQueryOptions(id), enabled, staleTime: 60_000 });
}

export function sendOnMyWay(id: number) {
  return apiRequest(url(id), { method: 'POST', schema: OnMyWaySchema });
}
