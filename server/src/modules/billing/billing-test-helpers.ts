/** Helpers of the billing API tests: demo ids looked up by what they are, and sandbox ledger counts. */
import type { SessionClaims } from '@strand/domain';
import { viewerFrom } from '../../plugins/auth.js';
import type { TestApp } from '../../test/harness.js';
import { claimsOf } from '../../test/harness.js';
import type { CustomerActor } from '../customer-account/customer-access.policy.js';
import { loadActor } from '../customer-account/customer-access.service.js';

export const FEE_BPS = 295;

export async function invoiceIdsOf(t: TestApp, customerId: string) {
  const rows = await t.db.db
    .selectFrom('invoices')
    .select(['id', 'balance_cents', 'due_date', 'invoice_group_id', 'mailing_location_id'])
    .where('customer_id', '=', customerId)
    .orderBy('invoice_date')
    .execute();
  return rows;
}

export async function methodIdOf(t: TestApp, customerId: string, last4: string): Promise<number> {
  const row = await t.db.db
    .selectFrom('payment_methods')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('last4', '=', last4)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function balanceOf(t: TestApp, invoiceId: number): Promise<number> {
  return (
    await t.db.db.selectFrom('invoices').select('balance_cents').where('id', '=', invoiceId).executeTakeFirstOrThrow()
  ).balance_cents;
}

export async function chargeCount(t: TestApp): Promise<number> {
  return (await t.db.db.selectFrom('sandbox_gateway_charges').select('id').execute()).length;
}

export async function paymentCount(t: TestApp, customerId: string): Promise<number> {
  return (await t.db.db.selectFrom('payments').select('id').where('customer_id', '=', customerId).execute()).length;
}

/** The actor behind a token, for calling services directly (fault-injection tests). */
export async function actorOf(t: TestApp, token: string): Promise<CustomerActor> {
  return loadActor(t.db.db, viewerFrom(claimsOf(token) as unknown as SessionClaims));
}

export const card = (cardNumber: string, extra: Record<string, unknown> = {}) => ({
  kind: 'card',
  holderName: 'Rhonda Reyes',
  cardNumber,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: cardNumber.startsWith('37') ? '1234' : '123',
  postalCode: '65202',
  ...extra,
});
