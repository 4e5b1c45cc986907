/** "On my way" (issue 27): the work order's customer and address, and when this installer last said so. */
import type { Kysely } from 'kysely';
import type { Database, Queryable } from '../../db/database.js';

export const ON_MY_WAY_ACTION = 'installer.on_my_way';

export function findVisit(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_orders as wo')
    .leftJoin('service_locations as sl', 'sl.id', 'wo.service_location_id')
    .select(['wo.id', 'wo.customer_id', 'wo.status', 'sl.address', 'sl.address2', 'sl.city', 'sl.state', 'sl.zip'])
    .where('wo.id', '=', workOrderId)
    .executeTakeFirst();
}

/** The latest "On my way" of this user for this work order at or after `since` (ISO), by the audit log's subject. */
export async function lastSentSince(
  db: Kysely<Database> | Queryable,
  workOrderId: number,
  userId: number,
  since: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('audit_log')
    .select('at')
    .where('subject_type', '=', 'work_order')
    .where('subject_id', '=', String(workOrderId))
    .where('action', '=', ON_MY_WAY_ACTION)
    .where('user_id', '=', userId)
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.at ?? null;
}
