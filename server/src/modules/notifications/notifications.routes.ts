/**
 * Notifications: the signed-in user's notification center and preferences, a business admin's preferences of the
 * account's users, the staff delivery log of a customer, and the one-click unsubscribe (public: the signed link is
 * the authority; RFC 8058's POST honours it at once, the GET page offers the one button).
 */
import {
  AccountUserParamsSchema,
  DeliveryLogParamsSchema,
  DeliveryLogSchema,
  NotificationIdParamsSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationPreferencesSchema,
  NotificationPreferencesUpdateSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './notifications.service.js';

const UnreadSchema = z.object({ unread: z.number().int() });
const UnsubscribeQuerySchema = z.object({
  s: z.string().max(100, 's is too long.'),
  t: z.string().max(100, 't is too long.'),
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}button{min-height:44px;padding:0 1.25rem;font-size:1rem}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

export async function notificationsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  // RFC 8058: a mail client's one-click POST carries `List-Unsubscribe=One-Click` as a form, and the page's button
  // posts an empty form. The signed query is the authority: the body is read (small) and set aside. Only these
  // routes (this plugin's scope) take forms.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    if (fastify.hasContentTypeParser(type)) continue;
    fastify.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) =>
      done(null, undefined),
    );
  }

  app.get('/api/notifications', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'The signed-in user’s in-app notifications, newest first, and the unread count',
      querystring: NotificationListQuerySchema,
      response: { 200: NotificationListSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => service.listNotifications(ctx, viewerOf(req), req.query.limit),
  });

  app.post('/api/notifications/:notificationId/read', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Mark one of the user’s notifications read',
      params: NotificationIdParamsSchema,
      response: { 200: UnreadSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => service.markRead(ctx, viewerOf(req), req.params.notificationId),
  });

  app.post('/api/notifications/read-all', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Mark all the user’s notifications read',
      response: { 200: UnreadSchema, ...errorResponses(401) },
    },
    handler: async (req) => service.markRead(ctx, viewerOf(req), null),
  });

  app.get('/api/notifications/preferences', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'The user’s notification preferences: each category and channel, and SMS quiet hours',
      response: { 200: NotificationPreferencesSchema, ...errorResponses(401) },
    },
    handler: async (req) => service.ownPreferences(ctx, viewerOf(req)),
  });

  app.put('/api/notifications/preferences', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Save the user’s notification preferences (security notices cannot be turned off)',
      body: NotificationPreferencesUpdateSchema,
      response: { 200: NotificationPreferencesSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => service.saveOwnPreferences(ctx, viewerOf(req), req.body),
  });

  app.get('/api/customer/users/:userId/notification-preferences', {
    config: { access: ['customer'] },
    schema: {
      tags,
      summary: 'A business account user’s notification preferences (the account’s administrators)',
      params: AccountUserParamsSchema,
      response: { 200: NotificationPreferencesSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.userPreferences(ctx, viewerOf(req), req.params.userId),
  });

  app.put('/api/customer/users/:userId/notification-preferences', {
    config: { access: ['customer'] },
    schema: {
      tags,
      summary: 'Save a business account user’s notification preferences (the account’s administrators)',
      params: AccountUserParamsSchema,
      body: NotificationPreferencesUpdateSchema,
      response: { 200: NotificationPreferencesSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.saveUserPreferences(ctx, viewerOf(req), req.params.userId, req.body),
  });

  // The care roles: support (sales, dispatcher, who answer tickets) and billing; admins hold every role.
  app.get('/api/staff/customers/:customerId/notifications', {
    config: { access: ['staff:sales', 'staff:dispatcher', 'staff:billing'] },
    schema: {
      tags,
      summary: 'What was sent to a customer, by which channel, and whether it arrived (and why not)',
      params: DeliveryLogParamsSchema,
      response: { 200: DeliveryLogSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const log = await service.deliveryLog(ctx, req.params.customerId);
      if (!log) throw notFound('No such customer.');
      return log;
    },
  });

  const invalid = (reply: FastifyReply) =>
    page(
      reply,
      400,
      'This link does not work',
      '<p>The unsubscribe link is incomplete or was changed. Please use the link of a recent e-mail, or change your notices in Settings.</p>',
    );

  app.get('/api/notifications/unsubscribe', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The unsubscribe page of a mail’s link (one button)',
      querystring: UnsubscribeQuerySchema,
    },
    handler: async (req, reply) => {
      const { s, t } = req.query;
      if (!/^(user|employee):\d+:\w+$/.test(s) || t.length < 20) return invalid(reply);
      const category = s.split(':')[2] ?? '';
      const action = `/api/notifications/unsubscribe?${new URLSearchParams({ s, t })}`;
      return page(
        reply,
        200,
        'Unsubscribe',
        `<p>Stop ${escapeHtml(category)} e-mail from ${escapeHtml(ctx.config.shell.providerName)}?</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  });

  app.post('/api/notifications/unsubscribe', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'One-click unsubscribe (RFC 8058): honoured at once',
      querystring: UnsubscribeQuerySchema,
    },
    handler: async (req, reply) => {
      const done = await service.unsubscribe(ctx, req.query.s, req.query.t);
      if (!done) return invalid(reply);
      return page(
        reply,
        200,
        'You are unsubscribed',
        `<p>You will get no more ${escapeHtml(done.category)} e-mail from us. Security notices still come. You can change this any time in Settings.</p>`,
      );
    },
  });
}
