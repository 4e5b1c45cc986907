/** Routes of the account's users and their permission categories; all need the account-users permission. */
import {
  AddUserRequestSchema,
  CustomerUserListSchema,
  CustomerUserSchema,
  UpdatePermissionsRequestSchema,
  UpdateUserRequestSchema,
  UserIdParamsSchema,
  UserPermissionsSchema,
} from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../lib/idempotency.js';
import { errorResponses } from '../../plugins/openapi.js';
import { actorWith } from './customer-access.service.js';
import * as service from './users.service.js';

export function usersRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['customer'] } as const;
  const tags = ['account info'];
  const actor = (req: Parameters<typeof actorWith>[1]) => actorWith(ctx, req, 'account-users');

  app.get('/api/customer/users', {
    config,
    schema: {
      tags,
      summary: 'getUsers: the account’s online users with their permission categories',
      response: { 200: CustomerUserListSchema, ...errorResponses(401, 403) },
    },
    handler: async (req) => service.listUsers(ctx, await actor(req)),
  });

  app.post('/api/customer/users', {
    config,
    schema: {
      tags,
      summary: 'addUser: add a user to the account (Idempotency-Key header: a retry adds it once)',
      body: AddUserRequestSchema,
      response: { 201: CustomerUserSchema, ...errorResponses(400, 401, 403, 409, 422) },
    },
    handler: async (req, reply) => {
      const result = await service.addUser(ctx, await actor(req), req.body, idempotencyKeyOf(req));
      return reply.status(result.statusCode as 201).send(result.user);
    },
  });

  app.put('/api/customer/users/:userId', {
    config,
    schema: {
      tags,
      summary: 'updateUser: change a user’s name, email, or whether the user is active',
      params: UserIdParamsSchema,
      body: UpdateUserRequestSchema,
      response: { 200: CustomerUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.updateUser(ctx, await actor(req), req.params.userId, req.body),
  });

  app.get('/api/customer/users/:userId/permissions', {
    config,
    schema: {
      tags,
      summary: 'getPermissionCategories: every category and whether the selected user holds it',
      params: UserIdParamsSchema,
      response: { 200: UserPermissionsSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.userPermissions(ctx, await actor(req), req.params.userId),
  });

  app.put('/api/customer/users/:userId/permissions', {
    config,
    schema: {
      tags,
      summary: 'updatePermissions: set the selected user’s categories (UtilityList)',
      params: UserIdParamsSchema,
      body: UpdatePermissionsRequestSchema,
      response: { 200: UserPermissionsSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => service.updatePermissions(ctx, await actor(req), req.params.userId, req.body.UtilityList),
  });
}
