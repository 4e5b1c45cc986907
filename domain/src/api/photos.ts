/**
 * Installer photo upload (SPEC §2 photo page, §5 limits, §7 "Photo upload" payload): the contract shared by the
 * browser and the server, and the browser-side limit check (the server enforces the same limits again).
 */
import { z } from 'zod';
import { PHOTO_MAX_FILE_BYTES, PHOTO_MAX_SUBMISSION_BYTES } from '../constants.js';

/** SPEC §5, verbatim; the total size of the submission follows it. */
export const PHOTO_LIMIT_MESSAGE =
  'Some files seem to be invalid. Max size allowed: 10 MB per image, 20MB per submission';

/** SPEC §8's offline photo message, without the "do not refresh" advice: the outbox survives a reload. */
export const PHOTO_OFFLINE_MESSAGE =
  'Detected no internet connection. The photo(s) are stored on this device. When the connection is back they will be uploaded automatically, and a message will tell you once they are uploaded.';

/** SPEC §4, shown once the offline queue has drained. */
export const PHOTO_SYNCHRONIZED_MESSAGE = 'Connection Restored. Attempted File Upload Requests Have Been Synchronized';

/** Image types accepted, as detected from the file's content on the server. */
export const PHOTO_IMAGE_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
];

/** At most this many files in one submission. */
export const PHOTO_MAX_FILES = 10;

export const PhotoParamsSchema = z.object({ WOId: z.coerce.number().int().positive() });

export const PhotoAttachmentSchema = z.object({
  nCount: z.number().int(),
  vcFileName: z.string(),
  vcDescription: z.string().nullable(),
  vcContentType: z.string(),
  nSizeBytes: z.number().int(),
  dtCreated: z.string(),
});
export type PhotoAttachment = z.infer<typeof PhotoAttachmentSchema>;

export const PhotoUploadResultSchema = z.object({ attachments: z.array(PhotoAttachmentSchema) });
export type PhotoUploadResult = z.infer<typeof PhotoUploadResultSchema>;

/** "12.3 MB": sizes in the limit messages. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** The limit message with the total, as both the browser and the server word it. */
export function photoLimitMessage(totalBytes: number): string {
  return `${PHOTO_LIMIT_MESSAGE}. Total size: ${formatMegabytes(totalBytes)}.`;
}

export interface PhotoSelectionFile {
  name: string;
  size: number;
  type: string;
}

/** SPEC §5 in the browser: every file an image of at most 10 MB, all together at most 20 MB. Null when fine. */
export function checkPhotoSelection(files: readonly PhotoSelectionFile[]): string | null {
  if (files.length === 0) return 'Choose at least one photo.';
  if (files.length > PHOTO_MAX_FILES) return `Upload at most ${PHOTO_MAX_FILES} photos at a time.`;
  const notImage = files.find((f) => !f.type.startsWith('image/'));
  if (notImage) return `${notImage.name} is not an image.`;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (files.some((f) => f.size > PHOTO_MAX_FILE_BYTES) || total > PHOTO_MAX_SUBMISSION_BYTES) {
    return photoLimitMessage(total);
  }
  return null;
}

/** SPEC §5: a camera photo's default name, mobile_{timestamp}.png. */
export function cameraFileName(at: Date): string {
  return `mobile_${at.getTime()}.png`;
}
