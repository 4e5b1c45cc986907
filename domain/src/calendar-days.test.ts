import { describe, expect, it } from 'vitest';
import { calendarDate } from './api/calendar-date.js';
import { addDays, dayNumber, dayOf, isCalendarDate, nextDay } from './calendar-days.js';

describe('isCalendarDate and the calendarDate schema', () => {
  it('accepts the days on the calendar and refuses the others, by name', () => {
    for (const day of ['2024-02-29', '2025-12-31', '1900-01-01']) expect(isCalendarDate(day), day).toBe(true);
    for (const day of ['2025-02-29', '0000-00-00', '9999-99-99', '2024-13-01', '2024-1-01', '1899-12-31', ''])
      expect(isCalendarDate(day), day).toBe(false);
    expect(calendarDate('From').parse(' 2025-01-31 ')).toBe('2025-01-31');
    const refused = calendarDate('From').safeParse('0000-00-00');
    expect(refused.error?.issues[0]?.message).toBe('From must be a real date like 2025-01-31.');
  });
});

describe('addDays', () => {
  it('moves forward and back across months, years and leap days', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-10', -14)).toBe('2025-02-24');
    expect(addDays('2025-03-10', 0)).toBe('2025-03-10');
  });

  it('is the same across a daylight-saving change (a date is a day, not an instant)', () => {
    expect(addDays('2025-03-08', 1)).toBe('2025-03-09');
    expect(addDays('2025-03-09', 1)).toBe('2025-03-10');
    expect(addDays('2025-11-02', 1)).toBe('2025-11-03');
  });
});

describe('nextDay', () => {
  it('is the following calendar day', () => {
    expect(nextDay('2025-12-31')).toBe('2026-01-01');
    expect(nextDay('2024-02-29')).toBe('2024-03-01');
  });
});

describe('dayNumber and dayOf', () => {
  it('are each other’s inverse', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayOf(dayNumber('2025-06-15'))).toBe('2025-06-15');
  });
});
