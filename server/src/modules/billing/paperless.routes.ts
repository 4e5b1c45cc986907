/** Paperless billing (issue 28): read with "View bills", change with "Pay bills"; always the session's account. */
import { PaperlessRequestSchema, PaperlessSchema } from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../plugins/openapi.js';
import { actorWith } from '../customer-account/customer-access.service.js';
import { changePaperless, getPaperless } from './paperless.service.js';

export function paperlessRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['billing center'];

  app.get('/api/customer/billing/paperless', {
    config,
    schema: {
      tags,
      summary: 'Whether the account gets its bills by email only, and whether this user may change that',
      response: { 200: PaperlessSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => getPaperless(ctx, await actorWith(ctx, req, 'billing-view')),
  });

  app.put('/api/customer/billing/paperless', {
    config,
    schema: {
      tags,
      summary: 'Turn paperless billing on or off for the account',
      body: PaperlessRequestSchema,
      response: { 200: PaperlessSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => changePaperless(ctx, await actorWith(ctx, req, 'billing-pay'), req.body.paperless),
  });
}
