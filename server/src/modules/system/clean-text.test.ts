/**
 * Hidden characters (NUL, controls, bidi overrides) are stripped at the contract edge (domain/clean-text.ts) before
 * anything is stored: a contact's name, a trouble ticket's subject (description keeps its line breaks), an
 * applicant's name and a photo's display name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { as, newKey, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('names and texts are stored without hidden characters', () => {
  it("a contact's name with a bidi override and a NUL", async () => {
    const caller = await as(t, 'residential');
    const res = await caller.call('POST', '/api/customer/contacts', {
      ContactCategory: 'Technical',
      ContactName: 'Terry\u0000 \u202ETech\u202C',
      Phone: '(573) 555-0188',
      Phone2: '',
      Email: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().ContactName).toBe('Terry Tech');
    const rows = await t.db.db
      .selectFrom('contact_methods')
      .select('name')
      .where('customer_id', '=', RESIDENTIAL)
      .where('name', 'like', 'Terry%')
      .execute();
    expect(rows.map((r) => r.name)).toEqual(['Terry Tech']);
  });

  it("a trouble ticket's subject loses its line breaks, its description keeps them", async () => {
    const caller = await as(t, 'residential');
    const res = await caller.call(
      'POST',
      `/api/customer/service-locations/${DEMO.serviceLocations.residential}/trouble-tickets`,
      {
        category: 'No service',
        subject: 'No\u0000 internet\u2066\nsince\u0007 noon',
        description: 'The light is red.\r\n\tSince noon\u202E.\u0085',
        contactPhone: '',
      },
      { 'idempotency-key': newKey('clean') },
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.db
      .selectFrom('trouble_tickets')
      .select(['subject', 'description'])
      .where('id', '=', res.json().TicketID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ subject: 'No internet since noon', description: 'The light is red.\n\tSince noon.' });
  });

  it("an applicant's name given by staff", async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/staff/applicants',
      token: await t.login('staff'),
      payload: { name: '\u202EJo\u0000rdan\u200F Lee\u009B', email: 'jordan@example.com', username: 'jordan.lee' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.db
      .selectFrom('applicants')
      .select('name')
      .where('username', '=', 'jordan.lee')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Jordan Lee');
  });

  it("a photo's display name and description", async () => {
    const form = multipart([
      { name: 'FileName', value: 'ONT\u202Egnp.exe\u0000' },
      { name: 'FileDescription', value: 'On the wall\r\nleft\u2067 side\u0000' },
      { name: 'file_1', filename: 'a.png', type: 'image/png', data: PNG },
    ]);
    const res = await t.request({
      method: 'POST',
      url: `/api/installer/work-orders/${DEMO.workOrders.fullInstall}/photos`,
      token: await t.login('installer'),
      payload: form.payload,
      headers: { ...form.headers, 'idempotency-key': newKey('photo') },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.db
      .selectFrom('attachments')
      .select(['file_name', 'description'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.file_name).toBe('ONTgnp.png');
    expect(row.description).toBe('On the wall\nleft side');
  });
});
