/**
 * Health, the load balancer's probes (live, ready), the background jobs for staff, and the shell configuration
 * (support phone, webmail, links) the browser shows.
 */
import {
  CLIENT_VERSION,
  COPYRIGHT_YEAR,
  HealthSchema,
  type JobState,
  JobsHealthSchema,
  LiveSchema,
  type Ready,
  ReadySchema,
  ShellConfigSchema,
} from '@strand/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompiledQuery } from 'kysely';
import type { AppContext } from '../../context.js';
import { pendingMigrations } from '../../db/migrate.js';
import { listJobRuns } from '../../lib/job-runner.js';
import { type HealthAnswer, healthProbe } from './health-probe.js';
import { storageHealth } from './storage-health.js';

/** The database check of /api/health and /api/health/ready. */
const PING = CompiledQuery.raw('select 1');

export async function systemRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const probe = healthProbe({
    ping: () => ctx.db.executeQuery(PING),
    storage: () => storageHealth(ctx.config.dataDir, 0),
    minFreeBytes: () => ctx.config.storage.minFreeBytes,
    describe: { dialect: ctx.dialect, version: CLIENT_VERSION },
    onDatabaseDown: (err) => ctx.log.error({ err }, 'health check: database unreachable'),
    onStorageLow: (storage, minFreeBytes) =>
      ctx.log.warn(
        { freeBytes: storage.freeBytes, minFreeBytes },
        'health check: storage is low (uploads may fail with 507)',
      ),
  });
  const sendHealth = (reply: FastifyReply, answer: HealthAnswer) =>
    reply.status(answer.statusCode).header('content-type', 'application/json; charset=utf-8').send(answer.json);

  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary:
        'Liveness, database reachability and free storage (low storage is reported, still 200); worked out at most ' +
        'once a second however often it is polled',
      response: { 200: HealthSchema, 503: HealthSchema },
    },
    // The answer is JSON written once per probe round (health-probe.ts): sent as it is, without a serializer.
    handler: (_req, reply) => {
      const answer = probe();
      if (!(answer instanceof Promise)) return void sendHealth(reply, answer);
      return answer.then((a) => void sendHealth(reply, a));
    },
  });

  app.get('/api/health/live', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Liveness for a load balancer or supervisor: the process is up and answering (nothing else checked)',
      response: { 200: LiveSchema },
    },
    handler: async () => ({ status: 'live' as const }),
  });

  // Once every migration this build knows is applied, it stays so (migrations are never undone under a running app).
  let migrationsCurrent = false;
  app.get('/api/health/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary:
        'Readiness for a load balancer: 200 when the database answers, every migration is applied and the instance ' +
        'is not draining (SIGTERM); 503 with the reason otherwise',
      response: { 200: ReadySchema, 503: ReadySchema },
    },
    handler: async (req, reply) => {
      const notReady = (reason: NonNullable<Ready['reason']>, pending: string[] = []) =>
        reply.status(503).send({
          status: 'not_ready' as const,
          reason,
          pendingMigrations: pending,
          instance: ctx.lifecycle.instanceId,
        });
      if (ctx.lifecycle.draining) return notReady('draining');
      try {
        await ctx.db.executeQuery(PING);
        if (!migrationsCurrent) {
          const pending = await pendingMigrations(ctx.db, ctx.dialect);
          if (pending.length > 0) return notReady('migrations_pending', pending);
          migrationsCurrent = true;
        }
      } catch (err) {
        req.log.error({ err }, 'readiness: database unreachable');
        return notReady('database_unreachable');
      }
      return { status: 'ready' as const, reason: null, pendingMigrations: [], instance: ctx.lifecycle.instanceId };
    },
  });

  app.get('/api/health/jobs', {
    config: { access: ['staff:admin'] },
    schema: {
      tags: ['system'],
      summary: 'The background jobs of every instance: who runs a round now, the last and next round, failures',
      response: { 200: JobsHealthSchema },
    },
    handler: async () => {
      const now = new Date().toISOString();
      const jobs = (await listJobRuns(ctx.db)).map(
        (r): JobState => ({
          name: r.name,
          intervalMs: r.interval_ms,
          state: r.lease_until && r.lease_until > now ? 'running' : r.failures > 0 ? 'failing' : 'idle',
          runningOn: r.lease_until && r.lease_until > now ? r.lease_owner : null,
          leaseUntil: r.lease_until,
          nextRunAt: r.next_run_at,
          lastStartedAt: r.last_started_at,
          lastFinishedAt: r.last_finished_at,
          lastOkAt: r.last_ok_at,
          lastDurationMs: r.last_duration_ms,
          lastError: r.last_error,
          lastInstance: r.last_instance,
          failures: r.failures,
          runs: r.runs,
          failedRuns: r.failed_runs,
        }),
      );
      return { instance: ctx.lifecycle.instanceId, jobs };
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
