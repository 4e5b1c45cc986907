import { Outlet, ScrollRestoration } from 'react-router';
import { SessionWatcher } from './session-watcher';
import { PopupBanner } from './shell/popup-banner';

/** Wraps every page: session upkeep, the popup banner and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <SessionWatcher />
      <Outlet />
      <PopupBanner />
      <ScrollRestoration />
    </>
  );
}
