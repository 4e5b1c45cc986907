/** The staff home's count of payments that failed or were declined since a moment, by payments (status, created_at). */
import type { Queryable } from '../../db/database.js';
import { countAndOldest } from '../../db/sql.js';

export function troubledPaymentsSince(db: Queryable, since: string) {
  return db
    .selectFrom('payments')
    .select(countAndOldest('created_at'))
    .where('status', 'in', ['Failed', 'Declined'])
    .where('created_at', '>=', since)
    .executeTakeFirst();
}
