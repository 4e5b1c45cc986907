/**
 * The full app: providers, the router with every route, the service worker. main.ts loads it at once, except on a
 * signed-out /login or /, which paints the sign-in page first and loads this in the background (docs/performance.md).
 */
import { StrictMode, startTransition } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PageHostProvider } from '../lib/page-host';
import { endFirstLoad } from '../lib/route-prefetch';
import { Providers } from './providers';
import { appRoot } from './root';
import { createAppRouter } from './router';

export { registerServiceWorker } from '../lib/offline/register-service-worker';
export { fetchShellConfig } from '../lib/shell-config';

/**
 * Renders the app into the root once the router has loaded the matched routes' modules and, when `next` is given,
 * gone on there: a page painted before (the sign-in page) stays on screen until the next one can show, and the
 * address changes when it does.
 */
export async function renderApp(next?: { to: string; replace: boolean }): Promise<void> {
  const router = createAppRouter();
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  if (next && next.to !== router.state.location.pathname) await router.navigate(next.to, { replace: next.replace });
  endFirstLoad();
  const host = { navigate: (to: string) => void router.navigate(to), signedIn: () => {} };
  // As a transition, React renders the first page in slices and lets the browser in between (a first page's render
  // was one task of 100–300 ms on a mid-range phone), then shows it at once as before.
  startTransition(() =>
    appRoot().render(
      <StrictMode>
        <Providers>
          <PageHostProvider value={host}>
            <RouterProvider router={router} />
          </PageHostProvider>
        </Providers>
      </StrictMode>,
    ),
  );
}
