/**
 * Who may use the staff order pages: sales (and admins) read and change orders; dispatchers read them (they schedule
 * the orders' work and answer the crews' questions about them) but change nothing; other staff roles see none.
 */
import { forbidden } from '../../lib/errors.js';
import { hasRole, type Viewer } from '../../plugins/auth.js';

export function mayEditOrders(user: Viewer): boolean {
  return hasRole(user, 'staff:sales');
}

export function assertMayReadOrders(user: Viewer): Viewer {
  if (!hasRole(user, 'staff:sales', 'staff:dispatcher')) throw forbidden('Only sales and dispatch staff see orders.');
  return user;
}

export function assertMayEditOrders(user: Viewer): Viewer {
  if (!mayEditOrders(user)) throw forbidden('Only sales staff change orders.');
  return user;
}
