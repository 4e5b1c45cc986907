/** Who may do what in the auth module. */
import type { SessionClaims } from '@strand/domain';
import { forbidden } from '../../lib/errors.js';
import { hasRole } from '../../plugins/auth.js';

/** Only staff with an employee id issue super-user links, and never from inside a super-user session. */
export function assertMayIssueSuperLink(user: SessionClaims): number {
  if (!hasRole(user, 'staff') || user.nEmployeeID === null) throw forbidden('Only staff can issue super-user links.');
  return user.nEmployeeID;
}
