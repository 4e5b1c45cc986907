/**
 * Display formats of the contractor screens (the device's locale and time zone). Each formatter is made on its first
 * use: making one costs milliseconds (more on a slow phone), and the list page needs only the dates before it paints.
 */

const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat('en-US', options);
    return made;
  };
};
const dateTime = formatter({ dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = formatter({ dateStyle: 'medium', timeZone: 'UTC' });
const timeOnly = formatter({ timeStyle: 'short' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : dateTime().format(at);
}

export function formatTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : timeOnly().format(at);
}

/** A YYYY-MM-DD date as written, without moving it across time zones. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const at = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : dateOnly().format(at);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
