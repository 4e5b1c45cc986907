/**
 * Wholesale services on the Services page and viewWholesaleReport (with its CSV and PDF). Business accounts only;
 * the account is always the session's (wholesale.policy.ts).
 */
import { WholesaleReportQuerySchema, WholesaleReportSchema, WholesaleServicesSchema } from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendDownload } from '../../lib/downloads.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './wholesale.service.js';
import { wholesaleActor } from './wholesale.service.js';

export async function wholesaleRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const errors = errorResponses(400, 401, 403);

  app.get('/api/customer/services/wholesale', {
    config,
    schema: {
      tags: ['services'],
      summary: 'Wholesale services: circuits leased to another carrier or ISP (endpoints, bandwidth, rate, status)',
      response: { 200: WholesaleServicesSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.wholesaleServices(ctx, await wholesaleActor(ctx, req, 'services')),
  });

  app.get('/api/customer/reports/wholesale', {
    config,
    schema: {
      tags: ['reports'],
      summary: 'viewWholesaleReport: usage and billing per circuit per month, with totals',
      querystring: WholesaleReportQuerySchema,
      response: { 200: WholesaleReportSchema, ...errors },
    },
    handler: async (req) => service.wholesaleReport(ctx, await wholesaleActor(ctx, req, 'reports'), req.query),
  });

  app.get('/api/customer/reports/wholesale/csv', {
    config,
    schema: {
      tags: ['reports'],
      summary: 'The wholesale report as CSV',
      querystring: WholesaleReportQuerySchema,
      response: { 200: z.any().describe('text/csv'), ...errors },
    },
    handler: async (req, reply) => {
      const { fileName, csv } = await service.wholesaleCsv(ctx, await wholesaleActor(ctx, req, 'reports'), req.query);
      return sendDownload(reply, { body: csv, contentType: 'text/csv; charset=utf-8', fileName });
    },
  });

  app.get('/api/customer/reports/wholesale/pdf', {
    config,
    schema: {
      tags: ['reports'],
      summary: 'The wholesale report as a PDF made on the server',
      querystring: WholesaleReportQuerySchema,
      response: { 200: z.any().describe('application/pdf'), ...errors },
    },
    handler: async (req, reply) => {
      const { fileName, pdf } = await service.wholesalePdf(ctx, await wholesaleActor(ctx, req, 'reports'), req.query);
      return sendDownload(reply, { body: pdf, contentType: 'application/pdf', fileName });
    },
  });
}
