/** Customer account routes: the account summary (owner or staff) and the staff customer search. */
import {
  AccountSummarySchema,
  CustomerIdParamsSchema,
  CustomerMatchListSchema,
  CustomerSearchQuerySchema,
  MakeBusinessResponseSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { assertMayReadAccount } from './accounts.policy.js';
import * as service from './accounts.service.js';

export async function accountsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/accounts/:vcCustomerID', {
    config: { access: ['customer', 'staff'] },
    schema: {
      tags: ['accounts'],
      summary: 'Summary of a customer account (its own users, or staff)',
      params: CustomerIdParamsSchema,
      response: { 200: AccountSummarySchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      assertMayReadAccount(viewerOf(req), req.params.vcCustomerID);
      return service.getAccountSummary(ctx, req.params.vcCustomerID);
    },
  });

  app.get('/api/staff/customers', {
    config: { access: ['staff'] },
    schema: {
      tags: ['staff'],
      summary: `Find customer accounts by number or name (at most ${service.CUSTOMER_SEARCH_LIMIT})`,
      querystring: CustomerSearchQuerySchema,
      response: { 200: CustomerMatchListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => service.searchCustomers(ctx, req.query.q),
  });

  app.post('/api/staff/customers/:vcCustomerID/business', {
    config: { access: ['staff:sales'] },
    schema: {
      tags: ['staff'],
      summary: 'Business customer function trigger: make a residential or consumer account a Business account',
      params: CustomerIdParamsSchema,
      response: { 200: MakeBusinessResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.makeBusiness(ctx, viewerOf(req), req.params.vcCustomerID),
  });
}
