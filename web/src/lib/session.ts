/**
 * Pure session logic of SPEC §4: decoding the stored login token, the start-up check (expired -> signed out,
 * undecodable -> removed) and the chosen portal. The store in session-store.ts builds on these.
 */
import {
  availablePortals,
  isExpired,
  type PortalType,
  PortalTypeSchema,
  type SessionClaims,
  SessionClaimsSchema,
} from '@strand/domain';
import { jwtDecode } from 'jwt-decode';
import { type KeyValueStorage, STORAGE_KEYS } from './storage';

/** The token's claims, or null when it cannot be decoded or does not carry the session claims. */
export function decodeClaims(token: string): SessionClaims | null {
  let payload: unknown;
  try {
    payload = jwtDecode(token);
  } catch {
    return null;
  }
  const parsed = SessionClaimsSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

export type StartStatus = 'signed-out' | 'signed-in' | 'expired' | 'invalid';

export interface StartSession {
  status: StartStatus;
  token: string | null;
  claims: SessionClaims | null;
  portal: PortalType | null;
}

const signedOut = (status: StartStatus): StartSession => ({ status, token: null, claims: null, portal: null });

/** Removes everything that belongs to a session (the per-user portal memory stays). */
export function clearStoredSession(storage: KeyValueStorage): void {
  storage.removeItem(STORAGE_KEYS.token);
  storage.removeItem(STORAGE_KEYS.portal);
}

/**
 * Reads the session at start: the token from storage, or else a token the page was given as `window.token`.
 * An undecodable token is removed; an expired one signs the user out.
 */
export function readStartSession(storage: KeyValueStorage, windowToken: unknown, nowMs: number): StartSession {
  const stored = storage.getItem(STORAGE_KEYS.token);
  const token = stored || (typeof windowToken === 'string' && windowToken.length > 0 ? windowToken : null);
  if (!token) return signedOut('signed-out');
  const claims = decodeClaims(token);
  if (!claims) {
    clearStoredSession(storage);
    return signedOut('invalid');
  }
  if (isExpired(claims, nowMs)) {
    clearStoredSession(storage);
    return signedOut('expired');
  }
  if (!stored) storage.setItem(STORAGE_KEYS.token, token);
  return { status: 'signed-in', token, claims, portal: readPortal(storage, claims) };
}

function parsePortal(value: unknown): PortalType | null {
  const parsed = PortalTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The stored portal choice, if this user may use it. */
export function readPortal(storage: KeyValueStorage, claims: SessionClaims): PortalType | null {
  const portal = parsePortal(storage.getItem(STORAGE_KEYS.portal));
  return portal && availablePortals(claims).includes(portal) ? portal : null;
}

function readLastPortals(storage: KeyValueStorage): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.lastPortalByUser) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The portal this user chose last time on /portalSelect (kept across sign-outs). */
export function lastPortalOf(storage: KeyValueStorage, nUserID: number): PortalType | null {
  return parsePortal(readLastPortals(storage)[String(nUserID)]);
}

export function rememberLastPortal(storage: KeyValueStorage, nUserID: number, portal: PortalType): void {
  const all = readLastPortals(storage);
  all[String(nUserID)] = portal;
  storage.setItem(STORAGE_KEYS.lastPortalByUser, JSON.stringify(all));
}

/** The full name shown in the header. */
export function displayName(claims: Pick<SessionClaims, 'vcFirstName' | 'vcLastName'>): string {
  return `${claims.vcFirstName} ${claims.vcLastName}`.trim();
}
