/** Maps billing rows to the domain's shapes, and the small rules every billing service shares. */
import { cardExpired, type Invoice, type PaymentMethod, type PaymentMethodKind, yearMonthOf } from '@strand/domain';
import type { InvoiceRow, PaymentMethodRow } from './billing.repository.js';

/** Today as YYYY-MM-DD (UTC), the way due dates are stored. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** An invoice's status from its balance and due date: the stored column can lag behind the calendar. */
export function invoiceStatus(balanceCents: number, dueDate: string, today: string): Invoice['status'] {
  if (balanceCents <= 0) return 'Paid';
  return dueDate < today ? 'Past Due' : 'Open';
}

export function toInvoice(row: InvoiceRow, today: string): Invoice {
  return {
    InvoiceID: row.id,
    InvoiceGroupID: row.invoice_group_id,
    MailingLocationID: row.mailing_location_id,
    invoiceDate: row.invoice_date,
    dueDate: row.due_date,
    amountCents: row.amount_cents,
    balanceCents: row.balance_cents,
    status: invoiceStatus(row.balance_cents, row.due_date, today),
  };
}

/** Stored kinds are 'card' and 'ach'; the API says 'bank' for the latter. */
export const kindOf = (stored: string): PaymentMethodKind => (stored === 'card' ? 'card' : 'bank');

export function methodExpired(row: Pick<PaymentMethodRow, 'kind' | 'exp_month' | 'exp_year'>, now: Date): boolean {
  if (row.kind !== 'card' || row.exp_month === null || row.exp_year === null) return false;
  return cardExpired(row.exp_month, row.exp_year, yearMonthOf(now));
}

/** "Visa ending in 4242", "Checking ending in 6789". */
export const methodLabel = (row: { brand: string; last4: string }) => `${row.brand} ending in ${row.last4}`;

export function toPaymentMethod(row: PaymentMethodRow, now: Date, autopayLocationIds: number[]): PaymentMethod {
  return {
    PaymentMethodID: row.id,
    kind: kindOf(row.kind),
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    holderName: row.holder_name,
    expired: methodExpired(row, now),
    autopayMailingLocationIDs: autopayLocationIds,
  };
}
