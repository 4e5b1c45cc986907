import { OrderDetailSchema } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { getOrderDetail, type PlaceOrderInput, placeOrder, priceLines } from './orders.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const base = (over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  customerId: DEMO.customers.residential,
  serviceLocationId: DEMO.serviceLocations.residential,
  mailingLocationId: null,
  kind: 'new',
  lines: [{ packageId: 2, action: 'add' }],
  installDate: '2027-03-15',
  installWindow: '08:00-12:00',
  dropExists: false,
  needsVisit: true,
  placedBy: { userId: DEMO.users.residential.id, employeeId: null },
  ...over,
});
const place = (over: Partial<PlaceOrderInput> = {}) =>
  t.db.db.transaction().execute((trx) => placeOrder(t.ctx, trx, base(over)));

describe('the orders core', () => {
  it('prices lines from the packages table: monthly prices and the install fees of added packages', async () => {
    const priced = await priceLines(t.db.db, [
      { packageId: 2, action: 'add' },
      { packageId: 4, action: 'add' },
      { packageId: 1, action: 'remove' },
    ]);
    expect(priced.monthlyCents).toBe(7_500 + 2_500 - 5_500);
    expect(priced.oneTimeCents).toBe(9_900);
    await expect(priceLines(t.db.db, [{ packageId: 999_999, action: 'add' }])).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('places a new-drop order: survey, construction, splicing and install, each waiting for the one before', async () => {
    const { orderId, workOrderIds } = await place();
    expect(workOrderIds).toHaveLength(4);
    const detail = OrderDetailSchema.parse(await getOrderDetail(t.ctx, orderId));
    expect(detail.status).toBe('placed');
    expect(detail.monthlyCents).toBe(7_500);
    expect(detail.oneTimeCents).toBe(9_900);
    expect(detail.workOrders.map((w) => [w.type, w.status, w.dependsOn])).toEqual([
      ['Consumer Site Survey', 'Open', null],
      ['Consumer Drop Construction', 'Waiting', workOrderIds[0]],
      ['Consumer Splicing', 'Waiting', workOrderIds[1]],
      ['Consumer Fiber Install', 'Waiting', workOrderIds[2]],
    ]);
    expect(detail.workOrders.map((w) => w.dueDate)).toEqual(['2027-02-22', '2027-03-01', '2027-03-08', '2027-03-15']);
    expect(detail.events.map((e) => e.kind)).toEqual(['placed']);
    expect(detail.lines).toMatchObject([{ packageId: 2, action: 'add', description: 'Fiber 1 Gig Internet' }]);
  });

  it('needs only the install where a drop exists, and no visit for a change without new equipment', async () => {
    const withDrop = await place({ dropExists: true });
    expect(withDrop.workOrderIds).toHaveLength(1);
    const change = await place({ kind: 'change', needsVisit: false, dropExists: true });
    expect(change.workOrderIds).toHaveLength(0);
  });

  it('refuses another customer’s location and an empty order, and leaves nothing behind', async () => {
    const before = await t.db.db.selectFrom('sales_orders').select('id').execute();
    await expect(place({ customerId: DEMO.customers.business })).rejects.toMatchObject({ statusCode: 400 });
    await expect(place({ lines: [] })).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      place({
        lines: [
          { packageId: 2, action: 'add' },
          { packageId: 404_404, action: 'add' },
        ],
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await t.db.db.selectFrom('sales_orders').select('id').execute()).toHaveLength(before.length);
  });

  it('answers 404 for an unknown order', async () => {
    await expect(getOrderDetail(t.ctx, 2_000_000_000)).rejects.toMatchObject({ statusCode: 404 });
  });
});
