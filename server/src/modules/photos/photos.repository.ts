/** All SQL of the installer photo upload. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether the work order exists and whose it is (the installer policy's question). */
export function findWorkOrderOwner(db: Db, id: number) {
  return db.selectFrom('work_orders').select(['id', 'contractor_id']).where('id', '=', id).executeTakeFirst();
}
