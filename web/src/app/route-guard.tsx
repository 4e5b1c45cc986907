import { isLoginPath } from '@strand/domain';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionStore, useSession } from '../lib/browser-session';
import { resolveRedirect } from '../lib/route-guard';

/** Applies the SPEC §2 route guards to every route below it. */
export function RouteGuard() {
  const { pathname } = useLocation();
  const session = useSession();
  const redirect = resolveRedirect(pathname, session);

  useEffect(() => {
    if (session.landingPath && pathname === session.landingPath) sessionStore.clearLanding();
    if (session.ended && isLoginPath(pathname)) sessionStore.clearEnded();
  }, [pathname, session.landingPath, session.ended]);

  if (redirect && redirect !== pathname) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
