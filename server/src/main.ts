/**
 * Reads the configuration, builds the app, prepares the shared database (migrate, and the demo data into an empty one,
 * under the startup lock), starts the simulators and the background jobs, and serves. SIGTERM drains: ready answers
 * 503, no new connections, requests in flight and the job round in progress finish within SHUTDOWN_TIMEOUT_MS.
 */
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { type FaxSimulator, startFaxSimulator } from './integrations/fax/fax-simulator.js';
import { type OltSimulator, startOltSimulator } from './integrations/network/olt-simulator.js';
import { type SwitchSimulator, startSwitchSimulator } from './integrations/phone-switch/switch-simulator.js';
import { startTvSimulator, type TvSimulator } from './integrations/tv/tv-simulator.js';
import { startJobs } from './jobs.js';
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
  // The embedded defaults of the fax carrier and the TV middleware: small HTTP services on loopback
  // (FAX_GATEWAY_URL / TV_MIDDLEWARE_URL point the server at the real ones instead).
  let fax: FaxSimulator | null = null;
  if (config.fax.simulator) {
    try {
      fax = await startFaxSimulator({
        host: '127.0.0.1',
        port: config.fax.simulatorPort,
        delayMs: config.fax.simulatorDelayMs,
      });
      app.log.info(`simulated fax carrier on http://127.0.0.1:${fax.port}`);
    } catch (err) {
      // Faxes wait in the queue (retried with backoff) until a carrier answers.
      app.log.warn({ err }, `simulated fax carrier could not bind 127.0.0.1:${config.fax.simulatorPort}`);
    }
  }
  let tv: TvSimulator | null = null;
  if (config.tv.simulator) {
    try {
      tv = await startTvSimulator({
        host: '127.0.0.1',
        port: config.tv.simulatorPort,
        stateFile: path.join(config.dataDir, 'tv-middleware.json'),
      });
      app.log.info(`simulated TV middleware on http://127.0.0.1:${tv.port}`);
    } catch (err) {
      // TV credentials then say the TV system is not answering.
      app.log.warn({ err }, `simulated TV middleware could not bind 127.0.0.1:${config.tv.simulatorPort}`);
    }
  }
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
      // No new connections; requests in flight finish. Jobs start no new round; the one running finishes.
      await Promise.all([app.close(), stopJobs()]);
      await olt?.close();
      await phoneSwitch?.close();
      await fax?.close();
      await tv?.close();
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
