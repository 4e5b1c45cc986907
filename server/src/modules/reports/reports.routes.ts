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
  PhoneReportTypeSchema,
  PhoneTypeReportQuerySchema,
  type ReportData,
  ReportDataSchema,
  StaffPhoneReportQuerySchema,
  StaffReportIdSchema,
  StaffReportQuerySchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendDownload } from '../../lib/downloads.js';
import { errorResponses } from '../../plugins/openapi.js';
import { businessSubject, type PhoneSubject, phoneTypeReport } from './phone-reports.service.js';
import { renderReportPdf, reportCsv, reportFileName } from './report-files.js';
import * as reports from './reports.service.js';
import { reportsActor } from './reports.service.js';
import { staffReport } from './staff-reports.service.js';

function sendFile(reply: FastifyReply, contentType: string, fileName: string, body: string | Buffer) {
  return sendDownload(reply, { body, contentType, fileName });
}

/** A ReportData as the file a route was asked for: JSON (the page), CSV or PDF. */
async function answer(
  ctx: AppContext,
  reply: FastifyReply,
  format: 'json' | 'csv' | 'pdf',
  report: ReportData,
  owner: string | null,
) {
  if (format === 'json') return report;
  if (format === 'csv') {
    return sendFile(reply, 'text/csv; charset=utf-8', reportFileName(report, owner, 'csv'), reportCsv(report));
  }
  const pdf = await renderReportPdf(report, {
    providerName: ctx.config.shell.providerName,
    supportPhone: ctx.config.shell.supportPhone,
    generatedAt: ctx.now(),
  });
  return sendFile(reply, 'application/pdf', reportFileName(report, owner, 'pdf'), pdf);
}

const FORMATS = [
  { suffix: '', format: 'json', what: 'as JSON (the page)' },
  { suffix: '/csv', format: 'csv', what: 'as CSV' },
  { suffix: '/pdf', format: 'pdf', what: 'as a PDF made on the server' },
] as const;

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

  // The nine phone report types (SPEC §9): the session's own business account.
  const typeParams = z.object({ type: PhoneReportTypeSchema });
  for (const { suffix, format, what } of FORMATS) {
    app.get(`/api/customer/reports/calls/:type${suffix}`, {
      config,
      schema: {
        tags,
        summary: `viewPhoneReport by type (1+ Billing, 800 Billing, Busy, Call Volume, …) ${what}`,
        params: typeParams,
        querystring: PhoneTypeReportQuerySchema,
        response: { 200: format === 'json' ? ReportDataSchema : z.any().describe(format), ...errors },
      },
      handler: async (req, reply) => {
        const actor = await reportsActor(ctx, req);
        const subject: PhoneSubject = { customerId: actor.customerId, customerName: actor.customerName };
        const report = await phoneTypeReport(ctx, subject, req.params.type, req.query);
        return answer(ctx, reply, format, report, actor.customerId);
      },
    });
  }

  // The same engine for billing staff (and the admin), for any business customer.
  const staffConfig = { access: ['staff:billing'] } as const;
  const staffTags = ['staff reports'];
  for (const { suffix, format, what } of FORMATS) {
    app.get(`/api/staff/reports/calls/:type${suffix}`, {
      config: staffConfig,
      schema: {
        tags: staffTags,
        summary: `A business customer's phone report by type ${what}`,
        params: typeParams,
        querystring: StaffPhoneReportQuerySchema,
        response: { 200: format === 'json' ? ReportDataSchema : z.any().describe(format), ...errors },
      },
      handler: async (req, reply) => {
        const subject = await businessSubject(ctx, req.query.vcCustomerID);
        const report = await phoneTypeReport(ctx, subject, req.params.type, req.query);
        return answer(ctx, reply, format, report, subject.customerId);
      },
    });
    app.get(`/api/staff/reports/operations/:report${suffix}`, {
      config: staffConfig,
      schema: {
        tags: staffTags,
        summary: `A staff report (work orders, installs per crew, orders per area, receivables aging, payments) ${what}`,
        params: z.object({ report: StaffReportIdSchema }),
        querystring: StaffReportQuerySchema,
        response: { 200: format === 'json' ? ReportDataSchema : z.any().describe(format), ...errors },
      },
      handler: async (req, reply) =>
        answer(ctx, reply, format, await staffReport(ctx, req.params.report, req.query), null),
    });
  }

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
