/**
 * The device's offline storage in IndexedDB (SPEC §3 "Local storage"): cached responses, saved work orders and the
 * photo outbox. IndexedDB rather than localStorage because photos are blobs and work orders with all their views are
 * large; it also survives reloads and works in the service worker era. One database, opened once.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OutboxItem, OutboxStore } from './photo-outbox';
import type { CachedResponse, ResponseCacheStore } from './response-cache';
import { entryOf, type SavedWorkOrder, type SavedWorkOrderEntry, type SavedWorkOrderStore } from './saved-work-orders';
import type { SentEntry, SentLogStore } from './sent-log';

interface OfflineSchema extends DBSchema {
  responses: { key: string; value: CachedResponse; indexes: { savedAt: string } };
  workOrders: { key: string; value: SavedWorkOrder; indexes: { userId: number } };
  /**
   * Version 2: the Saved WO list, one small entry per saved work order (saved-work-orders.ts). Version 3: indexed by
   * each path it holds, so a copy of a read that is not a work order's own view (its GIS object, its assets) is found
   * without reading the whole list.
   */
  workOrderList: { key: string; value: SavedWorkOrderEntry; indexes: { userId: number; path: string } };
  outbox: { key: string; value: OutboxItem };
  /** Version 4: the sync centre's log of sent items (sent-log.ts), so it survives a reload. */
  sentLog: { key: string; value: SentEntry; indexes: { sentAt: string } };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>('strand-offline', 4, {
    async upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore('responses', { keyPath: 'key' }).createIndex('savedAt', 'savedAt');
        db.createObjectStore('workOrders', { keyPath: 'key' }).createIndex('userId', 'userId');
        db.createObjectStore('outbox', { keyPath: 'id' });
      }
      if (oldVersion < 2) {
        const list = db.createObjectStore('workOrderList', { keyPath: 'key' });
        list.createIndex('userId', 'userId');
        // Work orders saved by version 1 get their entries.
        let cursor = await tx.objectStore('workOrders').openCursor();
        while (cursor) {
          await list.put(entryOf(cursor.value));
          cursor = await cursor.continue();
        }
      }
      if (oldVersion < 3) tx.objectStore('workOrderList').createIndex('path', 'paths', { multiEntry: true });
      if (oldVersion < 4) db.createObjectStore('sentLog', { keyPath: 'id' }).createIndex('sentAt', 'sentAt');
    },
  });
  return opened;
}

export const idbResponseStore: ResponseCacheStore = {
  get: async (key) => (await offlineDb()).get('responses', key),
  put: async (entry) => {
    await (await offlineDb()).put('responses', entry);
  },
  keysByAge: async () => (await offlineDb()).getAllKeysFromIndex('responses', 'savedAt'),
  remove: async (keys) => {
    const tx = (await offlineDb()).transaction('responses', 'readwrite');
    await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
  },
};

/** A saved work order and its list entry are written and removed together, in one transaction. */
export const idbSavedWorkOrderStore: SavedWorkOrderStore = {
  get: async (key) => (await offlineDb()).get('workOrders', key),
  entry: async (key) => (await offlineDb()).get('workOrderList', key),
  listByUser: async (userId) => (await offlineDb()).getAllFromIndex('workOrderList', 'userId', userId),
  listByPath: async (userId, path) =>
    (await (await offlineDb()).getAllFromIndex('workOrderList', 'path', path)).filter((e) => e.userId === userId),
  put: async (value) => {
    const tx = (await offlineDb()).transaction(['workOrders', 'workOrderList'], 'readwrite');
    await Promise.all([
      tx.objectStore('workOrders').put(value),
      tx.objectStore('workOrderList').put(entryOf(value)),
      tx.done,
    ]);
  },
  remove: async (key) => {
    const tx = (await offlineDb()).transaction(['workOrders', 'workOrderList'], 'readwrite');
    await Promise.all([tx.objectStore('workOrders').delete(key), tx.objectStore('workOrderList').delete(key), tx.done]);
  },
};

export const idbOutboxStore: OutboxStore = {
  all: async () => (await offlineDb()).getAll('outbox'),
  put: async (item) => {
    await (await offlineDb()).put('outbox', item);
  },
  remove: async (id) => {
    await (await offlineDb()).delete('outbox', id);
  },
};

export const idbSentLogStore: SentLogStore = {
  all: async () => (await offlineDb()).getAll('sentLog'),
  put: async (entry) => {
    await (await offlineDb()).put('sentLog', entry);
  },
  idsByAge: async () => (await offlineDb()).getAllKeysFromIndex('sentLog', 'sentAt'),
  remove: async (ids) => {
    const tx = (await offlineDb()).transaction('sentLog', 'readwrite');
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  },
};
