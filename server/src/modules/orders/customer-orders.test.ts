/**
 * The order routes: the customer's orders (own only) and package changes with and without a visit. Cancels (the
 * customer's and the staff's, with a refund) are in order-cancel.test.ts.
 */
import { ChangeOptionsSchema, CustomerOrderDetailSchema, OrderSummaryListSchema, proratedCents } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, type Caller, newKey } from '../customer-account/customer-test-helpers.js';
import { placeConsumerOrder } from './orders-test-helpers.js';

let t: TestApp;
let residential: Caller;
let consumer: Caller;
beforeAll(async () => {
  t = await createTestApp();
  [residential, consumer] = await Promise.all([as(t, 'residential'), as(t, 'consumer')]);
});
afterAll(() => t.close());

/** A new-drop order of the consumer at a new location, paid at checkout. */
const consumerOrder = (paidCents = 9_900) =>
  placeConsumerOrder(t, { paidCents, contractorId: DEMO.contractorCompanies.prairieFiber });

describe('GET /api/customer/orders and /{orderId}', () => {
  it('lists the account’s own orders only, newest first', async () => {
    const { orderId } = await consumerOrder();
    const list = OrderSummaryListSchema.parse((await consumer.call('GET', '/api/customer/orders')).json());
    expect(list[0]).toMatchObject({ orderId, status: 'placed', vcCustomerID: DEMO.customers.consumer });
    expect(list.every((o) => o.vcCustomerID === DEMO.customers.consumer)).toBe(true);
    const theirs = OrderSummaryListSchema.parse((await residential.call('GET', '/api/customer/orders')).json());
    expect(theirs.map((o) => o.orderId)).not.toContain(orderId);
  });

  it('answers an own order with its timeline; another account’s is 403, an unknown one 404, a bad id 400', async () => {
    const { orderId } = await consumerOrder();
    const own = await consumer.call('GET', `/api/customer/orders/${orderId}`);
    expect(own.statusCode).toBe(200);
    const detail = CustomerOrderDetailSchema.parse(own.json());
    expect(detail).toMatchObject({ cancellable: true, firstInvoiceId: null, paidCents: 9_900 });
    expect(detail.events.map((e) => e.kind)).toEqual(['placed']);
    expect((await residential.call('GET', `/api/customer/orders/${orderId}`)).statusCode).toBe(403);
    expect((await consumer.call('GET', '/api/customer/orders/999999999')).statusCode).toBe(404);
    expect((await consumer.call('GET', '/api/customer/orders/abc')).statusCode).toBe(400);
    for (const who of ['installer', 'contractor', 'sales']) {
      expect((await (await as(t, who)).call('GET', `/api/customer/orders/${orderId}`)).statusCode).toBe(403);
    }
  });
});

