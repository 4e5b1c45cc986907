/** Cancel with a refund: the customer's and the staff's routes, a failed refund, races with the install, the job. */
import { CustomerOrderDetailSchema } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { GatewayUnavailableError, type PaymentGateway } from '../../integrations/payments/payment-gateway.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fillInstallChecklist } from '../../test/install-checklist.js';
import { as, type Caller } from '../customer-account/customer-test-helpers.js';
import { CANCEL_IN_PROGRESS } from './fulfilment.service.js';
import { cancelOrder, finishStaleCancels, STALE_CANCEL_MINUTES } from './order-cancel.service.js';
import { addOnt, placeConsumerOrder } from './orders-test-helpers.js';

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

const refundsOf = async (orderId: number) =>
  (
    await t.db.db
      .selectFrom('sandbox_gateway_refunds as r')
      .innerJoin('sales_orders as o', 'o.gateway_charge_id', 'r.charge_id')
      .select('r.amount_cents')
      .where('o.id', '=', orderId)
      .execute()
  ).map((r) => r.amount_cents);

describe('cancel', () => {
  it('refunds what was paid, cancels the open and waiting work orders and takes them off the calendar', async () => {
    const { orderId, workOrderIds } = await consumerOrder(9_900);
    await t.db.db
      .insertInto('calendar_events')
      .values({
        contractor_id: DEMO.contractorCompanies.prairieFiber,
        work_order_id: workOrderIds[0] ?? 0,
        title: 'Survey',
        starts_at: '2027-04-01T14:00:00.000Z',
        ends_at: '2027-04-01T15:00:00.000Z',
      })
      .execute();
    const res = await consumer.call('POST', `/api/customer/orders/${orderId}/cancel`, { reason: 'Moving away' });
    expect(res.statusCode).toBe(200);
    const detail = CustomerOrderDetailSchema.parse(res.json());
    expect(detail).toMatchObject({ status: 'cancelled', cancellable: false, refundedCents: 9_900 });
    expect(detail.cancelReason).toBe('Moving away');
    expect(detail.workOrders.map((w) => w.status)).toEqual(['Cancelled', 'Cancelled', 'Cancelled', 'Cancelled']);
    expect(detail.events.map((e) => e.kind)).toEqual(['placed', 'cancelled', 'refunded']);
    expect(detail.events.at(-1)?.message).toBe('Refunded $99.00 to the card it was paid with.');
    expect(await refundsOf(orderId)).toEqual([9_900]);
    const calendar = await t.db.db
      .selectFrom('calendar_events')
      .select('id')
      .where('work_order_id', 'in', workOrderIds)
      .execute();
    expect(calendar).toHaveLength(0);
    // Twice: refused, refunded once.
    const again = await consumer.call('POST', `/api/customer/orders/${orderId}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(await refundsOf(orderId)).toEqual([9_900]);
    // A cancelled work order's checklist is refused.
    const contractor = await as(t, 'contractor');
    const refused = await contractor.call('PUT', `/api/contractor/work-orders/${workOrderIds[0]}/checklist`, {
      data: {},
      tsArrivalOnsite: null,
      tsWorkComplete: null,
      txtNotes: null,
      WOComplete: 'off',
      assetsMovedConfirmed: false,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/cancelled with its order/);
  });

  it('leaves the order as it was when the gateway does not answer or refuses the refund', async () => {
    const { orderId } = await consumerOrder(5_000);
    const silent: PaymentGateway = {
      ...t.ctx.payments,
      async refund() {
        throw new GatewayUnavailableError('timeout');
      },
    };
    await expect(
      cancelOrder({ ...t.ctx, payments: silent }, orderId, { userId: null, employeeId: null }, ''),
    ).rejects.toMatchObject({ statusCode: 503 });
    let detail = CustomerOrderDetailSchema.parse(
      (await consumer.call('GET', `/api/customer/orders/${orderId}`)).json(),
    );
    expect(detail).toMatchObject({ status: 'placed', refundedCents: 0, cancellable: true });
    expect(detail.workOrders.map((w) => w.status)).toEqual(['Open', 'Waiting', 'Waiting', 'Waiting']);

    // The sandbox refuses to refund a charge it does not know.
    await t.db.db
      .updateTable('sales_orders')
      .set({ gateway_charge_id: 'ch_unknown' })
      .where('id', '=', orderId)
      .execute();
    const refused = await consumer.call('POST', `/api/customer/orders/${orderId}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/refund was refused.*not cancelled/);
    detail = CustomerOrderDetailSchema.parse((await consumer.call('GET', `/api/customer/orders/${orderId}`)).json());
    expect(detail.status).toBe('placed');
    expect(detail.events.map((e) => e.kind)).toEqual(['placed']);
  });

  it('refuses another account’s order (403), an unknown one (404), an installed one (409) and a long reason (400)', async () => {
    const { orderId } = await consumerOrder(0);
    expect((await residential.call('POST', `/api/customer/orders/${orderId}/cancel`, {})).statusCode).toBe(403);
    expect((await consumer.call('POST', '/api/customer/orders/999999999/cancel', {})).statusCode).toBe(404);
    const long = await consumer.call('POST', `/api/customer/orders/${orderId}/cancel`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('reason');
    const installed = await t.db.db
      .selectFrom('sales_orders')
      .select('id')
      .where('customer_id', '=', DEMO.customers.residential)
      .where('status', '=', 'installed')
      .executeTakeFirstOrThrow();
    const done = await residential.call('POST', `/api/customer/orders/${installed.id}/cancel`, {});
    expect(done.statusCode).toBe(409);
    expect(done.json().error.message).toMatch(/install is done/);
    // Nothing paid: cancelled without a refund event.
    const free = await consumer.call('POST', `/api/customer/orders/${orderId}/cancel`, {});
    expect(free.json().events.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'cancelled']);
  });

  it('refuses once the installer has arrived for the install', async () => {
    const { orderId, workOrderIds } = await consumerOrder(0);
    await t.db.db
      .insertInto('checklists')
      .values({
        work_order_id: workOrderIds[3] ?? 0,
        template: 'install',
        data: '{}',
        arrival_onsite: t.clock.now.toISOString(),
        work_complete: null,
        notes: null,
        updated_by: null,
        updated_at: t.clock.now.toISOString(),
      })
      .execute();
    const res = await consumer.call('POST', `/api/customer/orders/${orderId}/cancel`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/started the install/);
  });
});

