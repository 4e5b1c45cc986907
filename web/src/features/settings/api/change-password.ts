import { type ChangePasswordRequest, MessageResponseSchema } from '@strand/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Changes the signed-in user's password; the server ends their other sessions and keeps this one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest('/api/auth/password', { method: 'PUT', body, schema: MessageResponseSchema }),
  });
}
