/** Ordering's calls (SPEC §7: address verification, zip lookup, cart, install windows, checkout), typed by the domain. */
import {
  AreaZipSchema,
  type AvailabilityRequest,
  AvailabilityResultSchema,
  CartSchema,
  CheckoutResultSchema,
  type CustomerCheckout,
  EmailCodeResultSchema,
  InstallWindowsSchema,
  type LeadRequest,
  LeadResultSchema,
  type NewCustomerCheckout,
  PaymentMethodListSchema,
} from '@strand/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const orderingKeys = {
  cart: (cartId: string) => ['ordering', 'cart', cartId] as const,
  windows: (cartId: string) => ['ordering', 'windows', cartId] as const,
  methods: ['ordering', 'payment-methods'] as const,
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
    mutationFn: (body: AvailabilityRequest) =>
      apiRequest('/api/ordering/availability', {
        method: 'POST',
        body,
        schema: AvailabilityResultSchema,
        auth: false,
      }),
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
    mutationFn: (checkId: string) =>
      apiRequest('/api/ordering/carts', { method: 'POST', body: { checkId }, schema: CartSchema, auth: false }),
    onSuccess: (cart) => queryClient.setQueryData(orderingKeys.cart(cart.cartId), cart),
  });
}

export const getCartQueryOptions = (cartId: string | null) =>
  queryOptions({
    queryKey: orderingKeys.cart(cartId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/api/ordering/carts/${encodeURIComponent(cartId ?? '')}`, {
        schema: CartSchema,
        signal,
        auth: false,
      }),
    enabled: cartId !== null,
    retry: false,
  });

export function useCart(cartId: string | null) {
  return useQuery(getCartQueryOptions(cartId));
}

export function useUpdateCart(cartId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packageIds: number[]) =>
      apiRequest(`/api/ordering/carts/${encodeURIComponent(cartId)}`, {
        method: 'PUT',
        body: { packageIds },
        schema: CartSchema,
        auth: false,
      }),
    onSuccess: (cart) => queryClient.setQueryData(orderingKeys.cart(cartId), cart),
  });
}

export const getInstallWindowsQueryOptions = (cartId: string) =>
  queryOptions({
    queryKey: orderingKeys.windows(cartId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/ordering/carts/${encodeURIComponent(cartId)}/install-windows`, {
        schema: InstallWindowsSchema,
        signal,
        auth: false,
      }),
  });

export function useInstallWindows(cartId: string) {
  return useQuery(getInstallWindowsQueryOptions(cartId));
}

/** A signed-in customer's cards on file (needs the billing permission; none otherwise). */
export const getSavedMethodsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: orderingKeys.methods,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest('/api/customer/billing/payment-methods', { schema: PaymentMethodListSchema, signal });
      } catch {
        return [];
      }
    },
    enabled,
  });

export function useSavedMethods(enabled: boolean) {
  return useQuery(getSavedMethodsQueryOptions(enabled));
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
