/** Routes of paying, payment methods and autopay: all need billing-pay, except reading methods and autopay. */
import {
  ActivateAutopayRequestSchema,
  AddPaymentMethodRequestSchema,
  ApiErrorSchema,
  AutopaySchema,
  FeeQuoteRequestSchema,
  FeeQuoteSchema,
  MailingLocationParamsSchema,
  PayBillsRequestSchema,
  PaymentMethodListSchema,
  PaymentMethodParamsSchema,
  PaymentMethodSchema,
  PaymentParamsSchema,
  PaymentResultSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendDownload } from '../../lib/downloads.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { errorResponses } from '../../plugins/openapi.js';
import { actorWith } from '../customer-account/customer-access.service.js';
import * as methods from './payment-methods.service.js';
import { receiptPdf } from './payment-receipt.js';
import * as payments from './payments.service.js';

export function paymentsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['billing center'];
  const payer = (req: FastifyRequest) => actorWith(ctx, req, 'billing-pay');
  const viewer = (req: FastifyRequest) => actorWith(ctx, req, 'billing-view');

  app.post('/api/customer/billing/fee-quote', {
    config,
    schema: {
      tags,
      summary: 'processCreditCardFees: the card fee and total of paying an amount with a saved method',
      body: FeeQuoteRequestSchema,
      response: { 200: FeeQuoteSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => payments.feeQuote(ctx, await payer(req), req.body.PaymentMethodID, req.body.amountCents),
  });

  app.post('/api/customer/billing/payments', {
    config,
    schema: {
      tags,
      summary:
        'payBills: pay invoices with a saved method. Needs an Idempotency-Key header: a retry with the same key charges once and gets the same answer. 402 when declined, 503 when the payment service did not answer (retry with the same key).',
      body: PayBillsRequestSchema,
      response: {
        201: PaymentResultSchema,
        402: ApiErrorSchema,
        ...errorResponses(400, 401, 403, 404, 409, 422, 429, 502, 503),
      },
    },
    handler: async (req, reply) => {
      const answer = await payments.payBills(ctx, await payer(req), req.body, idempotencyKeyOf(req));
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.statusCode as 201).send(answer.body as z.infer<typeof PaymentResultSchema>);
    },
  });

  app.get('/api/customer/billing/payments/:paymentId/receipt.pdf', {
    config,
    schema: {
      tags,
      summary: 'The receipt of a payment as a PDF: confirmation number, method, the invoices it paid, fee and total',
      params: PaymentParamsSchema,
      response: { 200: z.any().describe('application/pdf'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      const { fileName, pdf } = await receiptPdf(ctx, await viewer(req), req.params.paymentId);
      return sendDownload(reply, { body: pdf, contentType: 'application/pdf', fileName });
    },
  });

  app.get('/api/customer/billing/payment-methods', {
    config,
    schema: {
      tags,
      summary: 'The payment methods on file (brand, last four digits, expiry; never a number)',
      response: { 200: PaymentMethodListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => methods.listPaymentMethods(ctx, await viewer(req)),
  });

  app.post('/api/customer/billing/payment-methods', {
    config,
    schema: {
      tags,
      summary: 'addPaymentMethod: tokenize a card or bank account at the gateway and keep the token (Idempotency-Key)',
      body: AddPaymentMethodRequestSchema,
      response: { 201: PaymentMethodSchema, ...errorResponses(400, 401, 403, 409, 422, 429) },
    },
    handler: async (req, reply) => {
      const result = await methods.addPaymentMethod(ctx, await payer(req), req.body, idempotencyKeyOf(req));
      return reply.status(result.statusCode as 201).send(result.method);
    },
  });

  app.delete('/api/customer/billing/payment-methods/:paymentMethodId', {
    config,
    schema: {
      tags,
      summary: 'deletePaymentMethod: remove a payment method (not one autopay uses; not the last one if required)',
      params: PaymentMethodParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      await methods.deletePaymentMethod(ctx, await payer(req), req.params.paymentMethodId);
      return reply.status(204).send(null);
    },
  });

  app.get('/api/customer/billing/autopay', {
    config,
    schema: {
      tags,
      summary: 'viewAutopay: autopay per mailing location',
      response: { 200: AutopaySchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => methods.viewAutopay(ctx, await viewer(req)),
  });

  app.put('/api/customer/billing/mailing-locations/:mailingLocationId/autopay', {
    config,
    schema: {
      tags,
      summary: 'activatePaymentMethod: turn autopay on at a mailing location with a saved method (or change it)',
      params: MailingLocationParamsSchema,
      body: ActivateAutopayRequestSchema,
      response: { 200: AutopaySchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      methods.activateAutopay(ctx, await payer(req), req.params.mailingLocationId, req.body.PaymentMethodID),
  });

  app.delete('/api/customer/billing/mailing-locations/:mailingLocationId/autopay', {
    config,
    schema: {
      tags,
      summary: 'deactivateAutopay: turn autopay off at a mailing location (refused when the provider requires it)',
      params: MailingLocationParamsSchema,
      response: { 200: AutopaySchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => methods.deactivateAutopay(ctx, await payer(req), req.params.mailingLocationId),
  });
}
