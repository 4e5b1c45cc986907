/**
 * Issue 28, the loop's plant: a change of packages at a location the drop does not reach (a cancelled order's) is
 * planned and paid as checkout would, and a checkout at an address where another account's drop was built later
 * plans the install alone (the address resolves to its current location and plant).
 */
import { ChangeOptionsSchema, CustomerOrderDetailSchema } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { AVAILABILITY_ADDRESSES } from '../../demo/ordering.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, type Caller, newKey } from '../customer-account/customer-test-helpers.js';
import { orderingSteps, TEST_CARD } from '../ordering/ordering-test-helpers.js';
import { onWorkOrderComplete } from './fulfilment.service.js';
import { placeConsumerOrder } from './orders-test-helpers.js';

let t: TestApp;
let consumer: Caller;
let residential: Caller;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  [consumer, residential, sales] = await Promise.all([as(t, 'consumer'), as(t, 'residential'), as(t, 'sales')]);
});
afterAll(() => t.close());

const NEW_DROP_PLAN = [
  'Consumer Site Survey',
  'Consumer Drop Construction',
  'Consumer Splicing',
  'Consumer Fiber Install',
];

async function workTypesOf(orderId: number) {
  const rows = await t.db.db
    .selectFrom('work_orders as w')
    .innerJoin('work_order_types as y', 'y.id', 'w.type_id')
    .select(['w.id', 'y.description'])
    .where('w.order_id', '=', orderId)
    .orderBy('w.id')
    .execute();
  return rows;
}

describe('a change of packages at a location without a drop', () => {
  it('plans survey, construction, splicing and install and charges what checkout would', async () => {
    const { orderId: first, serviceLocationId: L } = await placeConsumerOrder(t, { paidCents: 15_400 });
    expect(
      (await consumer.call('POST', `/api/customer/orders/${first}/cancel`, { reason: 'Not now' })).statusCode,
    ).toBe(200);

    const options = ChangeOptionsSchema.parse(
      (await consumer.call('GET', `/api/customer/orders/change-options/${L}`)).json(),
    );
    expect(options).toMatchObject({ dropExists: false, openOrderId: null });
    // The install is offered from the day checkout offers a new drop's (14 days out).
    const today = t.clock.now.toISOString().slice(0, 10);
    expect(Date.parse(options.visitDates[0] ?? '') - Date.parse(today)).toBeGreaterThanOrEqual(14 * 86_400_000);
    expect(options.packages.find((p) => p.packageId === 1)).toMatchObject({ active: false, needsVisit: true });

    const body = {
      serviceLocationId: L,
      add: [1],
      remove: [],
      installDate: options.visitDates[0],
      installWindow: '08:00-12:00',
      expectedTotalCents: 15_400,
      payment: TEST_CARD,
    };
    const key = newKey('new-drop-change');
    const noCard = await consumer.call(
      'POST',
      '/api/customer/orders/changes',
      { ...body, payment: undefined },
      {
        'Idempotency-Key': key,
      },
    );
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error.fields).toHaveProperty('payment');
    const noDay = await consumer.call(
      'POST',
      '/api/customer/orders/changes',
      { ...body, installDate: null },
      {
        'Idempotency-Key': newKey('x'),
      },
    );
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().error.fields).toHaveProperty('installDate');
    const stale = await consumer.call(
      'POST',
      '/api/customer/orders/changes',
      { ...body, expectedTotalCents: 5_500 },
      {
        'Idempotency-Key': newKey('x'),
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.fields).toHaveProperty('expectedTotalCents');
    const foreign = await residential.call('POST', '/api/customer/orders/changes', body, { 'Idempotency-Key': key });
    expect(foreign.statusCode).toBe(403);
    const paymentsBefore = await t.rows('payments');
    expect(await t.rows('sales_orders')).toBeGreaterThan(0);

    const res = await consumer.call('POST', '/api/customer/orders/changes', body, { 'Idempotency-Key': key });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ needsVisit: true, paidCents: 15_400 });
    const { orderId } = res.json() as { orderId: number };
    const again = await consumer.call('POST', '/api/customer/orders/changes', body, { 'Idempotency-Key': key });
    expect(again.json().orderId).toBe(orderId);
    expect(await t.rows('payments')).toBe(paymentsBefore + 1);
    // One confirmation, with the payment and the plan (the replay mails nothing more).
    const mails = t.mail.filter((m) => m.subject === `Order ${orderId} is placed and paid`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/Paid now: \$154\.00 .*reference /);
    expect(mails[0]?.text).toContain('builds the fiber drop');

    const detail = CustomerOrderDetailSchema.parse(
      (await consumer.call('GET', `/api/customer/orders/${orderId}`)).json(),
    );
    expect(detail).toMatchObject({ status: 'placed', kind: 'change', paidCents: 15_400, oneTimeCents: 9_900 });
    expect(detail.events.map((e) => e.kind)).toEqual(['placed', 'paid']);
    expect((await workTypesOf(orderId)).map((w) => w.description)).toEqual(NEW_DROP_PLAN);
    expect(detail.workOrders.at(-1)?.dueDate).toBe(options.visitDates[0]);
    // Cancelling it refunds what it paid, as a checkout's order.
    const cancel = await consumer.call('POST', `/api/customer/orders/${orderId}/cancel`, { reason: 'Changed mind' });
    expect(cancel.json()).toMatchObject({ status: 'cancelled', refundedCents: 15_400 });
  });

  it('staff change the same way on the customer’s behalf, with a card on file', async () => {
    const { orderId: first, serviceLocationId: L } = await placeConsumerOrder(t, { paidCents: 15_400 });
    await sales.call('POST', `/api/staff/orders/${first}/cancel`, { reason: 'Asked to' });
    const options = ChangeOptionsSchema.parse(
      (await sales.call('GET', `/api/staff/orders/change-options/${L}`)).json(),
    );
    expect(options.dropExists).toBe(false);
    const method = await t.db.db
      .selectFrom('payment_methods')
      .select('id')
      .where('customer_id', '=', DEMO.customers.consumer)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await sales.call(
      'POST',
      '/api/staff/orders/changes',
      {
        vcCustomerID: DEMO.customers.consumer,
        serviceLocationId: L,
        add: [1],
        installDate: options.visitDates[1],
        installWindow: '12:00-17:00',
        expectedTotalCents: 15_400,
        payment: { kind: 'saved', paymentMethodId: method.id },
      },
      { 'Idempotency-Key': newKey('staff-new-drop') },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ paidCents: 15_400 });
    expect((await workTypesOf(res.json().orderId)).map((w) => w.description)).toEqual(NEW_DROP_PLAN);
  });
});

