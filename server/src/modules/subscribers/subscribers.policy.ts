/** Who may build subscriber lists and send notices: staff holding the `network` role (admins hold every role). */
import { forbidden } from '../../lib/errors.js';
import { hasRole, type Viewer } from '../../plugins/auth.js';

/** The route declares `staff:network`; the service checks it again as its first line (a super user never passes). */
export function assertNetworkStaff(user: Viewer): Viewer {
  if (!hasRole(user, 'staff:network')) throw forbidden('Subscriber lists and notices are for network staff.');
  return user;
}
