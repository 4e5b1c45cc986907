import { useCallback } from 'react';
import { sessionStore } from '../../lib/browser-session';

/**
 * Signs out: the session ends on the server (so the token stops working everywhere, even if it was copied), then
 * the route guard sends the user to /login and the providers drop the user's cached data. Signing out never waits for
 * the network: offline, the token is dropped here and expires on the server.
 */
export function useLogout(): () => void {
  return useCallback(() => {
    const { token } = sessionStore.getState();
    sessionStore.signOut('logout');
    if (!token) return;
    fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(
      () => {},
    );
  }, []);
}
