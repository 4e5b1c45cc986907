/**
 * Ordering's housekeeping SQL (pruning what visitors left; jobs.ts runs it) and the module's query type. The rest of
 * ordering's SQL is one repository per seam: availability, cart, email-codes, checkout, unplaced-charges, staff-review.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

/** The database or a transaction: every repository function of ordering takes one. */
export type Q = Kysely<Database> | Transaction<Database>;

/**
 * Deletes what visitors left that never led to a lead or an order: checkout email codes older than `before`;
 * carts without an order and availability checks with no lead, cart or order older than `reportBefore` (they are
 * what the staff conversion report counts, so they are kept longer); unconfirmed temporary locations older than
 * `before` with no check, cart or lead left. Answers how many of each.
 */
export async function pruneVisitorRecords(db: Q, before: string, reportBefore: string) {
  const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const carts = await db
    .deleteFrom('carts')
    .where('order_id', 'is', null)
    .where('updated_at', '<', reportBefore)
    .executeTakeFirst();
  const emailCodes = await db.deleteFrom('checkout_email_codes').where('created_at', '<', before).executeTakeFirst();
  const checks = await db
    .deleteFrom('availability_checks as c')
    .where('c.at', '<', reportBefore)
    .where('c.order_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('availability_leads as l').select('l.id').whereRef('l.check_id', '=', 'c.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('carts as k').select('k.id').whereRef('k.check_id', '=', 'c.id'))),
    )
    .executeTakeFirst();
  const tempLocations = await db
    .deleteFrom('temp_service_locations as t')
    .where('t.status', '=', 'unconfirmed')
    .where('t.created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('availability_checks as c').select('c.id').whereRef('c.temp_location_id', '=', 't.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('carts as k').select('k.id').whereRef('k.temp_location_id', '=', 't.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('availability_leads as l').select('l.id').whereRef('l.address_key', '=', 't.address_key'))),
    )
    .executeTakeFirst();
  return { carts: n(carts), emailCodes: n(emailCodes), checks: n(checks), tempLocations: n(tempLocations) };
}
