/**
 * Who may see wholesale services and viewWholesaleReport: customer users of a business-type account (SPEC §2: not
 * Consumer, not Residential), with the `services` category for the circuits and the `reports` category for the
 * report (SPEC §6). A wholesale customer is a Business account that leases circuits (docs/architecture.md). The
 * account is always the session's.
 */
import { type PermissionCategory, showsReports } from '@strand/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../lib/errors.js';
import { actorWith, type CustomerActor } from '../customer-account/customer-access.policy.js';

export const WHOLESALE_FOR_BUSINESS = 'Wholesale services are for business accounts.';

export async function wholesaleActor(
  ctx: AppContext,
  req: FastifyRequest,
  category: Extract<PermissionCategory, 'services' | 'reports'>,
): Promise<CustomerActor> {
  const actor = await actorWith(ctx, req, category);
  if (!showsReports(actor.customerType)) throw forbidden(WHOLESALE_FOR_BUSINESS);
  return actor;
}
