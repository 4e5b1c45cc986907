/** The notices an account was sent (one row per notice, however many of its addresses got it). */
import type { Queryable } from '../../db/database.js';

export function noticesSentTo(db: Queryable, customerId: string, since: string, limit: number) {
  return db
    .selectFrom('notices as n')
    .innerJoin('notice_recipients as r', 'r.notice_id', 'n.id')
    .select(['n.id', 'n.subject', 'n.body', 'n.window_start', 'n.window_end'])
    .select((eb) => eb.fn.max('r.sent_at').as('sent_at'))
    .where('r.customer_id', '=', customerId)
    .where('r.status', '=', 'sent')
    .where('r.sent_at', '>=', since)
    .groupBy(['n.id', 'n.subject', 'n.body', 'n.window_start', 'n.window_end'])
    .orderBy('sent_at', 'desc')
    .limit(limit)
    .execute();
}
