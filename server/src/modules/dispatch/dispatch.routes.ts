/**
 * The staff dispatch board (issue 13 part 3): the board of a range of days, and assigning/scheduling work orders to
 * an installer or a contractor crew (one or several at once). Role `staff:dispatcher` (admins hold every role).
 */
import {
  AssignRequestSchema,
  AssignResultSchema,
  DispatchAvailabilityQuerySchema,
  DispatchAvailabilitySchema,
  DispatchBoardQuerySchema,
  DispatchBoardSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { assertDispatcher } from './dispatch.policy.js';
import * as service from './dispatch.service.js';

export async function dispatchRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  app.get('/api/staff/dispatch/board', {
    config: { access: ['staff:dispatcher'] },
    schema: {
      tags,
      summary: 'Dispatch board: installers and crews, unassigned, overdue and waiting work orders, slots of the days',
      querystring: DispatchBoardQuerySchema,
      response: { 200: DispatchBoardSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => service.board(ctx, assertDispatcher(viewerOf(req)), req.query),
  });

  app.get('/api/staff/dispatch/availability', {
    config: { access: ['staff:dispatcher'] },
    schema: {
      tags,
      summary: 'Who is free for a time: every installer and crew with the visits it would overlap',
      querystring: DispatchAvailabilityQuerySchema,
      response: { 200: DispatchAvailabilitySchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.availability(ctx, assertDispatcher(viewerOf(req)), req.query),
  });

  app.post('/api/staff/dispatch/assign', {
    config: { access: ['staff:dispatcher'] },
    schema: {
      tags,
      summary:
        'Assign work orders to an installer or a contractor crew, scheduled back to back from `start` (Idempotency-Key)',
      body: AssignRequestSchema,
      response: { 200: AssignResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (req) => service.assign(ctx, assertDispatcher(viewerOf(req)), req.body, idempotencyKeyOf(req)),
  });
}
