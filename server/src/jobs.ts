/**
 * The one place background jobs start: main.ts calls `startJobs` once the app is built, and the function it answers
 * stops them all (no new round; the rounds in progress finish). Every round runs once across all instances sharing
 * the database: lib/job-runner.ts gives a job's round to the one instance holding its lease in `job_runs` (renewed
 * while it runs; a dead instance's lease runs out after JOB_LEASE_SECONDS and another instance takes over), retries a
 * failed round with backoff, and records each job's last and next round (GET /api/health/jobs, staff). Inside a
 * round the units of work are still claimed one by one (conditional updates, fixed gateway keys), so even a round
 * taken over from a stalled instance never repeats a finished unit.
 *   - asset actions (modules/assets/asset-actions.jobs.ts): every second
 *   - auth codes pushed to the phone switch (modules/auth-codes/auth-codes.jobs.ts): every AUTH_CODE_PUSH_INTERVAL_MS
 *   - auth (modules/auth/auth.jobs.ts): the queued recovery and registration mail, at start and every 30 s; ended
 *     sessions, hourly
 *   - autopay (modules/billing/payment-recovery.ts): a minute after start, then every AUTOPAY_INTERVAL_MINUTES (0: off)
 *   - notices (modules/subscribers/notices.jobs.ts): recipients listed and mailed, every 2 s (first 5 s after start)
 *   - rate-limit counters of ended windows: every 10 minutes
 *   - charges left without an order (modules/ordering/unplaced-charges.service.ts): refunded after 10 minutes' grace,
 *     checked every minute
 *   - cancels recorded without an outcome (modules/orders/order-cancel.service.ts finishStaleCancels): resumed at the
 *     refund after 10 minutes' grace, checked every minute
 *   - the fax queue (modules/fax-outbox/fax-outbox.jobs.ts): every FAX_QUEUE_INTERVAL_SECONDS (2)
 *   - notification delivery (modules/notifications/notifications.jobs.ts): every second, throttled per channel
 *   - daily reminders: the day-before visit reminder (modules/dispatch/visit-reminders.jobs.ts, from 9 AM provider
 *     time) and expiring cards (modules/billing/card-expiry.jobs.ts), a minute after start and then every
 *     NOTIFY_REMINDERS_INTERVAL_MINUTES (60; 0: off), so a
 *     visit booked during the day for tomorrow is reminded too; each notice is written once (its dedupe key: the
 *     visit and its day, the card and its month), however many rounds or instances run
 *   - housekeeping: failed sign-ins, stored idempotent answers, reset links, e-mail changes and mail requests older
 *     than RETENTION_DAYS, declined checkout cards, and what ordering's visitors left that never led to a lead or an
 *     order (checkout email codes and unconfirmed temporary locations after RETENTION_DAYS; availability checks and
 *     carts, which the staff conversion report counts, after ORDERING_CHECK_RETENTION_DAYS), hourly and a minute
 *     after start
 *   - planner statistics (modules/work-orders/planner-statistics.ts): SQLite's PRAGMA optimize of the tables that
 *     changed, every 6 hours (every table is analyzed at start, main.ts); not on PostgreSQL (autovacuum)
 */
import type { AppContext } from './context.js';
import { pruneIdempotencyKeys } from './lib/idempotency.js';
import { type JobDefinition, startJobRunner } from './lib/job-runner.js';
import { pruneRateLimits } from './lib/rate-limit-store.js';
import { actionWorkerRound } from './modules/assets/asset-actions.jobs.js';
import { authJobs, pruneAuthRecords } from './modules/auth/auth.jobs.js';
import { pushAuthCodes } from './modules/auth-codes/auth-codes.jobs.js';
import { sendCardExpiryNotices } from './modules/billing/card-expiry.jobs.js';
import { runAutopay } from './modules/billing/payment-recovery.js';
import { sendVisitReminders } from './modules/dispatch/visit-reminders.jobs.js';
import { workFaxQueue } from './modules/fax-outbox/fax-outbox.jobs.js';
import { closeDeliveryChannels, deliverNotifications } from './modules/notifications/notifications.jobs.js';
import { pruneCheckoutDeclines } from './modules/ordering/checkout-guards.service.js';
import { pruneVisitorRecords } from './modules/ordering/ordering.repository.js';
import { refundUnplacedCharges } from './modules/ordering/unplaced-charges.service.js';
import { finishStaleCancels } from './modules/orders/order-cancel.service.js';
import { processNotices } from './modules/subscribers/notices.jobs.js';
import { PLANNER_STATISTICS_INTERVAL_MS, refreshPlannerStatistics } from './modules/work-orders/planner-statistics.js';

const MINUTE = 60_000;

