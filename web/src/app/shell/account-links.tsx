import type { ShellConfig } from '@strand/domain';
import type { MouseEvent } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths';

export interface AccountLinksProps {
  config: ShellConfig | undefined;
  canSwitchPortal: boolean;
  onLogout(): void;
  /** The header shows Log out as a button; the mobile menu as a link (SPEC §2). */
  logoutAs: 'button' | 'link';
  className: string;
}

/** Support phone, webmail, portal switch, settings and log out: in the header on wide screens, in the menu on phones. */
export function AccountLinks({ config, canSwitchPortal, onLogout, logoutAs, className }: AccountLinksProps) {
  const logout = (event: MouseEvent) => {
    event.preventDefault();
    onLogout();
  };
  return (
    <nav aria-label="Account" className={className}>
      <ul>
        {config && (
          <li>
            <a href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`}>
              <span className="account-links__label">Support </span>
              {config.supportPhone}
            </a>
          </li>
        )}
        {config && (
          <li>
            <a href={config.webmailUrl} target="_blank" rel="noopener noreferrer">
              Webmail
            </a>
          </li>
        )}
        {canSwitchPortal && (
          <li>
            <NavLink to={paths.portalSelect}>Switch portal</NavLink>
          </li>
        )}
        <li>
          <NavLink to={paths.settings}>Settings</NavLink>
        </li>
        <li>
          {logoutAs === 'button' ? (
            <button type="button" className="link-button" onClick={onLogout}>
              Log out
            </button>
          ) : (
            <a href={paths.login} onClick={logout}>
              Log out
            </a>
          )}
        </li>
      </ul>
    </nav>
  );
}
