import { staffHolds, staffLinksFor } from '@strand/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/browser-session';

/** Subscriber lists and notices are for network staff (admins too); anyone else is told so, never shown the forms. */
export function NetworkOnly({ children }: { children: ReactNode }) {
  const { claims } = useSession();
  if (claims?.nStaff !== 1) {
    return (
      <section className="page">
        <h1>Staff only</h1>
        <p className="page__lead">This page is for the provider’s staff. Sign in with a staff account to use it.</p>
      </section>
    );
  }
  if (!staffHolds(claims.staffRoles, 'network')) {
    return (
      <section className="page" aria-labelledby="network-only-heading">
        <h1 id="network-only-heading">Subscribers</h1>
        <p className="page__lead">Subscriber lists and notices are for network staff. Your areas:</p>
        <ul className="link-list">
          {staffLinksFor(claims.staffRoles).map((l) => (
            <li key={l.path}>
              <Link to={l.path}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return children;
}
