/**
 * Background work of the auth module, run by jobs.ts (once across instances, under each job's lease): the queued mail
 * (password resets and registration codes are mailed right after their answer; this picks up what an instance left
 * when it stopped, at start and every 30 s) and the pruning of sessions that ended more than a week ago, hourly. Each
 * mail request is claimed once (at most once: one whose instance died while mailing it is not sent again; the user
 * asks again).
 */
import type { AppContext } from '../../context.js';
import type { JobDefinition } from '../../lib/job-runner.js';
import { isoBeforeSeconds } from '../../lib/time.js';
import * as repo from './auth.repository.js';
import { processMailQueue } from './mail-queue.service.js';
import { pruneSessions } from './sessions.service.js';

const QUEUE_EVERY_MS = 30_000;
const PRUNE_EVERY_MS = 3600_000;
const KEEP_ENDED_SESSIONS_SECONDS = 7 * 24 * 3600;

export function authJobs(ctx: AppContext): JobDefinition[] {
  return [
    { name: 'mail queue', intervalMs: QUEUE_EVERY_MS, firstAfterMs: 0, run: () => processMailQueue(ctx) },
    {
      name: 'session pruning',
      intervalMs: PRUNE_EVERY_MS,
      run: () => pruneSessions(ctx, KEEP_ENDED_SESSIONS_SECONDS),
    },
  ];
}

/**
 * Deletes what would otherwise grow forever: failed attempts, reset links, e-mail changes and queued mail requests
 * older than RETENTION_DAYS. Failed attempts are kept at least as long as the window the limits count them in.
 * Run by jobs.ts's hourly housekeeping.
 */
export function pruneAuthRecords(ctx: AppContext) {
  const now = ctx.now();
  const keepSeconds = ctx.config.retentionDays * 86_400;
  return repo.deleteOldRecords(ctx.db, {
    loginFailures: isoBeforeSeconds(Math.max(keepSeconds, ctx.config.loginLimits.windowSeconds), now),
    others: isoBeforeSeconds(keepSeconds, now),
  });
}
