import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BILL = 4; // business-billing

describe('GET /api/customer/home', () => {
  it('gives Rhonda her balance, her location, her install today, her open ticket and the maintenance notice', async () => {
    const res = await (await as(t, 'residential')).call('GET', '/api/customer/home');
    expect(res.statusCode).toBe(200);
    const home = res.json();
    expect(home.billing).toMatchObject({ autopayLocations: 0, mailingLocations: 1, canPay: true });
    expect(home.billing.balanceCents).toBeGreaterThan(0);
    expect(home.billing.pastDueCents).toBeGreaterThan(0);
    expect(home.locations).toEqual([
      expect.objectContaining({ status: 'In service', fullAddress: expect.stringContaining('Columbia') }),
    ]);
    expect(home.locations[0].packages.length).toBeGreaterThan(0);
    expect(home.nextAppointment).toMatchObject({ workOrderId: 100001, purpose: 'install' });
    expect(home.openTickets.map((x: { subject: string }) => x.subject)).toEqual(['Internet drops in the evening']);
    expect(home.notices.map((n: { subject: string }) => n.subject)).toEqual([
      'Planned maintenance on the Clark Ln cabinet',
    ]);
  });

  it('shows only the account’s own records', async () => {
    const home = (await (await as(t, 'business')).call('GET', '/api/customer/home')).json();
    const own = await t.db.db
      .selectFrom('service_locations')
      .select('id')
      .where('customer_id', '=', BUSINESS)
      .execute();
    expect(home.locations.map((l: { serviceLocationId: number }) => l.serviceLocationId).sort()).toEqual(
      own.map((r) => r.id).sort(),
    );
    const rhondas = await t.db.db
      .selectFrom('trouble_tickets')
      .select('id')
      .where('customer_id', '=', RESIDENTIAL)
      .execute();
    const ticketIds = home.openTickets.map((x: { ticketId: number }) => x.ticketId);
    for (const r of rhondas) expect(ticketIds).not.toContain(r.id);
    expect(home.notices).toEqual([]);
  });

  it('gives each piece only with its permission: Bill sees bills but no services or tickets', async () => {
    const home = (await (await as(t, 'business-billing')).call('GET', '/api/customer/home')).json();
    expect(home.billing).not.toBeNull();
    expect(home).toMatchObject({ locations: null, nextAppointment: null, openTickets: null });

    await (await as(t, 'business')).call('PUT', `/api/customer/users/${BILL}/permissions`, {
      UtilityList: ['tickets'],
    });
    const after = (await (await as(t, 'business-billing')).call('GET', '/api/customer/home')).json();
    expect(after.billing).toBeNull();
    expect(after.openTickets).toEqual(expect.any(Array));
  });

  it('refuses sessions that are not a customer’s', async () => {
    expect((await (await as(t, 'installer')).call('GET', '/api/customer/home')).statusCode).toBe(403);
    expect((await (await as(t, 'staff')).call('GET', '/api/customer/home')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/customer/home' })).statusCode).toBe(401);
  });
});
