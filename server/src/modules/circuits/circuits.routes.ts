/** Circuit stats and tone tests over SNMP (SPEC §2 circuits, §7 getCircuitStats, setTestTone); installers only. */
import {
  CircuitStatsParamsSchema,
  CircuitStatsSchema,
  ToneTestBodySchema,
  ToneTestResponseSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './circuits.service.js';

const INSTALLER = { access: ['installer'] } as const;
const TAGS = ['circuits'];
const CIRCUIT = '/api/installer/work-orders/:WOId/circuits/:socketRecordID';

export async function circuitsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(`${CIRCUIT}/stats`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: 'Live stats of a circuit read from its OLT over SNMP (getCircuitStats)',
      params: CircuitStatsParamsSchema,
      response: { 200: CircuitStatsSchema, ...errorResponses(400, 401, 403, 404, 502, 504) },
    },
    handler: async (req) => service.getCircuitStats(ctx, viewerOf(req), req.params.WOId, req.params.socketRecordID),
  });

  app.post(`${CIRCUIT}/tone-test`, {
    config: INSTALLER,
    schema: {
      tags: TAGS,
      summary: "Start ('1' loop, '2' network) or stop ('3') a tone test on the circuit's port (setTestTone)",
      params: CircuitStatsParamsSchema,
      body: ToneTestBodySchema,
      response: { 200: ToneTestResponseSchema, ...errorResponses(400, 401, 403, 404, 502, 504) },
    },
    handler: async (req) =>
      service.setToneTest(ctx, viewerOf(req), req.params.WOId, req.params.socketRecordID, req.body),
  });
}
