/** Key-value storage used by the session and preferences; a small interface so the logic runs in tests without a DOM. */

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Names of everything the app keeps in localStorage / sessionStorage. */
export const STORAGE_KEYS = {
  token: 'token',
  portal: 'portal',
  lastPortalByUser: 'lastPortalByUser',
  sessionLog: 'sessionLog',
  /** The last GET /api/config answer, for the shell's branding when offline. */
  shellConfig: 'shellConfig',
  /** SPEC §6: the theme of a user set up to keep it in the browser (LOCAL_THEME_USER_IDS), per user id. */
  localTheme: 'localTheme',
  /** sessionStorage: set before reloading after a failed lazy page load, so the reload happens once. */
  chunkReload: 'chunkReloadAttempted',
} as const;

/** A storage that never throws (private browsing modes and full quotas make the Web Storage API throw). */
export function safeStorage(get: () => Storage): KeyValueStorage {
  return {
    getItem(key) {
      try {
        return get().getItem(key);
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        get().setItem(key, value);
      } catch {
        // Nothing to do: the value lives in memory for this page only.
      }
    },
    removeItem(key) {
      try {
        get().removeItem(key);
      } catch {
        // Nothing to do.
      }
    },
  };
}

/** An in-memory storage, for tests. */
export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    dump: () => Object.fromEntries(map),
  };
}
