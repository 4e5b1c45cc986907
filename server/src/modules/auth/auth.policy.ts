/** Who may do what in the auth module. */
import { forbidden } from '../../lib/errors.js';
import { hasRole, type Viewer } from '../../plugins/auth.js';

/** Only staff with an employee id issue super-user links, and never from inside a super-user session. */
export function assertMayIssueSuperLink(viewer: Viewer): number {
  if (!hasRole(viewer, 'staff') || viewer.employeeId === null)
    throw forbidden('Only staff can issue super-user links.');
  return viewer.employeeId;
}
