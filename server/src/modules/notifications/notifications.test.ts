/**
 * Notifications API: the outbox written by `notify` (dedupe, preferences, security always), the notification center
 * (list, unread count, mark read, foreign ids refused), preferences (own, a business admin's for the account's users,
 * bad input named), one-click unsubscribe (signed, honoured at once) and the staff delivery log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/demo-ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { BUSINESS, superUser } from '../customer-account/customer-test-helpers.js';
import { notify, unsubscribeUrl } from './notifications.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The outbox rows of one event (the seeded orders and payments write notices of their own). */
const outbox = (type: string, key: string) =>
  t.db.db
    .selectFrom('notification_outbox')
    .selectAll()
    .where('dedupe_key', 'like', `${type}|${key}|%`)
    .orderBy('id')
    .execute();

describe('notify (the outbox)', () => {
  it('writes one row per recipient and channel in the caller’s transaction, and a repeat adds nothing', async () => {
    const event = {
      type: 'invoice.ready' as const,
      key: 'invoice:t1',
      customerId: '1000-2000-0001',
      data: { amount: '$80.00', due: 'Dec 15' },
    };
    const written = await t.db.db.transaction().execute((trx) => notify(trx, t.clock.now, event));
    expect(written).toBeGreaterThan(0);
    expect(await t.db.db.transaction().execute((trx) => notify(trx, t.clock.now, event))).toBe(0);
    const rows = await outbox('invoice.ready', 'invoice:t1');
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'in_app']);
    expect(rows.find((r) => r.channel === 'email')).toMatchObject({ state: 'queued', category: 'billing' });
    expect(rows.find((r) => r.channel === 'in_app')).toMatchObject({ state: 'delivered' });
    expect(JSON.parse(rows[0]?.payload ?? '{}').body).toBe('Your bill of $80.00 is ready; it is due Dec 15.');
  });

  it('writes nothing when the transaction rolls back', async () => {
    await expect(
      t.db.db.transaction().execute(async (trx) => {
        await notify(trx, t.clock.now, {
          type: 'order.cancelled',
          key: 'order:rollback',
          customerId: '1000-2000-0001',
        });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await outbox('order.cancelled', 'order:rollback')).toHaveLength(0);
  });

  it('sends marketing only to who turned it on, and security even to who turned everything off', async () => {
    const token = await t.login('consumer');
    const off = ['email', 'sms', 'in_app'].map((channel) => ({ category: 'security', channel, enabled: false }));
    const refused = await t.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token,
      payload: { preferences: off },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields['preferences.0.enabled']).toBe('Security notices cannot be turned off.');
    await notify(t.db.db, t.clock.now, {
      type: 'marketing.offer',
      key: 'offer:1',
      customerId: '1000-2000-0002',
      data: { subject: 'Faster', message: 'Try 2 Gig' },
    });
    expect(await outbox('marketing.offer', 'offer:1')).toHaveLength(0);
    const userId = await t.userId('consumer');
    await notify(t.db.db, t.clock.now, {
      type: 'security.password_changed',
      key: 'pw:1',
      userIds: [userId],
      data: { username: 'consumer' },
    });
    expect((await outbox('security.password_changed', 'pw:1')).map((r) => r.channel).sort()).toEqual([
      'email',
      'in_app',
    ]);
  });
});

describe('who hears of an account (customerUsersOf)', () => {
  const moveUser = (id: number, customerId: string) =>
    t.db.db.updateTable('users').set({ customer_id: customerId }).where('id', '=', id).execute();
  const recipients = async (key: string) => (await outbox('invoice.ready', key)).map((r) => r.recipient_id);

  it('goes by the account’s type: a customer account is told even if a staff user carries it', async () => {
    // A staff member who is also a subscriber (their user on Rhonda's account): Rhonda still hears of her bill.
    await moveUser(DEMO.users.network.id, DEMO.customers.residential);
    try {
      await notify(t.db.db, t.clock.now, {
        type: 'invoice.ready',
        key: 'invoice:staff-carried',
        customerId: DEMO.customers.residential,
        data: { amount: '$80.00', due: 'Dec 15' },
      });
      const told = await recipients('invoice:staff-carried');
      expect(told).toContain(String(DEMO.users.residential.id));
      // The staff member's own user is not a customer user.
      expect(told).not.toContain(String(DEMO.users.network.id));
    } finally {
      await moveUser(DEMO.users.network.id, DEMO.customers.provider);
    }
  });

  it('never tells a plain user of the provider’s own account or of a contractor company’s', async () => {
    // A user on the provider's account who is neither staff nor field (an office login): not a customer user.
    await moveUser(DEMO.users.consumer.id, DEMO.customers.provider);
    try {
      for (const customerId of [DEMO.customers.provider, DEMO.customers.prairieFiber]) {
        await notify(t.db.db, t.clock.now, {
          type: 'invoice.ready',
          key: `invoice:internal-${customerId}`,
          customerId,
          data: { amount: '$1.00', due: 'Dec 15' },
        });
        expect(await recipients(`invoice:internal-${customerId}`)).toEqual([]);
      }
    } finally {
      await moveUser(DEMO.users.consumer.id, DEMO.customers.consumer);
    }
  });
});

