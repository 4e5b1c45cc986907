import { StaffOrderListSchema, StaffOrderPageSchema } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { placeOrder } from '../orders/orders.service.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let orderId = 0;
let workOrderIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['staff', 'sales', 'dispatcher', 'network', 'billing-staff', 'installer', 'residential']) {
    tokens[u] = await t.login(u);
  }
  const placed = await t.db.db.transaction().execute((trx) =>
    placeOrder(t.ctx, trx, {
      customerId: DEMO.customers.business,
      serviceLocationId: DEMO.serviceLocations.businessMain,
      mailingLocationId: null,
      kind: 'new',
      lines: [{ packageId: 2, action: 'add' }],
      installDate: '2027-03-15',
      installWindow: '08:00-12:00',
      dropExists: false,
      needsVisit: true,
      placedBy: { userId: null, employeeId: 7 },
      notes: 'Placed by phone',
    }),
  );
  orderId = placed.orderId;
  workOrderIds = placed.workOrderIds;
});
afterAll(() => t.close());

let keyN = 0;
const get = (url: string, token = tokens.sales) => t.request({ method: 'GET', url, token });
const post = (url: string, payload: Record<string, unknown>, token = tokens.sales, key = `orders-test-${++keyN}`) =>
  t.request({ method: 'POST', url, token, payload, headers: { 'idempotency-key': key } });

describe('who sees orders', () => {
  it('sales, dispatchers and admins read; only sales and admins write; others are refused', async () => {
    for (const u of ['sales', 'dispatcher', 'staff']) {
      expect((await get('/api/staff/orders', tokens[u])).statusCode).toBe(200);
      expect((await get(`/api/staff/orders/${orderId}`, tokens[u])).statusCode).toBe(200);
    }
    for (const u of ['network', 'billing-staff', 'installer', 'residential']) {
      expect((await get('/api/staff/orders', tokens[u])).statusCode).toBe(403);
      expect((await get(`/api/staff/orders/${orderId}`, tokens[u])).statusCode).toBe(403);
    }
    for (const u of ['dispatcher', 'network', 'billing-staff', 'installer', 'residential']) {
      expect((await post(`/api/staff/orders/${orderId}/notes`, { note: 'x' }, tokens[u])).statusCode).toBe(403);
      expect((await post(`/api/staff/orders/${orderId}/status`, { status: 'survey_done' }, tokens[u])).statusCode).toBe(
        403,
      );
    }
    expect((await t.request({ method: 'GET', url: '/api/staff/orders' })).statusCode).toBe(401);
    const page = StaffOrderPageSchema.parse((await get(`/api/staff/orders/${orderId}`, tokens.dispatcher)).json());
    expect(page.canEdit).toBe(false);
    expect(StaffOrderPageSchema.parse((await get(`/api/staff/orders/${orderId}`, tokens.sales)).json()).canEdit).toBe(
      true,
    );
  });
});

