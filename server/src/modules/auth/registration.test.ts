import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_HAS_NAME_MESSAGE } from '../../lib/passwords.js';
import { claimsOf, createTestApp, type TestApp } from '../../test/harness.js';
import { REGISTRATION_CODE_SENT, registrationCode } from './registration.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

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
