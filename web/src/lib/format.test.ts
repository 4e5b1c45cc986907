import { describe, expect, it } from 'vitest';
import { formatAgo, formatDateTime, formatDay, formatExpiry, formatMoment } from './format';

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

describe('formatAgo', () => {
  const now = new Date('2025-03-05T15:00:00.000Z');
  it('says how long ago a recent moment was, and an older one as a moment', () => {
    expect(formatAgo('2025-03-05T14:59:40.000Z', now)).toBe('just now');
    expect(formatAgo('2025-03-05T14:55:00.000Z', now)).toBe('5 min ago');
    expect(formatAgo('2025-03-05T12:00:00.000Z', now)).toBe('3 h ago');
    expect(formatAgo('2025-03-04T12:00:00.000Z', now)).toBe('yesterday');
    expect(formatAgo('2025-03-01T15:04:00.000Z', now)).toBe('Mar 1, 2025, 9:04 AM CST');
    expect(formatAgo('not a date', now)).toBe('not a date');
  });
});
