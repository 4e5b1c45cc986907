import { MakeBusinessResponseSchema } from '@strand/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The business customer function trigger (SPEC §7): the account becomes a Business account. */
export function useMakeBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vcCustomerID: string) =>
      apiRequest(`/api/staff/customers/${encodeURIComponent(vcCustomerID)}/business`, {
        method: 'POST',
        schema: MakeBusinessResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'customers'] }),
  });
}
