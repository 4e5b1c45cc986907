/**
 * The app's offline machinery, wired to the browser: the response cache and the reader that falls back to copies,
 * the photo outbox over IndexedDB with its replay on 'online' and at app start, and hooks for the screens.
 */
import { PHOTO_SYNCHRONIZED_MESSAGE } from '@strand/domain';
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../browser-session';
import { popup } from '../popup-store';
import { idbOutboxStore, idbResponseStore, idbSavedWorkOrderStore, idbSentLogStore } from './offline-db';
import { createOfflineReader, type OfflineRead, type ServedCopy } from './offline-read';

export { oldestServedCopy } from './offline-read';

import { createPhotoOutbox, type OutboxRequest, type OutboxSnapshot } from './photo-outbox';
import { xhrPhotoTransport } from './photo-transport';
import { createResponseCache } from './response-cache';
import { savedFilePath, savedResponse } from './saved-work-orders';
import { createSentLog, type SentEntry } from './sent-log';

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
  onSent(item) {
    const at = new Date();
    lastSync = at.toISOString();
    try {
      localStorage.setItem(LAST_SYNC_KEY, lastSync);
    } catch {
      // Private mode: the time is kept for this page only.
    }
    void sentLog.record(item, at).then(setSentEntries, () => {
      // No IndexedDB (private mode): this page still lists it.
      setSentEntries([{ ...item, state: 'sent', blob: null, error: null, sentAt: lastSync ?? '' }, ...sentEntries]);
    });
  },
  onDrained(sent) {
    const photos = sent.filter((i) => !i.request);
    if (photos.length === 0) {
      popup.show(`${sent.length} queued change${sent.length === 1 ? '' : 's'} sent.`);
      return;
    }
    popup.show(
      sent.some((i) => i.queuedOffline)
        ? PHOTO_SYNCHRONIZED_MESSAGE
        : `${photos.length} photo${photos.length === 1 ? '' : 's'} uploaded.`,
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
    await Promise.all([photoOutbox.load(), sentLog.load().then(setSentEntries, () => undefined)]);
    if (navigator.onLine) await photoOutbox.drain();
  })().catch(() => {
    started = null;
  });
  return started;
}

export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(photoOutbox.subscribe, photoOutbox.getSnapshot, photoOutbox.getSnapshot);
}

// ---- the sync centre: queued writes, the last successful sync, storage ------------------------------------------

const LAST_SYNC_KEY = 'strand.lastSync';

/**
 * The items that arrived at the server, newest first (the outbox clears them once drained): kept in IndexedDB
 * (sent-log.ts), so the sync centre lists them as Sent, with when, after a reload too.
 */
const sentLog = createSentLog(idbSentLogStore);
let sentEntries: readonly SentEntry[] = [];
const sentListeners = new Set<() => void>();
/** The signed-in user's entries, computed once per change of the log or the user. */
let mine: { entries: readonly SentEntry[]; userId: number | null; list: readonly SentEntry[] } = {
  entries: sentEntries,
  userId: null,
  list: [],
};

function setSentEntries(next: readonly SentEntry[]): void {
  sentEntries = next;
  for (const l of sentListeners) l();
}

function mySentEntries(): readonly SentEntry[] {
  const userId = currentUserId();
  if (mine.entries !== sentEntries || mine.userId !== userId) {
    mine = { entries: sentEntries, userId, list: sentEntries.filter((e) => e.userId === userId) };
  }
  return mine.list;
}

/** The signed-in user's sent items on this device, newest first, with when each arrived. */
export function useRecentlySent(): readonly SentEntry[] {
  return useSyncExternalStore(
    (l) => {
      sentListeners.add(l);
      return () => sentListeners.delete(l);
    },
    mySentEntries,
    mySentEntries,
  );
}
let lastSync: string | null = (() => {
  try {
    return localStorage.getItem(LAST_SYNC_KEY);
  } catch {
    return null;
  }
})();

/** When an outbox item last arrived at the server (ISO), or null. */
export function lastSuccessfulSync(): string | null {
  return lastSync;
}

/**
 * Queues a JSON write made without a connection (a checklist save, an asset action): it waits in the outbox beside
 * the photos, survives a reload and is sent with `key` as its Idempotency-Key when the connection returns.
 */
export async function queueWrite(workOrderId: number, request: OutboxRequest, key: string): Promise<void> {
  const userId = currentUserId();
  if (userId === null) throw new Error('Sign in to queue this change.');
  await startPhotoOutbox();
  await photoOutbox.add([
    {
      id: key,
      userId,
      workOrderId,
      fileName: request.label,
      description: '',
      blob: null,
      sizeBytes: new Blob([JSON.stringify(request.body)]).size,
      createdAt: new Date().toISOString(),
      queuedOffline: !navigator.onLine,
      state: 'waiting',
      attempts: 0,
      error: null,
      request,
    },
  ]);
  if (navigator.onLine) void photoOutbox.drain();
}

/** True when a failed request means there was no connection (not a refusal by the server). */
export function isConnectionFailure(error: unknown): boolean {
  if (!navigator.onLine) return true;
  const status = (error as { status?: unknown } | null)?.status;
  return status === 0 || error instanceof TypeError;
}
