import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, newKey } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The business account's main office (demo service location 2): every request names its location. */
const BUSINESS_MAIN_OFFICE = 2;
const admin = () => as(t, 'staff');
const offered = async () =>
  (await (await as(t, 'business')).call('GET', '/api/customer/business-center/categories'))
    .json<{ CategoryID: number; name: string }[]>()
    .map((c) => c.name);
const staffList = async () =>
  (await (await admin()).call('GET', '/api/staff/business-center/categories')).json<
    { CategoryID: number; name: string; position: number; retired: boolean; requestCount: number }[]
  >();
const idOf = async (name: string) => (await staffList()).find((c) => c.name === name)?.CategoryID ?? 0;
const fileRequest = (category: string) =>
  as(t, 'business').then((b) =>
    b.call(
      'POST',
      '/api/customer/business-center/requests',
      {
        category,
        serviceLocationId: BUSINESS_MAIN_OFFICE,
        subject: 'Category test',
        description: 'A request filed to test the categories.',
      },
      { 'idempotency-key': newKey('bcr') },
    ),
  );

describe('business-center categories', () => {
  it('offers the business customer the server’s list, in order', async () => {
    expect(await offered()).toEqual([
      'Moves, Adds and Changes',
      'New Service',
      'Billing',
      'Technical Support',
      'Disconnect',
      'Other',
    ]);
    const list = await staffList();
    expect(list.map((c) => c.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(list.find((c) => c.name === 'Billing')?.requestCount).toBeGreaterThan(0);
  });

  it('lets admin staff add, rename, move and retire categories; customers see the change; audited', async () => {
    const staff = await admin();
    const added = await staff.call('POST', '/api/staff/business-center/categories', { name: 'Phone system (PBX)' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Phone system (PBX)', position: 7, retired: false, requestCount: 0 });
    const id = added.json().CategoryID;
    await staff.call('PATCH', `/api/staff/business-center/categories/${id}`, { position: 1 });
    expect((await offered())[0]).toBe('Phone system (PBX)');
    await staff.call('PATCH', `/api/staff/business-center/categories/${id}`, { name: 'Phone system' });
    expect((await offered())[0]).toBe('Phone system');
    expect((await fileRequest('Phone system')).statusCode).toBe(201);

    const disconnect = await idOf('Disconnect');
    const retired = await staff.call('PATCH', `/api/staff/business-center/categories/${disconnect}`, { retired: true });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().find((c: { name: string }) => c.name === 'Disconnect').retired).toBe(true);
    expect(await offered()).not.toContain('Disconnect');
    const audits = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'staff.business-center-category.%')
      .execute();
    expect(audits.length).toBe(4);
  });

  it('refuses a request under a retired or unknown category, naming the field; old requests keep their name', async () => {
    await (await admin()).call('PATCH', `/api/staff/business-center/categories/${await idOf('Billing')}`, {
      retired: true,
    });
    for (const category of ['Billing', 'Pizza']) {
      const res = await fileRequest(category);
      expect(res.statusCode, category).toBe(400);
      expect(res.json().error.fields.category).toMatch(/^Category must be one of: Phone system, /);
      expect(res.json().error.fields.category).not.toContain('Billing');
    }
    const requests = (await (await as(t, 'business')).call('GET', '/api/customer/business-center/requests')).json();
    expect(requests.map((r: { category: string }) => r.category)).toContain('Billing');
    await (await admin()).call('PATCH', `/api/staff/business-center/categories/${await idOf('Billing')}`, {
      retired: false,
    });
    expect((await fileRequest('Billing')).statusCode).toBe(201);
  });

  it('refuses a duplicate name (any case), an empty change and retiring the last one, naming the field', async () => {
    const staff = await admin();
    const dup = await staff.call('POST', '/api/staff/business-center/categories', { name: 'billing' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields.name).toMatch(/already called “Billing”/);
    const empty = await staff.call('POST', '/api/staff/business-center/categories', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.name).toBeDefined();
    const nothing = await staff.call('PATCH', `/api/staff/business-center/categories/${await idOf('Other')}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(
      (await staff.call('PATCH', '/api/staff/business-center/categories/99999', { retired: true })).statusCode,
    ).toBe(404);
    const list = await staffList();
    const live = list.filter((c) => !c.retired);
    for (const c of live.slice(1)) {
      await staff.call('PATCH', `/api/staff/business-center/categories/${c.CategoryID}`, { retired: true });
    }
    const last = await staff.call('PATCH', `/api/staff/business-center/categories/${live[0]?.CategoryID}`, {
      retired: true,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.fields.retired).toBe('At least one category must stay offered.');
    expect(await offered()).toHaveLength(1);
  });

  it('keeps management to admin staff and the list to business accounts', async () => {
    for (const user of ['sales', 'dispatcher', 'billing-staff', 'network', 'business', 'installer']) {
      const caller = await as(t, user);
      expect((await caller.call('GET', '/api/staff/business-center/categories')).statusCode, user).toBe(403);
      expect(
        (await caller.call('POST', '/api/staff/business-center/categories', { name: 'Nope' })).statusCode,
        user,
      ).toBe(403);
      expect(
        (await caller.call('PATCH', '/api/staff/business-center/categories/1', { name: 'Nope' })).statusCode,
        user,
      ).toBe(403);
    }
    for (const user of ['residential', 'business-billing', 'staff']) {
      const res = await (await as(t, user)).call('GET', '/api/customer/business-center/categories');
      expect(res.statusCode, user).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/customer/business-center/categories' })).statusCode).toBe(401);
  });
});
