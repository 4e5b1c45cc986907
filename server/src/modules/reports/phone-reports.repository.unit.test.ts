import { describe, expect, it } from 'vitest';
import { wholeMonths } from './phone-reports.repository.js';

describe('wholeMonths (the month totals of a per-line table)', () => {
  it('splits a range into its whole months and the days before and after them', () => {
    expect(wholeMonths('2025-11-24', '2026-11-24')).toEqual({
      months: ['2025-12', '2026-10'],
      days: [
        ['2025-11-24', '2025-11-30'],
        ['2026-11-01', '2026-11-24'],
      ],
    });
    expect(wholeMonths('2026-01-15', '2026-03-10')).toEqual({
      months: ['2026-02', '2026-02'],
      days: [
        ['2026-01-15', '2026-01-31'],
        ['2026-03-01', '2026-03-10'],
      ],
    });
  });

  it('leaves out the days when the range is whole months, across a year end and a leap February', () => {
    expect(wholeMonths('2023-12-01', '2024-02-29')).toEqual({ months: ['2023-12', '2024-02'], days: [] });
    expect(wholeMonths('2026-02-01', '2026-02-28')).toEqual({ months: ['2026-02', '2026-02'], days: [] });
    expect(wholeMonths('2026-02-01', '2026-03-05')).toEqual({
      months: ['2026-02', '2026-02'],
      days: [['2026-03-01', '2026-03-05']],
    });
  });

  it('is null when no month of the range is whole', () => {
    expect(wholeMonths('2026-01-02', '2026-01-31')).toBeNull();
    expect(wholeMonths('2026-01-15', '2026-02-27')).toBeNull();
    expect(wholeMonths('2026-02-01', '2026-02-27')).toBeNull();
    expect(wholeMonths('2026-03-05', '2026-03-05')).toBeNull();
  });
});
