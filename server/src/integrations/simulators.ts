/**
 * The simulated outside world: the OLT (SNMP), the phone switch, the fax carrier, the TV middleware, the SMS carrier
 * and the local SMTP sink of notification mail. `npm start`
 * embeds the ones whose real address is not configured (main.ts); a cluster runs them once, in their own process
 * (simulators-main.ts), and points every instance at them (OLT_SNMP_HOST/PORT, PHONE_SWITCH_URL, FAX_GATEWAY_URL,
 * TV_MIDDLEWARE_URL), so no instance starts its own.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { startFaxSimulator } from './fax/fax-simulator.js';
import { startSmtpSink } from './mail/smtp-sink.js';
import { startOltSimulator } from './network/olt-simulator.js';
import { startSwitchSimulator } from './phone-switch/switch-simulator.js';
import { startSmsSimulator } from './sms/sms-simulator.js';
import { startTvSimulator } from './tv/tv-simulator.js';

export interface SimulatorLog {
  info(message: string): void;
  info(details: object, message: string): void;
  warn(details: { err: unknown }, message: string): void;
}

export type SimulatorName = 'olt' | 'phoneSwitch' | 'fax' | 'tv' | 'sms' | 'smtpSink';

export interface StartedSimulators {
  /** The address each started simulator listens on (udp:// or http://). */
  addresses: Partial<Record<SimulatorName, string>>;
  /** Simulators that could not bind (the portal still serves; that adapter reports its system unreachable). */
  failed: SimulatorName[];
  close(): Promise<void>;
}

/**
 * Starts the simulators named in `which` on `host` at the ports of the configuration. A simulator that cannot bind
 * is logged and listed in `failed`; the others still start.
 */
export async function startSimulators(
  config: Config,
  log: SimulatorLog,
  options: { host: string; which: Record<SimulatorName, boolean> },
): Promise<StartedSimulators> {
  const { host, which } = options;
  const closers: Array<() => Promise<void>> = [];
  const addresses: StartedSimulators['addresses'] = {};
  const failed: SimulatorName[] = [];

  const attempt = async (
    name: SimulatorName,
    what: string,
    address: string,
    start: () => Promise<{ close(): Promise<void> }>,
  ) => {
    if (!which[name]) return;
    try {
      const simulator = await start();
      closers.push(() => simulator.close());
      addresses[name] = address;
      log.info(`simulated ${what} on ${address}`);
    } catch (err) {
      failed.push(name);
      log.warn({ err }, `simulated ${what} could not bind ${address}`);
    }
  };

  // The OLT answers the demo circuits' stats, tone tests and asset actions.
  await attempt('olt', 'OLT (SNMP)', `udp://${host}:${config.olt.snmpPort}`, () =>
    startOltSimulator({
      host,
      port: config.olt.snmpPort,
      readCommunity: config.olt.readCommunity,
      writeCommunity: config.olt.writeCommunity,
      onAction: (oltAction) => log.info({ oltAction }, 'OLT carried out an ONT action'),
    }),
  );
  // The phone switch confirms auth codes (they stay pending, retried with back-off, until a switch answers).
  await attempt('phoneSwitch', 'phone switch', `http://${host}:${config.phoneSwitch.port}`, () =>
    startSwitchSimulator({
      host,
      port: config.phoneSwitch.port,
      apiKey: config.phoneSwitch.apiKey,
      confirmDelayMs: config.phoneSwitch.confirmDelayMs,
    }),
  );
  // The fax carrier (faxes wait in the queue until a carrier answers).
  await attempt('fax', 'fax carrier', `http://${host}:${config.fax.simulatorPort}`, () =>
    startFaxSimulator({ host, port: config.fax.simulatorPort, delayMs: config.fax.simulatorDelayMs }),
  );
  // The TV middleware (TV credentials say the TV system is not answering without it).
  await attempt('tv', 'TV middleware', `http://${host}:${config.tv.simulatorPort}`, () =>
    startTvSimulator({
      host,
      port: config.tv.simulatorPort,
      stateFile: path.join(config.dataDir, 'tv-middleware.json'),
    }),
  );

  // The SMS carrier of notifications (texts wait in the outbox until a carrier answers); it logs every text.
  await attempt('sms', 'SMS carrier', `http://${host}:${config.notifications.sms.simulatorPort}`, () =>
    startSmsSimulator({
      host,
      port: config.notifications.sms.simulatorPort,
      authToken: config.notifications.sms.authToken,
      logFile: path.join(config.dataDir, 'sms-log.jsonl'),
    }),
  );
  // Without SMTP_URL, notification mail still goes through SMTP: to a sink writing .eml files.
  await attempt('smtpSink', 'SMTP sink', `smtp://${host}:${config.notifications.smtpSinkPort}`, () =>
    startSmtpSink({ host, port: config.notifications.smtpSinkPort, dir: path.join(config.dataDir, 'mail-sink') }),
  );

  return {
    addresses,
    failed,
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}
