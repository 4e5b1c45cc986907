/** The upload limits of SPEC §5, checked before sending (the server checks them again). */
import {
  CONTRACTOR_UPLOAD_INVALID_MESSAGE,
  CONTRACTOR_UPLOAD_MAX_FILES,
  PHOTO_MAX_FILE_BYTES,
  PHOTO_MAX_SUBMISSION_BYTES,
} from '@strand/domain';

export function uploadProblem(files: readonly { size: number }[]): string | null {
  if (files.length > CONTRACTOR_UPLOAD_MAX_FILES)
    return `Upload at most ${CONTRACTOR_UPLOAD_MAX_FILES} files at a time.`;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (files.some((f) => f.size > PHOTO_MAX_FILE_BYTES) || total > PHOTO_MAX_SUBMISSION_BYTES) {
    return `${CONTRACTOR_UPLOAD_INVALID_MESSAGE}. Total size: ${(total / 1_048_576).toFixed(1)} MB.`;
  }
  return null;
}