describe('an address resolves to its current location and plant', () => {
  it('plans the install alone where another account’s drop was built after a cancelled order', async () => {
    const steps = orderingSteps(t);
    const A = AVAILABILITY_ADDRESSES.fiber;
    const order = async () => {
      const cart = await steps.newCart(A, [2]);
      const res = await steps.anon('POST', '/api/ordering/checkout', await steps.newCustomerBody(cart), {
        'idempotency-key': newKey('checkout'),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { orderId: number; nextSteps: string[] };
    };
    // The first account's order there is cancelled before any work.
    const first = await order();
    expect((await workTypesOf(first.orderId)).map((w) => w.description)).toEqual(NEW_DROP_PLAN);
    expect(
      (await sales.call('POST', `/api/staff/orders/${first.orderId}/cancel`, { reason: 'Moved' })).statusCode,
    ).toBe(200);
    // A second account orders there; its crews build the drop (survey, then construction).
    const second = await order();
    const work = await workTypesOf(second.orderId);
    expect(work.map((w) => w.description)).toEqual(NEW_DROP_PLAN);
    for (const w of work.slice(0, 2)) {
      await t.db.db
        .transaction()
        .execute((trx) => onWorkOrderComplete(t.ctx, trx, w.id, { userId: null, employeeId: null }));
    }
    const address = await t.db.db
      .selectFrom('addresses')
      .innerJoin('sales_orders as o', 'o.service_location_id', 'addresses.service_location_id')
      .select('o.id')
      .where('addresses.address_key', '=', '2211|CLARK LN||65202')
      .executeTakeFirst();
    expect(address?.id).toBe(second.orderId);
    // Once the second account's order is cancelled too, a third one needs the install alone: the drop is there.
    await sales.call('POST', `/api/staff/orders/${second.orderId}/cancel`, { reason: 'Moved again' });
    const third = await order();
    expect((await workTypesOf(third.orderId)).map((w) => w.description)).toEqual(['Consumer Fiber Install']);
    expect(third.nextSteps.join(' ')).not.toMatch(/survey/i);
  });
});
