import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { every, pruneOldRecords } from './jobs.js';
import { createTestApp, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RETENTION_DAYS: '30' });
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
    };
    for (const rows of Object.values(left)) expect(rows.map((r) => r.k)).toEqual(['prune-recent']);
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

describe('every (the jobs timer)', () => {
  it('never runs two rounds at once, and stop waits for the round in progress', async () => {
    let running = 0;
    let most = 0;
    let rounds = 0;
    const stop = every(
      t.ctx,
      'test job',
      5,
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 30));
        rounds += 1;
        running -= 1;
      },
      0,
    );
    await new Promise((r) => setTimeout(r, 100));
    await stop();
    expect(running).toBe(0);
    expect(most).toBe(1);
    expect(rounds).toBeGreaterThanOrEqual(2);
    const after = rounds;
    await new Promise((r) => setTimeout(r, 40));
    expect(rounds).toBe(after);
  });
});
