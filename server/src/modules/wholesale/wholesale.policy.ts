/**
 * Who may see wholesale services and viewWholesaleReport: customer users of a business-type account (SPEC §2: not
 * Consumer, not Residential), with the `services` category for the circuits and the `reports` category for the
 * report (SPEC §6). A wholesale customer is a Business account that leases circuits (docs/architecture.md). The
 * account is always the session's.
 */
import { showsReports } from '@strand/domain';
import { forbidden } from '../../lib/errors.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';

export const WHOLESALE_FOR_BUSINESS = 'Wholesale services are for business accounts.';

export function assertWholesaleAccount(actor: CustomerActor): void {
  if (!showsReports(actor.customerType)) throw forbidden(WHOLESALE_FOR_BUSINESS);
}
