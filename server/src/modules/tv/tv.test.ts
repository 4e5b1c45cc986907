/**
 * TV credentials against the simulated TV middleware (a real HTTP service on a loopback port): reveal and reset by the
 * session's customer id, audited without the password; refused without a TV package or the Services permission; and a
 * plain 503 when the middleware is stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialTvCredentials, startTvSimulator, type TvSimulator } from '../../integrations/tv/tv-simulator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
let tv: TvSimulator;
beforeAll(async () => {
  tv = await startTvSimulator({ host: '127.0.0.1', port: 0 });
  t = await createTestApp({ TV_MIDDLEWARE_URL: `http://127.0.0.1:${tv.port}` });
});
afterAll(async () => {
  await t.close();
  await tv.close();
});

const audits = (action: string) =>
  t.db.db.selectFrom('audit_log').select(['subject', 'detail']).where('action', '=', `customer.${action}`).execute();

describe('GET /api/customer/services/tv', () => {
  it('lists the account’s active TV packages and the app name, no credentials', async () => {
    const res = await (await as(t, 'business')).call('GET', '/api/customer/services/tv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      appName: 'Boone Valley Fiber TV',
      packages: [{ PackageName: 'Streaming TV Plus', fullAddress: expect.stringContaining('1101 E Broadway') }],
    });
    expect(res.body).not.toContain(initialTvCredentials(BUSINESS).password);
    const consumer = await (await as(t, 'consumer')).call('GET', '/api/customer/services/tv');
    expect(consumer.statusCode).toBe(200);
    expect(consumer.json().packages).toEqual([]);
  });

  it('refuses a user without the Services permission and non-customers', async () => {
    expect((await (await as(t, 'business-billing')).call('GET', '/api/customer/services/tv')).statusCode).toBe(403);
    expect((await (await as(t, 'installer')).call('GET', '/api/customer/services/tv')).statusCode).toBe(403);
    expect((await (await as(t, 'staff')).call('GET', '/api/customer/services/tv')).statusCode).toBe(403);
  });
});

describe('POST /api/customer/services/tv/credentials/reveal and /reset', () => {
  it('reveals the credentials of the session’s own customer id, audited without the password', async () => {
    const res = await (await as(t, 'business')).call('POST', '/api/customer/services/tv/credentials/reveal');
    expect(res.statusCode).toBe(200);
    const expected = initialTvCredentials(BUSINESS);
    expect(res.json()).toMatchObject({ username: expected.username, password: expected.password });
    const rows = await audits('tv.credentials.reveal');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toBe(`${BUSINESS}:tv`);
    expect(rows[0]?.detail).not.toContain(expected.password);
  });

  it('resets: new credentials from the middleware, the old password gone, audited', async () => {
    const caller = await as(t, 'business');
    const before = (await caller.call('POST', '/api/customer/services/tv/credentials/reveal')).json();
    const reset = await caller.call('POST', '/api/customer/services/tv/credentials/reset');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().username).toBe(before.username);
    expect(reset.json().password).not.toBe(before.password);
    const after = (await caller.call('POST', '/api/customer/services/tv/credentials/reveal')).json();
    expect(after.password).toBe(reset.json().password);
    expect(await audits('tv.credentials.reset')).toHaveLength(1);
  });

  it('refuses an account without a TV package (409) and a user without the Services permission (403)', async () => {
    const consumer = await (await as(t, 'consumer')).call('POST', '/api/customer/services/tv/credentials/reveal');
    expect(consumer.statusCode).toBe(409);
    expect(consumer.json().error.message).toBe('This account has no TV package, so it has no TV app sign-in.');
    expect(
      (await (await as(t, 'residential')).call('POST', '/api/customer/services/tv/credentials/reset')).statusCode,
    ).toBe(409);
    for (const path of ['reveal', 'reset']) {
      const res = await (await as(t, 'business-billing')).call('POST', `/api/customer/services/tv/credentials/${path}`);
      expect(res.statusCode).toBe(403);
    }
  });

  it('says plainly that the TV system is not answering when the middleware is stopped; nothing is audited', async () => {
    const caller = await as(t, 'business');
    const revealed = (await audits('tv.credentials.reveal')).length;
    await tv.close();
    for (const path of ['reveal', 'reset']) {
      const res = await caller.call('POST', `/api/customer/services/tv/credentials/${path}`);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'tv_middleware_unavailable',
        message: expect.stringMatching(/^The TV system is not answering right now/),
      });
    }
    expect(await audits('tv.credentials.reveal')).toHaveLength(revealed);
    // The packages still show: they come from the portal's own data.
    expect((await caller.call('GET', '/api/customer/services/tv')).statusCode).toBe(200);
  });
});
