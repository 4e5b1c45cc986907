import { DeliveryLogSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What was sent to a customer, by which channel, and whether it arrived (issue 30). */
export const deliveryLogQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: ['staff', 'customers', customerId, 'notifications'],
    queryFn: ({ signal }) =>
      apiRequest(`/api/staff/customers/${encodeURIComponent(customerId)}/notifications`, {
        schema: DeliveryLogSchema,
        signal,
      }),
    staleTime: 0,
  });

export function useDeliveryLog(customerId: string) {
  return useQuery(deliveryLogQueryOptions(customerId));
}
