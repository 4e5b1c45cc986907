import { Outlet } from 'react-router';
import { useShellConfig } from '../lib/shell-config';
import { AppFooter } from './shell/app-footer';

/** Sign-in, registration, recovery and super-user pages: a simple branded frame around one card. */
export function AuthLayout() {
  const config = useShellConfig();
  return (
    <div className="shell">
      <header className="app-header app-header--plain">
        <div className="app-header__bar">
          <span className="brand">
            <span className="brand__name">{config?.providerName ?? 'Strand'}</span>
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
        <Outlet />
      </main>
      <AppFooter />
    </div>
  );
}
