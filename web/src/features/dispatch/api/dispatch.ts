import {
  type AssignRequest,
  AssignResultSchema,
  DispatchAvailabilitySchema,
  DispatchBoardSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, newIdempotencyKey } from '../../../lib/api-client';

export function fetchBoard(from: string, to: string, signal?: AbortSignal) {
  return apiRequest(`/api/staff/dispatch/board?from=${from}&to=${to}`, {
    schema: DispatchBoardSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The board of the days [from, to] (YYYY-MM-DD); refetched after every assignment. */
export const getBoardQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['dispatch', 'board', from, to],
    queryFn: ({ signal }) => fetchBoard(from, to, signal),
  });

export function useBoard(from: string, to: string) {
  return useQuery(getBoardQueryOptions(from, to));
}

/** Assigns (and, with a start, schedules) work orders; one Idempotency-Key per dispatcher action. */
export function assignWorkOrders(body: AssignRequest, key = newIdempotencyKey()) {
  return apiRequest('/api/staff/dispatch/assign', {
    method: 'POST',
    body,
    schema: AssignResultSchema,
    headers: { 'Idempotency-Key': key },
  });
}

export function useAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignRequest) => assignWorkOrders(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['dispatch', 'board'] }),
  });
}

/** Who is free for [start, end) (ISO), the work order being placed not counted against itself; one request. */
export function useAvailability(range: { start: string; end: string; workOrderId?: number } | null) {
  return useQuery({
    queryKey: ['dispatch', 'availability', range],
    enabled: range !== null,
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ start: range?.start ?? '', end: range?.end ?? '' });
      if (range?.workOrderId) q.set('workOrderId', String(range.workOrderId));
      return apiRequest(`/api/staff/dispatch/availability?${q}`, { schema: DispatchAvailabilitySchema, signal });
    },
  });
}
