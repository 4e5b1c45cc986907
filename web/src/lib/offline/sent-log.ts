/**
 * The sync centre's log of what was sent (issue 27): the outbox forgets an item once the queue drains, so each item
 * that arrives at the server is also written here, with the time it arrived. Kept in IndexedDB beside the outbox, so
 * after a reload the sync centre still shows what was sent and when; bounded to the newest few per device.
 * Framework-free over an injected store, so the bound is tested with an in-memory one.
 */
import type { OutboxItem } from './photo-outbox';

/** How many sent items the device remembers (all users together). */
export const SENT_LOG_LIMIT = 20;

/** An item the server has, without its photo, and when it arrived (ISO). */
export interface SentEntry extends OutboxItem {
  sentAt: string;
}

export interface SentLogStore {
  all(): Promise<SentEntry[]>;
  put(entry: SentEntry): Promise<void>;
  /** Ids, oldest sentAt first. */
  idsByAge(): Promise<string[]>;
  remove(ids: string[]): Promise<void>;
}

export interface SentLog {
  /** Every remembered entry, newest first. */
  load(): Promise<SentEntry[]>;
  /** Remembers an item as sent at `at` and forgets the oldest beyond the limit; answers the log, newest first. */
  record(item: OutboxItem, at: Date): Promise<SentEntry[]>;
}

const newestFirst = (entries: SentEntry[]) => [...entries].sort((a, b) => b.sentAt.localeCompare(a.sentAt));

export function createSentLog(store: SentLogStore, limit: number = SENT_LOG_LIMIT): SentLog {
  return {
    load: async () => newestFirst(await store.all()),
    async record(item, at) {
      await store.put({ ...item, state: 'sent', blob: null, error: null, sentAt: at.toISOString() });
      const ids = await store.idsByAge();
      if (ids.length > limit) await store.remove(ids.slice(0, ids.length - limit));
      return newestFirst(await store.all());
    },
  };
}

/** In-memory store: for tests, and the fallback when the browser has no IndexedDB. */
export function memorySentLogStore(): SentLogStore {
  const entries = new Map<string, SentEntry>();
  return {
    all: async () => [...entries.values()],
    put: async (entry) => {
      entries.set(entry.id, entry);
    },
    idsByAge: async () => [...entries.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt)).map((e) => e.id),
    remove: async (ids) => {
      for (const id of ids) entries.delete(id);
    },
  };
}
