/** Customer account reads. */
import type { AccountSummary, CustomerType } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
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
