/** The account's open trouble tickets across its locations, for the customer home (one query, newest first). */
import type { Queryable } from '../../db/database.js';

export function openTroubleTicketsOf(db: Queryable, customerId: string, limit: number) {
  return db
    .selectFrom('trouble_tickets')
    .select(['id', 'service_location_id', 'subject', 'category', 'status', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('status', '<>', 'Closed')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
