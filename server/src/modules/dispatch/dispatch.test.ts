// Long file: the dispatch API in one suite (board, availability, assign, moves, visit notices) shares one seeded app.
import { AssignResultSchema, DispatchAvailabilitySchema, DispatchBoardSchema } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { placeOrder } from '../orders/orders.service.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of [
    'staff',
    'dispatcher',
    'sales',
    'network',
    'billing-staff',
    'installer',
    'contractor',
    'residential',
  ]) {
    tokens[u] = await t.login(u);
  }
});
afterAll(() => t.close());

const INSTALLER = `installer:${DEMO.users.installer.id}`;
const OTHER_INSTALLER = `installer:${DEMO.users.otherInstaller.id}`;
const CREW = 'contractor:2';
// 2027-03-01 is a Monday; Missouri is on CST (UTC-6) until 2027-03-14.
const at = (hhmm: string, day = '2027-03-01') => new Date(`${day}T${hhmm}:00-06:00`).toISOString();

let keyN = 0;
const assign = (body: unknown, token = tokens.dispatcher, key = `dispatch-test-${++keyN}`) =>
  t.request({
    method: 'POST',
    url: '/api/staff/dispatch/assign',
    token,
    payload: body as Record<string, unknown>,
    headers: { 'idempotency-key': key },
  });
const board = (from = '2027-03-01', to = '2027-03-05', token = tokens.dispatcher) =>
  t.request({ method: 'GET', url: `/api/staff/dispatch/board?from=${from}&to=${to}`, token });

async function newOrderWorkOrders(): Promise<number[]> {
  return t.db.db.transaction().execute(async (trx) => {
    const placed = await placeOrder(t.ctx, trx, {
      customerId: DEMO.customers.residential,
      serviceLocationId: DEMO.serviceLocations.residential,
      mailingLocationId: null,
      kind: 'new',
      lines: [{ packageId: 2, action: 'add' }],
      installDate: '2027-03-15',
      installWindow: '08:00-12:00',
      dropExists: false,
      needsVisit: true,
      placedBy: { userId: null, employeeId: 7 },
    });
    return placed.workOrderIds;
  });
}

