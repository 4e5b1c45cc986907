import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, newKey, RESIDENTIAL, superUser } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const L = { residential: 1, businessMain: 2, businessBranch: 3 };
const TICKET = {
  category: 'Slow or dropping internet',
  subject: 'Video calls freeze',
  description: 'Video calls freeze every few minutes in the back office since Monday.',
  contactPhone: '573.555.0142',
};
const ticketCount = async (customerId: string) =>
  (await t.db.db.selectFrom('trouble_tickets').select('id').where('customer_id', '=', customerId).execute()).length;

describe('GET /api/customer/service-locations/:id/trouble-tickets', () => {
  it('lists a location’s tickets, newest first', async () => {
    const res = await (await as(t, 'residential')).call(
      'GET',
      `/api/customer/service-locations/${L.residential}/trouble-tickets`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { subject: string; status: string }) => [x.subject, x.status])).toEqual([
      ['Internet drops in the evening', 'Open'],
      ['Static on the home phone', 'Closed'],
    ]);
    expect(res.json()[0].createdBy).toBe('Rhonda Reyes');
  });

  it('refuses another customer’s location and a user without the tickets permission', async () => {
    const other = await (await as(t, 'residential')).call(
      'GET',
      `/api/customer/service-locations/${L.businessBranch}/trouble-tickets`,
    );
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Fax line');
    const billing = await (await as(t, 'business-billing')).call(
      'GET',
      `/api/customer/service-locations/${L.businessBranch}/trouble-tickets`,
    );
    expect(billing.statusCode).toBe(403);
    expect(
      (await (await as(t, 'residential')).call('GET', '/api/customer/service-locations/99999/trouble-tickets'))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/customer/service-locations/:id/trouble-tickets', () => {
  it('files an Open ticket once, even when the request is retried', async () => {
    const caller = await as(t, 'business');
    const before = await ticketCount(BUSINESS);
    const headers = { 'idempotency-key': newKey('ticket') };
    const url = `/api/customer/service-locations/${L.businessMain}/trouble-tickets`;
    const first = await caller.call('POST', url, TICKET, headers);
    const again = await caller.call('POST', url, TICKET, headers);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'Open',
      contactPhone: '5735550142',
      ServiceLocationID: L.businessMain,
    });
    expect(again.json().TicketID).toBe(first.json().TicketID);
    expect(await ticketCount(BUSINESS)).toBe(before + 1);
    const list = (await caller.call('GET', url)).json();
    expect(list[0].TicketID).toBe(first.json().TicketID);
  });

  it('names each bad field and files nothing', async () => {
    const before = await ticketCount(RESIDENTIAL);
    const res = await (await as(t, 'residential')).call(
      'POST',
      `/api/customer/service-locations/${L.residential}/trouble-tickets`,
      {
        category: 'Aliens',
        subject: 'x',
        description: 'short',
        contactPhone: '12',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      category: expect.stringContaining('Problem type must be one of'),
      subject: 'Subject must be 3 to 120 characters.',
      description: 'Description must be 10 to 2000 characters.',
      contactPhone: 'Callback phone must be a 10-digit US number, like (573)555-0100.',
    });
    expect(await ticketCount(RESIDENTIAL)).toBe(before);
  });

  it('refuses filing at another customer’s location', async () => {
    const before = await ticketCount(BUSINESS);
    const res = await (await as(t, 'residential')).call(
      'POST',
      `/api/customer/service-locations/${L.businessMain}/trouble-tickets`,
      TICKET,
    );
    expect(res.statusCode).toBe(403);
    expect(await ticketCount(BUSINESS)).toBe(before);
  });

  it('lets a super user file one for the account, audited with the employee id', async () => {
    const res = await (await superUser(t, RESIDENTIAL)).call(
      'POST',
      `/api/customer/service-locations/${L.residential}/trouble-tickets`,
      { ...TICKET, contactPhone: '' },
    );
    expect(res.statusCode).toBe(201);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['employee_id', 'user_id'])
      .where('action', '=', 'customer.trouble-ticket.submit')
      .where('subject', '=', `${RESIDENTIAL}:${res.json().TicketID}`)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ employee_id: 7, user_id: 1 });
  });
});

