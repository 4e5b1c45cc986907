/** Routes of the customer Services page: every one needs the `services` permission and answers the session's account. */
import {
  AddFaxEmailRequestSchema,
  EmailObjectSchema,
  FaxEmailAddressSchema,
  FaxEmailParamsSchema,
  FaxNumberParamsSchema,
  FaxObjectSchema,
  MailboxForwardRequestSchema,
  MailboxParamsSchema,
  MailboxPasswordRequestSchema,
  MailboxSchema,
  MailboxVacationRequestSchema,
  ReceivedFaxParamsSchema,
  ServiceLocationPackagesListSchema,
  ServicesSummarySchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendDownload } from '../../lib/downloads.js';
import { errorResponses } from '../../plugins/openapi.js';
import { actorWith } from '../customer-account/customer-access.service.js';
import * as service from './services.service.js';
import { servicesSummary } from './services-summary.service.js';

export async function servicesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['services'];
  const actor = (req: FastifyRequest) => actorWith(ctx, req, 'services');

  app.get('/api/customer/services/locations', {
    config,
    schema: {
      tags,
      summary: 'Service locations: the account’s locations and each one’s packages (price, active or not)',
      response: { 200: ServiceLocationPackagesListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.serviceLocations(ctx, await actor(req)),
  });

  app.get('/api/customer/services/summary', {
    config,
    schema: {
      tags,
      summary: 'Which services the account has (email, fax, TV), so the Services page lists only those',
      response: { 200: ServicesSummarySchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => servicesSummary(ctx, await actor(req)),
  });

  app.get('/api/customer/services/email', {
    config,
    schema: {
      tags,
      summary: 'getEmailObject: the account’s mailboxes with usage, forwarding and auto-reply (never a password)',
      response: { 200: EmailObjectSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.emailObject(ctx, await actor(req)),
  });

  app.put('/api/customer/services/email/:mailboxId/password', {
    config,
    schema: {
      tags,
      summary: 'modEmailPass: a new password for one of the account’s mailboxes (10 to 128 characters)',
      params: MailboxParamsSchema,
      body: MailboxPasswordRequestSchema,
      response: { 200: MailboxSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.changeMailboxPassword(ctx, await actor(req), req.params.mailboxId, req.body),
  });

  app.put('/api/customer/services/email/:mailboxId/forward', {
    config,
    schema: {
      tags,
      summary: 'modForward: forward a mailbox to another address (keep a copy or not); an empty address turns it off',
      params: MailboxParamsSchema,
      body: MailboxForwardRequestSchema,
      response: { 200: MailboxSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.setMailboxForward(ctx, await actor(req), req.params.mailboxId, req.body),
  });

  app.put('/api/customer/services/email/:mailboxId/vacation', {
    config,
    schema: {
      tags,
      summary: 'modVacMsg: the mailbox’s auto-reply on or off, its subject, message and optional dates',
      params: MailboxParamsSchema,
      body: MailboxVacationRequestSchema,
      response: { 200: MailboxSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.setMailboxVacation(ctx, await actor(req), req.params.mailboxId, req.body),
  });

  app.get('/api/customer/services/fax', {
    config,
    schema: {
      tags,
      summary: 'Fax accounts: the account’s fax numbers, their fax-to-email addresses and received faxes',
      response: { 200: FaxObjectSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.faxObject(ctx, await actor(req)),
  });

  app.post('/api/customer/services/fax/:faxNumberId/email-addresses', {
    config,
    schema: {
      tags,
      summary: 'Fax-to-email add: send this number’s faxes to one more address (at most 5, each once)',
      params: FaxNumberParamsSchema,
      body: AddFaxEmailRequestSchema,
      response: { 201: FaxEmailAddressSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      const added = await service.addFaxEmail(ctx, await actor(req), req.params.faxNumberId, req.body);
      return reply.status(201).send(added);
    },
  });

  app.delete('/api/customer/services/fax/:faxNumberId/email-addresses/:faxEmailId', {
    config,
    schema: {
      tags,
      summary: 'Fax-to-email remove: stop sending this number’s faxes to an address',
      params: FaxEmailParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      await service.removeFaxEmail(ctx, await actor(req), req.params.faxNumberId, req.params.faxEmailId);
      return reply.status(204).send(null);
    },
  });

  app.get('/api/customer/services/fax/received/:faxId/pdf', {
    config,
    schema: {
      tags,
      summary: 'Fax download: a received fax as the PDF that arrived',
      params: ReceivedFaxParamsSchema,
      response: { 200: z.any().describe('application/pdf'), ...errorResponses(400, 401, 403, 404, 500) },
    },
    handler: async (req, reply) => {
      const file = await service.receivedFaxFile(ctx, await actor(req), req.params.faxId);
      return sendDownload(reply, {
        body: file.stream,
        contentType: 'application/pdf',
        fileName: file.fileName,
        sizeBytes: file.sizeBytes,
      });
    },
  });
}
