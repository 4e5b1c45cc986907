/**
 * The one schema for a day in a request (a search's From and To, a report's range, an install date): YYYY-MM-DD and
 * on the calendar. A day that does not exist ('2024-02-30', '0000-00-00') is refused here with the field's name, never
 * turned into an invalid Date further on (a RangeError, a 500: found by the route fuzzer, server/src/security).
 */
import { z } from 'zod';
import { isCalendarDate } from '../calendar-days.js';

/** The pattern stays in the OpenAPI document (and so in what the fuzzer generates); the calendar is checked after. */
export const calendarDate = (label: string) => {
  const message = `${label} must be a real date like 2025-01-31.`;
  return z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDate, message);
};
