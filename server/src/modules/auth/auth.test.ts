import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_HAS_NAME_MESSAGE } from '../../lib/passwords.js';
import { claimsOf, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { RECOVERY_SENT } from './recovery.service.js';
import { REGISTRATION_CODE_SENT, registrationCode } from './registration.service.js';
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

describe('POST /api/auth/register', () => {
  /** A customer account with no online user yet and an email on file. */
  async function customerWithoutUsers(offset = 0) {
    return t.db.db
      .selectFrom('customers as c')
      .innerJoin('contact_methods as m', 'm.customer_id', 'c.id')
      .select(['c.id', 'm.email'])
      .where('c.customer_type', 'in', ['Residential', 'Consumer', 'Business'])
      .where('m.email', 'is not', null)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.customer_id', '=', 'c.id'))),
      )
      .orderBy('c.id')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();
  }
  /** Asks for the account's code and reads it from the mail, as its owner would. */
  async function mailedCode(customerId: string) {
    const before = t.mail.length;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/registration-code',
      payload: { vcCustomerID: customerId },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(REGISTRATION_CODE_SENT);
    await t.drainMail();
    const mail = t.mail.slice(before).at(-1);
    return { mail, code: mail?.text.match(/\b([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\b/)?.[1] };
  }
  const body = (over: object = {}) => ({
    vcCustomerID: '1000-2000-0001',
    registrationCode: 'AAAA-BBBB-CCCC-DDDD',
    firstName: 'New',
    lastName: 'Person',
    email: 'new.person@example.com',
    username: 'new-person',
    password: 'a-long-password',
    ...over,
  });
  const register = (payload: object, ip = '10.0.4.1') =>
    t.request({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: ip });

  it('mails the registration code to the email on file, and creates the first user as admin with it, once', async () => {
    const customer = await customerWithoutUsers();
    const { mail, code } = await mailedCode(customer.id);
    expect(mail?.to).toBe(customer.email);
    expect(code).toBeTruthy();
    const res = await register(body({ vcCustomerID: customer.id, registrationCode: code, username: 'First-Owner' }));
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
    // The account now has a user: no more codes are mailed for it.
    expect((await mailedCode(customer.id)).mail).toBeUndefined();
  });

  it('reads a code typed in lower case, with spaces, or with O for 0', async () => {
    const customer = await customerWithoutUsers(1);
    const { code = '' } = await mailedCode(customer.id);
    const typed = code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o');
    const res = await register(body({ vcCustomerID: customer.id, registrationCode: typed, username: 'typed-owner' }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a wrong code without saying which part was wrong, and writes nothing', async () => {
    const customer = await customerWithoutUsers(2);
    const wrongCode = await register(body({ vcCustomerID: customer.id }));
    const unknownAccount = await register(body({ vcCustomerID: '9999-9999-9999' }));
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual(unknownAccount.json());
    expect(Object.keys(wrongCode.json().error.fields)).toEqual(['vcCustomerID', 'registrationCode']);
    const users = await t.db.db.selectFrom('users').select('id').where('customer_id', '=', customer.id).execute();
    expect(users).toEqual([]);
  });

  it('a code of another account does not open this one', async () => {
    const a = await customerWithoutUsers(3);
    const b = await customerWithoutUsers(4);
    const { code } = await mailedCode(a.id);
    expect(
      (await register(body({ vcCustomerID: b.id, registrationCode: code, username: 'cross-owner' }))).statusCode,
    ).toBe(400);
  });

  it('limits attempts per account, so the code cannot be guessed', async () => {
    const customer = await customerWithoutUsers(5);
    const { code } = await mailedCode(customer.id);
    for (let i = 0; i < 5; i++) {
      expect((await register(body({ vcCustomerID: customer.id }), `10.0.5.${i}`)).statusCode).toBe(400);
    }
    const limited = await register(body({ vcCustomerID: customer.id, registrationCode: code, username: 'late-owner' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many failed registration attempts\. Try again in/);
  });

  it('refuses an account that already has online users, and writes nothing', async () => {
    const code = registrationCode(t.ctx, '1000-2000-0001', 0);
    const res = await register(body({ username: 'intruder', registrationCode: code }), '10.0.4.9');
    expect(res.statusCode).toBe(409);
    expect(await t.db.db.selectFrom('users').select('id').where('username', '=', 'intruder').execute()).toEqual([]);
  });

  it('refuses a common password and one containing the user name, naming the field', async () => {
    const common = await register(body({ password: 'password123' }), '10.0.4.10');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toBe(COMMON_PASSWORD_MESSAGE);
    const named = await register(body({ username: 'rhonda', password: 'rhonda-is-great' }), '10.0.4.10');
    expect(named.json().error.fields.password).toBe(PASSWORD_HAS_NAME_MESSAGE);
  });

  it('names a short password, a malformed account number and a malformed code', async () => {
    const res = await register(body({ password: 'short', vcCustomerID: '12345', registrationCode: 'nope' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      password: expect.stringContaining('at least 10'),
      vcCustomerID: expect.stringContaining('0000-0000-0000'),
      registrationCode: expect.stringContaining('16 letters and digits'),
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
    await t.drainMail();
    expect(t.mail.length).toBe(before);
  });

  it('mails a one-time link that sets a new password and then stops working', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/recovery', payload: { identifier: 'consumer' } });
    expect(res.json().message).toBe(RECOVERY_SENT);
    await t.drainMail();
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
    await t.drainMail();
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

describe('recovery links and the mail queue', () => {
  const recover = (identifier: string) =>
    t.request({ method: 'POST', url: '/api/auth/recovery', payload: { identifier } });
  const tokenOf = (text = '') => text.match(/accountRecovery\?token=([\w-]+)/)?.[1];

  it('answers before anything is looked up or mailed, then mails from the queue exactly once', async () => {
    const before = t.mail.length;
    const res = await recover('business-billing');
    expect(res.statusCode).toBe(202);
    expect(t.mail.length).toBe(before);
    await Promise.all([t.drainMail(), t.drainMail()]);
    await t.drainMail();
    expect(t.mail.length).toBe(before + 1);
  });

  it('retires an older link when a newer one is sent', async () => {
    await recover('consumer');
    await t.drainMail();
    const older = tokenOf(t.mail.at(-1)?.text);
    await recover('consumer');
    await t.drainMail();
    const newer = tokenOf(t.mail.at(-1)?.text);
    expect(newer).not.toBe(older);
    const use = (token?: string) =>
      t.request({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'another-fresh-secret' } });
    expect((await use(older)).statusCode).toBe(400);
    expect((await use(newer)).statusCode).toBe(200);
  });

  it('refuses a new password that is common or contains the user name', async () => {
    await recover('contractor');
    await t.drainMail();
    const token = tokenOf(t.mail.at(-1)?.text);
    const reset = (password: string) =>
      t.request({ method: 'POST', url: '/api/auth/reset', payload: { token, password } });
    expect((await reset('1234567890')).json().error.fields.password).toBe(COMMON_PASSWORD_MESSAGE);
    expect((await reset('my-contractor-pw')).json().error.fields.password).toBe(PASSWORD_HAS_NAME_MESSAGE);
    expect((await reset('granite-lantern-42')).statusCode).toBe(200);
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
