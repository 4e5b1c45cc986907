import type { ReactNode } from 'react';
import type { FrameConfig } from '../lib/frame-config';
import { AppFooter } from './shell/app-footer';

/**
 * The frame of the sign-in, registration, recovery, super-user and public pages: the provider's name and support
 * phone above one card, the footer below. Router-free: the sign-in page paints in it before the router loads.
 */
export function AuthFrame({ config, children }: { config: FrameConfig | undefined; children: ReactNode }) {
  return (
    <div className="shell">
      <header className="app-header app-header--plain">
        <div className="app-header__bar">
          <span className="brand">
            <span className="brand__name">
              {/* No product name before the provider's (the kept copy paints first): blank on a first visit. */}
              {config?.providerName ?? ''}
            </span>
            <span className="brand__portal">Customer and field portal</span>
          </span>
          {config && (
            <a className="header-phone" href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`}>
              <span className="account-links__label">Support </span>
              {config.supportPhone}
            </a>
          )}
        </div>
      </header>
      <main id="main" className="shell__main shell__main--auth">
        {children}
      </main>
      <AppFooter config={config} />
    </div>
  );
}
