/** The customer home's one read (issue 28): balance, locations, the next appointment, open tickets and notices. */
import { CustomerHomeSchema } from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../plugins/openapi.js';
import { customerActor } from '../customer-account/customer-access.service.js';
import { customerHome } from './customer-home.service.js';

export async function customerHomeRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/customer/home', {
    config: { access: ['customer'] },
    schema: {
      tags: ['account info'],
      summary: 'The customer home: what this user may see of bills, services, appointments, tickets and notices',
      response: { 200: CustomerHomeSchema, ...errorResponses(401, 403) },
    },
    // Each piece is checked against the user's permission categories in the service (customer-home.policy.ts).
    handler: async (req) => customerHome(ctx, await customerActor(ctx, req)),
  });
}
