/** The app's session: the store over localStorage, started from the stored token or `window.token` (SPEC §4). */
import { useSyncExternalStore } from 'react';
import { configureApi } from './api-client';
import { createSessionStore, type SessionState } from './session-store';
import { safeStorage } from './storage';

export const localStore = safeStorage(() => window.localStorage);
export const sessionStorageStore = safeStorage(() => window.sessionStorage);

export const sessionStore = createSessionStore(localStore, (window as { token?: unknown }).token, Date.now());

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

/**
 * The API client sends the session's token, and a refusal of that token ends the session as expired. A refusal of a
 * token the session no longer holds changes nothing: a request still under way when the user logged out (its token
 * revoked by the logout) must not turn "logged out" into "your session expired", nor end a later user's session.
 */
export function connectApiToSession(): void {
  configureApi({
    getToken: () => sessionStore.getState().token,
    onUnauthorized: (refused) => {
      if (sessionStore.getState().token === refused) sessionStore.signOut('expired');
    },
  });
}
