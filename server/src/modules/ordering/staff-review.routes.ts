/**
 * Staff review of ordering (sales): temporary service locations to confirm or reject, and the service areas' status
 * (whose change tells the waiting leads). Every write is audited in staff-review.service.ts.
 */
import {
  ChangeServiceAreaSchema,
  ConfirmTempLocationSchema,
  RejectTempLocationSchema,
  ServiceAreaChangeResultSchema,
  ServiceAreaParamsSchema,
  StaffServiceAreaListSchema,
  StaffTempLocationListSchema,
  TempLocationParamsSchema,
  TempLocationQuerySchema,
  TempLocationReviewResultSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './staff-review.service.js';

export async function staffReviewRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['staff:sales'] } as const;
  const tags = ['staff'];
  const by = (req: FastifyRequest) => {
    const s = viewerOf(req);
    return { userId: s.userId, employeeId: s.employeeId ?? null };
  };

  app.get('/api/staff/temp-locations', {
    config,
    schema: {
      tags,
      summary:
        'Temporary service locations (addresses kept as typed) by review status and address search, a page at a time: those with orders first, then the newest',
      querystring: TempLocationQuerySchema,
      response: { 200: StaffTempLocationListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => service.listTempLocations(ctx, req.query),
  });

  app.post('/api/staff/temp-locations/:tempLocationId/confirm', {
    config,
    schema: {
      tags,
      summary:
        'Confirm a temporary service location with its standardized address and position: its orders move to it, their customers and the leads there are told',
      params: TempLocationParamsSchema,
      body: ConfirmTempLocationSchema,
      response: { 200: TempLocationReviewResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.confirmTempLocation(ctx, by(req), req.params.tempLocationId, req.body),
  });

  app.post('/api/staff/temp-locations/:tempLocationId/reject', {
    config,
    schema: {
      tags,
      summary: 'Reject a temporary service location with a reason (refused while an order waits on it); leads are told',
      params: TempLocationParamsSchema,
      body: RejectTempLocationSchema,
      response: { 200: TempLocationReviewResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.rejectTempLocation(ctx, by(req), req.params.tempLocationId, req.body.reason),
  });

  app.get('/api/staff/service-areas', {
    config,
    schema: {
      tags,
      summary: 'The service areas of the map with their status and the leads waiting inside',
      response: { 200: StaffServiceAreaListSchema, ...errorResponses(401, 403) },
    },
    handler: async () => service.listServiceAreas(ctx),
  });

  app.put('/api/staff/service-areas/:areaId', {
    config,
    schema: {
      tags,
      summary:
        'Change a service area’s status; when it now sells fiber, every waiting lead inside is mailed once with a link to order',
      params: ServiceAreaParamsSchema,
      body: ChangeServiceAreaSchema,
      response: { 200: ServiceAreaChangeResultSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.changeServiceArea(ctx, by(req), req.params.areaId, req.body.areaKind),
  });
}
