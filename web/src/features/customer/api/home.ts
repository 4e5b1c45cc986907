/** The customer home's one read (GET /api/customer/home). */
import { CustomerHomeSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getCustomerHomeQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'home'] as const,
    // Read again each time the page opens: a payment or a new ticket elsewhere changes it.
    staleTime: 0,
    queryFn: ({ signal }) => apiRequest('/api/customer/home', { schema: CustomerHomeSchema, signal }),
  });

export function useCustomerHome(enabled: boolean) {
  return useQuery({ ...getCustomerHomeQueryOptions(), enabled });
}
