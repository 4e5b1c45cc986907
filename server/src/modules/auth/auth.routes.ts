/** Routes of sign-in, registration, account recovery, super-user login and the session log. */
import {
  ChangePasswordRequestSchema,
  ConfirmEmailRequestSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  RecoveryRequestSchema,
  RegisterRequestSchema,
  RegistrationCodeRequestSchema,
  ResetPasswordRequestSchema,
  SessionLogResponseSchema,
  SuperLinkRequestSchema,
  SuperLinkResponseSchema,
  SuperLoginRequestSchema,
  TokenResponseSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import { assertMayIssueSuperLink } from './auth.policy.js';
import { confirmEmailChange } from './email-change.service.js';
import { requestRecovery, requestRegistrationCode } from './mail-queue.service.js';
import { changePassword } from './password-change.service.js';
import { RECOVERY_SENT, resetPassword } from './recovery.service.js';
import { REGISTRATION_CODE_SENT, register } from './registration.service.js';
import { login, logout, logSession } from './sign-in.service.js';
import { issueSuperLink, superLogin } from './super-user-links.service.js';

const userAgentOf = (req: FastifyRequest) => req.headers['user-agent'] ?? null;

export async function authRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];

  app.post('/api/auth/login', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Sign in with username and password',
      body: LoginRequestSchema,
      response: { 200: TokenResponseSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (req) => login(ctx, { ...req.body, ip: req.ip, userAgent: userAgentOf(req) }),
  });

  app.post('/api/auth/logout', {
    config: { access: 'authenticated', endsSession: true },
    schema: {
      tags,
      summary: 'End this session (its token stops working on every server); ending an ended session answers the same',
      response: { 204: z.null(), ...errorResponses(401) },
    },
    handler: async (req, reply) => {
      await logout(ctx, viewerOf(req));
      return reply.status(204).send(null);
    },
  });

  app.post('/api/auth/register', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Create the first online user of a customer account (account number and its registration code)',
      body: RegisterRequestSchema,
      response: { 201: TokenResponseSchema, ...errorResponses(400, 409, 429) },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await register(ctx, req.body, { ip: req.ip, userAgent: userAgentOf(req) })),
  });

  app.post('/api/auth/registration-code', {
    config: { access: 'public', limit: 'mail' },
    schema: {
      tags,
      summary: "Mail an account's registration code to its email on file (the same answer for every account)",
      body: RegistrationCodeRequestSchema,
      response: { 202: MessageResponseSchema, ...errorResponses(400) },
    },
    handler: async (req, reply) => {
      await requestRegistrationCode(ctx, req.body.vcCustomerID);
      return reply.status(202).send({ message: REGISTRATION_CODE_SENT });
    },
  });

  app.post('/api/auth/confirm-email', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Confirm a new email address with the link mailed to it',
      body: ConfirmEmailRequestSchema,
      response: { 200: MessageResponseSchema, ...errorResponses(400) },
    },
    handler: async (req) => {
      await confirmEmailChange(ctx, req.body.token);
      return { message: 'Your new email address is confirmed. Password reset links will go there from now on.' };
    },
  });

  app.post('/api/auth/recovery', {
    config: { access: 'public', limit: 'mail' },
    schema: {
      tags,
      summary: 'Mail a one-time password reset link (the answer is the same whether or not the user exists)',
      body: RecoveryRequestSchema,
      response: { 202: MessageResponseSchema, ...errorResponses(400) },
    },
    handler: async (req, reply) => {
      await requestRecovery(ctx, req.body.identifier);
      return reply.status(202).send({ message: RECOVERY_SENT });
    },
  });

  app.post('/api/auth/reset', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Set a new password with a reset link token',
      body: ResetPasswordRequestSchema,
      response: { 200: MessageResponseSchema, ...errorResponses(400) },
    },
    handler: async (req) => {
      await resetPassword(ctx, req.body.token, req.body.password);
      return { message: 'Your password has been changed. You can sign in with it now.' };
    },
  });

  app.put('/api/auth/password', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Change the signed-in user’s password; their other sessions end, this one stays',
      body: ChangePasswordRequestSchema,
      response: { 200: MessageResponseSchema, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (req) => {
      await changePassword(ctx, viewerOf(req), req.body, req.ip);
      return { message: 'Your password has been changed. Your other sessions were signed out.' };
    },
  });

  app.post('/api/auth/super-login', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Sign a staff member in as a customer (UNITYSUPERUSER) with a link issued by staff',
      body: SuperLoginRequestSchema,
      response: { 200: TokenResponseSchema, ...errorResponses(400, 401, 409) },
    },
    handler: async (req) => ({
      token: await superLogin(ctx, req.body, { ip: req.ip, userAgent: userAgentOf(req) }),
    }),
  });

  app.post('/api/staff/super-links', {
    // Customer support: sales and billing staff (and admins) enter a customer's portal.
    config: { access: ['staff:sales', 'staff:billing'] },
    schema: {
      tags: ['staff'],
      summary: 'Issue a one-time super-user link for a customer account',
      body: SuperLinkRequestSchema,
      response: { 201: SuperLinkResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      const viewer = viewerOf(req);
      const employeeId = assertMayIssueSuperLink(viewer);
      return reply.status(201).send(await issueSuperLink(ctx, employeeId, viewer.userId, req.body.vcCustomerID));
    },
  });

  app.post('/api/session/log', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Record that a session is in use (at most once an hour per user)',
      response: { 200: SessionLogResponseSchema, ...errorResponses(401) },
    },
    handler: async (req) =>
      logSession(ctx, viewerOf(req), {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        clientVersion: (req.headers['x-client-version'] as string | undefined) ?? null,
      }),
  });
}
