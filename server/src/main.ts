/** Reads the configuration, migrates, loads the demo data into an empty database, and serves. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { isDatabaseEmpty, seedDemoData, writeDemoFiles } from './demo/generator.js';
import { type OltSimulator, startOltSimulator } from './integrations/network/olt-simulator.js';
import { type SwitchSimulator, startSwitchSimulator } from './integrations/phone-switch/switch-simulator.js';
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

  // The embedded default: a simulated OLT on loopback answers the demo circuits (OLT_SIMULATOR=false for real OLTs).
  let olt: OltSimulator | null = null;
  if (config.olt.simulator) {
    try {
      olt = await startOltSimulator({
        host: '127.0.0.1',
        port: config.olt.snmpPort,
        readCommunity: config.olt.readCommunity,
        writeCommunity: config.olt.writeCommunity,
      });
      app.log.info(`simulated OLT (SNMP) on udp://127.0.0.1:${olt.port}`);
    } catch (err) {
      // The portal still serves everything else; circuit stats report the OLT as unreachable.
      app.log.warn({ err }, `simulated OLT could not bind udp://127.0.0.1:${config.olt.snmpPort}`);
    }
  }
  // The embedded default phone switch: a simulated one on loopback confirms auth codes (PHONE_SWITCH_SIMULATOR=false
  // and PHONE_SWITCH_URL for a real switch).
  let phoneSwitch: SwitchSimulator | null = null;
  if (config.phoneSwitch.simulator) {
    try {
      phoneSwitch = await startSwitchSimulator({
        host: '127.0.0.1',
        port: config.phoneSwitch.port,
        apiKey: config.phoneSwitch.apiKey,
        confirmDelayMs: config.phoneSwitch.confirmDelayMs,
      });
      app.log.info(`simulated phone switch on http://127.0.0.1:${phoneSwitch.port}`);
    } catch (err) {
      // Auth codes then stay pending (retried with back-off) until a switch answers.
      app.log.warn({ err }, `simulated phone switch could not bind 127.0.0.1:${config.phoneSwitch.port}`);
    }
  }
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
      await olt?.close();
      await phoneSwitch?.close();
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
