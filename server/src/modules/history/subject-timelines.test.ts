/**
 * Timelines of tickets, work orders and payments (issue 29 item 5): each write records its before → after in the
 * audit log, staff read the subject's timeline, and nobody else does — a customer (even of the subject's own
 * account), a field user or a super-user session is refused. A change made through a super-user session names both
 * the user and the employee: "Autopay turned on by Dana Diaz (staff: Sam Stone, through a super-user session)".
 */
import { cardFeeCents } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { FEE_BPS, invoiceIdsOf, methodIdOf } from '../billing/billing-test-helpers.js';
import { as, BUSINESS, newKey, RESIDENTIAL, superUser } from '../customer-account/customer-test-helpers.js';
import { assignAs, at, INSTALLER, newOrderWorkOrders } from '../dispatch/dispatch-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Entry {
  summary: string;
  action: string;
  viaSuperUser: string | null;
  who: string | null;
  changes: { field: string; from: string | null; to: string | null }[];
  subject: { type: string; id: string };
}

async function timeline(type: string, id: string | number): Promise<Entry[]> {
  const staff = await as(t, 'staff');
  const res = await staff.call('GET', `/api/staff/history?type=${type}&id=${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ entries: Entry[] }>().entries;
}

/** Every caller that is not staff is refused a subject's timeline, whoever's subject it is. */
async function expectRefused(type: string, id: string | number) {
  const url = `/api/staff/history?type=${type}&id=${id}`;
  for (const who of ['residential', 'business', 'installer', 'contractor'] as const) {
    expect((await (await as(t, who)).call('GET', url)).statusCode, who).toBe(403);
  }
  expect((await (await superUser(t, RESIDENTIAL)).call('GET', url)).statusCode).toBe(403);
  expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
}

const ticketOf = async (customerId: string) =>
  (
    await t.db.db
      .selectFrom('trouble_tickets')
      .select('id')
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('a ticket’s timeline', () => {
  it('records the staff answer’s and the customer reply’s status before → after', async () => {
    const ticket = await ticketOf(RESIDENTIAL);
    const dispatcher = await as(t, 'dispatcher');
    const answer = await dispatcher.call('POST', `/api/staff/trouble-tickets/${ticket}/answers`, {
      body: 'We are looking at the line.',
      status: 'Waiting on customer',
    });
    expect(answer.statusCode).toBe(201);
    const rhonda = await as(t, 'residential');
    const reply = await rhonda.call('POST', `/api/customer/trouble-tickets/${ticket}/replies`, {
      body: 'It dropped again last night.',
    });
    expect(reply.statusCode).toBe(201);
    const entries = await timeline('ticket', ticket);
    expect(entries[0]).toMatchObject({
      summary: 'Reply added to a trouble ticket',
      who: 'Rhonda Reyes',
      changes: [{ field: 'Status', from: 'Waiting on customer', to: 'Open' }],
    });
    expect(entries[1]).toMatchObject({
      summary: 'Trouble ticket answered',
      changes: [{ field: 'Status', to: 'Waiting on customer' }],
    });
  });

  it('is refused to a customer (its own or another account), a field user and a super-user session', async () => {
    await expectRefused('ticket', await ticketOf(RESIDENTIAL));
    await expectRefused('ticket', await ticketOf(BUSINESS));
  });
});

describe('a work order’s timeline', () => {
  it('records a dispatch move with the crew and times before → after', async () => {
    const [wo] = await newOrderWorkOrders(t);
    const dispatcher = await t.login('dispatcher');
    const slot = { resourceId: INSTALLER, start: at('09:00'), durationMinutes: 120 };
    expect((await assignAs(t, { workOrderIds: [wo], ...slot }, dispatcher)).statusCode).toBe(200);
    const moved = { ...slot, start: at('13:00') };
    expect((await assignAs(t, { workOrderIds: [wo], ...moved }, dispatcher)).statusCode).toBe(200);
    const entries = await timeline('work_order', wo as number);
    expect(entries[0]?.summary).toBe('Work scheduled');
    expect(entries[0]?.changes.map((c) => c.field)).toEqual(['Start', 'End']);
    expect(entries[0]?.changes[0]).toEqual({ field: 'Start', from: at('09:00'), to: at('13:00') });
    expect(entries[1]?.changes.find((c) => c.field === 'Crew')).toMatchObject({ from: null });
    await expectRefused('work_order', wo as number);
  });
});

describe('a payment’s timeline', () => {
  it('records its status Pending → Completed, and only staff read it', async () => {
    const rhonda = await as(t, 'residential');
    const open = (await invoiceIdsOf(t, RESIDENTIAL)).find((i) => i.balance_cents > 0);
    if (!open) throw new Error('Rhonda has no open invoice');
    const res = await rhonda.call(
      'POST',
      '/api/customer/billing/payments',
      {
        PaymentMethodID: await methodIdOf(t, RESIDENTIAL, '4242'),
        invoices: [{ InvoiceID: open.id, amountCents: open.balance_cents }],
        expectedFeeCents: cardFeeCents(open.balance_cents, FEE_BPS),
      },
      { 'idempotency-key': newKey('history') },
    );
    expect(res.statusCode).toBe(201);
    const paymentId = res.json<{ PaymentID: number }>().PaymentID;
    const entries = await timeline('payment', paymentId);
    expect(entries.map((e) => e.changes)).toEqual([
      [{ field: 'Status', from: 'Pending', to: 'Completed' }],
      [{ field: 'Status', from: null, to: 'Pending' }],
    ]);
    expect(entries.every((e) => e.subject.type === 'payment' && e.subject.id === String(paymentId))).toBe(true);
    await expectRefused('payment', paymentId);
  });
});

describe('a change through a super-user session', () => {
  it('records the employee, and both timelines say who did it through the session', async () => {
    const mailing = await t.db.db
      .selectFrom('mailing_locations')
      .select(['id', 'autopay_payment_method_id'])
      .where('customer_id', '=', BUSINESS)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const method = await t.db.db
      .selectFrom('payment_methods')
      .select('id')
      .where('customer_id', '=', BUSINESS)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const su = await superUser(t, BUSINESS);
    const path = `/api/customer/billing/mailing-locations/${mailing.id}/autopay`;
    if (mailing.autopay_payment_method_id !== null) expect((await su.call('DELETE', path)).statusCode).toBe(200);
    expect((await su.call('PUT', path, { PaymentMethodID: method.id })).statusCode).toBe(200);

    const row = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'customer.autopay.activate')
      .where('customer_id', '=', BUSINESS)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ employee_id: 7, super_user: 1 });

    const dana = await as(t, 'business');
    const activity = (await dana.call('GET', '/api/customer/activity')).json();
    expect(activity.entries[0].text).toBe(
      'Autopay turned on by Dana Diaz (staff: Sam Stone, through a super-user session)',
    );
    const staff = (await timeline('account', BUSINESS)).find((e) => e.action === 'customer.autopay.activate');
    expect(staff).toMatchObject({ who: 'Dana Diaz', viaSuperUser: 'Sam Stone' });
  });

  it('a customer of another account does not read it in its activity', async () => {
    const rhonda = await as(t, 'residential');
    const mine = (await rhonda.call('GET', '/api/customer/activity')).json<{ entries: { text: string }[] }>();
    expect(mine.entries.some((e) => e.text.includes('Dana Diaz'))).toBe(false);
  });
});
