/** The staff home's count of auth codes the switch has not confirmed yet, by auth_codes (status, created_at). */
import type { Queryable } from '../../db/database.js';
import { countAndOldest } from '../../db/sql.js';

export function pendingCodes(db: Queryable) {
  return db
    .selectFrom('auth_codes')
    .select(countAndOldest('created_at'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
}
