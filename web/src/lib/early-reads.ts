/**
 * A page's first GETs, sent before the code that reads them has loaded (docs/performance.md §7): by the entry for a
 * landing page (app/landing-pages.ts), or by a route's loader on the app's first load (route-prefetch.ts). The next
 * apiFetch of the same path with the same token takes the answer once, within EARLY_READ_TTL_MS, and checks it like
 * any other (api-client.ts). An answer that has already arrived can also be taken as parsed JSON (takeArrivedRead),
 * so a page's query starts with it instead of waiting a turn for it. No zod or React here: the entry imports this.
 */
import { CLIENT_VERSION } from '@strand/domain';

/** A signed-in GET's path, or `{ path, auth: false }` for one sent without the token. */
export type FirstRead = string | { path: string; auth: false };

/** How long an early answer waits for its reader; after that it is dropped and the reader asks again. */
const EARLY_READ_TTL_MS = 10_000;
interface EarlyRead {
  token: string | null;
  until: number;
  response: Promise<Response>;
  /** The answer's JSON once a successful answer has arrived and been read (undefined until then). */
  arrived?: { json: unknown };
}
const early = new Map<string, EarlyRead>();

/** Starts a JSON GET of `path` with `token` (null: unauthenticated), unless one is already waiting for its reader. */
export function startEarlyRead(path: string, token: string | null): void {
  if (early.has(path)) return;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Client-Version': CLIENT_VERSION };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = fetch(path, { headers });
  const entry: EarlyRead = { token, until: Date.now() + EARLY_READ_TTL_MS, response };
  // A failure is the reader's to report (apiFetch turns it into a network error), not an unhandled rejection. A
  // success still waiting for its reader is read from a copy, so the answer stays whole for apiFetch; one a reader
  // took on its way (takeEarlyRead) is read by that reader alone.
  response
    .then((r) =>
      r.ok && early.get(path) === entry ? r.clone().json() : Promise.reject(new Error(`not kept: ${r.status}`)),
    )
    .then((json: unknown) => {
      entry.arrived = { json };
    })
    .catch(() => undefined);
  early.set(path, entry);
}

/**
 * The early answer of a GET of `path` with `token` as JSON if it has arrived (a successful one), taken once; else
 * nothing, and an answer still on its way stays for apiFetch.
 */
export function takeArrivedRead(path: string, token: string | null): { json: unknown } | undefined {
  const entry = early.get(path);
  if (!entry?.arrived || entry.token !== token || entry.until <= Date.now()) return undefined;
  early.delete(path);
  return entry.arrived;
}

/** The early answer of a GET of `path` with `token`, taken once (a stale or other user's one is dropped). */
export function takeEarlyRead(path: string, token: string | null): Promise<Response> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  return entry.token === token && entry.until > Date.now() ? entry.response : undefined;
}
