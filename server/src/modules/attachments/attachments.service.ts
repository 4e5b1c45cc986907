/**
 * Stores checked uploads as a work order's attachments (the installer's photos, the contractor's files): each file
 * under a server-chosen key, all rows in one transaction. A retried upload (same Idempotency-Key) returns the first
 * answer, and the files it wrote again are removed; a failed one leaves no file behind. An upload given an
 * `audit` writes its audit entry (who, which files) in the same transaction, so a replay writes none. Both
 * portals list and open attachments through the same two reads here (listAttachments, openAttachment); each checks
 * its own access.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { PhotoAttachment } from '@strand/domain';
import type { AppContext } from '../../context.js';
import { audit, changesBetween } from '../../lib/audit.js';
import { runIdempotent } from '../../lib/idempotency.js';
import type { CheckedFile } from '../../lib/uploads.js';
import type { Viewer } from '../../plugins/auth.js';
import * as repo from './attachments.repository.js';

/** An attachment as both portals' upload answers show it. */
export type StoredAttachment = PhotoAttachment;

export interface AttachmentUpload {
  workOrderId: number;
  files: CheckedFile[];
  description: string | null;
  idempotencyKey: string | undefined;
  /** The idempotency record's route, e.g. `installer.photos:100001`. */
  route: string;
  /**
   * When set, the upload writes this audit entry (e.g. `contractor.upload`) for the work order in its transaction,
   * on the work order's account (known from the access check, so not read again).
   */
  audit?: { action: string; customerId: string | null };
}

const toAttachment = (id: number, r: repo.AttachmentInsert): StoredAttachment => ({
  nCount: id,
  vcFileName: r.file_name,
  vcDescription: r.description ?? null,
  vcContentType: r.content_type,
  nSizeBytes: r.size_bytes,
  dtCreated: r.created_at,
});

export async function storeAttachments(
  ctx: AppContext,
  user: Viewer,
  upload: AttachmentUpload,
): Promise<{ attachments: StoredAttachment[] }> {
  const { workOrderId, files, description, idempotencyKey } = upload;
  const now = ctx.now();
  const written: string[] = [];
  const removeWritten = () => Promise.all(written.map((k) => ctx.files.remove(k).catch(() => undefined)));
  try {
    const result = await runIdempotent(
      ctx.db,
      {
        userId: user.userId,
        key: idempotencyKey,
        route: upload.route,
        request: { files: files.map((f) => f.bytes), description },
        now,
      },
      async (trx) => {
        const attachments: StoredAttachment[] = [];
        for (const [i, file] of files.entries()) {
          const key = `attachments/${workOrderId}/${randomUUID()}.${file.ext}`;
          const stored = await ctx.files.put(key, file.bytes);
          written.push(key);
          const row: repo.AttachmentInsert = {
            work_order_id: workOrderId,
            file_name: file.name,
            description,
            storage_key: key,
            content_type: file.mime,
            size_bytes: stored.sizeBytes,
            sha256: stored.sha256,
            uploaded_by: user.userId,
            // The table's unique (work_order_id, idempotency_key) is the last guard against a double.
            idempotency_key: idempotencyKey ? `${idempotencyKey}-${i}` : null,
            created_at: now.toISOString(),
          };
          attachments.push(toAttachment(await repo.insertAttachment(trx, row), row));
        }
        if (upload.audit) {
          await audit(trx, {
            at: now.toISOString(),
            userId: user.userId,
            employeeId: null,
            action: upload.audit.action,
            subject: `work_order:${workOrderId}`,
            customerId: upload.audit.customerId,
            detail: { attachments: attachments.map((a) => a.nCount) },
            changes: changesBetween({}, { Files: attachments.map((a) => a.vcFileName).join(', ') }),
          });
        }
        return { statusCode: 201, body: { attachments } };
      },
    );
    // A replay (or a concurrent twin) wrote files the first request already stored: nothing refers to them.
    if (result.replayed) await removeWritten();
    return result.body;
  } catch (err) {
    await removeWritten();
    throw err;
  }
}

/** A work order's attachments, oldest first, as both portals list them. */
export async function listAttachments(ctx: AppContext, workOrderId: number): Promise<StoredAttachment[]> {
  return (await repo.listAttachments(ctx.db, workOrderId)).map((a) => ({
    nCount: a.id,
    vcFileName: a.file_name,
    vcDescription: a.description,
    vcContentType: a.content_type,
    nSizeBytes: a.size_bytes,
    dtCreated: a.created_at,
  }));
}

export interface AttachmentFile {
  workOrderId: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  stream: Readable;
}

/**
 * An attachment's bytes (checked against the sha256 recorded when it was stored), or undefined when there is no such
 * attachment. `mayRead` is the caller's access check on the attachment's work order, run before a byte is opened.
 */
export async function openAttachment(
  ctx: AppContext,
  attachmentId: number,
  mayRead: (workOrderId: number) => Promise<unknown>,
): Promise<AttachmentFile | undefined> {
  const row = await repo.findAttachment(ctx.db, attachmentId);
  if (!row) return undefined;
  await mayRead(row.work_order_id);
  const file = await ctx.files.open(row.storage_key, { sha256: row.sha256 });
  return { workOrderId: row.work_order_id, fileName: row.file_name, contentType: row.content_type, ...file };
}
