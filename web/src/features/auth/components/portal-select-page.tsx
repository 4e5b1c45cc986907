import { availablePortals, type PortalType, portalHome } from '@strand/domain';
import { useNavigate } from 'react-router';
import { localStore, sessionStore, useSession } from '../../../lib/browser-session';
import { PORTAL_DESCRIPTIONS, PORTAL_LABELS } from '../../../lib/portal-labels';
import { lastPortalOf } from '../../../lib/session';
import { usePageTitle } from '../../../lib/ui/page-title';

/** /portalSelect: installers and contractors (and anyone switching) choose the portal to work in. */
export function PortalSelectPage() {
  usePageTitle('Choose a portal');
  const { claims, portal: current } = useSession();
  const navigate = useNavigate();
  if (!claims) return null;

  const portals = availablePortals(claims);
  const last = current ?? lastPortalOf(localStore, claims.nUserID);
  const choose = (portal: PortalType) => {
    sessionStore.choosePortal(portal);
    navigate(portalHome(portal, claims.staffRoles));
  };

  return (
    <section className="page" aria-labelledby="portal-heading">
      <h1 id="portal-heading">Choose a portal</h1>
      <p className="page__lead">Hello {claims.vcFirstName}, where would you like to work today?</p>
      <ul className="portal-choices">
        {portals.map((portal) => (
          <li key={portal}>
            <button
              type="button"
              className={`portal-choice${portal === last ? ' portal-choice--last' : ''}`}
              onClick={() => choose(portal)}
              // biome-ignore lint/a11y/noAutofocus: the remembered choice is the likely next step.
              autoFocus={portal === last}
            >
              <span className="portal-choice__title">{PORTAL_LABELS[portal]} portal</span>
              <span className="portal-choice__text">{PORTAL_DESCRIPTIONS[portal]}</span>
              {portal === last && <span className="portal-choice__tag">Last used</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
