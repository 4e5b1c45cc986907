/** The auth module's keys, each derived from the server secret for one purpose, and the stored hash of link tokens. */
import { createHash, createHmac } from 'node:crypto';
import type { AppContext } from '../../context.js';

/** A key for one purpose (trusted devices, registration codes, super-user links): one secret, unrelated keys. */
export function derivedKey(ctx: AppContext, purpose: string): Buffer {
  return createHmac('sha256', ctx.config.jwtSecret).update(purpose).digest();
}

/** Only this hash of a mailed link's token is stored (reset links, e-mail confirmations). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
