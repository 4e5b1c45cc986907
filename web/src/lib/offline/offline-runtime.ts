/**
 * The app's offline machinery, wired to the browser: the response cache and the reader that falls back to copies,
 * the photo outbox over IndexedDB with its replay on 'online' and at app start, and hooks for the screens.
 */
import { PHOTO_SYNCHRONIZED_MESSAGE } from '@strand/domain';
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../browser-session';
import { popup } from '../popup-store';
import { idbOutboxStore, idbResponseStore, idbSavedWorkOrderStore } from './offline-db';
import { createOfflineReader, type OfflineRead, type ServedCopy } from './offline-read';

export { oldestServedCopy } from './offline-read';

import { createPhotoOutbox, type OutboxSnapshot } from './photo-outbox';
import { xhrPhotoTransport } from './photo-transport';
import { createResponseCache } from './response-cache';
import { savedFilePath, savedResponse } from './saved-work-orders';

const currentUserId = () => sessionStore.getState().claims?.nUserID ?? null;

export const responseCache = createResponseCache(idbResponseStore);

// ---- copies served instead of a failed read --------------------------------------------------------------------

/** The copies on screen, by request path; a live answer for a path removes its entry. */
let served: ReadonlyMap<string, ServedCopy> = new Map();
const servedListeners = new Set<() => void>();

function setServed(next: ReadonlyMap<string, ServedCopy>): void {
  served = next;
  for (const l of servedListeners) l();
}

const reader = createOfflineReader({
  cache: responseCache,
  saved: idbSavedWorkOrderStore,
  userId: currentUserId,
  now: () => new Date(),
  onServed(copy) {
    setServed(new Map(served).set(copy.path, copy));
  },
});

/** Reads through the cache; a live answer clears the notice of an earlier copy of the same request. */
export const offlineRead: OfflineRead = (path, schema, fetcher) =>
  reader(path, schema, async () => {
    const data = await fetcher();
    if (served.has(path)) {
      const next = new Map(served);
      next.delete(path);
      setServed(next);
    }
    return data;
  });

export function useServedCopies(): ReadonlyMap<string, ServedCopy> {
  return useSyncExternalStore(
    (l) => {
      servedListeners.add(l);
      return () => servedListeners.delete(l);
    },
    () => served,
    () => served,
  );
}

/** A file a downloaded work order kept for the signed-in user (its PDF), or null when none was kept. */
export async function savedFile(workOrderId: number, file: 'pdf'): Promise<Blob | null> {
  const user = currentUserId();
  if (user === null) return null;
  const copy = await savedResponse(idbSavedWorkOrderStore, user, savedFilePath(workOrderId, file));
  return copy?.data instanceof Blob ? copy.data : null;
}

// ---- the photo outbox ------------------------------------------------------------------------------------------

export const photoOutbox = createPhotoOutbox({
  store: idbOutboxStore,
  send: xhrPhotoTransport(() => sessionStore.getState().token),
  currentUserId,
  onDrained(sent) {
    popup.show(
      sent.some((i) => i.queuedOffline)
        ? PHOTO_SYNCHRONIZED_MESSAGE
        : `${sent.length} photo${sent.length === 1 ? '' : 's'} uploaded.`,
    );
  },
});

let started: Promise<void> | null = null;

/** Loads the outbox and replays it now and whenever the browser comes back online. Safe to call many times. */
export function startPhotoOutbox(): Promise<void> {
  started ??= (async () => {
    window.addEventListener('online', () => void photoOutbox.drain());
    // A sign-in may bring a user whose photos are waiting.
    sessionStore.subscribe(() => {
      if (navigator.onLine) void photoOutbox.drain();
    });
    await photoOutbox.load();
    if (navigator.onLine) await photoOutbox.drain();
  })().catch(() => {
    started = null;
  });
  return started;
}

export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(photoOutbox.subscribe, photoOutbox.getSnapshot, photoOutbox.getSnapshot);
}
