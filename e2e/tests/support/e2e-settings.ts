/** Where the browser tests' servers listen and keep their data, and how one is started (config, setup, specs). */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Debian's headless shell (package chromium-headless-shell; `npm test` installs it): the same Chromium without the
 * browser's UI layer. Three spec files, one worker, back to back twice: 38–41 CPU-s and 70–75 s against 53–57 CPU-s
 * and 90–94 s with /usr/bin/chromium. CHROMIUM_PATH chooses another.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export function e2eSettings() {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: run the tests through e2e/playwright.config.ts');
  return {
    // E2E_PORT, E2E_OLT_PORT, E2E_FAX_PORT, E2E_TV_PORT, E2E_SMS_PORT and E2E_SMTP_PORT let a second run (another checkout) go on beside this one.
    port: Number(process.env.E2E_PORT ?? 8181),
    oltPort: Number(process.env.E2E_OLT_PORT ?? 16181),
    // The simulated phone switches: E2E_SWITCH_PORT, or 50 above the OLT ports.
    switchPort: Number(process.env.E2E_SWITCH_PORT ?? Number(process.env.E2E_OLT_PORT ?? 16181) + 50),
    /** The simulated fax carrier and TV middleware each server starts (FAX_SIMULATOR_PORT, TV_SIMULATOR_PORT). */
    faxPort: Number(process.env.E2E_FAX_PORT ?? 16650),
    tvPort: Number(process.env.E2E_TV_PORT ?? 16700),
    /** The simulated SMS carrier and the SMTP sink of notifications (SMS_SIMULATOR_PORT, NOTIFY_SMTP_SINK_PORT). */
    smsPort: Number(process.env.E2E_SMS_PORT ?? 16750),
    smtpPort: Number(process.env.E2E_SMTP_PORT ?? 16800),
    runDir,
    templateDir: path.join(runDir, 'template'),
  };
}

export interface TestServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The servers this process started and that still run: stopped when the process exits, whatever they were doing. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGTERM');
});

/** Starts the built server on a data directory and resolves once it answers /api/health. */
export async function startServer(options: {
  dataDir: string;
  port: number;
  oltPort: number;
  switchPort: number;
  faxPort: number;
  tvPort: number;
  smsPort: number;
  smtpPort: number;
  seedDemo: boolean;
  /** Settings of this server only (e.g. LOCAL_THEME_USER_IDS), over the environment's. */
  env?: Record<string, string>;
}): Promise<TestServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [path.join(repoRoot, 'server/dist/main.js')], {
    cwd: repoRoot,
    // stdout is read for a simulator that could not bind its port (below); the log's other lines are dropped.
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      OLT_SNMP_PORT: String(options.oltPort),
      PHONE_SWITCH_PORT: String(options.switchPort),
      FAX_SIMULATOR_PORT: String(options.faxPort),
      TV_SIMULATOR_PORT: String(options.tvPort),
      SMS_SIMULATOR_PORT: String(options.smsPort),
      NOTIFY_SMTP_SINK_PORT: String(options.smtpPort),
      SEED_DEMO: options.seedDemo ? 'auto' : 'never',
      // Each spec file's database is a throwaway copy of the template: no wait for the disk at every commit.
      SQLITE_SYNCHRONOUS: 'off',
      // The base map without the internet (issue 27): the tile proxy fetches the server's own icon as every tile.
      MAP_TILE_URL: `${url}/pwa-192.png?z={z}&x={x}&y={y}`,
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
      // No autopay runner (its first round is a minute after start): on a busy machine it paid the demo's past-due
      // invoice in the middle of a spec that shows it. The runner has its own API tests.
      AUTOPAY_INTERVAL_MINUTES: '0',
      // Nor reminders: after 9 AM provider time their first round told the demo's users of tomorrow's visits in the
      // middle of a spec that shows the bell's count (visual.spec). Their own API tests run them.
      NOTIFY_REMINDERS_INTERVAL_MINUTES: '0',
      ...options.env,
    },
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  // The server still serves when a simulator cannot bind (its port taken), without that system: every test of it
  // would fail far from the cause. Its warning is logged before the server listens, so before /api/health answers.
  const unbound: string[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    for (const m of chunk.matchAll(/simulated (.+?) could not bind ([^"\s]+)/g)) unbound.push(`${m[1]} (${m[2]})`);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    await waitForHealth(url, child);
    if (unbound.length > 0) {
      throw new Error(`the test server at ${url} started without its simulated ${unbound.join(', ')}: port taken`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, process: child, stop };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the test server exited with ${child.exitCode} before it answered`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the test server at ${url} did not answer within a minute`);
}
