/**
 * What GET /api/health answers, worked out at most once per `ttlMs` however often it is polled (issue 16), the way a
 * health endpoint's cache works (Spring Boot's `management.endpoint.health.cache.time-to-live`): one round pings the
 * database and asks the free space of DATA_DIR, every caller meanwhile shares that round, and the answer's JSON is
 * written once per round instead of once per request. A monitor polling a hundred times a second costs the database
 * one `select 1` a second; a database that stops answering is reported within `ttlMs`. The round's problems are
 * logged once per round, not once per poll. The load balancer's own probe (/api/health/ready) is not cached.
 */
import type { Health } from '@strand/domain';
import type { StorageHealth } from './storage-health.js';

export interface HealthAnswer {
  statusCode: 200 | 503;
  /** The Health body as JSON, ready to send. */
  json: string;
}

export interface HealthProbeOptions {
  /** Resolves when the database answers; rejects when it does not. */
  ping: () => Promise<unknown> | unknown;
  /** The free space of the data folder (for any minimum: the answer compares with minFreeBytes of the moment). */
  storage: () => Promise<StorageHealth>;
  /** STORAGE_MIN_FREE_BYTES, read on every call (a test or an operator may change it). */
  minFreeBytes: () => number;
  describe: Pick<Health, 'dialect' | 'version'>;
  onDatabaseDown: (err: unknown) => void;
  onStorageLow: (storage: StorageHealth, minFreeBytes: number) => void;
  ttlMs?: number;
  now?: () => number;
}

interface Round {
  at: number;
  database: Health['database'];
  freeBytes: number | null;
  /** The answer for the minimum it was written for. */
  answer: { minFreeBytes: number; value: HealthAnswer } | null;
}

/** The probe: a function that answers synchronously while the last round is fresh, else after a new round. */
export function healthProbe(options: HealthProbeOptions): () => HealthAnswer | Promise<HealthAnswer> {
  const ttlMs = options.ttlMs ?? 1000;
  const now = options.now ?? Date.now;
  let last: Round | null = null;
  let pending: Promise<Round> | null = null;

  const runRound = async (): Promise<Round> => {
    const at = now();
    const [database, storage] = await Promise.all([
      (async () => {
        try {
          await options.ping();
          return 'ok' as const;
        } catch (err) {
          options.onDatabaseDown(err);
          return 'unreachable' as const;
        }
      })(),
      options.storage(),
    ]);
    const minFreeBytes = options.minFreeBytes();
    if (storage.freeBytes === null || storage.freeBytes < minFreeBytes) options.onStorageLow(storage, minFreeBytes);
    return { at, database, freeBytes: storage.freeBytes, answer: null };
  };

  const answerOf = (round: Round): HealthAnswer => {
    const minFreeBytes = options.minFreeBytes();
    if (round.answer?.minFreeBytes === minFreeBytes) return round.answer.value;
    const ok = round.database === 'ok';
    const body: Health = {
      status: ok ? 'ok' : 'degraded',
      database: round.database,
      ...options.describe,
      storage: { ok: round.freeBytes !== null && round.freeBytes >= minFreeBytes, freeBytes: round.freeBytes },
    };
    const value: HealthAnswer = { statusCode: ok ? 200 : 503, json: JSON.stringify(body) };
    round.answer = { minFreeBytes, value };
    return value;
  };

  return () => {
    if (last && now() - last.at < ttlMs) return answerOf(last);
    pending ??= runRound().then(
      (round) => {
        last = round;
        pending = null;
        return round;
      },
      (err) => {
        pending = null;
        throw err;
      },
    );
    return pending.then(answerOf);
  };
}
