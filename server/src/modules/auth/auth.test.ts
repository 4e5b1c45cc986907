import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { RECOVERY_SENT, WRONG_CREDENTIALS } from './auth.service.js';

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

  it('limits failed sign-ins per user, says when to retry, and lets the user in after the window', async () => {
    for (let i = 0; i < 3; i++) expect((await login('contractor1', 'wrong-password', '10.0.1.1')).statusCode).toBe(401);
    const limited = await login('contractor1', DEMO_PASSWORD, '10.0.1.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/Try again in 15 minutes\./);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    t.clock.advanceSeconds(15 * 60 + 1);
    expect((await login('contractor1', DEMO_PASSWORD, '10.0.1.2')).statusCode).toBe(200);
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
});

describe('POST /api/auth/register', () => {
  async function customerWithoutUsers() {
    const row = await t.db.db
      .selectFrom('customers as c')
      .innerJoin('service_locations as s', 's.customer_id', 'c.id')
      .select(['c.id', 's.zip'])
      .where('c.customer_type', 'in', ['Residential', 'Consumer', 'Business'])
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.customer_id', '=', 'c.id'))),
      )
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    return row;
  }
  const body = (over: object = {}) => ({
    vcCustomerID: '1000-2000-0001',
    zip: '65201',
    firstName: 'New',
    lastName: 'Person',
    email: 'new.person@example.com',
    username: 'new-person',
    password: 'a-long-password',
    ...over,
  });

  it('creates the first user of an account as its admin and signs it in', async () => {
    const customer = await customerWithoutUsers();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: body({ vcCustomerID: customer.id, zip: customer.zip, username: 'First-Owner' }),
    });
    expect(res.statusCode).toBe(201);
    expect(claimsOf(res.json().token)).toMatchObject({ vcCustomerID: customer.id, vcFirstName: 'New' });
    expect((await login('first-owner', 'a-long-password')).statusCode).toBe(200);
    const perms = await t.db.db
      .selectFrom('user_permissions as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('p.category')
      .where('u.username', '=', 'first-owner')
      .execute();
    expect(perms.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses an account that already has online users, and writes nothing', async () => {
    const before = await t.db.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { zip } = await t.db.db
      .selectFrom('service_locations')
      .select('zip')
      .where('customer_id', '=', '1000-2000-0001')
      .executeTakeFirstOrThrow();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: body({ username: 'intruder', zip }),
    });
    expect(res.statusCode).toBe(409);
    const after = await t.db.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a ZIP code that is not the account’s, naming the fields', async () => {
    const customer = await customerWithoutUsers();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: body({ vcCustomerID: customer.id, zip: '00000' }),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['vcCustomerID', 'zip']);
  });

  it('names a short password and a malformed account number', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: body({ password: 'short', vcCustomerID: '12345' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      password: expect.stringContaining('at least 10'),
      vcCustomerID: expect.stringContaining('0000-0000-0000'),
    });
  });
});

describe('POST /api/auth/recovery and /api/auth/reset', () => {
  it('answers the same for an unknown user and sends no mail', async () => {
    const before = t.mail.length;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/recovery',
      payload: { identifier: 'nobody-at-all' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(RECOVERY_SENT);
    expect(t.mail.length).toBe(before);
  });

  it('mails a one-time link that sets a new password and then stops working', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/recovery', payload: { identifier: 'consumer' } });
    expect(res.json().message).toBe(RECOVERY_SENT);
    const mail = t.mail.at(-1);
    const token = mail?.text.match(/accountRecovery\?token=([\w-]+)/)?.[1];
    expect(mail?.text).toContain('http://portal.test/accountRecovery?token=');
    expect(token).toBeTruthy();
    const reset = () =>
      t.request({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'brand-new-password' } });
    expect((await reset()).statusCode).toBe(200);
    expect((await login('consumer', 'brand-new-password')).statusCode).toBe(200);
    expect((await login('consumer', DEMO_PASSWORD, '10.0.3.1')).statusCode).toBe(401);
    const again = await reset();
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toHaveProperty('token');
  });

  it('refuses an expired link', async () => {
    await t.request({ method: 'POST', url: '/api/auth/recovery', payload: { identifier: 'installer' } });
    const token = t.mail.at(-1)?.text.match(/token=([\w-]+)/)?.[1];
    t.clock.advanceSeconds(3601);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token, password: 'another-new-one' },
    });
    expect(res.statusCode).toBe(400);
    expect((await login('installer', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

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
