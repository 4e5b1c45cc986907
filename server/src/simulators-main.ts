/**
 * The simulators as their own process (one per cluster): the simulated OLT (SNMP), phone switch, fax carrier and TV
 * middleware, on SIMULATORS_HOST (127.0.0.1) at the ports the server uses for its embedded ones (OLT_SNMP_PORT,
 * PHONE_SWITCH_PORT, FAX_SIMULATOR_PORT, TV_SIMULATOR_PORT). Every instance is then started with OLT_SNMP_HOST,
 * PHONE_SWITCH_URL, FAX_GATEWAY_URL and TV_MIDDLEWARE_URL naming them, and starts none of its own.
 * Built to server/dist/simulators-main.js (scripts/build.mjs); `npm run cluster` runs it.
 */
import pino from 'pino';
import { loadConfig } from './config.js';
import { startSimulators } from './integrations/simulators.js';

async function main() {
  // The simulators sign nothing: a placeholder keeps loadConfig from making a JWT secret in DATA_DIR.
  const config = loadConfig({ JWT_SECRET: 'simulators-sign-nothing-placeholder-secret', ...process.env });
  const log = pino({ level: config.logLevel, base: { process: 'simulators' } });
  const host = process.env.SIMULATORS_HOST || '127.0.0.1';
  const simulators = await startSimulators(config, log, {
    host,
    which: { olt: true, phoneSwitch: true, fax: true, tv: true, sms: true, smtpSink: false },
  });
  if (simulators.failed.length > 0) {
    await simulators.close();
    throw new Error(`simulators could not start: ${simulators.failed.join(', ')} (is the port taken?)`);
  }
  log.info({ addresses: simulators.addresses }, 'simulators ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'simulators stopping');
    await simulators.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
