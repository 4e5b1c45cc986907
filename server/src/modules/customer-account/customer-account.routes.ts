/** The customer portal's account side: the overview, contact methods and users (SPEC §7 Account info). */
import { CustomerAccountSchema } from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../plugins/openapi.js';
import { getAccount } from './account.service.js';
import { contactsRoutes } from './contacts.routes.js';
import { customerActor } from './customer-access.service.js';
import { usersRoutes } from './users.routes.js';

export async function customerAccountRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/customer/account', {
    config: { access: ['customer'] },
    schema: {
      tags: ['account info'],
      summary: 'The signed-in customer’s account, permissions and locations',
      response: { 200: CustomerAccountSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => getAccount(ctx, await customerActor(ctx, req)),
  });

  contactsRoutes(fastify, ctx);
  usersRoutes(fastify, ctx);
}
