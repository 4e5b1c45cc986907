/** Who may read or change which notifications and preferences. Pure: the service loads the rows. */
import { forbidden, notFound } from '../../lib/errors.js';

const NO_NOTIFICATION = 'No such notification.';
const NO_USER = 'No such user on your account.';

/** An in-app notification is read and marked only by the user it was written for. */
export function assertOwnNotification(
  row: { recipient_kind: string; recipient_id: string; channel: string } | undefined,
  userId: number,
): void {
  if (!row || row.channel !== 'in_app' || row.recipient_id !== String(userId)) throw notFound(NO_NOTIFICATION);
  if (row.recipient_kind !== 'user' && row.recipient_kind !== 'employee') throw notFound(NO_NOTIFICATION);
}

/**
 * A business account's administrator (or a super-user session acting as one) sets the preferences of the account's
 * users; a user of another account is not found, and nobody else may.
 */
export function assertMayManageUser(
  viewer: { customerId: string; customerType: string; superUser: boolean },
  admin: { is_admin: number } | undefined,
  target: { customer_id: string; is_staff: number } | undefined,
): void {
  if (viewer.customerType !== 'Business') throw forbidden('Only business accounts manage their users’ notices.');
  if (!viewer.superUser && admin?.is_admin !== 1) throw forbidden('Only the account’s administrators may do this.');
  if (!target || target.customer_id !== viewer.customerId || target.is_staff === 1) throw notFound(NO_USER);
}
