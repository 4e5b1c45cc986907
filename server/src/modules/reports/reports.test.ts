import { addDays, addMonths, apportionCents, billedMinutes } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  today = t.clock.now.toISOString().slice(0, 10);
  // Another business account's calls and invoice inside every range: no report of Acme's may count them.
  await t.db.db
    .insertInto('call_records')
    .values([
      {
        customer_id: OTHER,
        started_at: `${today}T00:00:01.000Z`,
        direction: 'inbound',
        from_number: '5735550300',
        to_number: '5739990000',
        duration_seconds: 4000,
      },
    ])
    .execute();
  const mailing = await t.db.db
    .insertInto('mailing_locations')
    .values({
      customer_id: OTHER,
      address: '1 Main St',
      address2: null,
      city: 'Columbia',
      state: 'MO',
      zip: '65201',
      zip_four: null,
      autopay_payment_method_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invoice = await t.db.db
    .insertInto('invoices')
    .values({
      customer_id: OTHER,
      mailing_location_id: mailing.id,
      invoice_group_id: 99_001,
      invoice_date: today,
      due_date: today,
      amount_cents: 777_777,
      balance_cents: 777_777,
      status: 'Open',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.db
    .insertInto('invoice_lines')
    .values({ invoice_id: invoice.id, description: 'Other account', amount_cents: 777_777 })
    .execute();
});
afterAll(() => t.close());

const OTHER = '1000-3000-0002';

interface Call {
  started_at: string;
  direction: string;
  from_number: string;
  to_number: string;
  duration_seconds: number;
}

async function businessCalls(from: string, to: string): Promise<Call[]> {
  return t.db.db
    .selectFrom('call_records')
    .select(['id', 'started_at', 'direction', 'from_number', 'to_number', 'duration_seconds'])
    .where('customer_id', '=', BUSINESS)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
    .then((rows) => rows.filter((r) => r.started_at.slice(0, 10) >= from && r.started_at.slice(0, 10) <= to));
}

const totals = (calls: Call[]) => ({
  calls: calls.length,
  connectedCalls: calls.filter((c) => c.duration_seconds > 0).length,
  seconds: calls.reduce((a, c) => a + c.duration_seconds, 0),
  billedMinutes: calls.reduce((a, c) => a + billedMinutes(c.duration_seconds), 0),
});

describe('GET /api/customer/reports/phone', () => {
  it('gives business the last 30 days by default: totals, per direction, per day, and the first page', async () => {
    const res = await (await as(t, 'business')).call('GET', '/api/customer/reports/phone');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const from = addDays(today, -29);
    expect([body.from, body.to]).toEqual([from, today]);
    const calls = await businessCalls(from, today);
    expect(calls.length).toBeGreaterThan(100);
    expect(body.summary).toEqual(totals(calls));
    for (const d of body.byDirection) {
      expect(d).toEqual({ direction: d.direction, ...totals(calls.filter((c) => c.direction === d.direction)) });
    }
    expect(body.byDirection.map((d: { direction: string }) => d.direction)).toEqual(['inbound', 'outbound']);
    const days = [...new Set(calls.map((c) => c.started_at.slice(0, 10)))].sort();
    expect(body.byDay.map((d: { date: string }) => d.date)).toEqual(days);
    expect(body.byDay[0]).toEqual({
      date: days[0],
      ...totals(calls.filter((c) => c.started_at.startsWith(days[0] ?? ''))),
    });
    expect(body.calls).toHaveLength(50);
    expect(body.calls[0]).toMatchObject({
      startedAt: calls[0]?.started_at,
      durationSeconds: calls[0]?.duration_seconds,
      billedMinutes: billedMinutes(calls[0]?.duration_seconds ?? 0),
    });
    expect(body.totalPages).toBe(Math.ceil(calls.length / 50));
    expect(body.summary.seconds).toBeLessThan(4000 * calls.length); // the other account's call is not in it
  });

  it('filters by range, direction and number, and pages on the server', async () => {
    const from = addDays(today, -20);
    const to = addDays(today, -10);
    const caller = await as(t, 'business');
    const res = await caller.call(
      'GET',
      `/api/customer/reports/phone?from=${from}&to=${to}&direction=outbound&number=(573)%20555-03&page=2&pageSize=5`,
    );
    expect(res.statusCode).toBe(200);
    const expected = (await businessCalls(from, to)).filter(
      (c) => c.direction === 'outbound' && (c.from_number.includes('57355503') || c.to_number.includes('57355503')),
    );
    const body = res.json();
    expect(body.summary).toEqual(totals(expected));
    expect(body.number).toBe('57355503');
    expect(body.byDirection).toEqual([{ direction: 'outbound', ...totals(expected) }]);
    expect(body.calls.map((c: { startedAt: string }) => c.startedAt)).toEqual(
      expected.slice(5, 10).map((c) => c.started_at),
    );
    expect([body.page, body.pageSize, body.totalPages]).toEqual([2, 5, Math.ceil(expected.length / 5)]);

    const none = await caller.call('GET', `/api/customer/reports/phone?from=${from}&to=${to}&number=99999999`);
    expect(none.json().summary.calls).toBe(0);
    expect(none.json().calls).toEqual([]);
  });

  it('refuses bad ranges and filters with 400 naming the field', async () => {
    const caller = await as(t, 'business');
    const cases: [string, string][] = [
      ['from=2025-03-05&to=2025-03-04', 'to'],
      ['from=2024-01-01&to=2025-01-01', 'from'],
      ['from=2025-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['direction=sideways', 'direction'],
      ['number=abc', 'number'],
      ['pageSize=201', 'pageSize'],
      ['page=0', 'page'],
    ];
    for (const [query, field] of cases) {
      const res = await caller.call('GET', `/api/customer/reports/phone?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields), query).toEqual([field]);
    }
    const csv = await caller.call('GET', '/api/customer/reports/phone/csv?from=2025-03-05&to=2025-03-04');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error.fields).toHaveProperty('to');
  });
});

describe('GET /api/customer/reports/phone/csv', () => {
  it('downloads the same filtered calls as CSV, oldest first, with a file name', async () => {
    const from = addDays(today, -6);
    const res = await (await as(t, 'business')).call(
      'GET',
      `/api/customer/reports/phone/csv?from=${from}&to=${today}&direction=inbound`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="phone-report-${BUSINESS}-${from}-to-${today}-inbound.csv"; filename*=UTF-8''phone-report-${BUSINESS}-${from}-to-${today}-inbound.csv`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Time (UTC),Direction,From,To,Duration (seconds),Billed minutes');
    expect(lines.at(-1)).toBe('');
    const expected = (await businessCalls(from, today)).filter((c) => c.direction === 'inbound').reverse();
    expect(lines.slice(1, -1)).toEqual(
      expected.map(
        (c) =>
          `${c.started_at.slice(0, 10)},${c.started_at.slice(11, 19)},inbound,${c.from_number},${c.to_number},${c.duration_seconds},${billedMinutes(c.duration_seconds)}`,
      ),
    );
  });
});

async function expectedBusiness(fromMonth: string, toMonth: string) {
  const rows = await t.db.db
    .selectFrom('invoices as i')
    .innerJoin('invoice_lines as l', 'l.invoice_id', 'i.id')
    .select(['i.id', 'i.invoice_date', 'l.service_location_id', 'l.amount_cents'])
    .where('i.customer_id', '=', BUSINESS)
    .orderBy('i.id')
    .execute();
  const allocations = await t.db.db
    .selectFrom('payment_allocations as a')
    .innerJoin('payments as p', 'p.id', 'a.payment_id')
    .select(['a.invoice_id', 'a.amount_cents', 'p.status'])
    .where('p.customer_id', '=', BUSINESS)
    .execute();
  const cells = new Map<string, { billed: number; paid: number }>();
  const inRange = rows.filter((r) => r.invoice_date.slice(0, 7) >= fromMonth && r.invoice_date.slice(0, 7) <= toMonth);
  for (const id of new Set(inRange.map((r) => r.id))) {
    const lines = inRange.filter((r) => r.id === id);
    const locations = [...new Set(lines.map((l) => l.service_location_id))].sort((a, b) => (a ?? 1e9) - (b ?? 1e9));
    const billed = locations.map((loc) =>
      lines.filter((l) => l.service_location_id === loc).reduce((s, l) => s + l.amount_cents, 0),
    );
    const paid = allocations
      .filter((a) => a.invoice_id === id && a.status === 'Completed')
      .reduce((s, a) => s + a.amount_cents, 0);
    const shares = apportionCents(paid, billed);
    locations.forEach((loc, i) => {
      const key = `${lines[0]?.invoice_date.slice(0, 7)}|${loc}`;
      const cell = cells.get(key) ?? { billed: 0, paid: 0 };
      cell.billed += billed[i] ?? 0;
      cell.paid += shares[i] ?? 0;
      cells.set(key, cell);
    });
  }
  return cells;
}

describe('GET /api/customer/reports/business', () => {
  it('gives billed, paid and balance per month and service location for the last 12 months, with totals', async () => {
    const res = await (await as(t, 'business')).call('GET', '/api/customer/reports/business');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const month = today.slice(0, 7);
    expect([body.from, body.to]).toEqual([addMonths(month, -11), month]);
    expect(body.monthTotals).toHaveLength(12);
    const cells = await expectedBusiness(body.from, body.to);
    expect(body.rows).toHaveLength(cells.size);
    for (const row of body.rows) {
      const cell = cells.get(`${row.month}|${row.ServiceLocationID}`);
      expect(row).toEqual({
        month: row.month,
        ServiceLocationID: row.ServiceLocationID,
        billedCents: cell?.billed,
        paidCents: cell?.paid,
        balanceCents: (cell?.billed ?? 0) - (cell?.paid ?? 0),
      });
    }
    const all = [...cells.values()];
    const billed = all.reduce((s, c) => s + c.billed, 0);
    const paid = all.reduce((s, c) => s + c.paid, 0);
    expect(body.totals).toEqual({ billedCents: billed, paidCents: paid, balanceCents: billed - paid });
    expect(billed).toBeGreaterThan(0);
    expect(paid).toBeLessThan(billed); // the newest invoice is unpaid
    // Both locations and the account-wide charges appear; the other account's invoice does not.
    expect(new Set(body.rows.map((r: { ServiceLocationID: number | null }) => r.ServiceLocationID))).toEqual(
      new Set([2, 3, null]),
    );
    expect(body.locations.map((l: { label: string }) => l.label)).toEqual([
      '1101 E Broadway, Suite 200, Columbia, MO 65201',
      '2316 Missouri Blvd, Jefferson City, MO 65109',
      'Account-wide charges',
    ]);
    expect(body.totals.billedCents).toBeLessThan(777_777);
  });

  it('takes a range of months and refuses bad ones naming the field', async () => {
    const caller = await as(t, 'business');
    const to = addMonths(today.slice(0, 7), -1);
    const from = addMonths(to, -2);
    const res = await caller.call('GET', `/api/customer/reports/business?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().monthTotals.map((m: { month: string }) => m.month)).toEqual([from, addMonths(from, 1), to]);
    const cells = await expectedBusiness(from, to);
    expect(res.json().totals.billedCents).toBe([...cells.values()].reduce((s, c) => s + c.billed, 0));
    for (const [query, field] of [
      ['from=2025-05&to=2025-04', 'to'],
      ['from=2022-01&to=2025-01', 'from'],
      ['from=2025-13', 'from'],
      ['to=2025-1', 'to'],
    ] as const) {
      const bad = await caller.call('GET', `/api/customer/reports/business?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(Object.keys(bad.json().error.fields), query).toEqual([field]);
    }
  });
});

describe('business report downloads', () => {
  it('CSV: one row per month and location, month totals and the grand total, in dollars', async () => {
    const caller = await as(t, 'business');
    const report = (await caller.call('GET', '/api/customer/reports/business')).json();
    const res = await caller.call('GET', '/api/customer/reports/business/csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="business-report-${BUSINESS}-${report.from}-to-${report.to}.csv"; filename*=UTF-8''business-report-${BUSINESS}-${report.from}-to-${report.to}.csv`,
    );
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Month,Service location,Billed,Paid,Balance');
    expect(lines).toHaveLength(1 + report.rows.length + report.monthTotals.length + 1 + 1);
    const dollars = (c: number) => (c / 100).toFixed(2);
    expect(lines.at(-2)).toBe(
      `${report.from} to ${report.to},Total,${dollars(report.totals.billedCents)},${dollars(report.totals.paidCents)},${dollars(report.totals.balanceCents)}`,
    );
    // A label with commas is quoted.
    expect(res.body).toContain('"1101 E Broadway, Suite 200, Columbia, MO 65201"');
  });

  it('PDF: made on the server with a file name', async () => {
    const res = await (await as(t, 'business')).call(
      'GET',
      '/api/customer/reports/business/pdf?from=2025-01&to=2025-02',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="business-report-${BUSINESS}-2025-01-to-2025-02.pdf"; filename*=UTF-8''business-report-${BUSINESS}-2025-01-to-2025-02.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('who may see reports', () => {
  const urls = [
    '/api/customer/reports/phone',
    '/api/customer/reports/phone/csv',
    '/api/customer/reports/business',
    '/api/customer/reports/business/csv',
    '/api/customer/reports/business/pdf',
  ];

  it('refuses a business user without the Reports permission', async () => {
    const caller = await as(t, 'business-billing');
    for (const url of urls) {
      const res = await caller.call('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toContain('“Reports” permission');
    }
  });

  it('refuses residential and consumer accounts even though their admins hold every category', async () => {
    for (const user of ['residential', 'consumer']) {
      const caller = await as(t, user);
      for (const url of urls) {
        const res = await caller.call('GET', url);
        expect(res.statusCode, `${user} ${url}`).toBe(403);
        expect(res.json().error.message).toBe('Reports are for business accounts.');
      }
    }
  });

  it('refuses field staff and anonymous callers, and never takes the account from the request', async () => {
    expect((await (await as(t, 'installer')).call('GET', urls[0] ?? '')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: urls[0] ?? '' })).statusCode).toBe(401);
    const res = await (await as(t, 'business')).call(
      'GET',
      `/api/customer/reports/phone?customerId=${OTHER}&vcCustomerID=${OTHER}&from=${today}&to=${today}&number=5739990000`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().summary.calls).toBe(0);
  });
});
