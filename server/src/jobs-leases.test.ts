/** Job leases (each round once across instances), takeover, backoff, the list of jobs and GET /api/health/jobs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/connect.js';
import { jobDefinitions } from './jobs.js';
import {
  claimRound,
  finishRound,
  type JobDefinition,
  registerJob,
  retryDelayMs,
  startJobRunner,
} from './lib/job-runner.js';
import { authJobs } from './modules/auth/auth.jobs.js';
import { createTestApp, secondInstance, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = { error: () => undefined, warn: () => undefined };

describe('job leases (lib/job-runner.ts): each round runs once across instances', () => {
  it('two runners on one database never run rounds of one job at the same time, and lose no update', async () => {
    const other = await secondInstance(t);
    try {
      await t.db.db.deleteFrom('job_runs').where('name', '=', 'lease race').execute();
      // A round that would lose updates if two ran at once: read, wait, write read + 1.
      let inRound = 0;
      let most = 0;
      const roundsBy = { a: 0, b: 0 };
      const counterKey = 'job-lease-race';
      await t.db.db
        .insertInto('rate_limits')
        .values({
          key: counterKey,
          window_start: '2030-01-01T00:00:00.000Z',
          expires_at: '2030-01-01T00:00:00.000Z',
          count: 0,
        })
        .execute();
      const job = (who: 'a' | 'b', db: Db['db']): JobDefinition => ({
        name: 'lease race',
        intervalMs: 5,
        firstAfterMs: 0,
        run: async () => {
          inRound += 1;
          most = Math.max(most, inRound);
          const row = await db
            .selectFrom('rate_limits')
            .select('count')
            .where('key', '=', counterKey)
            .executeTakeFirstOrThrow();
          await sleep(15);
          await db
            .updateTable('rate_limits')
            .set({ count: row.count + 1 })
            .where('key', '=', counterKey)
            .execute();
          roundsBy[who] += 1;
          inRound -= 1;
        },
      });
      const options = { log: quiet, leaseMs: 5_000, pollMs: () => 5 };
      const stops = await Promise.all([
        startJobRunner([job('a', t.db.db)], { ...options, db: t.db.db, instanceId: 'instance-a' }),
        startJobRunner([job('b', other.ctx.db)], { ...options, db: other.ctx.db, instanceId: 'instance-b' }),
      ]);
      await sleep(1_200);
      await Promise.all(stops.map((stop) => stop()));
      const rounds = roundsBy.a + roundsBy.b;
      expect(most).toBe(1);
      expect(rounds).toBeGreaterThanOrEqual(10);
      const counter = await t.db.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', counterKey)
        .executeTakeFirstOrThrow();
      expect(counter.count).toBe(rounds);
      const row = await t.db.db
        .selectFrom('job_runs')
        .selectAll()
        .where('name', '=', 'lease race')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ runs: rounds, failures: 0, lease_owner: null, lease_until: null });
    } finally {
      await other.close();
    }
  });

  it('two instances racing through the real mail queue job send each queued mail exactly once', async () => {
    const other = await secondInstance(t);
    try {
      await t.db.db.deleteFrom('job_runs').where('name', '=', 'mail queue').execute();
      const requestedAt = t.clock.now.toISOString();
      // Users whose name is theirs alone among user names and e-mails: one request, one mail.
      const users = await t.db.db
        .selectFrom('users')
        .select(['username', 'email'])
        .where('disabled', '=', 0)
        .where('email', 'like', '%@%')
        .orderBy('id')
        .limit(40)
        .execute();
      const names = users
        .filter((u) => !users.some((o) => o !== u && (o.email === u.email || o.email === u.username)))
        .map((u) => u.username)
        .slice(0, 12);
      const queued = names.length;
      expect(queued).toBeGreaterThanOrEqual(6);
      for (const identifier of names) {
        await t.db.db
          .insertInto('mail_requests')
          .values({ kind: 'password-reset', identifier, requested_at: requestedAt })
          .execute();
      }
      const before = t.mail.length;
      const stops = await Promise.all(
        [t.ctx, other.ctx].map((ctx, i) =>
          startJobRunner(authJobs(ctx), { db: ctx.db, log: quiet, instanceId: `mailer-${i}`, leaseMs: 5_000 }),
        ),
      );
      const deadline = Date.now() + 10_000;
      while (t.mail.length - before + other.mail.length < queued && Date.now() < deadline) await sleep(50);
      await sleep(300);
      await Promise.all(stops.map((stop) => stop()));
      const sent = [...t.mail.slice(before), ...other.mail];
      expect(sent).toHaveLength(queued);
      expect(new Set(sent.map((m) => m.to)).size).toBe(queued);
      const open = await t.db.db.selectFrom('mail_requests').select('id').where('processed_at', 'is', null).execute();
      expect(open).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("takes over a dead instance's job once its lease has run out, never before", async () => {
    const db = t.db.db;
    const job = { name: 'takeover', intervalMs: 60_000, firstAfterMs: 0, run: async () => undefined };
    const start = new Date();
    await registerJob(db, job, start);
    expect(await claimRound(db, job.name, 'dead', start, 30_000)).toEqual({ failures: 0 });
    expect(await claimRound(db, job.name, 'alive', new Date(start.getTime() + 29_000), 30_000)).toBeNull();
    expect(await claimRound(db, job.name, 'alive', new Date(start.getTime() + 31_000), 30_000)).toEqual({
      failures: 0,
    });
    // The dead instance's late report changes nothing: the lease is no longer its own.
    await finishRound(db, job, 'dead', { startedAt: start, finishedAt: new Date(), failuresBefore: 0, error: null });
    const row = await db.selectFrom('job_runs').selectAll().where('name', '=', job.name).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ lease_owner: 'alive', runs: 0 });
  });

  it('retries a failed round with backoff, records the error, and clears it after a good round', async () => {
    const db = t.db.db;
    const job = { name: 'flaky', intervalMs: 3_600_000, firstAfterMs: 0, run: async () => undefined };
    const start = new Date('2030-01-01T00:00:00.000Z');
    await registerJob(db, job, start);
    const row = () => db.selectFrom('job_runs').selectAll().where('name', '=', job.name).executeTakeFirstOrThrow();

    let at = start;
    for (const [failures, waitMs] of [
      [1, 5_000],
      [2, 10_000],
      [3, 20_000],
    ] as const) {
      const claimed = await claimRound(db, job.name, 'me', at, 30_000);
      expect(claimed).toEqual({ failures: failures - 1 });
      const finishedAt = new Date(at.getTime() + 100);
      await finishRound(db, job, 'me', {
        startedAt: at,
        finishedAt,
        failuresBefore: claimed?.failures ?? 0,
        error: new Error('gateway down'),
      });
      expect(await row()).toMatchObject({
        failures,
        failed_runs: failures,
        last_error: 'gateway down',
        next_run_at: new Date(finishedAt.getTime() + waitMs).toISOString(),
        lease_owner: null,
      });
      // Not due before the backoff has passed.
      expect(await claimRound(db, job.name, 'me', new Date(finishedAt.getTime() + waitMs - 1), 30_000)).toBeNull();
      at = new Date(finishedAt.getTime() + waitMs);
    }
    const claimed = await claimRound(db, job.name, 'me', at, 30_000);
    await finishRound(db, job, 'me', {
      startedAt: at,
      finishedAt: at,
      failuresBefore: claimed?.failures ?? 0,
      error: null,
    });
    expect(await row()).toMatchObject({
      failures: 0,
      failed_runs: 3,
      runs: 4,
      last_error: null,
      last_ok_at: at.toISOString(),
      next_run_at: new Date(at.getTime() + job.intervalMs).toISOString(),
    });
  });

  it('backs off 5 s, 10 s, 20 s… up to the larger of the interval and 5 minutes', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(1_000, n))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(1_000, 20)).toBe(300_000);
    expect(retryDelayMs(3_600_000, 20)).toBe(3_600_000);
  });

  it('names every background job of the portal once', () => {
    const names = jobDefinitions(t.ctx).map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['asset actions', 'mail queue', 'autopay', 'fax queue', 'notice mail', 'housekeeping']),
    );
  });

  it("refreshes SQLite's planner statistics every 6 hours as a job (PostgreSQL keeps its own)", async () => {
    const job = jobDefinitions(t.ctx).find((j) => j.name === 'planner statistics');
    if (t.ctx.dialect !== 'sqlite') return void expect(job).toBeUndefined();
    expect(job?.intervalMs).toBe(6 * 60 * 60 * 1000);
    await expect(job?.run()).resolves.toBeUndefined();
  });
});

describe('GET /api/health/jobs', () => {
  it('shows the admin every job with its last and next round; other staff, customers and strangers are refused', async () => {
    const admin = await t.login('staff');
    const res = await t.request({ method: 'GET', url: '/api/health/jobs', token: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.instance).toBe(t.ctx.lifecycle.instanceId);
    const flaky = body.jobs.find((j: { name: string }) => j.name === 'flaky');
    expect(flaky).toMatchObject({ state: 'idle', failures: 0, failedRuns: 3, runs: 4, lastError: null });
    expect(body.jobs.find((j: { name: string }) => j.name === 'mail queue')).toMatchObject({
      runs: expect.any(Number),
    });

    for (const user of ['network', 'billing-staff', 'sales', 'dispatcher', 'residential', 'installer', 'contractor']) {
      const refused = await t.request({ method: 'GET', url: '/api/health/jobs', token: await t.login(user) });
      expect(refused.statusCode, user).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/health/jobs' })).statusCode).toBe(401);
  });
});
