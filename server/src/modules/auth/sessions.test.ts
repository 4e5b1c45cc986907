/** The session log and revocable sessions. */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { claimsOf, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => t.close());

const _login = (username: string, password: string, ip = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

describe('POST /api/session/log', () => {
  it('logs a session at most once an hour', async () => {
    const token = await t.login('business');
    const log = () => t.request({ method: 'POST', url: '/api/session/log', token });
    expect((await log()).json().logged).toBe(true);
    expect((await log()).json().logged).toBe(false);
    t.clock.advanceSeconds(3601);
    expect((await log()).json().logged).toBe(true);
  });

  it('refuses an anonymous caller', async () => {
    expect((await t.request({ method: 'POST', url: '/api/session/log' })).statusCode).toBe(401);
  });
});

describe('revocable sessions', () => {
  const get = (token: string, url = '/api/settings') => t.request({ method: 'GET', url, token });

  it('logout ends the session: the same token is refused on its next request', async () => {
    const token = await t.login('residential');
    expect((await get(token)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(204);
    const after = await get(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthenticated');
    // Another session of the same user lives on.
    expect((await get(await t.login('residential'))).statusCode).toBe(200);
  });

  it('a sign-out delivered twice is answered 204 both times; only a genuine token may send it', async () => {
    // A load balancer resends a sign-out whose answer was lost when the instance that ended the session stopped.
    const token = await t.login('installer');
    const out = () => t.request({ method: 'POST', url: '/api/auth/logout', token });
    expect((await out()).statusCode).toBe(204);
    expect((await out()).statusCode).toBe(204);
    // The ended session stays ended: every other route refuses the token.
    expect((await get(token)).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/session/log', token, payload: {} })).statusCode).toBe(401);
    // Without a token, or with one this server did not sign, a sign-out is refused as before.
    const [head, body] = token.split('.');
    for (const bad of [undefined, `${head}.${body}.${'A'.repeat(43)}`]) {
      expect((await t.request({ method: 'POST', url: '/api/auth/logout', token: bad })).statusCode).toBe(401);
    }
  });

  it('a password reset ends every session of the user', async () => {
    const token = await t.login('business');
    await t.request({ method: 'POST', url: '/api/auth/recovery', payload: { identifier: 'business' } });
    await t.drainMail();
    const reset = t.mail.at(-1)?.text.match(/token=([\w-]+)/)?.[1];
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token: reset, password: 'acme-dental-2026-x' },
    });
    expect(res.statusCode).toBe(200);
    expect((await get(token, '/api/customer/account')).statusCode).toBe(401);
  });

  it('a disabled installer, contractor or staff member is refused on field and staff routes at once', async () => {
    const cases: [string, string][] = [
      ['installer', '/api/installer/work-orders/100001'],
      ['contractor1', '/api/contractor/home'],
      ['staff', '/api/staff/applicants'],
    ];
    for (const [username, url] of cases) {
      const token = await t.login(username);
      expect((await get(token, url)).statusCode).toBe(200);
      await t.db.db.updateTable('users').set({ disabled: 1 }).where('username', '=', username).execute();
      // The per-instance cache of the check would hide this for a few seconds; move past it.
      t.clock.advanceSeconds(6);
      expect((await get(token, url)).statusCode).toBe(401);
      await t.db.db.updateTable('users').set({ disabled: 0 }).where('username', '=', username).execute();
    }
  });

  it('a super-user session ends when the staff member who opened it is disabled', async () => {
    const staff = await t.login('staff');
    const link = await t.request({
      method: 'POST',
      url: '/api/staff/super-links',
      token: staff,
      payload: { vcCustomerID: '1000-2000-0001' },
    });
    const [, , , customerId, hash, employee] = link.json().path.split('/');
    const sl = await t.request({
      method: 'POST',
      url: '/api/auth/super-login',
      payload: { vcCustomerID: customerId, hash, nEmployeeID: Number(employee) },
    });
    const superToken = sl.json().token;
    expect((await get(superToken, '/api/customer/account')).statusCode).toBe(200);
    await t.db.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'staff').execute();
    t.clock.advanceSeconds(6);
    expect((await get(superToken, '/api/customer/account')).statusCode).toBe(401);
    await t.db.db.updateTable('users').set({ disabled: 0 }).where('username', '=', 'staff').execute();
  });

  it('a revocation on one instance reaches another instance sharing the database within the cache time', async () => {
    const token = await t.login('residential');
    const other = await buildApp({
      config: t.ctx.config,
      database: t.db,
      logger: false,
      webDist: null,
      now: () => t.clock.now,
    });
    try {
      const onOther = () =>
        other.app.inject({ method: 'GET', url: '/api/settings', headers: { authorization: `Bearer ${token}` } });
      expect((await onOther()).statusCode).toBe(200);
      await t.request({ method: 'POST', url: '/api/auth/logout', token });
      t.clock.advanceSeconds(t.ctx.config.sessionCheckCacheSeconds + 1);
      expect((await onOther()).statusCode).toBe(401);
    } finally {
      await other.app.close();
    }
  });

  it('refuses a genuinely signed token without exp, or without a session id', async () => {
    const claims = claimsOf(await t.login('residential'));
    const { exp: _exp, ...noExp } = claims;
    const { sid: _sid, ...noSid } = claims;
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const sign = (payload: object) => {
      const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
      return `${head}.${createHmac('sha256', t.ctx.config.jwtSecret).update(head).digest('base64url')}`;
    };
    // The same claims signed properly with exp and sid are accepted: only the missing claim is refused.
    expect((await get(sign(claims))).statusCode).toBe(200);
    const withoutExp = sign(noExp);
    for (const token of [withoutExp, sign(noSid)]) {
      expect((await get(token)).statusCode).toBe(401);
    }
  });
});
