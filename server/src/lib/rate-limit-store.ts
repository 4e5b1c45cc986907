/**
 * Rate-limit counters in the database (table rate_limits), so every app server sharing the database counts against
 * the same limits. A counter is one row per key and fixed window, raised by one atomic
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` (SQLite 3.35+ and PostgreSQL alike): no read-then-write race.
 * Also the store class @fastify/rate-limit calls, and the pruning of expired windows.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface Hit {
  /** The key's count in the current window after this hit. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Adds `amount` (requests or bytes; negative to give back) to the key's counter in the window that holds `now`. */
export async function hit(
  db: Kysely<Database>,
  key: string,
  amount: number,
  windowMs: number,
  now: Date,
): Promise<Hit> {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const end = start + windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({
      key,
      window_start: new Date(start).toISOString(),
      count: amount,
      expires_at: new Date(end).toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + excluded.count` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), ttlMs: Math.max(1, end - now.getTime()) };
}

/** Deletes the counters of windows that have ended; answers how many. */
export async function pruneRateLimits(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A store class for @fastify/rate-limit over `hit` (the keys carry their own prefixes, so a child is the same). */
export function databaseStore(db: Kysely<Database>, now: () => Date) {
  return class DatabaseRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      hit(db, key, 1, timeWindow, now()).then(
        (h) => callback(null, { current: h.count, ttl: h.ttlMs }),
        (err: Error) => callback(err),
      );
    }
    child() {
      return new DatabaseRateLimitStore();
    }
  };
}
