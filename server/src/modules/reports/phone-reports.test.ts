import {
  addDays,
  billedMinutes,
  CALL_RATES_CENTS,
  callClassOf,
  PHONE_REPORT_TYPES,
  peakConcurrency,
  type ReportData,
} from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS, RESIDENTIAL } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
let today: string;
const OTHER = '1000-3000-0002';

beforeAll(async () => {
  t = await createTestApp();
  today = t.clock.now.toISOString().slice(0, 10);
  // Another account's calls in every range: no report of Acme's may count them.
  await t.db.db
    .insertInto('call_records')
    .values(
      [0, 60, 120].map((s) => ({
        customer_id: OTHER,
        started_at: `${today}T00:00:0${s / 60}.000Z`,
        direction: 'outbound',
        from_number: '5735550900',
        to_number: '13145550999',
        duration_seconds: 4000,
        outcome: 'answered',
      })),
    )
    .execute();
});
afterAll(() => t.close());

interface Call {
  started_at: string;
  direction: string;
  from_number: string;
  to_number: string;
  duration_seconds: number;
  outcome: string;
}

async function calls(from: string, to: string): Promise<Call[]> {
  const rows = await t.db.db
    .selectFrom('call_records')
    .select(['started_at', 'direction', 'from_number', 'to_number', 'duration_seconds', 'outcome'])
    .where('customer_id', '=', BUSINESS)
    .execute();
  return rows.filter((r) => r.started_at.slice(0, 10) >= from && r.started_at.slice(0, 10) <= to);
}

const get = async (url: string, user = 'business') => (await as(t, user)).call('GET', url);
const report = async (url: string): Promise<ReportData> => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const statOf = (r: ReportData, label: string) => r.stats.find((s) => s.label === label)?.value;
const minutesOf = (cs: Call[]) => cs.reduce((a, c) => a + billedMinutes(c.duration_seconds), 0);

