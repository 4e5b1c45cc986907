/** Display formats of the contractor screens (the device's locale and time zone). */

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const timeOnly = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : dateTime.format(at);
}

export function formatTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : timeOnly.format(at);
}

/** A YYYY-MM-DD date as written, without moving it across time zones. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const at = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : dateOnly.format(at);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
