/**
 * A page's first GETs, sent before the code that reads them has loaded (docs/performance.md §7): by the entry for a
 * landing page (app/landing-pages.ts), or by a route's loader on the app's first load (route-prefetch.ts). The next
 * apiFetch of the same path with the same token takes the answer once, within EARLY_READ_TTL_MS, and checks it like
 * any other (api-client.ts). No zod or React here: the entry imports this.
 */
import { CLIENT_VERSION } from '@strand/domain';

/** A signed-in GET's path, or `{ path, auth: false }` for one sent without the token. */
export type FirstRead = string | { path: string; auth: false };

/** How long an early answer waits for its reader; after that it is dropped and the reader asks again. */
const EARLY_READ_TTL_MS = 10_000;
const early = new Map<string, { token: string | null; until: number; response: Promise<Response> }>();

/** Starts a JSON GET of `path` with `token` (null: unauthenticated), unless one is already waiting for its reader. */
export function startEarlyRead(path: string, token: string | null): void {
  if (early.has(path)) return;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Client-Version': CLIENT_VERSION };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = fetch(path, { headers });
  // A failure is the reader's to report (apiFetch turns it into a network error), not an unhandled rejection.
  response.catch(() => undefined);
  early.set(path, { token, until: Date.now() + EARLY_READ_TTL_MS, response });
}

/** The early answer of a GET of `path` with `token`, taken once (a stale or other user's one is dropped). */
export function takeEarlyRead(path: string, token: string | null): Promise<Response> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  return entry.token === token && entry.until > Date.now() ? entry.response : undefined;
}
