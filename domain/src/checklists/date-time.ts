/**
 * The checklist's 'date time' inputs (arrival onsite, work complete): a date and a time in the device's local time,
 * the time defaulting to 00:00 (SPEC §3, §9), sent and stored as an ISO-8601 UTC timestamp.
 */

export const DEFAULT_TIME = '00:00';

/** Local date (YYYY-MM-DD) and time (HH:MM) to an ISO timestamp; null when there is no date. */
export function toTimestamp(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const hhmm = /^\d{2}:\d{2}$/.test(time) ? time : DEFAULT_TIME;
  const at = new Date(`${date}T${hhmm}:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp to the local date and time inputs; empty date and the default time when there is none. */
export function fromTimestamp(iso: string | null | undefined): { date: string; time: string } {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return { date: '', time: DEFAULT_TIME };
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** Today's local date as YYYY-MM-DD. */
export function localDate(at: Date = new Date()): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
