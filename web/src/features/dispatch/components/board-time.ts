/**
 * The board's days and times. The day picker's "today" is the browser's (the dispatcher's wall clock); every visit's
 * day and time is the provider's (DISPATCH_TIME_ZONE), as on the timeline board, in the Assign dialog and in the
 * board's messages.
 */
import { localParts, wallTime } from '@strand/domain';
import { formatMoment } from '../../../lib/format';

const pad = (n: number) => String(n).padStart(2, '0');

export function localDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The provider-zone day (YYYY-MM-DD) of an instant: the board's day a visit is on. */
export function providerDay(iso: string): string {
  return localParts(new Date(iso)).date;
}

export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    new Date(y, m - 1, d),
  );
}

/** "09:00–11:00", provider time. */
export function timeRange(start: string, end: string): string {
  const at = (iso: string) => wallTime(localParts(new Date(iso)).minute);
  return `${at(start)}–${at(end)}`;
}

/** "Nov 27, 2026, 10:00 AM CST": provider time, with the zone. */
export function dateTime(iso: string): string {
  return formatMoment(iso);
}
