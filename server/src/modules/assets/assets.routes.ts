/**
 * The equipment area's routes (SPEC §2 asset page, Scan Asset, ONT swap and upgrade; §7 getAsset,
 * getWorkOrdersAvailableActions, executeWorkOrdersAction, getWorkOrdersActionResponse, getSwapEquipmentData,
 * completeSwap, getUpgradeEquipmentData, showPortsSlotsInfo, completeUpgrade, getAssetsTiedToUser). Installers and
 * contractors read assets and act on them in a work order they may reach (assets.policy.ts); swaps, upgrades and
 * 'Add an asset' are the installer's.
 */
import {
  ActionRequestQuerySchema,
  ActionRequestSchema,
  AssetActionListSchema,
  AssetActionsQuerySchema,
  AssetEditDataSchema,
  AssetEditQuerySchema,
  AssetEditRequestSchema,
  AssetIdParamsSchema,
  AssetSchema,
  AssetTagParamsSchema,
  AssetTagSchema,
  AssignedEquipmentListSchema,
  SwapBodySchema,
  SwapDataSchema,
  SwapParamsSchema,
  TakeActionBodySchema,
  TakeActionResponseSchema,
  UpgradeBodySchema,
  UpgradePreviewBodySchema,
  UpgradePreviewSchema,
  UpgradeResponseSchema,
  WorkOrderIdParamsSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './assets.service.js';
import * as swap from './swap.service.js';

const FIELD = { access: ['installer', 'contractor'] } as const;
const INSTALLER = { access: ['installer'] } as const;
const TAGS = ['assets'];
const WO = '/api/installer/work-orders/:WOId';

export async function assetsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/assets/:nAssetId', {
    config: FIELD,
    schema: {
      tags: TAGS,
      summary: 'Asset by id with its ports (getAsset)',
      params: AssetIdParamsSchema,
      response: { 200: AssetSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getAssetById(ctx, viewerOf(req), req.params.nAssetId),
  });

  app.get('/api/assets/by-tag/:vcAssetID', {
    config: FIELD,
    schema: {
      tags: TAGS,
      summary: 'Asset by its label id (a scan or a typed id)',
      params: AssetTagParamsSchema,
      response: { 200: AssetSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getAssetByTag(ctx, viewerOf(req), req.params.vcAssetID),
  });

  app.get('/api/assets/:nAssetId/edit', {
    config: FIELD,
    schema: {
      tags: TAGS,
      summary: 'getAssetEditData: the asset’s serial, MAC, status and description, and its history of changes',
      params: AssetIdParamsSchema,
      querystring: AssetEditQuerySchema,
      response: { 200: AssetEditDataSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.getAssetEditData(ctx, viewerOf(req), req.query.WOId, req.params.nAssetId),
  });

  app.put('/api/assets/:nAssetId', {
    config: FIELD,
    schema: {
      tags: TAGS,
      summary: 'Correct an asset’s serial, MAC, status and description in a work order (each change kept)',
      params: AssetIdParamsSchema,
      body: AssetEditRequestSchema,
      response: { 200: AssetEditDataSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.editAsset(ctx, viewerOf(req), req.params.nAssetId, req.body),
  });

  app.get('/api/assets/:nAssetId/actions', {
    config: FIELD,
    schema: {
      tags: TAGS,
      summary: 'Available actions of an asset in a work order (39 never, 6 not for contractors)',
      params: AssetIdParamsSchema,
      querystring: AssetActionsQuerySchema,
      response: { 200: AssetActionListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.listAvailableActions(ctx, viewerOf(req), req.query.WOId, req.params.nAssetId),
  });

  app.post('/api/assets/:nAssetId/actions', {
    config: FIELD,
    schema: {
      tags: TAGS,
      summary: 'Take an action: records a durable request (Idempotency-Key required) and answers its RequestID',
      params: AssetIdParamsSchema,
      body: TakeActionBodySchema,
      response: { 201: TakeActionResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
    },
    handler: async (req, reply) => {
      const result = await service.takeAction(
        ctx,
        viewerOf(req),
        req.params.nAssetId,
        { actionId: req.body.ApplicationActionID, workOrderId: req.body.WorkOrderID },
        idempotencyKeyOf(req),
      );
      return reply.status(201).send(result.body);
    },
  });

  app.get('/api/asset-action-requests/:RequestID', {
    config: FIELD,
    schema: {
      tags: TAGS,
      summary: 'Confirm an action request and read its status (getWorkOrdersActionResponse)',
      params: z.object({ RequestID: z.coerce.number().int().positive() }),
      querystring: ActionRequestQuerySchema,
      response: { 200: ActionRequestSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      service.getActionRequest(ctx, viewerOf(req), req.params.RequestID, {
        workOrderId: req.query.WorkOrderID,
        assetTag: req.query.vcAssetID,
      }),
  });

  app.post(`${WO}/service-location/add-asset`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: "'Add an asset': ties an asset from the installer's stock to the service location",
      params: WorkOrderIdParamsSchema,
      body: z.object({ vcAssetID: AssetTagSchema }),
      response: { 200: AssetSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.addAssetToLocation(ctx, viewerOf(req), req.params.WOId, req.body.vcAssetID),
  });

  app.get('/api/installer/assigned-equipment', {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: "The installer's assigned equipment in stock at their NOC location (getAssetsTiedToUser)",
      response: { 200: AssignedEquipmentListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => swap.getAssignedEquipment(ctx, viewerOf(req)),
  });

  app.get(`${WO}/swap-ont/:ONTId`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Swap and upgrade data of an ONT (getSwapEquipmentData, getUpgradeEquipmentData)',
      params: SwapParamsSchema,
      response: { 200: SwapDataSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => swap.getSwapData(ctx, viewerOf(req), req.params.WOId, req.params.ONTId),
  });

  app.post(`${WO}/swap-ont`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Swap the ONT (completeSwap): one transaction; answers true',
      params: WorkOrderIdParamsSchema,
      body: SwapBodySchema,
      response: { 200: z.literal(true), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => swap.completeSwap(ctx, viewerOf(req), req.params.WOId, req.body),
  });

  app.post(`${WO}/upgrade-ont/preview`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Port mapping preview of an upgrade (showPortsSlotsInfo)',
      params: WorkOrderIdParamsSchema,
      body: UpgradePreviewBodySchema,
      response: { 200: UpgradePreviewSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => swap.previewUpgrade(ctx, viewerOf(req), req.params.WOId, req.body),
  });

  app.post(`${WO}/upgrade-ont`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Upgrade the ONT (completeUpgrade): one transaction; answers the new nAssetID',
      params: WorkOrderIdParamsSchema,
      body: UpgradeBodySchema,
      response: { 200: UpgradeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => swap.completeUpgrade(ctx, viewerOf(req), req.params.WOId, req.body),
  });
}
