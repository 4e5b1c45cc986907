import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, RESIDENTIAL, superUser } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = async (customerId: string) =>
  (await t.db.db.selectFrom('customers').select('paperless_billing').where('id', '=', customerId).executeTakeFirst())
    ?.paperless_billing;

describe('GET and PUT /api/customer/billing/paperless', () => {
  it('is off at first; Rhonda turns it on for her account only, and it is audited', async () => {
    const rhonda = await as(t, 'residential');
    expect((await rhonda.call('GET', '/api/customer/billing/paperless')).json()).toEqual({
      paperless: false,
      mayChange: true,
    });
    const res = await rhonda.call('PUT', '/api/customer/billing/paperless', { paperless: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ paperless: true, mayChange: true });
    expect(await stored(RESIDENTIAL)).toBe(1);
    expect(await stored(BUSINESS)).toBe(0);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'customer.billing.paperless')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses bad input naming the field, storing nothing', async () => {
    const res = await (await as(t, 'business')).call('PUT', '/api/customer/billing/paperless', { paperless: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('paperless');
    expect(await stored(BUSINESS)).toBe(0);
  });

  it('needs "View bills" to read and "Pay bills" to change', async () => {
    const business = await as(t, 'business');
    await business.call('PUT', '/api/customer/users/4/permissions', { UtilityList: ['billing-view'] });
    const bill = await as(t, 'business-billing');
    expect((await bill.call('GET', '/api/customer/billing/paperless')).json()).toEqual({
      paperless: false,
      mayChange: false,
    });
    expect((await bill.call('PUT', '/api/customer/billing/paperless', { paperless: true })).statusCode).toBe(403);
    await business.call('PUT', '/api/customer/users/4/permissions', { UtilityList: ['tickets'] });
    const ticketsOnly = await as(t, 'business-billing');
    expect((await ticketsOnly.call('GET', '/api/customer/billing/paperless')).statusCode).toBe(403);
    expect(await stored(BUSINESS)).toBe(0);
  });

  it('is for billing staff only in a super-user session, and never for other sessions', async () => {
    const sales = await superUser(t, BUSINESS, 'sales');
    expect((await sales.call('PUT', '/api/customer/billing/paperless', { paperless: true })).statusCode).toBe(403);
    expect((await (await as(t, 'installer')).call('GET', '/api/customer/billing/paperless')).statusCode).toBe(403);
  });
});
