/**
 * The reports' SQL. Every read is scoped to one account and answered by grouped queries: the phone report in two
 * (totals per day and direction; one page of calls), the business report in two (billed per invoice and location
 * with each invoice's completed payments; the account's service locations). Calls are found through
 * call_records_report_idx (customer_id, started_at, …: 0017-reports); invoices through invoices_customer_idx (customer_id,
 * invoice_date) and their lines through invoice_lines_invoice_location_idx.
 */
import { addDays, type CallDirection } from '@strand/domain';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';

export interface CallFilter {
  customerId: string;
  from: string;
  to: string;
  direction: CallDirection | undefined;
  number: string | undefined;
}

function filteredCalls(db: Kysely<Database>, f: CallFilter) {
  let query = db
    .selectFrom('call_records')
    .where('customer_id', '=', f.customerId)
    .where('started_at', '>=', `${f.from}T00:00:00.000Z`)
    .where('started_at', '<', `${addDays(f.to, 1)}T00:00:00.000Z`);
  if (f.direction) query = query.where('direction', '=', f.direction);
  const number = f.number;
  // Digits only (the schema strips the rest), so the pattern needs no escaping.
  if (number) {
    query = query.where((eb) =>
      eb.or([eb('from_number', 'like', `%${number}%`), eb('to_number', 'like', `%${number}%`)]),
    );
  }
  return query;
}

const day = sql<string>`substr(started_at, 1, 10)`;

/** Calls, connected calls, seconds and billed minutes (each call rounded up to the minute) per day and direction. */
export async function callTotals(db: Kysely<Database>, f: CallFilter) {
  const rows = await filteredCalls(db, f)
    .select([
      day.as('day'),
      'direction',
      (eb) => eb.fn.countAll<number>().as('calls'),
      sql<number>`sum(case when duration_seconds > 0 then 1 else 0 end)`.as('connected'),
      sql<number>`sum(duration_seconds)`.as('seconds'),
      sql<number>`sum((duration_seconds + 59) / 60)`.as('minutes'),
    ])
    .groupBy([day, 'direction'])
    .orderBy(day)
    .orderBy('direction')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    direction: r.direction,
    calls: Number(r.calls),
    connectedCalls: Number(r.connected),
    seconds: Number(r.seconds),
    billedMinutes: Number(r.minutes),
  }));
}

const callColumns = ['id', 'started_at', 'direction', 'from_number', 'to_number', 'duration_seconds'] as const;

/** One page of the calls, newest first. */
export function callPage(db: Kysely<Database>, f: CallFilter, limit: number, offset: number) {
  return filteredCalls(db, f)
    .select(callColumns)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Every call of the filter, oldest first (the CSV). */
export function allCalls(db: Kysely<Database>, f: CallFilter) {
  return filteredCalls(db, f).select(callColumns).orderBy('started_at').orderBy('id').execute();
}

/**
 * Billed per invoice and service location for invoices dated from the first day of `fromMonth` to the last of
 * `toMonth`, with what completed payments put on each invoice (one grouped sub-query, joined once).
 */
export async function billedByInvoiceAndLocation(
  db: Kysely<Database>,
  customerId: string,
  fromMonth: string,
  endExclusive: string,
) {
  const start = `${fromMonth}-01`;
  const paid = db
    .selectFrom('payment_allocations as pa')
    .innerJoin('payments as p', 'p.id', 'pa.payment_id')
    .innerJoin('invoices as pi', 'pi.id', 'pa.invoice_id')
    .where('p.status', '=', 'Completed')
    .where('pi.customer_id', '=', customerId)
    .where('pi.invoice_date', '>=', start)
    .where('pi.invoice_date', '<', endExclusive)
    .groupBy('pa.invoice_id')
    .select(['pa.invoice_id', (eb) => eb.fn.sum<number>('pa.amount_cents').as('paid')]);
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('invoice_lines as l', 'l.invoice_id', 'i.id')
    .leftJoin(paid.as('pd'), 'pd.invoice_id', 'i.id')
    .where('i.customer_id', '=', customerId)
    .where('i.invoice_date', '>=', start)
    .where('i.invoice_date', '<', endExclusive)
    .groupBy(['i.id', 'i.invoice_date', 'l.service_location_id', 'pd.paid'])
    .select([
      'i.id as invoice_id',
      'i.invoice_date',
      'l.service_location_id',
      (eb) => eb.fn.sum<number>('l.amount_cents').as('billed'),
      'pd.paid',
    ])
    .orderBy('i.id')
    .orderBy('l.service_location_id')
    .execute();
  return rows.map((r) => ({
    invoiceId: r.invoice_id,
    month: r.invoice_date.slice(0, 7),
    serviceLocationId: r.service_location_id,
    billedCents: Number(r.billed),
    invoicePaidCents: Number(r.paid ?? 0),
  }));
}

export function serviceLocations(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom('service_locations')
    .select(['id', 'address', 'address2', 'city', 'state', 'zip'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}
