/** Ordering's calls (SPEC §7: address verification, zip lookup, cart, install windows, checkout), typed by the domain. */
import {
  AreaZipSchema,
  type AvailabilityRequest,
  CheckoutResultSchema,
  type CustomerCheckout,
  EmailCodeResultSchema,
  type LeadRequest,
  LeadResultSchema,
  type NewCustomerCheckout,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderingRequests } from '../../../lib/checkout/ordering-requests';

/** A visitor's calls: without the session. */
const calls = orderingRequests(false);

export const orderingKeys = {
  cart: (cartId: string) => ['ordering', 'cart', cartId] as const,
  windows: (cartId: string) => ['ordering', 'windows', cartId] as const,
};

/** zipCodeLookUp: the city of a ZIP of the served counties (null when it is not one). */
export async function lookupAreaZip(zip: string) {
  try {
    return await apiRequest(`/api/ordering/zip-codes/${encodeURIComponent(zip)}`, {
      schema: AreaZipSchema,
      auth: false,
    });
  } catch {
    return null;
  }
}

export function useCheckAvailability() {
  return useMutation({
    mutationFn: (body: AvailabilityRequest) => calls.checkAvailability(body),
  });
}

export function useSubmitLead() {
  return useMutation({
    mutationFn: (body: LeadRequest) =>
      apiRequest('/api/ordering/leads', { method: 'POST', body, schema: LeadResultSchema, auth: false }),
  });
}

export function useCreateCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkId: string) => calls.createCart(checkId),
    onSuccess: (cart) => queryClient.setQueryData(orderingKeys.cart(cart.cartId), cart),
  });
}

export const getCartQueryOptions = (cartId: string | null) =>
  queryOptions({
    queryKey: orderingKeys.cart(cartId ?? ''),
    queryFn: ({ signal }) => calls.getCart(cartId ?? '', signal),
    enabled: cartId !== null,
    retry: false,
  });

export function useCart(cartId: string | null) {
  return useQuery(getCartQueryOptions(cartId));
}

export function useUpdateCart(cartId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packageIds: number[]) => calls.updateCart(cartId, packageIds),
    onSuccess: (cart) => queryClient.setQueryData(orderingKeys.cart(cartId), cart),
  });
}

export const getInstallWindowsQueryOptions = (cartId: string) =>
  queryOptions({
    queryKey: orderingKeys.windows(cartId),
    queryFn: ({ signal }) => calls.installWindows(cartId, signal),
  });

export function useInstallWindows(cartId: string) {
  return useQuery(getInstallWindowsQueryOptions(cartId));
}

export function useSendEmailCode() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/api/ordering/email-code', {
        method: 'POST',
        body: { email },
        schema: EmailCodeResultSchema,
        auth: false,
      }),
  });
}

/** The automated checkout: a new customer (public) or a signed-in customer, one Idempotency-Key per attempt. */
export function useCheckout() {
  return useMutation({
    mutationFn: (
      input: { key: string } & (
        | { kind: 'new'; body: NewCustomerCheckout }
        | { kind: 'customer'; body: CustomerCheckout }
      ),
    ) =>
      apiRequest(input.kind === 'new' ? '/api/ordering/checkout' : '/api/customer/orders/checkout', {
        method: 'POST',
        body: input.body,
        schema: CheckoutResultSchema,
        headers: { 'Idempotency-Key': input.key },
        auth: input.kind !== 'new',
      }),
  });
}
