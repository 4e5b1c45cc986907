/**
 * The installer map's service (SPEC §7 "Maps service token fetch; map layers read from a map service by layer id"):
 * GET /api/maps/token, the ArcGIS-REST-style FeatureServer query, and base tiles. Installers only; the feature query
 * wants both the session and a map token (as an ArcGIS service would); tiles are loaded by <img> elements, which send
 * no Authorization header, so they carry the map token in the URL instead.
 */
import {
  ApiErrorSchema,
  EstimatedDropLengthSchema,
  FeatureCollectionSchema,
  MapLayerParamsSchema,
  MapQuerySchema,
  MapTokenSchema,
  WorkOrderIdParamsSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './maps.service.js';

const tileNumber = (name: string) =>
  z
    .string()
    .regex(/^\d{1,8}$/, `${name} must be a whole number.`)
    .transform(Number);

const TileParamsSchema = z
  .object({ z: tileNumber('z'), x: tileNumber('x'), y: tileNumber('y') })
  .refine((t) => t.z <= 22, { message: 'z must be 0 to 22.', path: ['z'] })
  .refine((t) => t.x < 2 ** t.z && t.y < 2 ** t.z, { message: 'x and y must lie within the zoom level.', path: ['x'] });

export async function mapsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/maps/token', {
    config: { access: ['installer', 'contractor', 'staff:dispatcher'] },
    schema: {
      tags: ['maps'],
      summary: 'A maps service token (3600 s) with the feature service and tile addresses and the tiles’ credit',
      response: { 200: MapTokenSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.getToken(ctx, viewerOf(req).userId),
  });

  app.get(`${service.FEATURE_SERVICE_PATH}/:layerId/query`, {
    config: { access: ['installer'] },
    schema: {
      tags: ['maps'],
      summary: 'Features of a layer inside an envelope, as GeoJSON (ArcGIS REST style; needs a map token)',
      params: MapLayerParamsSchema,
      querystring: MapQuerySchema,
      response: { 200: FeatureCollectionSchema, 502: ApiErrorSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) =>
      service.queryLayer(ctx, viewerOf(req).userId, req.params.layerId, req.query.geometry, req.query.token),
  });

  app.get('/api/work-orders/:WOId/estimated-drop-length', {
    config: { access: ['installer', 'contractor'] },
    schema: {
      tags: ['maps'],
      summary: 'getEstimatedDropLength: the nearest splice point on the map and the drop length it suggests',
      params: WorkOrderIdParamsSchema,
      response: { 200: EstimatedDropLengthSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.estimatedDropLength(ctx, viewerOf(req), req.params.WOId),
  });

  app.get(`${service.TILE_PATH}/:z/:x/:y`, {
    config: { access: 'public' },
    schema: {
      tags: ['maps'],
      summary: 'A base-map tile from MAP_TILE_URL (needs a map token in `token`)',
      params: TileParamsSchema,
      querystring: z.object({ token: z.string().min(1, 'token is required.').max(400) }),
      response: { 404: ApiErrorSchema, 502: ApiErrorSchema, ...errorResponses(400, 403) },
    },
    handler: async (req, reply) =>
      sendTile(reply, await service.getTile(ctx, req.params.z, req.params.x, req.params.y, req.query.token)),
  });
}

function sendTile(reply: FastifyReply, tile: service.Tile) {
  return reply
    .header('content-type', tile.contentType)
    .header('cache-control', 'private, max-age=86400')
    .send(tile.body);
}
