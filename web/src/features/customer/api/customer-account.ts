import { type CustomerAccount, CustomerAccountSchema, type PermissionCategory } from '@strand/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const customerKeys = {
  account: ['customer', 'account'] as const,
  contacts: ['customer', 'contacts'] as const,
  contactLinks: (id: number) => ['customer', 'contacts', id, 'locations'] as const,
  users: ['customer', 'users'] as const,
  permissions: (userId: number) => ['customer', 'users', userId, 'permissions'] as const,
  tickets: (serviceLocationId: number) => ['customer', 'trouble-tickets', serviceLocationId] as const,
  businessCenter: ['customer', 'business-center'] as const,
  bills: ['customer', 'billing', 'bills'] as const,
  invoice: (id: number) => ['customer', 'billing', 'invoice', id] as const,
  history: (mailingLocationId: number) => ['customer', 'billing', 'history', mailingLocationId] as const,
  methods: ['customer', 'billing', 'payment-methods'] as const,
  autopay: ['customer', 'billing', 'autopay'] as const,
  mailing: ['customer', 'billing', 'mailing-locations'] as const,
};

export function getCustomerAccount(signal?: AbortSignal) {
  return apiRequest('/api/customer/account', { schema: CustomerAccountSchema, ...(signal ? { signal } : {}) });
}

/** The signed-in customer's account: locations and what this user may do. */
export function useCustomerAccount() {
  return useQuery({ queryKey: customerKeys.account, queryFn: ({ signal }) => getCustomerAccount(signal) });
}

export const can = (account: CustomerAccount | undefined, category: PermissionCategory) =>
  account?.permissions.includes(category) ?? false;

/** A fresh Idempotency-Key for one user action (kept across its retries, replaced after an answer). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
