import { StrictMode, useEffect, useState } from 'react';
import { LoginPage } from '../features/auth/components/login-page';
import { type FrameConfig, keptFrameConfig } from '../lib/frame-config';
import { type PageHost, PageHostProvider } from '../lib/page-host';
import { safeStorage } from '../lib/storage';
import { AuthFrame } from './auth-frame';
import { appRoot } from './root';

export interface LoginAppProps {
  /** Host of the page: a link or a sign-in starts the full app there. */
  host: PageHost;
  /** The provider's config, checked, once the app has loaded (the kept copy shows until then). */
  loadConfig: () => Promise<FrameConfig>;
}

/**
 * The sign-in page as the first paint of a signed-out /login or / (main.ts): the same page and frame as in the app,
 * without the router, react-query or zod.
 */
export function LoginApp({ host, loadConfig }: LoginAppProps) {
  const [config, setConfig] = useState(() => keptFrameConfig(safeStorage(() => window.localStorage)));
  useEffect(() => {
    let live = true;
    loadConfig().then(
      (next) => live && setConfig(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loadConfig]);
  return (
    <PageHostProvider value={host}>
      <AuthFrame config={config}>
        <LoginPage />
      </AuthFrame>
    </PageHostProvider>
  );
}

/** Paints the sign-in page into the page's root (main.ts, on a signed-out /login or /). */
export function renderLogin(props: LoginAppProps): void {
  appRoot().render(
    <StrictMode>
      <LoginApp {...props} />
    </StrictMode>,
  );
}
