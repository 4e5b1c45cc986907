/**
 * The staff home's count of faxes in trouble since a moment: those that failed for good, and those queued again after
 * a failed attempt. sent_faxes (status, next_attempt_at) narrows both to their status.
 */
import type { Queryable } from '../../db/database.js';
import { countAndOldest } from '../../db/sql.js';

export function failingFaxesSince(db: Queryable, since: string) {
  return db
    .selectFrom('sent_faxes')
    .select(countAndOldest('created_at'))
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'failed'), eb('updated_at', '>=', since)]),
        eb.and([eb('status', 'in', ['queued', 'sending']), eb('attempts', '>', 0)]),
      ]),
    )
    .executeTakeFirst();
}
