/** Which services the account has (email, fax, TV): the Services page lists only those. */
import { ServicesSummarySchema } from '@strand/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useServicesSummary(enabled: boolean) {
  return useQuery({
    queryKey: ['customer', 'services', 'summary'] as const,
    queryFn: ({ signal }) => apiRequest('/api/customer/services/summary', { schema: ServicesSummarySchema, signal }),
    enabled,
  });
}
