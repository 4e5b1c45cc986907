/** The staff home's count of open trouble tickets (the staff list's 'open' filter), by trouble_tickets (status, created_at) of 0048. */
import type { Queryable } from '../../db/database.js';
import { countAndOldest } from '../../db/sql.js';
import { OPEN_TICKET_STATUSES } from './tickets.repository.js';

export function openTickets(db: Queryable) {
  return db
    .selectFrom('trouble_tickets')
    .select(countAndOldest('created_at'))
    .where('status', 'in', [...OPEN_TICKET_STATUSES])
    .executeTakeFirst();
}
