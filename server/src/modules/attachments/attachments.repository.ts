/** All SQL of storing a work order's uploaded attachments. */
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/database.js';

type Db = Kysely<Database> | Transaction<Database>;

export type AttachmentInsert = NewRow<'attachments'> & { created_at: string; size_bytes: number };

export async function insertAttachment(trx: Db, row: AttachmentInsert): Promise<number> {
  const inserted = await trx.insertInto('attachments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}
