/** Health and the shell configuration (support phone, webmail, links) the browser shows. */
import { CLIENT_VERSION, COPYRIGHT_YEAR, HealthSchema, ShellConfigSchema } from '@strand/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompiledQuery } from 'kysely';
import type { AppContext } from '../../context.js';
import { cachedStorageHealth } from './storage-health.js';

/** The database check of /api/health, compiled once. */
const PING = CompiledQuery.raw('select 1');

export async function systemRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storageHealth = cachedStorageHealth();

  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Liveness, database reachability and free storage (low storage is reported, still 200)',
      response: { 200: HealthSchema, 503: HealthSchema },
    },
    handler: async (req, reply) => {
      let database: 'ok' | 'unreachable' = 'ok';
      try {
        await ctx.db.executeQuery(PING);
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        database = 'unreachable';
      }
      const storage = await storageHealth(ctx.config.dataDir, ctx.config.storage.minFreeBytes);
      if (!storage.ok) {
        req.log.warn(
          { freeBytes: storage.freeBytes, minFreeBytes: ctx.config.storage.minFreeBytes },
          'health check: storage is low (uploads may fail with 507)',
        );
      }
      const body = {
        status: database === 'ok' ? 'ok' : 'degraded',
        database,
        dialect: ctx.dialect,
        version: CLIENT_VERSION,
        storage,
      } as const;
      return reply.status(database === 'ok' ? 200 : 503).send(body);
    },
  });

  app.get('/api/config', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Provider details the portal shell shows',
      response: { 200: ShellConfigSchema },
    },
    handler: async () => ({
      ...ctx.config.shell,
      version: CLIENT_VERSION,
      copyrightYear: COPYRIGHT_YEAR,
      localThemeUserIds: ctx.config.localThemeUserIds,
    }),
  });
}
