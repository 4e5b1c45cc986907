import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { subscriberCalls } from './subscribers-test-helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ALLOWED = ['network', 'staff'] as const;
const REFUSED = ['sales', 'dispatcher', 'billing-staff', 'residential', 'business', 'installer', 'contractor'] as const;

beforeAll(async () => {
  // A small export limit, so the refusal of an absurd export is tested on the demo data.
  t = await createTestApp({ SUBSCRIBER_EXPORT_MAX_ROWS: '100' });
  for (const u of [...ALLOWED, ...REFUSED]) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

const { get, post, maintenance, list } = subscriberCalls(() => t, tokens);

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
