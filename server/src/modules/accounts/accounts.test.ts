import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const summary = async (username: string, id: string) =>
  t.request({ method: 'GET', url: `/api/accounts/${id}`, token: await t.login(username) });

describe('GET /api/accounts/:vcCustomerID', () => {
  it('gives a customer its own account summary', async () => {
    const res = await summary('business', '1000-3000-0001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      vcCustomerID: '1000-3000-0001',
      vcCustomerName: 'Acme Dental Group',
      vcCustomerType: 'Business',
      serviceLocationCount: 2,
    });
  });

  it('refuses another customer’s id', async () => {
    const res = await summary('residential', '1000-3000-0001');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(res.body).not.toContain('Acme');
  });

  it('refuses installers and contractors, even for their employer’s account', async () => {
    const installer = await t.login('installer');
    const own = (await t.request({ method: 'GET', url: '/api/settings', token: installer })).statusCode;
    expect(own).toBe(200);
    for (const username of ['installer', 'contractor']) {
      const res = await summary(username, '1000-2000-0001');
      expect(res.statusCode).toBe(403);
    }
  });

  it('lets staff read any account', async () => {
    expect((await summary('staff', '1000-2000-0002')).json().vcCustomerType).toBe('Consumer');
  });

  it('names a malformed account number', async () => {
    const res = await summary('residential', 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('vcCustomerID');
  });
});

describe('GET /api/staff/customers', () => {
  it('finds accounts by number and by name, case-insensitively, for staff', async () => {
    const token = await t.login('staff');
    const byId = await t.request({ method: 'GET', url: '/api/staff/customers?q=1000-3000', token });
    expect(byId.json().map((c: { vcCustomerID: string }) => c.vcCustomerID)).toContain('1000-3000-0001');
    const byName = await t.request({ method: 'GET', url: '/api/staff/customers?q=acme dental', token });
    expect(byName.json()[0]).toMatchObject({ vcCustomerID: '1000-3000-0001', vcCustomerType: 'Business' });
  });

  it('refuses customers and field staff', async () => {
    for (const username of ['business', 'installer']) {
      const res = await t.request({
        method: 'GET',
        url: '/api/staff/customers?q=acme',
        token: await t.login(username),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
