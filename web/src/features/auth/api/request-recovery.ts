import { MessageResponseSchema, type RecoveryRequest } from '@strand/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function requestRecovery(body: RecoveryRequest) {
  return apiRequest('/api/auth/recovery', { method: 'POST', body, schema: MessageResponseSchema, auth: false });
}

export function useRequestRecovery() {
  return useMutation({ mutationFn: requestRecovery });
}
