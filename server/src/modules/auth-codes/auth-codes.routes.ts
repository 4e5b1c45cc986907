/**
 * Auth-code routes: staff (network role; admins too) under /api/staff/auth-codes, the business customer's own list
 * under /api/customer/services/auth-codes (Services permission, business accounts only).
 */
import {
  AuthCodeListSchema,
  AuthCodeParamsSchema,
  AuthCodeSchema,
  AuthCodeSearchQuerySchema,
  AuthCodeUpdateSchema,
  CustomerAuthCodeListSchema,
  NewAuthCodeResponseSchema,
  NewAuthCodeSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { actorWith } from '../customer-account/customer-access.service.js';
import { assertBusinessCustomer, assertNetworkStaff } from './auth-codes.policy.js';
import * as service from './auth-codes.service.js';

export async function authCodesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['staff:network'] } as const;
  const tags = ['staff'];

  app.get('/api/staff/auth-codes', {
    config,
    schema: {
      tags,
      summary: 'Search auth codes by customer, the last digits of the code, or status (pending: not yet confirmed)',
      querystring: AuthCodeSearchQuerySchema,
      response: { 200: AuthCodeListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      assertNetworkStaff(viewerOf(req));
      return service.searchAuthCodes(ctx, req.query);
    },
  });

  app.get('/api/staff/auth-codes/:authCodeId', {
    config,
    schema: {
      tags,
      summary: 'One auth code (masked)',
      params: AuthCodeParamsSchema,
      response: { 200: AuthCodeSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      assertNetworkStaff(viewerOf(req));
      return service.getAuthCode(ctx, req.params.authCodeId);
    },
  });

  app.post('/api/staff/auth-codes', {
    config,
    schema: {
      tags,
      summary: 'Add an auth code for a business account: the server makes it; this answer is the only one with it',
      body: NewAuthCodeSchema,
      response: {
        201: NewAuthCodeResponseSchema,
        200: NewAuthCodeResponseSchema,
        ...errorResponses(400, 401, 403, 422),
      },
    },
    handler: async (req, reply) => {
      const staff = assertNetworkStaff(viewerOf(req));
      const result = await service.addAuthCode(ctx, staff, req.body, idempotencyKeyOf(req));
      return reply.status(result.statusCode as 201).send(result.body);
    },
  });

  app.patch('/api/staff/auth-codes/:authCodeId', {
    config,
    schema: {
      tags,
      summary: 'Edit an auth code: description, class of service, active or suspended (pushed to the switch)',
      params: AuthCodeParamsSchema,
      body: AuthCodeUpdateSchema,
      response: { 200: AuthCodeSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      service.updateAuthCode(ctx, assertNetworkStaff(viewerOf(req)), req.params.authCodeId, req.body),
  });

  app.post('/api/staff/auth-codes/:authCodeId/retry', {
    config,
    schema: {
      tags,
      summary: 'Push a failed auth code to the switch again',
      params: AuthCodeParamsSchema,
      response: { 200: AuthCodeSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.retryAuthCode(ctx, assertNetworkStaff(viewerOf(req)), req.params.authCodeId),
  });

  app.delete('/api/staff/auth-codes/:authCodeId', {
    config,
    schema: {
      tags,
      summary: 'Remove an auth code (the switch is told; until then it shows as removing)',
      params: AuthCodeParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      await service.removeAuthCode(ctx, assertNetworkStaff(viewerOf(req)), req.params.authCodeId);
      return reply.status(204).send(null);
    },
  });

  app.get('/api/customer/services/auth-codes', {
    config: { access: ['customer'] },
    schema: {
      tags: ['services'],
      summary: 'The business account’s auth codes, masked (Services permission; business accounts only)',
      response: { 200: CustomerAuthCodeListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => {
      const actor = assertBusinessCustomer(await actorWith(ctx, req, 'services'));
      return { authCodes: await service.customerAuthCodes(ctx, actor) };
    },
  });
}
