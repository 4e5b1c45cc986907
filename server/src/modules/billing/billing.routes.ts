/**
 * The billing center's routes (SPEC §7 Bills). Reading needs billing-view; paying, payment methods, autopay and
 * the mailing address need billing-pay. Every id is checked against the session's account in the services.
 */
import {
  AddressUpdateSchema,
  BillingHistorySchema,
  BillsSchema,
  InvoiceDetailSchema,
  InvoiceGroupParamsSchema,
  InvoiceParamsSchema,
  MailingLocationListSchema,
  MailingLocationParamsSchema,
  MailingLocationSchema,
  ZipLookupSchema,
  ZipParamsSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendDownload } from '../../lib/downloads.js';
import { errorResponses } from '../../plugins/openapi.js';
import { actorWith, customerActor } from '../customer-account/customer-access.service.js';
import * as bills from './bills.service.js';
import * as mailing from './mailing.service.js';
import { paperlessRoutes } from './paperless.routes.js';
import { paymentsRoutes } from './payments.routes.js';

export async function billingRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['billing center'];
  const viewer = (req: Parameters<typeof actorWith>[1]) => actorWith(ctx, req, 'billing-view');

  app.get('/api/customer/billing/bills', {
    config,
    schema: {
      tags,
      summary: 'getBills: balance, what is due and when, open invoices, and the provider’s billing settings',
      response: { 200: BillsSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => bills.getBills(ctx, await viewer(req)),
  });

  app.get('/api/customer/billing/invoices/:invoiceId', {
    config,
    schema: {
      tags,
      summary: 'One invoice with its lines and the payments applied to it',
      params: InvoiceParamsSchema,
      response: { 200: InvoiceDetailSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => bills.invoiceDetail(ctx, await viewer(req), req.params.invoiceId),
  });

  app.get('/api/customer/billing/invoices/:invoiceId/pdf', {
    config,
    schema: {
      tags,
      summary: 'downloadInvoicePDF: the invoice as a PDF made on the server',
      params: InvoiceParamsSchema,
      response: { 200: z.any().describe('application/pdf'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      const { fileName, pdf } = await bills.invoicePdf(ctx, await viewer(req), req.params.invoiceId);
      return sendDownload(reply, { body: pdf, contentType: 'application/pdf', fileName });
    },
  });

  app.get('/api/customer/billing/invoice-groups/:invoiceGroupId/csv', {
    config,
    schema: {
      tags,
      summary: 'downloadInvoiceCSV: the invoices of an invoice group as CSV, one row per line',
      params: InvoiceGroupParamsSchema,
      response: { 200: z.any().describe('text/csv'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      const { fileName, csv } = await bills.invoiceCsv(ctx, await viewer(req), req.params.invoiceGroupId);
      return sendDownload(reply, { body: csv, contentType: 'text/csv; charset=utf-8', fileName });
    },
  });

  app.get('/api/customer/billing/mailing-locations', {
    config,
    schema: {
      tags,
      summary: 'getMailingLocationObject: where the account’s bills are mailed',
      response: { 200: MailingLocationListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => mailing.mailingLocations(ctx, await viewer(req)),
  });

  app.put('/api/customer/billing/mailing-locations/:mailingLocationId', {
    config,
    schema: {
      tags,
      summary: 'updateAddress: change a mailing address (validated; ZIP codes of the area must match city and state)',
      params: MailingLocationParamsSchema,
      body: AddressUpdateSchema,
      response: { 200: MailingLocationSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      mailing.updateAddress(ctx, await actorWith(ctx, req, 'billing-pay'), req.params.mailingLocationId, req.body),
  });

  app.get('/api/customer/billing/mailing-locations/:mailingLocationId/history', {
    config,
    schema: {
      tags,
      summary: 'viewHistory: invoices and payments of one mailing location, newest first',
      params: MailingLocationParamsSchema,
      response: { 200: BillingHistorySchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => bills.history(ctx, await viewer(req), req.params.mailingLocationId),
  });

  app.get('/api/customer/zip-codes/:zip', {
    config,
    schema: {
      tags,
      summary: 'zipCodeLookUp: city and state of a ZIP code of the provider’s area',
      params: ZipParamsSchema,
      response: { 200: ZipLookupSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      await customerActor(ctx, req);
      return mailing.zipLookup(req.params.zip);
    },
  });

  paymentsRoutes(fastify, ctx);
  paperlessRoutes(fastify, ctx);
}
