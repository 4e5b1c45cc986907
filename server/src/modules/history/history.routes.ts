/**
 * Timelines (issue 29 item 5): GET /api/staff/history (every staff role; a subject by type + id, filtered by actor,
 * action and dates, 25 a page) and GET /api/customer/activity (the session's own account, plain words).
 */
import {
  CustomerActivityQuerySchema,
  CustomerActivitySchema,
  HistoryPageSchema,
  StaffHistoryQuerySchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { customerActor } from '../customer-account/customer-access.service.js';
import { assertStaff } from './history.policy.js';
import * as service from './history.service.js';

export async function historyRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/staff/history', {
    config: { access: ['staff'] },
    schema: {
      tags: ['staff'],
      summary: "A subject's timeline: an account, order (with its work orders), work order, ticket or payment",
      querystring: StaffHistoryQuerySchema,
      response: { 200: HistoryPageSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      assertStaff(viewerOf(req));
      return service.staffHistory(ctx, req.query);
    },
  });

  app.get('/api/customer/activity', {
    config: { access: ['customer'] },
    schema: {
      tags: ['customer'],
      summary: "Recent activity on the session's own account, in plain words, newest first",
      querystring: CustomerActivityQuerySchema,
      response: { 200: CustomerActivitySchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const actor = await customerActor(ctx, req);
      return service.customerActivity(ctx, actor.customerId, req.query.page);
    },
  });
}
