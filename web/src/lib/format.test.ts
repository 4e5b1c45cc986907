import { describe, expect, it } from 'vitest';
import { formatDay, formatExpiry, formatMoment } from './format';

describe('customer page formats', () => {
  it('shows a due date as written, whatever the time zone', () => {
    expect(formatDay('2025-03-05')).toBe('Mar 5, 2025');
    expect(formatDay('2025-12-31T23:30:00.000Z')).toBe('Dec 31, 2025');
  });

  it('shows a card expiry as MM/YYYY', () => {
    expect(formatExpiry(8, 2027)).toBe('08/2027');
    expect(formatExpiry(null, null)).toBe('');
  });

  it('shows a moment in the browser time zone as toLocaleString does, and a malformed one as written', () => {
    const iso = '2025-03-05T15:04:00.000Z';
    const expected = new Date(iso).toLocaleString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(formatMoment(iso)).toBe(expected);
    expect(formatMoment(iso)).toMatch(/^Mar \d, 2025, \d{1,2}:04 [AP]M$/);
    expect(formatMoment('not a date')).toBe('not a date');
  });
});
