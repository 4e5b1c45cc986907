/**
 * Staff notes on an order (issue 28, the order-to-bill loop): internal notes stay in the office; a note staff choose
 * to show reaches the customer's own timeline as an update. Chosen when writing; internal is the default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, type Caller, newKey } from '../customer-account/customer-test-helpers.js';
import { placeConsumerOrder } from './orders-test-helpers.js';

let t: TestApp;
let consumer: Caller;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  [consumer, sales] = await Promise.all([as(t, 'consumer'), as(t, 'sales')]);
});
afterAll(() => t.close());

type Event = { kind: string; message: string };

describe('staff notes on an order', () => {
  it('keeps internal notes out of the customer’s timeline and shows the ones staff chose to show', async () => {
    const { orderId } = await placeConsumerOrder(t);
    const note = (body: object) =>
      sales.call('POST', `/api/staff/orders/${orderId}/notes`, body, { 'idempotency-key': newKey('note') });
    expect((await note({ note: 'Dog in the back yard; customer is difficult on the phone.' })).statusCode).toBe(201);
    expect((await note({ note: 'We moved your survey to Tuesday morning.', visibleToCustomer: true })).statusCode).toBe(
      201,
    );
    expect((await note({ note: 'x', visibleToCustomer: 'yes' })).statusCode).toBe(400);

    const staffEvents = (await sales.call('GET', `/api/staff/orders/${orderId}`)).json().order.events as Event[];
    expect(staffEvents.filter((e) => e.kind === 'note' || e.kind === 'update')).toEqual([
      expect.objectContaining({ kind: 'note', message: 'Dog in the back yard; customer is difficult on the phone.' }),
      expect.objectContaining({ kind: 'update', message: 'We moved your survey to Tuesday morning.' }),
    ]);

    const own = await consumer.call('GET', `/api/customer/orders/${orderId}`);
    expect(own.statusCode).toBe(200);
    const events = own.json().events as Event[];
    expect(events.map((e) => e.message)).not.toContain('Dog in the back yard; customer is difficult on the phone.');
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'update', message: 'We moved your survey to Tuesday morning.' }),
    );
  });
});
