import type { NavLink as NavLinkItem, ShellConfig } from '@strand/domain';
import { NavLink } from 'react-router';
import { navIconOf } from '../../lib/ui/icons';
import { AccountLinks } from './account-links';

export interface MobileMenuProps {
  id: string;
  links: NavLinkItem[];
  open: boolean;
  config: ShellConfig | undefined;
  canSwitchPortal: boolean;
  onLogout(): void;
}

/**
 * The portal's navigation (SPEC §2 table). On wide screens it is a bar under the header; on phones it is a panel
 * opened by the header's menu button, which also holds the account links and a Log out link.
 */
export function MobileMenu({ id, links, open, config, canSwitchPortal, onLogout }: MobileMenuProps) {
  return (
    <div id={id} className={`menu-panel${open ? ' menu-panel--open' : ''}`}>
      {links.length > 0 && (
        <nav aria-label="Main" className="main-nav">
          <ul>
            {links.map((link) => (
              <li key={link.path}>
                {/* One current item: a link whose path leads another's (the staff home, /staff) is current only on
                    its own page, not on every page under it. */}
                <NavLink to={link.path} end={links.some((l) => l !== link && l.path.startsWith(`${link.path}/`))}>
                  <NavIcon label={link.label} />
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <AccountLinks
        className="menu-panel__account"
        config={config}
        canSwitchPortal={canSwitchPortal}
        onLogout={onLogout}
        logoutAs="link"
      />
    </div>
  );
}

function NavIcon({ label }: { label: string }) {
  const Icon = navIconOf(label);
  return <Icon className="icon" aria-hidden="true" />;
}
