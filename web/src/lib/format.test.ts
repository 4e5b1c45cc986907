import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatExpiry, formatMoment } from './format';

describe('customer page formats', () => {
  it('shows a due date as written, whatever the time zone', () => {
    expect(formatDay('2025-03-05')).toBe('Mar 5, 2025');
    expect(formatDay('2025-12-31T23:30:00.000Z')).toBe('Dec 31, 2025');
  });

  it('shows a card expiry as MM/YYYY', () => {
    expect(formatExpiry(8, 2027)).toBe('08/2027');
    expect(formatExpiry(null, null)).toBe('');
  });

  it('shows a moment in the provider time zone with the zone named, and a malformed one as written', () => {
    expect(formatMoment('2025-03-05T15:04:00.000Z')).toBe('Mar 5, 2025, 9:04 AM CST');
    expect(formatMoment('2025-07-05T15:04:00.000Z')).toBe('Jul 5, 2025, 10:04 AM CDT');
    expect(formatMoment('not a date')).toBe('not a date');
  });

  it('shows a missing moment as nothing, a present one as formatMoment does (no ISO "2025-03-05 15:04")', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('2025-03-05T15:04:00.000Z')).toBe('Mar 5, 2025, 9:04 AM CST');
  });
});
