import { SuperLinkResponseSchema } from '@strand/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function issueSuperLink(vcCustomerID: string) {
  return apiRequest('/api/staff/super-links', {
    method: 'POST',
    body: { vcCustomerID },
    schema: SuperLinkResponseSchema,
  });
}

export function useIssueSuperLink() {
  return useMutation({ mutationFn: issueSuperLink });
}
