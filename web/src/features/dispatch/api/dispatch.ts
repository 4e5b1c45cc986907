import { type AssignRequest, AssignResultSchema, DispatchBoardSchema } from '@strand/domain';
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
