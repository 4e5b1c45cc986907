/**
 * Work orders saved for offline use (SPEC §2 Saved WO, §4 "Saving a work order for offline"): the summary the list
 * shows, when it was saved, and every response its read-only views need, by request path. Served when a read of one
 * of those paths fails, before the last-50 cache; never evicted by it.
 */
import type { WorkOrderSummary } from '@strand/domain';

export interface SavedWorkOrder {
  /** `${userId} ${workOrderId}`: a device shared by two installers keeps their lists apart. */
  key: string;
  userId: number;
  id: number;
  summary: WorkOrderSummary;
  savedAt: string;
  /** Response bodies by request path (e.g. /api/installer/work-orders/100001/notes). */
  responses: Record<string, unknown>;
}

/**
 * A saved work order as the Saved WO list shows it: everything but the responses, and the paths they answer. Kept
 * apart from the responses (a store of its own in IndexedDB), so listing 1,000 saved work orders, or finding the one
 * that saved an asset, reads small records instead of every work order with all its views.
 */
export type SavedWorkOrderEntry = Omit<SavedWorkOrder, 'responses'> & { paths: string[] };

export const entryOf = ({ responses, ...rest }: SavedWorkOrder): SavedWorkOrderEntry => ({
  ...rest,
  paths: Object.keys(responses),
});

export interface SavedWorkOrderStore {
  get(key: string): Promise<SavedWorkOrder | undefined>;
  /** One saved work order without its responses (a small read: whether it is saved, and when). */
  entry(key: string): Promise<SavedWorkOrderEntry | undefined>;
  /** The user's saved work orders without their responses. */
  listByUser(userId: number): Promise<SavedWorkOrderEntry[]>;
  /** The user's saved work orders that hold a response of `path`, without their responses (an index: no scan). */
  listByPath(userId: number, path: string): Promise<SavedWorkOrderEntry[]>;
  put(value: SavedWorkOrder): Promise<void>;
  remove(key: string): Promise<void>;
}

export const savedKey = (userId: number, workOrderId: number) => `${userId} ${workOrderId}`;

/**
 * Where a work order keeps one map layer's features around its site (issue 27): not a server path, the key its
 * saved copy (and the last features seen there) is found under when the map service cannot be reached.
 */
export const mapFeaturesPath = (workOrderId: number, layerId: number) =>
  `/api/installer/work-orders/${workOrderId}/map-features/${layerId}`;

/** Where a saved work order keeps a file itself (its PDF, as a Blob): not a server path. */
export const savedFilePath = (workOrderId: number, file: 'pdf') =>
  `/api/installer/work-orders/${workOrderId}/saved-files/${file}`;

const WORK_ORDER_PATH = /^\/api\/installer\/work-orders\/(\d+)(?:[/?]|$)/;

/** The work order a request path belongs to, if it is one of a work order's views. */
export function workOrderIdOfPath(path: string): number | null {
  const match = WORK_ORDER_PATH.exec(path);
  return match ? Number(match[1]) : null;
}

/**
 * The saved copy of a response, with when it was saved; undefined when no saved work order holds it. A work order's
 * own views are looked up by its id; other reads it saved (its assets, by /api/assets/...) in the list of the user's
 * saved work orders, the newest copy first. Either way one saved work order is read.
 */
export async function savedResponse(
  store: SavedWorkOrderStore,
  userId: number,
  path: string,
): Promise<{ data: unknown; savedAt: string } | undefined> {
  const id = workOrderIdOfPath(path);
  const key = id !== null ? savedKey(userId, id) : sortSaved(await store.listByPath(userId, path))[0]?.key;
  const saved = key === undefined ? undefined : await store.get(key);
  return saved && Object.hasOwn(saved.responses, path)
    ? { data: saved.responses[path], savedAt: saved.savedAt }
    : undefined;
}

/** Saved work orders, newest first, as the Saved WO list shows them. */
export function sortSaved<T extends Pick<SavedWorkOrder, 'id' | 'savedAt'>>(list: T[]): T[] {
  return [...list].sort((a, b) => b.savedAt.localeCompare(a.savedAt) || a.id - b.id);
}

export function memorySavedWorkOrderStore(): SavedWorkOrderStore & { items: Map<string, SavedWorkOrder> } {
  const items = new Map<string, SavedWorkOrder>();
  return {
    items,
    get: async (key) => items.get(key),
    entry: async (key) => {
      const item = items.get(key);
      return item && entryOf(item);
    },
    listByUser: async (userId) => [...items.values()].filter((i) => i.userId === userId).map(entryOf),
    listByPath: async (userId, path) =>
      [...items.values()].filter((i) => i.userId === userId && Object.hasOwn(i.responses, path)).map(entryOf),
    put: async (value) => {
      items.set(value.key, value);
    },
    remove: async (key) => {
      items.delete(key);
    },
  };
}
