/**
 * Who may use the staff order pages: sales (and admins) read and change orders; dispatchers read them (they schedule
 * the orders' work and answer the crews' questions about them) but change nothing; other staff roles see none.
 */
import type { SessionClaims } from '@strand/domain';
import { forbidden } from '../../lib/errors.js';
import { hasRole } from '../../plugins/auth.js';

export function mayEditOrders(user: SessionClaims): boolean {
  return hasRole(user, 'staff:sales');
}

export function assertMayReadOrders(user: SessionClaims): SessionClaims {
  if (!hasRole(user, 'staff:sales', 'staff:dispatcher')) throw forbidden('Only sales and dispatch staff see orders.');
  return user;
}

export function assertMayEditOrders(user: SessionClaims): SessionClaims {
  if (!mayEditOrders(user)) throw forbidden('Only sales staff change orders.');
  return user;
}