describe('changes of packages', () => {
  const L = DEMO.serviceLocations.residential;

  it('offers the packages sold at the location, marking what is active and what needs an ONT upgrade', async () => {
    const res = await residential.call('GET', `/api/customer/orders/change-options/${L}`);
    expect(res.statusCode).toBe(200);
    const options = ChangeOptionsSchema.parse(res.json());
    expect(options.ontMaxMbps).toBe(1_000);
    const byName = new Map(options.packages.map((p) => [p.name, p]));
    expect(byName.get('Fiber 2 Gig Internet')).toMatchObject({ active: false, needsVisit: true });
    expect(byName.get('Fiber 1 Gig Internet')).toMatchObject({ active: true, needsVisit: false });
    expect(byName.get('Whole-Home Wi-Fi')).toMatchObject({ active: false, needsVisit: false });
    expect(byName.has('Business Fiber 500')).toBe(false);
    expect((await consumer.call('GET', `/api/customer/orders/change-options/${L}`)).statusCode).toBe(403);
    expect((await residential.call('GET', '/api/customer/orders/change-options/99999999')).statusCode).toBe(404);
  });

  it('activates a change without a visit at once, billed prorated from today', async () => {
    const res = await residential.call(
      'POST',
      '/api/customer/orders/changes',
      { serviceLocationId: L, add: [11], remove: [] },
      { 'Idempotency-Key': newKey('change') },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ needsVisit: false });
    const { orderId } = res.json() as { orderId: number };
    const detail = CustomerOrderDetailSchema.parse(
      (await residential.call('GET', `/api/customer/orders/${orderId}`)).json(),
    );
    expect(detail).toMatchObject({ status: 'installed', kind: 'change', workOrders: [] });
    const day = t.clock.now.toISOString().slice(0, 10);
    const row = await t.db.db
      .selectFrom('service_location_packages')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ service_location_id: L, package_id: 11, active: 1, start_date: day });
    const invoice = await t.db.db
      .selectFrom('invoices')
      .select(['amount_cents'])
      .where('id', '=', detail.firstInvoiceId ?? 0)
      .executeTakeFirstOrThrow();
    expect(invoice.amount_cents).toBe(proratedCents(1_000, day));
  });

  it('books an ONT upgrade visit for a speed the ONT cannot carry', async () => {
    const options = ChangeOptionsSchema.parse(
      (await residential.call('GET', `/api/customer/orders/change-options/${L}`)).json(),
    );
    const noDay = await residential.call('POST', '/api/customer/orders/changes', {
      serviceLocationId: L,
      add: [3],
      remove: [2],
    });
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().error.fields).toHaveProperty('installDate');
    const res = await residential.call('POST', '/api/customer/orders/changes', {
      serviceLocationId: L,
      add: [3],
      remove: [2],
      installDate: options.visitDates[0],
      installWindow: '08:00-12:00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ needsVisit: true });
    const { orderId } = res.json() as { orderId: number };
    const detail = CustomerOrderDetailSchema.parse(
      (await residential.call('GET', `/api/customer/orders/${orderId}`)).json(),
    );
    expect(detail.status).toBe('placed');
    expect(detail.workOrders).toHaveLength(1);
    expect(detail.workOrders[0]).toMatchObject({ status: 'Open', dueDate: options.visitDates[0] });
    expect(detail.events.map((e) => e.kind)).toEqual(['placed', 'install_scheduled']);
    const wo = await t.db.db
      .selectFrom('work_orders')
      .select('summary')
      .where('id', '=', detail.workOrders[0]?.WOId ?? 0)
      .executeTakeFirstOrThrow();
    expect(wo.summary).toMatch(/^ONT upgrade/);
    // One order at a time per location.
    const busy = await residential.call('POST', '/api/customer/orders/changes', {
      serviceLocationId: L,
      add: [5],
      remove: [],
    });
    expect(busy.statusCode).toBe(409);
  });

  it('refuses packages not sold there or already active, removing what is not active, and others’ locations', async () => {
    const consumerLocation = DEMO.serviceLocations.consumer;
    const active = await consumer.call('POST', '/api/customer/orders/changes', {
      serviceLocationId: consumerLocation,
      add: [1],
      remove: [],
    });
    expect(active.statusCode).toBe(400);
    expect(active.json().error.fields).toHaveProperty('add');
    const business = await consumer.call('POST', '/api/customer/orders/changes', {
      serviceLocationId: consumerLocation,
      add: [7],
    });
    expect(business.statusCode).toBe(400);
    const notActive = await consumer.call('POST', '/api/customer/orders/changes', {
      serviceLocationId: consumerLocation,
      remove: [6],
    });
    expect(notActive.statusCode).toBe(400);
    expect(notActive.json().error.fields).toHaveProperty('remove');
    const empty = await consumer.call('POST', '/api/customer/orders/changes', { serviceLocationId: consumerLocation });
    expect(empty.statusCode).toBe(400);
    const foreign = await consumer.call('POST', '/api/customer/orders/changes', {
      serviceLocationId: DEMO.serviceLocations.residential,
      add: [11],
    });
    expect(foreign.statusCode).toBe(403);
    const staff = await (await as(t, 'sales')).call('POST', '/api/customer/orders/changes', {
      serviceLocationId: consumerLocation,
      add: [11],
    });
    expect(staff.statusCode).toBe(403);
  });
});
