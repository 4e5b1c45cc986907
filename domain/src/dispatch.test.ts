import { describe, expect, it } from 'vitest';
import {
  type BoardSlot,
  checkSlot,
  consecutiveSlots,
  hasFlags,
  isOverdue,
  isWithinWorkingHours,
  localParts,
  overlaps,
  parseResourceId,
} from './dispatch.js';

// 2026-11-23 is a Monday; America/Chicago is UTC-6 in November (CST).
const at = (local: string) => new Date(`${local}-06:00`);

describe('working hours (Mon-Fri 08:00-17:00, America/Chicago)', () => {
  it('reads local wall-clock parts in the provider time zone', () => {
    expect(localParts(new Date('2026-11-23T14:30:00Z'))).toEqual({
      weekday: 1,
      date: '2026-11-23',
      minute: 8 * 60 + 30,
      zone: 'CST',
    });
    expect(localParts(new Date('2026-07-01T14:30:00Z')).zone).toBe('CDT');
    // 03:00 UTC on Tuesday is still Monday evening in Missouri.
    expect(localParts(new Date('2026-11-24T03:00:00Z'))).toMatchObject({ weekday: 1, date: '2026-11-23' });
  });

  it('accepts a weekday slot inside the hours, edges included', () => {
    expect(isWithinWorkingHours(at('2026-11-23T08:00:00'), at('2026-11-23T10:00:00'))).toBe(true);
    expect(isWithinWorkingHours(at('2026-11-27T15:00:00'), at('2026-11-27T17:00:00'))).toBe(true);
  });

  it('flags early starts, late ends, weekends, nights and empty slots', () => {
    expect(isWithinWorkingHours(at('2026-11-23T07:59:00'), at('2026-11-23T09:00:00'))).toBe(false);
    expect(isWithinWorkingHours(at('2026-11-23T16:00:00'), at('2026-11-23T17:01:00'))).toBe(false);
    expect(isWithinWorkingHours(at('2026-11-28T09:00:00'), at('2026-11-28T10:00:00'))).toBe(false); // Saturday
    expect(isWithinWorkingHours(at('2026-11-29T09:00:00'), at('2026-11-29T10:00:00'))).toBe(false); // Sunday
    expect(isWithinWorkingHours(at('2026-11-23T09:00:00'), at('2026-11-24T10:00:00'))).toBe(false); // two days
    expect(isWithinWorkingHours(at('2026-11-23T09:00:00'), at('2026-11-23T09:00:00'))).toBe(false);
  });

  it('follows daylight saving time (CDT in July is UTC-5)', () => {
    expect(isWithinWorkingHours(new Date('2026-07-06T13:00:00Z'), new Date('2026-07-06T15:00:00Z'))).toBe(true);
    expect(isWithinWorkingHours(new Date('2026-07-06T12:00:00Z'), new Date('2026-07-06T14:00:00Z'))).toBe(false);
  });
});

describe('conflicts', () => {
  const slot = (workOrderId: number, resourceId: string, start: string, end: string): BoardSlot => ({
    workOrderId,
    resourceId,
    start: at(start).toISOString(),
    end: at(end).toISOString(),
  });
  const mine = slot(1, 'installer:5', '2026-11-23T09:00:00', '2026-11-23T11:00:00');

  it('treats slots as half-open intervals', () => {
    expect(overlaps(mine, slot(2, 'installer:5', '2026-11-23T11:00:00', '2026-11-23T12:00:00'))).toBe(false);
    expect(overlaps(mine, slot(2, 'installer:5', '2026-11-23T10:59:00', '2026-11-23T12:00:00'))).toBe(true);
    expect(overlaps(mine, slot(2, 'installer:5', '2026-11-23T08:00:00', '2026-11-23T13:00:00'))).toBe(true);
  });

  it('finds double booking of the same resource only, never the work order itself', () => {
    const others = [
      slot(1, 'installer:5', '2026-11-23T09:00:00', '2026-11-23T11:00:00'),
      slot(7, 'installer:5', '2026-11-23T10:00:00', '2026-11-23T12:00:00'),
      slot(3, 'installer:5', '2026-11-23T08:00:00', '2026-11-23T09:30:00'),
      slot(4, 'installer:6', '2026-11-23T09:00:00', '2026-11-23T11:00:00'),
      slot(5, 'contractor:5', '2026-11-23T09:00:00', '2026-11-23T11:00:00'),
      slot(6, 'installer:5', '2026-11-23T11:00:00', '2026-11-23T12:00:00'),
    ];
    const check = checkSlot(mine, others);
    expect(check.doubleBookedWith).toEqual([3, 7]);
    expect(check.outsideWorkingHours).toBe(false);
    expect(hasFlags(check)).toBe(true);
    expect(hasFlags(checkSlot(mine, []))).toBe(false);
  });

  it("refuses a start before the predecessor's slot ends and flags an unscheduled predecessor", () => {
    const before = { workOrderId: 9, slot: { start: mine.start, end: at('2026-11-23T10:00:00').toISOString() } };
    expect(checkSlot(mine, [], before).beforePredecessor).toBe(true);
    const done = { workOrderId: 9, slot: { start: mine.start, end: mine.start } };
    expect(checkSlot(mine, [], done).beforePredecessor).toBe(false);
    expect(checkSlot(mine, [], { workOrderId: 9, slot: null })).toMatchObject({
      beforePredecessor: false,
      predecessorUnscheduled: true,
    });
  });

  it('places a bulk assignment back to back', () => {
    expect(consecutiveSlots([1, 2], '2026-11-23T14:00:00.000Z', 90)).toEqual([
      { start: '2026-11-23T14:00:00.000Z', end: '2026-11-23T15:30:00.000Z' },
      { start: '2026-11-23T15:30:00.000Z', end: '2026-11-23T17:00:00.000Z' },
    ]);
  });
});

describe('overdue and resource ids', () => {
  it('is overdue only past the due date and while the work is not done', () => {
    expect(isOverdue('2026-11-22', 'Open', '2026-11-23')).toBe(true);
    expect(isOverdue('2026-11-23', 'Open', '2026-11-23')).toBe(false);
    expect(isOverdue('2026-11-01', 'Complete', '2026-11-23')).toBe(false);
    expect(isOverdue('2026-11-01', 'Closed', '2026-11-23')).toBe(false);
    expect(isOverdue(null, 'Open', '2026-11-23')).toBe(false);
  });

  it('parses resource ids strictly', () => {
    expect(parseResourceId('installer:12')).toEqual({ kind: 'installer', refId: 12 });
    expect(parseResourceId('contractor:2')).toEqual({ kind: 'contractor', refId: 2 });
    expect(parseResourceId('installer:0')).toBeNull();
    expect(parseResourceId('crew:2')).toBeNull();
    expect(parseResourceId('installer:12 ')).toBeNull();
  });
});
