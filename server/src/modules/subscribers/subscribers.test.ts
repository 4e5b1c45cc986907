import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createMailer, type MailMessage } from '../../integrations/mail/mailer.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { processNotices } from './notices.jobs.js';

// A small export limit, so the refusal of an absurd export is tested on the demo data.
vi.mock('@strand/domain', async (original) => ({
  ...(await original<typeof import('@strand/domain')>()),
  SUBSCRIBER_EXPORT_MAX_ROWS: 100,
}));

let t: TestApp;
const tokens: Record<string, string> = {};
const ALLOWED = ['network', 'staff'] as const;
const REFUSED = ['sales', 'dispatcher', 'billing-staff', 'residential', 'business', 'installer', 'contractor'] as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of [...ALLOWED, ...REFUSED]) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

let keySeq = 0;
const newKey = () => `notice-key-${++keySeq}-${Date.now()}`;

const get = (url: string, who: string | null = 'network') =>
  t.request({ method: 'GET', url, ...(who ? { token: tokens[who] } : {}) });
const post = (url: string, payload: unknown, who: string | null = 'network', key: string | null = newKey()) =>
  t.request({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    ...(who ? { token: tokens[who] } : {}),
    headers: key ? { 'idempotency-key': key } : {},
  });

const CLARK = { coloArea: 'CLM-CLARK' };
const window = () => ({
  windowStart: new Date(t.clock.now.getTime() + 86_400_000).toISOString(),
  windowEnd: new Date(t.clock.now.getTime() + 86_400_000 + 2 * 3600_000).toISOString(),
});
const maintenance = (subject: string, filter: Record<string, unknown> = CLARK) => ({
  kind: 'maintenance',
  subject,
  body: 'We are splicing new fiber into the cabinet that serves your street.',
  ...window(),
  filter,
});

interface Row {
  serviceLocationId: number;
  customerId: string;
  customerName: string;
  coloArea: string | null;
  packages: string[];
  ontModels: string[];
  openBalanceCents: number;
  pastDue: boolean;
  accountStatus: string;
  centralOffice: string | null;
}

