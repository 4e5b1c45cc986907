import {
  AGING_BUCKETS,
  addDays,
  ageInDays,
  bucketOf,
  type ReportData,
  STAFF_REPORTS,
  WORK_ORDER_AGE_BUCKETS,
  weekStart,
} from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  today = t.clock.now.toISOString().slice(0, 10);
});
afterAll(() => t.close());

const get = async (url: string, user = 'billing-staff') => (await as(t, user)).call('GET', url);
const report = async (url: string, user = 'billing-staff'): Promise<ReportData> => {
  const res = await get(url, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const statOf = (r: ReportData, label: string) => r.stats.find((s) => s.label === label)?.value;
const inRange = (at: string, from: string, to: string) => at.slice(0, 10) >= from && at.slice(0, 10) <= to;
const DONE = ['Complete', 'Closed'];

describe('staff reports', () => {
  it('each report answers for billing staff and the admin with a chart and tables', async () => {
    for (const { id, name } of STAFF_REPORTS) {
      for (const user of ['billing-staff', 'staff']) {
        const r = await report(`/api/staff/reports/operations/${id}`, user);
        expect(r.title).toBe(name);
        expect(r.chart, id).not.toBeNull();
        for (const s of r.chart?.series ?? []) expect(s.values).toHaveLength(r.chart?.categories.length ?? -1);
        expect(r.tables.length).toBeGreaterThan(0);
      }
    }
  });

  it('work orders: opened and completed per week, and the open ones by age', async () => {
    const from = addDays(today, -89);
    const r = await report(`/api/staff/reports/operations/work-orders?from=${from}&to=${today}`);
    const rows = await t.db.db.selectFrom('work_orders').select(['created_at', 'last_updated', 'status']).execute();
    const opened = rows.filter((w) => inRange(w.created_at, from, today));
    const done = rows.filter((w) => DONE.includes(w.status) && inRange(w.last_updated, from, today));
    expect(statOf(r, 'Opened')).toBe(opened.length);
    expect(statOf(r, 'Completed')).toBe(done.length);
    const weekRows = r.tables[0]?.rows ?? [];
    expect(weekRows[0]?.[0]).toBe(weekStart(from));
    const week = String(weekRows.at(-2)?.[0]);
    expect(weekRows.at(-2)?.[1]).toBe(opened.filter((w) => weekStart(w.created_at) === week).length);
    const open = rows.filter((w) => ![...DONE, 'Cancelled'].includes(w.status));
    const ages = WORK_ORDER_AGE_BUCKETS.map(
      (_, i) => open.filter((w) => bucketOf(WORK_ORDER_AGE_BUCKETS, ageInDays(w.created_at, today)) === i).length,
    );
    expect(r.tables[1]?.rows.map((row) => row[1])).toEqual(ages);
    expect(opened.length).toBeGreaterThan(0);
  });

  it('installs per crew: completed install work orders by contractor company or installer', async () => {
    const from = addDays(today, -365);
    const r = await report(`/api/staff/reports/operations/installs?from=${from}&to=${today}`);
    const done = await t.db.db
      .selectFrom('work_orders as w')
      .innerJoin('work_order_types as ty', 'ty.id', 'w.type_id')
      .select(['w.last_updated', 'w.status', 'ty.description'])
      .execute();
    const installs = done.filter(
      (w) => DONE.includes(w.status) && w.description.includes('Install') && inRange(w.last_updated, from, today),
    );
    expect(statOf(r, 'Installs')).toBe(installs.length);
    expect(installs.length).toBeGreaterThan(0);
    const total = (r.chart?.series ?? []).flatMap((s) => s.values).reduce((a, b) => a + b, 0);
    expect(total).toBe(installs.length);
  });

  it('orders per area: sales orders of the range by central office and status', async () => {
    const from = addDays(today, -365);
    const r = await report(`/api/staff/reports/operations/orders-by-area?from=${from}&to=${today}`);
    const orders = await t.db.db.selectFrom('sales_orders').select(['created_at', 'status']).execute();
    const counted = orders.filter((o) => inRange(o.created_at, from, today));
    expect(statOf(r, 'Orders')).toBe(counted.length);
    expect(r.tables[0]?.footer?.at(-1)).toBe(counted.length);
  });

  it('checks to orders: availability checks, leads, carts and orders per area kind, area and week', async () => {
    const from = addDays(today, -83);
    const r = await report(`/api/staff/reports/operations/conversion?from=${from}&to=${today}`);
    const checks = (
      await t.db.db
        .selectFrom('availability_checks as c')
        .leftJoin('addresses as a', 'a.id', 'c.address_id')
        .select(['c.id', 'c.at', 'c.area_kind', 'c.order_id', 'a.city'])
        .execute()
    ).filter((c) => inRange(c.at, from, today));
    const leads = new Set(
      (await t.db.db.selectFrom('availability_leads').select('check_id').execute()).map((l) => l.check_id),
    );
    const carts = await t.db.db.selectFrom('carts').select(['check_id', 'order_id']).execute();
    const withCart = new Set(carts.map((c) => c.check_id));
    const ordered = checks.filter(
      (c) => c.order_id !== null || carts.some((k) => k.check_id === c.id && k.order_id !== null),
    );
    expect(checks.length).toBeGreaterThan(50);
    expect(ordered.length).toBeGreaterThan(0);
    expect(statOf(r, 'Availability checks')).toBe(checks.length);
    expect(statOf(r, 'Leads')).toBe(checks.filter((c) => leads.has(c.id)).length);
    expect(statOf(r, 'Carts')).toBe(checks.filter((c) => withCart.has(c.id)).length);
    expect(statOf(r, 'Orders placed')).toBe(ordered.length);
    expect(statOf(r, 'Conversion')).toBe(Math.round((ordered.length / checks.length) * 1000) / 10);
    // Per area kind and area: the fiber checks of Columbia, counted by hand.
    const columbia = checks.filter((c) => c.area_kind === 'fiber' && c.city === 'Columbia');
    const row = r.tables[0]?.rows.find((x) => x[0] === 'Residential fiber' && x[1] === 'Columbia');
    expect(row?.[2]).toBe(columbia.length);
    // Per week: weeks from the range's Monday, and the chart draws checks, carts and orders for each.
    const weeks = r.tables[1]?.rows ?? [];
    expect(weeks[0]?.[0]).toBe(weekStart(from));
    const week = String(weeks.at(-2)?.[0]);
    expect(weeks.at(-2)?.[1]).toBe(checks.filter((c) => weekStart(c.at.slice(0, 10)) === week).length);
    expect(r.chart?.series.map((s) => s.name)).toEqual(['Checks', 'Carts', 'Orders placed']);
    expect(r.chart?.categories).toHaveLength(weeks.length);
    // An empty range: zero everywhere, conversion 0 (no division by zero).
    const empty = await report('/api/staff/reports/operations/conversion?from=2020-01-01&to=2020-01-31');
    expect(statOf(empty, 'Availability checks')).toBe(0);
    expect(statOf(empty, 'Conversion')).toBe(0);
  });

  it('receivables aging: open balances in 0–30/31–60/61–90/90+ buckets by invoice date', async () => {
    const r = await report('/api/staff/reports/operations/receivables-aging?from=2020-01-01');
    expect([r.from, r.to]).toEqual([today, today]);
    const open = await t.db.db
      .selectFrom('invoices')
      .select(['invoice_date', 'balance_cents'])
      .where('balance_cents', '>', 0)
      .where('invoice_date', '<=', today)
      .execute();
    const buckets = AGING_BUCKETS.map((_, i) =>
      open
        .filter((inv) => bucketOf(AGING_BUCKETS, ageInDays(inv.invoice_date, today)) === i)
        .reduce((a, inv) => a + inv.balance_cents, 0),
    );
    expect(r.chart?.series[0]?.values).toEqual(buckets);
    expect(statOf(r, 'Open balance')).toBe(buckets.reduce((a, b) => a + b, 0));
    expect(buckets.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('payments per day: completed payments and their amount', async () => {
    const from = addDays(today, -365);
    const r = await report(`/api/staff/reports/operations/payments?from=${from}&to=${today}`);
    const payments = await t.db.db.selectFrom('payments').select(['created_at', 'status', 'amount_cents']).execute();
    const done = payments.filter((p) => p.status === 'Completed' && inRange(p.created_at, from, today));
    expect(statOf(r, 'Payments')).toBe(done.length);
    expect(statOf(r, 'Received')).toBe(done.reduce((a, p) => a + p.amount_cents, 0));
    expect(r.chart?.categories).toHaveLength(366);
  });

  it('CSV and PDF of each report', async () => {
    for (const { id, name } of STAFF_REPORTS) {
      const csv = await get(`/api/staff/reports/operations/${id}/csv`);
      expect(csv.statusCode, id).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(new RegExp(`filename="${id}-\\d{4}-\\d{2}-\\d{2}-to-`));
      expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(name);
      const pdf = await get(`/api/staff/reports/operations/${id}/pdf`, 'staff');
      expect(pdf.statusCode, id).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('refuses sales, dispatcher, network, customers and field staff', async () => {
    for (const user of ['sales', 'dispatcher', 'network', 'business', 'residential', 'installer', 'contractor']) {
      for (const suffix of ['', '/csv', '/pdf']) {
        for (const id of ['payments', 'conversion']) {
          const res = await get(`/api/staff/reports/operations/${id}${suffix}`, user);
          expect(res.statusCode, `${user} ${id}${suffix}`).toBe(403);
        }
      }
    }
    expect((await t.request({ method: 'GET', url: '/api/staff/reports/operations/payments' })).statusCode).toBe(401);
  });

  it('refuses bad ranges and unknown reports with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['payments?from=2025-03-05&to=2025-03-04', 'to'],
      ['work-orders?from=2023-01-01&to=2025-01-10', 'from'],
      ['installs?from=2025-02-30', 'from'],
      ['orders-by-area?to=tomorrow', 'to'],
      ['conversion?from=2025-03-05&to=2025-03-01', 'to'],
      [`payments?to=${'2999-01-01'}`, 'to'],
      ['sideways', 'report'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/staff/reports/operations/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), query).toEqual([field]);
    }
  });
});
