/**
 * The one date and time formatter of the portal: a day as "Nov 27, 2026" (never moved a day by a time zone), a moment
 * as "Nov 27, 2026, 3:00 PM CST" in the provider's time zone, labelled, so a customer or installer elsewhere reads
 * the provider's clock with its zone rather than an unlabelled ISO "2026-11-27 15:00".
 */
import { DISPATCH_TIME_ZONE } from '@strand/domain';

/** The provider's time zone (the dispatch board's clock, domain/src/dispatch.ts). */
const PROVIDER_TIME_ZONE = DISPATCH_TIME_ZONE;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2025-03-05 -> "Mar 5, 2025". */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}

let momentFormat: Intl.DateTimeFormat | undefined;

/**
 * A timestamp in the provider's time zone, with the zone: "Mar 5, 2025, 9:04 AM CST". One formatter for every call:
 * toLocaleString with options builds a new one each time, which a list of a few hundred rows felt on a phone.
 */
export function formatMoment(iso: string): string {
  momentFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: PROVIDER_TIME_ZONE,
    timeZoneName: 'short',
  });
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? iso : momentFormat.format(moment);
}

/** 8/2027 -> "08/2027". */
export const formatExpiry = (month: number | null, year: number | null) =>
  month === null || year === null ? '' : `${String(month).padStart(2, '0')}/${year}`;

/** A timestamp that may be missing (installer screens: date then time, SPEC §3): formatMoment's words, "" for none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatMoment(iso) : '';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * How long ago, for a list of recent events (the notification centre): "just now", "5 min ago", "3 h ago",
 * "yesterday"; from two days on, formatMoment's date and time.
 */
export function formatAgo(iso: string, now: Date = new Date()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const minutes = Math.floor((now.getTime() - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  if (minutes < 48 * 60) return 'yesterday';
  return formatMoment(iso);
}

/** A file's type as people say it (issue 27): "Photo", "PDF", "Video", "Spreadsheet", else "Document". */
export function fileKindOf(contentType: string | null | undefined, fileName = ''): string {
  const type = (contentType ?? '').toLowerCase();
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (type.startsWith('image/') || ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic'].includes(ext)) return 'Photo';
  if (type === 'application/pdf' || ext === 'pdf') return 'PDF';
  if (type.startsWith('video/')) return 'Video';
  if (/spreadsheet|excel|csv/.test(type) || ['xlsx', 'xls', 'csv'].includes(ext)) return 'Spreadsheet';
  return 'Document';
}
