import { describe, expect, it } from 'vitest';
import {
  addMonths,
  apportionCents,
  billedMinutes,
  monthsBetween,
  PhoneReportQuerySchema,
  resolveDayRange,
  resolveMonthRange,
  rollUpBusinessReport,
} from './reports.js';

describe('billedMinutes', () => {
  it('rounds every call up to the whole minute; an unanswered call is 0', () => {
    expect(billedMinutes(0)).toBe(0);
    expect(billedMinutes(1)).toBe(1);
    expect(billedMinutes(60)).toBe(1);
    expect(billedMinutes(61)).toBe(2);
    expect(billedMinutes(900)).toBe(15);
  });
  it('refuses what is not whole seconds', () => {
    expect(() => billedMinutes(-1)).toThrow(RangeError);
    expect(() => billedMinutes(1.5)).toThrow(RangeError);
  });
});

describe('resolveDayRange', () => {
  const today = '2025-03-10';
  it('defaults to the last 30 days ending today, inclusive', () => {
    expect(resolveDayRange({}, today)).toEqual({ ok: true, from: '2025-02-09', to: '2025-03-10' });
  });
  it('fills the missing end', () => {
    expect(resolveDayRange({ from: '2025-03-01' }, today)).toEqual({ ok: true, from: '2025-03-01', to: today });
    expect(resolveDayRange({ to: '2025-01-30' }, today)).toEqual({ ok: true, from: '2025-01-01', to: '2025-01-30' });
  });
  it('refuses to before from, naming to', () => {
    const r = resolveDayRange({ from: '2025-03-05', to: '2025-03-04' }, today);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.fields)).toEqual(['to']);
  });
  it('allows 366 days and refuses 367, naming from', () => {
    expect(resolveDayRange({ from: '2024-01-01', to: '2024-12-31' }, today).ok).toBe(true); // leap year: 366 days
    const r = resolveDayRange({ from: '2024-01-01', to: '2025-01-01' }, today);
    expect(r).toMatchObject({ ok: false, fields: { from: expect.stringContaining('366') } });
  });
  it('accepts a single day', () => {
    expect(resolveDayRange({ from: today, to: today }, today)).toEqual({ ok: true, from: today, to: today });
  });
});

describe('resolveMonthRange', () => {
  it('defaults to the last 12 months with the current one', () => {
    expect(resolveMonthRange({}, '2025-03')).toEqual({ ok: true, from: '2024-04', to: '2025-03' });
  });
  it('refuses reversed and over-long ranges, naming the field', () => {
    expect(resolveMonthRange({ from: '2025-02', to: '2025-01' }, '2025-03')).toMatchObject({
      fields: { to: expect.any(String) },
    });
    expect(resolveMonthRange({ from: '2023-01', to: '2025-01' }, '2025-03')).toMatchObject({
      fields: { from: expect.stringContaining('24') },
    });
    expect(resolveMonthRange({ from: '2023-02', to: '2025-01' }, '2025-03').ok).toBe(true);
  });
  it('walks months across years', () => {
    expect(addMonths('2024-12', 1)).toBe('2025-01');
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(monthsBetween('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
  });
});

describe('apportionCents', () => {
  it('splits exactly, largest remainder first', () => {
    expect(apportionCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportionCents(1000, [19_900, 12_900, 0])).toEqual([607, 393, 0]);
    const shares = apportionCents(53_587, [19_900, 12_900, 20_787]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(53_587);
    expect(shares).toEqual([19_900, 12_900, 20_787]);
  });
  it('puts everything on the first when there is nothing to weigh', () => {
    expect(apportionCents(500, [0, 0])).toEqual([500, 0]);
    expect(apportionCents(5, [])).toEqual([]);
  });
});

describe('rollUpBusinessReport', () => {
  it('groups by month and location, shares payments by what was billed, and totals every month of the range', () => {
    const report = rollUpBusinessReport(
      [
        { invoiceId: 1, month: '2025-01', serviceLocationId: 2, billedCents: 300, invoicePaidCents: 200 },
        { invoiceId: 1, month: '2025-01', serviceLocationId: null, billedCents: 100, invoicePaidCents: 200 },
        { invoiceId: 2, month: '2025-01', serviceLocationId: 2, billedCents: 50, invoicePaidCents: 50 },
      ],
      ['2025-01', '2025-02'],
    );
    expect(report.rows).toEqual([
      { month: '2025-01', ServiceLocationID: 2, billedCents: 350, paidCents: 200, balanceCents: 150 },
      { month: '2025-01', ServiceLocationID: null, billedCents: 100, paidCents: 50, balanceCents: 50 },
    ]);
    expect(report.monthTotals).toEqual([
      { month: '2025-01', billedCents: 450, paidCents: 250, balanceCents: 200 },
      { month: '2025-02', billedCents: 0, paidCents: 0, balanceCents: 0 },
    ]);
    expect(report.totals).toEqual({ billedCents: 450, paidCents: 250, balanceCents: 200 });
  });
});

describe('PhoneReportQuerySchema', () => {
  it('refuses a date no calendar has, without throwing', () => {
    for (const to of ['9999-99-99', '2024-02-30', '0000-00-00']) {
      expect(PhoneReportQuerySchema.safeParse({ to }).success, to).toBe(false);
    }
  });

  it('keeps the digits of a number and enforces the page size', () => {
    expect(PhoneReportQuerySchema.parse({ number: '(573) 555-0300' })).toMatchObject({
      number: '5735550300',
      page: 1,
      pageSize: 50,
    });
    expect(PhoneReportQuerySchema.parse({ number: ' ' }).number).toBeUndefined();
    expect(PhoneReportQuerySchema.safeParse({ pageSize: '201' }).success).toBe(false);
    expect(PhoneReportQuerySchema.safeParse({ number: 'abc' }).success).toBe(false);
    expect(PhoneReportQuerySchema.safeParse({ from: '2025-02-30' }).success).toBe(false);
    expect(PhoneReportQuerySchema.safeParse({ direction: 'sideways' }).success).toBe(false);
  });
});
