/** Sign-in and the authentication of protected routes. */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { WRONG_CREDENTIALS } from './sign-in.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it.each([
    ['residential', { vcCustomerID: '1000-2000-0001', vcCustomerType: 'Residential', nInstaller: 0, nContractor: 0 }],
    ['consumer', { vcCustomerID: '1000-2000-0002', vcCustomerType: 'Consumer' }],
    ['business', { vcCustomerID: '1000-3000-0001', vcCustomerType: 'Business', vcFirstName: 'Dana' }],
    ['business-billing', { vcCustomerID: '1000-3000-0001', vcFirstName: 'Bill' }],
    ['installer', { nInstaller: 1, nContractor: 0, nNOCLocationID: 1 }],
    ['contractor', { nContractor: 2, nInstaller: 0 }],
    ['contractor1', { nContractor: 1 }],
    ['fieldtech', { nInstaller: 1, nContractor: 2 }],
    ['staff', { nStaff: 1, nEmployeeID: 7 }],
  ])('signs %s in with the session claims of DEMO-DATA.md', async (username, expected) => {
    const res = await login(username, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(res.json().token);
    expect(claims).toMatchObject({ ...expected, UNITYSUPERUSER: 0 });
    expect(typeof claims.nUserID).toBe('number');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(res.body).not.toContain('argon2');
  });

  it('gives a wrong password and an unknown user the same 401 message', async () => {
    const wrong = await login('consumer', 'not-the-password', '10.0.0.2');
    const unknown = await login('nobody-here', 'not-the-password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'unauthenticated', message: WRONG_CREDENTIALS } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names the missing field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('username');
    expect(res.json().error.message).toMatch(/username/);
  });

  it('refuses malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/JSON/);
    const big = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'consumer', password: 'x'.repeat(2_000_000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields).toHaveProperty('body');
  });

  it('slows failed sign-ins per user with growing delays, never a lock, and lets the right password in after the wait', async () => {
    for (let i = 0; i < 3; i++) expect((await login('contractor1', 'wrong-password', '10.0.1.1')).statusCode).toBe(401);
    // At the limit: the next attempt waits 1 s after the latest failure.
    const limited = await login('contractor1', DEMO_PASSWORD, '10.0.1.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Too many failed sign-in attempts. Try again in 1 second.');
    expect(limited.headers['retry-after']).toBe('1');
    t.clock.advanceSeconds(2);
    expect((await login('contractor1', 'wrong-again', '10.0.1.1')).statusCode).toBe(401);
    // One more failure beyond the limit: now 2 s, then 4 s …
    expect((await login('contractor1', DEMO_PASSWORD, '10.0.1.2')).headers['retry-after']).toBe('2');
    t.clock.advanceSeconds(3);
    expect((await login('contractor1', DEMO_PASSWORD, '10.0.1.2')).statusCode).toBe(200);
  });

  it('caps the delay, so knowing a user name never locks its user out for long', async () => {
    // A window long enough that every failure counts, so the delay would keep doubling without the cap.
    const long = await createTestApp({
      LOGIN_MAX_FAILURES_PER_USER: '3',
      LOGIN_FAILURE_WINDOW_SECONDS: '86400',
      LOGIN_MAX_DELAY_SECONDS: '300',
    });
    try {
      const attempt = (password: string) =>
        long.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'fieldtech', password },
          remoteAddress: '10.0.7.1',
        });
      for (let i = 0; i < 3; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
      // 12 failures beyond the limit would mean 2^12 s (over an hour) uncapped.
      for (let i = 0; i < 12; i++) {
        long.clock.advanceSeconds(301);
        expect((await attempt('wrong-password')).statusCode).toBe(401);
      }
      const waiting = await attempt(DEMO_PASSWORD);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.headers['retry-after']).toBe('300');
      long.clock.advanceSeconds(301);
      expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await long.close();
    }
  });

  it("lets a user's own device in while strangers hammer the user name and share the address", async () => {
    const strict = await createTestApp({ LOGIN_MAX_FAILURES_PER_USER: '2', LOGIN_MAX_FAILURES_PER_IP: '3' });
    try {
      const attempt = (payload: object, ip = '10.5.5.5') =>
        strict.request({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
      const first = await attempt({ username: 'installer', password: DEMO_PASSWORD });
      const { deviceToken } = first.json();
      expect(deviceToken).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
      for (let i = 0; i < 6; i++) await attempt({ username: 'installer', password: `guess-${i}` });
      expect((await attempt({ username: 'installer', password: DEMO_PASSWORD })).statusCode).toBe(429);
      // Same shared address, the user's own browser: straight in.
      const own = await attempt({ username: 'installer', password: DEMO_PASSWORD, deviceToken });
      expect(own.statusCode).toBe(200);
      expect(own.json().deviceToken).toBe(deviceToken);
      // A device token of another user, or a forged one, is no help.
      const forged = `${deviceToken.split('.')[0]}.other-device.${deviceToken.split('.')[2]}`;
      expect((await attempt({ username: 'installer', password: DEMO_PASSWORD, deviceToken: forged })).statusCode).toBe(
        429,
      );
    } finally {
      await strict.close();
    }
  });

  it('limits failed sign-ins per address across user names', async () => {
    const strict = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '2' });
    try {
      const attempt = (u: string) =>
        strict.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: u, password: 'nope-nope' },
          remoteAddress: '10.9.9.9',
        });
      await attempt('a-user');
      await attempt('b-user');
      const res = await attempt('c-user');
      expect(res.statusCode).toBe(429);
      expect(res.json().error.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});

describe('authentication of protected routes', () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const sign = (payload: object, secret: string) => {
    const head = b64({ alg: 'HS256', typ: 'JWT' });
    const body = b64(payload);
    const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
    return `${head}.${body}.${sig}`;
  };

  it('refuses no token, an expired token, a token signed with another secret, and alg none', async () => {
    const good = claimsOf(await t.login('consumer'));
    const expired = sign({ ...good, exp: Math.floor(Date.now() / 1000) - 5 }, t.ctx.config.jwtSecret);
    const forged = sign({ ...good, exp: Math.floor(Date.now() / 1000) + 600 }, 'another-secret-another-secret-another');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...good, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    for (const token of [undefined, expired, forged, none]) {
      const res = await t.request({ method: 'GET', url: '/api/settings', ...(token ? { token } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
  });

  it('refuses a token once its exp has passed, though it was verified (and kept) on an earlier request', async () => {
    const good = claimsOf(await t.login('consumer'));
    const exp = Math.floor(Date.now() / 1000) + 2;
    const shortLived = sign({ ...good, exp }, t.ctx.config.jwtSecret);
    expect((await t.request({ method: 'GET', url: '/api/settings', token: shortLived })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    const late = await t.request({ method: 'GET', url: '/api/settings', token: shortLived });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('unauthenticated');
  });
});
