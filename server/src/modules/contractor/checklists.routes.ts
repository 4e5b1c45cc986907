/** Routes: checklist save and history, look-ups, assembly unit entries, contracts and unit price sheets. */
import {
  AssemblyUnitEntryParamsSchema,
  AssemblyUnitEntryRequestSchema,
  AssemblyUnitListSchema,
  ChecklistHistorySchema,
  ChecklistSaveResultSchema,
  ChecklistSaveSchema,
  ContractorWorkOrderParamsSchema,
  CupSheetSchema,
  DropTypeListSchema,
  DropTypesQuerySchema,
  FiberContractListSchema,
  FiberContractParamsSchema,
  SpliceCaseTypeListSchema,
  WorkOrderAssemblyUnitSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './checklists.service.js';
import { CONTRACTOR_ACCESS } from './contractor-work-orders.routes.js';

const tags = ['contractor'];
const EntryListSchema = z.array(WorkOrderAssemblyUnitSchema);

export function checklistRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.put('/api/contractor/work-orders/:workOrderId/checklist', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary:
        'updateCheckLists: saves the onsite checklist (rules of SPEC §4/§5; optional Idempotency-Key); 409 when complete',
      params: ContractorWorkOrderParamsSchema,
      body: ChecklistSaveSchema,
      response: { 200: ChecklistSaveResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (req) =>
      service.saveChecklist(ctx, viewerOf(req), req.params.workOrderId, req.body, idempotencyKeyOf(req)),
  });

  app.get('/api/contractor/work-orders/:workOrderId/checklist/history', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'Who saved the checklist, when, and what changed (newest first)',
      params: ContractorWorkOrderParamsSchema,
      response: { 200: ChecklistHistorySchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.checklistHistory(ctx, viewerOf(req), req.params.workOrderId),
  });

  app.post('/api/contractor/work-orders/:workOrderId/assembly-units', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'addWorkOrderAssemblyUnit (connectorized install; optional Idempotency-Key): the entries after it',
      params: ContractorWorkOrderParamsSchema,
      body: AssemblyUnitEntryRequestSchema,
      response: { 201: EntryListSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (req, reply) => {
      const entries = await service.addAssemblyUnit(
        ctx,
        viewerOf(req),
        req.params.workOrderId,
        req.body,
        idempotencyKeyOf(req),
      );
      return reply.status(201).send(entries);
    },
  });

  app.delete('/api/contractor/work-orders/:workOrderId/assembly-units/:entryId', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'Removes an assembly unit entry of an open connectorized install: the entries after it',
      params: AssemblyUnitEntryParamsSchema,
      response: { 200: EntryListSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.removeAssemblyUnit(ctx, viewerOf(req), req.params.workOrderId, req.params.entryId),
  });

  app.get('/api/contractor/drop-types', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'getFiberDropTypesWorkOrders (WOType): the drop types of a work order type',
      querystring: DropTypesQuerySchema,
      response: { 200: DropTypeListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.dropTypesFor(ctx, req.query.WOType),
  });

  app.get('/api/contractor/splice-case-types', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'getSpliceCaseTypes',
      response: { 200: SpliceCaseTypeListSchema, ...errorResponses(401, 403) },
    },
    handler: async () => service.spliceCaseTypes(ctx),
  });

  app.get('/api/contractor/assembly-units', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'Assembly units with the inputs each requires',
      response: { 200: AssemblyUnitListSchema, ...errorResponses(401, 403) },
    },
    handler: async () => service.assemblyUnits(ctx),
  });

  app.get('/api/contractor/contracts', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'getFiberContracts: the company’s fiber contracts',
      response: { 200: FiberContractListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.contracts(ctx, viewerOf(req)),
  });

  app.get('/api/contractor/contracts/:contractId/unit-prices', {
    config: { access: CONTRACTOR_ACCESS },
    schema: {
      tags,
      summary: 'getCUPSheet: a contract’s unit price per assembly unit',
      params: FiberContractParamsSchema,
      response: { 200: CupSheetSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.cupSheet(ctx, viewerOf(req), req.params.contractId),
  });
}
