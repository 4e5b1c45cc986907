/**
 * Routes of the orders (issue 12): the customer's orders (own account only; the `services` permission), their
 * cancel and a change of packages; staff of the sales role (and admins) cancel any order and change packages at
 * any customer's location on the customer's behalf (the same change rules: customer-orders.service's one rule set).
 */
import {
  CancelOrderRequestSchema,
  ChangeOptionsSchema,
  ChangeOrderRequestSchema,
  ChangeOrderResultSchema,
  CustomerOrderDetailSchema,
  OrderIdParamsSchema,
  OrderSummaryListSchema,
  ServiceLocationParamsSchema,
  StaffCancelOrderRequestSchema,
  StaffChangeOptionsSchema,
  StaffChangeOrderRequestSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { actorWith } from '../customer-account/customer-access.service.js';
import * as service from './customer-orders.service.js';

export async function ordersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['orders'];
  const actor = (req: FastifyRequest) => actorWith(ctx, req, 'services');

  app.get('/api/customer/orders', {
    config,
    schema: {
      tags,
      summary: 'The account’s orders, newest first (status, address, dates, money)',
      response: { 200: OrderSummaryListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.listOrders(ctx, await actor(req)),
  });

  app.get('/api/customer/orders/:orderId', {
    config,
    schema: {
      tags,
      summary: 'One of the account’s orders: lines, money, work orders and the timeline; whether it may be cancelled',
      params: OrderIdParamsSchema,
      response: { 200: CustomerOrderDetailSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (req) => service.customerOrder(ctx, await actor(req), req.params.orderId),
  });

  app.post('/api/customer/orders/:orderId/cancel', {
    config,
    schema: {
      tags,
      summary: 'cancelOrder: cancels the order until its install starts; what was paid is refunded',
      params: OrderIdParamsSchema,
      body: CancelOrderRequestSchema,
      response: { 200: CustomerOrderDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (req) => service.customerCancel(ctx, await actor(req), req.params.orderId, req.body.reason),
  });

  app.get('/api/customer/orders/change-options/:serviceLocationId', {
    config,
    schema: {
      tags,
      summary: 'What a change of packages at one of the account’s locations may be (packages sold there, the ONT)',
      params: ServiceLocationParamsSchema,
      response: { 200: ChangeOptionsSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.changeOptions(ctx, await actor(req), req.params.serviceLocationId),
  });

  app.post('/api/customer/orders/changes', {
    config,
    schema: {
      tags,
      summary:
        'Change packages at a location: an ONT upgrade visit when the new speed needs one, else active at once (Idempotency-Key)',
      body: ChangeOrderRequestSchema,
      response: { 201: ChangeOrderResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await service.placeChange(ctx, await actor(req), req.body, idempotencyKeyOf(req))),
  });

  app.post('/api/staff/orders/:orderId/cancel', {
    config: { access: ['staff:sales'] },
    schema: {
      tags: ['staff'],
      summary: 'cancelOrder on a customer’s behalf (sales, admin): refunds what was paid; the reason is required',
      params: OrderIdParamsSchema,
      body: StaffCancelOrderRequestSchema,
      response: { 200: CustomerOrderDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (req) => {
      const user = viewerOf(req);
      return service.staffCancel(
        ctx,
        { userId: user.userId, employeeId: user.employeeId ?? null },
        req.params.orderId,
        req.body.reason,
      );
    },
  });

  app.get('/api/staff/orders/change-options/:serviceLocationId', {
    config: { access: ['staff:sales'] },
    schema: {
      tags: ['staff'],
      summary:
        'What a change of packages at a customer’s location may be, with the account it belongs to (sales, admin)',
      params: ServiceLocationParamsSchema,
      response: { 200: StaffChangeOptionsSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.staffChangeOptions(ctx, req.params.serviceLocationId),
  });

  app.post('/api/staff/orders/changes', {
    config: { access: ['staff:sales'] },
    schema: {
      tags: ['staff'],
      summary:
        'Change packages at a customer’s location on their behalf (sales, admin): the customer’s change rules, audited (Idempotency-Key required)',
      body: StaffChangeOrderRequestSchema,
      response: { 201: ChangeOrderResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      const user = viewerOf(req);
      const result = await service.staffPlaceChange(
        ctx,
        { userId: user.userId, employeeId: user.employeeId ?? null },
        req.body,
        idempotencyKeyOf(req),
      );
      return reply.status(201).send(result);
    },
  });
}
