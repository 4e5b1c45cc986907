/**
 * Calendar arithmetic on YYYY-MM-DD dates. A date string names a calendar day, not an instant, so the sums are done
 * in UTC and come out the same in every time zone (the browser's local day and the server's agree).
 */
const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A YYYY-MM-DD day that exists on the calendar, from 1900 on: '2024-02-30', '0000-00-00' and '9999-99-99' are not
 * (each would become an invalid Date further on, whose toISOString() throws).
 */
export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The YYYY-MM-DD date of a day number (dayNumber's inverse). */
export const dayOf = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** `date` moved by `days` (negative: back). */
export function addDays(date: string, days: number): string {
  return dayOf(dayNumber(date) + days);
}

/** The day after `date`: the exclusive upper bound of an inclusive date filter on timestamps. */
export function nextDay(date: string): string {
  return addDays(date, 1);
}
