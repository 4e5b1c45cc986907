/**
 * Who may send faxes and read the outbox: customer users with the `services` permission category (SPEC §6), for the
 * session's own account only; fax numbers and sent faxes reached by id must be the account's (assertOwned in the
 * service: 404 unknown, 403 another account's).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorWith, type CustomerActor } from '../customer-account/customer-access.policy.js';

export const faxActor = (ctx: AppContext, req: FastifyRequest): Promise<CustomerActor> =>
  actorWith(ctx, req, 'services');