describe('the notification center', () => {
  it('lists the user’s own notices with the unread count; mark one and all read; a foreign id is not found', async () => {
    const token = await t.login('residential');
    const other = await t.login('business');
    const before = await t.request({ method: 'GET', url: '/api/notifications', token });
    expect(before.statusCode).toBe(200);
    const { items, unread } = before.json();
    expect(unread).toBeGreaterThan(0);
    const invoice = items.find((i: { eventType: string }) => i.eventType === 'invoice.ready');
    expect(invoice).toMatchObject({ title: 'Your bill is ready', read: false, category: 'billing' });
    const foreign = await t.request({ method: 'POST', url: `/api/notifications/${invoice.id}/read`, token: other });
    expect(foreign.statusCode).toBe(404);
    const one = await t.request({ method: 'POST', url: `/api/notifications/${invoice.id}/read`, token });
    expect(one.json().unread).toBe(unread - 1);
    const all = await t.request({ method: 'POST', url: '/api/notifications/read-all', token });
    expect(all.json().unread).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('works for field users: a new work order assigned', async () => {
    const installer = await t.userId('installer');
    await notify(t.db.db, t.clock.now, {
      type: 'field.work_order_assigned',
      key: 'wo:100001:assigned',
      userIds: [installer],
      data: { workOrder: '100001', address: '1 Main St', date: 'Dec 2' },
    });
    const res = await t.request({ method: 'GET', url: '/api/notifications', token: await t.login('installer') });
    expect(res.json().items[0]).toMatchObject({ title: 'New work order assigned', read: false });
  });
});

describe('preferences', () => {
  it('gives the defaults (marketing off, security locked) and saves choices and quiet hours', async () => {
    const token = await t.login('residential');
    const res = await t.request({ method: 'GET', url: '/api/notifications/preferences', token });
    const prefs = res.json().preferences;
    expect(
      prefs.find((p: { category: string; channel: string }) => p.category === 'marketing' && p.channel === 'email'),
    ).toMatchObject({ enabled: false, locked: false });
    expect(prefs.find((p: { category: string }) => p.category === 'security')).toMatchObject({
      enabled: true,
      locked: true,
    });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token,
      payload: {
        preferences: [{ category: 'billing', channel: 'sms', enabled: false }],
        quietHours: { starts: '21:00', ends: '07:30' },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().quietHours).toEqual({ starts: '21:00', ends: '07:30' });
    expect(
      saved
        .json()
        .preferences.find((p: { category: string; channel: string }) => p.category === 'billing' && p.channel === 'sms')
        .enabled,
    ).toBe(false);
  });

  it("saves a super-user session's choices as the customer user's own, which that user then reads", async () => {
    const session = await superUser(t, BUSINESS);
    const saved = await session.call('PUT', '/api/notifications/preferences', {
      preferences: [{ category: 'appointments', channel: 'sms', enabled: false }],
    });
    expect(saved.statusCode).toBe(200);
    const token = await t.login('business');
    const own = await t.request({ method: 'GET', url: '/api/notifications/preferences', token });
    const sms = own
      .json()
      .preferences.find(
        (p: { category: string; channel: string }) => p.category === 'appointments' && p.channel === 'sms',
      );
    expect(sms.enabled).toBe(false);
  });

  it('names bad fields and stores nothing', async () => {
    const token = await t.login('residential');
    const res = await t.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token,
      payload: {
        preferences: [{ category: 'news', channel: 'fax', enabled: true }],
        quietHours: { starts: '25:00', ends: '07:00' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'preferences.0.category',
      'preferences.0.channel',
      'quietHours.starts',
    ]);
  });

  it('lets a business admin set an account user’s preferences; another account’s user and a non-admin are refused', async () => {
    const admin = await t.login('business');
    const billing = await t.userId('business-billing');
    const url = `/api/customer/users/${billing}/notification-preferences`;
    const saved = await t.request({
      method: 'PUT',
      url,
      token: admin,
      payload: { preferences: [{ category: 'service', channel: 'email', enabled: false }] },
    });
    expect(saved.statusCode).toBe(200);
    const foreign = await t.userId('residential');
    expect(
      (await t.request({ method: 'GET', url: `/api/customer/users/${foreign}/notification-preferences`, token: admin }))
        .statusCode,
    ).toBe(404);
    const notAdmin = await t.login('business-billing');
    expect((await t.request({ method: 'GET', url, token: notAdmin })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url, token: await t.login('residential') })).statusCode).toBe(403);
  });
});

