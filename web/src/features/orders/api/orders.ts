/** The customer's orders (issue 12): list, one order, cancel, and a change of packages, typed by the domain. */
import {
  ChangeOptionsSchema,
  type ChangeOrderRequest,
  ChangeOrderResultSchema,
  CustomerOrderDetailSchema,
  OrderSummaryListSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ORDER_TOUCHES } from '../../../lib/query-client';

export const ordersKeys = {
  all: ['orders'] as const,
  list: ['orders', 'list'] as const,
  one: (orderId: number) => ['orders', 'one', orderId] as const,
  changeOptions: (serviceLocationId: number) => ['orders', 'change-options', serviceLocationId] as const,
};

export const getOrdersQueryOptions = () =>
  queryOptions({
    queryKey: ordersKeys.list,
    queryFn: ({ signal }) => apiRequest('/api/customer/orders', { schema: OrderSummaryListSchema, signal }),
  });

export function useOrders() {
  return useQuery(getOrdersQueryOptions());
}

export const getOrderQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ordersKeys.one(orderId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/orders/${orderId}`, { schema: CustomerOrderDetailSchema, signal }),
  });

export function useOrder(orderId: number) {
  return useQuery(getOrderQueryOptions(orderId));
}

/** cancelOrder: answers the cancelled order (refund included). */
export function cancelOrder(orderId: number, reason: string) {
  return apiRequest(`/api/customer/orders/${orderId}/cancel`, {
    method: 'POST',
    body: { reason },
    schema: CustomerOrderDetailSchema,
  });
}

export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelOrder(orderId, reason),
    onSuccess: (order) => {
      queryClient.setQueryData(ordersKeys.one(orderId), order);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.list });
      for (const queryKey of ORDER_TOUCHES) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const getChangeOptionsQueryOptions = (serviceLocationId: number) =>
  queryOptions({
    queryKey: ordersKeys.changeOptions(serviceLocationId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/customer/orders/change-options/${serviceLocationId}`, { schema: ChangeOptionsSchema, signal }),
  });

export function useChangeOptions(serviceLocationId: number) {
  return useQuery(getChangeOptionsQueryOptions(serviceLocationId));
}

/** A change of packages (an Idempotency-Key per form, so a retried click places one order). */
export function placeChange(request: ChangeOrderRequest, key: string) {
  return apiRequest('/api/customer/orders/changes', {
    method: 'POST',
    body: request,
    schema: ChangeOrderResultSchema,
    headers: { 'Idempotency-Key': key },
  });
}

export function usePlaceChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, key }: { request: ChangeOrderRequest; key: string }) => placeChange(request, key),
    onSuccess: () =>
      Promise.all([ordersKeys.all, ...ORDER_TOUCHES].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
