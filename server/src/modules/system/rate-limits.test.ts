/**
 * Limits on resource use (plugins/rate-limits.ts): mail per address, an applicant's upload byte budget, writes per
 * user and per address, 429 in our error shape with Retry-After, and counters that live in the database, so two app
 * servers on one database share them.
 */

import { zipOf } from '@strand/test-support/zip-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/connect.js';
import { pruneRateLimits } from '../../lib/rate-limit-store.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';

const TOO_MANY = /^Too many requests\. Try again in \d+ seconds?\.$/;

// Every upload below is this body: an applicant's budget holds two of them, not three.
const zip = zipOf('solution/data.txt', Array.from({ length: 4000 }, (_, i) => `${i * 7919}`).join(','));
const uploadBody = { username: 'applicant', zip: zip.toString('base64') };
const uploadBytes = Buffer.byteLength(JSON.stringify(uploadBody));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_WRITES_PER_MINUTE: '5',
    RATE_LIMIT_IP_WRITES_PER_MINUTE: '40',
    RATE_LIMIT_MAIL_PER_HOUR: '25',
    APPLICANT_UPLOAD_BYTES_PER_HOUR: String(Math.floor(uploadBytes * 2.5)),
  });
});
afterAll(() => t.close());

let addressSeq = 10;
/** A fresh client address per test, so the per-address counters of one test never reach another. */
const newAddress = () => `198.51.100.${++addressSeq}`;

describe('mail-sending routes', () => {
  it('refuses the 26th recovery mail from one address within the hour (429, no mail); others still get theirs', async () => {
    const address = newAddress();
    // Five users, five mails each: within what one user may be sent an hour (RECOVERY_MAILS_PER_USER_PER_HOUR).
    const users = ['consumer', 'residential', 'installer', 'contractor', 'staff'];
    let n = 0;
    const recover = async (remoteAddress: string) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/recovery',
        payload: { identifier: users[n++ % users.length] },
        remoteAddress,
      });
      await t.drainMail();
      return res;
    };
    const before = t.mail.length;
    for (let i = 0; i < 25; i += 1) expect((await recover(address)).statusCode).toBe(202);
    expect(t.mail.length).toBe(before + 25);

    const refused = await recover(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(refused.json().error.message).toMatch(TOO_MANY);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(t.mail.length).toBe(before + 25);

    n = 1; // residential, who has had 5 this hour: the address may ask, but no sixth mail goes to that user.
    expect((await recover(newAddress())).statusCode).toBe(202);
    expect(t.mail.length).toBe(before + 25);
    const other = await t.request({
      method: 'POST',
      url: '/api/auth/recovery',
      payload: { identifier: 'business' },
      remoteAddress: newAddress(),
    });
    expect(other.statusCode).toBe(202);
    await t.drainMail();
    expect(t.mail.length).toBe(before + 26);
  });
});

describe("an applicant's upload byte budget", () => {
  it('stores uploads up to the budget and refuses the next one before reading it (nothing stored)', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/applicant/login',
      payload: { username: 'applicant', code: DEMO_PASSWORD },
      remoteAddress: newAddress(),
    });
    const token = login.json<{ token: string }>().token;
    let seq = 0;
    const upload = () =>
      t.request({
        method: 'POST',
        url: '/api/applicant/submissions',
        token,
        payload: uploadBody,
        headers: { 'idempotency-key': `budget-${++seq}` },
        remoteAddress: newAddress(),
      });
    const stored = () => t.db.db.selectFrom('applicant_submissions').select('id').execute();
    const before = (await stored()).length;

    expect((await upload()).statusCode).toBe(201);
    expect((await upload()).statusCode).toBe(201);
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many uploads\. Try again in \d+ seconds?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await stored()).length).toBe(before + 2);

    // The refused upload was given back; the budget is the bytes stored, and it comes back with the next hour.
    const row = await t.db.db
      .selectFrom('rate_limits')
      .select('count')
      .where(
        'key',
        '=',
        `upload-bytes:applicant:${(await t.db.db.selectFrom('applicants').select('id').where('username', '=', 'applicant').executeTakeFirstOrThrow()).id}`,
      )
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(2 * uploadBytes);
    t.clock.advanceSeconds(3600);
    expect((await upload()).statusCode).toBe(201);
  });
});

