/**
 * The staff home's counts of open orders (one query each): those with work nobody is assigned to, and those whose
 * status has not moved since a cutoff. Both start from sales_orders (status, created_at); the work orders of an order
 * are reached by work_orders (order_id) and their crews by the assignments' key.
 */
import { SETTLED_WORK_ORDER_STATUSES } from '@strand/domain';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.js';
import { countAndOldest } from '../../db/sql.js';

export const OPEN_ORDER_STATUSES = ['placed', 'survey_done', 'drop_built', 'spliced'];
const DONE = [...SETTLED_WORK_ORDER_STATUSES, 'Waiting'];

/** Open orders with a work order that is ready to be worked and has no installer, crew or contractor. */
export function ordersWaitingForDispatch(db: Queryable) {
  return db
    .selectFrom('sales_orders as so')
    .select(countAndOldest('so.created_at'))
    .where('so.status', 'in', OPEN_ORDER_STATUSES)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('work_orders as wo')
          .select('wo.id')
          .whereRef('wo.order_id', '=', 'so.id')
          .where('wo.contractor_id', 'is', null)
          .where('wo.status', 'not in', DONE)
          .where(({ not, exists: has, selectFrom: from }) =>
            not(has(from('work_order_assignments as a').select('a.user_id').whereRef('a.work_order_id', '=', 'wo.id'))),
          ),
      ),
    )
    .executeTakeFirst();
}

/** The moment an order last changed status (its placing when it never has). */
export const lastMovedAt = sql<string>`coalesce(so.updated_at, so.created_at)`;

/** Open orders not moved since `before` (ISO); the oldest is the one waiting longest. */
export function ordersStuckSince(db: Queryable, before: string) {
  return db
    .selectFrom('sales_orders as so')
    .select([sql<number | string>`count(*)`.as('n'), sql<string | null>`min(${lastMovedAt})`.as('oldest')])
    .where('so.status', 'in', OPEN_ORDER_STATUSES)
    .where(lastMovedAt, '<', before)
    .executeTakeFirst();
}
