import { navLinksFor, offersPortalSwitch, portalHome } from '@strand/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSettings } from '../../features/settings/api/get-settings';
import { useSession } from '../../lib/browser-session';
import { useLocalTheme, usesLocalTheme } from '../../lib/local-theme';
import { useShellConfig } from '../../lib/shell-config';
import { headerStyleOf } from '../../lib/theme';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MobileMenu } from './mobile-menu';
import { useLogout } from './use-logout';

/** The signed-in shell: header, navigation (a menu on phones), the page, and the footer. */
export function ShellLayout() {
  const { claims, portal } = useSession();
  const config = useShellConfig();
  // SPEC §6: a user named in LOCAL_THEME_USER_IDS keeps the theme in this browser; the others load it from the server
  // (asked once the config has said which, so a local-theme user never loads one).
  const local = usesLocalTheme(config, claims?.nUserID);
  const serverTheme = useSettings(config && !local ? claims?.nUserID : undefined).data?.theme;
  const localTheme = useLocalTheme(claims?.nUserID, local);
  const theme = local ? localTheme : serverTheme;
  const logout = useLogout();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  // A new page closes the menu and moves focus to the content, so keyboard and screen-reader users start there.
  useEffect(() => {
    setMenuOpen(false);
    if (pathname !== firstPath.current) {
      firstPath.current = pathname;
      mainRef.current?.focus({ preventScroll: true });
    }
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  if (!claims) return null;
  const links = portal ? navLinksFor(portal, claims.vcCustomerType, claims.staffRoles) : [];
  const canSwitchPortal = offersPortalSwitch(claims);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader
        claims={claims}
        portal={portal}
        config={config}
        homePath={portal ? portalHome(portal, claims.staffRoles) : '/portalSelect'}
        themeStyle={headerStyleOf(theme)}
        canSwitchPortal={canSwitchPortal}
        menuOpen={menuOpen}
        menuId={menuId}
        onToggleMenu={() => setMenuOpen((open) => !open)}
        onLogout={logout}
      />
      <MobileMenu
        id={menuId}
        links={links}
        open={menuOpen}
        config={config}
        canSwitchPortal={canSwitchPortal}
        onLogout={logout}
      />
      <main id="main" ref={mainRef} tabIndex={-1} className="shell__main">
        <Outlet />
      </main>
      <AppFooter config={config} />
    </div>
  );
}
