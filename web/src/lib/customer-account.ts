/**
 * The signed-in customer's account (locations and what this user may do), read by the customer, services and
 * reports pages alike.
 */
import { type CustomerAccount, CustomerAccountSchema, type PermissionCategory } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, arrivedAnswer } from './api-client';

export const customerAccountKey = ['customer', 'account'] as const;

const ACCOUNT_PATH = '/api/customer/account';

export function getCustomerAccount(signal?: AbortSignal) {
  return apiRequest(ACCOUNT_PATH, { schema: CustomerAccountSchema, ...(signal ? { signal } : {}) });
}

/** On the billing center's first load, its early read when it came before the page (arrivedAnswer). */
export const getCustomerAccountQueryOptions = () =>
  queryOptions({
    queryKey: customerAccountKey,
    queryFn: ({ signal }) => getCustomerAccount(signal),
    initialData: () => arrivedAnswer(ACCOUNT_PATH, CustomerAccountSchema),
  });

export function useCustomerAccount() {
  return useQuery(getCustomerAccountQueryOptions());
}

export const can = (account: CustomerAccount | undefined, category: PermissionCategory) =>
  account?.permissions.includes(category) ?? false;