describe('/api/customer/business-center/requests', () => {
  const REQUEST = {
    category: 'Moves, Adds and Changes',
    subject: 'Move the fax line',
    description: 'Move the fax line from the front desk to the back office.',
    serviceLocationId: L.businessBranch,
  };

  it('lists the business account’s requests and creates one once', async () => {
    const caller = await as(t, 'business');
    const list = (await caller.call('GET', '/api/customer/business-center/requests')).json();
    expect(list.map((r: { subject: string }) => r.subject)).toEqual([
      'Add two handsets',
      'Guest Wi-Fi for the waiting room',
      'Invoice copy for the accountant',
    ]);
    const headers = { 'idempotency-key': newKey('bcr') };
    const first = await caller.call('POST', '/api/customer/business-center/requests', REQUEST, headers);
    const again = await caller.call('POST', '/api/customer/business-center/requests', REQUEST, headers);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'Open', createdBy: 'Dana Diaz', category: 'Moves, Adds and Changes' });
    expect(again.json().RequestID).toBe(first.json().RequestID);
    expect(first.json()).toMatchObject({
      serviceLocationId: L.businessBranch,
      locationAddress: '2316 Missouri Blvd, Jefferson City, MO 65109',
    });
    expect((await caller.call('GET', '/api/customer/business-center/requests')).json()).toHaveLength(4);
  });

  it('refuses residential accounts, users without the category, and bad input', async () => {
    const residential = await (await as(t, 'residential')).call('GET', '/api/customer/business-center/requests');
    expect(residential.statusCode).toBe(403);
    expect(residential.json().error.message).toBe('Business-center requests are for business accounts.');
    const billing = await (await as(t, 'business-billing')).call(
      'POST',
      '/api/customer/business-center/requests',
      REQUEST,
    );
    expect(billing.statusCode).toBe(403);
    const bad = await (await as(t, 'business')).call('POST', '/api/customer/business-center/requests', {
      ...REQUEST,
      category: 'Pizza',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.category).toMatch(/Category must be one of/);
  });

  it('needs one of the account’s own locations: none is a 400 naming it, another account’s is refused', async () => {
    const business = await as(t, 'business');
    const count = async () =>
      (await business.call('GET', '/api/customer/business-center/requests')).json().length as number;
    const before = await count();
    const { serviceLocationId: _, ...noLocation } = REQUEST;
    const missing = await business.call('POST', '/api/customer/business-center/requests', noLocation);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.serviceLocationId).toBe('Choose the location the request is about.');
    const foreign = await business.call('POST', '/api/customer/business-center/requests', {
      ...REQUEST,
      serviceLocationId: L.residential,
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await business.call('POST', '/api/customer/business-center/requests', {
      ...REQUEST,
      serviceLocationId: 999_999,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('PATCH /api/staff/business-center/requests/:requestId', () => {
  it('sets the status and tells the account once in the same transaction; the same status again tells nothing', async () => {
    const request = await t.db.db
      .selectFrom('business_center_requests')
      .select(['id', 'status'])
      .where('customer_id', '=', BUSINESS)
      .where('status', '=', 'Open')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const dispatcher = await t.login('dispatcher');
    const patch = (status: string, token = dispatcher, id = request.id) =>
      t.request({
        method: 'PATCH',
        url: `/api/staff/business-center/requests/${id}`,
        token,
        payload: { status },
      });
    const outbox = () =>
      t.db.db
        .selectFrom('notification_outbox')
        .select(['channel', 'payload', 'customer_id'])
        .where('event_type', '=', 'business_request.updated')
        .where('dedupe_key', 'like', `business_request.updated|business-request:${request.id}:%`)
        .execute();

    const res = await patch('In Progress');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ RequestID: request.id, customerId: BUSINESS, status: 'In Progress' });
    const rows = await outbox();
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['email', 'in_app']));
    expect(rows.every((r) => r.customer_id === BUSINESS)).toBe(true);
    expect(JSON.parse(rows[0]?.payload ?? '{}').body).toMatch(/request #\d+ \(.+\) is now In Progress\.$/);
    expect((await patch('In Progress')).statusCode).toBe(200);
    expect(await outbox()).toHaveLength(rows.length);

    const bad = await patch('Done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toContain('Closed');
    expect((await patch('Closed', dispatcher, 999_999)).statusCode).toBe(404);
    expect((await patch('Closed', await t.login('network'))).statusCode).toBe(403);
    expect((await patch('Closed', await t.login('business'))).statusCode).toBe(403);
  });
});
