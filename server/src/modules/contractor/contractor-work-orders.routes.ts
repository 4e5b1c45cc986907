/** Routes: home, search and the remembered last search, one work order, acknowledgement. */
import {
  AcknowledgementSchema,
  AcknowledgeRequestSchema,
  ContractorHomeQuerySchema,
  ContractorHomeSchema,
  ContractorLastSearchSchema,
  ContractorNearbyResultSchema,
  ContractorNearbySchema,
  ContractorSearchResultSchema,
  ContractorSearchSchema,
  ContractorWorkOrderParamsSchema,
  ContractorWorkOrderSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './contractor-work-orders.service.js';

export const CONTRACTOR_ACCESS = ['contractor'] as const;
const tags = ['contractor'];

export function contractorWorkOrderRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/contractor/home', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary:
        'Contractor Home: counts of open, awaiting acknowledgement, due today and overdue work, and a page of one list',
      querystring: ContractorHomeQuerySchema,
      response: { 200: ContractorHomeSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => service.home(ctx, viewerOf(req), req.query),
  });

  app.post('/api/contractor/work-orders/search', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'searchContractorWorkOrders: the company’s work orders; the criteria become the last search',
      body: ContractorSearchSchema,
      response: { 200: ContractorSearchResultSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => service.searchWorkOrders(ctx, viewerOf(req), req.body),
  });

  app.get('/api/contractor/work-orders/nearby', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'Scan Asset: the company’s open work orders nearest a position (assigned to you unless unticked)',
      querystring: ContractorNearbySchema,
      response: { 200: ContractorNearbyResultSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => service.nearbyWorkOrders(ctx, viewerOf(req), req.query),
  });

  app.get('/api/contractor/work-orders/last-search', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'queryLastWOSearch: the user’s last search criteria, or null, and the answer of the page’s first search',
      response: { 200: ContractorLastSearchSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.lastSearch(ctx, viewerOf(req)),
  });

  app.get('/api/contractor/work-orders/:workOrderId', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'getWorkOrderHelper / getFiber*WorkOrderDetails: one work order with its checklist',
      params: ContractorWorkOrderParamsSchema,
      response: { 200: ContractorWorkOrderSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getWorkOrder(ctx, viewerOf(req), req.params.workOrderId),
  });

  app.get('/api/contractor/work-orders/:workOrderId/acknowledgement', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'getWorkorderAcknowledge',
      params: ContractorWorkOrderParamsSchema,
      response: { 200: AcknowledgementSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getAcknowledgement(ctx, viewerOf(req), req.params.workOrderId),
  });

  app.put('/api/contractor/work-orders/:workOrderId/acknowledgement', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'updateAcknowledgeWorkOrder (ack): 1 acknowledges, 0 withdraws; repeating it changes nothing',
      params: ContractorWorkOrderParamsSchema,
      body: AcknowledgeRequestSchema,
      response: { 200: AcknowledgementSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.updateAcknowledgement(ctx, viewerOf(req), req.params.workOrderId, req.body.ack),
  });
}
