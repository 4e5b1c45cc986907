/**
 * Early reads: a page's first GETs, sent before the code that reads them has loaded, so they travel beside the page's
 * chunks instead of after them. This module is the seam: every early read starts here (`startEarlyRead`, called by
 * the entry for a landing page, app/landing-pages.ts, and by a route's loader on the app's first load through
 * api-client.ts `prefetchGet`, lib/route-prefetch.ts) and is taken here, once, by the API client (`takeEarlyRead` for
 * the next apiFetch of the same path with the same token within EARLY_READ_TTL_MS, checked like any other answer;
 * `takeArrivedRead` for an answer already arrived, as parsed JSON, so a page's query starts with it). With
 * `startEarlyRead` returning at once, every read is sent when its page asks, as without this module.
 *
 * Kept by the speed code audit (docs/performance.md "Speed code audit (issue 31)"): Lighthouse mobile LCP, early
 * reads on vs off in the same build otherwise, two interleaved passes of two runs each: the work-order home 3.46–3.55 s
 * vs 3.94–4.12 s, the billing center 3.45–3.88 s vs 3.95–4.34 s, the contractor's work orders 3.12–3.60 s vs
 * 3.47–3.81 s. No zod or React here: the entry imports this.
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
