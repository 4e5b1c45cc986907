import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, RESIDENTIAL, superUser } from './customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/customer/account', () => {
  it('gives the signed-in customer its account, locations and permissions', async () => {
    const res = await (await as(t, 'business')).call('GET', '/api/customer/account');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ vcCustomerID: BUSINESS, vcCustomerName: 'Acme Dental Group', isAdmin: true });
    expect(body.serviceLocations.map((l: { fullAddress: string }) => l.fullAddress)).toEqual([
      '1101 E Broadway, Suite 200, Columbia, MO 65201',
      '2316 Missouri Blvd, Jefferson City, MO 65109',
    ]);
    expect(body.permissions).toHaveLength(8);
  });

  it('gives a billing-only user just the billing categories', async () => {
    const body = (await (await as(t, 'business-billing')).call('GET', '/api/customer/account')).json();
    expect(body).toMatchObject({ vcCustomerID: BUSINESS, isAdmin: false, isSuperUser: false });
    expect([...body.permissions].sort()).toEqual(['billing-pay', 'billing-view']);
  });

  it('treats a super-user session as the account’s admin', async () => {
    const body = (await (await superUser(t, RESIDENTIAL)).call('GET', '/api/customer/account')).json();
    expect(body).toMatchObject({ vcCustomerID: RESIDENTIAL, isAdmin: true, isSuperUser: true });
    expect(body.permissions).toHaveLength(8);
  });

  it('refuses installers, contractors and staff', async () => {
    for (const username of ['installer', 'contractor', 'staff']) {
      expect((await (await as(t, username)).call('GET', '/api/customer/account')).statusCode).toBe(403);
    }
  });

  it('signs out a user who was disabled after signing in', async () => {
    const caller = await as(t, 'consumer');
    await t.db.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'consumer').execute();
    const res = await caller.call('GET', '/api/customer/account');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toMatch(/no longer active/);
    await t.db.db.updateTable('users').set({ disabled: 0 }).where('username', '=', 'consumer').execute();
  });
});
