/**
 * Installer photo upload (SPEC §2 photo page, §5 limits, §7 photo upload). Each file must be an image by its content
 * (file-type), not by its name or declared type; files are stored under server-chosen keys and recorded in one
 * transaction. A retried upload (same Idempotency-Key) returns the first answer and stores nothing twice: the browser's
 * outbox sends each photo with its own key, so a photo the server already has is never stored again.
 */
import { randomUUID } from 'node:crypto';
import {
  formatMegabytes,
  PHOTO_IMAGE_TYPES,
  PHOTO_MAX_FILE_BYTES,
  PHOTO_MAX_SUBMISSION_BYTES,
  type PhotoAttachment,
  type PhotoUploadResult,
  photoLimitMessage,
  type SessionClaims,
} from '@strand/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { assertInstallerWorkOrder } from '../work-orders/work-orders.policy.js';
import * as repo from './photos.repository.js';

export interface IncomingPhoto {
  fieldName: string;
  fileName: string;
  bytes: Buffer;
}

export interface PhotoFields {
  FileName?: string | undefined;
  FileDescription?: string | undefined;
  WorkOrderID?: string | undefined;
}

/** 404 for an unknown work order, 403 for a contractor company's: checked before any of the upload is read. */
export async function assertMayUpload(ctx: AppContext, workOrderId: number): Promise<void> {
  assertInstallerWorkOrder(await repo.findWorkOrderOwner(ctx.db, workOrderId), workOrderId);
}

/** SPEC §5's message plus the total size, as a 413. */
export function photosTooLarge(totalBytes: number, atLeast = false): HttpError {
  const message = atLeast
    ? `${photoLimitMessage(totalBytes).replace(/Total size: /, 'Total size: more than ')}`
    : photoLimitMessage(totalBytes);
  return new HttpError(413, 'payload_too_large', message, {
    files: `At most ${formatMegabytes(PHOTO_MAX_FILE_BYTES)} per image and ${formatMegabytes(PHOTO_MAX_SUBMISSION_BYTES)} per submission.`,
  });
}

/** A display name without folders, control characters or quotes, ending in the detected extension. */
export function cleanPhotoName(name: string, ext: string, fallback: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const base = [...last]
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== '\u007f' && !'"<>|:*?'.includes(ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 100) || fallback;
  return `${stem}.${ext}`;
}

const toAttachment = (id: number, r: repo.AttachmentInsert): PhotoAttachment => ({
  nCount: id,
  vcFileName: r.file_name,
  vcDescription: r.description ?? null,
  vcContentType: r.content_type,
  nSizeBytes: r.size_bytes,
  dtCreated: r.created_at,
});

export async function savePhotos(
  ctx: AppContext,
  user: SessionClaims,
  workOrderId: number,
  files: IncomingPhoto[],
  fields: PhotoFields,
  idempotencyKey: string | undefined,
): Promise<PhotoUploadResult> {
  await assertMayUpload(ctx, workOrderId);
  if (fields.WorkOrderID !== undefined && fields.WorkOrderID.trim() !== String(workOrderId)) {
    throw badRequest('WorkOrderID does not match the work order in the address.', {
      WorkOrderID: `Must be ${workOrderId} or left out.`,
    });
  }
  if (files.length === 0) throw badRequest('Choose at least one photo to upload.', { files: 'No file was sent.' });
  const description = fields.FileDescription?.trim() || null;
  if (description && description.length > 500) {
    throw badRequest('File description must be at most 500 characters.', {
      FileDescription: 'At most 500 characters.',
    });
  }
  const given = fields.FileName?.trim();
  if (given && given.length > 100) {
    throw badRequest('File name must be at most 100 characters.', { FileName: 'At most 100 characters.' });
  }
  const checked: (IncomingPhoto & { ext: string; mime: string; name: string })[] = [];
  for (const [i, file] of files.entries()) {
    const type = await fileTypeFromBuffer(file.bytes);
    if (!type || !PHOTO_IMAGE_TYPES.includes(type.mime)) {
      const message = `${file.fileName || `File ${i + 1}`} is not an image (JPEG, PNG, GIF, WebP or HEIC).`;
      throw badRequest(message, { [file.fieldName]: message });
    }
    const name = given ? (files.length > 1 ? `${given}-${i + 1}` : given) : file.fileName;
    checked.push({ ...file, ext: type.ext, mime: type.mime, name: cleanPhotoName(name, type.ext, `photo-${i + 1}`) });
  }

  const now = ctx.now();
  const written: string[] = [];
  try {
    const result = await runIdempotent(
      ctx.db,
      { userId: user.nUserID, key: idempotencyKey, route: `installer.photos:${workOrderId}`, now },
      async (trx) => {
        const attachments: PhotoAttachment[] = [];
        for (const [i, file] of checked.entries()) {
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
            uploaded_by: user.nUserID,
            // The table's unique (work_order_id, idempotency_key) is the last guard against a double.
            idempotency_key: idempotencyKey ? `${idempotencyKey}-${i}` : null,
            created_at: now.toISOString(),
          };
          attachments.push(toAttachment(await repo.insertAttachment(trx, row), row));
        }
        return { statusCode: 201, body: { attachments } };
      },
    );
    // A replay (or a concurrent twin) wrote files the first request already stored: nothing refers to them.
    if (result.replayed) await Promise.all(written.map((k) => ctx.files.remove(k).catch(() => undefined)));
    return result.body;
  } catch (err) {
    await Promise.all(written.map((k) => ctx.files.remove(k).catch(() => undefined)));
    throw err;
  }
}
