/**
 * Limits on failed attempts (sign-in, registration, and the applicants' sign-in): progressive delays, never a hard
 * lock. Failed attempts are counted in the database (login_failures) per key: a user name, an address, a trusted
 * device or an account being registered. Up to its limit a key may try freely; beyond it every further attempt has to
 * wait 2^(failures beyond the limit) seconds after the latest failure, capped at LOGIN_MAX_DELAY_SECONDS. So guessing
 * is slowed to a crawl, but nobody is locked out for a whole window: a right password after the wait is accepted.
 */
import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { isoBeforeSeconds } from '../../lib/time.js';
import * as repo from './auth.repository.js';

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
};

/** "45 seconds", "1 minute", "60 minutes": how a wait or a link's lifetime reads in a message. */
export const durationText = (seconds: number) =>
  seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : minutes(seconds);

export interface AttemptKey {
  column: 'username_key' | 'ip';
  value: string;
  limit: number;
}

/** Refuses an attempt (429 with Retry-After) while one of the keys must still wait. */
export async function assertMayAttempt(ctx: AppContext, keys: AttemptKey[], what: string) {
  const { windowSeconds, maxDelaySeconds } = ctx.config.loginLimits;
  const now = ctx.now();
  const since = isoBeforeSeconds(windowSeconds, now);
  for (const { column, value, limit } of keys) {
    const { count, latest } = await repo.failuresSince(ctx.db, column, value, since);
    if (count < limit || !latest) continue;
    const delay = Math.min(maxDelaySeconds, 2 ** Math.min(count - limit, 20));
    const wait = Math.ceil((Date.parse(latest) + delay * 1000 - now.getTime()) / 1000);
    if (wait > 0) throw tooManyRequests(`Too many failed ${what} attempts. Try again in ${durationText(wait)}.`, wait);
  }
}

/** Counts a failed attempt under a key (also the applicants' sign-in, under its own name space). */
export function recordFailedAttempt(ctx: AppContext, key: string, ip: string) {
  return repo.recordFailure(ctx.db, key, ip, ctx.now().toISOString());
}

/** Forgets a key's failed attempts after a success. */
export function clearFailedAttempts(ctx: AppContext, key: string) {
  return repo.clearFailures(ctx.db, key);
}
