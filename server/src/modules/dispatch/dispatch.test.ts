import { AssignResultSchema, DispatchBoardSchema } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import type { TestApp } from '../../test/harness.js';
import {
  assignAs,
  at,
  boardAs,
  CREW,
  INSTALLER,
  newOrderWorkOrders as newOrderWorkOrdersOf,
  OTHER_INSTALLER,
  startDispatchApp,
} from './dispatch-test-helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startDispatchApp(tokens);
});
afterAll(() => t.close());

const assign = (body: unknown, token = tokens.dispatcher, key?: string) => assignAs(t, body, token, key);
const board = (from?: string, to?: string, token = tokens.dispatcher) => boardAs(t, token, from, to);
const newOrderWorkOrders = () => newOrderWorkOrdersOf(t);

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
