/**
 * Who may do what with auth codes: staff holding the network role (admins hold every role) manage every business
 * account's codes; a business account's users with the Services permission read their own account's, masked.
 */
import { forbidden } from '../../lib/errors.js';
import { hasRole, type Viewer } from '../../plugins/auth.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';

/** The route declares `staff:network`; this repeats it where the service starts (never a super-user session). */
export function assertNetworkStaff(user: Viewer): Viewer {
  if (!hasRole(user, 'staff:network')) throw forbidden('Auth codes are managed by network staff.');
  return user;
}

/** Auth codes are a business phone service: residential and consumer accounts have none. */
export function assertBusinessCustomer(actor: CustomerActor): CustomerActor {
  if (actor.customerType !== 'Business') throw forbidden('Auth codes are for business accounts.');
  return actor;
}

/** Whether a customer type can hold auth codes. */
export const mayHoldAuthCodes = (customerType: string) => customerType === 'Business';
