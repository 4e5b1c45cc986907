/** Reads the configuration, migrates, loads the demo data into an empty database, and serves. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { isDatabaseEmpty, seedDemoData, writeDemoFiles } from './demo/generator.js';
import { startSimulators } from './integrations/simulators.js';
import { startJobs } from './jobs.js';

async function main() {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database.db, database.dialect);
  const { app, ctx } = await buildApp({ config, database });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');

  if (config.seedDemo === 'auto' && (await isDatabaseEmpty(database.db))) {
    const started = Date.now();
    const summary = await seedDemoData(database.db, { dialect: database.dialect });
    await writeDemoFiles(config.dataDir);
    app.log.info({ summary, ms: Date.now() - started }, 'demo data loaded into the empty database');
  }

  // The embedded defaults: simulated OLT, phone switch, fax carrier and TV middleware on loopback, each only when its
  // real (or separately run, see simulators-main.ts) address is not configured.
  const simulators = await startSimulators(config, app.log, {
    host: '127.0.0.1',
    which: {
      olt: config.olt.simulator,
      phoneSwitch: config.phoneSwitch.simulator,
      fax: config.fax.simulator,
      tv: config.tv.simulator,
    },
  });
  // Every background job (asset actions, queued mail, autopay, pruning) starts in jobs.ts.
  const stopJobs = await startJobs(ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await stopJobs();
      await simulators.close();
      await database.close();
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
