/** Customer account reads. */
import { type AccountSummary, type CustomerType, isCustomerAccount, type MakeBusinessResponse } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { revokeUserSessions } from '../auth/sessions.service.js';
import * as repo from './accounts.repository.js';

export async function getAccountSummary(ctx: AppContext, customerId: string): Promise<AccountSummary> {
  const row = await repo.findAccountSummary(ctx.db, customerId);
  if (!row) throw notFound('No customer account has that number.');
  return {
    vcCustomerID: row.id,
    vcCustomerName: row.name,
    vcCustomerType: row.customer_type as CustomerType,
    vcCustomerStatus: row.status,
    serviceLocationCount: Number(row.service_locations ?? 0),
    mailingLocationCount: Number(row.mailing_locations ?? 0),
  };
}

export const CUSTOMER_SEARCH_LIMIT = 20;

export async function searchCustomers(ctx: AppContext, text: string) {
  const rows = await repo.searchCustomers(ctx.db, ctx.dialect, text.trim(), CUSTOMER_SEARCH_LIMIT);
  return rows.map((r) => ({
    vcCustomerID: r.id,
    vcCustomerName: r.name,
    vcCustomerType: r.customer_type as CustomerType,
  }));
}

/**
 * The business customer function trigger (SPEC §7): a Residential or Consumer account becomes a Business account.
 * Its users then get the business portal (Reports, business-center requests, auth codes on Services) and its
 * administrator, who holds every permission category, can use all of it. Their open sessions end in the same
 * transaction, so the next sign-in carries the new customer type (the token's claims are what the browser routes by).
 * One way only: a business account's auth codes and requests would otherwise be stranded.
 */
export async function makeBusiness(ctx: AppContext, staff: Viewer, customerId: string): Promise<MakeBusinessResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const customer = await repo.findCustomer(trx, customerId);
    if (!customer) throw notFound('No customer account has that number.');
    if (!isCustomerAccount(customer.customer_type)) {
      throw badRequest('Only a customer account can become a business account.', {
        vcCustomerID: 'Only a customer account can become a business account.',
      });
    }
    if (customer.customer_type === 'Business') {
      throw conflict(`${customer.name} is already a business account.`, {
        vcCustomerID: `${customer.name} is already a business account.`,
      });
    }
    if (!(await repo.setCustomerType(trx, customerId, customer.customer_type, 'Business'))) {
      throw conflict('The account changed meanwhile; search again.');
    }
    const sessionsEnded = await repo.openSessionCount(trx, customerId);
    for (const user of await repo.userIdsOf(trx, customerId)) {
      await revokeUserSessions(ctx, user.id, 'account-type-changed', trx);
    }
    const now = ctx.now().toISOString();
    await audit(trx, {
      at: now,
      userId: staff.userId,
      employeeId: staff.employeeId,
      action: 'staff.customer.make-business',
      subject: customerId,
      detail: { from: customer.customer_type, sessionsEnded },
    });
    return {
      vcCustomerID: customer.id,
      vcCustomerName: customer.name,
      vcCustomerType: 'Business',
      previousType: customer.customer_type as CustomerType,
      sessionsEnded,
    };
  });
}
