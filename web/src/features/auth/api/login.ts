/**
 * Sign-in. The server answers with a device token besides the session token; kept here per user name and sent with
 * the next sign-ins, it lets this browser in while strangers' failed attempts slow down the user name.
 */
import { type LoginRequest, TokenResponseSchema } from '@strand/domain';
import { apiRequest } from '../../../lib/api-client';
import { localStore, sessionStore } from '../../../lib/browser-session';

// The sign-in page loads this module when the form is sent, so its first paint needs neither zod nor the session.
export { LoginRequestSchema } from '@strand/domain';

const DEVICE_TOKENS_KEY = 'strand.deviceTokens';
const MAX_REMEMBERED = 10;

function deviceTokens(): Record<string, string> {
  try {
    const parsed = JSON.parse(localStore.getItem(DEVICE_TOKENS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberDevice(username: string, token: string | undefined) {
  if (!token) return;
  const key = username.trim().toLowerCase();
  const entries = Object.entries(deviceTokens()).filter(([name]) => name !== key);
  const kept = Object.fromEntries([...entries.slice(-(MAX_REMEMBERED - 1)), [key, token]]);
  localStore.setItem(DEVICE_TOKENS_KEY, JSON.stringify(kept));
}

export async function login(body: LoginRequest) {
  const deviceToken = deviceTokens()[body.username.trim().toLowerCase()];
  const answer = await apiRequest('/api/auth/login', {
    method: 'POST',
    body: deviceToken ? { ...body, deviceToken } : body,
    schema: TokenResponseSchema,
    auth: false,
  });
  rememberDevice(body.username, answer.deviceToken);
  return answer;
}

/** Signs in and keeps the session; returns where the user lands (portal home, or /portalSelect). */
export async function signIn(body: LoginRequest): Promise<string> {
  const { token } = await login(body);
  return sessionStore.signIn(token);
}