describe('the nine phone report types', () => {
  it('every type answers with totals, a chart and tables for the default range', async () => {
    for (const type of PHONE_REPORT_TYPES) {
      const r = await report(`/api/customer/reports/calls/${type.id}`);
      expect(r.title).toBe(type.name);
      expect(r.subject).toBe(`Acme Dental Group (${BUSINESS})`);
      expect(r.stats.length).toBeGreaterThan(0);
      expect(r.chart?.series.length, type.id).toBeGreaterThan(0);
      for (const s of r.chart?.series ?? []) expect(s.values).toHaveLength(r.chart?.categories.length ?? -1);
      expect(r.tables[0]?.rows.length, type.id).toBeGreaterThan(0);
      for (const table of r.tables) {
        for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
      }
    }
  });

  it('1+ Billing: outbound long-distance and international minutes at their rates, per line', async () => {
    const from = addDays(today, -29);
    const r = await report(`/api/customer/reports/calls/one-plus-billing?from=${from}&to=${today}`);
    const billed = (await calls(from, today)).filter(
      (c) =>
        c.direction === 'outbound' &&
        c.duration_seconds > 0 &&
        ['long_distance', 'international'].includes(callClassOf(c.to_number)),
    );
    expect(billed.some((c) => callClassOf(c.to_number) === 'international')).toBe(true);
    const cents = billed.reduce(
      (a, c) =>
        a +
        billedMinutes(c.duration_seconds) *
          CALL_RATES_CENTS[callClassOf(c.to_number) as 'long_distance' | 'international'],
      0,
    );
    expect(statOf(r, 'Calls')).toBe(billed.length);
    expect(statOf(r, 'Billed minutes')).toBe(minutesOf(billed));
    expect(statOf(r, 'Charges')).toBe(cents);
    expect(r.tables[0]?.footer).toEqual(['Total', billed.length, minutesOf(billed), cents]);
    expect(new Set(r.tables[0]?.rows.map((row) => row[0]))).toEqual(new Set(billed.map((c) => c.from_number)));
    // The chart's stacked minutes add up to the total.
    const chartMinutes = (r.chart?.series ?? []).flatMap((s) => s.values).reduce((a, b) => a + b, 0);
    expect(chartMinutes).toBe(minutesOf(billed));
  });

  it('800 Billing: inbound calls to the toll-free number, and the number filter', async () => {
    const from = addDays(today, -29);
    const r = await report(`/api/customer/reports/calls/toll-free-billing?from=${from}&to=${today}`);
    const billed = (await calls(from, today)).filter(
      (c) => c.direction === 'inbound' && c.duration_seconds > 0 && callClassOf(c.to_number) === 'toll_free',
    );
    expect(billed.length).toBeGreaterThan(20);
    expect(statOf(r, 'Calls')).toBe(billed.length);
    expect(statOf(r, 'Charges')).toBe(minutesOf(billed) * CALL_RATES_CENTS.toll_free);
    expect(r.tables[0]?.rows.map((row) => row[0])).toContain('18005550300');
    const none = await report(`/api/customer/reports/calls/toll-free-billing?from=${from}&to=${today}&number=999999`);
    expect(statOf(none, 'Calls')).toBe(0);
  });

  it('Busy Report: busy signals by hour against all attempts', async () => {
    const from = addDays(today, -29);
    const r = await report(`/api/customer/reports/calls/busy?from=${from}&to=${today}`);
    const all = await calls(from, today);
    const busy = all.filter((c) => c.outcome === 'busy');
    expect(busy.length).toBeGreaterThan(10);
    expect(statOf(r, 'Call attempts')).toBe(all.length);
    expect(statOf(r, 'Busy')).toBe(busy.length);
    const byHour = r.chart?.series[0]?.values ?? [];
    expect(byHour).toHaveLength(24);
    for (let h = 0; h < 24; h++) {
      expect(byHour[h], `hour ${h}`).toBe(busy.filter((c) => Number(c.started_at.slice(11, 13)) === h).length);
    }
    const inbound = await report(`/api/customer/reports/calls/busy?from=${from}&to=${today}&direction=outbound`);
    expect(statOf(inbound, 'Busy')).toBe(busy.filter((c) => c.direction === 'outbound').length);
  });

  it('Call Volume by hour with filters; Call Volume - no filter ignores them', async () => {
    const from = addDays(today, -13);
    const all = await calls(from, today);
    const filtered = await report(`/api/customer/reports/calls/call-volume?from=${from}&to=${today}&direction=inbound`);
    expect(statOf(filtered, 'Calls')).toBe(all.filter((c) => c.direction === 'inbound').length);
    expect(filtered.chart?.series.map((s) => s.name)).toEqual(['Inbound']);
    const unfiltered = await report(
      `/api/customer/reports/calls/call-volume-all?from=${from}&to=${today}&direction=inbound&number=1`,
    );
    expect(statOf(unfiltered, 'Calls')).toBe(all.length);
    expect(unfiltered.chart?.categories).toHaveLength(14);
    const day = unfiltered.tables[0]?.rows[0];
    expect(day?.[3]).toBe(all.filter((c) => c.started_at.startsWith(String(day?.[0]))).length);
  });

  it('Concurrent Calls: each day’s peak matches a sweep over the raw calls', async () => {
    const from = addDays(today, -20);
    const r = await report(`/api/customer/reports/calls/concurrent?from=${from}&to=${today}`);
    const all = await calls(from, today);
    const rows = r.tables[0]?.rows ?? [];
    expect(rows.length).toBeGreaterThan(5);
    // The sweep runs over the whole range at once: the day's peak is the highest count reached at a moment of it.
    const events = all.map((c) => ({ start: Date.parse(c.started_at) / 1000, seconds: c.duration_seconds }));
    for (const row of rows) {
      const day = String(row[0]);
      const dayStart = Date.parse(`${day}T00:00:00Z`) / 1000;
      const within = events.filter((e) => e.start < dayStart + 86_400 && e.start + e.seconds > dayStart);
      // Clip each call to the day so a call from the evening before counts only while it runs.
      const clipped = within.map((e) => ({
        start: Math.max(e.start, dayStart),
        seconds: Math.min(e.start + e.seconds, dayStart + 86_400) - Math.max(e.start, dayStart),
      }));
      expect(row[2], day).toBe(peakConcurrency(clipped).peak);
    }
    const top = Math.max(...rows.map((row) => Number(row[2])));
    expect(statOf(r, 'Highest peak')).toBe(top);
    expect(top).toBeGreaterThanOrEqual(5); // the demo's bursts overlap
  });

  it('Full Month Report: every day of the month, totals that add up', async () => {
    const month = today.slice(0, 7);
    const r = await report(`/api/customer/reports/calls/full-month?month=${month}`);
    expect(r.from).toBe(`${month}-01`);
    expect(r.tables[0]?.rows[0]?.[0]).toBe(`${month}-01`);
    const all = await calls(r.from, r.to);
    expect(r.tables[0]?.footer?.slice(1, 4)).toEqual([
      all.filter((c) => c.direction === 'inbound').length,
      all.filter((c) => c.direction === 'outbound').length,
      all.filter((c) => c.duration_seconds > 0).length,
    ]);
    expect(r.tables[0]?.footer?.[8]).toBe(minutesOf(all));
  });

  it('Outbound Calls per line and class; Summary of everything', async () => {
    const from = addDays(today, -29);
    const all = await calls(from, today);
    const out = await report(`/api/customer/reports/calls/outbound?from=${from}&to=${today}`);
    const outbound = all.filter((c) => c.direction === 'outbound');
    expect(statOf(out, 'Outbound calls')).toBe(outbound.length);
    expect(statOf(out, 'Long distance')).toBe(
      outbound.filter((c) => callClassOf(c.to_number) === 'long_distance').length,
    );
    const summary = await report(`/api/customer/reports/calls/summary?from=${from}&to=${today}`);
    expect(statOf(summary, 'Calls')).toBe(all.length);
    expect(statOf(summary, 'Busy')).toBe(all.filter((c) => c.outcome === 'busy').length);
    expect(statOf(summary, 'Billed minutes')).toBe(minutesOf(all));
  });

  it('CSV and PDF of a type, with file names', async () => {
    const from = addDays(today, -6);
    const csv = await get(`/api/customer/reports/calls/busy/csv?from=${from}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`filename="busy-${BUSINESS}-${from}-to-${today}.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Busy Report');
    expect(lines).toContain('Hour (UTC),Attempts,Busy,Busy share');
    const pdf = await get(`/api/customer/reports/calls/concurrent/pdf?from=${from}&to=${today}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses bad ranges, types and filters with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['summary?from=2025-03-05&to=2025-03-04', 'to'],
      ['summary?from=2024-01-01&to=2025-01-10', 'from'],
      ['busy?from=2025-02-30', 'from'],
      ['full-month?month=2025-13', 'month'],
      ['call-volume?direction=sideways', 'direction'],
      ['outbound?number=abc', 'number'],
      ['sideways', 'type'],
    ];
    for (const [query, field] of cases) {
      for (const suffix of ['', '/csv', '/pdf']) {
        const [path, search] = query.split('?');
        const res = await get(`/api/customer/reports/calls/${path}${suffix}${search ? `?${search}` : ''}`);
        expect(res.statusCode, query + suffix).toBe(400);
        expect(Object.keys(res.json().error.fields ?? {}), query + suffix).toEqual([field]);
      }
    }
  });

  it('is the session’s own account only: no query parameter reaches another account', async () => {
    const r = await report(
      `/api/customer/reports/calls/summary?vcCustomerID=${OTHER}&customerId=${OTHER}&from=${today}&to=${today}`,
    );
    expect(r.subject).toContain(BUSINESS);
    const mine = await calls(today, today);
    expect(statOf(r, 'Calls')).toBe(mine.length);
  });

  it('refuses residential and consumer accounts, the billing-only user, field staff and anonymous callers', async () => {
    for (const user of ['residential', 'consumer']) {
      const res = await get('/api/customer/reports/calls/summary', user);
      expect(res.statusCode, user).toBe(403);
      expect(res.json().error.message).toBe('Reports are for business accounts.');
    }
    expect((await get('/api/customer/reports/calls/summary', 'business-billing')).statusCode).toBe(403);
    expect((await get('/api/customer/reports/calls/summary', 'installer')).statusCode).toBe(403);
    expect((await get('/api/customer/reports/calls/summary', 'billing-staff')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/customer/reports/calls/summary' })).statusCode).toBe(401);
  });
});

describe('staff phone reports', () => {
  it('billing staff and the admin see any business customer’s report, the same numbers as the customer', async () => {
    const from = addDays(today, -29);
    const own = await report(`/api/customer/reports/calls/summary?from=${from}&to=${today}`);
    for (const user of ['billing-staff', 'staff']) {
      const res = await get(`/api/staff/reports/calls/summary?vcCustomerID=${BUSINESS}&from=${from}&to=${today}`, user);
      expect(res.statusCode, user).toBe(200);
      expect(res.json()).toEqual(own);
    }
    const other = await get(
      `/api/staff/reports/calls/one-plus-billing?vcCustomerID=${OTHER}&from=${today}&to=${today}`,
      'billing-staff',
    );
    expect(other.statusCode).toBe(200);
    expect(statOf(other.json(), 'Calls')).toBe(3);
    const csv = await get(`/api/staff/reports/calls/busy/csv?vcCustomerID=${BUSINESS}`, 'billing-staff');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`busy-${BUSINESS}-`);
    const pdf = await get(`/api/staff/reports/calls/full-month/pdf?vcCustomerID=${BUSINESS}`, 'staff');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses the staff roles that do not own reports, and customers', async () => {
    for (const user of ['sales', 'dispatcher', 'network', 'business', 'installer']) {
      for (const suffix of ['', '/csv', '/pdf']) {
        const res = await get(`/api/staff/reports/calls/summary${suffix}?vcCustomerID=${BUSINESS}`, user);
        expect(res.statusCode, `${user}${suffix}`).toBe(403);
      }
    }
  });

  it('refuses a residential or unknown customer and bad input with 400 naming the field', async () => {
    const cases: [string, string][] = [
      [`summary?vcCustomerID=${RESIDENTIAL}`, 'vcCustomerID'],
      ['summary?vcCustomerID=9999-9999-9999', 'vcCustomerID'],
      ['summary?vcCustomerID=nobody', 'vcCustomerID'],
      ['summary', 'vcCustomerID'],
      [`summary?vcCustomerID=${BUSINESS}&from=2025-03-05&to=2025-03-04`, 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/staff/reports/calls/${query}`, 'billing-staff');
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), query).toEqual([field]);
    }
  });
});
