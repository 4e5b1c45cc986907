/**
 * The Reports page's routes (SPEC §7 Reports), all reads: viewPhoneReport (+ its CSV), viewBusinessReport,
 * downloadBusinessReport (CSV) and viewDownloadBusinessReport (PDF). Each needs the `reports` category on a
 * business-type account (reports.policy.ts); the account is always the session's. viewWholesaleReport lives with the
 * wholesale services in modules/wholesale.
 */
import {
  BusinessReportQuerySchema,
  BusinessReportSchema,
  PhoneReportFilterSchema,
  PhoneReportQuerySchema,
  PhoneReportSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendDownload } from '../../lib/downloads.js';
import { errorResponses } from '../../plugins/openapi.js';
import { reportsActor } from './reports.policy.js';
import * as reports from './reports.service.js';

function sendFile(reply: FastifyReply, contentType: string, fileName: string, body: string | Buffer) {
  return sendDownload(reply, { body, contentType, fileName });
}

export async function reportsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['reports'];
  const errors = errorResponses(400, 401, 403);

  app.get('/api/customer/reports/phone', {
    config,
    schema: {
      tags,
      summary: 'viewPhoneReport: call totals (per direction and day) and one page of the calls in a date range',
      querystring: PhoneReportQuerySchema,
      response: { 200: PhoneReportSchema, ...errors },
    },
    handler: async (req) => reports.phoneReport(ctx, await reportsActor(ctx, req), req.query),
  });

  app.get('/api/customer/reports/phone/csv', {
    config,
    schema: {
      tags,
      summary: 'The calls of the phone report’s filter as CSV, oldest first',
      querystring: PhoneReportFilterSchema,
      response: { 200: z.any().describe('text/csv'), ...errors },
    },
    handler: async (req, reply) => {
      const { fileName, csv } = await reports.phoneCsv(ctx, await reportsActor(ctx, req), req.query);
      return sendFile(reply, 'text/csv; charset=utf-8', fileName, csv);
    },
  });

  app.get('/api/customer/reports/business', {
    config,
    schema: {
      tags,
      summary: 'viewBusinessReport: billed, paid and balance per month and service location, with totals',
      querystring: BusinessReportQuerySchema,
      response: { 200: BusinessReportSchema, ...errors },
    },
    handler: async (req) => reports.businessReport(ctx, await reportsActor(ctx, req), req.query),
  });

  app.get('/api/customer/reports/business/csv', {
    config,
    schema: {
      tags,
      summary: 'downloadBusinessReport: the business report as CSV',
      querystring: BusinessReportQuerySchema,
      response: { 200: z.any().describe('text/csv'), ...errors },
    },
    handler: async (req, reply) => {
      const { fileName, csv } = await reports.businessCsv(ctx, await reportsActor(ctx, req), req.query);
      return sendFile(reply, 'text/csv; charset=utf-8', fileName, csv);
    },
  });

  app.get('/api/customer/reports/business/pdf', {
    config,
    schema: {
      tags,
      summary: 'viewDownloadBusinessReport: the business report as a PDF made on the server',
      querystring: BusinessReportQuerySchema,
      response: { 200: z.any().describe('application/pdf'), ...errors },
    },
    handler: async (req, reply) => {
      const { fileName, pdf } = await reports.businessPdf(ctx, await reportsActor(ctx, req), req.query);
      return sendFile(reply, 'application/pdf', fileName, pdf);
    },
  });
}
