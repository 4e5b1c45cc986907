/**
 * The phone reports read per-day summaries kept by triggers on call_records (0024-call-summaries). On the demo, and
 * after calls are written, changed and removed, every type gives exactly what it gives from the records
 * (PHONE_REPORTS_SOURCE=records, the old path), for the customer's and the staff's routes.
 */
import { addDays, PHONE_REPORT_TYPES, type ReportData } from '@strand/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { as, BUSINESS } from '../customer-account/customer-test-helpers.js';

let t: TestApp;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  today = t.clock.now.toISOString().slice(0, 10);
});
afterAll(() => t.close());

async function both(url: string): Promise<{ summaries: ReportData; records: ReportData }> {
  const user = await as(t, url.startsWith('/api/staff') ? 'billing-staff' : 'business');
  const read = async (source: 'summaries' | 'records') => {
    t.ctx.config.phoneReports.source = source;
    const res = await user.call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportData;
  };
  try {
    return { summaries: await read('summaries'), records: await read('records') };
  } finally {
    t.ctx.config.phoneReports.source = 'summaries';
  }
}

/** The first day of the month `months` from today's. */
const monthStart = (months: number) => {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

async function expectSameEverywhere() {
  const ranges = [
    '',
    `from=${addDays(today, -60)}&to=${today}`,
    `from=${addDays(today, -20)}&to=${addDays(today, -3)}`,
    `from=${today}&to=${today}`,
  ];
  // Whole months (0026's month totals) with the days before and after them, only whole months, a year: with the
  // filters the month totals read (a number filter reads the records).
  const monthRanges = [
    `from=${addDays(today, -75)}&to=${addDays(today, -2)}`,
    `from=${monthStart(-2)}&to=${addDays(monthStart(0), -1)}`,
    `from=${addDays(today, -365)}&to=${today}`,
  ];
  const filters = ['', 'direction=inbound', 'direction=outbound', 'number=573'];
  for (const type of PHONE_REPORT_TYPES) {
    const withFilters = (list: string[], fs: string[]) =>
      list.flatMap((range) => (type.filters.length ? fs : ['']).map((f) => [range, f].filter(Boolean).join('&')));
    const queries =
      type.range === 'month'
        ? withFilters(['', `month=${addDays(today, -35).slice(0, 7)}`], filters)
        : [...withFilters(ranges, filters), ...withFilters(monthRanges, ['', 'direction=outbound'])];
    for (const query of queries) {
      const { summaries, records } = await both(`/api/customer/reports/calls/${type.id}?${query}`);
      expect(summaries, `${type.id}?${query}`).toEqual(records);
    }
  }
}

/** What the triggers should have written: the summaries rebuilt from the records. */
async function rebuiltHourTotals() {
  const rows = await sql<Record<string, unknown>>`select customer_id, substr(started_at, 1, 10) as day,
      substr(started_at, 12, 2) as hour, direction, case when duration_seconds > 0 then 1 else 0 end as connected,
      count(*) as calls, sum((duration_seconds + 59) / 60) as minutes
    from call_records group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`.execute(t.db.db);
  return rows.rows.map((r) => ({ ...r, calls: Number(r.calls), minutes: Number(r.minutes) }));
}
async function hourTotals() {
  const rows = await sql<Record<string, unknown>>`select customer_id, day, hour, direction, connected,
      sum(calls) as calls, sum(minutes) as minutes
    from call_hour_totals group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`.execute(t.db.db);
  return rows.rows.map((r) => ({
    ...r,
    connected: Number(r.connected),
    calls: Number(r.calls),
    minutes: Number(r.minutes),
  }));
}

/** 0026's month totals as they are, and rebuilt from the records (what the triggers should have written). */
async function lineMonths() {
  const kept = await sql<Record<string, unknown>>`select customer_id, month, direction, line, connected,
      sum(calls) as calls, sum(busy) as busy, sum(no_answer) as no_answer, sum(seconds) as seconds,
      sum(minutes) as minutes
    from call_line_month_totals group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`.execute(t.db.db);
  const rebuilt = await sql<Record<string, unknown>>`select customer_id, substr(started_at, 1, 7) as month, direction,
      case when direction = 'inbound' then to_number else from_number end as line,
      case when duration_seconds > 0 then 1 else 0 end as connected, count(*) as calls,
      sum(case when outcome = 'busy' then 1 else 0 end) as busy,
      sum(case when outcome = 'no_answer' then 1 else 0 end) as no_answer,
      sum(duration_seconds) as seconds, sum((duration_seconds + 59) / 60) as minutes
    from call_records group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`.execute(t.db.db);
  const numbers = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({
      ...r,
      connected: Number(r.connected),
      calls: Number(r.calls),
      busy: Number(r.busy),
      no_answer: Number(r.no_answer),
      seconds: Number(r.seconds),
      minutes: Number(r.minutes),
    }));
  return { kept: numbers(kept.rows), rebuilt: numbers(rebuilt.rows) };
}

