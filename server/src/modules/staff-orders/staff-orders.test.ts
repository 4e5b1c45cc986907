import { INSTALL_BY_WORK_ONLY, StaffOrderListSchema, StaffOrderPageSchema } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { placeOrder } from '../orders/orders.service.js';
import { addOnt, placeConsumerOrder } from '../orders/orders-test-helpers.js';

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

  it('sorts on the server by a column, both ways, across pages', async () => {
    const list = async (query: string) => StaffOrderListSchema.parse((await get(`/api/staff/orders?${query}`)).json());
    const up = await list('sort=monthly&dir=asc');
    const cents = up.orders.map((o) => o.monthlyCents);
    expect(cents).toEqual([...cents].sort((a, b) => a - b));
    const down = await list('sort=monthly&dir=desc');
    expect(down.orders[0]?.monthlyCents).toBeGreaterThanOrEqual(Math.max(...cents));
    const byCustomer = (await list('sort=customer')).orders.map((o) => o.customerName.toLowerCase());
    expect(byCustomer).toEqual([...byCustomer].sort());
    const oldest = await list('sort=placed&dir=asc');
    const newest = await list('');
    expect(oldest.total).toBe(newest.total);
    expect((oldest.orders[0]?.createdAt ?? '') <= (newest.orders.at(-1)?.createdAt ?? '')).toBe(true);
  });

  it('lists only the open orders whose status has not moved for the stuck days (stuck=true)', async () => {
    const list = async (query: string) => StaffOrderListSchema.parse((await get(`/api/staff/orders?${query}`)).json());
    expect((await list('stuck=true')).orders.map((o) => o.orderId)).not.toContain(orderId);
    const moved = new Date(t.clock.now.getTime() - 10 * 86_400_000).toISOString();
    await t.db.db.updateTable('sales_orders').set({ updated_at: moved }).where('id', '=', orderId).execute();
    const stuck = await list('stuck=true');
    expect(stuck.orders.map((o) => o.orderId)).toContain(orderId);
    expect(stuck.orders.every((o) => !['installed', 'cancelled'].includes(o.status))).toBe(true);
    const home = (await get('/api/staff/home')).json() as { tiles: { id: string; count: number }[] };
    expect(home.tiles.find((x) => x.id === 'stuckOrders')?.count).toBe(stuck.total);
    const now = t.clock.now.toISOString();
    await t.db.db.updateTable('sales_orders').set({ updated_at: now }).where('id', '=', orderId).execute();
  });

  it('refuses bad filters naming the field', async () => {
    const cases: [string, string][] = [
      ['status=lost', 'status'],
      ['from=2026-02-30', 'from'],
      ['from=2026-03-05&to=2026-03-01', 'to'],
      ['page=0', 'page'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['sort=price', 'sort'],
      ['dir=up', 'dir'],
      ['stuck=yes', 'stuck'],
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
    // Sales never move an order to installed by hand: the install work order's completion does (issue 25, 5).
    expect(page.nextStatuses).toEqual(['survey_done', 'drop_built', 'spliced']);
    const asAdmin = StaffOrderPageSchema.parse((await get(`/api/staff/orders/${orderId}`, tokens.staff)).json());
    expect(asAdmin.nextStatuses).toEqual(['survey_done', 'drop_built', 'spliced', 'installed']);
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
    expect(page.nextStatuses).toEqual(['spliced']);
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

describe('installed only by the install, or by an admin override with a reason (issue 25, finding 5)', () => {
  const PAID = 6_000;
  /** A paid new-service order at a new location of the consumer with a drop (its one work order: the install). */
  async function paidOrder() {
    const placed = await placeConsumerOrder(t, {
      paidCents: PAID,
      dropExists: true,
      packageIds: [2, 4],
      prepare: (id) => addOnt(t, id, `ONT-OVR-${id}`),
    });
    const locationId = placed.serviceLocationId;
    return { orderId: placed.orderId, installId: placed.workOrderIds[0] ?? 0, locationId };
  }
  /** What an order's activation left: its packages, its first invoice's lines and balance, what paid it. */
  async function billed(orderId: number, locationId: number) {
    const order = await t.db.db
      .selectFrom('sales_orders')
      .select(['status', 'first_invoice_id', 'installed_at', 'paid_cents', 'refunded_cents'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const packages = await t.db.db
      .selectFrom('service_location_packages')
      .select(['package_id', 'active', 'start_date', 'order_id'])
      .where('service_location_id', '=', locationId)
      .orderBy('package_id')
      .execute();
    const invoice = order.first_invoice_id
      ? await t.db.db
          .selectFrom('invoices')
          .select(['amount_cents', 'balance_cents'])
          .where('id', '=', order.first_invoice_id)
          .executeTakeFirst()
      : undefined;
    const lines = order.first_invoice_id
      ? await t.db.db
          .selectFrom('invoice_lines')
          .select(['description', 'amount_cents'])
          .where('invoice_id', '=', order.first_invoice_id)
          .orderBy('id')
          .execute()
      : [];
    return {
      status: order.status,
      installed: order.installed_at !== null,
      refundedCents: order.refunded_cents,
      packages: packages.map((p) => ({ ...p, order_id: p.order_id === orderId ? 'this order' : p.order_id })),
      invoice,
      lines: lines.map((l) => ({ ...l, description: l.description.replace(`order ${orderId}`, 'order N') })),
    };
  }

  it('refuses sales marking a paid order installed (403, plain message); nothing activates or bills', async () => {
    const { orderId, locationId } = await paidOrder();
    const before = await billed(orderId, locationId);
    const res = await post(`/api/staff/orders/${orderId}/status`, { status: 'installed', reason: 'Customer says so' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(INSTALL_BY_WORK_ONLY);
    expect(await billed(orderId, locationId)).toEqual(before);
    expect(before).toMatchObject({ status: 'placed', installed: false, packages: [], invoice: undefined });
    // The customer can still cancel it, and the real install would still activate it.
    const page = StaffOrderPageSchema.parse((await get(`/api/staff/orders/${orderId}`)).json());
    expect(page.order.status).toBe('placed');
    expect(page.nextStatuses).not.toContain('installed');
  });

  it('an admin override needs a reason (400), then activates and bills exactly as the install does, audited', async () => {
    const viaInstall = await paidOrder();
    const viaOverride = await paidOrder();
    const installer = await t.login('installer');
    const done = await t.request({
      method: 'POST',
      url: `/api/installer/work-orders/${viaInstall.installId}/complete`,
      token: installer,
      payload: { assetsMovedConfirmed: true },
    });
    expect(done.statusCode).toBe(200);

    for (const reason of [undefined, '', '   ']) {
      const res = await post(
        `/api/staff/orders/${viaOverride.orderId}/status`,
        reason === undefined ? { status: 'installed' } : { status: 'installed', reason },
        tokens.staff,
      );
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().error.fields.reason).toMatch(/reason/);
    }
    expect((await billed(viaOverride.orderId, viaOverride.locationId)).status).toBe('placed');

    const mailsBefore = t.mail.length;
    const res = await post(
      `/api/staff/orders/${viaOverride.orderId}/status`,
      { status: 'installed', reason: 'Installed during the tablet outage; checklist on paper' },
      tokens.staff,
    );
    expect(res.statusCode).toBe(200);
    const page = StaffOrderPageSchema.parse(res.json());
    expect(page.order.status).toBe('installed');
    expect(page.nextStatuses).toEqual([]);
    expect(page.order.events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['installed', 'activated', 'invoiced']),
    );

    const installed = await billed(viaInstall.orderId, viaInstall.locationId);
    const overridden = await billed(viaOverride.orderId, viaOverride.locationId);
    expect(installed.status).toBe('installed');
    expect(installed.invoice).toBeDefined();
    expect(installed.packages).toHaveLength(2);
    expect(overridden).toEqual(installed);

    const auditRow = await t.db.db
      .selectFrom('audit_log')
      .select(['employee_id', 'user_id', 'detail'])
      .where('action', '=', 'staff.order.override')
      .where('subject', '=', `sales_order:${viaOverride.orderId}`)
      .executeTakeFirstOrThrow();
    expect(auditRow.user_id).toBe(await t.userId('staff'));
    expect(JSON.parse(auditRow.detail ?? '{}')).toMatchObject({
      from: 'placed',
      to: 'installed',
      reason: 'Installed during the tablet outage; checklist on paper',
    });
    expect(page.trail.some((e) => e.action === 'staff.order.override')).toBe(true);
    expect(t.mail.slice(mailsBefore).map((m) => m.subject)).toEqual([
      `Your service is active (order ${viaOverride.orderId})`,
    ]);

    // The install done later changes nothing more: no second activation or invoice.
    const invoices = async () =>
      (await t.db.db.selectFrom('invoices').select('id').where('customer_id', '=', DEMO.customers.consumer).execute())
        .length;
    const count = await invoices();
    const later = await t.request({
      method: 'POST',
      url: `/api/installer/work-orders/${viaOverride.installId}/complete`,
      token: installer,
      payload: { assetsMovedConfirmed: true },
    });
    expect(later.statusCode).toBe(200);
    expect(await invoices()).toBe(count);
    expect(await billed(viaOverride.orderId, viaOverride.locationId)).toEqual(overridden);
    // An installed order is not overridden again.
    const again = await post(
      `/api/staff/orders/${viaOverride.orderId}/status`,
      { status: 'installed', reason: 'Twice' },
      tokens.staff,
    );
    expect(again.statusCode).toBe(409);
  });
});
