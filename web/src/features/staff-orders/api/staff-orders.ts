import {
  ChangeOrderResultSchema,
  CustomerOrderDetailSchema,
  type StaffCancelOrderRequestSchema,
  StaffChangeOptionsSchema,
  type StaffChangeOrderRequest,
  StaffOrderListSchema,
  type StaffOrderNoteRequest,
  StaffOrderPageSchema,
  type StaffOrderStatusRequest,
} from '@strand/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, newIdempotencyKey } from '../../../lib/api-client';

export interface OrderFilters {
  q: string;
  status: string;
  from: string;
  to: string;
  /** 'true': only the orders stuck in their status (the staff home's tile). */
  stuck: string;
  sort: string;
  dir: string;
  page: number;
}

export function searchOrders(f: OrderFilters, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'from', 'to', 'stuck', 'sort', 'dir'] as const) if (f[key]) params.set(key, f[key]);
  if (f.page > 1) params.set('page', String(f.page));
  return apiRequest(`/api/staff/orders?${params}`, { schema: StaffOrderListSchema, ...(signal ? { signal } : {}) });
}

export const getOrdersQueryOptions = (f: OrderFilters) =>
  queryOptions({
    queryKey: ['staff', 'orders', f],
    queryFn: ({ signal }) => searchOrders(f, signal),
    placeholderData: keepPreviousData,
  });

export function useOrders(f: OrderFilters) {
  return useQuery(getOrdersQueryOptions(f));
}

export function fetchOrderPage(orderId: number, signal?: AbortSignal) {
  return apiRequest(`/api/staff/orders/${orderId}`, { schema: StaffOrderPageSchema, ...(signal ? { signal } : {}) });
}

export const getOrderPageQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['staff', 'order', orderId],
    queryFn: ({ signal }) => fetchOrderPage(orderId, signal),
  });

export function useOrderPage(orderId: number) {
  return useQuery(getOrderPageQueryOptions(orderId));
}

function useOrderWrite<B>(orderId: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      apiRequest(`/api/staff/orders/${orderId}/${path}`, {
        method: 'POST',
        body,
        schema: StaffOrderPageSchema,
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      }),
    onSuccess: (page) => {
      queryClient.setQueryData(getOrderPageQueryOptions(orderId).queryKey, page);
      queryClient.invalidateQueries({ queryKey: ['staff', 'orders'] });
    },
  });
}

export const useAddNote = (orderId: number) => useOrderWrite<StaffOrderNoteRequest>(orderId, 'notes');
export const useChangeStatus = (orderId: number) => useOrderWrite<StaffOrderStatusRequest>(orderId, 'status');

/** cancelOrder on the customer's behalf: refunds what was paid, cancels the unfinished work; the reason is required. */
export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof StaffCancelOrderRequestSchema>) =>
      apiRequest(`/api/staff/orders/${orderId}/cancel`, {
        method: 'POST',
        body,
        schema: CustomerOrderDetailSchema,
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getOrderPageQueryOptions(orderId).queryKey });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'orders'] });
    },
  });
}

// ---- change of packages on the customer's behalf ----------------------------------------------------------------

export const getStaffChangeOptionsQueryOptions = (serviceLocationId: number) =>
  queryOptions({
    queryKey: ['staff', 'change-options', serviceLocationId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/staff/orders/change-options/${serviceLocationId}`, { schema: StaffChangeOptionsSchema, signal }),
  });

export function useStaffChangeOptions(serviceLocationId: number) {
  return useQuery(getStaffChangeOptionsQueryOptions(serviceLocationId));
}

/** The change under the form's one Idempotency-Key: a retried click places one change. */
export function placeStaffChange(request: StaffChangeOrderRequest, key: string) {
  return apiRequest('/api/staff/orders/changes', {
    method: 'POST',
    body: request,
    schema: ChangeOrderResultSchema,
    headers: { 'Idempotency-Key': key },
  });
}

export function useStaffPlaceChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: StaffChangeOrderRequest; key: string }) => placeStaffChange(request, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
