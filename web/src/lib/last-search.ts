/**
 * The last search's query string, kept for the tab (sessionStorage) so 'Go back to search results' (on every page under a work order) returns to the
 * same search; its results come back from the query cache.
 */
import { sessionStorageStore } from './browser-session';

const KEY = 'installer.lastSearch';

export function rememberSearch(queryString: string): void {
  sessionStorageStore.setItem(KEY, queryString);
}

/** /search with the last search's query, or plain /search. */
export function lastSearchPath(): string {
  const q = sessionStorageStore.getItem(KEY);
  return q ? `/search?${q}` : '/search';
}
