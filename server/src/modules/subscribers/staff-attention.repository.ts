/** The staff home's count of notices still being sent, by notices (status, lease_until). */
import type { Queryable } from '../../db/database.js';
import { countAndOldest } from '../../db/sql.js';

export function noticesInProgress(db: Queryable) {
  return db
    .selectFrom('notices')
    .select(countAndOldest('created_at'))
    .where('status', 'in', ['queued', 'sending'])
    .executeTakeFirst();
}
