import { CustomerMatchListSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function searchCustomers(q: string, signal?: AbortSignal) {
  return apiRequest(`/api/staff/customers?q=${encodeURIComponent(q)}`, {
    schema: CustomerMatchListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Customers whose account number or name matches; runs once a search has been submitted. */
export const getCustomerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['staff', 'customers', q],
    queryFn: ({ signal }) => searchCustomers(q, signal),
    enabled: q.length > 0,
  });

export function useCustomerSearch(q: string) {
  return useQuery(getCustomerSearchQueryOptions(q));
}
