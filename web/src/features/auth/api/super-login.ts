import { type SuperLoginRequest, TokenResponseSchema } from '@strand/domain';
import { apiRequest } from '../../../lib/api-client';

/** A super-user link works once, so the page calls this directly (not through a retrying query). */
export function superLogin(body: SuperLoginRequest) {
  return apiRequest('/api/auth/super-login', { method: 'POST', body, schema: TokenResponseSchema, auth: false });
}
