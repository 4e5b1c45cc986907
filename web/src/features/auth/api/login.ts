import { type LoginRequest, TokenResponseSchema } from '@strand/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginRequest) {
  return apiRequest('/api/auth/login', { method: 'POST', body, schema: TokenResponseSchema, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
