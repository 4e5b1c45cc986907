/** Dates as the customer pages show them, without the time zone moving a due date to the day before. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2025-03-05 -> "Mar 5, 2025". */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}

let momentFormat: Intl.DateTimeFormat | undefined;

/**
 * A timestamp in the browser's time zone: "Mar 5, 2025, 3:04 PM". One formatter for every call: toLocaleString with
 * options builds a new one each time, which a list of a few hundred rows felt on a phone.
 */
export function formatMoment(iso: string): string {
  momentFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? iso : momentFormat.format(moment);
}

/** 8/2027 -> "08/2027". */
export const formatExpiry = (month: number | null, year: number | null) =>
  month === null || year === null ? '' : `${String(month).padStart(2, '0')}/${year}`;

/** Installer screens: an ISO timestamp as local "YYYY-MM-DD HH:MM" (SPEC §3: date then time); "" for none. */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
