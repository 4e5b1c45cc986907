/** The dispatcher's availability check, and the notices a scheduled visit sends (issue 30). */
import { DispatchAvailabilitySchema, DispatchBoardSchema } from '@strand/domain';
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

  it("tells each user of the contractor company the work is given to, not another company's users", async () => {
    const [first] = await newOrderWorkOrders();
    const id = first as number;
    const field = async () => (await notices(id)).filter((n) => n.event_type.startsWith('field.'));
    expect((await assign({ workOrderIds: [id], resourceId: CREW, start: at('08:00', '2027-03-12') })).statusCode).toBe(
      200,
    );
    const assigned = await field();
    // Company 2's users (Carla, and Frankie who is also an installer), once each, in-app; company 1's Colin: nothing.
    expect(assigned.map((n) => [n.event_type, n.channel, n.recipient_kind, n.recipient_id])).toEqual([
      ['field.work_order_assigned', 'in_app', 'employee', String(DEMO.users.contractor.id)],
      ['field.work_order_assigned', 'in_app', 'employee', String(DEMO.users.fieldtech.id)],
    ]);
    expect(assigned.some((n) => n.recipient_id === String(DEMO.users.contractor1.id))).toBe(false);
    // Carla's bell has it, with the work order it links to; Colin's does not.
    const bell = async (token: string | undefined) =>
      (await t.request({ method: 'GET', url: '/api/notifications', token })).json() as {
        items: { eventType: string; title: string; data: Record<string, string> }[];
      };
    const carla = (await bell(tokens.contractor)).items.filter((n) => n.data.workOrder === String(id));
    expect(carla).toMatchObject([{ eventType: 'field.work_order_assigned', title: 'New work order assigned' }]);
    const colin = await t.login('contractor1');
    expect((await bell(colin)).items.some((n) => n.data.workOrder === String(id))).toBe(false);

    // A move of the company's visit: moved, once per user; the same slot again says nothing more.
    await assign({ workOrderIds: [id], resourceId: CREW, start: at('13:00', '2027-03-12') });
    await assign({ workOrderIds: [id], resourceId: CREW, start: at('13:00', '2027-03-12') });
    const moved = (await field()).filter((n) => n.event_type === 'field.work_order_moved');
    expect(moved.map((n) => n.recipient_id)).toEqual([
      String(DEMO.users.contractor.id),
      String(DEMO.users.fieldtech.id),
    ]);
  });
});
