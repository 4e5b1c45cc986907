/**
 * The maps service token (SPEC §7 "Maps service token fetch", §9: it lasts 3600 s). HMAC-SHA256 over the user and the
 * expiry with a key derived from the server secret; the feature and tile routes accept only a genuine, unexpired one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAPS_TOKEN_LIFETIME_S } from '@strand/domain';
import { HttpError } from '../../lib/errors.js';

const keyOf = (secret: string) => createHmac('sha256', secret).update('maps-service-tokens').digest();
const sign = (secret: string, body: string) => createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export function issueMapToken(secret: string, userId: number, now: Date): { token: string; expires: number } {
  const expires = now.getTime() + MAPS_TOKEN_LIFETIME_S * 1000;
  const body = `${userId}.${expires}`;
  return { token: `${body}.${sign(secret, body)}`, expires };
}

/** 403 with code invalid_token, so the map asks for a new token (never 401, which would end the session). */
export const invalidMapToken = () =>
  new HttpError(403, 'invalid_token', 'Invalid or expired map token. Request a new token.');

/** The user id of a genuine, unexpired token. */
export function verifyMapToken(secret: string, token: string, now: Date): number {
  const [user = '', expires = '', mac = ''] = token.split('.');
  const body = `${user}.${expires}`;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidMapToken();
  if (!/^\d+$/.test(user) || !/^\d+$/.test(expires) || Number(expires) <= now.getTime()) throw invalidMapToken();
  return Number(user);
}
