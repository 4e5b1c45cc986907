/** Turns the photo page's selection into outbox items: one per photo, each with its own idempotency key. */
import { formatMegabytes } from '@strand/domain';
import type { OutboxItem } from '../../../lib/offline/photo-outbox';

/** Sizes in lists: KB below a megabyte, so a small photo does not read as 0.0 MB. */
export function fileSize(bytes: number): string {
  return bytes < 1_048_576 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : formatMegabytes(bytes);
}

export interface ChosenPhoto {
  /** A stable key for the list while the selection changes. */
  key: string;
  file: Blob;
  name: string;
  size: number;
  type: string;
}

/** The name each photo is stored under: the given file name (numbered when several), else the file's own. */
export function photoNames(given: string, photos: readonly { name: string }[]): string[] {
  const name = given.trim();
  if (!name) return photos.map((p) => p.name);
  return photos.length === 1 ? [name] : photos.map((_, i) => `${name}-${i + 1}`);
}

export function outboxItemsFor(
  photos: readonly ChosenPhoto[],
  fields: { workOrderId: number; userId: number; fileName: string; description: string; offline: boolean },
  now: Date,
  newId: () => string,
): OutboxItem[] {
  const names = photoNames(fields.fileName, photos);
  return photos.map((photo, i) => ({
    id: newId(),
    userId: fields.userId,
    workOrderId: fields.workOrderId,
    fileName: names[i] ?? photo.name,
    description: fields.description.trim(),
    blob: photo.file,
    sizeBytes: photo.size,
    // Keeps the order of the selection when sorted by time.
    createdAt: new Date(now.getTime() + i).toISOString(),
    queuedOffline: fields.offline,
    state: 'waiting',
    attempts: 0,
    error: null,
  }));
}
