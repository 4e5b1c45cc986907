import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, type Caller, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
let rhonda: Caller;
let dispatcher: Caller;
let rhondasTicket: number;
let acmesTicket: number;
beforeAll(async () => {
  t = await createTestApp();
  rhonda = await as(t, 'residential');
  dispatcher = await as(t, 'dispatcher');
  const ticketOf = async (customerId: string) =>
    (
      await t.db.db
        .selectFrom('trouble_tickets')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('status', '=', customerId === RESIDENTIAL ? 'Open' : 'In Progress')
        .executeTakeFirstOrThrow()
    ).id;
  rhondasTicket = await ticketOf(RESIDENTIAL);
  acmesTicket = await ticketOf(BUSINESS);
});
afterAll(() => t.close());

const updatesOf = async (ticketId: number) =>
  (await t.db.db.selectFrom('trouble_ticket_updates').select('id').where('ticket_id', '=', ticketId).execute()).length;

describe('a customer’s ticket page', () => {
  it('shows status, what was submitted, the address and the expected response time of the category', async () => {
    const res = await rhonda.call('GET', `/api/customer/trouble-tickets/${rhondasTicket}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      TicketID: rhondasTicket,
      subject: 'Internet drops in the evening',
      status: 'Open',
      createdBy: 'Rhonda Reyes',
      updates: [],
    });
    expect(res.json().fullAddress).toContain('Clark Ln');
    expect(typeof res.json().responseHours).toBe('number');
  });

  it('lists the response time of every category', async () => {
    const res = await rhonda.call('GET', '/api/customer/trouble-tickets/categories');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ category: 'No service', responseHours: 4 });
    expect(res.json()).toHaveLength(6);
  });

  it('refuses another account’s ticket, an unknown one, a bad id and a user without the tickets permission', async () => {
    const foreign = await rhonda.call('GET', `/api/customer/trouble-tickets/${acmesTicket}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('Fax line');
    expect((await rhonda.call('GET', '/api/customer/trouble-tickets/999999')).statusCode).toBe(404);
    const bad = await rhonda.call('GET', '/api/customer/trouble-tickets/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ticketId');
    const billing = await as(t, 'business-billing');
    expect((await billing.call('GET', `/api/customer/trouble-tickets/${acmesTicket}`)).statusCode).toBe(403);
    const before = await updatesOf(acmesTicket);
    expect(
      (await rhonda.call('POST', `/api/customer/trouble-tickets/${acmesTicket}/replies`, { body: 'Hello there' }))
        .statusCode,
    ).toBe(403);
    expect(await updatesOf(acmesTicket)).toBe(before);
  });
});

describe('staff answer and the customer replies', () => {
  it('a staff answer with a status shows on the customer’s page; the customer’s reply opens it again', async () => {
    const answer = await dispatcher.call('POST', `/api/staff/trouble-tickets/${rhondasTicket}/answers`, {
      body: 'We reset your line at the cabinet. Does the Wi-Fi still drop in the evening?',
      status: 'Waiting on customer',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().status).toBe('Waiting on customer');
    const page = (await rhonda.call('GET', `/api/customer/trouble-tickets/${rhondasTicket}`)).json();
    expect(page.status).toBe('Waiting on customer');
    expect(page.updates).toMatchObject([
      {
        author: 'staff',
        authorName: 'Derek Dunn',
        status: 'Waiting on customer',
        body: expect.stringContaining('reset'),
      },
    ]);
    const reply = await rhonda.call('POST', `/api/customer/trouble-tickets/${rhondasTicket}/replies`, {
      body: 'It dropped again last night at 8.',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().status).toBe('Open');
    expect(reply.json().updates.map((u: { author: string }) => u.author)).toEqual(['staff', 'customer']);
  });

  it('names a bad field and stores nothing', async () => {
    const before = await updatesOf(rhondasTicket);
    const short = await rhonda.call('POST', `/api/customer/trouble-tickets/${rhondasTicket}/replies`, { body: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('body');
    const status = await dispatcher.call('POST', `/api/staff/trouble-tickets/${rhondasTicket}/answers`, {
      body: 'Closing this.',
      status: 'Closed',
    });
    expect(status.statusCode).toBe(400);
    expect(status.json().error.message).toContain('Status must be one of: Open, Waiting on customer, Resolved.');
    expect(await updatesOf(rhondasTicket)).toBe(before);
  });

  it('the staff list filters by status, and only support roles see it', async () => {
    const open = await dispatcher.call('GET', '/api/staff/trouble-tickets?status=open');
    expect(open.statusCode).toBe(200);
    const ids = open.json().map((x: { TicketID: number }) => x.TicketID);
    expect(ids).toContain(rhondasTicket);
    expect(ids).toContain(acmesTicket);
    const resolved = (await dispatcher.call('GET', '/api/staff/trouble-tickets?status=resolved')).json();
    expect(resolved.every((x: { status: string }) => ['Resolved', 'Closed'].includes(x.status))).toBe(true);
    expect((await dispatcher.call('GET', '/api/staff/trouble-tickets?status=nope')).statusCode).toBe(400);
    for (const who of ['network', 'billing-staff', 'residential']) {
      const res = await (await as(t, who)).call('GET', '/api/staff/trouble-tickets');
      expect(res.statusCode).toBe(403);
      const answer = await (await as(t, who)).call('POST', `/api/staff/trouble-tickets/${rhondasTicket}/answers`, {
        body: 'Not mine to answer.',
        status: 'Resolved',
      });
      expect(answer.statusCode).toBe(403);
    }
    expect((await dispatcher.call('GET', '/api/staff/trouble-tickets/999999')).statusCode).toBe(404);
  });
});
