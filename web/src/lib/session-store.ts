/**
 * The session store (SPEC §4): who is signed in, with which portal, and why a session ended. It writes through to
 * storage so a reload keeps the session and the chosen portal. Framework-free; React reads it through
 * useSyncExternalStore (browser-session.ts).
 */
import { automaticPortal, isExpired, type PortalType, portalHome, type SessionClaims } from '@strand/domain';
import { clearStoredSession, decodeClaims, readPortal, readStartSession, rememberLastPortal } from './session';
import { type KeyValueStorage, STORAGE_KEYS } from './storage';

export type SessionEnd = 'logout' | 'expired';

export interface SessionState {
  token: string | null;
  claims: SessionClaims | null;
  portal: PortalType | null;
  /** Why the last session ended; the guard sends an expired session to '/' instead of '/login'. */
  ended: SessionEnd | null;
  /** Where a fresh sign-in lands; consumed once the user gets there. */
  landingPath: string | null;
  /** A message about the session (e.g. why it ended), newlines and tabs stripped (SPEC §8). */
  error: string | null;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Signs in with a token; returns the landing path (portal home, or /portalSelect). Throws on a bad token. */
  signIn(token: string): string;
  choosePortal(portal: PortalType): void;
  signOut(reason?: SessionEnd): void;
  /** Signs out if the token has expired; returns whether it did. */
  expireIfDue(nowMs: number): boolean;
  /** Re-reads storage (another tab signed in or out). */
  reload(nowMs: number): void;
  setError(message: string | null): void;
  clearLanding(): void;
  clearEnded(): void;
}

export class InvalidTokenError extends Error {
  constructor() {
    super('The server sent a sign-in token this app cannot read.');
    this.name = 'InvalidTokenError';
  }
}

/** Session errors have newlines and tabs stripped (SPEC §8). */
export function cleanSessionError(message: string): string {
  return message.replace(/[\n\r\t]+/g, ' ').trim();
}

export function createSessionStore(storage: KeyValueStorage, windowToken: unknown, nowMs: number): SessionStore {
  const start = readStartSession(storage, windowToken, nowMs);
  let state: SessionState = {
    token: start.token,
    claims: start.claims,
    portal: start.portal,
    ended: start.status === 'expired' ? 'expired' : null,
    landingPath: null,
    error: null,
  };
  const listeners = new Set<() => void>();

  const set = (next: Partial<SessionState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const signOut = (reason: SessionEnd = 'logout') => {
    clearStoredSession(storage);
    set({ token: null, claims: null, portal: null, ended: reason, landingPath: null });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(token) {
      const claims = decodeClaims(token);
      if (!claims) throw new InvalidTokenError();
      const portal = automaticPortal(claims);
      storage.setItem(STORAGE_KEYS.token, token);
      if (portal) storage.setItem(STORAGE_KEYS.portal, portal);
      else storage.removeItem(STORAGE_KEYS.portal);
      const landingPath = portal ? portalHome(portal, claims.staffRoles) : '/portalSelect';
      set({ token, claims, portal, ended: null, landingPath, error: null });
      return landingPath;
    },
    choosePortal(portal) {
      if (!state.claims) return;
      storage.setItem(STORAGE_KEYS.portal, portal);
      rememberLastPortal(storage, state.claims.nUserID, portal);
      set({ portal });
    },
    signOut,
    expireIfDue(now) {
      if (!state.claims || !isExpired(state.claims, now)) return false;
      signOut('expired');
      return true;
    },
    reload(now) {
      const storedToken = storage.getItem(STORAGE_KEYS.token);
      if (storedToken === state.token) {
        const portal = state.claims ? readPortal(storage, state.claims) : null;
        if (portal !== state.portal) set({ portal });
        return;
      }
      const next = readStartSession(storage, undefined, now);
      set({
        token: next.token,
        claims: next.claims,
        portal: next.portal,
        ended: next.claims ? null : next.status === 'expired' ? 'expired' : 'logout',
        landingPath: null,
      });
    },
    setError: (message) => set({ error: message === null ? null : cleanSessionError(message) }),
    clearLanding: () => {
      if (state.landingPath !== null) set({ landingPath: null });
    },
    clearEnded: () => {
      if (state.ended !== null) set({ ended: null });
    },
  };
}
