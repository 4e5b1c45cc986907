/** The notice worker (notices.jobs.ts): each recipient mailed once, retries, interrupted sends, the outbox. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createMailer, type MailMessage } from '../../integrations/mail/mailer.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { processNotices } from './notices.jobs.js';
import { CLARK, subscriberCalls } from './subscribers-test-helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['network']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

const { get, post, maintenance } = subscriberCalls(() => t, tokens);

/** Runs the worker until nothing is left to do. */
async function drain(ctx = t.ctx) {
  for (let i = 0; i < 20; i += 1) {
    const round = await processNotices(ctx);
    if (round.listed + round.sent + round.failed + round.finished === 0) return;
  }
}

async function sendAndGetId(subject: string, filter: Record<string, unknown> = CLARK) {
  const res = await post('/api/staff/notices', maintenance(subject, filter));
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ id: number }>().id;
}

describe('the notice worker', () => {
  it('mails every recipient once, records who was told, and the notice ends with its status', async () => {
    await drain();
    const id = await sendAndGetId('Worker run');
    const preview = (await post('/api/staff/notices/preview', maintenance('Worker run'))).json();
    const before = t.mail.length;
    await drain();
    await drain();
    const mailed = t.mail.slice(before).filter((m) => m.subject.endsWith('Worker run'));
    expect(mailed.length).toBe(preview.emails);
    expect(new Set(mailed.map((m) => m.to.toLowerCase())).size).toBe(mailed.length);
    const rhonda = mailed.find((m) => m.to === 'rhonda.reyes@example.com');
    expect(rhonda?.text).toContain('Hello Rhonda Reyes,');

    const detail = (await get(`/api/staff/notices/${id}`)).json();
    expect(detail.counts.sent).toBe(preview.emails);
    expect(detail.counts.failed).toBe(preview.customersWithoutEmail);
    expect(detail.status).toBe(preview.customersWithoutEmail > 0 ? 'partly_failed' : 'sent');
    expect(detail.finishedAt).not.toBeNull();
    const rows = detail.recipients.rows as {
      email: string | null;
      status: string;
      sentAt: string | null;
      failure: string | null;
      address: string;
    }[];
    expect(rows.find((r) => r.email === 'ramon.reyes@example.com')).toMatchObject({
      status: 'sent',
      address: '2208 Clark Ln, Columbia, MO 65202',
    });
    for (const r of rows.filter((x) => x.email === null)) {
      expect(r).toMatchObject({ status: 'failed', failure: expect.stringMatching(/No email contact/) });
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
  });

  it('never mails one address twice when two workers run at once', async () => {
    await drain();
    const id = await sendAndGetId('Two workers');
    const before = t.mail.length;
    await Promise.all([drain(), drain(), drain()]);
    const mailed = t.mail.slice(before).filter((m) => m.subject.endsWith('Two workers'));
    expect(mailed.length).toBeGreaterThan(0);
    expect(new Set(mailed.map((m) => m.to.toLowerCase())).size).toBe(mailed.length);
    const keys = await t.db.db
      .selectFrom('notice_recipients')
      .select('recipient_key')
      .where('notice_id', '=', id)
      .execute();
    expect(new Set(keys.map((k) => k.recipient_key)).size).toBe(keys.length);
  });

  it('retries a refused mail, and records it as failed with the reason after the last try', async () => {
    await drain();
    const id = await sendAndGetId('Retry run', { coloArea: 'CLM-CLARK', pastDue: 'true' });
    const sent: MailMessage[] = [];
    let rhondaRefused = false;
    const flaky = {
      ...t.ctx,
      mailer: {
        send: async (m: MailMessage) => {
          if (m.to === 'rhonda.reyes@example.com' && !rhondaRefused) {
            rhondaRefused = true;
            throw new Error('421 try again later');
          }
          if (m.to === 'ramon.reyes@example.com') throw new Error('550 mailbox unavailable');
          sent.push(m);
        },
      },
    };
    await drain(flaky);
    let rows = (await get(`/api/staff/notices/${id}`)).json().recipients.rows;
    expect(rows.find((r: { email: string }) => r.email === 'rhonda.reyes@example.com')).toMatchObject({
      status: 'pending',
      failure: 'Try 1 failed: 421 try again later',
    });
    for (let i = 0; i < 3; i += 1) {
      t.clock.advanceSeconds(200);
      await drain(flaky);
    }
    const detail = (await get(`/api/staff/notices/${id}`)).json();
    rows = detail.recipients.rows;
    expect(rows.find((r: { email: string }) => r.email === 'rhonda.reyes@example.com')).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
    expect(rows.find((r: { email: string }) => r.email === 'ramon.reyes@example.com')).toMatchObject({
      status: 'failed',
      attempts: 3,
      failure: 'Mail refused after 3 tries: 550 mailbox unavailable',
    });
    expect(sent.filter((m) => m.to === 'rhonda.reyes@example.com')).toHaveLength(1);
    expect(detail.status).toBe('partly_failed');
  });

  it('fails a mail an instance left half-sent instead of sending it again', async () => {
    await drain();
    const id = await sendAndGetId('Interrupted run', { coloArea: 'CLM-CLARK', pastDue: 'true' });
    // List the recipients only (a mailer that never finishes stands for a stopped instance).
    const stuck = { ...t.ctx, mailer: { send: () => new Promise<void>(() => {}) } };
    void processNotices(stuck, { batchSize: 1, batches: 1 });
    await new Promise((r) => setTimeout(r, 200));
    const claimed = await t.db.db
      .selectFrom('notice_recipients')
      .select(['id', 'email'])
      .where('notice_id', '=', id)
      .where('status', '=', 'sending')
      .execute();
    expect(claimed).toHaveLength(1);
    t.clock.advanceSeconds(11 * 60);
    const before = t.mail.length;
    await drain();
    const row = await t.db.db
      .selectFrom('notice_recipients')
      .select(['status', 'failure'])
      .where('id', '=', claimed[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.failure).toMatch(/interrupted/);
    expect(
      t.mail.slice(before).filter((m) => m.to === claimed[0]?.email && m.subject.endsWith('Interrupted run')),
    ).toHaveLength(0);
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
    const next = await sendAndGetId('After the broken one', { coloArea: 'CLM-CLARK', pastDue: 'true' });
    await drain();
    const rows = await t.db.db
      .selectFrom('notices')
      .select(['id', 'status'])
      .where('id', 'in', [broken.id, next])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['failed', 'sent']);
  });

  it('writes each mail as an .eml file to the outbox when no SMTP is set', async () => {
    await drain();
    await sendAndGetId('Outbox run', { coloArea: 'CLM-CLARK', pastDue: 'true' });
    const outboxDir = path.join(t.dataDir, 'outbox-test');
    const mailer = createMailer(
      { from: 'Boone Valley Fiber <no-reply@boonevalleyfiber.example>', outboxDir },
      t.ctx.log,
    );
    await drain({ ...t.ctx, mailer });
    const files = (await readdir(outboxDir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const texts = await Promise.all(files.map((f) => readFile(path.join(outboxDir, f), 'utf8')));
    const to = texts.map((x) => /^To: (.*)$/m.exec(x)?.[1]).sort();
    expect(to).toEqual(['ramon.reyes@example.com', 'rhonda.reyes@example.com']);
    expect(texts.every((x) => /^Subject: Boone Valley Fiber: Outbox run$/m.test(x))).toBe(true);
  });
});

describe('the notice through the notification settings (notice.outage)', () => {
  it('tells the accounts’ users by SMS and in-app per their preferences, written once with the listing', async () => {
    const rhonda = await t.login('residential');
    const rhondaId = String(await t.userId('residential'));
    const outboxOf = (id: number) =>
      t.db.db
        .selectFrom('notification_outbox')
        .select(['recipient_id', 'channel', 'payload', 'dedupe_key'])
        .where('dedupe_key', 'like', `notice.outage|notice:${id}|%`)
        .execute();
    await drain();
    const first = await sendAndGetId('Fiber cut on Clark Ln');
    await Promise.all([drain(), drain()]);
    await drain();
    const rows = await outboxOf(first);
    expect(new Set(rows.map((r) => r.dedupe_key)).size).toBe(rows.length);
    expect(
      rows
        .filter((r) => r.recipient_id === rhondaId)
        .map((r) => r.channel)
        .sort(),
    ).toEqual(['in_app', 'sms']);
    expect(rows.every((r) => r.channel === 'sms' || r.channel === 'in_app')).toBe(true);
    const payload = JSON.parse(rows[0]?.payload ?? '{}') as { title: string; body: string };
    expect(payload.title).toBe('Fiber cut on Clark Ln');
    expect(payload.body).toContain('Planned maintenance window:');
    const list = await t.request({ method: 'GET', url: '/api/notifications', token: rhonda });
    expect(list.json().items.map((i: { title: string }) => i.title)).toContain('Fiber cut on Clark Ln');

    // Rhonda turns service texts off: the next notice reaches her in-app only.
    const off = await t.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token: rhonda,
      payload: { preferences: [{ category: 'service', channel: 'sms', enabled: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    const second = await sendAndGetId('Cabinet work on Clark Ln');
    await drain();
    expect((await outboxOf(second)).filter((r) => r.recipient_id === rhondaId).map((r) => r.channel)).toEqual([
      'in_app',
    ]);
  });
});
