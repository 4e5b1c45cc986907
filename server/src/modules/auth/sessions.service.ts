/**
 * Server-side sessions. Every token carries a session id (`sid`); the auth hook honours a token only while its
 * session row is open, unexpired, and its user (and, for a super-user session, the staff member) is not disabled.
 * Logout, a password reset, disabling a user and taking a permission away close the rows, so the token stops working
 * on every instance. The answer of the check is cached per instance for SESSION_CHECK_CACHE_SECONDS (a busy phone
 * does not cost a query per request); a revocation drops it at once on the instance that made it and, on PostgreSQL,
 * on every other instance too: it sends a NOTIFY on `strand_sessions` in the revoking transaction, delivered when it
 * commits, and each instance's listener (app.ts) forgets the named session or, for a user, its whole cache. Should a
 * listener be reconnecting, SESSION_CHECK_CACHE_SECONDS still bounds how long a revoked token works elsewhere.
 */
import { randomBytes } from 'node:crypto';
import type { SessionClaims } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { notify } from '../../db/notifications.js';
import { isoAfterSeconds } from '../../lib/time.js';
import * as repo from './sessions.repository.js';

export type RevokeReason =
  | 'logout'
  | 'password-reset'
  | 'password-changed'
  | 'user-disabled'
  | 'permissions-changed'
  | 'email-changed'
  | 'signed-out-everywhere'
  | 'account-type-changed';

/** Why a token's session is not usable; null when it is. */
export type SessionProblem = 'ended' | 'user-disabled' | null;

interface CacheEntry {
  problem: SessionProblem;
  checkedAt: number;
}

/** Per app instance: the last answers of the session check. */
const caches = new WeakMap<AppContext, Map<string, CacheEntry>>();
const MAX_CACHED = 10_000;

function cacheOf(ctx: AppContext): Map<string, CacheEntry> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
  /** For a super-user session: the staff member's own user id. */
  staffUserId?: number | null;
}

/** Opens a session for these claims and signs its token. */
export async function startSession(
  ctx: AppContext,
  claims: Omit<SessionClaims, 'exp' | 'sid'>,
  meta: SessionMeta = {},
  db: repo.Q = ctx.db,
): Promise<string> {
  const sid = randomBytes(16).toString('base64url');
  const now = ctx.now();
  await repo.insertSession(db, {
    id: sid,
    user_id: claims.nUserID,
    staff_user_id: meta.staffUserId ?? null,
    created_at: now.toISOString(),
    // A little longer than the token, so the token's own exp is what ends an unrevoked session.
    expires_at: isoAfterSeconds(ctx.config.tokenTtlSeconds + 60, now),
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return ctx.issueToken({ ...claims, sid });
}

/** What stops the session from being used, or null (cached for SESSION_CHECK_CACHE_SECONDS on this instance). */
export async function sessionProblem(ctx: AppContext, sid: string): Promise<SessionProblem> {
  const cache = cacheOf(ctx);
  const now = ctx.now().getTime();
  const hit = cache.get(sid);
  if (hit && now - hit.checkedAt < ctx.config.sessionCheckCacheSeconds * 1000) return hit.problem;
  const row = await repo.sessionState(ctx.db, sid);
  let problem: SessionProblem = null;
  // The token's own `exp` (verified before this) ends a session in time; the row's expiry is for pruning.
  if (!row || row.revoked_at !== null) problem = 'ended';
  else if (row.user_disabled !== 0 || (row.staff_disabled !== null && row.staff_disabled !== 0)) {
    problem = 'user-disabled';
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(sid, { problem, checkedAt: now });
  return problem;
}

/** Ends one session (logout). */
export async function revokeSession(ctx: AppContext, sid: string, reason: RevokeReason, db: repo.Q = ctx.db) {
  const ended = await repo.revokeSessions(db, { sid }, ctx.now().toISOString(), reason);
  // An ended session again (a sign-out sent twice) changes nothing the other instances hold.
  if (ended > 0 && ctx.dialect === 'postgres') await notify(db, SESSIONS_CHANNEL, `sid:${sid}`);
  cacheOf(ctx).delete(sid);
}

/**
 * Ends every open session of a user, and every super-user session a staff user opened. `keep` spares one session
 * (the one that changed its own password, say).
 */
export async function revokeUserSessions(
  ctx: AppContext,
  userId: number,
  reason: RevokeReason,
  db: repo.Q = ctx.db,
  keep?: string,
) {
  const ended = await repo.revokeSessions(db, { userId, keep }, ctx.now().toISOString(), reason);
  if (ended > 0 && ctx.dialect === 'postgres') await notify(db, SESSIONS_CHANNEL, `user:${userId}`);
  // Which cached entries belonged to the user is not known here; dropping them all costs one query per session.
  cacheOf(ctx).clear();
}

/** The channel on which instances tell each other about revoked sessions (PostgreSQL). */
export const SESSIONS_CHANNEL = 'strand_sessions';

/** Another instance revoked a session (`sid:<id>`) or a user's sessions (`user:<id>`): drop what this one cached. */
export function forgetRevoked(ctx: AppContext, message: string): void {
  if (message.startsWith('sid:')) cacheOf(ctx).delete(message.slice(4));
  else cacheOf(ctx).clear();
}

/** Deletes sessions that ended more than `olderThanSeconds` ago (housekeeping). */
export function pruneSessions(ctx: AppContext, olderThanSeconds: number) {
  const before = new Date(ctx.now().getTime() - olderThanSeconds * 1000).toISOString();
  return repo.deleteEndedSessions(ctx.db, before);
}
