/**
 * Subscriber lists and notices (issue 13 part 5): network staff (admins too) list active subscribers by package,
 * service category, area, ONT model, account status or balance, export the list as CSV, and mail a notice to the
 * list's customers (preview, send with an Idempotency-Key, the notices and the record of who was told).
 */
import {
  NoticeDetailQuerySchema,
  NoticeDetailSchema,
  NoticeDraftSchema,
  NoticeListSchema,
  NoticeParamsSchema,
  NoticePreviewSchema,
  NoticeSummarySchema,
  SubscriberListQuerySchema,
  SubscriberListSchema,
  SubscriberOptionsSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendDownload } from '../../lib/downloads.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as notices from './notices.service.js';
import * as service from './subscribers.service.js';

export async function subscribersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const access = ['staff:network'] as const;

  app.get('/api/staff/subscribers', {
    config: { access },
    schema: {
      tags,
      summary: 'Active subscribers (service locations with an active package), filtered (AND), sorted and paged',
      querystring: SubscriberListQuerySchema,
      response: { 200: SubscriberListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => service.listSubscribers(ctx, viewerOf(req), req.query),
  });

  app.get('/api/staff/subscribers/options', {
    config: { access },
    schema: {
      tags,
      summary: 'What the subscriber filters offer: packages, categories, areas, ONT models, statuses, open tickets',
      response: { 200: SubscriberOptionsSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.subscriberOptions(ctx, viewerOf(req)),
  });

  app.get('/api/staff/subscribers/csv', {
    config: { access },
    schema: {
      tags,
      summary: 'The filtered subscriber list as CSV (streamed; refused above 50,000 rows)',
      querystring: SubscriberListQuerySchema,
      response: { 200: z.any().describe('text/csv'), ...errorResponses(400, 401, 403) },
    },
    handler: async (req, reply) => {
      const file = await service.exportSubscribers(ctx, viewerOf(req), req.query);
      return sendDownload(reply, {
        body: file.stream,
        contentType: 'text/csv; charset=utf-8',
        fileName: file.fileName,
      });
    },
  });

  app.post('/api/staff/notices/preview', {
    config: { access },
    schema: {
      tags,
      summary: 'Preview a notice: the mail for one recipient and the recipient counts; nothing is sent',
      body: NoticeDraftSchema,
      response: { 200: NoticePreviewSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => notices.previewNotice(ctx, viewerOf(req), req.body),
  });

  app.post('/api/staff/notices', {
    config: { access },
    schema: {
      tags,
      summary: 'Send a notice to a subscriber list (queued and mailed in the background); Idempotency-Key required',
      body: NoticeDraftSchema,
      response: { 202: NoticeSummarySchema, ...errorResponses(400, 401, 403, 422) },
    },
    handler: async (req, reply) => {
      const result = await notices.sendNotice(ctx, viewerOf(req), req.body, idempotencyKeyOf(req));
      return reply.status(result.statusCode).send(result.body);
    },
  });

  app.get('/api/staff/notices', {
    config: { access },
    schema: {
      tags,
      summary: 'Notices, newest first, with their status and recipient counts',
      response: { 200: NoticeListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => ({ notices: await notices.listNotices(ctx, viewerOf(req)) }),
  });

  app.get('/api/staff/notices/:noticeId', {
    config: { access },
    schema: {
      tags,
      summary: 'One notice with a page of its record of who was told',
      params: NoticeParamsSchema,
      querystring: NoticeDetailQuerySchema,
      response: { 200: NoticeDetailSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => notices.noticeDetail(ctx, viewerOf(req), req.params.noticeId, req.query.page),
  });

  app.get('/api/staff/notices/:noticeId/recipients/csv', {
    config: { access },
    schema: {
      tags,
      summary: 'The record of who was told (customer, address, email, sent at or failed with the reason) as CSV',
      params: NoticeParamsSchema,
      response: { 200: z.any().describe('text/csv'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      const file = await notices.noticeRecipientsCsv(ctx, viewerOf(req), req.params.noticeId);
      return sendDownload(reply, {
        body: file.stream,
        contentType: 'text/csv; charset=utf-8',
        fileName: file.fileName,
      });
    },
  });
}
