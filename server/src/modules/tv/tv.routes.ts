/** TV app credentials on the Services page: the account's TV packages, and the credentials revealed or reset. */
import { TvCredentialsSchema, TvServiceSchema } from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './tv.service.js';
import { tvActor } from './tv.service.js';

export async function tvRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['services'];

  app.get('/api/customer/services/tv', {
    config,
    schema: {
      tags,
      summary: 'TV: the account’s active TV packages and the app their credentials sign in to (no credentials)',
      response: { 200: TvServiceSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.tvService(ctx, await tvActor(ctx, req)),
  });

  app.post('/api/customer/services/tv/credentials/reveal', {
    config,
    schema: {
      tags,
      summary: 'TV credentials by customer id, asked of the TV middleware (audited); 503 when it does not answer',
      response: { 200: TvCredentialsSchema, ...errorResponses(401, 403, 409, 503) },
    },
    handler: async (req) => service.revealTvCredentials(ctx, await tvActor(ctx, req)),
  });

  app.post('/api/customer/services/tv/credentials/reset', {
    config,
    schema: {
      tags,
      summary: 'New TV app credentials from the TV middleware (audited); the old password stops working',
      response: { 200: TvCredentialsSchema, ...errorResponses(401, 403, 409, 503) },
    },
    handler: async (req) => service.resetTvCredentials(ctx, await tvActor(ctx, req)),
  });
}
