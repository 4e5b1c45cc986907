/**
 * Ownership rules of customer accounts: the pattern every customer-scoped route follows.
 * A customer session (or a super user acting as that customer) reaches only its own account; staff reach any.
 */
import { forbidden } from '../../lib/errors.js';
import { hasRole, type Viewer } from '../../plugins/auth.js';

export function assertMayReadAccount(user: Viewer, customerId: string): void {
  if (hasRole(user, 'staff')) return;
  if (hasRole(user, 'customer') && user.customerId === customerId) return;
  throw forbidden('You do not have access to this account.');
}
