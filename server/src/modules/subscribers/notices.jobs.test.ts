/**
 * The notice worker (notices.jobs.ts) with the notification outbox and real parts: a real SMTP server (smtp-server)
 * receiving the mails, the simulated SMS carrier. Each user who takes service e-mail is mailed once (with the one-click
 * unsubscribe), by preference; the record follows the outbox's delivery (retries, refusals); two workers never double.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { superUser } from '../customer-account/customer-test-helpers.js';
import { type DeliveryParts, startDeliveryParts } from '../notifications/notifications-test-helpers.js';
import { processNotices } from './notices.jobs.js';
import { CLARK, subscriberCalls } from './subscribers-test-helpers.js';

let t: TestApp;
let parts: DeliveryParts;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  parts = await startDeliveryParts();
  t = await createTestApp({ NOTIFY_MAX_ATTEMPTS: '3', NOTIFY_RETRY_BASE_SECONDS: '60', NOTIFY_TIME_ZONE: 'UTC' });
  for (const u of ['network']) tokens[u] = await t.login(u);
});
afterAll(async () => {
  await t.close();
  await parts.close();
});

const { get, post, maintenance, list } = subscriberCalls(() => t, tokens);

/** Runs the notice worker and the outbox's delivery until neither has anything left to do. */
async function drain() {
  for (let i = 0; i < 30; i += 1) {
    const n = await processNotices(t.ctx);
    const claimed = await parts.deliver(t.ctx);
    if (n.listed + n.sent + n.failed + n.finished + claimed === 0) return;
  }
}

async function sendAndGetId(subject: string, filter: Record<string, unknown> = CLARK) {
  const res = await post('/api/staff/notices', maintenance(subject, filter));
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ id: number }>().id;
}

const mailsAbout = (subject: string) => parts.mailsAbout(subject);
const messageIds = (mails: { raw: string }[]) => mails.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]);

type Preference = { category: string; channel: 'email' | 'sms' | 'in_app'; enabled: boolean };
/** Saves a user's notification settings through the API (200 expected). */
async function setPreferences(token: string, preferences: Preference[]) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/notifications/preferences',
    token,
    payload: { preferences },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const PAST_DUE = { coloArea: 'CLM-CLARK', pastDue: 'true' };

interface RecordRow {
  customerId: string;
  email: string | null;
  status: string;
  attempts: number;
  sentAt: string | null;
  failure: string | null;
  address: string;
}

