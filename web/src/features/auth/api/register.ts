import { type RegisterRequest, TokenResponseSchema } from '@strand/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function register(body: RegisterRequest) {
  return apiRequest('/api/auth/register', { method: 'POST', body, schema: TokenResponseSchema, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
