/**
 * Background work of the auth module, started by main.ts: the queued mail (password resets and registration codes
 * are mailed right after their answer; this picks up what an instance left when it stopped) and the pruning of
 * sessions that ended more than a week ago. Safe on several instances: each request is claimed once.
 */
import type { AppContext } from '../../context.js';
import { processMailQueue } from './auth.service.js';
import { pruneSessions } from './sessions.service.js';

const QUEUE_EVERY_MS = 30_000;
const PRUNE_EVERY_MS = 3600_000;
const KEEP_ENDED_SESSIONS_SECONDS = 7 * 24 * 3600;

export function startAuthJobs(ctx: AppContext): () => void {
  const queue = setInterval(() => {
    processMailQueue(ctx).catch((err) => ctx.log.error({ err }, 'the mail queue failed'));
  }, QUEUE_EVERY_MS);
  const prune = setInterval(() => {
    pruneSessions(ctx, KEEP_ENDED_SESSIONS_SECONDS).catch((err) => ctx.log.error({ err }, 'session pruning failed'));
  }, PRUNE_EVERY_MS);
  queue.unref();
  prune.unref();
  // Requests left by a stopped instance go out at start.
  processMailQueue(ctx).catch((err) => ctx.log.error({ err }, 'the mail queue failed'));
  return () => {
    clearInterval(queue);
    clearInterval(prune);
  };
}