describe('writes per user and per address', () => {
  const settingsOf = async (token: string, remoteAddress: string) =>
    (await t.request({ method: 'GET', url: '/api/settings', token, remoteAddress })).json();

  it('refuses a burst of writes of one user (429) while another user on the same address is unaffected', async () => {
    const address = newAddress();
    const a = await t.login('residential');
    const b = await t.login('business');
    const settings = await settingsOf(a, address);
    const save = (token: string) =>
      t.request({ method: 'PUT', url: '/api/settings', token, payload: settings, remoteAddress: address });

    for (let i = 0; i < 5; i += 1) expect((await save(a)).statusCode).toBe(200);
    const refused = await save(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same user from another address is the same user.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/settings',
          token: a,
          payload: settings,
          remoteAddress: newAddress(),
        })
      ).statusCode,
    ).toBe(429);

    expect((await save(b)).statusCode).toBe(200);
    // Reads are not limited.
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await t.request({ method: 'GET', url: '/api/settings', token: a, remoteAddress: address })).statusCode,
      ).toBe(200);
    }
    t.clock.advanceSeconds(60);
    expect((await save(a)).statusCode).toBe(200);
  });

  it('limits the writes of one address, signed in or not, before the session is even checked', async () => {
    const address = newAddress();
    const write = () => t.request({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: address });
    for (let i = 0; i < 40; i += 1) expect((await write()).statusCode).toBe(400);
    const refused = await write();
    expect(refused.statusCode).toBe(429);
    // A forged token from that address is refused by the limit too, not answered 401.
    const forged = await t.request({
      method: 'PUT',
      url: '/api/settings',
      headers: { authorization: 'Bearer forged' },
      payload: {},
      remoteAddress: address,
    });
    expect(forged.statusCode).toBe(429);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: newAddress() }))
        .statusCode,
    ).toBe(400);
  });
});

describe('counters in the database', () => {
  it('are shared by two app servers on one database', async () => {
    const second = openDatabase(t.ctx.config.database);
    const { app: other } = await buildApp({
      config: t.ctx.config,
      database: second,
      logger: false,
      webDist: null,
      now: () => t.clock.now,
      mailer: { send: async () => undefined },
    });
    try {
      await other.ready();
      const token = await t.login('consumer');
      const address = newAddress();
      const settings = (await t.request({ method: 'GET', url: '/api/settings', token, remoteAddress: address })).json();
      const save = (app: typeof other) =>
        app.inject({
          method: 'PUT',
          url: '/api/settings',
          headers: { authorization: `Bearer ${token}` },
          payload: settings,
          remoteAddress: address,
        });
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) codes.push((await save(i % 2 === 0 ? t.app : other)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await save(t.app)).statusCode).toBe(429);

      const rows = await t.db.db.selectFrom('rate_limits').selectAll().where('key', 'like', 'writes:user:%').execute();
      expect(rows.length).toBeGreaterThan(0);

      // Concurrent writes on both servers: the atomic upsert lets exactly the limit through.
      const other2 = await t.login('business-billing');
      const settings2 = (
        await t.request({ method: 'GET', url: '/api/settings', token: other2, remoteAddress: address })
      ).json();
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 === 0 ? t.app : other).inject({
            method: 'PUT',
            url: '/api/settings',
            headers: { authorization: `Bearer ${other2}` },
            payload: settings2,
            remoteAddress: address,
          }),
        ),
      );
      const statuses = burst.map((r) => r.statusCode);
      expect(statuses.filter((c) => c === 200)).toHaveLength(5);
      expect(statuses.filter((c) => c === 429)).toHaveLength(7);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('of ended windows are pruned, current ones kept', async () => {
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('rate_limits')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBeGreaterThan(0);
    expect(await pruneRateLimits(t.db.db, new Date(t.clock.now.getTime() - 7200_000))).toBe(0);
    await pruneRateLimits(t.db.db, new Date(t.clock.now.getTime() + 3600_000 + 1000));
    expect(await count()).toBe(0);
  });
});
