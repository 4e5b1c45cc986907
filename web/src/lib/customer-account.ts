/**
 * The signed-in customer's account (locations and what this user may do), read by the customer, services and
 * reports pages alike.
 */
import { type CustomerAccount, CustomerAccountSchema, type PermissionCategory } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const customerAccountKey = ['customer', 'account'] as const;

export function getCustomerAccount(signal?: AbortSignal) {
  return apiRequest('/api/customer/account', { schema: CustomerAccountSchema, ...(signal ? { signal } : {}) });
}

export const getCustomerAccountQueryOptions = () =>
  queryOptions({ queryKey: customerAccountKey, queryFn: ({ signal }) => getCustomerAccount(signal) });

export function useCustomerAccount() {
  return useQuery(getCustomerAccountQueryOptions());
}

export const can = (account: CustomerAccount | undefined, category: PermissionCategory) =>
  account?.permissions.includes(category) ?? false;
