/**
 * Idempotent writes: a phone that retries a write (same Idempotency-Key header) gets the first result back and the
 * write is never done twice. The key and the stored response are written in the same transaction as the write.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { badRequest, HttpError } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's Idempotency-Key header, validated; undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw badRequest('Idempotency-Key must be 8 to 100 letters, digits, - or _.', {
      'Idempotency-Key': '8 to 100 letters, digits, - or _ (a UUID is fine).',
    });
  }
  return value;
}

/** Bytes become their sha256, objects their keys in order: the same request hashes alike however it is sent. */
function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return `sha256:${createHash('sha256').update(value).digest('hex')}`;
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** The fingerprint of a request's content (body, files as their hashes), stored beside its Idempotency-Key. */
export function requestHashOf(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)) ?? 'undefined')
    .digest('base64url');
}

/**
 * A key already used: refused (422) when it was for another operation or another request, so a retry with a changed
 * body never gets the first answer as if it had been done. Keys stored before 0035 have no hash and pass on route.
 */
export function assertSameRequest(stored: { route: string; request_hash: string | null }, route: string, hash: string) {
  if (stored.route !== route) {
    throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for another request.');
  }
  if (stored.request_hash !== null && stored.request_hash !== hash) {
    throw new HttpError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a request with different content. Use a new key for a new request.',
      { 'Idempotency-Key': 'Already used for a different request.' },
    );
  }
}

/**
 * The answer already stored for this user's key (refused, 422, when it was for another operation or request), or
 * undefined for a key not used yet: for a write that must know before it charges (a paid change of packages).
 */
export async function storedResult<T>(
  db: Kysely<Database>,
  options: { userId: number; key: string; route: string; request: unknown },
): Promise<IdempotentResult<T> | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', options.userId)
    .where('key', '=', options.key)
    .executeTakeFirst();
  if (!row) return undefined;
  assertSameRequest(row, options.route, requestHashOf(options.request));
  return { statusCode: row.status_code, body: JSON.parse(row.response) as T, replayed: true };
}

/**
 * For a write that finds its earlier result by its own record (a fax by its key): refuses the key when this user used
 * it for another operation or request; does nothing for a key not used yet.
 */
export async function assertKeyFits(
  db: Kysely<Database>,
  options: { userId: number; key: string; route: string; request: unknown },
): Promise<void> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['route', 'request_hash'])
    .where('user_id', '=', options.userId)
    .where('key', '=', options.key)
    .executeTakeFirst();
  if (row) assertSameRequest(row, options.route, requestHashOf(options.request));
}

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/**
 * Runs `write` in a transaction unless this user already used `key`, in which case the stored result is returned.
 * `route` names the operation and `request` is what was asked (the validated body, files included): reusing a key for
 * another operation or with another request is refused with 422.
 */
export async function runIdempotent<T>(
  db: Kysely<Database>,
  options: { userId: number; key: string | undefined; route: string; request: unknown; now: Date },
  write: (trx: Transaction<Database>) => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const { userId, key, route } = options;
  if (!key) return { ...(await db.transaction().execute(write)), replayed: false };
  const hash = requestHashOf(options.request);
  const stored = () => storedResult<T>(db, { userId, key, route, request: options.request });

  const earlier = await stored();
  if (earlier) return earlier;
  try {
    const result = await db.transaction().execute(async (trx) => {
      const outcome = await write(trx);
      await trx
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key,
          route,
          request_hash: hash,
          status_code: outcome.statusCode,
          response: JSON.stringify(outcome.body),
          created_at: options.now.toISOString(),
        })
        .execute();
      return outcome;
    });
    return { ...result, replayed: false };
  } catch (err) {
    // A concurrent request with the same key committed first: answer with its result.
    const winner = await stored().catch((e) => {
      if (e instanceof HttpError) throw e;
      return undefined;
    });
    if (winner) return winner;
    throw err;
  }
}

/** Housekeeping: forgets stored answers older than `before` (a retry that late is a new request). */
export async function pruneIdempotencyKeys(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
