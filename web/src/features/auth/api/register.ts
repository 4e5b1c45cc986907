import {
  MessageResponseSchema,
  type RegisterRequest,
  type RegistrationCodeRequest,
  TokenResponseSchema,
} from '@strand/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rememberDevice } from './login';

export async function register(body: RegisterRequest) {
  const answer = await apiRequest('/api/auth/register', {
    method: 'POST',
    body,
    schema: TokenResponseSchema,
    auth: false,
  });
  rememberDevice(body.username, answer.deviceToken);
  return answer;
}

/** Mails the account's registration code to its email on file (the answer is the same for every account). */
export function requestRegistrationCode(body: RegistrationCodeRequest) {
  return apiRequest('/api/auth/registration-code', {
    method: 'POST',
    body,
    schema: MessageResponseSchema,
    auth: false,
  });
}

export function useRequestRegistrationCode() {
  return useMutation({ mutationFn: requestRegistrationCode });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
