/**
 * Installer photo upload (SPEC §2 photo page, §5 limits, §7 photo upload). Each file must be an image by its content
 * (file-type), not by its name or declared type; files are stored under server-chosen keys and recorded in one
 * transaction. A retried upload (same Idempotency-Key) returns the first answer and stores nothing twice: the browser's
 * outbox sends each photo with its own key, so a photo the server already has is never stored again. The upload writes
 * the work order's audit entry ("Photos uploaded" on staff's timeline) in the same transaction.
 */
import {
  formatMegabytes,
  PHOTO_IMAGE_TYPES,
  PHOTO_MAX_FILE_BYTES,
  PHOTO_MAX_FILES,
  PHOTO_MAX_SUBMISSION_BYTES,
  type PhotoUploadResult,
  photoLimitMessage,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import {
  type AttachmentFields,
  checkAttachmentUpload,
  type IncomingFile,
  type UploadPolicy,
} from '../../lib/uploads.js';
import type { Viewer } from '../../plugins/auth.js';
import type { ReachedWorkOrder } from '../access/access.service.js';
import { storeAttachments } from '../attachments/attachments.service.js';

export type IncomingPhoto = IncomingFile;
export type PhotoFields = AttachmentFields & { WorkOrderID?: string | undefined };

/** SPEC §5's message plus the total size, as a 413. */
export function photosTooLarge(totalBytes: number, atLeast = false): HttpError {
  const message = atLeast
    ? `${photoLimitMessage(totalBytes).replace(/Total size: /, 'Total size: more than ')}`
    : photoLimitMessage(totalBytes);
  return new HttpError(413, 'payload_too_large', message, {
    files: `At most ${formatMegabytes(PHOTO_MAX_FILE_BYTES)} per image and ${formatMegabytes(PHOTO_MAX_SUBMISSION_BYTES)} per submission.`,
  });
}

/** How the photo form's body is read (SPEC §7: file_{n} and these fields). */
export const PHOTO_UPLOAD: UploadPolicy = {
  noun: 'photos',
  maxFiles: PHOTO_MAX_FILES,
  maxSubmissionBytes: PHOTO_MAX_SUBMISSION_BYTES,
  maxFileBytes: PHOTO_MAX_FILE_BYTES,
  tooLarge: photosTooLarge,
  fileField: /^file_\d{1,2}$/,
  textFields: ['FileName', 'FileDescription', 'WorkOrderID'],
};

/**
 * Stores photos to a work order the route found the installer may reach (assertInstallerMayReach: 404 unknown, 403 a
 * contractor company's, before a byte of the body was read), so the check is not repeated here.
 */
export async function savePhotos(
  ctx: AppContext,
  user: Viewer,
  workOrder: ReachedWorkOrder,
  files: IncomingPhoto[],
  fields: PhotoFields,
  idempotencyKey: string | undefined,
): Promise<PhotoUploadResult> {
  const workOrderId = workOrder.id;
  if (fields.WorkOrderID !== undefined && fields.WorkOrderID.trim() !== String(workOrderId)) {
    throw badRequest('WorkOrderID does not match the work order in the address.', {
      WorkOrderID: `Must be ${workOrderId} or left out.`,
    });
  }
  const checked = await checkAttachmentUpload(files, fields, {
    accepted: PHOTO_IMAGE_TYPES,
    refused: (file) => `${file} is not an image (JPEG, PNG, GIF, WebP or HEIC).`,
    fallbackStem: 'photo',
    noneSent: 'Choose at least one photo to upload.',
    image: ctx.config.uploads.image,
  });
  return storeAttachments(ctx, user, {
    workOrderId,
    ...checked,
    idempotencyKey,
    route: `installer.photos:${workOrderId}`,
    audit: { action: 'installer.photos', customerId: workOrder.customer_id },
  });
}
