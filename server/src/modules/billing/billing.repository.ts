/** SQL of bills: invoices and their lines, invoice groups, history, mailing locations and payment methods. */
import type { Queryable } from '../../db/database.js';

/** How far back the history screen reaches (newest first); older records stay in the database. */
export const HISTORY_LIMIT = 120;

const INVOICE_COLUMNS = [
  'id',
  'customer_id',
  'mailing_location_id',
  'invoice_group_id',
  'invoice_date',
  'due_date',
  'amount_cents',
  'balance_cents',
  'status',
] as const;

export type InvoiceRow = Awaited<ReturnType<typeof findInvoice>> & {};

export function findInvoice(db: Queryable, id: number) {
  return db.selectFrom('invoices').select(INVOICE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Balances of several invoices in one query. */
export async function balancesOf(db: Queryable, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('invoices').select(['id', 'balance_cents']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.balance_cents]));
}

export function unpaidInvoicesOf(db: Queryable, customerId: string) {
  return db
    .selectFrom('invoices')
    .select(INVOICE_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('balance_cents', '>', 0)
    .orderBy('due_date')
    .orderBy('id')
    .execute();
}

export function invoicesOfMailingLocation(db: Queryable, mailingLocationId: number) {
  return db
    .selectFrom('invoices')
    .select(INVOICE_COLUMNS)
    .where('mailing_location_id', '=', mailingLocationId)
    .orderBy('invoice_date', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
}

export function invoicesOfGroup(db: Queryable, invoiceGroupId: number) {
  return db
    .selectFrom('invoices')
    .select(INVOICE_COLUMNS)
    .where('invoice_group_id', '=', invoiceGroupId)
    .orderBy('invoice_date')
    .orderBy('id')
    .execute();
}

export function linesOf(db: Queryable, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoice_lines')
    .select(['invoice_id', 'description', 'amount_cents'])
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('invoice_id')
    .orderBy('id')
    .execute();
}

/** Completed payments applied to these invoices. */
export function appliedPayments(db: Queryable, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payment_allocations as a')
    .innerJoin('payments as p', 'p.id', 'a.payment_id')
    .select(['a.invoice_id', 'a.payment_id', 'a.amount_cents', 'p.created_at'])
    .where('a.invoice_id', 'in', invoiceIds)
    .where('p.status', '=', 'Completed')
    .orderBy('p.created_at')
    .execute();
}

/**
 * Payments touching the invoices of a mailing location, and the account's order payments not yet applied to any
 * invoice (paid at checkout), newest first, with their method's label parts.
 */
export function paymentsOfMailingLocation(db: Queryable, mailingLocationId: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('payment_methods as m', 'm.id', 'p.payment_method_id')
    .select([
      'p.id',
      'p.created_at',
      'p.amount_cents',
      'p.fee_cents',
      'p.status',
      'p.source',
      'p.failure_reason',
      'p.refunded_cents',
      'p.refunded_at',
      'p.confirmation_number',
      'm.kind',
      'm.brand',
      'm.last4',
      // An order payment's own invoice: what it pays beyond that is the account's credit applied.
      (eb) =>
        eb
          .selectFrom('sales_orders as o')
          .select('o.first_invoice_id')
          .whereRef('o.customer_id', '=', 'p.customer_id')
          .whereRef('o.gateway_charge_id', '=', 'p.gateway_reference')
          .where('p.source', '=', 'order')
          .limit(1)
          .as('order_invoice_id'),
    ])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('payment_allocations as a')
            .innerJoin('invoices as i', 'i.id', 'a.invoice_id')
            .select('a.payment_id')
            .whereRef('a.payment_id', '=', 'p.id')
            .where('i.mailing_location_id', '=', mailingLocationId),
        ),
        // A payment made with an order (checkout) before any invoice exists: the account's, so it shows too.
        eb.and([
          eb('p.source', '=', 'order'),
          eb(
            'p.customer_id',
            '=',
            eb.selectFrom('mailing_locations as ml').select('ml.customer_id').where('ml.id', '=', mailingLocationId),
          ),
          eb.not(
            eb.exists(
              eb.selectFrom('payment_allocations as a2').select('a2.payment_id').whereRef('a2.payment_id', '=', 'p.id'),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
}

export function allocationsOf(db: Queryable, paymentIds: number[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payment_allocations')
    .select(['payment_id', 'invoice_id', 'amount_cents'])
    .where('payment_id', 'in', paymentIds)
    .orderBy('invoice_id')
    .execute();
}

// ---- mailing locations -----------------------------------------------------------------------------------------

const MAILING_COLUMNS = [
  'id',
  'customer_id',
  'address',
  'address2',
  'city',
  'state',
  'zip',
  'zip_four',
  'autopay_payment_method_id',
] as const;

export function findMailingLocation(db: Queryable, id: number) {
  return db.selectFrom('mailing_locations').select(MAILING_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function mailingLocationsOf(db: Queryable, customerId: string) {
  return db
    .selectFrom('mailing_locations')
    .select(MAILING_COLUMNS)
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export function updateMailingAddress(
  db: Queryable,
  id: number,
  address: {
    address: string;
    address2: string | null;
    city: string;
    state: string;
    zip: string;
    zip_four: string | null;
  },
) {
  return db.updateTable('mailing_locations').set(address).where('id', '=', id).execute();
}

export function setAutopay(db: Queryable, mailingLocationId: number, paymentMethodId: number | null) {
  return db
    .updateTable('mailing_locations')
    .set({ autopay_payment_method_id: paymentMethodId })
    .where('id', '=', mailingLocationId)
    .execute();
}

// ---- payment methods -------------------------------------------------------------------------------------------

const METHOD_COLUMNS = [
  'id',
  'customer_id',
  'kind',
  'gateway_token',
  'brand',
  'last4',
  'exp_month',
  'exp_year',
  'holder_name',
  'fingerprint',
  'created_at',
  'deleted_at',
] as const;

export type PaymentMethodRow = Awaited<ReturnType<typeof findPaymentMethod>> & {};

export function findPaymentMethod(db: Queryable, id: number) {
  return db.selectFrom('payment_methods').select(METHOD_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The account's methods on file; `lock` (PostgreSQL only) holds them while a removal checks the last-one rule. */
export function activePaymentMethodsOf(db: Queryable, customerId: string, lock = false) {
  return db
    .selectFrom('payment_methods')
    .select(METHOD_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .$if(lock, (qb) => qb.forUpdate())
    .execute();
}

export async function insertPaymentMethod(
  db: Queryable,
  method: {
    customerId: string;
    kind: 'card' | 'ach';
    token: string;
    brand: string;
    last4: string;
    expMonth: number | null;
    expYear: number | null;
    holderName: string;
    fingerprint: string;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('payment_methods')
    .values({
      customer_id: method.customerId,
      kind: method.kind,
      gateway_token: method.token,
      brand: method.brand,
      last4: method.last4,
      exp_month: method.expMonth,
      exp_year: method.expYear,
      holder_name: method.holderName,
      fingerprint: method.fingerprint,
      created_at: method.now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removed methods are kept (payments refer to them) but marked deleted and never offered again. */
export function markPaymentMethodDeleted(db: Queryable, id: number, now: string) {
  return db
    .updateTable('payment_methods')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** How many payment methods the account saved since `since`, removed ones included (card-testing brake). */
export async function methodsAddedSince(db: Queryable, customerId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('payment_methods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---- invoices made by other areas (an order's first invoice) ---------------------------------------------------

export async function insertInvoice(
  db: Queryable,
  row: {
    customer_id: string;
    mailing_location_id: number;
    invoice_date: string;
    due_date: string;
    amount_cents: number;
    balance_cents: number;
    status: string;
  },
): Promise<number> {
  // The invoice is its own group (one invoice of one billing run): the group id is set to the invoice id after.
  const { id } = await db
    .insertInto('invoices')
    .values({ ...row, invoice_group_id: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('invoices').set({ invoice_group_id: id }).where('id', '=', id).execute();
  return id;
}

export async function insertInvoiceLines(
  db: Queryable,
  rows: { invoice_id: number; description: string; amount_cents: number; service_location_id: number | null }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('invoice_lines').values(rows).execute();
}

export async function insertMailingLocation(
  db: Queryable,
  row: { customer_id: string; address: string; address2: string | null; city: string; state: string; zip: string },
): Promise<number> {
  const { id } = await db
    .insertInto('mailing_locations')
    .values({ ...row, zip_four: null, autopay_payment_method_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A Completed checkout payment of an order (by its gateway charge) and how much of it is applied to invoices. */
/** The account's Completed checkout payments of orders, each with how much of it is applied to invoices. */
function completedOrderPayments(db: Queryable, customerId: string) {
  return db
    .selectFrom('payments as p')
    .select((eb) => [
      'p.id',
      'p.amount_cents',
      eb.fn
        .coalesce(
          eb
            .selectFrom('payment_allocations as a')
            .select((a) => a.fn.sum<number>('a.amount_cents').as('s'))
            .whereRef('a.payment_id', '=', 'p.id'),
          eb.lit(0),
        )
        .as('allocated_cents'),
    ])
    .where('p.customer_id', '=', customerId)
    .where('p.source', '=', 'order')
    .where('p.status', '=', 'Completed');
}

export function orderPaymentByCharge(db: Queryable, customerId: string, gatewayChargeId: string) {
  return completedOrderPayments(db, customerId)
    .where('p.gateway_reference', '=', gatewayChargeId)
    .executeTakeFirst()
    .then((r) => (r ? { ...r, allocated_cents: Number(r.allocated_cents) } : undefined));
}

/**
 * The account's credit: Completed order payments whose order is invoiced (applied to its first invoice, or the order
 * has its first invoice) with money left over, oldest first. A payment of an order not installed yet is not a
 * credit: it waits for that order's first invoice. On PostgreSQL the rows are locked, so two invoices made at once
 * cannot spend the same credit.
 */
export async function creditPayments(db: Queryable, dialect: 'sqlite' | 'postgres', customerId: string) {
  let q = completedOrderPayments(db, customerId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom('payment_allocations as a').select('a.payment_id').whereRef('a.payment_id', '=', 'p.id'),
        ),
        eb.exists(
          eb
            .selectFrom('sales_orders as o')
            .select('o.id')
            .whereRef('o.customer_id', '=', 'p.customer_id')
            .whereRef('o.gateway_charge_id', '=', 'p.gateway_reference')
            .where('o.first_invoice_id', 'is not', null),
        ),
      ]),
    )
    .orderBy('p.id');
  if (dialect === 'postgres') q = q.forUpdate();
  const rows = await q.execute();
  return rows
    .map((r) => ({ id: r.id, leftCents: r.amount_cents - Number(r.allocated_cents) }))
    .filter((r) => r.leftCents > 0);
}

export function invoiceBalance(db: Queryable, invoiceId: number) {
  return db.selectFrom('invoices').select(['balance_cents', 'due_date']).where('id', '=', invoiceId).executeTakeFirst();
}

export async function insertAllocation(
  db: Queryable,
  row: { payment_id: number; invoice_id: number; amount_cents: number },
) {
  await db.insertInto('payment_allocations').values(row).execute();
}

export async function setInvoiceBalance(db: Queryable, invoiceId: number, balanceCents: number, status: string) {
  await db.updateTable('invoices').set({ balance_cents: balanceCents, status }).where('id', '=', invoiceId).execute();
}

/** Saved cards (not deleted) whose expiry is the month `year`-`month`. */
export function cardsExpiringIn(db: Queryable, year: number, month: number) {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'customer_id', 'brand', 'last4'])
    .where('kind', '=', 'card')
    .where('deleted_at', 'is', null)
    .where('exp_year', '=', year)
    .where('exp_month', '=', month)
    .orderBy('id')
    .execute();
}
