/** Routes of trouble tickets (tickets permission) and business-center requests (business-center permission). */
import {
  BusinessCenterRequestListSchema,
  BusinessCenterRequestSchema,
  NewBusinessCenterRequestSchema,
  NewTroubleTicketSchema,
  ServiceLocationParamsSchema,
  TroubleTicketListSchema,
  TroubleTicketSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { errorResponses } from '../../plugins/openapi.js';
import { actorWith, assertBusinessAccount } from '../customer-account/customer-access.policy.js';
import * as service from './tickets.service.js';

export async function supportTicketsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['support'];
  const businessActor = async (req: FastifyRequest) => {
    const actor = await actorWith(ctx, req, 'business-center');
    assertBusinessAccount(actor);
    return actor;
  };

  app.get('/api/customer/service-locations/:serviceLocationId/trouble-tickets', {
    config,
    schema: {
      tags,
      summary: 'getTroubleTickets: the trouble tickets of one of the account’s service locations, newest first',
      params: ServiceLocationParamsSchema,
      response: { 200: TroubleTicketListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      service.troubleTickets(ctx, await actorWith(ctx, req, 'tickets'), req.params.serviceLocationId),
  });

  app.post('/api/customer/service-locations/:serviceLocationId/trouble-tickets', {
    config,
    schema: {
      tags,
      summary: 'submitNewTroubleTicket: report a problem at a service location (Idempotency-Key: filed once)',
      params: ServiceLocationParamsSchema,
      body: NewTroubleTicketSchema,
      response: { 201: TroubleTicketSchema, ...errorResponses(400, 401, 403, 404, 422) },
    },
    handler: async (req, reply) => {
      const actor = await actorWith(ctx, req, 'tickets');
      const result = await service.submitTroubleTicket(
        ctx,
        actor,
        req.params.serviceLocationId,
        req.body,
        idempotencyKeyOf(req),
      );
      return reply.status(result.statusCode as 201).send(result.ticket);
    },
  });

  app.get('/api/customer/business-center/requests', {
    config,
    schema: {
      tags,
      summary: 'getBusinessCenterRequestTickets: the business account’s requests, newest first',
      response: { 200: BusinessCenterRequestListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.businessCenterRequests(ctx, await businessActor(req)),
  });

  app.post('/api/customer/business-center/requests', {
    config,
    schema: {
      tags,
      summary: 'createBusinessCenterRequestTicket: ask the business center for a change (Idempotency-Key: once)',
      body: NewBusinessCenterRequestSchema,
      response: { 201: BusinessCenterRequestSchema, ...errorResponses(400, 401, 403, 422) },
    },
    handler: async (req, reply) => {
      const result = await service.createBusinessCenterRequest(
        ctx,
        await businessActor(req),
        req.body,
        idempotencyKeyOf(req),
      );
      return reply.status(result.statusCode as 201).send(result.request);
    },
  });
}
