/**
 * POST /api/installer/work-orders/{WOId}/photos: SPEC §7's photo upload as our API's multipart form (FileName,
 * FileDescription, file_{n}; WorkOrderID optional and must match). Installers only, any of the provider's work orders.
 * Multipart parsing is registered in this plugin's scope only, with the per-image limit enforced while streaming.
 */
import multipart from '@fastify/multipart';
import {
  PHOTO_MAX_FILE_BYTES,
  PHOTO_MAX_FILES,
  PHOTO_MAX_SUBMISSION_BYTES,
  PhotoParamsSchema,
  PhotoUploadResultSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { sessionOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './photos.service.js';

const FIELDS = ['FileName', 'FileDescription', 'WorkOrderID', 'UTILITYID', 'DisplayPDF', 'action'];

/** Reads the multipart body: 10 MB an image (by the parser, while streaming), 20 MB a submission (counted here). */
async function readPhotos(fastify: FastifyInstance, req: FastifyRequest) {
  const files: service.IncomingPhoto[] = [];
  const fields: service.PhotoFields = {};
  let total = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (!/^file_\d{1,2}$/.test(part.fieldname)) {
          throw badRequest(`Unexpected file field ${part.fieldname}.`, {
            [part.fieldname]: 'Send photos as file_{n}.',
          });
        }
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (total > PHOTO_MAX_SUBMISSION_BYTES) throw service.photosTooLarge(total);
        files.push({ fieldName: part.fieldname, fileName: part.filename, bytes });
      } else if (typeof part.value === 'string' && FIELDS.includes(part.fieldname)) {
        if (part.fieldname === 'FileName' || part.fieldname === 'FileDescription' || part.fieldname === 'WorkOrderID') {
          fields[part.fieldname] = part.value;
        }
      }
    }
  } catch (err) {
    const errors = fastify.multipartErrors;
    if (err instanceof errors.RequestFileTooLargeError)
      throw service.photosTooLarge(total + PHOTO_MAX_FILE_BYTES, true);
    if (err instanceof errors.FilesLimitError || err instanceof errors.PartsLimitError) {
      throw badRequest(`Upload at most ${PHOTO_MAX_FILES} photos at a time.`, { files: `At most ${PHOTO_MAX_FILES}.` });
    }
    if (err instanceof errors.InvalidMultipartContentTypeError) {
      throw badRequest('Send the photos as multipart/form-data.', { body: 'multipart/form-data expected.' });
    }
    throw err;
  }
  return { files, fields };
}

export async function photosRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  if (!fastify.hasContentTypeParser('multipart/form-data')) {
    await fastify.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: PHOTO_MAX_FILE_BYTES,
        files: PHOTO_MAX_FILES,
        fields: 12,
        fieldSize: 10_000,
        parts: PHOTO_MAX_FILES + 12,
      },
    });
  }
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/installer/work-orders/:WOId/photos', {
    config: { access: ['installer'] },
    // The per-submission cap plus room for the form's boundaries and text fields.
    bodyLimit: PHOTO_MAX_SUBMISSION_BYTES + 1_048_576,
    schema: {
      tags: ['installer'],
      summary:
        'Photo upload: file_{n} (images by content, 10 MB each, 20 MB a submission), FileName, FileDescription; Idempotency-Key',
      params: PhotoParamsSchema,
      response: { 201: PhotoUploadResultSchema, ...errorResponses(400, 401, 403, 404, 413, 422) },
    },
    handler: async (req, reply) => {
      const user = sessionOf(req);
      const key = idempotencyKeyOf(req);
      // Refuse an unknown or contractor work order before reading any of the upload.
      await service.assertMayUpload(ctx, req.params.WOId);
      if (!req.isMultipart()) {
        throw badRequest('Send the photos as multipart/form-data.', { body: 'multipart/form-data expected.' });
      }
      const { files, fields } = await readPhotos(fastify, req);
      const result = await service.savePhotos(ctx, user, req.params.WOId, files, fields, key);
      return reply.status(201).send(result);
    },
  });
}
