/**
 * The installer area's routes (SPEC §2 "Search area", §7 "Installer operations"): the work-order search, the work
 * order object and its views. Only the installer role gets in (customers, contractors and staff are refused); the
 * policy then keeps installers to the provider's own work orders. The two file routes are opened by the browser
 * without its token (a new tab, a frame), so they admit a short-lived ticket instead (file-tickets.ts).
 */
import {
  AttachmentListSchema,
  CentralOfficeListSchema,
  CircuitListSchema,
  CompleteInstallRequestSchema,
  GisObjectQuerySchema,
  GisObjectSchema,
  InstallerChecklistSaveSchema,
  InstallerChecklistSchema,
  LocationAssetListSchema,
  OnMyWaySchema,
  PdfLinkSchema,
  PhysicalPlantConfigResponseSchema,
  SalesOrderSchema,
  ServiceLocationResponseSchema,
  WorkOrderIdParamsSchema,
  WorkOrderNoteListSchema,
  WorkOrderObjectSchema,
  WorkOrderSearchQuerySchema,
  WorkOrderSearchResultSchema,
  WorkOrderTypeListSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../lib/downloads.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as checklist from './installer-checklist.service.js';
import { completeInstall } from './installer-completion.service.js';
import { onMyWayState, sendOnMyWay } from './on-my-way.service.js';
import * as files from './work-order-files.service.js';
import * as searchService from './work-order-search.service.js';
import * as service from './work-orders.service.js';

const INSTALLER = { access: ['installer'] } as const;
const TAGS = ['installer'];
const WO = '/api/installer/work-orders/:WOId';

const FileQuerySchema = z.object({
  token: z.string().min(1, 'token is required.').max(600),
  download: z.enum(['1']).optional(),
});

export async function workOrdersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/installer/work-order-types', {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Work order types for the search form (getWorkorderTypes)',
      response: { 200: WorkOrderTypeListSchema, ...errorResponses(401, 403) },
    },
    handler: async () => searchService.listWorkOrderTypes(ctx),
  });

  app.get('/api/installer/work-orders', {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Search work orders (searchWorkOrders); at most 200 rows, `truncated` when more matched',
      querystring: WorkOrderSearchQuerySchema,
      response: { 200: WorkOrderSearchResultSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => searchService.search(ctx, viewerOf(req).userId, req.query),
  });

  app.get(WO, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'The work order object (getWorkOrderObject)',
      params: WorkOrderIdParamsSchema,
      response: { 200: WorkOrderObjectSchema, ...errorResponses(400, 401, 403, 404) },
    },
    // Built field by field as a WorkOrderObject literal (work-orders.service.ts): serialized as it is, without zod's
    // parse on the way out, which would only copy it; the schema above documents it.
    // Read first: a refusal (404, 403) must leave the reply to the error handler's JSON shape.
    handler: async (req, reply) => {
      const object = await service.getWorkOrderObject(ctx, req.params.WOId);
      return reply
        .type('application/json; charset=utf-8')
        .serializer((answer) => JSON.stringify(answer))
        .send(object);
    },
  });

  app.get(`${WO}/notes`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Notes of a work order',
      params: WorkOrderIdParamsSchema,
      response: { 200: WorkOrderNoteListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getNotes(ctx, req.params.WOId),
  });

  app.get(`${WO}/checklist`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'The onsite checklist of a work order, read-only (form null: no checklist knows the view file)',
      params: WorkOrderIdParamsSchema,
      response: { 200: InstallerChecklistSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => checklist.getInstallerChecklist(ctx, req.params.WOId, viewerOf(req).userId),
  });

  app.put(`${WO}/checklist`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary:
        'Save the install checklist of a work order assigned to the caller (never completes it; Idempotency-Key)',
      params: WorkOrderIdParamsSchema,
      body: InstallerChecklistSaveSchema,
      response: { 200: InstallerChecklistSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      checklist.saveInstallerChecklist(ctx, viewerOf(req), req.params.WOId, req.body, idempotencyKeyOf(req)),
  });

  app.get(`${WO}/on-my-way`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'When the assigned installer last told the customer they are on the way (this visit)',
      params: WorkOrderIdParamsSchema,
      response: { 200: OnMyWaySchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => onMyWayState(ctx, viewerOf(req), req.params.WOId),
  });

  app.post(`${WO}/on-my-way`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary:
        'Tell the customer the assigned installer is on the way (appointment.on_the_way); a repeat sends nothing',
      params: WorkOrderIdParamsSchema,
      response: { 200: OnMyWaySchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => sendOnMyWay(ctx, viewerOf(req), req.params.WOId),
  });

  app.post(`${WO}/complete`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary:
        'Complete an install work order (assets moved confirmed; Idempotency-Key); an order’s install activates its packages and first invoice',
      params: WorkOrderIdParamsSchema,
      body: CompleteInstallRequestSchema,
      response: { 200: InstallerChecklistSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => completeInstall(ctx, viewerOf(req), req.params.WOId, req.body, idempotencyKeyOf(req)),
  });

  app.get(`${WO}/service-location`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Service location with packages (null when none)',
      params: WorkOrderIdParamsSchema,
      response: { 200: ServiceLocationResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getServiceLocation(ctx, req.params.WOId),
  });

  app.get(`${WO}/service-location/assets`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Assets at the service location (getServiceLocationAssets)',
      params: WorkOrderIdParamsSchema,
      response: { 200: LocationAssetListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getLocationAssets(ctx, req.params.WOId),
  });

  app.get(`${WO}/sales-order`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Sales order HTML, sanitized (getSalesOrderAction)',
      params: WorkOrderIdParamsSchema,
      response: { 200: SalesOrderSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getSalesOrder(ctx, req.params.WOId),
  });

  app.get(`${WO}/attachments`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Attachments with links that open them (getAttachmentList)',
      params: WorkOrderIdParamsSchema,
      response: { 200: AttachmentListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => files.getAttachments(ctx, viewerOf(req).userId, req.params.WOId),
  });

  app.get(`${WO}/pdf-link`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Where the work-order PDF opens (viewPDF)',
      params: WorkOrderIdParamsSchema,
      response: { 200: PdfLinkSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => files.getPdfLink(ctx, viewerOf(req).userId, req.params.WOId),
  });

  app.get(`${WO}/physical-plant-config`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Physical plant config, null when none (getPhysicalPlantConfig)',
      params: WorkOrderIdParamsSchema,
      response: { 200: PhysicalPlantConfigResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getPlantConfig(ctx, req.params.WOId),
  });

  app.get(`${WO}/circuits`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Circuits of the service location (getCircuitsFromSO)',
      params: WorkOrderIdParamsSchema,
      response: { 200: CircuitListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getCircuits(ctx, req.params.WOId),
  });

  app.get(`${WO}/central-offices`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Central offices, nearest first, in great-circle miles',
      params: WorkOrderIdParamsSchema,
      response: { 200: CentralOfficeListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getCentralOffices(ctx, req.params.WOId),
  });

  app.get('/api/installer/gis-objects', {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'View object id lookup by order id and WO detail id (getGISObjectIds)',
      querystring: GisObjectQuerySchema,
      response: { 200: GisObjectSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getGisObject(ctx, req.query.orderId, req.query.detailId),
  });

  app.get('/api/installer/files/attachments/:attachmentId', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Opens an attachment (the path from the attachment list; its ticket is the permission)',
      params: z.object({
        attachmentId: z
          .string()
          .regex(/^\d{1,9}$/, 'attachmentId must be a number.')
          .transform(Number),
      }),
      querystring: FileQuerySchema,
      response: errorResponses(400, 403, 404, 500),
    },
    handler: async (req, reply) =>
      sendFile(reply, await files.openAttachment(ctx, req.params.attachmentId, req.query.token), req.query.download),
  });

  app.get('/api/installer/files/work-orders/:WOId/pdf', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'The work-order PDF (the path from pdf-link; its ticket is the permission)',
      params: WorkOrderIdParamsSchema,
      querystring: FileQuerySchema,
      response: errorResponses(400, 403, 404),
    },
    handler: async (req, reply) =>
      sendFile(reply, await files.makeWorkOrderPdf(ctx, req.params.WOId, req.query.token), req.query.download),
  });
}

/** Types a browser may show in place; anything else (and any download) is saved, never rendered in our origin. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function sendFile(reply: FastifyReply, file: files.FileDownload, download: '1' | undefined) {
  const inline = download === undefined && INLINE_TYPES.has(file.contentType);
  reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    // The app frames the PDF (its /viewPDF page); images get a sandbox, so nothing in a file runs as our origin.
    .header(
      'content-security-policy',
      file.contentType === 'application/pdf'
        ? "default-src 'none'; frame-ancestors 'self'"
        : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
    )
    .header('x-frame-options', 'SAMEORIGIN');
  return reply.send(file.body);
}
