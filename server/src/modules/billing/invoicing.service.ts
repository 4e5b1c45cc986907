/**
 * Invoices other areas make: an order's first invoice when its install is complete (or when a change activates).
 * The caller's transaction holds the write; amounts are integer cents, a credit line is negative, and the balance
 * never goes below zero (what was paid beyond the invoice stays with the order as paid).
 */

import { addDays } from '@strand/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import * as repo from './billing.repository.js';
import { invoiceStatus } from './billing-rows.js';

export interface InvoiceLineInput {
  description: string;
  amountCents: number;
  /** The service location the line bills (null: the whole account). */
  serviceLocationId: number | null;
}

/** Days from the invoice date to its due date. */
export const NEW_INVOICE_DUE_DAYS = 21;

/**
 * The mailing location an invoice goes to: the one asked for when it is the customer's, else the customer's first,
 * else a new one at this address (a new customer's first bill).
 */
export async function mailingLocationFor(
  trx: Transaction<Database>,
  customerId: string,
  preferredId: number | null,
  fallbackAddress: { address: string; address2: string | null; city: string; state: string; zip: string },
): Promise<number> {
  const own = await repo.mailingLocationsOf(trx, customerId);
  const chosen = own.find((l) => l.id === preferredId) ?? own[0];
  if (chosen) return chosen.id;
  return repo.insertMailingLocation(trx, { customer_id: customerId, ...fallbackAddress });
}

/** Creates an invoice with its lines dated `invoiceDate`, due NEW_INVOICE_DUE_DAYS later; answers its id and total. */
export async function createInvoice(
  trx: Transaction<Database>,
  input: { customerId: string; mailingLocationId: number; invoiceDate: string; lines: InvoiceLineInput[] },
): Promise<{ invoiceId: number; amountCents: number; balanceCents: number; dueDate: string }> {
  const amountCents = input.lines.reduce((sum, l) => sum + l.amountCents, 0);
  const balanceCents = Math.max(0, amountCents);
  const dueDate = addDays(input.invoiceDate, NEW_INVOICE_DUE_DAYS);
  const invoiceId = await repo.insertInvoice(trx, {
    customer_id: input.customerId,
    mailing_location_id: input.mailingLocationId,
    invoice_date: input.invoiceDate,
    due_date: dueDate,
    amount_cents: amountCents,
    balance_cents: balanceCents,
    status: invoiceStatus(balanceCents, dueDate, input.invoiceDate),
  });
  await repo.insertInvoiceLines(
    trx,
    input.lines.map((l) => ({
      invoice_id: invoiceId,
      description: l.description,
      amount_cents: l.amountCents,
      service_location_id: l.serviceLocationId,
    })),
  );
  return { invoiceId, amountCents, balanceCents, dueDate };
}

/** The Completed payment recorded by an order's checkout (by its gateway charge), if there is one. */
async function orderPaymentOf(trx: Transaction<Database>, customerId: string, gatewayChargeId: string | null) {
  if (gatewayChargeId === null) return undefined;
  return repo.orderPaymentByCharge(trx, customerId, gatewayChargeId);
}

/**
 * Applies what a customer paid with an order (its checkout payment, found by the gateway charge) to the order's
 * first invoice, up to the invoice's balance and what is left of the payment: the invoice shows as paid by that
 * payment (History lists it), and what the payment holds beyond the invoice stays as the account's credit.
 */
export async function applyOrderPayment(
  trx: Transaction<Database>,
  input: { customerId: string; gatewayChargeId: string | null; invoiceId: number; maxCents: number; today: string },
): Promise<{ appliedCents: number; creditCents: number }> {
  const payment = await orderPaymentOf(trx, input.customerId, input.gatewayChargeId);
  if (!payment || input.maxCents <= 0) return { appliedCents: 0, creditCents: 0 };
  const invoice = await repo.invoiceBalance(trx, input.invoiceId);
  const left = Math.min(input.maxCents, payment.amount_cents - payment.allocated_cents);
  const applied = Math.max(0, Math.min(left, invoice?.balance_cents ?? 0));
  if (invoice && applied > 0) {
    const balance = invoice.balance_cents - applied;
    await repo.insertAllocation(trx, { payment_id: payment.id, invoice_id: input.invoiceId, amount_cents: applied });
    await repo.setInvoiceBalance(trx, input.invoiceId, balance, invoiceStatus(balance, invoice.due_date, input.today));
  }
  return { appliedCents: applied, creditCents: Math.max(0, left - applied) };
}

/** The account's credit on file (what order payments left over), in cents. */
export async function creditBalanceCents(db: Kysely<Database>, customerId: string): Promise<number> {
  return (await repo.creditPayments(db, 'sqlite', customerId)).reduce((sum, p) => sum + p.leftCents, 0);
}

/**
 * Applies the account's credit to a new invoice, in the invoice's transaction: each credit payment, oldest first,
 * pays what it has left up to the invoice's balance, as a payment allocation (History lists the payment against the
 * invoice; the invoice lists it as applied). What is spent is allocated, so it is never applied twice.
 */
export async function applyAccountCredit(
  trx: Transaction<Database>,
  dialect: 'sqlite' | 'postgres',
  input: { customerId: string; invoiceId: number; today: string },
): Promise<{ appliedCents: number }> {
  const invoice = await repo.invoiceBalance(trx, input.invoiceId);
  if (!invoice || invoice.balance_cents <= 0) return { appliedCents: 0 };
  let balance = invoice.balance_cents;
  for (const credit of await repo.creditPayments(trx, dialect, input.customerId)) {
    if (balance <= 0) break;
    const amount = Math.min(balance, credit.leftCents);
    await repo.insertAllocation(trx, { payment_id: credit.id, invoice_id: input.invoiceId, amount_cents: amount });
    balance -= amount;
  }
  const appliedCents = invoice.balance_cents - balance;
  if (appliedCents > 0) {
    await repo.setInvoiceBalance(trx, input.invoiceId, balance, invoiceStatus(balance, invoice.due_date, input.today));
  }
  return { appliedCents };
}
