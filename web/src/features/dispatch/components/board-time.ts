/** The board's days and times in the browser's local time (the dispatcher's wall clock). */
const pad = (n: number) => String(n).padStart(2, '0');

export function localDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function localTime(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    new Date(y, m - 1, d),
  );
}

export function timeRange(start: string, end: string): string {
  return `${localTime(new Date(start))}–${localTime(new Date(end))}`;
}

export function dateTime(iso: string): string {
  const d = new Date(iso);
  return `${localDay(d)} ${localTime(d)}`;
}
