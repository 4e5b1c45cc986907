/**
 * A phone sale's calls: find the customer, check the address, fill a cart, read the install capacity and place the
 * order through the staff checkout (one Idempotency-Key per attempt). The address check and the cart are the public
 * ordering API; only the checkout is the staff route.
 */
import {
  type AvailabilityRequest,
  CheckoutResultSchema,
  CustomerMatchListSchema,
  type StaffCheckout,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderingRequests } from '../../../lib/checkout/ordering-requests';

/** Staff's calls: with the session. */
const calls = orderingRequests(true);

const cartKey = (cartId: string) => ['staff', 'new-order', 'cart', cartId] as const;

export const getCustomerMatchesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['staff', 'customers', q],
    queryFn: ({ signal }) =>
      apiRequest(`/api/staff/customers?${new URLSearchParams({ q })}`, { schema: CustomerMatchListSchema, signal }),
    enabled: q !== '',
  });

export function useCustomerMatches(q: string) {
  return useQuery(getCustomerMatchesQueryOptions(q));
}

export function useCheckAddress() {
  return useMutation({
    mutationFn: (body: AvailabilityRequest) => calls.checkAvailability(body),
  });
}

export function useStartCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkId: string) => calls.createCart(checkId),
    onSuccess: (cart) => queryClient.setQueryData(cartKey(cart.cartId), cart),
  });
}

export const getSaleCartQueryOptions = (cartId: string) =>
  queryOptions({
    queryKey: cartKey(cartId),
    queryFn: ({ signal }) => calls.getCart(cartId, signal),
    retry: false,
  });

export function useSaleCart(cartId: string) {
  return useQuery(getSaleCartQueryOptions(cartId));
}

export function useSetCartPackages(cartId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packageIds: number[]) => calls.updateCart(cartId, packageIds),
    onSuccess: (cart) => queryClient.setQueryData(cartKey(cartId), cart),
  });
}

export const getSaleWindowsQueryOptions = (cartId: string) =>
  queryOptions({
    queryKey: ['staff', 'new-order', 'windows', cartId] as const,
    queryFn: ({ signal }) => calls.installWindows(cartId, signal),
  });

export function useSaleWindows(cartId: string) {
  return useQuery(getSaleWindowsQueryOptions(cartId));
}

/** The staff checkout: an existing account (vcCustomerID) or a new one (newCustomer). */
export function useStaffCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: StaffCheckout }) =>
      apiRequest('/api/staff/orders/checkout', {
        method: 'POST',
        body,
        schema: CheckoutResultSchema,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'orders'] }),
  });
}

export const saleKeys = {
  cart: cartKey,
  windows: (cartId: string) => getSaleWindowsQueryOptions(cartId).queryKey,
};
