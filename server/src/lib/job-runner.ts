/**
 * Background jobs that run once across every instance sharing the database (issue 17). Each job is a row of
 * `job_runs`; a round starts only for the instance whose conditional UPDATE takes the job's lease:
 *
 *   UPDATE job_runs SET lease_owner = me, lease_until = now + lease
 *    WHERE name = $job AND next_run_at <= now AND (lease_until IS NULL OR lease_until < now)
 *
 * PostgreSQL runs the two instances' UPDATEs of one row one after the other and checks the WHERE again on the row the
 * first one left, so exactly one gets the row back (SQLite writes one at a time anyway); nobody waits on a lock held
 * by a round. The holder renews the lease while its round runs (every third of JOB_LEASE_SECONDS); an instance that
 * dies stops renewing, and its lease runs out, so another instance takes the job over at most JOB_LEASE_SECONDS
 * later (the jobs' own units of work are claimed rows too, so a round taken over never repeats a finished unit). At
 * the end of a round the holder releases the lease and sets the next round: start + interval after a good round, a
 * backoff after a failed one (5 s, 10 s, 20 s… up to the larger of the interval and 5 minutes). The row keeps the
 * last start, end, duration, error and instance, and counts of rounds: GET /api/health/jobs shows them.
 * Times are the instances' wall clocks (ISO text, NTP-synced hosts): a lease of 30 s tolerates any skew that matters.
 * On SQLite it is the same code with one process.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface JobDefinition {
  name: string;
  intervalMs: number;
  /** When the first round is due after the job's row is made (default: one interval). */
  firstAfterMs?: number;
  run(): Promise<unknown>;
}

export interface JobRunnerOptions {
  db: Kysely<Database>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** This instance's name in the leases. */
  instanceId: string;
  leaseMs: number;
  /** The wall clock (tests may pass another). */
  clock?: () => Date;
  /** How often each job's row is asked whether a round is due (default: the interval, at most 5 s, at least 50 ms). */
  pollMs?: (job: JobDefinition) => number;
}

const RETRY_BASE_MS = 5_000;
const RETRY_CAP_MS = 300_000;

/** The wait after the n-th failed round in a row (n ≥ 1). */
export function retryDelayMs(intervalMs: number, failures: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), Math.max(intervalMs, RETRY_CAP_MS));
}

const iso = (ms: number) => new Date(ms).toISOString();
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Makes the job's row unless it exists (another instance made it, or an earlier run); the interval follows the code. */
export async function registerJob(db: Kysely<Database>, job: JobDefinition, now: Date): Promise<void> {
  await db
    .insertInto('job_runs')
    .values({
      name: job.name,
      interval_ms: job.intervalMs,
      next_run_at: iso(now.getTime() + (job.firstAfterMs ?? job.intervalMs)),
    })
    .onConflict((oc) => oc.column('name').doUpdateSet({ interval_ms: job.intervalMs }))
    .execute();
}