describe('who may use the board', () => {
  it('admits dispatchers and admins; refuses the other staff roles, field users and customers', async () => {
    for (const u of ['dispatcher', 'staff'])
      expect((await board('2027-03-01', '2027-03-01', tokens[u])).statusCode).toBe(200);
    for (const u of ['sales', 'network', 'billing-staff', 'installer', 'contractor', 'residential']) {
      expect((await board('2027-03-01', '2027-03-01', tokens[u])).statusCode).toBe(403);
      expect(
        (await assign({ workOrderIds: [DEMO.workOrders.pending], resourceId: INSTALLER }, tokens[u])).statusCode,
      ).toBe(403);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/staff/dispatch/board?from=2027-03-01&to=2027-03-01' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/staff/dispatch/board', () => {
  it('lists installers and crews, and the unassigned, overdue and waiting work', async () => {
    const res = await board();
    expect(res.statusCode).toBe(200);
    const b = DispatchBoardSchema.parse(res.json());
    expect(b.resources).toEqual(
      expect.arrayContaining([
        { id: INSTALLER, kind: 'installer', title: 'Ian Ingram' },
        { id: CREW, kind: 'contractor', title: 'Prairie Fiber Builders' },
      ]),
    );
    const pending = b.workOrders.find((w) => w.id === DEMO.workOrders.pending);
    expect(pending).toMatchObject({ unassigned: true, assignedTo: [], slot: null });
    for (const w of b.workOrders) {
      expect(w.unassigned || w.overdue || w.status === 'Waiting' || w.slot !== null).toBe(true);
      if (w.overdue) expect(w.dueDate && w.dueDate < b.today).toBe(true);
    }
  });

  it('refuses a bad range, naming the field', async () => {
    const backwards = await board('2027-03-05', '2027-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty('to');
    const long = await board('2027-03-01', '2027-05-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.to).toMatch(/at most 31 days/);
    const notDate = await t.request({
      method: 'GET',
      url: '/api/staff/dispatch/board?from=2027-02-30&to=2027-03-01',
      token: tokens.dispatcher,
    });
    expect(notDate.statusCode).toBe(400);
    expect(notDate.json().error.fields).toHaveProperty('from');
  });
});

describe('POST /api/staff/dispatch/assign', () => {
  it('schedules a pending work order on an installer, who then finds it under Assigned to Me', async () => {
    const res = await assign({ workOrderIds: [DEMO.workOrders.pending], resourceId: INSTALLER, start: at('09:00') });
    expect(res.statusCode).toBe(200);
    const result = AssignResultSchema.parse(res.json());
    expect(result.results[0]).toMatchObject({
      workOrderId: DEMO.workOrders.pending,
      resourceId: INSTALLER,
      slot: { start: at('09:00'), end: at('11:00'), flags: { doubleBookedWith: [], outsideWorkingHours: false } },
    });
    const search = await t.request({
      method: 'GET',
      url: '/api/installer/work-orders?ByAssignment=1&ShowPendingAssigned=0',
      token: tokens.installer,
    });
    const found = search.json().workOrders.find((w: { nCount: number }) => w.nCount === DEMO.workOrders.pending);
    expect(found).toMatchObject({ vcNextScheduledTime: at('09:00') });
    const wo = await t.db.db
      .selectFrom('work_orders')
      .select(['next_scheduled_at', 'next_scheduled_name', 'contractor_id'])
      .where('id', '=', DEMO.workOrders.pending)
      .executeTakeFirstOrThrow();
    expect(wo).toMatchObject({ next_scheduled_at: at('09:00'), contractor_id: null });
    expect(wo.next_scheduled_name).toMatch(/Consumer Fiber Install - /);
    const audits = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `work_order:${DEMO.workOrders.pending}`)
      .where('action', '=', 'dispatch.schedule')
      .execute();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]?.detail ?? '{}')).toMatchObject({ resourceId: INSTALLER, start: at('09:00') });
    // The board shows it in its slot.
    const b = DispatchBoardSchema.parse((await board()).json());
    expect(b.workOrders.find((w) => w.id === DEMO.workOrders.pending)).toMatchObject({
      assignedTo: [INSTALLER],
      unassigned: false,
      slot: { resourceId: INSTALLER, start: at('09:00') },
    });
  });

  it('refuses double booking of the installer with 409 naming the other work order', async () => {
    const slotOf = () =>
      t.db.db
        .selectFrom('work_order_slots')
        .selectAll()
        .where('work_order_id', '=', DEMO.workOrders.otherInstallers)
        .executeTakeFirst();
    const before = await slotOf();
    const res = await assign({
      workOrderIds: [DEMO.workOrders.otherInstallers],
      resourceId: INSTALLER,
      start: at('10:00'),
      durationMinutes: 60,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'double_booked',
      fields: { start: expect.stringContaining('100005') },
    });
    expect(res.json().error.message).toContain('Ian Ingram is already booked with work order 100005');
    // The other visit's time, its day said once: "(Mar 2, 09:00–11:00)".
    expect(res.json().error.message).toMatch(/ \([A-Z][a-z]{2} \d{1,2}, 09:00–\d{2}:\d{2}\) at that time\.$/);
    // Nothing was written.
    expect(await slotOf()).toEqual(before);
    // Right after it ends is fine; outside working hours is accepted and flagged.
    const after = await assign({
      workOrderIds: [DEMO.workOrders.otherInstallers],
      resourceId: INSTALLER,
      start: at('16:30'),
      durationMinutes: 60,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().results[0].slot.flags).toMatchObject({ doubleBookedWith: [], outsideWorkingHours: true });
  });

  it('reschedules and reassigns without a start by keeping the slot times', async () => {
    const res = await assign({ workOrderIds: [DEMO.workOrders.otherInstallers], resourceId: OTHER_INSTALLER });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0].slot).toMatchObject({ resourceId: OTHER_INSTALLER, start: at('16:30') });
    const assignees = await t.db.db
      .selectFrom('work_order_assignments')
      .select('user_id')
      .where('work_order_id', '=', DEMO.workOrders.otherInstallers)
      .execute();
    expect(assignees).toEqual([{ user_id: DEMO.users.otherInstaller.id }]);
  });

  it('gives work to a contractor crew: its work orders and its calendar event follow the slot', async () => {
    const [survey] = (await newOrderWorkOrders()) as [number];
    const res = await assign({ workOrderIds: [survey], resourceId: CREW, start: at('13:00', '2027-03-02') });
    expect(res.statusCode).toBe(200);
    const events = await t.request({
      method: 'GET',
      url: `/api/contractor/calendar-events?start=${encodeURIComponent(at('00:00', '2027-03-02'))}&end=${encodeURIComponent(at('00:00', '2027-03-03'))}`,
      token: tokens.contractor,
    });
    expect(events.statusCode).toBe(200);
    const event = events.json().find((e: { WorkOrderID: number | null }) => e.WorkOrderID === survey);
    expect(event).toMatchObject({ start: at('13:00', '2027-03-02'), end: at('15:00', '2027-03-02') });
    // Named like the demo's visits: which work order, what and where.
    expect(event.title).toMatch(new RegExp(`^WO ${survey}: .+ - .+`));
    const where = await t.db.db
      .selectFrom('work_orders as wo')
      .innerJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
      .select('sl.address')
      .where('wo.id', '=', survey)
      .executeTakeFirstOrThrow();
    expect(event.title).toContain(where.address);
    const wo = await t.request({
      method: 'GET',
      url: `/api/contractor/work-orders/${survey}`,
      token: tokens.contractor,
    });
    expect(wo.statusCode).toBe(200);
    // Moving it moves the same event; giving it to an installer removes it.
    await assign({ workOrderIds: [survey], resourceId: CREW, start: at('08:00', '2027-03-02') });
    const rows = await t.db.db.selectFrom('calendar_events').selectAll().where('work_order_id', '=', survey).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.starts_at).toBe(at('08:00', '2027-03-02'));
    await assign({ workOrderIds: [survey], resourceId: INSTALLER, start: at('13:00', '2027-03-02') });
    expect(
      await t.db.db.selectFrom('calendar_events').selectAll().where('work_order_id', '=', survey).execute(),
    ).toEqual([]);
    const after = await t.request({
      method: 'GET',
      url: `/api/contractor/work-orders/${survey}`,
      token: tokens.contractor,
    });
    expect(after.statusCode).toBe(403);
  });

  it("keeps a waiting work order after its predecessor's slot, and flags an unscheduled predecessor", async () => {
    const [survey, construction, splicing] = (await newOrderWorkOrders()) as [number, number, number];
    const early = await assign({ workOrderIds: [splicing], resourceId: CREW, start: at('08:00', '2027-03-03') });
    expect(early.statusCode).toBe(200);
    expect(early.json().results[0].slot.flags.predecessorUnscheduled).toBe(true);

    await assign({ workOrderIds: [survey], resourceId: CREW, start: at('09:00', '2027-03-04') });
    // Another crew builds the drop: only the order of the steps is in the way.
    const before = await assign({
      workOrderIds: [construction],
      resourceId: 'contractor:1',
      start: at('10:00', '2027-03-04'),
    });
    expect(before.statusCode).toBe(409);
    expect(before.json().error).toMatchObject({ code: 'before_predecessor', fields: { start: expect.any(String) } });
    expect(before.json().error.message).toContain(`waits for work order ${survey}`);
    const ok = await assign({
      workOrderIds: [construction],
      resourceId: 'contractor:1',
      start: at('11:00', '2027-03-04'),
    });
    expect(ok.statusCode).toBe(200);
    // The order's timeline tells the customer when the work is.
    const events = await t.db.db
      .selectFrom('sales_order_events')
      .select(['kind', 'message'])
      .where('work_order_id', '=', construction)
      .execute();
    expect(events).toEqual([
      { kind: 'work_scheduled', message: 'Consumer Drop Construction scheduled for Mar 4, 11:00.' },
    ]);
    // The board shows the waiting splicing flagged: it now starts before the construction ends.
    const b = DispatchBoardSchema.parse((await board('2027-03-01', '2027-03-05')).json());
    const row = b.workOrders.find((w) => w.id === splicing);
    expect(row).toMatchObject({ status: 'Waiting', dependsOn: construction });
    expect(row?.slot?.flags.beforePredecessor).toBe(true);
  });

  it('assigns several work orders back to back in one request', async () => {
    const ids = (await newOrderWorkOrders()).slice(0, 2);
    const res = await assign({
      workOrderIds: ids,
      resourceId: 'contractor:3',
      start: at('08:00', '2027-03-05'),
      durationMinutes: 90,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { slot: { start: string; end: string } }) => [r.slot.start, r.slot.end])).toEqual(
      [
        [at('08:00', '2027-03-05'), at('09:30', '2027-03-05')],
        [at('09:30', '2027-03-05'), at('11:00', '2027-03-05')],
      ],
    );
    // Assigning without a time only assigns.
    const [another] = await newOrderWorkOrders();
    const plain = await assign({ workOrderIds: [another], resourceId: INSTALLER });
    expect(plain.json().results[0]).toMatchObject({ slot: null, resourceId: INSTALLER });
  });

  it('answers a retry with the same Idempotency-Key from the first result, writing once', async () => {
    const [wo] = await newOrderWorkOrders();
    const body = { workOrderIds: [wo], resourceId: 'contractor:4', start: at('08:00', '2027-03-08') };
    const first = await assign(body, tokens.dispatcher, 'same-key-12345');
    const second = await assign(body, tokens.dispatcher, 'same-key-12345');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const audits = await t.db.db
      .selectFrom('audit_log')
      .select('id')
      .where('subject', '=', `work_order:${wo}`)
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('answers unknown work orders 404 and bad input 400 naming the field', async () => {
    const unknown = await assign({ workOrderIds: [987_654_321], resourceId: INSTALLER });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('987654321');
    const cases: [unknown, string][] = [
      [{ workOrderIds: [], resourceId: INSTALLER }, 'workOrderIds'],
      [{ workOrderIds: [1, 1], resourceId: INSTALLER }, 'workOrderIds'],
      [{ workOrderIds: [DEMO.workOrders.pending], resourceId: 'crew:1' }, 'resourceId'],
      [{ workOrderIds: [DEMO.workOrders.pending], resourceId: 'installer:999999' }, 'resourceId'],
      [{ workOrderIds: [DEMO.workOrders.pending], resourceId: `installer:${DEMO.users.residential.id}` }, 'resourceId'],
      [{ workOrderIds: [DEMO.workOrders.pending], resourceId: 'contractor:999' }, 'resourceId'],
      [{ workOrderIds: [DEMO.workOrders.pending], resourceId: INSTALLER, start: 'tomorrow' }, 'start'],
      [
        { workOrderIds: [DEMO.workOrders.pending], resourceId: INSTALLER, start: at('09:00'), durationMinutes: 5 },
        'durationMinutes',
      ],
      [{ workOrderIds: [DEMO.workOrders.pending], resourceId: INSTALLER, durationMinutes: 60 }, 'start'],
    ];
    for (const [body, field] of cases) {
      const res = await assign(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const noKeyShape = await t.request({
      method: 'POST',
      url: '/api/staff/dispatch/assign',
      token: tokens.dispatcher,
      payload: { workOrderIds: [DEMO.workOrders.pending], resourceId: INSTALLER },
      headers: { 'idempotency-key': 'bad key!' },
    });
    expect(noKeyShape.statusCode).toBe(400);
  });

  it('refuses to schedule finished work (409)', async () => {
    const done = await t.db.db
      .selectFrom('work_orders')
      .select('id')
      .where('status', '=', 'Complete')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await assign({ workOrderIds: [done.id], resourceId: INSTALLER, start: at('09:00', '2027-03-09') });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toHaveProperty('workOrderIds');
  });
});

describe('GET /api/staff/dispatch/availability', () => {
  const available = (query: string, token = tokens.dispatcher) =>
    t.request({ method: 'GET', url: `/api/staff/dispatch/availability?${query}`, token });

  it('lists every installer and crew, free or with the visits it would overlap; a move is checked and audited', async () => {
    const ids = await newOrderWorkOrders();
    const first = ids[0] as number;
    const second = ids[1] as number;
    expect(first && second).toBeTruthy();
    const day = '2027-03-03';
    const placed = await assign({
      workOrderIds: [first],
      resourceId: OTHER_INSTALLER,
      start: at('08:00', day),
      durationMinutes: 120,
    });
    expect(placed.statusCode).toBe(200);

    const res = await available(
      `start=${encodeURIComponent(at('09:00', day))}&end=${encodeURIComponent(at('10:00', day))}&workOrderId=${second}`,
    );
    expect(res.statusCode).toBe(200);
    const body = DispatchAvailabilitySchema.parse(res.json());
    const boardRes = DispatchBoardSchema.parse((await board(day, day)).json());
    expect(body.resources.map((r) => r.resourceId)).toEqual(boardRes.resources.map((r) => r.id));
    const other = body.resources.find((r) => r.resourceId === OTHER_INSTALLER);
    expect(other).toMatchObject({ available: false, conflicts: [{ workOrderId: first }] });
    expect(body.resources.some((r) => r.available && r.conflicts.length === 0)).toBe(true);
    expect(body.outsideWorkingHours).toBe(false);

    // The work order's own slot is no conflict with itself.
    const self = DispatchAvailabilitySchema.parse(
      (
        await available(
          `start=${encodeURIComponent(at('09:00', day))}&end=${encodeURIComponent(at('10:00', day))}&workOrderId=${first}`,
        )
      ).json(),
    );
    expect(self.resources.find((r) => r.resourceId === OTHER_INSTALLER)?.available).toBe(true);

    // A move onto that time is refused naming the overlapping job, nothing written; a free time is saved + audited.
    const clash = await assign({
      workOrderIds: [second],
      resourceId: OTHER_INSTALLER,
      start: at('09:00', day),
      durationMinutes: 60,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toContain(`work order ${first}`);
    expect(
      await t.db.db
        .selectFrom('work_order_slots')
        .select('work_order_id')
        .where('work_order_id', '=', second)
        .execute(),
    ).toEqual([]);
    const moved = await assign({
      workOrderIds: [second],
      resourceId: OTHER_INSTALLER,
      start: at('10:30', day),
      durationMinutes: 60,
    });
    expect(moved.statusCode).toBe(200);
    const audits = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `work_order:${second}`)
      .execute();
    expect(audits.map((a) => a.action)).toContain('dispatch.schedule');
  });

  it('refuses other roles, an unknown work order (404) and bad times (400 naming the field)', async () => {
    const q = `start=${encodeURIComponent(at('09:00'))}&end=${encodeURIComponent(at('10:00'))}`;
    for (const who of ['sales', 'network', 'billing-staff', 'installer', 'contractor', 'residential']) {
      expect((await available(q, tokens[who])).statusCode, who).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: `/api/staff/dispatch/availability?${q}` })).statusCode).toBe(401);
    const unknown = await available(`${q}&workOrderId=999999`);
    expect(unknown.statusCode).toBe(404);
    expect((await available(`${q}&workOrderId=abc`)).statusCode).toBe(400);
    const bad = await available(`start=tomorrow&end=${encodeURIComponent(at('10:00'))}`);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Start must be a date and time');
    const backwards = await available(
      `start=${encodeURIComponent(at('10:00'))}&end=${encodeURIComponent(at('09:00'))}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('End must be 15 to 600 minutes after start.');
  });
});

describe('the notices of a scheduled visit (issue 30)', () => {
  const notices = (workOrderId: number) =>
    t.db.db
      .selectFrom('notification_outbox')
      .select(['event_type', 'channel', 'recipient_kind', 'recipient_id', 'payload'])
      .where('dedupe_key', 'like', `%|work-order:${workOrderId}:%`)
      .orderBy('id')
      .execute();

  it('tells the customer of a booking and of a move to another window, not of a move inside the same window', async () => {
    const [first] = await newOrderWorkOrders();
    const id = first as number;
    expect(
      (await assign({ workOrderIds: [id], resourceId: INSTALLER, start: at('08:00', '2027-03-11') })).statusCode,
    ).toBe(200);
    const booked = await notices(id);
    expect(new Set(booked.map((n) => n.event_type))).toEqual(
      new Set(['appointment.booked', 'field.work_order_assigned']),
    );
    const inApp = booked.find((n) => n.event_type === 'appointment.booked' && n.channel === 'in_app');
    expect(JSON.parse(inApp?.payload ?? '{}').body).toMatch(/on Thursday, March 11 between 8 AM and noon\.$/);
    expect(booked.find((n) => n.event_type === 'field.work_order_assigned')).toMatchObject({
      channel: 'in_app',
      recipient_kind: 'employee',
      recipient_id: String(DEMO.users.installer.id),
    });

    // 08:00 -> 10:00 the same morning: the customer's window is the same, so the customer hears nothing new.
    expect(
      (await assign({ workOrderIds: [id], resourceId: INSTALLER, start: at('10:00', '2027-03-11') })).statusCode,
    ).toBe(200);
    const afterSameWindow = await notices(id);
    expect(afterSameWindow.filter((n) => n.event_type.startsWith('appointment.'))).toHaveLength(
      booked.filter((n) => n.event_type.startsWith('appointment.')).length,
    );
    expect(afterSameWindow.filter((n) => n.event_type === 'field.work_order_moved')).toHaveLength(1);

    // To the afternoon: another window, the customer is told.
    expect(
      (await assign({ workOrderIds: [id], resourceId: INSTALLER, start: at('13:00', '2027-03-11') })).statusCode,
    ).toBe(200);
    const moved = (await notices(id)).filter((n) => n.event_type === 'appointment.moved');
    expect(moved.length).toBeGreaterThan(0);
    expect(JSON.parse(moved[0]?.payload ?? '{}').title).toBe('Visit moved to Thursday, March 11');
    expect(JSON.parse(moved[0]?.payload ?? '{}').body).toMatch(/between noon and 5 PM\.$/);
  });
});
