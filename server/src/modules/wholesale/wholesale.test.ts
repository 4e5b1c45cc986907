import { availabilityLabel } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHOLESALE, WHOLESALE_CIRCUITS } from '../../demo/customer-services.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const month = (offset: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
};

describe('GET /api/customer/services/wholesale', () => {
  it('lists the wholesale customer’s circuits with endpoints, bandwidth, rate, status and start', async () => {
    const res = await (await as(t, 'wholesale')).call('GET', '/api/customer/services/wholesale');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.services.map((s: { circuitId: string }) => s.circuitId)).toEqual(
      WHOLESALE_CIRCUITS.map((c) => c.circuitId),
    );
    expect(body.services[0]).toMatchObject({
      aEndpoint: 'Columbia CO, 1001 E Walnut St',
      zEndpoint: 'Jefferson City POP, 2316 Missouri Blvd',
      bandwidthMbps: 1000,
      monthlyRateCents: 145_000,
      status: 'Active',
    });
    expect(new Set(body.services.map((s: { status: string }) => s.status))).toEqual(
      new Set(['Active', 'Pending', 'Disconnected']),
    );
    expect(body.activeMonthlyCents).toBe(145_000 + 480_000 + 85_000);
  });

  it('answers a business account without circuits with none, and refuses residential, consumer and others', async () => {
    const acme = await (await as(t, 'business')).call('GET', '/api/customer/services/wholesale');
    expect(acme.statusCode).toBe(200);
    expect(acme.json()).toEqual({ services: [], activeMonthlyCents: 0 });
    for (const user of ['residential', 'consumer']) {
      const res = await (await as(t, user)).call('GET', '/api/customer/services/wholesale');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Wholesale services are for business accounts.');
    }
    expect((await (await as(t, 'business-billing')).call('GET', '/api/customer/services/wholesale')).statusCode).toBe(
      403,
    );
    expect((await (await as(t, 'installer')).call('GET', '/api/customer/services/wholesale')).statusCode).toBe(403);
    expect((await (await as(t, 'staff')).call('GET', '/api/customer/services/wholesale')).statusCode).toBe(403);
  });
});

describe('GET /api/customer/reports/wholesale (viewWholesaleReport)', () => {
  it('sums usage and billing per circuit and month over the default 12 months, matching the rows', async () => {
    const res = await (await as(t, 'wholesale')).call('GET', '/api/customer/reports/wholesale');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.from).toBe(month(-11));
    expect(report.to).toBe(month(0));
    expect(report.monthTotals).toHaveLength(12);
    const rows = await t.db.db
      .selectFrom('wholesale_usage as u')
      .innerJoin('wholesale_services as s', 's.id', 'u.wholesale_service_id')
      .select(['u.billed_cents', 'u.in_gb'])
      .where('s.customer_id', '=', WHOLESALE.customerId)
      .where('u.month', '>=', report.from)
      .where('u.month', '<=', report.to)
      .execute();
    expect(report.rows).toHaveLength(rows.length);
    expect(report.totals.billedCents).toBe(rows.reduce((n, r) => n + r.billed_cents, 0));
    expect(report.totals.inGb).toBe(rows.reduce((n, r) => n + r.in_gb, 0));
    expect(report.monthTotals.reduce((n: number, m: { billedCents: number }) => n + m.billedCents, 0)).toBe(
      report.totals.billedCents,
    );
    expect(report.circuitTotals.reduce((n: number, c: { billedCents: number }) => n + c.billedCents, 0)).toBe(
      report.totals.billedCents,
    );
    // The pending circuit has no usage; the disconnected one none after it ended.
    const pending = report.circuits.find((c: { circuitId: string }) => c.circuitId === 'ORN-WS-1004');
    expect(
      report.rows.some((r: { WholesaleServiceID: number }) => r.WholesaleServiceID === pending.WholesaleServiceID),
    ).toBe(false);
  });

  it('takes a range, and names the field of a bad one', async () => {
    const caller = await as(t, 'wholesale');
    const one = await caller.call('GET', `/api/customer/reports/wholesale?from=${month(-2)}&to=${month(-2)}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().monthTotals.map((m: { month: string }) => m.month)).toEqual([month(-2)]);
    const backwards = await caller.call('GET', `/api/customer/reports/wholesale?from=${month(-1)}&to=${month(-3)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty('to');
    const tooLong = await caller.call('GET', `/api/customer/reports/wholesale?from=${month(-30)}&to=${month(0)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.from).toMatch(/at most 24 months/);
    const garbage = await caller.call('GET', '/api/customer/reports/wholesale?from=2025-13');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.fields).toHaveProperty('from');
  });

  it('refuses residential and consumer accounts and users without the Reports permission', async () => {
    for (const user of ['residential', 'consumer']) {
      const res = await (await as(t, user)).call('GET', '/api/customer/reports/wholesale');
      expect(res.statusCode).toBe(403);
    }
    expect((await (await as(t, 'business-billing')).call('GET', '/api/customer/reports/wholesale')).statusCode).toBe(
      403,
    );
    expect((await (await as(t, 'installer')).call('GET', '/api/customer/reports/wholesale/csv')).statusCode).toBe(403);
  });

  it('downloads CSV and PDF of the same range', async () => {
    const caller = await as(t, 'wholesale');
    const range = `from=${month(-3)}&to=${month(-1)}`;
    const report = (await caller.call('GET', `/api/customer/reports/wholesale?${range}`)).json();
    const csv = await caller.call('GET', `/api/customer/reports/wholesale/csv?${range}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(
      `wholesale-report-${WHOLESALE.customerId}-${month(-3)}-to-${month(-1)}.csv`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Month,Circuit,A to Z,Traffic in (GB),Traffic out (GB),Peak (Mbps),Availability (%),Billed');
    expect(lines).toHaveLength(1 + report.rows.length + report.circuitTotals.length + 1);
    const first = report.rows[0];
    expect(lines[1]).toContain(availabilityLabel(first.availabilityBp).replace(' %', ''));
    expect(lines.at(-1)).toContain((report.totals.billedCents / 100).toFixed(2));
    const pdf = await caller.call('GET', `/api/customer/reports/wholesale/pdf?${range}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
