/**
 * Reads the configuration, builds the app, prepares the shared database (migrate, and the demo data into an empty one,
 * under the startup lock), starts the simulators and the background jobs, and serves. SIGTERM drains: ready answers
 * 503, no new connections, requests in flight and the job round in progress finish within SHUTDOWN_TIMEOUT_MS.
 */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { startSimulators } from './integrations/simulators.js';
import { startJobs } from './jobs.js';
import { refreshPlannerStatistics } from './modules/work-orders/planner-statistics.js';
import { prepareDatabase } from './startup.js';

async function main() {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const { app, ctx } = await buildApp({ config, database });
  const prepared = await prepareDatabase(ctx, config.seedDemo);
  if (prepared.applied.length > 0) app.log.info({ migrations: prepared.applied }, 'migrations applied');
  if (prepared.seeded) {
    app.log.info({ summary: prepared.seeded, ms: prepared.seedMs }, 'demo data loaded into the empty database');
  }
  // SQLite's planner statistics of every table, before the first search (then the `planner statistics` job).
  await refreshPlannerStatistics(ctx, 'all');

  // The embedded defaults: simulated OLT, phone switch, fax carrier and TV middleware on loopback, each only when its
  // real (or separately run, see simulators-main.ts) address is not configured.
  const simulators = await startSimulators(config, app.log, {
    host: '127.0.0.1',
    which: {
      olt: config.olt.simulator,
      phoneSwitch: config.phoneSwitch.simulator,
      fax: config.fax.simulator,
      tv: config.tv.simulator,
      sms: config.notifications.sms.simulator,
      smtpSink: config.notifications.smtpSink,
    },
  });
  // Every background job (asset actions, queued mail, autopay, pruning) starts in jobs.ts.
  const stopJobs = await startJobs(ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // From here GET /api/health/ready answers 503, so a load balancer stops sending.
    ctx.lifecycle.draining = true;
    const timeoutMs = config.shutdownTimeoutMs;
    app.log.info({ signal, timeoutMs }, 'shutting down: finishing requests in flight and the job round in progress');
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms); exiting`);
      process.exit(1);
    }, timeoutMs);
    force.unref();
    try {
      // Behind a load balancer, keep serving until its health checks have seen the 503 and it sends no more
      // (SHUTDOWN_DRAIN_DELAY_MS); closing at once would answer 503 to requests already on their way.
      if (config.shutdownDrainDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDrainDelayMs));
      // No new connections; requests in flight finish. Jobs start no new round; the one running finishes.
      await Promise.all([app.close(), stopJobs()]);
      await simulators.close();
      await database.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Strand portal on http://${config.host}:${config.port} (${database.dialect}, data in ${config.dataDir})`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