describe('phone reports from the per-day summaries', () => {
  it('give the same reports as the call records on the demo, for every type, range and filter', async () => {
    expect((await hourTotals()).length).toBeGreaterThan(0);
    await expectSameEverywhere();
    const staff = await both(`/api/staff/reports/calls/summary?vcCustomerID=${BUSINESS}`);
    expect(staff.summaries).toEqual(staff.records);
  });

  it('stay the same after calls are written, changed and removed (overlaps across midnight, a two-day call)', async () => {
    const at = (day: number, time: string) => `${addDays(today, day)}T${time}.000Z`;
    const call = (started_at: string, duration_seconds: number, to_number = '13145550111') => ({
      customer_id: BUSINESS,
      started_at,
      direction: 'outbound',
      from_number: '5735550101',
      to_number,
      duration_seconds,
      outcome: duration_seconds > 0 ? 'answered' : 'busy',
    });
    await t.db.db
      .insertInto('call_records')
      .values([
        call(at(-10, '23:50:00'), 1800),
        call(at(-10, '23:55:00'), 1200, '18005550100'),
        call(at(-9, '00:05:00'), 600, '011442079460123'),
        call(at(-9, '00:05:00'), 0),
        call(at(-5, '12:00:00'), 300),
      ])
      .execute();
    // A warm cache first: the reports sweep the stale days now, and must notice the days changed below.
    await expectSameEverywhere();
    await t.db.db
      .updateTable('call_records')
      .set({ duration_seconds: 2400 })
      .where('customer_id', '=', BUSINESS)
      .where('started_at', '=', at(-9, '00:05:00'))
      .where('duration_seconds', '=', 600)
      .execute();
    await t.db.db
      .deleteFrom('call_records')
      .where('customer_id', '=', BUSINESS)
      .where('started_at', '=', at(-5, '12:00:00'))
      .execute();
    expect(await hourTotals()).toEqual(await rebuiltHourTotals());
    const months = await lineMonths();
    expect(months.kept.length).toBeGreaterThan(0);
    expect(months.kept).toEqual(months.rebuilt);
    await expectSameEverywhere();
    // A call that lasts into a day two days after its start: the cache cannot hold it, the records are swept.
    await t.db.db
      .insertInto('call_records')
      .values(call(at(-15, '22:00:00'), 2 * 86_400))
      .execute();
    await expectSameEverywhere();
    expect(await hourTotals()).toEqual(await rebuiltHourTotals());
  }, 90_000);

  it('read the month totals for whole months (emptied by hand, a year of Outbound Calls changes)', async () => {
    const url = `/api/customer/reports/calls/outbound?from=${addDays(today, -365)}&to=${today}`;
    const before = await both(url);
    expect(before.summaries).toEqual(before.records);
    await t.db.db.deleteFrom('call_line_month_totals').where('customer_id', '=', BUSINESS).execute();
    const after = await both(url);
    expect(after.records).toEqual(before.records);
    expect(after.summaries.tables).not.toEqual(before.summaries.tables);
  });

  it('are what the reports read (emptied by hand, the reports change; the records path does not)', async () => {
    await t.db.db.deleteFrom('call_hour_totals').where('customer_id', '=', BUSINESS).execute();
    const { summaries, records } = await both('/api/customer/reports/calls/call-volume-all');
    expect(summaries.stats[0]?.value).toBe(0);
    expect(records.stats[0]?.value).toBeGreaterThan(0);
  });
});
