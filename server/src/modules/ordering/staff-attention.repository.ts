/** The staff home's count of temporary service locations waiting for sales to confirm them (one query). */
import type { Queryable } from '../../db/database.js';
import { countAndOldest } from '../../db/sql.js';

export function unconfirmedLocations(db: Queryable) {
  return db
    .selectFrom('temp_service_locations')
    .select(countAndOldest('created_at'))
    .where('status', '=', 'unconfirmed')
    .executeTakeFirst();
}
