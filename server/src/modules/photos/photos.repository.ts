/** All SQL of the installer photo upload. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/database.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether the work order exists and whose it is (the installer policy's question). */
export function findWorkOrderOwner(db: Db, id: number) {
  return db.selectFrom('work_orders').select(['id', 'contractor_id']).where('id', '=', id).executeTakeFirst();
}

export async function insertAttachment(trx: Db, row: AttachmentInsert): Promise<number> {
  const inserted = await trx.insertInto('attachments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export type AttachmentInsert = NewRow<'attachments'> & { created_at: string; size_bytes: number };
