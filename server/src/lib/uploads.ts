/**
 * Multipart uploads of work-order attachments (the installer's photos, the contractor's files): the body read with
 * its limits enforced while streaming, each file checked by its content (file-type) rather than its name and then in
 * depth (file-inspection.ts: pixel bombs, damaged headers, polyglots), display names cleaned (also of the hidden
 * characters of domain/clean-text.ts), and the form's name and description checked. Storing them is
 * modules/attachments.
 */
import { stripLineControls, stripTextControls } from '@strand/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, type HttpError } from './errors.js';
import { checkImage, checkNotPolyglot, type ImageLimits } from './file-inspection.js';

export interface IncomingFile {
  fieldName: string;
  fileName: string;
  bytes: Buffer;
}

export interface UploadPolicy {
  /** What the files are called in messages: 'photos', 'files'. */
  noun: string;
  maxFiles: number;
  maxSubmissionBytes: number;
  /** The per-file limit the multipart parser enforces (registered with the route's plugin). */
  maxFileBytes: number;
  /** The 413 for a submission over the limits; `atLeast` when the exact total is unknown. */
  tooLarge(totalBytes: number, atLeast?: boolean): HttpError;
  /** File fields must match this name (SPEC §7 file_{n}); any name when left out. */
  fileField?: RegExp;
  /** The text fields kept; any when left out. */
  textFields?: readonly string[];
}

/** Reads the multipart body: the per-file limit by the parser, the submission's by counting here. */
export async function readMultipartUpload(
  fastify: FastifyInstance,
  req: FastifyRequest,
  policy: UploadPolicy,
): Promise<{ files: IncomingFile[]; fields: Record<string, string> }> {
  const asMultipart = `Send the ${policy.noun} as multipart/form-data.`;
  if (!req.isMultipart()) throw badRequest(asMultipart, { body: 'multipart/form-data expected.' });
  const files: IncomingFile[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (policy.fileField && !policy.fileField.test(part.fieldname)) {
          throw badRequest(`Unexpected file field ${part.fieldname}.`, {
            [part.fieldname]: `Send ${policy.noun} as file_{n}.`,
          });
        }
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (total > policy.maxSubmissionBytes) throw policy.tooLarge(total);
        files.push({ fieldName: part.fieldname, fileName: part.filename, bytes });
      } else if (typeof part.value === 'string' && (!policy.textFields || policy.textFields.includes(part.fieldname))) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const errors = fastify.multipartErrors;
    if (err instanceof errors.RequestFileTooLargeError) throw policy.tooLarge(total + policy.maxFileBytes, true);
    if (err instanceof errors.FilesLimitError || err instanceof errors.PartsLimitError) {
      throw badRequest(`Upload at most ${policy.maxFiles} ${policy.noun} at a time.`, {
        files: `At most ${policy.maxFiles}.`,
      });
    }
    if (err instanceof errors.InvalidMultipartContentTypeError) {
      throw badRequest(asMultipart, { body: 'multipart/form-data expected.' });
    }
    throw err;
  }
  return { files, fields };
}

/** A display name without folders, control characters or quotes, ending in the detected extension. */
export function cleanFileName(name: string, ext: string, fallback: string): string {
  const last = stripLineControls(name).split(/[\\/]/).pop() ?? '';
  const base = [...last]
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== '\u007f' && !'"<>|:*?'.includes(ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 100) || fallback;
  return `${stem}.${ext}`;
}

export interface CheckedFile extends IncomingFile {
  ext: string;
  mime: string;
  /** The display name: FileName when given (numbered when several), else the file's own, cleaned. */
  name: string;
}

export interface AttachmentFields {
  FileName?: string | undefined;
  FileDescription?: string | undefined;
}

export interface FileCheck {
  /** The content types accepted, as file-type detects them. */
  accepted: readonly string[];
  /** The message for a file that is none of them, by its name. */
  refused(fileLabel: string): string;
  /** The display name's stem when a file has none: `${stem}-${n}`. */
  fallbackStem: string;
  /** 'Choose at least one photo to upload.' */
  noneSent: string;
  /** The pixel limits of images (config UPLOAD_IMAGE_MAX_SIDE_PIXELS, UPLOAD_IMAGE_MAX_MEGAPIXELS). */
  image: ImageLimits;
}

/** Checks the form's name and description and each file's content; the files with their types and names. */
export async function checkAttachmentUpload(
  files: IncomingFile[],
  fields: AttachmentFields,
  check: FileCheck,
): Promise<{ description: string | null; files: CheckedFile[] }> {
  if (files.length === 0) throw badRequest(check.noneSent, { files: 'No file was sent.' });
  const description = stripTextControls(fields.FileDescription ?? '').trim() || null;
  if (description && description.length > 500) {
    throw badRequest('File description must be at most 500 characters.', {
      FileDescription: 'At most 500 characters.',
    });
  }
  const given = stripLineControls(fields.FileName ?? '').trim();
  if (given && given.length > 100) {
    throw badRequest('File name must be at most 100 characters.', { FileName: 'At most 100 characters.' });
  }
  const checked: CheckedFile[] = [];
  for (const [i, file] of files.entries()) {
    const label = file.fileName || `File ${i + 1}`;
    const type = await fileTypeFromBuffer(file.bytes);
    if (!type || !check.accepted.includes(type.mime)) {
      const message = check.refused(label);
      throw badRequest(message, { [file.fieldName]: message });
    }
    if (type.mime.startsWith('image/')) checkImage(file.bytes, type.mime, label, file.fieldName, check.image);
    // A PDF may quote markup in its text, so only the zip sign counts there.
    else checkNotPolyglot(file.bytes, label, file.fieldName, { markup: false });
    const name = given ? (files.length > 1 ? `${given}-${i + 1}` : given) : file.fileName;
    checked.push({
      ...file,
      ext: type.ext,
      mime: type.mime,
      name: cleanFileName(name, type.ext, `${check.fallbackStem}-${i + 1}`),
    });
  }
  return { description, files: checked };
}
