/** Who may run the dispatch board: staff holding the dispatcher role (admins hold every role). */
import { forbidden } from '../../lib/errors.js';
import { hasRole, type Viewer } from '../../plugins/auth.js';

/** The route declares `staff:dispatcher`; the service checks again, so no other caller reaches it by mistake. */
export function assertDispatcher(user: Viewer): Viewer {
  if (!hasRole(user, 'staff:dispatcher')) throw forbidden('Only dispatchers can use the dispatch board.');
  return user;
}
