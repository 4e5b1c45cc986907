/** SQL of the payment pipeline: pending payments, their allocations, settlement and the autopay queue. */
import { sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database, Queryable } from '../../db/database.js';
import { newConfirmationNumber } from '../../lib/confirmation-number.js';

const PAYMENT_COLUMNS = [
  'id',
  'customer_id',
  'payment_method_id',
  'amount_cents',
  'fee_cents',
  'status',
  'gateway_reference',
  'paid_by',
  'created_at',
  'idempotency_key',
  'request_hash',
  'source',
  'failure_reason',
  'updated_at',
  'confirmation_number',
] as const;

export type PaymentRow = Awaited<ReturnType<typeof findPayment>> & {};

export function findPayment(db: Queryable, id: number) {
  return db.selectFrom('payments').select(PAYMENT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function paymentByKey(db: Queryable, customerId: string, key: string) {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The stored answer of a request already answered under this user's key (lib/idempotency.ts writes them). */
export function storedAnswer(db: Queryable, userId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['route', 'request_hash', 'status_code', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Invoices about to be paid, locked on PostgreSQL so two payments of one invoice queue (SQLite runs one writer). */
export function invoicesForPayment(trx: Transaction<Database>, dialect: DialectName, ids: number[]) {
  return trx
    .selectFrom('invoices')
    .select(['id', 'customer_id', 'balance_cents', 'due_date'])
    .where('id', 'in', ids)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .execute();
}

/** What pending payments have already claimed of each invoice. */
export async function pendingClaims(db: Queryable, invoiceIds: number[]): Promise<Map<number, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payment_allocations as a')
    .innerJoin('payments as p', 'p.id', 'a.payment_id')
    .select(['a.invoice_id', (eb) => eb.fn.sum<number>('a.amount_cents').as('claimed')])
    .where('p.status', '=', 'Pending')
    .where('a.invoice_id', 'in', invoiceIds)
    .groupBy('a.invoice_id')
    .execute();
  return new Map(rows.map((r) => [r.invoice_id, Number(r.claimed)]));
}

export async function insertPendingPayment(
  trx: Transaction<Database>,
  payment: {
    customerId: string;
    paymentMethodId: number;
    amountCents: number;
    feeCents: number;
    paidBy: number | null;
    idempotencyKey: string;
    requestHash: string;
    source: 'portal' | 'autopay';
    now: string;
    allocations: { invoiceId: number; amountCents: number }[];
  },
): Promise<number> {
  const row = await trx
    .insertInto('payments')
    .values({
      customer_id: payment.customerId,
      payment_method_id: payment.paymentMethodId,
      amount_cents: payment.amountCents,
      fee_cents: payment.feeCents,
      status: 'Pending',
      gateway_reference: null,
      paid_by: payment.paidBy,
      created_at: payment.now,
      idempotency_key: payment.idempotencyKey,
      request_hash: payment.requestHash,
      source: payment.source,
      failure_reason: null,
      updated_at: payment.now,
      confirmation_number: newConfirmationNumber(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('payment_allocations')
    .values(
      payment.allocations.map((a) => ({ payment_id: row.id, invoice_id: a.invoiceId, amount_cents: a.amountCents })),
    )
    .execute();
  return row.id;
}

/** Moves a payment on from Pending; false when another request got there first. */
export async function finishPayment(
  trx: Transaction<Database>,
  id: number,
  values: { status: 'Completed' | 'Declined' | 'Failed'; reference: string | null; reason: string | null; now: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('payments')
    .set({
      status: values.status,
      gateway_reference: values.reference,
      failure_reason: values.reason,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function allocationsOfPayment(db: Queryable, paymentId: number) {
  return db
    .selectFrom('payment_allocations')
    .select(['invoice_id', 'amount_cents'])
    .where('payment_id', '=', paymentId)
    .orderBy('invoice_id')
    .execute();
}

/** Takes a completed payment off an invoice's balance (never below zero) and sets its stored status. */
export async function reduceBalance(
  trx: Transaction<Database>,
  dialect: DialectName,
  invoiceId: number,
  amountCents: number,
  today: string,
) {
  const clamp = dialect === 'postgres' ? 'greatest' : 'max';
  const newBalance = sql<number>`${sql.raw(clamp)}(balance_cents - ${amountCents}, 0)`;
  await trx
    .updateTable('invoices')
    .set({
      balance_cents: newBalance,
      status: sql<string>`case when ${newBalance} = 0 then 'Paid' when due_date < ${today} then 'Past Due' else 'Open' end`,
    })
    .where('id', '=', invoiceId)
    .execute();
}

/** Pending payments older than `before` (a request that never came back). */
export function stalePendingPayments(db: Queryable, before: string, customerId?: string) {
  return db
    .selectFrom('payments')
    .select(PAYMENT_COLUMNS)
    .where('status', '=', 'Pending')
    .where('created_at', '<', before)
    .$if(customerId !== undefined, (qb) => qb.where('customer_id', '=', customerId ?? ''))
    .orderBy('created_at')
    .limit(100)
    .execute();
}

/** Invoices due by `today` with a balance, at mailing locations whose autopay has a live payment method. */
export function autopayDueInvoices(db: Queryable, today: string, limit: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('mailing_locations as ml', 'ml.id', 'i.mailing_location_id')
    .innerJoin('payment_methods as m', 'm.id', 'ml.autopay_payment_method_id')
    .select(['i.id', 'i.customer_id', 'i.due_date', 'i.balance_cents', 'm.id as payment_method_id'])
    .where('i.balance_cents', '>', 0)
    .where('i.due_date', '<=', today)
    .where('m.deleted_at', 'is', null)
    .orderBy('i.due_date')
    .limit(limit)
    .execute();
}

/** How many of the account's payments were declined since `since` (card-testing brake). */
export async function declinedSince(db: Queryable, customerId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('created_at', '>=', since)
    .where('status', '=', 'Declined')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A new order's first payment (ordering's checkout): recorded Completed once the gateway has charged it. */
/**
 * A refund of an order's payment (the order was cancelled): adds it to the payment found by the gateway reference,
 * which becomes 'Refunded' once all of it is. Answers how many payments it changed (0 or 1).
 */
export async function addOrderRefund(
  trx: Transaction<Database>,
  r: { customerId: string; reference: string; cents: number; now: string },
): Promise<number> {
  const result = await trx
    .updateTable('payments')
    .set((eb) => ({
      refunded_cents: eb('refunded_cents', '+', r.cents),
      refunded_at: r.now,
      updated_at: r.now,
      status: sql<string>`case when refunded_cents + ${r.cents} >= amount_cents then 'Refunded' else status end`,
    }))
    .where('customer_id', '=', r.customerId)
    .where('gateway_reference', '=', r.reference)
    .where('source', '=', 'order')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertCompletedOrderPayment(
  trx: Transaction<Database>,
  p: {
    customerId: string;
    paymentMethodId: number;
    amountCents: number;
    reference: string;
    paidBy: number | null;
    idempotencyKey: string;
    now: string;
  },
): Promise<number> {
  const row = await trx
    .insertInto('payments')
    .values({
      customer_id: p.customerId,
      payment_method_id: p.paymentMethodId,
      amount_cents: p.amountCents,
      fee_cents: 0,
      status: 'Completed',
      gateway_reference: p.reference,
      paid_by: p.paidBy,
      created_at: p.now,
      idempotency_key: p.idempotencyKey,
      request_hash: null,
      source: 'order',
      failure_reason: null,
      updated_at: p.now,
      confirmation_number: newConfirmationNumber(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A payment as its receipt shows it: amounts, method, who paid (and their mail address), the account's name. */
export function receiptRow(db: Queryable, paymentId: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('payment_methods as m', 'm.id', 'p.payment_method_id')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .leftJoin('users as u', 'u.id', 'p.paid_by')
    .select([
      'p.id',
      'p.customer_id',
      'p.amount_cents',
      'p.fee_cents',
      'p.status',
      'p.source',
      'p.gateway_reference',
      'p.confirmation_number',
      'p.created_at',
      'p.updated_at',
      'p.refunded_cents',
      'm.brand',
      'm.last4',
      'c.name as customer_name',
      'u.email',
      'u.first_name',
      'u.last_name',
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
}
