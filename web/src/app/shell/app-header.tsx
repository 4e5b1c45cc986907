import { type PortalType, type SessionClaims, type ShellConfig, showsAccountName } from '@strand/domain';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { SyncIndicator } from '../../features/offline/components/sync-indicator';
import { PORTAL_LABELS } from '../../lib/portal-labels';
import { displayName } from '../../lib/session';
import type { HeaderStyle } from '../../lib/theme';
import { AccountLinks } from './account-links';

/** The bell loads after the first paint (its query, schema and icon are not in the first download); a box of its size waits. */
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

export interface AppHeaderProps {
  claims: SessionClaims;
  portal: PortalType | null;
  config: ShellConfig | undefined;
  homePath: string;
  themeStyle: HeaderStyle | undefined;
  canSwitchPortal: boolean;
  menuOpen: boolean;
  menuId: string;
  onToggleMenu(): void;
  onLogout(): void;
}

/** The shell header (SPEC §1): who is signed in to which account, support, webmail, settings and log out. */
export function AppHeader(props: AppHeaderProps) {
  const { claims, portal, config, homePath, themeStyle, canSwitchPortal, menuOpen, menuId } = props;
  const userName = displayName(claims);
  const shownAccountName = showsAccountName(claims.vcCustomerType) ? claims.vcCustomerName.trim() : '';
  const sameName = shownAccountName !== '' && shownAccountName.toLowerCase() === userName.toLowerCase();
  const accountName = sameName ? '' : shownAccountName;
  return (
    <header className={`app-header${themeStyle ? ' app-header--themed' : ''}`} style={themeStyle}>
      <div className="app-header__bar">
        <Link to={homePath} className="brand">
          <span className="brand__name">{config?.providerName ?? ''}</span>
          {portal && <span className="brand__portal">{PORTAL_LABELS[portal]} portal</span>}
        </Link>
        {/* Offline (issues 5, 27): the sync centre with a count of queued writes; mounting it replays the outbox. */}
        {(portal === 'installer' || portal === 'contractor') && <SyncIndicator />}
        {/* Notifications (issue 30): every signed-in portal, field users included. */}
        <Suspense fallback={<span className="notification-bell" aria-hidden="true" />}>
          <NotificationBell />
        </Suspense>
        <AccountLinks
          className="header-links"
          config={config}
          canSwitchPortal={canSwitchPortal}
          onLogout={props.onLogout}
          logoutAs="button"
        />
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={props.onToggleMenu}
        >
          <span className="menu-button__icon" aria-hidden="true" />
          Menu
        </button>
      </div>
      <dl className="user-line">
        <div>
          {/* One name when the user is the account (a residential customer); else both, each with a label. */}
          <dt className="visually-hidden">{sameName ? 'Signed in as (also the account name)' : 'Signed in as'}</dt>
          <dd className="user-line__name">{userName}</dd>
        </div>
        <div className="user-line__account">
          <dt>
            Account{accountName && <span className="visually-hidden"> name and number</span>}
            <span aria-hidden="true">:</span>
          </dt>
          <dd>
            {accountName && (
              <>
                <span>{accountName}</span>
                <span aria-hidden="true"> · </span>
              </>
            )}
            <span>{claims.vcCustomerID}</span>
          </dd>
        </div>
        {claims.UNITYSUPERUSER === 1 && (
          <div>
            <dt className="visually-hidden">Access</dt>
            <dd className="badge">Super user</dd>
          </div>
        )}
      </dl>
    </header>
  );
}
