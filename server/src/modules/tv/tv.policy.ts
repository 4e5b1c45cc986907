/**
 * Who may see and reset TV app credentials: customer users with the `services` permission category (SPEC §6), for
 * the session's own account (the customer id sent to the middleware is always the session's, never a parameter),
 * and only an account with an active TV package.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../lib/errors.js';
import { actorWith, type CustomerActor } from '../customer-account/customer-access.policy.js';

export const NO_TV_MESSAGE = 'This account has no TV package, so it has no TV app sign-in.';

export const tvActor = (ctx: AppContext, req: FastifyRequest): Promise<CustomerActor> =>
  actorWith(ctx, req, 'services');

export function assertHasTv(packages: readonly unknown[]): void {
  if (packages.length === 0) throw new HttpError(409, 'no_tv_service', NO_TV_MESSAGE);
}
