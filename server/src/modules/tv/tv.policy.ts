/**
 * Who may see and reset TV app credentials: customer users with the `services` permission category (SPEC §6), for
 * the session's own account (the customer id sent to the middleware is always the session's, never a parameter),
 * and only an account with an active TV package.
 */
import { HttpError } from '../../lib/errors.js';

export const NO_TV_MESSAGE = 'This account has no TV package, so it has no TV app sign-in.';

export function assertHasTv(packages: readonly unknown[]): void {
  if (packages.length === 0) throw new HttpError(409, 'no_tv_service', NO_TV_MESSAGE);
}
