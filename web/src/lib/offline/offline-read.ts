/**
 * Reads that survive a lost connection (SPEC §7 "These responses are cached", §8 "A cached response for the same
 * request is returned if one exists"): a successful installer read is remembered; when the same read fails for want
 * of a network or a working server, the saved work order's copy or else the cached one is returned, and the notice
 * store says which and how old it is. A refusal (401, 403, 404, a bad request) is never covered up by a copy.
 */
import type { z } from 'zod';
import { ApiError } from '../api-client';
import type { ResponseCache } from './response-cache';
import { type SavedWorkOrderStore, savedResponse } from './saved-work-orders';

export interface ServedCopy {
  path: string;
  kind: 'saved' | 'cached';
  savedAt: string;
}

export interface OfflineReaderOptions {
  cache: ResponseCache;
  saved: SavedWorkOrderStore;
  userId: () => number | null;
  now: () => Date;
  onServed: (copy: ServedCopy) => void;
}

/** Whether a failed read may be answered from a copy: no connection, a timeout, a throttle or a server error. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export type OfflineRead = <T>(path: string, schema: z.ZodType<T>, fetcher: () => Promise<T>) => Promise<T>;

export function createOfflineReader(options: OfflineReaderOptions): OfflineRead {
  const { cache, saved, userId, now, onServed } = options;
  return async (path, schema, fetcher) => {
    const user = userId();
    try {
      const data = await fetcher();
      // A full or broken storage must not fail a read that worked.
      if (user !== null) await cache.put(user, path, data, now()).catch(() => undefined);
      return data;
    } catch (error) {
      if (user === null || !isUnreachable(error)) throw error;
      const copies: [ServedCopy['kind'], { data: unknown; savedAt: string } | undefined][] = [
        ['saved', await savedResponse(saved, user, path).catch(() => undefined)],
        ['cached', await cache.get(user, path).catch(() => undefined)],
      ];
      for (const [kind, copy] of copies) {
        if (!copy) continue;
        // A copy written by an older version of the app may no longer fit the contract: then it is not used.
        const parsed = schema.safeParse(copy.data);
        if (!parsed.success) continue;
        onServed({ path, kind, savedAt: copy.savedAt });
        return parsed.data;
      }
      throw error;
    }
  };
}

/**
 * The oldest copy on screen among requests under any of `pathPrefixes` (a screen is as fresh as its oldest part).
 * A prefix ending in '/' or '?' takes in whatever follows; otherwise only the path itself and its sub-paths and
 * queries (work order 1's prefix must not take in work order 100001's requests).
 */
export function oldestServedCopy(
  copies: Iterable<ServedCopy>,
  pathPrefixes: string | readonly string[],
): ServedCopy | null {
  const prefixes = typeof pathPrefixes === 'string' ? [pathPrefixes] : pathPrefixes;
  const concerns = (path: string) =>
    prefixes.some((prefix) => {
      if (!path.startsWith(prefix)) return false;
      const rest = path.slice(prefix.length);
      return /[/?]$/.test(prefix) || rest === '' || rest.startsWith('/') || rest.startsWith('?');
    });
  let oldest: ServedCopy | null = null;
  for (const copy of copies) {
    if (concerns(copy.path) && (!oldest || copy.savedAt < oldest.savedAt)) oldest = copy;
  }
  return oldest;
}
