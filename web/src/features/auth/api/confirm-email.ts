import { MessageResponseSchema } from '@strand/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Confirms a new email address with the token from the link mailed to it. */
export function confirmEmail(token: string) {
  return apiRequest('/api/auth/confirm-email', {
    method: 'POST',
    body: { token },
    schema: MessageResponseSchema,
    auth: false,
  });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
