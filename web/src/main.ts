/**
 * Starts the app: a few lines with no React, so the browser fetches what the page needs at once and side by side
 * (docs/performance.md §3, §7). A signed-out /login or / paints the sign-in page first (app/login-app.tsx: React and
 * the page, no router, react-query or zod) and loads the full app right after; every other page loads the full app
 * at once (app/app.tsx), whose chunk then comes beside React (modulepreloaded from index.html) instead of after it.
 * A link or a sign-in on the sign-in page starts the full app there.
 */
import { paths } from './config/paths';
import type { PageHost } from './lib/page-host';
import { STORAGE_KEYS, safeStorage } from './lib/storage';
import './styles/tokens.css';
import './styles/base.css';
import './styles/kit.css';
import './styles/kit-controls.css';
import './styles/forms.css';
import './styles/shell.css';
import './styles/pages.css';

// zod checks every API answer against its schema. By default it compiles a fast path of each object schema (with
// `new Function`) the first time it parses one: a page parses each schema once or twice, so the compiling cost more
// main-thread time before the first paint than it saved (docs/performance.md §7). zod reads this global when it
// loads, which is after this module (nothing here imports it); the checks themselves are the same.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const loadApp = () => import('./app/app');

let started = false;
/** Starts the full app (once), going on to `to` when given: a new history entry, or in place of this one. */
function startApp(to?: string, replace = false) {
  if (started) return;
  started = true;
  void loadApp().then((app) => {
    app.registerServiceWorker();
    return app.renderApp(to === undefined ? undefined : { to, replace });
  });
}

/** The token handed to the page or the kept one (the session store reads both, browser-session.ts); null: nobody. */
function sessionToken(): string | null {
  const windowToken = (window as { token?: unknown }).token;
  if (typeof windowToken === 'string' && windowToken.length > 0) return windowToken;
  return safeStorage(() => window.localStorage).getItem(STORAGE_KEYS.token) || null;
}

const { pathname } = window.location;
const token = sessionToken();
if ((pathname === paths.root || pathname === paths.login) && token === null) {
  const host: PageHost = { navigate: (to) => startApp(to), signedIn: (landing) => startApp(landing, true) };
  // The app loads as soon as the sign-in page has painted: the checked config, the service worker, and a sign-in or
  // a link that finds it ready.
  const loadConfig = () =>
    loadApp().then((app) => {
      app.registerServiceWorker();
      return app.fetchShellConfig();
    });
  // Another tab signing in takes this one into the app as well (its route guard leaves the sign-in page).
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.token || event.key === null) startApp();
  });
  void import('./app/login-app').then(({ renderLogin }) => renderLogin({ host, loadConfig }));
} else {
  startApp();
  // A landing page's route modules and first reads leave beside the app chunk (started first, so its styles come
  // first as before), instead of once the app and its router have loaded (app/landing-pages.ts: a small chunk of its
  // own, so the sign-in page's entry does not carry the table).
  if (token !== null) {
    void import('./app/landing-pages').then((landing) =>
      landing.startLandingPage(new URL(window.location.href), token),
    );
  }
}
