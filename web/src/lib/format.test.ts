import { describe, expect, it } from 'vitest';
import { formatDay, formatExpiry } from './format';

describe('customer page formats', () => {
  it('shows a due date as written, whatever the time zone', () => {
    expect(formatDay('2025-03-05')).toBe('Mar 5, 2025');
    expect(formatDay('2025-12-31T23:30:00.000Z')).toBe('Dec 31, 2025');
  });

  it('shows a card expiry as MM/YYYY', () => {
    expect(formatExpiry(8, 2027)).toBe('08/2027');
    expect(formatExpiry(null, null)).toBe('');
  });
});
