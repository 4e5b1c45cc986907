/** The staff's auth-code calls (SPEC §7 "auth codes (get, pending, edit, search, add)"), typed by the domain. */
import {
  type AuthCodeList,
  AuthCodeListSchema,
  AuthCodeSchema,
  type AuthCodeSearchQuery,
  type AuthCodeUpdate,
  type NewAuthCode,
  NewAuthCodeResponseSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, newIdempotencyKey } from '../../../lib/api-client';

export const authCodesKey = ['staff', 'auth-codes'] as const;

/** How often the list is read again while the switch is working on a code, and while codes wait for a later try. */
export const PENDING_POLL_MS = 2000;
export const RETRY_WAIT_POLL_MS = 30_000;

const searchPath = (q: AuthCodeSearchQuery) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) params.set(k, v);
  const s = params.toString();
  return `/api/staff/auth-codes${s ? `?${s}` : ''}`;
};

/** Whether any listed code is still on its way to the switch (the list then polls). */
export const anyWaiting = (list: AuthCodeList | undefined) =>
  Boolean(list?.authCodes.some((c) => c.status === 'pending' || c.status === 'removing' || c.waitingForSwitch));

/**
 * How soon to read the list again: every 2 s while the switch should answer within a minute (a new code, a change,
 * a removal), every 30 s while codes only wait for a later try after the switch did not answer, else never.
 */
export function pollInterval(list: AuthCodeList | undefined, now = Date.now()): number | false {
  if (!anyWaiting(list)) return false;
  const soon = list?.authCodes.some(
    (c) =>
      (c.status === 'pending' || c.status === 'removing' || c.waitingForSwitch) &&
      (c.nextAttemptAt === null || Date.parse(c.nextAttemptAt) - now < 60_000),
  );
  return soon ? PENDING_POLL_MS : RETRY_WAIT_POLL_MS;
}

export const getAuthCodesQueryOptions = (q: AuthCodeSearchQuery) =>
  queryOptions({
    queryKey: [...authCodesKey, q],
    queryFn: ({ signal }) => apiRequest(searchPath(q), { schema: AuthCodeListSchema, signal }),
    refetchInterval: (query) => pollInterval(query.state.data),
  });

export function useAuthCodes(q: AuthCodeSearchQuery) {
  return useQuery(getAuthCodesQueryOptions(q));
}

/** Add: the answer is the only one that carries the full code. */
export function useAddAuthCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewAuthCode) =>
      apiRequest('/api/staff/auth-codes', {
        method: 'POST',
        body: input,
        schema: NewAuthCodeResponseSchema,
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authCodesKey }),
  });
}

export function useUpdateAuthCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: AuthCodeUpdate }) =>
      apiRequest(`/api/staff/auth-codes/${id}`, { method: 'PATCH', body: change, schema: AuthCodeSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authCodesKey }),
  });
}

export function useRetryAuthCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/staff/auth-codes/${id}/retry`, { method: 'POST', schema: AuthCodeSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authCodesKey }),
  });
}

export function useRemoveAuthCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/staff/auth-codes/${id}`, { method: 'DELETE', schema: z.undefined() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authCodesKey }),
  });
}