/** Takes the job's lease when a round is due and nobody holds it; answers the failures in a row so far, or null. */
export async function claimRound(
  db: Kysely<Database>,
  name: string,
  instanceId: string,
  now: Date,
  leaseMs: number,
): Promise<{ failures: number } | null> {
  const at = now.toISOString();
  const row = await db
    .updateTable('job_runs')
    .set({ lease_owner: instanceId, lease_until: iso(now.getTime() + leaseMs), last_started_at: at })
    .where('name', '=', name)
    .where('next_run_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .returning('failures')
    .executeTakeFirst();
  return row ?? null;
}

/** Extends a lease this instance holds; false when it lost it (expired and taken over). */
export async function renewLease(
  db: Kysely<Database>,
  name: string,
  instanceId: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const res = await db
    .updateTable('job_runs')
    .set({ lease_until: iso(now.getTime() + leaseMs) })
    .where('name', '=', name)
    .where('lease_owner', '=', instanceId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends this instance's round: releases the lease, records the outcome and sets when the next round is due. */
export async function finishRound(
  db: Kysely<Database>,
  job: Pick<JobDefinition, 'name' | 'intervalMs'>,
  instanceId: string,
  round: { startedAt: Date; finishedAt: Date; failuresBefore: number; error: unknown | null },
): Promise<void> {
  const { startedAt, finishedAt, failuresBefore, error } = round;
  const ok = error === null;
  const next = ok
    ? Math.max(startedAt.getTime() + job.intervalMs, finishedAt.getTime())
    : finishedAt.getTime() + retryDelayMs(job.intervalMs, failuresBefore + 1);
  await db
    .updateTable('job_runs')
    .set({
      lease_owner: null,
      lease_until: null,
      next_run_at: iso(next),
      last_finished_at: finishedAt.toISOString(),
      last_duration_ms: finishedAt.getTime() - startedAt.getTime(),
      last_instance: instanceId,
      runs: sql<number>`runs + 1`,
      ...(ok
        ? { last_ok_at: finishedAt.toISOString(), last_error: null, failures: 0 }
        : {
            last_error: errorText(error),
            failures: sql<number>`failures + 1`,
            failed_runs: sql<number>`failed_runs + 1`,
          }),
    })
    .where('name', '=', job.name)
    .where('lease_owner', '=', instanceId)
    .execute();
}

/** Every job's row, by name (GET /api/health/jobs). */
export function listJobRuns(db: Kysely<Database>) {
  return db.selectFrom('job_runs').selectAll().orderBy('name').execute();
}

/**
 * Starts asking, for every job, whether a round is due; runs it when this instance gets the lease. Never two rounds
 * of one job at once on this instance, nor across instances. The answer stops the runner: no new round starts, and
 * it resolves once the rounds in progress have finished and released their leases.
 */
export async function startJobRunner(jobs: JobDefinition[], options: JobRunnerOptions): Promise<() => Promise<void>> {
  const { db, log, instanceId, leaseMs } = options;
  const clock = options.clock ?? (() => new Date());
  const pollMs = options.pollMs ?? ((job) => Math.max(50, Math.min(job.intervalMs, 5_000)));
  for (const job of jobs) await registerJob(db, job, clock());

  let stopped = false;
  const running = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];

  for (const job of jobs) {
    let current: Promise<void> | null = null;
    const attempt = () => {
      if (current || stopped) return;
      const round = runRound(job).finally(() => {
        current = null;
        running.delete(round);
      });
      current = round;
      running.add(round);
    };
    timers.push(setInterval(attempt, pollMs(job)).unref());
    // Ask once right away: a round overdue (first start, or the instance that had it died) starts without waiting.
    timers.push(setTimeout(attempt, 0).unref());
  }

  async function runRound(job: JobDefinition): Promise<void> {
    let claimed: { failures: number } | null;
    try {
      claimed = await claimRound(db, job.name, instanceId, clock(), leaseMs);
    } catch (err) {
      log.warn({ err, job: job.name }, 'job lease could not be asked for (database unreachable?)');
      return;
    }
    if (!claimed) return;
    const startedAt = clock();
    const heartbeat = setInterval(
      () => {
        renewLease(db, job.name, instanceId, clock(), leaseMs)
          .then((held) => {
            if (!held) log.warn({ job: job.name }, 'job lease lost while the round was running');
          })
          .catch((err) => log.warn({ err, job: job.name }, 'job lease could not be renewed'));
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    let error: unknown | null = null;
    try {
      await job.run();
    } catch (err) {
      error = err ?? new Error('failed');
      log.error({ err, job: job.name, failures: claimed.failures + 1 }, `${job.name} failed`);
    } finally {
      clearInterval(heartbeat);
    }
    try {
      await finishRound(db, job, instanceId, {
        startedAt,
        finishedAt: clock(),
        failuresBefore: claimed.failures,
        error,
      });
    } catch (err) {
      // The lease then runs out by itself and the round is due again.
      log.error({ err, job: job.name }, 'job round could not be recorded');
    }
  }

  return async () => {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all([...running]);
  };
}
