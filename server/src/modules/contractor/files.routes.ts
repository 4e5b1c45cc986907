/** Routes: a work order's attachments (list, download, multipart upload) and its PDF. */
import {
  ContractorAttachmentListSchema,
  ContractorAttachmentParamsSchema,
  ContractorUploadResultSchema,
  ContractorWorkOrderParamsSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../lib/downloads.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { readMultipartUpload } from '../../lib/uploads.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { assertContractorMayReach } from '../access/access.service.js';
import { CONTRACTOR_ACCESS } from './contractor-work-orders.routes.js';
import * as service from './files.service.js';

const tags = ['contractor'];

export function sendFile(
  reply: FastifyReply,
  file: { stream: NodeJS.ReadableStream; sizeBytes: number; contentType: string },
  kind: 'inline' | 'attachment',
  name: string,
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', contentDisposition(kind, name))
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

export function fileRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/contractor/work-orders/:workOrderId/attachments', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'The work order’s attachments',
      params: ContractorWorkOrderParamsSchema,
      response: { 200: ContractorAttachmentListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.listAttachments(ctx, viewerOf(req), req.params.workOrderId),
  });

  app.get('/api/contractor/work-orders/:workOrderId/attachments/:attachmentId', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'viewAttachment: the file itself',
      params: ContractorAttachmentParamsSchema,
      response: errorResponses(400, 401, 403, 404, 500),
    },
    handler: async (req, reply) => {
      const file = await service.openAttachment(ctx, viewerOf(req), req.params.workOrderId, req.params.attachmentId);
      return sendFile(reply, file, 'attachment', file.fileName);
    },
  });

  app.post('/api/contractor/work-orders/:workOrderId/attachments', {
    config: { access: CONTRACTOR_ACCESS, limit: 'upload' },
    schema: {
      tags,
      summary:
        'Multipart upload: file_{n} (photos or PDFs by content, 10 MB each, 20 MB in all), FileName, FileDescription; Idempotency-Key',
      params: ContractorWorkOrderParamsSchema,
      response: { 201: ContractorUploadResultSchema, ...errorResponses(400, 401, 403, 404, 413, 422, 507) },
    },
    handler: async (req, reply) => {
      const user = viewerOf(req);
      const key = idempotencyKeyOf(req);
      // Refuse another company's work order before reading any of the upload.
      const workOrder = await assertContractorMayReach(ctx, user, req.params.workOrderId);
      const { files, fields } = await readMultipartUpload(fastify, req, service.CONTRACTOR_UPLOAD);
      const result = await service.saveUploads(ctx, user, workOrder, files, fields, key);
      return reply.status(201).send(result);
    },
  });

  app.get('/api/contractor/work-orders/:workOrderId/pdf', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'viewPDF: the work order as a PDF',
      params: ContractorWorkOrderParamsSchema,
      response: errorResponses(400, 401, 403, 404),
    },
    handler: async (req, reply) => {
      const pdf = await service.workOrderPdf(ctx, viewerOf(req), req.params.workOrderId);
      return (reply as FastifyReply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', `work-order-${req.params.workOrderId}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
}