describe('the notice worker through the notification outbox', () => {
  it('mails each user who takes service e-mail once, records who was told, and the notice ends with its status', async () => {
    await drain();
    const preview = (await post('/api/staff/notices/preview', maintenance('Worker run'))).json();
    expect(preview.sample).toMatchObject({ to: 'rhonda.reyes@example.com', subject: 'Worker run' });
    expect(preview.sample.text).toContain('Planned maintenance window:');
    expect(preview.sample.text).toMatch(/To stop service e-mail from .+: http/);
    const id = await sendAndGetId('Worker run');
    await drain();
    await drain();
    const mailed = mailsAbout('Worker run');
    expect(mailed.length).toBe(preview.emails);
    expect(new Set(messageIds(mailed)).size).toBe(mailed.length);
    const rhonda = mailed.find((m) => m.to === 'rhonda.reyes@example.com');
    expect(rhonda?.raw).toContain('We are splicing new fiber into the cabinet that serves your street.');
    expect(rhonda?.raw).toMatch(/^List-Unsubscribe:\s+<http[^>]+\/api\/notifications\/unsubscribe\?s=user/m);
    expect(rhonda?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    const detail = (await get(`/api/staff/notices/${id}`)).json();
    expect(detail.counts.sent).toBe(preview.emails);
    // A customer nobody takes e-mail at is skipped with the reason, not failed: the notice is sent, not partly failed.
    expect(detail.counts.skipped).toBe(preview.customersWithoutEmail);
    expect(detail.counts.failed).toBe(0);
    expect(detail.status).toBe('sent');
    expect(detail.finishedAt).not.toBeNull();
    const rows = detail.recipients.rows as RecordRow[];
    expect(rows.find((r) => r.email === 'rhonda.reyes@example.com')).toMatchObject({
      status: 'sent',
      attempts: 1,
      address: '2208 Clark Ln, Columbia, MO 65202',
    });
    for (const r of rows.filter((x) => x.email === null)) {
      expect(r).toMatchObject({
        status: 'skipped',
        failure: expect.stringMatching(/^(No e-mail address|Turned off by the customer)$/),
      });
    }

    const list = (await get('/api/staff/notices')).json();
    expect(list.notices[0]).toMatchObject({ id, subject: 'Worker run', status: detail.status });

    const csv = await get(`/api/staff/notices/${id}/recipients/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`notice-${id}-recipients.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Account,Customer,Service address,Email,Status,Sent at,Attempts,Reason');
    expect(lines).toHaveLength(detail.counts.total + 1);
    expect(lines.some((l) => l.includes('rhonda.reyes@example.com') && l.includes(',sent,'))).toBe(true);

    // The notice's own mail path is gone: nothing went through the portal's other mailer.
    expect(t.mail.filter((m) => m.subject.includes('Worker run'))).toHaveLength(0);
  });

  it('never mails anyone twice when two instances run the worker and the delivery at once', async () => {
    await drain();
    const id = await sendAndGetId('Two workers');
    await Promise.all([drain(), drain(), drain()]);
    const mailed = mailsAbout('Two workers');
    expect(mailed.length).toBeGreaterThan(0);
    expect(new Set(messageIds(mailed)).size).toBe(mailed.length);
    expect(new Set(mailed.map((m) => m.to)).size).toBe(mailed.length);
    const keys = await t.db.db
      .selectFrom('notice_recipients')
      .select('recipient_key')
      .where('notice_id', '=', id)
      .execute();
    expect(new Set(keys.map((k) => k.recipient_key)).size).toBe(keys.length);
    expect((await get(`/api/staff/notices/${id}`)).json().counts.sent).toBe(mailed.length);
  });

  it('follows the outbox: a mail tried again later is sent once; a refused one is recorded failed with why', async () => {
    await drain();
    parts.smtp.down = true;
    const id = await sendAndGetId('Retry run', PAST_DUE);
    await drain();
    let rows = (await get(`/api/staff/notices/${id}`)).json().recipients.rows as RecordRow[];
    expect(rows.find((r) => r.email === 'rhonda.reyes@example.com')).toMatchObject({
      status: 'pending',
      attempts: 1,
      failure: expect.stringMatching(/421/),
    });
    parts.smtp.down = false;
    t.clock.advanceSeconds(61);
    await drain();
    rows = (await get(`/api/staff/notices/${id}`)).json().recipients.rows;
    expect(rows.find((r) => r.email === 'rhonda.reyes@example.com')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(mailsAbout('Retry run').filter((m) => m.to === 'rhonda.reyes@example.com')).toHaveLength(1);

    parts.refused.add('rhonda.reyes@example.com');
    const second = await sendAndGetId('Refused run', PAST_DUE);
    await drain();
    parts.refused.clear();
    const detail = (await get(`/api/staff/notices/${second}`)).json();
    expect((detail.recipients.rows as RecordRow[]).find((r) => r.email === 'rhonda.reyes@example.com')).toMatchObject({
      status: 'failed',
      failure: expect.stringMatching(/550/),
    });
    expect(['failed', 'partly_failed']).toContain(detail.status);
    expect(mailsAbout('Refused run')).toHaveLength(0);
  });

  it('lets a notice go at once when a page cannot be recorded, and the next round lists it from there', async () => {
    await drain();
    const id = await sendAndGetId('Page that fails', PAST_DUE);
    const noticeRow = () =>
      t.db.db
        .selectFrom('notices')
        .select(['status', 'lease_until', 'listed_through'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    // The page's record cannot be written (as when the database is busy or gone): the page's transaction is rolled
    // back with its outbox rows, and the notice is not left leased for minutes to this instance.
    await sql`ALTER TABLE notice_recipients RENAME TO notice_recipients_away`.execute(t.db.db);
    try {
      await expect(processNotices(t.ctx)).rejects.toThrow();
    } finally {
      await sql`ALTER TABLE notice_recipients_away RENAME TO notice_recipients`.execute(t.db.db);
    }
    expect(await noticeRow()).toEqual({ status: 'queued', lease_until: null, listed_through: null });
    const outbox = await t.db.db
      .selectFrom('notification_outbox')
      .select('id')
      .where('dedupe_key', 'like', `notice.outage|notice:${id}|%`)
      .execute();
    expect(outbox).toEqual([]);

    // The next round (no clock moved: no lease to wait out) lists and sends it.
    await drain();
    expect((await noticeRow()).status).toBe('sent');
    expect(mailsAbout('Page that fails').map((m) => m.to)).toContain('rhonda.reyes@example.com');
  });

  it('fails a notice whose stored filter cannot be read, and goes on with the others', async () => {
    await drain();
    const now = t.clock.now.toISOString();
    const broken = await t.db.db
      .insertInto('notices')
      .values({
        kind: 'maintenance',
        subject: 'Broken filter',
        body: 'x',
        window_start: null,
        window_end: null,
        restoration_ticket_id: null,
        ticket_reference: null,
        filter: '{"category":"fiber"',
        audience_customers: 1,
        status: 'queued',
        listed_through: null,
        lease_until: null,
        created_by: DEMO.users.network.id,
        employee_id: null,
        created_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const next = await sendAndGetId('After the broken one', PAST_DUE);
    await drain();
    const rows = await t.db.db
      .selectFrom('notices')
      .select(['id', 'status'])
      .where('id', 'in', [broken.id, next])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['failed', 'sent']);
  });
});

describe('the notice through the notification settings (notice.outage)', () => {
  it('tells the accounts’ users by e-mail, SMS and in-app per their preferences, written once with the listing', async () => {
    const rhonda = await t.login('residential');
    const rhondaId = String(await t.userId('residential'));
    const outboxOf = (id: number) =>
      t.db.db
        .selectFrom('notification_outbox')
        .select(['recipient_id', 'channel', 'payload', 'dedupe_key'])
        .where('dedupe_key', 'like', `notice.outage|notice:${id}|%`)
        .execute();
    const mine = async (id: number) =>
      (await outboxOf(id))
        .filter((r) => r.recipient_id === rhondaId)
        .map((r) => r.channel)
        .sort();
    await drain();
    const first = await sendAndGetId('Fiber cut on Clark Ln');
    await Promise.all([drain(), drain()]);
    await drain();
    const rows = await outboxOf(first);
    expect(new Set(rows.map((r) => r.dedupe_key)).size).toBe(rows.length);
    expect(await mine(first)).toEqual(['email', 'in_app', 'sms']);
    const payload = JSON.parse(rows[0]?.payload ?? '{}') as { title: string; body: string };
    expect(payload.title).toBe('Fiber cut on Clark Ln');
    expect(payload.body).toContain('Planned maintenance window:');
    const list = await t.request({ method: 'GET', url: '/api/notifications', token: rhonda });
    expect(list.json().items.map((i: { title: string }) => i.title)).toContain('Fiber cut on Clark Ln');
    expect(mailsAbout('Fiber cut on Clark Ln').filter((m) => m.to === 'rhonda.reyes@example.com')).toHaveLength(1);

    // Rhonda turns service texts off: the next notice reaches her by e-mail and in-app.
    await setPreferences(rhonda, [{ category: 'service', channel: 'sms', enabled: false }]);
    const second = await sendAndGetId('Cabinet work on Clark Ln');
    await drain();
    expect(await mine(second)).toEqual(['email', 'in_app']);

    // She follows the one-click unsubscribe of that mail: the third notice is not mailed to her, and its record says so.
    const mail = mailsAbout('Cabinet work on Clark Ln').find((m) => m.to === 'rhonda.reyes@example.com');
    const link = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(mail?.raw ?? '')?.[1] ?? '';
    const url = new URL(link);
    const unsubscribe = await t.request({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(unsubscribe.statusCode, unsubscribe.body).toBeLessThan(300);
    const third = await sendAndGetId('Third notice on Clark Ln', PAST_DUE);
    await drain();
    expect(await mine(third)).toEqual(['in_app']);
    expect(mailsAbout('Third notice on Clark Ln').filter((m) => m.to === 'rhonda.reyes@example.com')).toHaveLength(0);
    const third_ = (await get(`/api/staff/notices/${third}`)).json();
    const record = third_.recipients.rows as RecordRow[];
    expect(record.find((r) => r.address.startsWith('2208 Clark Ln'))).toMatchObject({
      email: null,
      status: 'skipped',
      failure: 'Turned off by the customer',
    });
    // Her choice is no delivery failure.
    expect(third_.counts.failed).toBe(0);
    expect(third_.status).not.toBe('partly_failed');
  });
});

describe('an offer (marketing.offer): only to those who opted in to marketing', () => {
  const offer = (subject: string, extra: Record<string, unknown> = {}) => ({
    kind: 'offer',
    subject,
    body: 'Double your speed for three months at no charge.',
    filter: CLARK,
    ...extra,
  });

  it('refuses an offer with a restoration ticket or a maintenance window, naming the field', async () => {
    const ticket = await post('/api/staff/notices/preview', offer('Bad offer', { restorationTicketId: 1 }));
    expect(ticket.statusCode).toBe(400);
    expect(ticket.body).toContain('restorationTicketId');
    const window = await post(
      '/api/staff/notices',
      offer('Bad offer', { windowStart: '2030-01-02T22:00:00Z', windowEnd: '2030-01-03T01:00:00Z' }),
    );
    expect(window.statusCode).toBe(400);
    expect(window.body).toContain('windowStart');
  });

  it('refuses an offer from anyone but network staff (a super-user session of the admin too): 403, nothing told', async () => {
    for (const u of ['residential', 'business', 'sales', 'billing-staff', 'dispatcher', 'installer', 'contractor']) {
      tokens[u] = await t.login(u);
    }
    tokens.superuser = (await superUser(t, DEMO.customers.residential, 'staff')).token;
    const notices = async () => (await t.db.db.selectFrom('notices').select('id').execute()).length;
    const offers = async () =>
      (
        await t.db.db
          .selectFrom('notification_outbox')
          .select('id')
          .where('event_type', '=', 'marketing.offer')
          .execute()
      ).length;
    const [noticesBefore, offersBefore] = [await notices(), await offers()];
    for (const who of Object.keys(tokens).filter((u) => u !== 'network')) {
      for (const url of ['/api/staff/notices/preview', '/api/staff/notices']) {
        const res = await post(url, offer(`Offer by ${who}`), who);
        expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(403);
      }
    }
    const anonymous = await post('/api/staff/notices', offer('Offer by nobody'), null);
    expect(anonymous.statusCode).toBe(401);
    await drain();
    expect(await notices()).toBe(noticesBefore);
    expect(await offers()).toBe(offersBefore);
  });

  it('mails the opted-in user through SMTP; the others get nothing and are skipped as not wanted, no failure', async () => {
    const rhonda = await t.login('residential');
    const rhondaId = String(await t.userId('residential'));
    await setPreferences(rhonda, [{ category: 'marketing', channel: 'email', enabled: true }]);
    // A neighbour on Clark Ln with a portal user and an address, who never turned offers on.
    const neighbour = (await list('coloArea=CLM-CLARK')).rows.find((r) => r.customerId !== DEMO.customers.residential);
    if (!neighbour) throw new Error('the demo has one customer on CLM-CLARK only');
    const at = t.clock.now.toISOString();
    await t.db.db
      .insertInto('users')
      .values({
        username: 'clark-neighbour',
        email: 'clark.neighbour@example.com',
        password_hash: 'x',
        first_name: 'Nora',
        last_name: 'Neighbour',
        customer_id: neighbour.customerId,
        is_admin: 1,
        is_staff: 0,
        employee_id: null,
        installer: 0,
        contractor_id: 0,
        noc_location_id: null,
        active_service_location_id: null,
        active_mailing_location_id: null,
        disabled: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await drain();
    const preview = (await post('/api/staff/notices/preview', offer('Speed offer on Clark Ln'))).json();
    expect(preview.emails).toBe(1);
    expect(preview.sample).toMatchObject({ to: 'rhonda.reyes@example.com', subject: 'Speed offer on Clark Ln' });
    expect(preview.customersWithoutEmail).toBe(preview.customers - 1);

    const res = await post('/api/staff/notices', offer('Speed offer on Clark Ln'));
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ id: number }>().id;
    await drain();
    await drain();

    // The real SMTP server got exactly one mail, hers, with the one-click unsubscribe (of marketing).
    const mailed = mailsAbout('Speed offer on Clark Ln');
    expect(mailed.map((m) => m.to)).toEqual(['rhonda.reyes@example.com']);
    expect(mailed[0]?.raw).toContain('Double your speed for three months at no charge.');
    expect(mailed[0]?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const outbox = await t.db.db
      .selectFrom('notification_outbox')
      .select(['recipient_id', 'channel', 'category'])
      .where('dedupe_key', 'like', `marketing.offer|notice:${id}|%`)
      .execute();
    expect(outbox).toEqual([{ recipient_id: rhondaId, channel: 'email', category: 'marketing' }]);
    expect(
      await t.db.db
        .selectFrom('notification_outbox')
        .select('id')
        .where('dedupe_key', 'like', `notice.outage|notice:${id}|%`)
        .execute(),
    ).toEqual([]);

    const detail = (await get(`/api/staff/notices/${id}`)).json();
    expect(detail.kind).toBe('offer');
    expect(detail.counts).toMatchObject({ sent: 1, failed: 0, skipped: detail.audienceCustomers - 1, pending: 0 });
    expect(detail.status).toBe('sent');
    const skipped = (detail.recipients.rows as RecordRow[]).filter((r) => r.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    expect(
      skipped.every((r) => ['Not wanted: did not opt in to offers', 'No e-mail address'].includes(r.failure ?? '')),
    ).toBe(true);
    expect(skipped.find((r) => r.customerId === neighbour.customerId)).toMatchObject({
      failure: 'Not wanted: did not opt in to offers',
    });
    expect(mailsAbout('Speed offer on Clark Ln').filter((m) => m.to === 'clark.neighbour@example.com')).toEqual([]);
  });

  it('goes by channel: offers turned on in-app only reach the bell, not the mailbox (her mail skipped, no failure)', async () => {
    const rhonda = await t.login('residential');
    const rhondaId = String(await t.userId('residential'));
    await setPreferences(rhonda, [
      { category: 'marketing', channel: 'email', enabled: false },
      { category: 'marketing', channel: 'in_app', enabled: true },
    ]);
    await drain();
    const res = await post('/api/staff/notices', offer('Bell-only offer on Clark Ln'));
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ id: number }>().id;
    await drain();

    const outbox = await t.db.db
      .selectFrom('notification_outbox')
      .select(['recipient_id', 'channel', 'state'])
      .where('dedupe_key', 'like', `marketing.offer|notice:${id}|%`)
      .execute();
    expect(outbox).toEqual([{ recipient_id: rhondaId, channel: 'in_app', state: 'delivered' }]);
    const bell = await t.request({ method: 'GET', url: '/api/notifications', token: rhonda });
    expect(bell.json().items.map((i: { title: string }) => i.title)).toContain('Bell-only offer on Clark Ln');
    expect(mailsAbout('Bell-only offer on Clark Ln')).toEqual([]);

    const detail = (await get(`/api/staff/notices/${id}`)).json();
    expect(detail.counts).toMatchObject({ sent: 0, failed: 0, pending: 0, skipped: detail.audienceCustomers });
    expect(detail.status).toBe('sent');
    expect(
      (detail.recipients.rows as RecordRow[]).find((r) => r.customerId === DEMO.customers.residential),
    ).toMatchObject({ status: 'skipped', email: null, failure: 'Turned off by the customer' });
  });
});
