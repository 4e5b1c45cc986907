/**
 * The one place background jobs start: main.ts calls `startJobs` once the app is built, and the function it answers
 * stops them all (waiting for a round in progress). Every job is safe on several instances at once: requests are
 * claimed with conditional updates, autopay charges under fixed gateway keys, and deletes are idempotent.
 *   - asset actions (modules/assets/action-worker.ts): every second
 *   - auth codes pushed to the phone switch (modules/auth-codes/auth-codes.worker.ts): every AUTH_CODE_PUSH_INTERVAL_MS
 *   - auth: the queued recovery and registration mail, every 30 s and at start; ended sessions, hourly
 *   - autopay (modules/billing/payment-recovery.ts): a minute after start, then every AUTOPAY_INTERVAL_MINUTES (0: off)
 *   - notices (modules/subscribers/notices.worker.ts): recipients listed and mailed, every 2 s (first 5 s after start)
 *   - rate-limit counters of ended windows: every 10 minutes
 *   - charges left without an order (modules/ordering/unplaced-charges.service.ts): refunded after 10 minutes' grace,
 *     checked every minute
 *   - the fax queue (modules/fax-outbox/fax-outbox.jobs.ts): every FAX_QUEUE_INTERVAL_SECONDS (2)
 *   - housekeeping: failed sign-ins, stored idempotent answers, reset links, e-mail changes and mail requests older
 *     than RETENTION_DAYS, hourly and a minute after start
 */
import type { AppContext } from './context.js';
import { pruneIdempotencyKeys } from './lib/idempotency.js';
import { pruneRateLimits } from './lib/rate-limit-store.js';
import { startActionWorker } from './modules/assets/action-worker.js';
import { startAuthJobs } from './modules/auth/auth.jobs.js';
import { pruneAuthRecords } from './modules/auth/auth.service.js';
import { pushAuthCodes } from './modules/auth-codes/auth-codes.worker.js';
import { runAutopay } from './modules/billing/payment-recovery.js';
import { workFaxQueue } from './modules/fax-outbox/fax-outbox.jobs.js';
import { refundUnplacedCharges } from './modules/ordering/unplaced-charges.service.js';
import { processNotices } from './modules/subscribers/notices.worker.js';

const MINUTE = 60_000;

type Stop = () => void | Promise<void>;

/**
 * Runs `job` every `intervalMs` (first after `firstAfterMs`), never two rounds at once; a failed round is logged and
 * the next one runs as planned. The stop function waits for a round in progress.
 */
export function every(
  ctx: AppContext,
  name: string,
  intervalMs: number,
  job: () => Promise<unknown>,
  firstAfterMs = intervalMs,
): () => Promise<void> {
  let current: Promise<void> | null = null;
  let stopped = false;
  const round = () => {
    if (current || stopped) return;
    current = job()
      .then(() => undefined)
      .catch((err) => ctx.log.error({ err }, `${name} failed`))
      .finally(() => {
        current = null;
      });
  };
  const first = setTimeout(round, firstAfterMs).unref();
  const timer = setInterval(round, intervalMs).unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await current;
  };
}

/** Housekeeping: deletes records past RETENTION_DAYS; answers how many of each. */
export async function pruneOldRecords(ctx: AppContext) {
  const before = new Date(ctx.now().getTime() - ctx.config.retentionDays * 86_400_000).toISOString();
  const auth = await pruneAuthRecords(ctx);
  const idempotencyKeys = await pruneIdempotencyKeys(ctx.db, before);
  return { ...auth, idempotencyKeys };
}

export async function startJobs(ctx: AppContext): Promise<() => Promise<void>> {
  const stops: Stop[] = [];
  stops.push(await startActionWorker(ctx, ctx.log));
  stops.push(startAuthJobs(ctx));
  stops.push(
    every(ctx, 'auth-code push', ctx.config.phoneSwitch.pushIntervalMs, async () => {
      const round = await pushAuthCodes(ctx);
      if (round.confirmed + round.failed + round.retrying > 0) ctx.log.info({ authCodes: round }, 'auth-code push');
    }),
    every(
      ctx,
      'notice mail',
      2_000,
      async () => {
        const round = await processNotices(ctx);
        if (round.listed + round.sent + round.failed + round.finished > 0) ctx.log.info({ notices: round }, 'notices');
      },
      5_000,
    ),
    every(ctx, 'fax queue', ctx.config.fax.queueIntervalSeconds * 1000, async () => {
      const round = await workFaxQueue(ctx);
      if (round.claimed + round.released > 0) ctx.log.info({ fax: round }, 'fax queue round');
    }),
  );
  stops.push(every(ctx, 'rate-limit pruning', 10 * MINUTE, () => pruneRateLimits(ctx.db, ctx.now())));
  stops.push(
    every(ctx, 'unplaced-charge refunds', MINUTE, async () => {
      const round = await refundUnplacedCharges(ctx);
      if (round.refunded + round.placed + round.refused + round.retrying > 0) {
        ctx.log.info({ unplacedCharges: round }, 'unplaced-charge refunds');
      }
    }),
  );
  stops.push(
    every(
      ctx,
      'housekeeping',
      60 * MINUTE,
      async () => {
        const pruned = await pruneOldRecords(ctx);
        if (Object.values(pruned).some((n) => n > 0)) ctx.log.info({ pruned }, 'housekeeping: old records deleted');
      },
      MINUTE,
    ),
  );
  const autopayMinutes = ctx.config.billing.autopayIntervalMinutes;
  if (autopayMinutes > 0) {
    stops.push(
      every(
        ctx,
        'autopay run',
        autopayMinutes * MINUTE,
        async () => {
          const outcome = await runAutopay(ctx);
          if (outcome.completed + outcome.declined + outcome.unanswered > 0)
            ctx.log.info({ autopay: outcome }, 'autopay run');
        },
        MINUTE,
      ),
    );
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
