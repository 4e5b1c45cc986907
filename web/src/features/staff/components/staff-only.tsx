import { type StaffRole, staffHolds } from '@strand/domain';
import type { ReactNode } from 'react';
import { useSession } from '../../../lib/browser-session';

/** A staff page for the members holding one of `roles` (admins hold every role); others read why it is not theirs. */
export function StaffOnly({ roles, title, children }: { roles: StaffRole[]; title: string; children: ReactNode }) {
  const { claims } = useSession();
  if (claims?.nStaff === 1 && roles.some((r) => staffHolds(claims.staffRoles, r))) return children;
  return (
    <section className="page" aria-labelledby="staff-only-heading">
      <h1 id="staff-only-heading">{title}</h1>
      <p className="page__lead">
        This page is for the provider’s {roles.join(' and ')} staff. Sign in with such a staff account.
      </p>
    </section>
  );
}
