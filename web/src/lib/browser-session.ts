/** The app's session: the store over localStorage, started from the stored token or `window.token` (SPEC §4). */
import { useSyncExternalStore } from 'react';
import { createSessionStore, type SessionState } from './session-store';
import { safeStorage } from './storage';

export const localStore = safeStorage(() => window.localStorage);
export const sessionStorageStore = safeStorage(() => window.sessionStorage);

export const sessionStore = createSessionStore(localStore, (window as { token?: unknown }).token, Date.now());

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}
