/**
 * Idempotent writes: a phone that retries a write (same Idempotency-Key header) gets the first result back and the
 * write is never done twice. The key and the stored response are written in the same transaction as the write.
 */
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

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/**
 * Runs `write` in a transaction unless this user already used `key`, in which case the stored result is returned.
 * `route` names the operation: reusing a key for another operation is refused with 422.
 */
export async function runIdempotent<T>(
  db: Kysely<Database>,
  options: { userId: number; key: string | undefined; route: string; now: Date },
  write: (trx: Transaction<Database>) => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const { userId, key, route } = options;
  if (!key) return { ...(await db.transaction().execute(write)), replayed: false };

  const stored = async () => {
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.route !== route) {
      throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for another request.');
    }
    return { statusCode: row.status_code, body: JSON.parse(row.response) as T, replayed: true };
  };

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
    const winner = await stored().catch(() => undefined);
    if (winner) return winner;
    throw err;
  }
}

/** Housekeeping: forgets stored answers older than `before` (a retry that late is a new request). */
export async function pruneIdempotencyKeys(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
