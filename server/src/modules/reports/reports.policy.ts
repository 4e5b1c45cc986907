/**
 * Who may see reports: customer users with the `reports` permission category (SPEC §6), of an account whose type
 * has Reports (SPEC §2: not Consumer, not Residential). The account is always the session's.
 */
import { showsReports } from '@strand/domain';
import { forbidden } from '../../lib/errors.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';

export const REPORTS_FOR_BUSINESS = 'Reports are for business accounts.';

export function assertReportsAccount(actor: CustomerActor): void {
  if (!showsReports(actor.customerType)) throw forbidden(REPORTS_FOR_BUSINESS);
}
