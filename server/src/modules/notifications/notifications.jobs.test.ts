/**
 * Delivery with real parts: a real SMTP server (smtp-server) receiving the mails (text and HTML parts, the RFC 8058
 * headers on every non-security mail), the simulated SMS carrier's log, two workers at once (one send each), retry
 * with backoff, a final refusal, and SMS quiet hours (deferred, then sent).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../integrations/mail/smtp-sink.js';
import { startJobs } from '../../jobs.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { deliverNotifications } from './notifications.jobs.js';
import { notify } from './notifications.service.js';
import { type DeliveryParts, startDeliveryParts } from './notifications-test-helpers.js';

let t: TestApp;
let parts: DeliveryParts;

beforeAll(async () => {
  parts = await startDeliveryParts({ refuse: (address) => address.startsWith('bounce') });
  t = await createTestApp({ NOTIFY_MAX_ATTEMPTS: '3', NOTIFY_RETRY_BASE_SECONDS: '60', NOTIFY_TIME_ZONE: 'UTC' });
});
afterAll(async () => {
  await t.close();
  await parts.close();
});

const rowsOf = (type: string) =>
  t.db.db.selectFrom('notification_outbox').selectAll().where('event_type', '=', type).orderBy('id').execute();
const deliveries = (id: number) =>
  t.db.db.selectFrom('notification_deliveries').selectAll().where('outbox_id', '=', id).orderBy('id').execute();
const round = () => deliverNotifications(t.ctx, { channels: parts.channels });

async function contactPhone(customerId: string): Promise<string> {
  const row = await t.db.db
    .selectFrom('contact_methods')
    .select('phone')
    .where('customer_id', '=', customerId)
    .where('phone', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.phone ?? '';
}

describe('notification delivery', () => {
  it('mails through SMTP with a text and an HTML part and the one-click unsubscribe headers; SMS to the carrier', async () => {
    await notify(t.db.db, t.clock.now, {
      type: 'appointment.booked',
      key: 'wo:1:booked',
      customerId: '1000-2000-0001',
      data: { address: '1 Elm St', date: 'Dec 3', window: '8–12' },
    });
    const r = await round();
    expect(r.failed).toBe(0);
    const rows = await rowsOf('appointment.booked');
    const mail = rows.find((x) => x.channel === 'email');
    const sms = rows.find((x) => x.channel === 'sms');
    expect(mail).toMatchObject({ state: 'sent', attempts: 1 });
    expect(sms).toMatchObject({ state: 'delivered', attempts: 1, address: await contactPhone('1000-2000-0001') });
    const got = parts.received.find((m) => m.to === mail?.address);
    expect(got?.raw).toMatch(/^Subject: Visit booked for Dec 3/m);
    expect(got?.raw).toContain('Content-Type: text/plain');
    expect(got?.raw).toContain('Content-Type: text/html');
    expect(got?.raw).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/api\/notifications\/unsubscribe\?s=user/m);
    expect(got?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(parts.carrier.messages().filter((m) => m.ref === `notification-${sms?.id}`)).toHaveLength(1);
    expect(parts.carrier.messages().at(-1)?.body).toContain('Visit booked for Dec 3');
    expect((await deliveries(mail?.id ?? 0)).map((d) => d.outcome)).toEqual(['sent']);
  });

  it('puts no unsubscribe headers on a security mail', async () => {
    const userId = await t.userId('consumer');
    await notify(t.db.db, t.clock.now, {
      type: 'security.new_device',
      key: 'dev:1',
      userIds: [userId],
      data: { username: 'consumer', device: 'Firefox on Linux' },
    });
    await round();
    const [mail] = (await rowsOf('security.new_device')).filter((x) => x.channel === 'email');
    const got = parts.received.find((m) => m.raw.includes('Subject: New sign-in') && m.to === mail?.address);
    expect(got).toBeDefined();
    expect(got?.raw).not.toMatch(/^List-Unsubscribe/m);
  });

  it('two workers at once send each row exactly once', async () => {
    const before = parts.received.length;
    for (let i = 0; i < 6; i++) {
      await notify(t.db.db, t.clock.now, {
        type: 'payment.received',
        key: `pay:burst:${i}`,
        customerId: '1000-3000-0001',
        data: { amount: `$${i}.00` },
      });
    }
    const [a, b] = await Promise.all([round(), round()]);
    const rows = (await rowsOf('payment.received')).filter((x) => x.channel === 'email');
    expect(a.sent + b.sent).toBe(rows.length);
    expect(rows.every((x) => x.state === 'sent' && x.attempts === 1)).toBe(true);
    expect(parts.received.length - before).toBe(rows.length);
  });

  it('retries with backoff when the mail server is down, then sends; gives up after the last try', async () => {
    parts.smtp.down = true;
    await notify(t.db.db, t.clock.now, {
      type: 'ticket.opened',
      key: 'ticket:9',
      customerId: '1000-2000-0002',
      data: { ticket: '#9', subject: 'Slow' },
    });
    expect((await round()).retrying).toBe(1);
    let [row] = await rowsOf('ticket.opened');
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row?.next_attempt_at).toBe(new Date(t.clock.now.getTime() + 60_000).toISOString());
    expect((await round()).claimed).toBe(0);
    t.clock.advanceSeconds(61);
    expect((await round()).retrying).toBe(1);
    [row] = await rowsOf('ticket.opened');
    expect(row?.next_attempt_at).toBe(new Date(t.clock.now.getTime() + 120_000).toISOString());
    parts.smtp.down = false;
    t.clock.advanceSeconds(121);
    expect((await round()).sent).toBe(1);
    expect((await deliveries(row?.id ?? 0)).map((d) => d.outcome)).toEqual(['retrying', 'retrying', 'sent']);
  });

  it('fails at once on a final refusal and logs why', async () => {
    const id = await t.userId('business-billing');
    await t.db.db.updateTable('users').set({ email: 'bounce@example.test' }).where('id', '=', id).execute();
    await notify(t.db.db, t.clock.now, {
      type: 'security.password_changed',
      key: 'pw:bounce',
      userIds: [id],
      data: { username: 'x' },
    });
    await round();
    const [row] = (await rowsOf('security.password_changed')).filter(
      (x) => x.channel === 'email' && x.recipient_id === String(id),
    );
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row?.last_error).toContain('No such mailbox');
  });

  it('holds an SMS inside quiet hours until they end, then sends it', async () => {
    const token = await t.login('residential');
    const now = t.clock.now;
    const hh = (d: Date) => d.toISOString().slice(11, 16);
    const res = await t.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token,
      payload: {
        preferences: [],
        quietHours: { starts: hh(new Date(now.getTime() - 3600_000)), ends: hh(new Date(now.getTime() + 3600_000)) },
      },
    });
    expect(res.statusCode).toBe(200);
    await notify(t.db.db, t.clock.now, {
      type: 'appointment.on_the_way',
      key: 'wo:1:otw',
      customerId: '1000-2000-0001',
      data: { address: '1 Elm St' },
    });
    const r = await round();
    expect(r.deferred).toBe(1);
    const [sms] = (await rowsOf('appointment.on_the_way')).filter((x) => x.channel === 'sms');
    expect(sms).toMatchObject({ state: 'queued', attempts: 0 });
    t.clock.advanceSeconds(3700);
    await round();
    const [after] = (await rowsOf('appointment.on_the_way')).filter((x) => x.channel === 'sms');
    expect(after).toMatchObject({ state: 'delivered', attempts: 1 });
    expect((await deliveries(after?.id ?? 0)).map((d) => d.outcome)).toEqual(['deferred', 'delivered']);
  });
});

describe('when the jobs stop', () => {
  it('the pooled SMTP connection is let go, so the mail server (the local sink too) is not held open', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'strand-sink-'));
    const sink = await startSmtpSink({ host: '127.0.0.1', port: 0, dir });
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, NOTIFY_TIME_ZONE: 'UTC' });
    try {
      await notify(app.db.db, app.clock.now, {
        type: 'appointment.booked',
        key: 'wo:2:booked',
        customerId: '1000-2000-0001',
        data: { address: '1 Elm St', date: 'Dec 4', window: '8–12' },
      });
      // The server's own channels (channelsOf), as the delivery job sends: the mail goes over the pooled connection.
      await deliverNotifications(app.ctx);
      expect(readdirSync(dir).filter((f) => f.endsWith('.eml')).length).toBeGreaterThan(0);

      // The jobs' stop (jobs.ts) lets the channels go, as the server's shutdown does.
      const stopJobs = await startJobs(app.ctx);
      await stopJobs();
      // smtp-server's close waits for its clients (up to 30 s): with the connection let go it closes at once.
      const started = Date.now();
      await sink.close();
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
