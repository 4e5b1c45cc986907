import { MessageResponseSchema, type ResetPasswordRequest } from '@strand/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest('/api/auth/reset', { method: 'POST', body, schema: MessageResponseSchema, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
