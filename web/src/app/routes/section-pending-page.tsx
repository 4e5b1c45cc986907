import { navLinksFor } from '@strand/domain';
import { useLocation, useMatches } from 'react-router';
import { useSession } from '../../lib/browser-session';
import { usePageTitle } from '../../lib/ui/page-title';

export interface SectionHandle {
  title: string;
}

function isSectionHandle(value: unknown): value is SectionHandle {
  return typeof value === 'object' && value !== null && typeof (value as SectionHandle).title === 'string';
}

/** A section of SPEC §2 whose screens come later: its nav label as the heading, and a plain sentence. */
export function SectionPendingPage() {
  const { pathname } = useLocation();
  const { claims, portal } = useSession();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isSectionHandle);
  // The same path can carry different labels per portal (Scan Asset / Scan an Asset): prefer the portal's own.
  const navLabel =
    portal && claims
      ? navLinksFor(portal, claims.vcCustomerType).find((link) => link.path === pathname)?.label
      : undefined;
  const title = navLabel ?? handle?.title ?? 'This section';
  usePageTitle(title);
  return (
    <section className="page">
      <h1>{title}</h1>
      <p className="page__lead">
        This section is not available yet. It will be added in a coming update of the portal.
      </p>
    </section>
  );
}
