/** Routes: calendar events, map data and restoration tickets. */
import {
  AddRestorationNoteSchema,
  ContractorCalendarEventListSchema,
  ContractorCalendarQuerySchema,
  ContractorMapDataSchema,
  RestorationNoteSchema,
  RestorationQuerySchema,
  RestorationTicketListSchema,
  RestorationTicketParamsSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { CONTRACTOR_ACCESS } from './contractor-work-orders.routes.js';
import * as service from './field.service.js';
import { sendFile } from './files.routes.js';

const tags = ['contractor'];

export function fieldRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/contractor/calendar-events', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'getCalendarEvents: the company’s events overlapping [start, end)',
      querystring: ContractorCalendarQuerySchema,
      response: { 200: ContractorCalendarEventListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => service.calendarEvents(ctx, viewerOf(req), req.query.start, req.query.end),
  });

  app.get('/api/contractor/map-data', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'getMapData / getGISObjectIds: the company’s work orders with GIS object ids, and plant around them',
      response: { 200: ContractorMapDataSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.mapData(ctx, viewerOf(req)),
  });

  app.get('/api/contractor/restoration-tickets', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'selectRestorationTickets: the company’s tickets with their notes, newest first',
      querystring: RestorationQuerySchema,
      response: { 200: RestorationTicketListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => service.restorationTickets(ctx, viewerOf(req), req.query.status),
  });

  app.post('/api/contractor/restoration-tickets/:ticketId/notes', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'addRestorationTicketNote (optional Idempotency-Key)',
      params: RestorationTicketParamsSchema,
      body: AddRestorationNoteSchema,
      response: { 201: RestorationNoteSchema, ...errorResponses(400, 401, 403, 404, 422) },
    },
    handler: async (req, reply) => {
      const note = await service.addRestorationNote(
        ctx,
        viewerOf(req),
        req.params.ticketId,
        req.body.txtNote,
        idempotencyKeyOf(req),
      );
      return reply.status(201).send(note);
    },
  });

  app.get('/api/contractor/restoration-tickets/:ticketId/image', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'viewTroubleTicketImage: the ticket’s image',
      params: RestorationTicketParamsSchema,
      response: errorResponses(400, 401, 403, 404, 500),
    },
    handler: async (req, reply) => {
      const image = await service.ticketImage(ctx, viewerOf(req), req.params.ticketId);
      return sendFile(
        reply,
        image,
        'inline',
        `restoration-ticket-${req.params.ticketId}.${image.contentType.split('/')[1]}`,
      );
    },
  });
}
