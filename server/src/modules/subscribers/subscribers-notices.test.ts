/** Notices from the staff's side: the preview, the refusals, sending once for a double click. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { CLARK, subscriberCalls } from './subscribers-test-helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['network']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

const { newKey, post, maintenance, list } = subscriberCalls(() => t, tokens);

describe('notices: preview and send', () => {
  it('previews the mail for one recipient with the counts, and stores nothing', async () => {
    const before = await t.db.db.selectFrom('notices').select('id').execute();
    const res = await post('/api/staff/notices/preview', maintenance('Cabinet work on Clark Ln'), 'network', null);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    const listed = await list('coloArea=CLM-CLARK&pageSize=200');
    expect(p.customers).toBe(listed.customers);
    expect(p.emails).toBeGreaterThan(0);
    expect(p.customersWithoutEmail).toBeGreaterThanOrEqual(0);
    // The mail as the outbox will send it: the subject as written, the unsubscribe line, and nothing stored.
    expect(p.sample.subject).toBe('Cabinet work on Clark Ln');
    expect(p.sample.text).toMatch(/To stop service e-mail from Boone Valley Fiber: http/);
    expect(p.sample.text).toContain('We are splicing new fiber');
    expect(p.sample.text).toMatch(/Planned maintenance window: .+ to .+\./);
    expect(await t.db.db.selectFrom('notices').select('id').execute()).toHaveLength(before.length);
    expect(
      await t.db.db.selectFrom('notification_outbox').select('id').where('event_type', '=', 'notice.outage').execute(),
    ).toHaveLength(0);
  });

  it('names the outage’s restoration ticket in the mail', async () => {
    const ticket = await t.db.db
      .selectFrom('restoration_tickets')
      .select(['id', 'address'])
      .where('status', '!=', 'Complete')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await post('/api/staff/notices/preview', {
      kind: 'outage',
      subject: 'Outage on your street',
      body: 'A cut fiber has taken your service down.',
      restorationTicketId: ticket.id,
      filter: CLARK,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sample.text).toContain(`restoration ticket ${ticket.id} (${ticket.address})`);
  });

  it('refuses a bad notice with 400 naming the field', async () => {
    const base = maintenance('Bad notice');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, subject: '' }, 'subject'],
      [{ ...base, subject: 'x'.repeat(151) }, 'subject'],
      [{ ...base, body: '   ' }, 'body'],
      [{ ...base, body: 'x'.repeat(5001) }, 'body'],
      [{ ...base, kind: 'party' }, 'kind'],
      [{ ...base, windowStart: null }, 'windowStart'],
      [{ ...base, windowEnd: base.windowStart }, 'windowEnd'],
      [{ ...base, windowEnd: new Date(Date.parse(base.windowStart) + 80 * 3600_000).toISOString() }, 'windowEnd'],
      [{ ...base, windowStart: 'tomorrow' }, 'windowStart'],
      [{ ...base, kind: 'outage', windowStart: null, windowEnd: null }, 'restorationTicketId'],
      [
        { ...base, kind: 'outage', windowStart: null, windowEnd: null, restorationTicketId: 999999 },
        'restorationTicketId',
      ],
      [{ ...base, filter: { category: 'fiber' } }, 'filter.category'],
      [{ ...base, filter: { packageId: 9999 } }, 'packageId'],
      [{ ...base, filter: { accountStatus: 'Suspended' } }, 'filter'],
    ];
    for (const [payload, field] of cases) {
      for (const url of ['/api/staff/notices/preview', '/api/staff/notices']) {
        const res = await post(url, payload);
        expect(res.statusCode, `${field} ${url}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json().error.fields ?? {}), `${field} ${url}`).toContain(field);
      }
    }
    expect(
      await t.db.db.selectFrom('notices').select('id').where('subject', 'like', 'Bad notice%').execute(),
    ).toHaveLength(0);
  });

  it('needs an Idempotency-Key to send', async () => {
    const res = await post('/api/staff/notices', maintenance('Without a key'), 'network', null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['Idempotency-Key']).toBeDefined();
  });

  it('sends once for a double click: the same key answers the same queued notice', async () => {
    const key = newKey();
    const payload = maintenance('Double click');
    const [a, b] = await Promise.all([
      post('/api/staff/notices', payload, 'network', key),
      post('/api/staff/notices', payload, 'network', key),
    ]);
    expect(a.statusCode, a.body).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(b.json().id).toBe(a.json().id);
    expect(a.json()).toMatchObject({ status: 'queued', kind: 'maintenance', createdBy: 'Nina Nash' });
    const stored = await t.db.db.selectFrom('notices').select('id').where('subject', '=', 'Double click').execute();
    expect(stored).toHaveLength(1);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'subject', 'detail'])
      .where('subject', '=', `notice:${a.json().id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('staff.notice.send');
  });
});
