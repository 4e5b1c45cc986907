/** The business customer function trigger (SPEC §7): a sales staff action that makes an account a Business one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, CONSUMER } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const trigger = async (user: string, customerId: string) =>
  (await as(t, user)).call('POST', `/api/staff/customers/${customerId}/business`);

describe('POST /api/staff/customers/:vcCustomerID/business', () => {
  it('refuses every staff role but sales and admin, customers and field users', async () => {
    for (const user of ['dispatcher', 'billing-staff', 'network', 'consumer', 'business', 'installer']) {
      expect((await trigger(user, CONSUMER)).statusCode, user).toBe(403);
    }
    expect((await t.request({ method: 'POST', url: `/api/staff/customers/${CONSUMER}/business` })).statusCode).toBe(
      401,
    );
    const type = await t.db.db
      .selectFrom('customers')
      .select('customer_type')
      .where('id', '=', CONSUMER)
      .executeTakeFirst();
    expect(type?.customer_type).toBe('Consumer');
  });

  it('makes a consumer account Business, ends its sessions, audits; the next sign-in gets the business portal', async () => {
    const before = await as(t, 'consumer');
    expect((await before.call('GET', '/api/customer/business-center/requests')).statusCode).toBe(403);
    const res = await trigger('sales', CONSUMER);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      vcCustomerID: CONSUMER,
      vcCustomerType: 'Business',
      previousType: 'Consumer',
    });
    expect(res.json().sessionsEnded).toBeGreaterThanOrEqual(1);
    // The old token is refused; a new sign-in carries the new type and reaches business routes.
    expect((await before.call('GET', '/api/customer/account')).statusCode).toBe(401);
    const token = await t.login('consumer');
    expect(claimsOf(token).vcCustomerType).toBe('Business');
    const after = await as(t, 'consumer');
    expect((await after.call('GET', '/api/customer/business-center/requests')).statusCode).toBe(200);
    expect((await after.call('GET', '/api/customer/reports/business')).statusCode).toBe(200);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.customer.make-business')
      .executeTakeFirstOrThrow();
    expect(audit.subject).toBe(CONSUMER);
    expect(audit.detail).toContain('Consumer');
  });

  it('answers 409 for an account that is already Business, 404 for an unknown one, 400 for a bad number', async () => {
    const already = await trigger('staff', BUSINESS);
    expect(already.statusCode).toBe(409);
    expect(already.json().error.fields.vcCustomerID).toMatch(/already a business account/);
    expect((await trigger('sales', '9999-9999-9999')).statusCode).toBe(404);
    const bad = await trigger('sales', 'nope');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain('vcCustomerID');
  });

  it('refuses the provider’s own account', async () => {
    const provider = await t.db.db
      .selectFrom('customers')
      .select('id')
      .where('customer_type', '=', 'Provider')
      .executeTakeFirstOrThrow();
    const res = await trigger('sales', provider.id);
    expect(res.statusCode).toBe(400);
  });
});
