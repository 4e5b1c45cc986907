import { useCallback } from 'react';
import { sessionStore } from '../../lib/browser-session';

/** Signs out; the route guard then sends the user to /login and the providers drop the user's cached data. */
export function useLogout(): () => void {
  return useCallback(() => sessionStore.signOut('logout'), []);
}
