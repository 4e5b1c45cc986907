/**
 * Fax sending (SPEC §7 Services: fax outbox, download, queue). Multipart parsing is registered in this plugin's
 * scope only, with the per-file limit enforced while streaming; the fax number is checked before the body is read.
 */
import multipart from '@fastify/multipart';
import {
  FAX_SEND_MAX_FILE_BYTES,
  FAX_SEND_MAX_FILES,
  FAX_SEND_MAX_TOTAL_BYTES,
  FaxNumberParamsSchema,
  FaxOutboxSchema,
  SentFaxFileParamsSchema,
  SentFaxParamsSchema,
  SentFaxSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendDownload } from '../../lib/downloads.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { readMultipartUpload } from '../../lib/uploads.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './fax-outbox.service.js';
import { faxActor } from './fax-outbox.service.js';

export async function faxOutboxRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  if (!fastify.hasContentTypeParser('multipart/form-data')) {
    await fastify.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: FAX_SEND_MAX_FILE_BYTES,
        files: FAX_SEND_MAX_FILES,
        fields: 6,
        fieldSize: 10_000,
        parts: FAX_SEND_MAX_FILES + 6,
      },
    });
  }
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['services'];

  app.get('/api/customer/services/fax/outbox', {
    config,
    schema: {
      tags,
      summary: 'Fax outbox and queue: the account’s sent faxes, newest first, with status, files and carrier calls',
      response: { 200: FaxOutboxSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.faxOutbox(ctx, await faxActor(ctx, req)),
  });

  app.post('/api/customer/services/fax/:faxNumberId/outbox', {
    config: { ...config, limit: 'upload' },
    bodyLimit: FAX_SEND_MAX_TOTAL_BYTES + 1_048_576,
    schema: {
      tags,
      summary:
        'Send a fax: multipart `to` (a fax number), `coverPage` (true/false), `coverNote`, `file_{n}` (PDF, PNG or JPEG by content, 10 MB each, 20 MB and 50 pages a fax); Idempotency-Key required',
      params: FaxNumberParamsSchema,
      response: { 201: SentFaxSchema, ...errorResponses(400, 401, 403, 404, 413, 422, 507) },
    },
    handler: async (req, reply) => {
      const actor = await faxActor(ctx, req);
      const key = idempotencyKeyOf(req);
      // Refuse another account's (or an unknown) fax number before reading any of the upload.
      const faxNumber = await service.ownFaxNumber(ctx, actor, req.params.faxNumberId);
      const { files, fields } = await readMultipartUpload(fastify, req, service.FAX_UPLOAD);
      const result = await service.sendFax(ctx, actor, faxNumber, files, fields, key);
      return reply.status(201).send(result.body);
    },
  });

  app.post('/api/customer/services/fax/outbox/:sentFaxId/retry', {
    config,
    schema: {
      tags,
      summary: 'Send a failed fax again (a new round of tries); a fax already queued or sent is a 409',
      params: SentFaxParamsSchema,
      response: { 200: SentFaxSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.retrySentFax(ctx, await faxActor(ctx, req), req.params.sentFaxId),
  });

  app.get('/api/customer/services/fax/outbox/:sentFaxId/files/:sentFaxFileId', {
    config,
    schema: {
      tags,
      summary: 'Download what was sent: the cover page or one of the fax’s files, as stored',
      params: SentFaxFileParamsSchema,
      response: {
        200: z.any().describe('application/pdf, image/png or image/jpeg'),
        ...errorResponses(400, 401, 403, 404, 500),
      },
    },
    handler: async (req, reply) => {
      const file = await service.sentFaxFile(
        ctx,
        await faxActor(ctx, req),
        req.params.sentFaxId,
        req.params.sentFaxFileId,
      );
      return sendDownload(reply, {
        body: file.stream,
        contentType: file.contentType,
        fileName: file.fileName,
        sizeBytes: file.sizeBytes,
      });
    },
  });
}
