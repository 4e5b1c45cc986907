/**
 * Sales orders in the staff back office (issue 13 part 2). Reads: sales and dispatchers (admins hold every role);
 * writes (notes, status): sales only. Writes take an Idempotency-Key and answer the order's page as it now is.
 */
import {
  OrderIdParamsSchema,
  StaffOrderListSchema,
  StaffOrderNoteRequestSchema,
  StaffOrderPageSchema,
  StaffOrderSearchQuerySchema,
  StaffOrderStatusRequestSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { assertMayEditOrders, assertMayReadOrders } from './staff-orders.policy.js';
import * as service from './staff-orders.service.js';

export async function staffOrdersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  app.get('/api/staff/orders', {
    config: { access: ['staff:sales', 'staff:dispatcher'] },
    schema: {
      tags,
      summary:
        'Search sales orders: customer name or number, address, order id; status; placed from/to; stuck; sorted; 25 a page',
      querystring: StaffOrderSearchQuerySchema,
      response: { 200: StaffOrderListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      assertMayReadOrders(viewerOf(req));
      const { q, status, from, to, stuck, sort, dir, page } = req.query;
      return service.listOrders(ctx, {
        q: q || undefined,
        status: status || undefined,
        from: from || undefined,
        to: to || undefined,
        stuck: stuck === 'true',
        sort: sort || undefined,
        dir: dir || undefined,
        page,
      });
    },
  });

  app.get('/api/staff/orders/:orderId', {
    config: { access: ['staff:sales', 'staff:dispatcher'] },
    schema: {
      tags,
      summary: "One order's page: customer, locations, lines, money, work orders with checklists, audit trail",
      params: OrderIdParamsSchema,
      response: { 200: StaffOrderPageSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.orderPage(ctx, assertMayReadOrders(viewerOf(req)), req.params.orderId),
  });

  app.post('/api/staff/orders/:orderId/notes', {
    config: { access: ['staff:sales'] },
    schema: {
      tags,
      summary: "Add a staff note to the order's timeline (Idempotency-Key)",
      params: OrderIdParamsSchema,
      body: StaffOrderNoteRequestSchema,
      response: { 201: StaffOrderPageSchema, ...errorResponses(400, 401, 403, 404, 422) },
    },
    handler: async (req, reply) => {
      const page = await service.addNote(
        ctx,
        assertMayEditOrders(viewerOf(req)),
        req.params.orderId,
        req.body,
        idempotencyKeyOf(req),
      );
      return reply.status(201).send(page);
    },
  });

  app.post('/api/staff/orders/:orderId/status', {
    config: { access: ['staff:sales'] },
    schema: {
      tags,
      summary: 'Move the order forward (domain mayMoveOrder; cancel has its own action) (Idempotency-Key)',
      params: OrderIdParamsSchema,
      body: StaffOrderStatusRequestSchema,
      response: { 200: StaffOrderPageSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (req) =>
      service.changeStatus(
        ctx,
        assertMayEditOrders(viewerOf(req)),
        req.params.orderId,
        req.body,
        idempotencyKeyOf(req),
      ),
  });
}