describe('a cancel racing the install (issue 25, LOW)', () => {
  const PAID = 7_700;
  /** A paid order at a new location with a drop and an ONT: its one work order is the install, ready to complete. */
  async function readyToInstall() {
    const placed = await placeConsumerOrder(t, {
      paidCents: PAID,
      dropExists: true,
      prepare: (id) => addOnt(t, id, `ONT-RACE-${id}`),
    });
    return {
      orderId: placed.orderId,
      installId: placed.workOrderIds[0] ?? 0,
      serviceLocationId: placed.serviceLocationId,
    };
  }
  const by = { userId: null, employeeId: null };
  const install = async (installId: number) => {
    await fillInstallChecklist(t.db.db, installId);
    const res = await (await as(t, 'installer')).call('POST', `/api/installer/work-orders/${installId}/complete`, {
      assetsMovedConfirmed: true,
    });
    return { statusCode: res.statusCode, message: res.statusCode === 200 ? null : res.json().error.message };
  };
  const stateOf = async (orderId: number, serviceLocationId: number) => {
    const row = await t.db.db
      .selectFrom('sales_orders')
      .select(['status', 'first_invoice_id', 'refunded_cents'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const active = await t.db.db
      .selectFrom('service_location_packages')
      .select('id')
      .where('service_location_id', '=', serviceLocationId)
      .where('active', '=', 1)
      .execute();
    return { ...row, activePackages: active.length, refunds: await refundsOf(orderId) };
  };

  it('an install completed between the cancel’s check and its refund is refused: cancelled and refunded once', async () => {
    const { orderId, installId, serviceLocationId } = await readyToInstall();
    let raced: Awaited<ReturnType<typeof install>> | null = null;
    const real = t.ctx.payments;
    const racing: PaymentGateway = {
      ...real,
      async refund(request) {
        // The installer completes the install after the cancel was checked, before the gateway refunds.
        raced = await install(installId);
        return real.refund(request);
      },
    };
    const outcome = await cancelOrder({ ...t.ctx, payments: racing }, orderId, by, 'Changed my mind').then(
      () => 200,
      (err: { statusCode?: number }) => err.statusCode,
    );
    const state = await stateOf(orderId, serviceLocationId);
    // Never an installed order refunded.
    expect(state.status === 'installed' && state.refunds.length > 0).toBe(false);
    // The cancel was recorded first: the install waits for it (409), the order is cancelled and refunded once.
    expect(raced).toEqual({ statusCode: 409, message: CANCEL_IN_PROGRESS });
    expect(outcome).toBe(200);
    expect(state).toEqual({
      status: 'cancelled',
      first_invoice_id: null,
      refunded_cents: PAID,
      activePackages: 0,
      refunds: [PAID],
    });
    expect((await install(installId)).statusCode).toBe(409);
  });

  it('concurrent cancels and installs: each order ends installed and unrefunded, or cancelled and refunded once', async () => {
    const orders = await Promise.all([1, 2, 3, 4, 5, 6].map(() => readyToInstall()));
    // The gateway takes a moment to refund, as a real one does: the installs land while the refunds are under way.
    const gateway = t.ctx.payments;
    const refund = gateway.refund.bind(gateway);
    gateway.refund = async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return refund(request);
    };
    let results: (Awaited<ReturnType<typeof stateOf>> & { cancel: number; install: number })[];
    try {
      results = await Promise.all(
        orders.map(async (o, i) => {
          const [cancel, installed] = await Promise.all([
            consumer.call('POST', `/api/customer/orders/${o.orderId}/cancel`, { reason: 'Race' }),
            // Half of the installs start a little after the cancel, half at once.
            new Promise((resolve) => setTimeout(resolve, i % 2 === 0 ? 50 : 0)).then(() => install(o.installId)),
          ]);
          return {
            cancel: cancel.statusCode,
            install: installed.statusCode,
            ...(await stateOf(o.orderId, o.serviceLocationId)),
          };
        }),
      );
    } finally {
      gateway.refund = refund;
    }
    for (const r of results) {
      if (r.status === 'installed') {
        expect(r).toMatchObject({ cancel: 409, install: 200, refunds: [], refunded_cents: 0, activePackages: 1 });
      } else {
        expect(r).toMatchObject({
          status: 'cancelled',
          cancel: 200,
          install: 409,
          refunds: [PAID],
          first_invoice_id: null,
          activePackages: 0,
        });
      }
    }
  });

  it('an install completed first makes the cancel refuse before any refund', async () => {
    const { orderId, installId, serviceLocationId } = await readyToInstall();
    expect((await install(installId)).statusCode).toBe(200);
    const res = await consumer.call('POST', `/api/customer/orders/${orderId}/cancel`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/install is done/);
    expect(await stateOf(orderId, serviceLocationId)).toMatchObject({ status: 'installed', refunds: [] });
  });

  it('an unanswered refund holds the install until the cancel is retried; a refused one lets the install go on', async () => {
    const held = await readyToInstall();
    const real = t.ctx.payments;
    // The gateway refunds but its answer is lost.
    const lost: PaymentGateway = {
      ...real,
      async refund(request) {
        await real.refund(request);
        throw new GatewayUnavailableError('timeout');
      },
    };
    await expect(cancelOrder({ ...t.ctx, payments: lost }, held.orderId, by, '')).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(await install(held.installId)).toEqual({ statusCode: 409, message: CANCEL_IN_PROGRESS });
    const retried = await consumer.call('POST', `/api/customer/orders/${held.orderId}/cancel`, {});
    expect(retried.statusCode).toBe(200);
    expect(await stateOf(held.orderId, held.serviceLocationId)).toMatchObject({
      status: 'cancelled',
      refunded_cents: PAID,
      refunds: [PAID],
    });

    const refused = await readyToInstall();
    await t.db.db
      .updateTable('sales_orders')
      .set({ gateway_charge_id: 'ch_unknown' })
      .where('id', '=', refused.orderId)
      .execute();
    const res = await consumer.call('POST', `/api/customer/orders/${refused.orderId}/cancel`, {});
    expect(res.statusCode).toBe(409);
    expect(await install(refused.installId)).toEqual({ statusCode: 200, message: null });
    expect(await stateOf(refused.orderId, refused.serviceLocationId)).toMatchObject({
      status: 'installed',
      activePackages: 1,
      refunds: [],
    });
  });
});

describe('a cancel left without an outcome (issue 25, LOW)', () => {
  it('is resumed by the job after its grace period: refunded once and cancelled, the work no longer on hold', async () => {
    const placed = await placeConsumerOrder(t, { paidCents: 4_400, dropExists: true });
    const silent: PaymentGateway = {
      ...t.ctx.payments,
      async refund() {
        throw new GatewayUnavailableError('timeout');
      },
    };
    const by = { userId: DEMO.users.consumer.id, employeeId: null };
    await expect(cancelOrder({ ...t.ctx, payments: silent }, placed.orderId, by, 'Moving away')).rejects.toMatchObject({
      statusCode: 503,
    });
    let detail = CustomerOrderDetailSchema.parse(
      (await consumer.call('GET', `/api/customer/orders/${placed.orderId}`)).json(),
    );
    // Recorded, not cancelled: no reason shown yet; the job leaves it to its own retry within the grace period.
    expect(detail).toMatchObject({ status: 'placed', cancelReason: null, refundedCents: 0 });
    await finishStaleCancels(t.ctx);
    expect((await refundsOf(placed.orderId)).length).toBe(0);

    t.clock.advanceSeconds(STALE_CANCEL_MINUTES * 60 + 1);
    const round = await finishStaleCancels(t.ctx);
    expect(round.cancelled).toBeGreaterThanOrEqual(1);
    detail = CustomerOrderDetailSchema.parse(
      (await consumer.call('GET', `/api/customer/orders/${placed.orderId}`)).json(),
    );
    expect(detail).toMatchObject({ status: 'cancelled', cancelReason: 'Moving away', refundedCents: 4_400 });
    expect(await refundsOf(placed.orderId)).toEqual([4_400]);
    expect(await finishStaleCancels(t.ctx)).toEqual({ cancelled: 0, refused: 0, waiting: 0 });
  });
});

describe('POST /api/staff/orders/{orderId}/cancel', () => {
  it('lets sales and the admin cancel with a reason; other staff roles and customers get 403', async () => {
    const { orderId } = await consumerOrder(2_500);
    for (const who of ['dispatcher', 'billing-staff', 'network', 'consumer', 'installer']) {
      const res = await (await as(t, who)).call('POST', `/api/staff/orders/${orderId}/cancel`, { reason: 'Asked' });
      expect(res.statusCode, who).toBe(403);
    }
    const sales = await as(t, 'sales');
    const noReason = await sales.call('POST', `/api/staff/orders/${orderId}/cancel`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('reason');
    expect((await sales.call('POST', '/api/staff/orders/999999999/cancel', { reason: 'x' })).statusCode).toBe(404);
    const res = await sales.call('POST', `/api/staff/orders/${orderId}/cancel`, { reason: 'Customer called' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundedCents: 2_500 });
    const auditRow = await t.db.db
      .selectFrom('audit_log')
      .select(['employee_id', 'detail'])
      .where('action', '=', 'order.cancel')
      .where('subject', '=', `${DEMO.customers.consumer}:${orderId}`)
      .executeTakeFirstOrThrow();
    expect(auditRow.employee_id).not.toBeNull();
    const admin = await as(t, 'staff');
    const second = await consumerOrder(0);
    expect(
      (await admin.call('POST', `/api/staff/orders/${second.orderId}/cancel`, { reason: 'Duplicate' })).statusCode,
    ).toBe(200);
  });
});
