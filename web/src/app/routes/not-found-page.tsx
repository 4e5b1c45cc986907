import { portalHome } from '@strand/domain';
import { useSession } from '../../lib/browser-session';
import { ButtonLink } from '../../lib/ui/button-link';
import { usePageTitle } from '../../lib/ui/page-title';

/** Any path the portal does not know. */
export function NotFoundPage() {
  const { claims, portal } = useSession();
  usePageTitle('Page not found');
  const home = claims ? (portal ? portalHome(portal, claims.staffRoles) : '/portalSelect') : '/';
  return (
    <main id="main" className="standalone">
      <div className="card">
        <h1>Page not found</h1>
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <p>
          <ButtonLink to={home}>Go to the home page</ButtonLink>
        </p>
      </div>
    </main>
  );
}