/** Housekeeping: deletes records past RETENTION_DAYS; answers how many of each. */
export async function pruneOldRecords(ctx: AppContext) {
  const before = new Date(ctx.now().getTime() - ctx.config.retentionDays * 86_400_000).toISOString();
  const auth = await pruneAuthRecords(ctx);
  const idempotencyKeys = await pruneIdempotencyKeys(ctx.db, before);
  const reportBefore = new Date(ctx.now().getTime() - ctx.config.orderingCheckRetentionDays * 86_400_000).toISOString();
  const ordering = await pruneVisitorRecords(ctx.db, before, reportBefore);
  const checkoutDeclines = await pruneCheckoutDeclines(ctx, before);
  return {
    ...auth,
    idempotencyKeys,
    availabilityChecks: ordering.checks,
    carts: ordering.carts,
    checkoutEmailCodes: ordering.emailCodes,
    tempLocations: ordering.tempLocations,
    checkoutDeclines,
  };
}

/** Every background job of the portal, as the runner takes them. */
export function jobDefinitions(ctx: AppContext): JobDefinition[] {
  const jobs: JobDefinition[] = [
    {
      name: 'asset actions',
      intervalMs: 1000,
      run: () => actionWorkerRound(ctx, ctx.config.jobLeaseSeconds * 1000),
    },
    ...authJobs(ctx),
    {
      name: 'auth-code push',
      intervalMs: ctx.config.phoneSwitch.pushIntervalMs,
      run: async () => {
        const round = await pushAuthCodes(ctx);
        if (round.confirmed + round.failed + round.retrying > 0) ctx.log.info({ authCodes: round }, 'auth-code push');
      },
    },
    {
      name: 'notice mail',
      intervalMs: 2_000,
      firstAfterMs: 5_000,
      run: async () => {
        const round = await processNotices(ctx);
        if (round.listed + round.sent + round.failed + round.finished > 0) ctx.log.info({ notices: round }, 'notices');
      },
    },
    {
      name: 'fax queue',
      intervalMs: ctx.config.fax.queueIntervalSeconds * 1000,
      run: async () => {
        const round = await workFaxQueue(ctx);
        if (round.claimed + round.released > 0) ctx.log.info({ fax: round }, 'fax queue round');
      },
    },
    {
      name: 'notification delivery',
      intervalMs: 1000,
      run: async () => {
        const round = await deliverNotifications(ctx);
        if (round.claimed + round.released > 0) ctx.log.info({ notifications: round }, 'notification delivery');
      },
    },
    {
      name: 'unplaced-charge refunds',
      intervalMs: MINUTE,
      run: async () => {
        const round = await refundUnplacedCharges(ctx);
        if (round.refunded + round.placed + round.refused + round.retrying > 0) {
          ctx.log.info({ unplacedCharges: round }, 'unplaced-charge refunds');
        }
      },
    },
    {
      name: 'stale order cancels',
      intervalMs: MINUTE,
      run: async () => {
        const round = await finishStaleCancels(ctx);
        if (round.cancelled + round.refused + round.waiting > 0)
          ctx.log.info({ cancels: round }, 'stale order cancels');
      },
    },
    { name: 'rate-limit pruning', intervalMs: 10 * MINUTE, run: () => pruneRateLimits(ctx.db, ctx.now()) },
    {
      name: 'housekeeping',
      intervalMs: 60 * MINUTE,
      firstAfterMs: MINUTE,
      run: async () => {
        const pruned = await pruneOldRecords(ctx);
        if (Object.values(pruned).some((n) => n > 0)) ctx.log.info({ pruned }, 'housekeeping: old records deleted');
      },
    },
  ];
  if (ctx.dialect === 'sqlite') {
    jobs.push({
      name: 'planner statistics',
      intervalMs: PLANNER_STATISTICS_INTERVAL_MS,
      run: () => refreshPlannerStatistics(ctx, 'changed'),
    });
  }
  const reminderMinutes = ctx.config.notifications.remindersIntervalMinutes;
  if (reminderMinutes > 0) {
    jobs.push({
      name: 'daily reminders',
      intervalMs: reminderMinutes * MINUTE,
      firstAfterMs: MINUTE,
      run: async () => {
        const visits = await sendVisitReminders(ctx);
        const cards = await sendCardExpiryNotices(ctx);
        if (visits.written + cards.written > 0) ctx.log.info({ reminders: { visits, cards } }, 'daily reminders');
      },
    });
  }
  const autopayMinutes = ctx.config.billing.autopayIntervalMinutes;
  if (autopayMinutes > 0) {
    jobs.push({
      name: 'autopay',
      intervalMs: autopayMinutes * MINUTE,
      firstAfterMs: MINUTE,
      run: async () => {
        const outcome = await runAutopay(ctx);
        if (outcome.completed + outcome.declined + outcome.unanswered > 0)
          ctx.log.info({ autopay: outcome }, 'autopay run');
      },
    });
  }
  return jobs;
}

/** Starts every job; the function it answers stops them (the rounds in progress finish) and closes their channels. */
export async function startJobs(ctx: AppContext): Promise<() => Promise<void>> {
  const stop = await startJobRunner(jobDefinitions(ctx), {
    db: ctx.db,
    log: ctx.log,
    instanceId: ctx.lifecycle.instanceId,
    leaseMs: ctx.config.jobLeaseSeconds * 1000,
  });
  return async () => {
    await stop();
    closeDeliveryChannels(ctx);
  };
}
