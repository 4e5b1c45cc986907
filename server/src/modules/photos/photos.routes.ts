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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { readMultipartUpload } from '../../lib/uploads.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { assertInstallerMayReach } from '../access/access.service.js';
import * as service from './photos.service.js';

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
    config: { access: ['installer'], limit: 'upload' },
    // The per-submission cap plus room for the form's boundaries and text fields.
    bodyLimit: PHOTO_MAX_SUBMISSION_BYTES + 1_048_576,
    schema: {
      tags: ['installer'],
      summary:
        'Photo upload: file_{n} (images by content, 10 MB each, 20 MB a submission), FileName, FileDescription; Idempotency-Key',
      params: PhotoParamsSchema,
      response: { 201: PhotoUploadResultSchema, ...errorResponses(400, 401, 403, 404, 413, 422, 507) },
    },
    handler: async (req, reply) => {
      const user = viewerOf(req);
      const key = idempotencyKeyOf(req);
      // Refuse an unknown or contractor work order before reading any of the upload.
      const workOrder = await assertInstallerMayReach(ctx, req.params.WOId);
      const { files, fields } = await readMultipartUpload(fastify, req, service.PHOTO_UPLOAD);
      const result = await service.savePhotos(ctx, user, workOrder, files, fields, key);
      return reply.status(201).send(result);
    },
  });
}
