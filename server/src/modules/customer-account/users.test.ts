import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, callerWith, newKey, RESIDENTIAL, superUser } from './customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BILL = 4; // business-billing
const DANA = 3; // business admin
const RHONDA = 1;

const NEW_USER = {
  username: 'front-desk',
  firstName: 'Fran',
  lastName: 'Ford',
  email: 'Fran@AcmeDental.example',
  password: 'fran-keeps-the-desk',
  permissions: ['tickets', 'billing-view'],
};

const usersOf = async (customerId: string) =>
  (await t.db.db.selectFrom('users').select('username').where('customer_id', '=', customerId).execute()).map(
    (u) => u.username,
  );

describe('GET /api/customer/users', () => {
  it('lists the account’s users, the admin first, with their permission categories', async () => {
    const res = await (await as(t, 'business')).call('GET', '/api/customer/users');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ username: 'business', isAdmin: true, active: true, permissions: expect.any(Array) }),
      expect.objectContaining({
        username: 'business-billing',
        isAdmin: false,
        permissions: ['billing-pay', 'billing-view'],
      }),
    ]);
  });

  it('refuses a user without the users permission', async () => {
    const res = await (await as(t, 'business-billing')).call('GET', '/api/customer/users');
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/customer/users', () => {
  it('adds a user who can sign in with the given permissions', async () => {
    const caller = await as(t, 'business');
    const res = await caller.call('POST', '/api/customer/users', NEW_USER, { 'idempotency-key': newKey('user') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      username: 'front-desk',
      email: 'fran@acmedental.example',
      isAdmin: false,
      active: true,
      permissions: ['billing-view', 'tickets'],
    });
    const fran = callerWith(t, await t.login('front-desk', NEW_USER.password));
    const account = (await fran.call('GET', '/api/customer/account')).json();
    expect(account).toMatchObject({ vcCustomerID: BUSINESS, isAdmin: false });
    expect((await fran.call('GET', '/api/customer/contacts')).statusCode).toBe(403);
  });

  it('refuses a taken username (any letter case) and adds nothing', async () => {
    const before = await usersOf(BUSINESS);
    const res = await (await as(t, 'business')).call('POST', '/api/customer/users', {
      ...NEW_USER,
      username: 'Business',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.username).toBe('That username is taken.');
    expect(await usersOf(BUSINESS)).toEqual(before);
  });

  it('names each bad field', async () => {
    const res = await (await as(t, 'business')).call('POST', '/api/customer/users', {
      username: 'a b',
      firstName: '',
      lastName: 'X',
      email: 'nope',
      password: 'short',
      permissions: ['everything'],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(
      ['email', 'firstName', 'password', 'permissions.0', 'username'].sort(),
    );
  });

  it('adds a retried request once', async () => {
    const caller = await as(t, 'residential');
    const headers = { 'idempotency-key': newKey('user') };
    const payload = { ...NEW_USER, username: 'ramon-reyes', permissions: [] };
    const first = await caller.call('POST', '/api/customer/users', payload, headers);
    const second = await caller.call('POST', '/api/customer/users', payload, headers);
    expect(first.statusCode).toBe(201);
    expect(second.json().nUserID).toBe(first.json().nUserID);
    expect((await usersOf(RESIDENTIAL)).filter((u) => u === 'ramon-reyes')).toHaveLength(1);
  });

  it('refuses the billing-only user', async () => {
    const res = await (await as(t, 'business-billing')).call('POST', '/api/customer/users', {
      ...NEW_USER,
      username: 'sneaky',
    });
    expect(res.statusCode).toBe(403);
    expect(await usersOf(BUSINESS)).not.toContain('sneaky');
  });
});

describe('PUT /api/customer/users/:userId', () => {
  it('changes a user of the account and disables it, which ends its sessions', async () => {
    const bill = await as(t, 'business-billing');
    const res = await (await as(t, 'business')).call('PUT', `/api/customer/users/${BILL}`, {
      firstName: 'William',
      lastName: 'Bates',
      email: 'bill.bates@acmedental.example',
      active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'William', active: false });
    expect((await bill.call('GET', '/api/customer/account')).statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'business-billing', password: 'demo-password' },
    });
    expect(login.statusCode).toBe(401);
    await (await as(t, 'business')).call('PUT', `/api/customer/users/${BILL}`, {
      firstName: 'Bill',
      lastName: 'Bates',
      email: 'bill.bates@acmedental.example',
      active: true,
    });
  });

  it('keeps the administrator active', async () => {
    const res = await (await as(t, 'business')).call('PUT', `/api/customer/users/${DANA}`, {
      firstName: 'Dana',
      lastName: 'Diaz',
      email: 'dana.diaz@acmedental.example',
      active: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('The account administrator cannot be disabled.');
  });

  it('refuses a user of another customer and leaves it unchanged', async () => {
    const res = await (await as(t, 'residential')).call('PUT', `/api/customer/users/${BILL}`, {
      firstName: 'Hacked',
      lastName: 'Bates',
      email: 'x@example.com',
      active: true,
    });
    expect(res.statusCode).toBe(403);
    const row = await t.db.db.selectFrom('users').select('first_name').where('id', '=', BILL).executeTakeFirst();
    expect(row?.first_name).toBe('Bill');
  });
});

describe('GET and PUT /api/customer/users/:userId/permissions', () => {
  it('getPermissionCategories shows every category with the selected user’s grants', async () => {
    const res = await (await as(t, 'business')).call('GET', `/api/customer/users/${BILL}/permissions`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ SelectedUserID: BILL, isAdmin: false, editable: true });
    expect(body.categories).toHaveLength(8);
    expect(body.categories.filter((c: { granted: boolean }) => c.granted).map((c: { code: string }) => c.code)).toEqual(
      ['billing-view', 'billing-pay'],
    );
  });

  it('updatePermissions sets the list, and the server enforces it at once', async () => {
    const business = await as(t, 'business');
    const bill = await as(t, 'business-billing');
    expect((await bill.call('GET', '/api/customer/business-center/requests')).statusCode).toBe(403);
    const res = await business.call('PUT', `/api/customer/users/${BILL}/permissions`, {
      UtilityList: ['billing-view', 'billing-pay', 'business-center'],
    });
    expect(res.statusCode).toBe(200);
    expect((await bill.call('GET', '/api/customer/business-center/requests')).statusCode).toBe(200);
    await business.call('PUT', `/api/customer/users/${BILL}/permissions`, {
      UtilityList: ['billing-view', 'billing-pay'],
    });
    // Taking a category away ends Bill's session; signed in again, he no longer has it.
    expect((await bill.call('GET', '/api/customer/business-center/requests')).statusCode).toBe(401);
    const again = await as(t, 'business-billing');
    expect((await again.call('GET', '/api/customer/business-center/requests')).statusCode).toBe(403);
  });

  it('refuses paying without viewing, naming the field, and stores nothing', async () => {
    const business = await as(t, 'business');
    const res = await business.call('PUT', `/api/customer/users/${BILL}/permissions`, { UtilityList: ['billing-pay'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.UtilityList).toBe('“Pay bills” needs “View bills” too: tick both or neither.');
    const after = (await business.call('GET', `/api/customer/users/${BILL}/permissions`)).json();
    expect(
      after.categories.filter((c: { granted: boolean }) => c.granted).map((c: { code: string }) => c.code),
    ).toEqual(['billing-view', 'billing-pay']);
    const added = await business.call('POST', '/api/customer/users', {
      ...NEW_USER,
      username: 'pays-blind',
      permissions: ['billing-pay'],
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().error.fields.permissions).toMatch(/needs “View bills”/);
  });

  it('refuses changing the admin’s or one’s own permissions', async () => {
    const business = await as(t, 'business');
    const admin = await business.call('PUT', `/api/customer/users/${DANA}/permissions`, { UtilityList: ['tickets'] });
    expect(admin.statusCode).toBe(409);
    expect((await business.call('GET', `/api/customer/users/${DANA}/permissions`)).json().editable).toBe(false);
  });

  it('refuses giving a category the giver does not hold', async () => {
    const business = await as(t, 'business');
    // Bill gets the users category but not tickets; he may then not hand out tickets.
    await business.call('PUT', `/api/customer/users/${BILL}/permissions`, {
      UtilityList: ['billing-view', 'billing-pay', 'account-users'],
    });
    const fran = await t.userId('front-desk');
    const bill = await as(t, 'business-billing');
    const res = await bill.call('PUT', `/api/customer/users/${fran}/permissions`, { UtilityList: ['reports'] });
    expect(res.statusCode).toBe(403);
    // Fran holds tickets, which Bill does not: he may not change her at all.
    expect(res.json().error.message).toMatch(/this user also holds: tickets/);
    const own = await bill.call('PUT', `/api/customer/users/${BILL}/permissions`, { UtilityList: ['reports'] });
    expect(own.statusCode).toBe(403);
    await business.call('PUT', `/api/customer/users/${BILL}/permissions`, {
      UtilityList: ['billing-view', 'billing-pay'],
    });
  });

  it('refuses a user of another customer, a user without the category, and bad categories', async () => {
    expect((await (await as(t, 'residential')).call('GET', `/api/customer/users/${BILL}/permissions`)).statusCode).toBe(
      403,
    );
    const foreign = await (await as(t, 'residential')).call('PUT', `/api/customer/users/${BILL}/permissions`, {
      UtilityList: [],
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      (await (await as(t, 'business-billing')).call('GET', `/api/customer/users/${DANA}/permissions`)).statusCode,
    ).toBe(403);
    const bad = await (await as(t, 'business')).call('PUT', `/api/customer/users/${BILL}/permissions`, {
      UtilityList: ['tickets', 'tickets'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('UtilityList');
  });

  it('lets a super user manage the users of the account it entered', async () => {
    const staff = await superUser(t, RESIDENTIAL);
    const users = (await staff.call('GET', '/api/customer/users')).json();
    expect(users.map((u: { nUserID: number }) => u.nUserID)).toContain(RHONDA);
    expect((await staff.call('GET', `/api/customer/users/${BILL}/permissions`)).statusCode).toBe(403);
  });
});

describe('every user route', () => {
  it('refuses another customer’s user and a user without the users permission', async () => {
    const residential = await as(t, 'residential');
    const billing = await as(t, 'business-billing');
    const routes: [string, string, unknown][] = [
      ['PUT', `/api/customer/users/${DANA}`, { firstName: 'X', lastName: 'Y', email: 'x@example.com', active: true }],
      ['GET', `/api/customer/users/${DANA}/permissions`, undefined],
      ['PUT', `/api/customer/users/${DANA}/permissions`, { UtilityList: [] }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await residential.call(method as 'GET', url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await billing.call(method as 'GET', url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const dana = await t.db.db
      .selectFrom('users')
      .select(['first_name', 'disabled'])
      .where('id', '=', DANA)
      .executeTakeFirst();
    expect(dana).toEqual({ first_name: 'Dana', disabled: 0 });
  });
});

describe('no taking over a stronger co-worker', () => {
  const NEW_ADDRESS = 'attacker@evil.example';
  const weakUser = async () => {
    const business = await as(t, 'business');
    const res = await business.call(
      'POST',
      '/api/customer/users',
      {
        username: 'weak-clerk',
        firstName: 'Wes',
        lastName: 'Clerk',
        email: 'wes.clerk@acmedental.example',
        password: 'clerical-stapler-9',
        permissions: ['billing-view'],
      },
      { 'idempotency-key': newKey('weak') },
    );
    return res.json().nUserID as number;
  };

  it('a user with only the users permission cannot change the admin or a co-worker holding more', async () => {
    const business = await as(t, 'business');
    await business.call('PUT', `/api/customer/users/${BILL}/permissions`, {
      UtilityList: ['billing-view', 'billing-pay', 'account-users'],
    });
    const bill = await as(t, 'business-billing');
    const dana = await bill.call('PUT', `/api/customer/users/${DANA}`, {
      firstName: 'Dana',
      lastName: 'Diaz',
      email: NEW_ADDRESS,
      active: true,
    });
    expect(dana.statusCode).toBe(403);
    const fran = await t.userId('front-desk');
    const stronger = await bill.call('PUT', `/api/customer/users/${fran}`, {
      firstName: 'Fran',
      lastName: 'Ford',
      email: NEW_ADDRESS,
      active: false,
    });
    expect(stronger.statusCode).toBe(403);
    expect(stronger.json().error.message).toMatch(/also holds: tickets/);
    const rows = await t.db.db
      .selectFrom('users')
      .select(['email', 'disabled'])
      .where('id', 'in', [DANA, fran])
      .execute();
    expect(rows.map((r) => r.email)).not.toContain(NEW_ADDRESS);
    expect(rows.every((r) => r.disabled === 0)).toBe(true);
  });

  it('an email change waits for the new address to confirm it, and the old address is told', async () => {
    const wes = await weakUser();
    const bill = await as(t, 'business-billing');
    const before = t.mail.length;
    const res = await bill.call('PUT', `/api/customer/users/${wes}`, {
      firstName: 'Wes',
      lastName: 'Clerk',
      email: NEW_ADDRESS,
      active: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'wes.clerk@acmedental.example', pendingEmail: NEW_ADDRESS });
    const sent = t.mail.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([NEW_ADDRESS, 'wes.clerk@acmedental.example']);
    const notice = sent.find((m) => m.to === 'wes.clerk@acmedental.example');
    expect(notice?.text).toContain('a*******@evil.example');
    expect(notice?.text).not.toMatch(/confirmEmail\?token=/);

    // Recovery still goes to the old address while the change is unconfirmed.
    await t.request({ method: 'POST', url: '/api/auth/recovery', payload: { identifier: 'weak-clerk' } });
    await t.drainMail();
    expect(t.mail.at(-1)?.to).toBe('wes.clerk@acmedental.example');
    const oldReset = t.mail.at(-1)?.text.match(/accountRecovery\?token=([\w-]+)/)?.[1];

    const token = sent.find((m) => m.to === NEW_ADDRESS)?.text.match(/confirmEmail\?token=([\w-]+)/)?.[1];
    const confirm = () => t.request({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(400);
    const row = await t.db.db.selectFrom('users').select('email').where('id', '=', wes).executeTakeFirstOrThrow();
    expect(row.email).toBe(NEW_ADDRESS);
    // The reset link mailed to the old address no longer works.
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token: oldReset, password: 'a-whole-new-phrase' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('refuses a confirmation link that is unknown or expired', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: 'x'.repeat(43) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('token');
  });

  it('taking a permission away ends the sessions of that user', async () => {
    const bill = await as(t, 'business-billing');
    expect((await bill.call('GET', '/api/customer/account')).statusCode).toBe(200);
    await (await as(t, 'business')).call('PUT', `/api/customer/users/${BILL}/permissions`, {
      UtilityList: ['billing-view', 'billing-pay'],
    });
    expect((await bill.call('GET', '/api/customer/account')).statusCode).toBe(401);
  });
});
