/**
 * Cached installer responses (SPEC §3, §7, §8): every successful installer read is kept, the last 50, and served when
 * the same request fails later. Saved work orders keep their own copies (saved-work-orders.ts), which this limit never
 * evicts. Framework-free over an injected store, so the eviction is tested with an in-memory one.
 */
import { CACHED_RESPONSES_LIMIT } from '@strand/domain';

export interface CachedResponse {
  /** The request path with its query, per user: `${userId} ${path}`. */
  key: string;
  data: unknown;
  /** When the response was received (ISO). */
  savedAt: string;
}

export interface ResponseCacheStore {
  get(key: string): Promise<CachedResponse | undefined>;
  put(entry: CachedResponse): Promise<void>;
  /** Keys, oldest savedAt first. */
  keysByAge(): Promise<string[]>;
  remove(keys: string[]): Promise<void>;
}

export interface ResponseCache {
  get(userId: number, path: string): Promise<CachedResponse | undefined>;
  /** Stores the response and evicts the oldest beyond the limit. */
  put(userId: number, path: string, data: unknown, at: Date): Promise<void>;
}

export const cacheKey = (userId: number, path: string) => `${userId} ${path}`;

export function createResponseCache(store: ResponseCacheStore, limit: number = CACHED_RESPONSES_LIMIT): ResponseCache {
  return {
    get: (userId, path) => store.get(cacheKey(userId, path)),
    async put(userId, path, data, at) {
      await store.put({ key: cacheKey(userId, path), data, savedAt: at.toISOString() });
      const keys = await store.keysByAge();
      if (keys.length > limit) await store.remove(keys.slice(0, keys.length - limit));
    },
  };
}

export function memoryResponseStore(): ResponseCacheStore & { entries: Map<string, CachedResponse> } {
  const entries = new Map<string, CachedResponse>();
  return {
    entries,
    get: async (key) => entries.get(key),
    put: async (entry) => {
      entries.set(entry.key, entry);
    },
    keysByAge: async () => [...entries.values()].sort((a, b) => a.savedAt.localeCompare(b.savedAt)).map((e) => e.key),
    remove: async (keys) => {
      for (const key of keys) entries.delete(key);
    },
  };
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago": how old a cached or saved copy is. */
export function ageText(savedAt: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(savedAt).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 3600) return plural(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), 'hour');
  return plural(Math.floor(seconds / 86_400), 'day');
}
