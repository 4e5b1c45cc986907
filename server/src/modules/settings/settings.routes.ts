/** Settings of the signed-in user. A session only ever reaches its own user's settings. */
import { SettingsSchema } from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { viewerOf } from '../../plugins/auth.js';
import { errorResponses } from '../../plugins/openapi.js';
import * as service from './settings.service.js';

export async function settingsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  app.get('/api/settings', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Load the settings of the signed-in user',
      response: { 200: SettingsSchema, ...errorResponses(401) },
    },
    handler: async (req) => service.getSettings(ctx, viewerOf(req).userId),
  });

  app.put('/api/settings', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Save the settings of the signed-in user',
      body: SettingsSchema,
      response: { 200: SettingsSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => service.saveSettings(ctx, viewerOf(req).userId, req.body),
  });
}
