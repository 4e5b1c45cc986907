/**
 * The device's offline storage in IndexedDB (SPEC §3 "Local storage"): cached responses, saved work orders and the
 * photo outbox. IndexedDB rather than localStorage because photos are blobs and work orders with all their views are
 * large; it also survives reloads and works in the service worker era. One database, opened once.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OutboxItem, OutboxStore } from './photo-outbox';
import type { CachedResponse, ResponseCacheStore } from './response-cache';
import type { SavedWorkOrder, SavedWorkOrderStore } from './saved-work-orders';

interface OfflineSchema extends DBSchema {
  responses: { key: string; value: CachedResponse; indexes: { savedAt: string } };
  workOrders: { key: string; value: SavedWorkOrder; indexes: { userId: number } };
  outbox: { key: string; value: OutboxItem };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>('strand-offline', 1, {
    upgrade(db) {
      db.createObjectStore('responses', { keyPath: 'key' }).createIndex('savedAt', 'savedAt');
      db.createObjectStore('workOrders', { keyPath: 'key' }).createIndex('userId', 'userId');
      db.createObjectStore('outbox', { keyPath: 'id' });
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

export const idbSavedWorkOrderStore: SavedWorkOrderStore = {
  get: async (key) => (await offlineDb()).get('workOrders', key),
  listByUser: async (userId) => (await offlineDb()).getAllFromIndex('workOrders', 'userId', userId),
  put: async (value) => {
    await (await offlineDb()).put('workOrders', value);
  },
  remove: async (key) => {
    await (await offlineDb()).delete('workOrders', key);
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
