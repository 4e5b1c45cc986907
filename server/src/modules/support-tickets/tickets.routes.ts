/**
 * Routes of trouble tickets (tickets permission), business-center requests and the categories they are filed under
 * (business-center permission), and the staff's management of those categories (admin role).
 */
import {
  BusinessCenterCategoryListSchema,
  BusinessCenterCategoryParamsSchema,
  BusinessCenterCategoryUpdateSchema,
  BusinessCenterRequestListSchema,
  BusinessCenterRequestParamsSchema,
  BusinessCenterRequestSchema,
  NewBusinessCenterCategorySchema,
  NewBusinessCenterRequestSchema,
  NewTroubleTicketSchema,
  ServiceLocationParamsSchema,
  StaffBusinessCenterCategoryListSchema,
  StaffBusinessCenterCategorySchema,
  StaffBusinessRequestSchema,
  StaffBusinessRequestUpdateSchema,
  StaffTicketAnswerSchema,
  StaffTicketListSchema,
  StaffTicketQuerySchema,
  TicketCategoryListSchema,
  TicketParamsSchema,
  TicketReplySchema,
  TroubleTicketListSchema,
  TroubleTicketPageSchema,
  TroubleTicketSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { assertBusinessAccount } from '../customer-account/customer-access.policy.js';
import { actorWith } from '../customer-account/customer-access.service.js';
import * as categories from './categories.service.js';
import * as timeline from './ticket-timeline.service.js';
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

  app.get('/api/customer/trouble-tickets/categories', {
    config,
    schema: {
      tags,
      summary: 'The trouble-ticket categories with the expected response time of each, in hours',
      response: { 200: TicketCategoryListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => {
      await actorWith(ctx, req, 'tickets');
      return timeline.ticketCategories(ctx);
    },
  });

  app.get('/api/customer/trouble-tickets/:ticketId', {
    config,
    schema: {
      tags,
      summary: 'A trouble ticket’s page: status, what was submitted, expected response time, staff answers and replies',
      params: TicketParamsSchema,
      response: { 200: TroubleTicketPageSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => timeline.ticketPage(ctx, await actorWith(ctx, req, 'tickets'), req.params.ticketId),
  });

  app.post('/api/customer/trouble-tickets/:ticketId/replies', {
    config,
    schema: {
      tags,
      summary: 'Reply to a trouble ticket (opens it again when it waited on the customer or was resolved)',
      params: TicketParamsSchema,
      body: TicketReplySchema,
      response: { 201: TroubleTicketPageSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await timeline.replyToTicket(ctx, await actorWith(ctx, req, 'tickets'), req.params.ticketId, req.body)),
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

  app.get('/api/customer/business-center/categories', {
    config,
    schema: {
      tags,
      summary: 'Business center categories: the ones a new request may be filed under, in order',
      response: { 200: BusinessCenterCategoryListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => {
      await businessActor(req);
      return categories.offeredCategories(ctx);
    },
  });

  const supportConfig = { access: ['staff:sales', 'staff:dispatcher'] } as const;

  app.get('/api/staff/trouble-tickets', {
    config: supportConfig,
    schema: {
      tags: ['staff'],
      summary: 'Trouble tickets of every account by status (open, waiting, resolved, all), longest waiting first',
      querystring: StaffTicketQuerySchema,
      response: { 200: StaffTicketListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => timeline.staffTickets(ctx, req.query),
  });

  app.get('/api/staff/trouble-tickets/:ticketId', {
    config: supportConfig,
    schema: {
      tags: ['staff'],
      summary: 'A trouble ticket’s page, as the customer sees it',
      params: TicketParamsSchema,
      response: { 200: TroubleTicketPageSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => timeline.staffTicketPage(ctx, req.params.ticketId),
  });

  app.post('/api/staff/trouble-tickets/:ticketId/answers', {
    config: supportConfig,
    schema: {
      tags: ['staff'],
      summary: 'Answer a trouble ticket and set its status (Open, Waiting on customer, Resolved)',
      params: TicketParamsSchema,
      body: StaffTicketAnswerSchema,
      response: { 201: TroubleTicketPageSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await timeline.staffAnswer(ctx, viewerOf(req), req.params.ticketId, req.body)),
  });

  app.patch('/api/staff/business-center/requests/:requestId', {
    config: supportConfig,
    schema: {
      tags: ['staff'],
      summary: 'Set a business-center request’s status (Open, In Progress, Closed); the account is told',
      params: BusinessCenterRequestParamsSchema,
      body: StaffBusinessRequestUpdateSchema,
      response: { 200: StaffBusinessRequestSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.updateBusinessCenterRequest(ctx, viewerOf(req), req.params.requestId, req.body),
  });

  const staffConfig = { access: ['staff:admin'] } as const;
  const staffTags = ['staff'];

  app.get('/api/staff/business-center/categories', {
    config: staffConfig,
    schema: {
      tags: staffTags,
      summary: 'Every business-center category, retired ones too, with how many requests carry each',
      response: { 200: StaffBusinessCenterCategoryListSchema, ...errorResponses(401, 403) },
    },
    handler: async () => categories.staffCategories(ctx),
  });

  app.post('/api/staff/business-center/categories', {
    config: staffConfig,
    schema: {
      tags: staffTags,
      summary: 'Add a business-center category (last in the list)',
      body: NewBusinessCenterCategorySchema,
      response: { 201: StaffBusinessCenterCategorySchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (req, reply) => reply.status(201).send(await categories.addCategory(ctx, viewerOf(req), req.body)),
  });

  app.patch('/api/staff/business-center/categories/:categoryId', {
    config: staffConfig,
    schema: {
      tags: staffTags,
      summary: 'Rename, move or retire (or bring back) a business-center category; answers the whole list',
      params: BusinessCenterCategoryParamsSchema,
      body: BusinessCenterCategoryUpdateSchema,
      response: { 200: StaffBusinessCenterCategoryListSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => categories.updateCategory(ctx, viewerOf(req), req.params.categoryId, req.body),
  });
}
