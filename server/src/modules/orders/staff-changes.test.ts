/**
 * Sales staff change packages on a customer's behalf (issue 12 step 7): the customer's change rules through the
 * staff route, with the named account checked against the location, an Idempotency-Key required, the staff member
 * audited, and the change visible to the customer.
 */
import { CustomerOrderDetailSchema, StaffChangeOptionsSchema } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, type Caller, newKey } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  sales = await as(t, 'sales');
});
afterAll(() => t.close());

const R = DEMO.customers.residential;
const C = DEMO.customers.consumer;
const RL = DEMO.serviceLocations.residential;
const CL = DEMO.serviceLocations.consumer;
const WIFI = 11;

const change = (caller: Caller, body: Record<string, unknown>, key: string | null = newKey('staff-change')) =>
  caller.call('POST', '/api/staff/orders/changes', body, key === null ? {} : { 'Idempotency-Key': key });

const ordersCount = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('sales_orders')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('staff change of packages: who may', () => {
  it('refuses staff roles other than sales and admin, and customers (403)', async () => {
    for (const who of ['dispatcher', 'billing-staff', 'network', 'residential', 'installer']) {
      const caller = await as(t, who);
      expect((await caller.call('GET', `/api/staff/orders/change-options/${RL}`)).statusCode, who).toBe(403);
      const res = await change(caller, { vcCustomerID: R, serviceLocationId: RL, add: [WIFI] });
      expect(res.statusCode, who).toBe(403);
    }
  });

  it('shows sales the options of any location with its account; an unknown location is 404', async () => {
    const res = await sales.call('GET', `/api/staff/orders/change-options/${CL}`);
    expect(res.statusCode).toBe(200);
    const options = StaffChangeOptionsSchema.parse(res.json());
    expect(options).toMatchObject({ vcCustomerID: C, serviceLocationId: CL, openOrderId: null });
    expect(options.customerName).not.toBe('');
    expect(options.packages.some((p) => p.active)).toBe(true);
    expect((await sales.call('GET', '/api/staff/orders/change-options/99999999')).statusCode).toBe(404);
  });
});

describe('staff change of packages: bad input stores nothing', () => {
  it('names the field or the record that is wrong', async () => {
    const before = await ordersCount();
    const noKey = await change(sales, { vcCustomerID: C, serviceLocationId: CL, add: [WIFI] }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.fields).toHaveProperty('Idempotency-Key');
    const badAccount = await change(sales, { vcCustomerID: 'Reyes', serviceLocationId: CL, add: [WIFI] });
    expect(badAccount.statusCode).toBe(400);
    expect(badAccount.json().error.fields).toHaveProperty('vcCustomerID');
    const unknownAccount = await change(sales, { vcCustomerID: '9999-9999-9999', serviceLocationId: CL, add: [WIFI] });
    expect(unknownAccount.statusCode).toBe(404);
    expect(unknownAccount.json().error.message).toContain('9999-9999-9999');
    // The residential location named with the consumer's account: another account's location.
    const foreign = await change(sales, { vcCustomerID: C, serviceLocationId: RL, add: [WIFI] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toContain(`no service location ${RL}`);
    const unknownLocation = await change(sales, { vcCustomerID: C, serviceLocationId: 99_999_999, add: [WIFI] });
    expect(unknownLocation.statusCode).toBe(404);
    const notSold = await change(sales, { vcCustomerID: C, serviceLocationId: CL, add: [7] });
    expect(notSold.statusCode).toBe(400);
    expect(notSold.json().error.fields).toHaveProperty('add');
    const notActive = await change(sales, { vcCustomerID: C, serviceLocationId: CL, remove: [6] });
    expect(notActive.statusCode).toBe(400);
    expect(notActive.json().error.fields).toHaveProperty('remove');
    const nothing = await change(sales, { vcCustomerID: C, serviceLocationId: CL });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.fields).toHaveProperty('add');
    const tooMany = await change(sales, {
      vcCustomerID: C,
      serviceLocationId: CL,
      add: Array.from({ length: 11 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(await ordersCount()).toBe(before);
  });
});

describe('staff change of packages: placed', () => {
  it('activates a change without a visit at once, once per Idempotency-Key, audited with the staff member', async () => {
    const key = newKey('staff-change');
    const body = { vcCustomerID: C, serviceLocationId: CL, add: [WIFI] };
    const res = await change(sales, body, key);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ needsVisit: false });
    const { orderId } = res.json() as { orderId: number };
    const again = await change(sales, body, key);
    expect(again.json()).toEqual(res.json());
    expect(
      await t.db.db
        .selectFrom('sales_orders')
        .select('id')
        .where('service_location_id', '=', CL)
        .where('kind', '=', 'change')
        .execute(),
    ).toHaveLength(1);
    // The customer sees the change in their own orders.
    const consumer = await as(t, 'consumer');
    const detail = CustomerOrderDetailSchema.parse(
      (await consumer.call('GET', `/api/customer/orders/${orderId}`)).json(),
    );
    expect(detail).toMatchObject({ status: 'installed', kind: 'change', vcCustomerID: C });
    const row = await t.db.db
      .selectFrom('service_location_packages')
      .select(['active'])
      .where('order_id', '=', orderId)
      .where('package_id', '=', WIFI)
      .executeTakeFirstOrThrow();
    expect(row.active).toBe(1);
    const auditRow = await t.db.db
      .selectFrom('audit_log')
      .select(['user_id', 'employee_id', 'detail'])
      .where('action', '=', 'staff.order.change')
      .where('subject', '=', `${C}:${orderId}`)
      .executeTakeFirstOrThrow();
    expect(auditRow.user_id).toBe(DEMO.users.sales.id);
    expect(auditRow.employee_id).not.toBeNull();
    expect(JSON.parse(auditRow.detail ?? '{}')).toMatchObject({ add: [WIFI], remove: [], needsVisit: false });
  });

  it('books the ONT upgrade visit for the admin as for the customer; the next change waits (409)', async () => {
    const admin = await as(t, 'staff');
    const options = StaffChangeOptionsSchema.parse(
      (await admin.call('GET', `/api/staff/orders/change-options/${RL}`)).json(),
    );
    const noDay = await change(admin, { vcCustomerID: R, serviceLocationId: RL, add: [3], remove: [2] });
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().error.fields).toHaveProperty('installDate');
    const res = await change(admin, {
      vcCustomerID: R,
      serviceLocationId: RL,
      add: [3],
      remove: [2],
      installDate: options.visitDates[0],
      installWindow: '08:00-12:00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ needsVisit: true });
    const { orderId } = res.json() as { orderId: number };
    const residential = await as(t, 'residential');
    const detail = CustomerOrderDetailSchema.parse(
      (await residential.call('GET', `/api/customer/orders/${orderId}`)).json(),
    );
    expect(detail.workOrders).toHaveLength(1);
    const wo = await t.db.db
      .selectFrom('work_orders')
      .select('summary')
      .where('id', '=', detail.workOrders[0]?.WOId ?? 0)
      .executeTakeFirstOrThrow();
    expect(wo.summary).toMatch(/^ONT upgrade/);
    const busy = await change(sales, { vcCustomerID: R, serviceLocationId: RL, add: [WIFI] });
    expect(busy.statusCode).toBe(409);
  });
});
