/** All SQL of a work order's uploaded attachments: storing them, listing them, finding one. */
import type { NewRow, Queryable } from '../../db/database.js';

export type AttachmentInsert = NewRow<'attachments'> & { created_at: string; size_bytes: number };

export async function insertAttachment(trx: Queryable, row: AttachmentInsert): Promise<number> {
  const inserted = await trx.insertInto('attachments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function listAttachments(db: Queryable, workOrderId: number) {
  return db
    .selectFrom('attachments')
    .select(['id', 'file_name', 'description', 'content_type', 'size_bytes', 'created_at'])
    .where('work_order_id', '=', workOrderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findAttachment(db: Queryable, attachmentId: number) {
  return db
    .selectFrom('attachments')
    .select(['id', 'work_order_id', 'file_name', 'storage_key', 'content_type', 'sha256'])
    .where('id', '=', attachmentId)
    .executeTakeFirst();
}
