/** All SQL of storing a work order's uploaded attachments. */
import type { NewRow, Queryable } from '../../db/database.js';

export type AttachmentInsert = NewRow<'attachments'> & { created_at: string; size_bytes: number };

export async function insertAttachment(trx: Queryable, row: AttachmentInsert): Promise<number> {
  const inserted = await trx.insertInto('attachments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}
