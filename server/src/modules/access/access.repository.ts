/**
 * The owner queries behind every access check (access.ts): one small indexed lookup each, owner columns only. These
 * are the only statements that answer "whose is this work order?" in the server.
 */
import type { Queryable } from '../../db/database.js';

/** Whether the work order exists and whose it is (a primary-key lookup: every field request asks). */
export function findWorkOrderOwner(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('work_orders')
    .select(['id', 'contractor_id', 'service_location_id', 'customer_id'])
    .where('id', '=', workOrderId)
    .executeTakeFirst();
}

export type WorkOrderOwner = NonNullable<Awaited<ReturnType<typeof findWorkOrderOwner>>>;

/** Does a work order of this contractor company point at this service location? (index on location, company) */
export async function companyHasWorkOrderAt(
  db: Queryable,
  companyId: number,
  serviceLocationId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('work_orders')
    .select('id')
    .where('service_location_id', '=', serviceLocationId)
    .where('contractor_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
