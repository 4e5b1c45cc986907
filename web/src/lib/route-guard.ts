/**
 * Where the current route sends the user: the SPEC §2 guards of domain's guardRedirect, plus two session events —
 * a fresh sign-in lands on its portal home (instead of the guard's /portalSelect for login pages) and an expired
 * session goes to '/' (SPEC §4) instead of /login.
 */
import { guardRedirect, isLoginPath } from '@strand/domain';
import type { SessionState } from './session-store';

export type GuardInput = Pick<SessionState, 'claims' | 'portal' | 'ended' | 'landingPath'>;

export function resolveRedirect(pathname: string, session: GuardInput): string | null {
  if (session.claims && session.landingPath && isLoginPath(pathname)) return session.landingPath;
  const target = guardRedirect(pathname, { user: session.claims, portal: session.portal });
  if (target === '/login' && session.ended === 'expired') return '/';
  return target;
}
