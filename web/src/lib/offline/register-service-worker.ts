/**
 * Registers the service worker (issue 5, SPEC §4 "Application shell"): when the controller changes because a new
 * version took over, the page reloads once so it runs the code the new worker serves. The first install (no
 * controller before) does not reload: the page already runs that code.
 */
import { Workbox } from 'workbox-window';

let registered = false;

/** Registers once per page, however often it is called. */
export function registerServiceWorker(): void {
  if (registered || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  registered = true;
  const hadController = navigator.serviceWorker.controller !== null;
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  const wb = new Workbox('/sw.js', { scope: '/' });
  // A new version waits until told: take over at once, which fires 'controllerchange' above.
  wb.addEventListener('waiting', () => wb.messageSkipWaiting());
  void wb.register().catch(() => undefined);
}
