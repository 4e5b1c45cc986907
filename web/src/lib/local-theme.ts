/**
 * SPEC §6: "One particular user id uses a locally stored theme instead of loading one from the server." The provider
 * names those users in LOCAL_THEME_USER_IDS; GET /api/config hands the list to the browser. For them the settings
 * page and the shell read and save the theme here (localStorage, per user id) and never call /api/settings.
 */
import { DEFAULT_THEME, type ShellConfig, type Theme, ThemeSchema } from '@strand/domain';
import { useMemo, useSyncExternalStore } from 'react';
import { type KeyValueStorage, STORAGE_KEYS, safeStorage } from './storage';

const defaultStorage = safeStorage(() => localStorage);
const keyOf = (nUserID: number) => `${STORAGE_KEYS.localTheme}.${nUserID}`;
const CHANGED = 'strand:local-theme';

/** Whether this user keeps the theme in the browser (false until the config has arrived). */
export function usesLocalTheme(config: ShellConfig | undefined, nUserID: number | undefined): boolean {
  return nUserID !== undefined && (config?.localThemeUserIds ?? []).includes(nUserID);
}

/** The user's kept theme, or the default theme when none was kept (or it no longer parses). */
export function readLocalTheme(nUserID: number, storage: KeyValueStorage = defaultStorage): Theme {
  const raw = storage.getItem(keyOf(nUserID));
  if (!raw) return { ...DEFAULT_THEME };
  try {
    const parsed = ThemeSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : { ...DEFAULT_THEME };
  } catch {
    return { ...DEFAULT_THEME };
  }
}

export function saveLocalTheme(nUserID: number, theme: Theme, storage: KeyValueStorage = defaultStorage): void {
  storage.setItem(keyOf(nUserID), JSON.stringify(ThemeSchema.parse(theme)));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  // Another tab saved it.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The kept theme of `nUserID`, following saves in this tab and others; undefined when not asked (`enabled` off). */
export function useLocalTheme(nUserID: number | undefined, enabled: boolean): Theme | undefined {
  const raw = useSyncExternalStore(subscribe, () =>
    enabled && nUserID !== undefined ? defaultStorage.getItem(keyOf(nUserID)) : null,
  );
  // Parsed once per stored text, so the same text is the same object (effects that depend on it run once).
  return useMemo(() => {
    if (!enabled || nUserID === undefined) return undefined;
    return readLocalTheme(nUserID, { getItem: () => raw, setItem() {}, removeItem() {} });
  }, [enabled, nUserID, raw]);
}
