import { describe, expect, it } from 'vitest';
import { callClassOf, PhoneTypeReportQuerySchema, peakConcurrency } from './phone-reports.js';
import { billedVsPaidChart, daysBetween, percentOf, rollUpWeeks, weekStart, weeksBetween } from './report-data.js';
import {
  AGING_BUCKETS,
  ageInDays,
  bucketOf,
  bucketStarts,
  resolveStaffRange,
  WORK_ORDER_AGE_BUCKETS,
} from './staff-reports.js';

describe('callClassOf: the class of the number dialled', () => {
  it('tells local, long distance, toll-free and international apart', () => {
    expect(callClassOf('5734420118')).toBe('local');
    expect(callClassOf('13145550123')).toBe('long_distance');
    expect(callClassOf('18005550199')).toBe('toll_free');
    expect(callClassOf('8885550123')).toBe('toll_free');
    expect(callClassOf('18335550123')).toBe('toll_free');
    expect(callClassOf('18995550123')).toBe('long_distance'); // 899 is no toll-free prefix
    expect(callClassOf('011442079460123')).toBe('international');
    expect(callClassOf('911')).toBe('local');
  });
});

describe('peakConcurrency: the sweep', () => {
  it('counts overlapping calls, not back-to-back ones, nor calls that never connected', () => {
    expect(peakConcurrency([])).toEqual({ peak: 0, at: null });
    expect(
      peakConcurrency([
        { start: 0, seconds: 60 },
        { start: 60, seconds: 60 }, // starts as the first ends: no overlap
      ]),
    ).toEqual({ peak: 1, at: 0 });
    expect(
      peakConcurrency([
        { start: 0, seconds: 100 },
        { start: 10, seconds: 100 },
        { start: 20, seconds: 5 },
        { start: 30, seconds: 0 }, // never connected
        { start: 50, seconds: 100 },
      ]),
    ).toEqual({ peak: 3, at: 20 });
  });

  it('finds the first moment of the peak', () => {
    const calls = [
      { start: 100, seconds: 10 },
      { start: 105, seconds: 10 },
      { start: 300, seconds: 10 },
      { start: 305, seconds: 10 },
    ];
    expect(peakConcurrency(calls)).toEqual({ peak: 2, at: 105 });
  });
});

describe('weeks and days', () => {
  it('weekStart is the Monday of the week (UTC)', () => {
    expect(weekStart('2025-03-10')).toBe('2025-03-10'); // a Monday
    expect(weekStart('2025-03-16')).toBe('2025-03-10'); // the Sunday after
    expect(weekStart('2025-03-17T23:59:59.000Z')).toBe('2025-03-17');
    expect(weekStart('2025-01-01')).toBe('2024-12-30'); // across the year
  });

  it('weeksBetween and daysBetween are inclusive', () => {
    expect(weeksBetween('2025-03-12', '2025-03-24')).toEqual(['2025-03-10', '2025-03-17', '2025-03-24']);
    expect(daysBetween('2025-02-27', '2025-03-01')).toEqual(['2025-02-27', '2025-02-28', '2025-03-01']);
  });

  it('rollUpWeeks adds days into every week of the range, zeros included', () => {
    const weeks = rollUpWeeks(
      [
        { day: '2025-03-11', values: [2, 1] },
        { day: '2025-03-16', values: [3, 0] },
        { day: '2025-03-25', values: [0, 4] },
        { day: '2025-05-01', values: [9, 9] }, // outside the range: ignored
      ],
      '2025-03-10',
      '2025-03-31',
      2,
    );
    expect(weeks).toEqual([
      { week: '2025-03-10', values: [5, 1] },
      { week: '2025-03-17', values: [0, 0] },
      { week: '2025-03-24', values: [0, 4] },
      { week: '2025-03-31', values: [0, 0] },
    ]);
  });

  it('percentOf rounds to one decimal and is 0 of nothing', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe('aging buckets', () => {
  it('bucketOf: 0–30, 31–60, 61–90, over 90 days (bounds inclusive)', () => {
    const age = [0, 30, 31, 60, 61, 90, 91, 400].map((d) => bucketOf(AGING_BUCKETS, d));
    expect(age).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect([7, 8, 30, 31, 90, 91].map((d) => bucketOf(WORK_ORDER_AGE_BUCKETS, d))).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it('bucketStarts gives the dates the SQL compares with, in step with bucketOf', () => {
    const asOf = '2025-03-31';
    const starts = bucketStarts(AGING_BUCKETS, asOf);
    expect(starts).toEqual(['2025-03-01', '2025-01-30', '2024-12-31']);
    // Every date lands in the same bucket both ways.
    for (let d = 0; d < 120; d++) {
      const date = new Date(Date.parse(`${asOf}T00:00:00Z`) - d * 86_400_000).toISOString().slice(0, 10);
      const bySql = starts.findIndex((s) => date >= s);
      expect(bySql === -1 ? 3 : bySql, date).toBe(bucketOf(AGING_BUCKETS, ageInDays(date, asOf)));
    }
  });
});

describe('resolveStaffRange', () => {
  const today = '2025-03-31';
  it('defaults to the 84 days ending today', () => {
    expect(resolveStaffRange({}, today)).toEqual({ ok: true, from: '2025-01-07', to: today });
  });
  it('names the field it refuses', () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2025-03-05', to: '2025-03-04' }, 'to'],
      [{ from: '2024-01-01', to: '2025-03-01' }, 'from'],
      [{ to: '2025-04-01' }, 'to'],
      [{ from: '2025-04-01' }, 'from'],
    ];
    for (const [input, field] of cases) {
      const r = resolveStaffRange(input, today);
      expect(r.ok, JSON.stringify(input)).toBe(false);
      if (!r.ok) expect(Object.keys(r.fields)).toEqual([field]);
    }
    expect(resolveStaffRange({ from: '2024-03-31', to: today }, today).ok).toBe(true); // 366 days
  });
});

describe('billedVsPaidChart', () => {
  it('sums invoices and payments per month, every month between, the last 24 at most', () => {
    const chart = billedVsPaidChart(
      [
        { date: '2025-01-05', cents: 1000 },
        { date: '2025-01-20', cents: 500 },
        { date: '2025-03-05', cents: 700 },
      ],
      [{ date: '2025-02-02T10:00:00.000Z', cents: 1500 }],
    );
    expect(chart.categories).toEqual(['2025-01', '2025-02', '2025-03']);
    expect(chart.series).toEqual([
      { name: 'Billed', values: [1500, 0, 700] },
      { name: 'Paid', values: [0, 1500, 0] },
    ]);
    const long = billedVsPaidChart(
      [
        { date: '2020-01-01', cents: 1 },
        { date: '2025-12-01', cents: 1 },
      ],
      [],
    );
    expect(long.categories).toHaveLength(24);
    expect(long.categories[0]).toBe('2024-01');
    expect(billedVsPaidChart([], []).categories).toEqual([]);
  });
});

describe('PhoneTypeReportQuerySchema', () => {
  it('keeps the number digits only and checks the month', () => {
    expect(PhoneTypeReportQuerySchema.parse({ number: '(573) 555-03' }).number).toBe('57355503');
    expect(PhoneTypeReportQuerySchema.safeParse({ month: '2025-13' }).success).toBe(false);
  });
});