describe('one-click unsubscribe', () => {
  it('stops the category’s e-mail at once (queued mail too); a changed link stops nothing', async () => {
    const userId = String(await t.userId('residential'));
    const link = new URL(unsubscribeUrl(t.ctx, { recipient_kind: 'user', recipient_id: userId, category: 'billing' }));
    const query = link.search;
    const page = await t.request({ method: 'GET', url: `/api/notifications/unsubscribe${query}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    const forged = query.replace(/t=[^&]+/, 't=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.request({ method: 'POST', url: `/api/notifications/unsubscribe${forged}` })).statusCode).toBe(400);
    // As a mail client sends it (RFC 8058: a form body), and as the page's button does (an empty form).
    const done = await t.request({
      method: 'POST',
      url: `/api/notifications/unsubscribe${query}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const button = await t.request({
      method: 'POST',
      url: `/api/notifications/unsubscribe${query}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(button.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const queued = (await outbox('invoice.ready', 'invoice:t1')).find(
      (r) => r.channel === 'email' && r.recipient_id === userId,
    );
    expect(queued).toMatchObject({ state: 'failed', last_error: 'Not sent: the recipient unsubscribed.' });
    await notify(t.db.db, t.clock.now, {
      type: 'payment.received',
      key: 'pay:u1',
      customerId: '1000-2000-0001',
      data: { amount: '$5.00' },
    });
    expect(
      (await outbox('payment.received', 'pay:u1')).filter((r) => r.recipient_id === userId).map((r) => r.channel),
    ).toEqual(['in_app']);
  });
});

describe('the staff delivery log', () => {
  it('lists what was sent to a customer for staff only; an unknown customer is not found', async () => {
    const staff = await t.login('staff');
    const res = await t.request({
      method: 'GET',
      url: '/api/staff/customers/1000-2000-0001/notifications',
      token: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .entries.some(
          (e: { title: string; state: string }) => e.title === 'Your bill is ready' && e.state === 'failed',
        ),
    ).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: '/api/staff/customers/9999-9999-9999/notifications', token: staff }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/staff/customers/1000-2000-0001/notifications',
          token: await t.login('residential'),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('is for the care roles: support (sales, dispatcher) and billing staff, not network staff', async () => {
    const read = async (who: string) =>
      (
        await t.request({
          method: 'GET',
          url: '/api/staff/customers/1000-2000-0001/notifications',
          token: await t.login(who),
        })
      ).statusCode;
    expect(await read('sales')).toBe(200);
    expect(await read('dispatcher')).toBe(200);
    expect(await read('billing-staff')).toBe(200);
    expect(await read('network')).toBe(403);
  });
});

describe('preferences in a super-user session', () => {
  it('are the customer user’s: saved under the user, not under the staff member', async () => {
    const session = await superUser(t, BUSINESS);
    const saved = await session.call('PUT', '/api/notifications/preferences', {
      preferences: [{ category: 'marketing', channel: 'email', enabled: true }],
      quietHours: { starts: '21:00', ends: '07:00' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const adminId = String(await t.userId('business'));
    const stored = await t.db.db
      .selectFrom('notification_preferences')
      .select(['recipient_kind', 'recipient_id'])
      .where('category', '=', 'marketing')
      .where('channel', '=', 'email')
      .where('enabled', '=', 1)
      .execute();
    expect(stored).toContainEqual({ recipient_kind: 'user', recipient_id: adminId });
    expect(stored.some((r) => r.recipient_kind === 'employee')).toBe(false);
    const own = await t.request({
      method: 'GET',
      url: '/api/notifications/preferences',
      token: await t.login('business'),
    });
    expect(own.json().quietHours).toEqual({ starts: '21:00', ends: '07:00' });
  });
});
