import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => t.close());

const _login = (username: string, password: string, ip = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

describe('POST /api/staff/super-links and /api/auth/super-login', () => {
  const issue = async (token: string, vcCustomerID = '1000-3000-0001') =>
    t.request({ method: 'POST', url: '/api/staff/super-links', token, payload: { vcCustomerID } });
  const superLogin = (path: string) => {
    const [, , , vcCustomerID, hash, nEmployeeID] = path.split('/');
    return t.request({ method: 'POST', url: '/api/auth/super-login', payload: { vcCustomerID, hash, nEmployeeID } });
  };

  it('lets staff open a customer session once, with UNITYSUPERUSER set', async () => {
    const res = await issue(await t.login('staff'));
    expect(res.statusCode).toBe(201);
    expect(res.json().path).toMatch(/^\/login\/superUser\/1000-3000-0001\/[0-9a-f]{64}\/7$/);
    const first = await superLogin(res.json().path);
    expect(first.statusCode).toBe(200);
    expect(claimsOf(first.json().token)).toMatchObject({
      vcCustomerID: '1000-3000-0001',
      vcCustomerType: 'Business',
      UNITYSUPERUSER: 1,
      nEmployeeID: 7,
      nStaff: 0,
    });
    expect((await superLogin(res.json().path)).statusCode).toBe(401);
  });

  it('refuses a tampered hash, another employee id, and an expired link', async () => {
    const { path } = (await issue(await t.login('staff'))).json();
    const tampered = path.replace(
      /\/([0-9a-f]{64})\//,
      (_m: string, h: string) => `/${h.slice(0, -1)}${h.endsWith('0') ? '1' : '0'}/`,
    );
    expect((await superLogin(tampered)).statusCode).toBe(401);
    expect((await superLogin(path.replace(/\/7$/, '/8'))).statusCode).toBe(401);
    t.clock.advanceSeconds(600 + 1);
    expect((await superLogin(path)).statusCode).toBe(401);
  });

  it('gives every issued link its own hash, so two links in one window both work once', async () => {
    const token = await t.login('staff');
    const first = (await issue(token, '1000-2000-0001')).json().path;
    const second = (await issue(token, '1000-2000-0001')).json().path;
    expect(second).not.toBe(first);
    expect((await superLogin(first)).statusCode).toBe(200);
    expect((await superLogin(second)).statusCode).toBe(200);
  });

  it('refuses links for accounts that are not customers’', async () => {
    const token = await t.login('staff');
    for (const id of ['1000-0000-0001', '1000-9000-0002']) expect((await issue(token, id)).statusCode).toBe(404);
  });

  it('refuses anyone but staff, and a super user session, to issue links', async () => {
    for (const username of ['residential', 'business', 'installer', 'contractor']) {
      expect((await issue(await t.login(username))).statusCode).toBe(403);
    }
    const { path } = (await issue(await t.login('staff'))).json();
    const superToken = (await superLogin(path)).json().token;
    expect((await issue(superToken)).statusCode).toBe(403);
  });

  it('answers 404 for an account that does not exist', async () => {
    expect((await issue(await t.login('staff'), '9999-9999-9999')).statusCode).toBe(404);
  });
});