describe('GET /api/staff/orders', () => {
  it('finds an order by id, customer name, customer number and address, newest first with a total', async () => {
    const byId = StaffOrderListSchema.parse((await get(`/api/staff/orders?q=${orderId}`)).json());
    expect(byId.orders.map((o) => o.orderId)).toContain(orderId);
    const byName = StaffOrderListSchema.parse((await get('/api/staff/orders?q=acme')).json());
    expect(byName.orders[0]).toMatchObject({ orderId, customerName: expect.stringMatching(/Acme/i), status: 'placed' });
    expect(byName.total).toBeGreaterThanOrEqual(1);
    const byNumber = StaffOrderListSchema.parse(
      (await get(`/api/staff/orders?q=${encodeURIComponent(DEMO.customers.business.slice(0, 9))}`)).json(),
    );
    expect(byNumber.orders.every((o) => o.vcCustomerID.startsWith(DEMO.customers.business.slice(0, 9)))).toBe(true);
    const street = byName.orders[0]?.fullAddress.split(',')[0] ?? '';
    const byAddress = StaffOrderListSchema.parse(
      (await get(`/api/staff/orders?q=${encodeURIComponent(street)}`)).json(),
    );
    expect(byAddress.orders.map((o) => o.orderId)).toContain(orderId);
    const short = StaffOrderListSchema.parse((await get('/api/staff/orders?q=ac')).json());
    expect(short.orders.map((o) => o.orderId)).toContain(orderId);
    const none = StaffOrderListSchema.parse((await get('/api/staff/orders?q=zzzz-no-such')).json());
    expect(none).toMatchObject({ orders: [], total: 0 });
  });

  it('filters by status and date range and pages 25 at a time', async () => {
    const placed = StaffOrderListSchema.parse((await get('/api/staff/orders?status=placed')).json());
    expect(placed.orders.every((o) => o.status === 'placed')).toBe(true);
    expect(placed.orders.map((o) => o.orderId)).toContain(orderId);
    const today = t.ctx.now().toISOString().slice(0, 10);
    const ranged = StaffOrderListSchema.parse((await get(`/api/staff/orders?from=${today}&to=${today}`)).json());
    expect(ranged.orders.map((o) => o.orderId)).toContain(orderId);
    expect(ranged.orders.every((o) => o.createdAt.slice(0, 10) === today)).toBe(true);
    const old = StaffOrderListSchema.parse((await get('/api/staff/orders?from=2000-01-01&to=2000-01-31')).json());
    expect(old.orders).toEqual([]);
    const all = StaffOrderListSchema.parse((await get('/api/staff/orders')).json());
    expect(all.pageSize).toBe(25);
    expect(all.orders.length).toBe(Math.min(25, all.total));
    if (all.total > 25) {
      const second = StaffOrderListSchema.parse((await get('/api/staff/orders?page=2')).json());
      expect(second.orders[0]?.orderId).not.toBe(all.orders[0]?.orderId);
    }
  });

  it('refuses bad filters naming the field', async () => {
    const cases: [string, string][] = [
      ['status=lost', 'status'],
      ['from=2026-02-30', 'from'],
      ['from=2026-03-05&to=2026-03-01', 'to'],
      ['page=0', 'page'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/staff/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toHaveProperty(field);
    }
  });
});

describe('one order', () => {
  it('shows customer, locations, lines, money, work orders with their checklist state, and a trail', async () => {
    const page = StaffOrderPageSchema.parse((await get(`/api/staff/orders/${orderId}`)).json());
    expect(page.customer).toMatchObject({ id: DEMO.customers.business, type: 'Business' });
    expect(page.order.fullAddress).not.toBe('');
    expect(page.order.lines).toHaveLength(1);
    expect(page.order.workOrders.map((w) => w.WOId)).toEqual(workOrderIds);
    expect(page.order.workOrders.every((w) => w.isComplete === false)).toBe(true);
    expect(page.order).toMatchObject({ paidCents: 0, refundedCents: 0 });
    expect(page.nextStatuses).toEqual(['survey_done', 'drop_built', 'spliced', 'installed']);
    expect(page.trail.map((e) => e.action)).toContain('placed');
  });

  it('answers an unknown order 404 and a bad id 400', async () => {
    expect((await get('/api/staff/orders/987654321')).statusCode).toBe(404);
    expect((await get('/api/staff/orders/abc')).statusCode).toBe(400);
    expect((await post('/api/staff/orders/987654321/notes', { note: 'hello' })).statusCode).toBe(404);
    expect((await post('/api/staff/orders/987654321/status', { status: 'survey_done' })).statusCode).toBe(404);
  });

  it('adds a note as a timeline event with who wrote it, audited, once per Idempotency-Key', async () => {
    const res = await post(
      `/api/staff/orders/${orderId}/notes`,
      { note: '  Customer asked for a morning visit.  ' },
      tokens.sales,
      'note-key-123456',
    );
    expect(res.statusCode).toBe(201);
    const again = await post(
      `/api/staff/orders/${orderId}/notes`,
      { note: 'Customer asked for a morning visit.' },
      tokens.sales,
      'note-key-123456',
    );
    expect(again.statusCode).toBe(201);
    const page = StaffOrderPageSchema.parse(again.json());
    const notes = page.order.events.filter((e) => e.kind === 'note');
    expect(notes.map((n) => n.message)).toEqual(['Customer asked for a morning visit.']);
    expect(page.trail.find((e) => e.source === 'event' && e.action === 'note')).toMatchObject({ who: 'Sofia Salazar' });
    expect(page.trail.some((e) => e.source === 'audit' && e.action === 'staff.order.note')).toBe(true);
    const empty = await post(`/api/staff/orders/${orderId}/notes`, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('note');
    const long = await post(`/api/staff/orders/${orderId}/notes`, { note: 'x'.repeat(2001) });
    expect(long.json().error.fields.note).toMatch(/2000/);
  });

  it('moves the status forward only, as mayMoveOrder allows, and records who did it', async () => {
    const back = await post(`/api/staff/orders/${orderId}/status`, { status: 'cancelled' });
    expect(back.statusCode).toBe(400);
    expect(back.json().error.fields).toHaveProperty('status');
    const fwd = await post(`/api/staff/orders/${orderId}/status`, {
      status: 'drop_built',
      reason: 'Drop already built by the builder',
    });
    expect(fwd.statusCode).toBe(200);
    const page = StaffOrderPageSchema.parse(fwd.json());
    expect(page.order.status).toBe('drop_built');
    expect(page.nextStatuses).toEqual(['spliced', 'installed']);
    expect(page.order.events.at(-1)?.message ?? page.order.events[0]?.message).toBeDefined();
    expect(page.trail.find((e) => e.action === 'staff.order.status')).toMatchObject({
      who: 'Sofia Salazar',
      message: expect.stringContaining('from: placed'),
    });
    const backwards = await post(`/api/staff/orders/${orderId}/status`, { status: 'survey_done' });
    expect(backwards.statusCode).toBe(409);
    expect(backwards.json().error.fields).toHaveProperty('status');
  });

  it("shows the dispatcher's scheduling of the order's work in the trail", async () => {
    const first = workOrderIds[0] as number;
    const res = await t.request({
      method: 'POST',
      url: '/api/staff/dispatch/assign',
      token: tokens.dispatcher,
      payload: { workOrderIds: [first], resourceId: 'contractor:2', start: '2027-03-01T09:00:00-06:00' },
      headers: { 'idempotency-key': 'orders-dispatch-1' },
    });
    expect(res.statusCode).toBe(200);
    const page = StaffOrderPageSchema.parse((await get(`/api/staff/orders/${orderId}`)).json());
    expect(page.trail.find((e) => e.action === 'dispatch.schedule')).toMatchObject({
      source: 'audit',
      message: expect.stringContaining(`Work order ${first}`),
    });
    expect(page.order.events.some((e) => e.kind === 'work_scheduled')).toBe(true);
  });
});
