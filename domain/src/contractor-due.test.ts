import { describe, expect, it } from 'vitest';
import { dueStateOf, isContractorOpenStatus, providerToday } from './contractor-due.js';

describe('providerToday', () => {
  it('is the calendar day in the provider’s zone (America/Chicago), not UTC’s', () => {
    // 03:30 UTC on Nov 28 is still 21:30 on Nov 27 in Chicago (CST, UTC-6).
    expect(providerToday(new Date('2026-11-28T03:30:00Z'))).toBe('2026-11-27');
    expect(providerToday(new Date('2026-11-28T06:00:00Z'))).toBe('2026-11-28');
    // Daylight saving time: 04:59 UTC on Jul 1 is 23:59 on Jun 30 (CDT, UTC-5); 05:00 UTC is midnight.
    expect(providerToday(new Date('2026-07-01T04:59:00Z'))).toBe('2026-06-30');
    expect(providerToday(new Date('2026-07-01T05:00:00Z'))).toBe('2026-07-01');
  });
});

describe('dueStateOf', () => {
  const today = '2026-11-27';
  it('is overdue before today and due today on it, for open work', () => {
    expect(dueStateOf('2026-11-26', 'Open', today)).toBe('overdue');
    expect(dueStateOf('2025-01-01', 'In Progress', today)).toBe('overdue');
    expect(dueStateOf('2026-11-27', 'Open', today)).toBe('dueToday');
    expect(dueStateOf('2026-11-28', 'Open', today)).toBeNull();
  });

  it('reads a due date with a time part by its date', () => {
    expect(dueStateOf('2026-11-27T00:00:00.000Z', 'Open', today)).toBe('dueToday');
  });

  it('is nothing without a due date or for work that is not open', () => {
    expect(dueStateOf(null, 'Open', today)).toBeNull();
    for (const status of ['Complete', 'Closed', 'Waiting', 'Cancelled']) {
      expect(isContractorOpenStatus(status)).toBe(false);
      expect(dueStateOf('2026-11-01', status, today)).toBeNull();
    }
  });

  it('moves with the provider’s day: late in the evening in Chicago it is still yesterday’s due date', () => {
    const evening = providerToday(new Date('2026-11-28T03:30:00Z'));
    expect(dueStateOf('2026-11-27', 'Open', evening)).toBe('dueToday');
    expect(dueStateOf('2026-11-27', 'Open', providerToday(new Date('2026-11-28T06:00:00Z')))).toBe('overdue');
  });
});
