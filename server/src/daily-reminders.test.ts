/**
 * The daily reminders round (jobs.ts) with real rows: the day-before visit reminder in provider time and the
 * expiring-card notice, each written once however many rounds run, on one instance or two at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './demo/generator.js';
import { sendCardExpiryNotices } from './modules/billing/card-expiry.jobs.js';
import { sendVisitReminders } from './modules/dispatch/visit-reminders.jobs.js';
import { createTestApp, secondInstance, type TestApp } from './test/harness.js';

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let workOrderId = 0;
/** The account's first work order, if it has one. */
const firstWorkOrderOf = async (customerId: string) =>
  (
    await t.db.db
      .selectFrom('work_orders')
      .select('id')
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .executeTakeFirst()
  )?.id;
beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  const wo = await firstWorkOrderOf(DEMO.customers.residential);
  if (wo === undefined) throw new Error('the demo has no residential work order');
  workOrderId = wo;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const outbox = (type: string) =>
  t.db.db
    .selectFrom('notification_outbox')
    .select(['channel', 'recipient_id', 'dedupe_key', 'payload', 'customer_id'])
    .where('event_type', '=', type)
    .orderBy('id')
    .execute();

// Missouri is on CST (UTC-6) until 2027-03-14: 2027-03-01 10:00 local is 16:00 UTC.
const local = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-06:00`);

describe('daily reminders', () => {
  it('reminds the account of tomorrow’s visit once, from 9 AM provider time, even from two instances at once', async () => {
    await t.db.db
      .updateTable('work_orders')
      .set({ status: 'Scheduled', next_scheduled_at: local('2027-03-02', '13:30').toISOString() })
      .where('id', '=', workOrderId)
      .execute();
    t.clock.now = local('2027-03-01', '08:30');
    expect(await sendVisitReminders(t.ctx)).toEqual({ visits: 0, written: 0 });

    t.clock.now = local('2027-03-01', '10:00');
    const [a, b] = await Promise.all([sendVisitReminders(t.ctx), sendVisitReminders(other.ctx)]);
    const again = await sendVisitReminders(t.ctx);
    expect(again.written).toBe(0);
    const rows = (await outbox('appointment.reminder')).filter((r) => r.dedupe_key.includes(`:${workOrderId}:`));
    expect(a.written + b.written).toBe(rows.length);
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['email', 'sms', 'in_app']));
    expect(new Set(rows.map((r) => r.dedupe_key)).size).toBe(rows.length);
    expect(rows.every((r) => r.customer_id === DEMO.customers.residential)).toBe(true);
    const payload = JSON.parse(rows[0]?.payload ?? '{}') as { title: string; body: string };
    expect(payload.title).toBe('Visit tomorrow, Tuesday, March 2');
    expect(payload.body).toContain('between noon and 5 PM');

    // The customer sees it in the notification center.
    const token = await t.login('residential');
    const list = await t.request({ method: 'GET', url: '/api/notifications', token });
    expect(list.json().items.map((i: { title: string }) => i.title)).toContain('Visit tomorrow, Tuesday, March 2');
  });

  it('says nothing of a visit two days away or of finished work, and reminds a moved visit for its new day', async () => {
    t.clock.now = local('2027-03-01', '11:00');
    await t.db.db
      .updateTable('work_orders')
      .set({ next_scheduled_at: local('2027-03-03', '09:00').toISOString() })
      .where('id', '=', workOrderId)
      .execute();
    const before = (await outbox('appointment.reminder')).length;
    expect((await sendVisitReminders(t.ctx)).written).toBe(0);

    t.clock.now = local('2027-03-02', '09:15');
    expect((await sendVisitReminders(t.ctx)).written).toBeGreaterThan(0);
    const rows = await outbox('appointment.reminder');
    expect(rows.slice(before).every((r) => r.dedupe_key.includes(`work-order:${workOrderId}:2027-03-03`))).toBe(true);

    await t.db.db
      .updateTable('work_orders')
      .set({ status: 'Complete', next_scheduled_at: local('2027-03-04', '09:00').toISOString() })
      .where('id', '=', workOrderId)
      .execute();
    t.clock.now = local('2027-03-03', '09:15');
    const done = await sendVisitReminders(t.ctx);
    expect((await outbox('appointment.reminder')).length).toBe(rows.length);
    expect(done.written).toBe(0);
  });

  it('reminds only the customer’s own users: not the installers, crews or staff of the provider’s own account', async () => {
    // A visit on the provider's own account (its crews' work, e.g. backbone splicing): nobody is reminded.
    const ownId =
      (await firstWorkOrderOf(DEMO.customers.provider)) ??
      (
        await t.db.db
          .updateTable('work_orders')
          .set({ customer_id: DEMO.customers.provider })
          .where('id', '=', workOrderId + 1)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await t.db.db
      .updateTable('work_orders')
      .set({ status: 'Scheduled', next_scheduled_at: local('2027-03-11', '09:00').toISOString() })
      .where('id', 'in', [ownId, workOrderId])
      .execute();
    t.clock.now = local('2027-03-10', '10:00');
    await sendVisitReminders(t.ctx);
    const rows = await outbox('appointment.reminder');
    expect(rows.filter((r) => r.dedupe_key.includes(`work-order:${ownId}:`))).toEqual([]);
    const fieldAndStaff = await t.db.db
      .selectFrom('users')
      .select('id')
      .where((w) => w.or([w('is_staff', '=', 1), w('installer', '=', 1), w('contractor_id', '>', 0)]))
      .execute();
    const staffIds = new Set(fieldAndStaff.map((u) => String(u.id)));
    expect(staffIds.has(String(DEMO.users.installer.id))).toBe(true);
    expect(rows.filter((r) => staffIds.has(r.recipient_id))).toEqual([]);
    // The customer's own visit that day is still reminded, to the customer.
    const customers = rows.filter((r) => r.dedupe_key.includes(`work-order:${workOrderId}:2027-03-11`));
    expect(customers.length).toBeGreaterThan(0);
    expect(customers.every((r) => r.customer_id === DEMO.customers.residential)).toBe(true);

    // The installer's session sees no reminder in its bell.
    const token = await t.login('installer');
    const list = await t.request({ method: 'GET', url: '/api/notifications', token });
    expect(list.json().items.map((i: { title: string }) => i.title)).not.toContain(
      'Visit tomorrow, Thursday, March 11',
    );
  });

  it('tells of a saved card expiring next month once per card and month, not of a deleted or later one', async () => {
    const card = (expMonth: number, expYear: number, deleted: string | null = null) =>
      t.db.db
        .insertInto('payment_methods')
        .values({
          customer_id: DEMO.customers.consumer,
          kind: 'card',
          gateway_token: `tok_expiry_${expMonth}_${expYear}_${deleted ? 'x' : 'y'}`,
          brand: 'Visa',
          last4: deleted ? '1111' : String(4000 + expMonth),
          exp_month: expMonth,
          exp_year: expYear,
          holder_name: 'Connor Cole',
          created_at: '2026-01-01T00:00:00.000Z',
          deleted_at: deleted,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const expiring = await card(4, 2027);
    await card(5, 2027);
    await card(4, 2027, '2026-06-01T00:00:00.000Z');

    t.clock.now = local('2027-03-05', '10:00');
    const [a, b] = await Promise.all([sendCardExpiryNotices(t.ctx), sendCardExpiryNotices(other.ctx)]);
    t.clock.now = local('2027-03-20', '10:00');
    const later = await sendCardExpiryNotices(t.ctx);
    const rows = (await outbox('card.expiring')).filter((r) => r.customer_id === DEMO.customers.consumer);
    expect(later.written).toBe(0);
    expect(a.written + b.written).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.dedupe_key.startsWith(`card.expiring|card:${expiring.id}:2027-04|`))).toBe(true);
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['email', 'in_app']));
    expect(JSON.parse(rows[0]?.payload ?? '{}').body).toContain('ending 4004');
  });
});