const list = async (query: string, who = 'network') => {
  const res = await get(`/api/staff/subscribers?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: Row[]; total: number; customers: number; page: number; pageSize: number }>();
};

describe('subscriber lists', () => {
  it('lists the active subscribers of a colo area with packages, ONT, balance and counts', async () => {
    const body = await list('coloArea=CLM-CLARK&pageSize=200');
    expect(body.rows.length).toBe(body.total);
    expect(body.total).toBeGreaterThan(3);
    expect(body.rows.every((r) => r.coloArea === 'CLM-CLARK')).toBe(true);
    expect(body.customers).toBe(new Set(body.rows.map((r) => r.customerId)).size);
    const rhonda = body.rows.find((r) => r.customerId === DEMO.customers.residential);
    // Only active packages: Fiber 300 is inactive at 2208 Clark Ln.
    expect(rhonda?.packages).toEqual(['Fiber 1 Gig Internet', 'Home Phone']);
    expect(rhonda?.ontModels).toEqual(['GigaPoint 803G ONT']);
    expect(rhonda?.pastDue).toBe(true);
    expect(rhonda?.openBalanceCents).toBeGreaterThan(0);
    // Nora Nguyen's account is still pending (her install is planned): the status filter finds her alone.
    const pending = await list('coloArea=CLM-CLARK&accountStatus=Pending');
    expect(pending.rows.map((r) => [r.customerId, r.accountStatus])).toEqual([['1000-2000-0004', 'Pending']]);
  });

  it('combines filters with AND', async () => {
    const all = await list('pageSize=200&coloArea=CLM-CLARK');
    const phone = await list('pageSize=200&coloArea=CLM-CLARK&category=phone');
    expect(phone.total).toBeGreaterThan(0);
    expect(phone.total).toBeLessThan(all.total);
    expect(phone.rows.every((r) => r.packages.some((p) => /Phone/.test(p)) && r.coloArea === 'CLM-CLARK')).toBe(true);

    const pastDue = await list('pastDue=true');
    expect(pastDue.rows.map((r) => r.customerId)).toEqual([DEMO.customers.residential]);
    const notPastDue = await list('pastDue=false&coloArea=CLM-CLARK&pageSize=200');
    expect(notPastDue.total).toBe(all.total - 1);

    const balance = await list('balanceOverCents=20000&pageSize=200');
    expect(balance.rows.length).toBeGreaterThan(0);
    expect(balance.rows.every((r) => r.openBalanceCents > 20000)).toBe(true);
    expect(balance.rows.some((r) => r.customerId === DEMO.customers.residential)).toBe(true);

    const office = await t.db.db
      .selectFrom('central_offices')
      .select(['id', 'name'])
      .where('id', '=', 6)
      .executeTakeFirstOrThrow();
    const byOffice = await list(`centralOfficeId=${office.id}&pageSize=200`);
    expect(byOffice.rows.every((r) => r.centralOffice === office.name)).toBe(true);

    const gig = await list('packageId=2&ontModelId=1&pageSize=200');
    expect(gig.rows.length).toBeGreaterThan(0);
    expect(
      gig.rows.every((r) => r.packages.includes('Fiber 1 Gig Internet') && r.ontModels.includes('GigaPoint 803G ONT')),
    ).toBe(true);

    const none = await list('accountStatus=Suspended');
    expect(none).toMatchObject({ rows: [], total: 0, customers: 0 });
  });

  it('sorts and pages, with the counts of the whole list on every page', async () => {
    const first = await list('pageSize=5&page=1&sort=customer');
    const second = await list('pageSize=5&page=2&sort=customer');
    expect(first.rows).toHaveLength(5);
    expect(second.total).toBe(first.total);
    expect(second.customers).toBe(first.customers);
    const ids = new Set([...first.rows, ...second.rows].map((r) => r.serviceLocationId));
    expect(ids.size).toBe(10);
    const names = [...first.rows, ...second.rows].map((r) => r.customerName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const byBalance = await list('sort=balance&dir=desc&pageSize=3');
    expect(byBalance.rows[0]?.customerId).toBe(DEMO.customers.business);

    const past = await list(`pageSize=5&page=${Math.ceil(first.total / 5) + 3}`);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(first.total);
  });

  it('costs one statement per page, whatever the page size (no query per row)', async () => {
    // Statements run (a result came back), by their query id; a nested builder's node is compiled, never run.
    const nodes = new Map<unknown, RootOperationNode>();
    const ran: RootOperationNode[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: ({ node, queryId }: PluginTransformQueryArgs) => {
        nodes.set(queryId, node);
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        const node = nodes.get(queryId);
        if (node) ran.push(node);
        return result;
      },
    };
    const original = t.ctx.db;
    t.ctx.db = original.withPlugin(plugin);
    try {
      const counts: number[] = [];
      for (const q of ['pageSize=5', 'pageSize=200', 'pageSize=200&category=internet&pastDue=false&sort=area']) {
        ran.length = 0;
        const body = await list(q);
        expect(body.rows.length).toBeGreaterThan(4);
        // The statements that read the subscribers (the session check and the like read other tables).
        counts.push(ran.filter((n) => JSON.stringify(n).includes('"service_locations"')).length);
      }
      expect(counts).toEqual([1, 1, 1]);
    } finally {
      t.ctx.db = original;
    }
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['packageId=abc', 'packageId'],
      ['packageId=-3', 'packageId'],
      ['category=fiber', 'category'],
      ['centralOfficeId=1.5', 'centralOfficeId'],
      ['ontModelId=x', 'ontModelId'],
      ['coloArea=%3Cscript%3E', 'coloArea'],
      ['accountStatus=1234', 'accountStatus'],
      ['balanceOverCents=-1', 'balanceOverCents'],
      ['pastDue=maybe', 'pastDue'],
      ['sort=price', 'sort'],
      ['dir=up', 'dir'],
      ['page=0', 'page'],
      ['pageSize=1000', 'pageSize'],
      // Well-formed ids that name nothing.
      ['packageId=9999', 'packageId'],
      ['centralOfficeId=9999', 'centralOfficeId'],
      // An id of equipment that is no ONT (3 is the router).
      ['ontModelId=3', 'ontModelId'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/staff/subscribers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), query).toContain(field);
      expect(res.json().error.message, query).toContain(field);
    }
  });

  it('offers the filters’ choices', async () => {
    const res = await get('/api/staff/subscribers/options');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.packages.length).toBe(11);
    expect(o.ontModels.map((m: { name: string }) => m.name)).toEqual(['GigaPoint 803G ONT', 'GigaSpire 844G ONT']);
    expect(o.coloAreas).toContain('CLM-CLARK');
    expect(o.accountStatuses).toContain('Active');
    expect(o.restorationTickets.length).toBeGreaterThan(0);
    expect(o.restorationTickets.every((r: { status: string }) => r.status !== 'Complete')).toBe(true);
  });

  it('exports the filtered list as CSV in the list’s order, and refuses an export above the limit', async () => {
    const body = await list('coloArea=CLM-CLARK&pageSize=200&sort=account');
    const res = await get('/api/staff/subscribers/csv?coloArea=CLM-CLARK&sort=account');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('subscribers-CLM-CLARK-');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Account,Customer,Type,Account status,Service address,Central office,Colo area,Packages,ONT,Open balance,Past due',
    );
    expect(lines).toHaveLength(body.total + 1);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(body.rows.map((r) => r.customerId));
    expect(res.body.match(/\uFEFF/g)).toHaveLength(1);
    const rhonda = lines.find((l) => l.startsWith(DEMO.customers.residential));
    expect(rhonda).toContain('"2208 Clark Ln, Columbia, MO 65202"');
    expect(rhonda).toContain('Fiber 1 Gig Internet; Home Phone');
    expect(rhonda?.endsWith(',yes')).toBe(true);

    const audits = await t.db.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'staff.subscribers.export')
      .execute();
    expect(audits.length).toBeGreaterThan(0);

    const everyone = await get('/api/staff/subscribers/csv');
    expect(everyone.statusCode).toBe(400);
    expect(everyone.json().error.code).toBe('export_too_large');
    expect(everyone.json().error.message).toMatch(/an export holds at most 100\. Narrow the filters/);
    const bad = await get('/api/staff/subscribers/csv?category=fiber');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.category).toBeDefined();
  });
});

describe('who may use subscriber lists and notices', () => {
  const routes = (noticeId: number): [string, string, unknown?][] => [
    ['GET', '/api/staff/subscribers?coloArea=CLM-CLARK'],
    ['GET', '/api/staff/subscribers/options'],
    ['GET', '/api/staff/subscribers/csv?coloArea=CLM-CLARK'],
    ['POST', '/api/staff/notices/preview', maintenance('Who may preview')],
    ['POST', '/api/staff/notices', maintenance('Who may send')],
    ['GET', '/api/staff/notices'],
    ['GET', `/api/staff/notices/${noticeId}`],
    ['GET', `/api/staff/notices/${noticeId}/recipients/csv`],
  ];

  it('admits network staff and the admin, refuses every other staff role and every non-staff token', async () => {
    const notice = await t.db.db.selectFrom('notices').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const [method, url, payload] of routes(notice.id)) {
      for (const who of REFUSED) {
        const res = method === 'GET' ? await get(url, who) : await post(url, payload, who);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
      const anonymous = method === 'GET' ? await get(url, null) : await post(url, payload, null);
      expect(anonymous.statusCode, `anonymous ${url}`).toBe(401);
      for (const who of ALLOWED) {
        const res = method === 'GET' ? await get(url, who) : await post(url, payload, who);
        expect([200, 202], `${who} ${method} ${url}: ${res.body}`).toContain(res.statusCode);
      }
    }
    // Nothing was stored for a refused send.
    const refused = await t.db.db.selectFrom('notices').select('id').where('subject', '=', 'Who may send').execute();
    expect(refused).toHaveLength(ALLOWED.length);
  });

  it('answers an unknown notice with 404 and a malformed id with 400', async () => {
    for (const url of ['/api/staff/notices/999999', '/api/staff/notices/999999/recipients/csv']) {
      expect((await get(url)).statusCode).toBe(404);
      expect((await get(url, 'sales')).statusCode).toBe(403);
    }
    const bad = await get('/api/staff/notices/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.noticeId).toBeDefined();
  });
});

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
    expect(p.sample.subject).toBe('Boone Valley Fiber: Cabinet work on Clark Ln');
    expect(p.sample.text).toContain(`Hello ${p.sample.customerName},`);
    expect(p.sample.text).toContain('We are splicing new fiber');
    expect(p.sample.text).toMatch(/Planned maintenance window: .+ to .+\./);
    expect(await t.db.db.selectFrom('notices').select('id').execute()).toHaveLength(before.length);
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
