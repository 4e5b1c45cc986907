/**
 * A page's first API reads, started by its route on the app's first load (a React Router `loader` that returns at
 * once), so they travel while the page's chunk loads instead of after it has run (docs/performance.md §7). The
 * page's own queries then take the answers (api-client.ts prefetchGet); later navigations use react-query's cache.
 */
import type { LoaderFunction, Params } from 'react-router';
import { prefetchGet } from './api-client';
import type { FirstRead } from './early-reads';

let firstLoad = true;

/** The app has shown its first page: routes stop prefetching (react-query's cache answers from now on). */
export function endFirstLoad(): void {
  firstLoad = false;
}

/** A loader that starts the given reads (paths of signed-in GETs, or `{ path, auth: false }`) on the first load. */
export function prefetchReads(reads: (params: Params, url: URL) => FirstRead[]): LoaderFunction {
  return ({ params, request }) => {
    if (firstLoad) {
      for (const read of reads(params, new URL(request.url))) {
        if (typeof read === 'string') prefetchGet(read);
        else prefetchGet(read.path, read.auth);
      }
    }
    return null;
  };
}
