import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/connect.js';
import { jobDefinitions, pruneOldRecords } from './jobs.js';
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
  t = await createTestApp({ RETENTION_DAYS: '30', ORDERING_CHECK_RETENTION_DAYS: '30' });
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe('housekeeping (pruneOldRecords)', () => {
  it('deletes what is older than RETENTION_DAYS from every table that grows forever, and keeps the rest', async () => {
    const db = t.db.db;
    const now = t.clock.now.getTime();
    const old = new Date(now - 31 * DAY).toISOString();
    const recent = new Date(now - 29 * DAY).toISOString();
    const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const [at, tag] of [
      [old, 'old'],
      [recent, 'recent'],
    ] as const) {
      await db
        .insertInto('login_failures')
        .values({ username_key: `prune-${tag}`, ip: '192.0.2.1', failed_at: at })
        .execute();
      await db
        .insertInto('idempotency_keys')
        .values({ user_id: user.id, key: `prune-${tag}`, route: 'x', status_code: 201, response: '{}', created_at: at })
        .execute();
      await db
        .insertInto('password_resets')
        .values({ user_id: user.id, token_hash: `prune-${tag}`, created_at: at, expires_at: at })
        .execute();
      await db
        .insertInto('email_changes')
        .values({
          user_id: user.id,
          new_email: `${tag}@example.test`,
          token_hash: `prune-${tag}`,
          requested_by: null,
          created_at: at,
          expires_at: at,
        })
        .execute();
      await db
        .insertInto('mail_requests')
        .values({ kind: 'password-reset', identifier: `prune-${tag}`, requested_at: at, processed_at: at })
        .execute();
      await db
        .insertInto('checkout_declines')
        .values({
          created_at: at,
          cart_id: `prune-${tag}`,
          account_key: 'email:prune@example.test',
          fingerprint: null,
          client_address: '192.0.2.1',
          amount_cents: 100,
          message: 'The card was declined.',
        })
        .execute();
      // Ordering's visitors (the next test looks at what is kept there).
      await db
        .insertInto('checkout_email_codes')
        .values({ email: `every-${tag}@example.test`, code_hash: tag, created_at: at, expires_at: at, used_at: null })
        .execute();
      await db
        .insertInto('temp_service_locations')
        .values({
          address_key: `EVERY-${tag}`,
          number: '1',
          street: 'EVERY',
          city: 'Columbia',
          state: 'MO',
          zip: '65202',
          county: null,
          latitude: null,
          longitude: null,
          precision: null,
          created_at: at,
          confirmed_at: null,
          confirmed_by_employee_id: null,
          address_id: null,
        })
        .execute();
      const check = await db
        .insertInto('availability_checks')
        .values({
          public_id: `every-${tag}`,
          at,
          address_id: null,
          temp_location_id: null,
          query: 'x',
          status: 'unknown',
          area_kind: 'outside',
          order_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('carts')
        .values({
          id: `every-${tag}`,
          check_id: check.id,
          address_id: null,
          temp_location_id: null,
          created_at: at,
          updated_at: at,
          order_id: null,
        })
        .execute();
    }

    const pruned = await pruneOldRecords(t.ctx);
    expect(pruned).toMatchObject({
      loginFailures: expect.any(Number),
      idempotencyKeys: expect.any(Number),
      passwordResets: expect.any(Number),
      emailChanges: expect.any(Number),
      mailRequests: expect.any(Number),
    });
    for (const n of Object.values(pruned)) expect(n).toBeGreaterThanOrEqual(1);

    const left = {
      loginFailures: await db
        .selectFrom('login_failures')
        .select('username_key as k')
        .where('username_key', 'like', 'prune-%')
        .execute(),
      idempotencyKeys: await db
        .selectFrom('idempotency_keys')
        .select('key as k')
        .where('key', 'like', 'prune-%')
        .execute(),
      passwordResets: await db
        .selectFrom('password_resets')
        .select('token_hash as k')
        .where('token_hash', 'like', 'prune-%')
        .execute(),
      emailChanges: await db
        .selectFrom('email_changes')
        .select('token_hash as k')
        .where('token_hash', 'like', 'prune-%')
        .execute(),
      mailRequests: await db
        .selectFrom('mail_requests')
        .select('identifier as k')
        .where('identifier', 'like', 'prune-%')
        .execute(),
      checkoutDeclines: await db
        .selectFrom('checkout_declines')
        .select('cart_id as k')
        .where('cart_id', 'like', 'prune-%')
        .execute(),
    };
    for (const rows of Object.values(left)) expect(rows.map((r) => r.k)).toEqual(['prune-recent']);
  });

  it('keeps availability checks and carts the conversion report counts for ORDERING_CHECK_RETENTION_DAYS', async () => {
    const keeping = await createTestApp({ RETENTION_DAYS: '30' });
    try {
      const at = new Date(keeping.clock.now.getTime() - 90 * DAY).toISOString();
      await keeping.db.db
        .insertInto('availability_checks')
        .values({
          public_id: 'kept-for-report',
          at,
          address_id: null,
          temp_location_id: null,
          query: 'x',
          status: 'unknown',
          area_kind: 'outside',
          order_id: null,
        })
        .execute();
      await pruneOldRecords(keeping.ctx);
      const kept = await keeping.db.db
        .selectFrom('availability_checks')
        .select('public_id')
        .where('public_id', '=', 'kept-for-report')
        .execute();
      expect(kept).toHaveLength(1);
    } finally {
      await keeping.close();
    }
  });

  it('deletes what ordering visitors left that never led to a lead or an order, and keeps what did', async () => {
    const db = t.db.db;
    const now = t.clock.now.getTime();
    const old = new Date(now - 31 * DAY).toISOString();
    const recent = new Date(now - 29 * DAY).toISOString();
    const order = await db.selectFrom('sales_orders').select('id').orderBy('id').executeTakeFirstOrThrow();
    const temp = async (tag: string, at: string, status = 'unconfirmed') =>
      (
        await db
          .insertInto('temp_service_locations')
          .values({
            address_key: `PRUNE-${tag}`,
            number: '1',
            street: `PRUNE ${tag}`,
            unit: '',
            city: 'Columbia',
            state: 'MO',
            zip: '65202',
            county: 'Boone',
            latitude: null,
            longitude: null,
            precision: null,
            status,
            created_at: at,
            confirmed_at: null,
            confirmed_by_employee_id: null,
            address_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const check = async (tag: string, at: string, tempId: number | null, orderId: number | null = null) =>
      (
        await db
          .insertInto('availability_checks')
          .values({
            public_id: `prune-check-${tag}`,
            at,
            address_id: null,
            temp_location_id: tempId,
            query: `1 Prune ${tag}`,
            status: tempId === null ? 'unknown' : 'temporary',
            area_kind: 'outside',
            order_id: orderId,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const cart = async (tag: string, at: string, checkId: number, tempId: number | null, orderId: number | null) =>
      db
        .insertInto('carts')
        .values({
          id: `prune-cart-${tag}`,
          check_id: checkId,
          address_id: null,
          temp_location_id: tempId,
          created_at: at,
          updated_at: at,
          order_id: orderId,
        })
        .execute();
    const lead = async (tag: string, at: string, checkId: number, key: string) =>
      db
        .insertInto('availability_leads')
        .values({
          created_at: at,
          check_id: checkId,
          email: `${tag}@example.test`,
          name: '',
          kind: 'notify',
          area_kind: 'outside',
          address_key: key,
          notified_at: null,
        })
        .execute();
    const code = async (tag: string, at: string) =>
      db
        .insertInto('checkout_email_codes')
        .values({ email: `prune-${tag}@example.test`, code_hash: tag, created_at: at, expires_at: at, used_at: null })
        .execute();

    // Junk: an old temporary location with an old check and an old cart, nothing more; an old check alone.
    const junkTemp = await temp('junk', old);
    await cart('junk', old, await check('junk', old, junkTemp), junkTemp, null);
    await check('alone', old, null);
    await code('old', old);
    // Kept: recent ones; an old check with a lead (and its temporary location); an old ordered cart and its check;
    // an old check with an order; a temporary location staff confirmed.
    const recentTemp = await temp('recent', recent);
    await cart('recent', recent, await check('recent', recent, recentTemp), recentTemp, null);
    await code('recent', recent);
    const leadTemp = await temp('lead', old);
    await lead('prune-lead', old, await check('lead', old, leadTemp), 'PRUNE-lead');
    const orderedTemp = await temp('ordered', old);
    await cart('ordered', old, await check('ordered-cart', old, orderedTemp), orderedTemp, order.id);
    await check('ordered', old, null, order.id);
    await temp('confirmed', old, 'confirmed');

    const pruned = await pruneOldRecords(t.ctx);
    expect(pruned.tempLocations).toBeGreaterThanOrEqual(1);
    expect(pruned.availabilityChecks).toBeGreaterThanOrEqual(2);
    expect(pruned.carts).toBeGreaterThanOrEqual(1);
    expect(pruned.checkoutEmailCodes).toBeGreaterThanOrEqual(1);

    const left = async (table: 'availability_checks' | 'carts', column: 'public_id' | 'id', prefix: string) =>
      (await db.selectFrom(table).select(`${column} as k`).where(column, 'like', `${prefix}%`).execute())
        .map((r) => r.k)
        .sort();
    expect(await left('availability_checks', 'public_id', 'prune-check-')).toEqual(
      ['prune-check-lead', 'prune-check-ordered', 'prune-check-ordered-cart', 'prune-check-recent'].sort(),
    );
    expect(await left('carts', 'id', 'prune-cart-')).toEqual(['prune-cart-ordered', 'prune-cart-recent']);
    const temps = await db
      .selectFrom('temp_service_locations')
      .select('address_key as k')
      .where('address_key', 'like', 'PRUNE-%')
      .execute();
    expect(temps.map((r) => r.k).sort()).toEqual(['PRUNE-confirmed', 'PRUNE-lead', 'PRUNE-ordered', 'PRUNE-recent']);
    const codes = await db
      .selectFrom('checkout_email_codes')
      .select('email as k')
      .where('email', 'like', 'prune-%')
      .execute();
    expect(codes.map((r) => r.k)).toEqual(['prune-recent@example.test']);
  });

  it('keeps failed sign-ins for the whole window the limits count them in', async () => {
    const short = await createTestApp({ RETENTION_DAYS: '1', LOGIN_FAILURE_WINDOW_SECONDS: String(3 * 86_400) });
    try {
      const at = new Date(short.clock.now.getTime() - 2 * DAY).toISOString();
      await short.db.db
        .insertInto('login_failures')
        .values({ username_key: 'in-window', ip: '192.0.2.2', failed_at: at })
        .execute();
      await pruneOldRecords(short.ctx);
      const row = await short.db.db
        .selectFrom('login_failures')
        .select('id')
        .where('username_key', '=', 'in-window')
        .executeTakeFirst();
      expect(row).toBeDefined();
    } finally {
      await short.close();
    }
  });
});

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
