/** Who may do what in the programming test. */
import { forbidden } from '../../lib/errors.js';
import { hasRole, type Viewer } from '../../plugins/auth.js';

/** Staff (never a super-user session, which is only a customer) invite applicants and read their submissions. */
export function assertStaff(user: Viewer): Viewer {
  if (!hasRole(user, 'staff')) throw forbidden('Only staff can manage job applicants.');
  return user;
}

/** An applicant uploads only under their own user name (SPEC §7 sends it with the file). */
export function assertOwnUpload(applicant: { username: string }, username: string): void {
  if (username.trim().toLowerCase() !== applicant.username) {
    throw forbidden('You can submit only your own programming test.');
  }
}
