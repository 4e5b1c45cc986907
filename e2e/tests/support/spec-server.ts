/**
 * Each spec file gets its own server and its own copy of the demo database, so no spec depends on what another
 * changed. The global setup (global-setup.ts) seeds one template data directory; the first test of each file (per
 * worker and project) stops the previous file's server and takes the worker's spare: a server/dist/main.js started
 * on a fresh copy of the template while the previous file ran, on the other of the worker's two sets of ports.
 * Helpers that read the server's files (outbox, database) find the current directory in E2E_DATA_DIR. A spec that
 * needs a server setting says so with `test.use({ serverEnv: { LOCAL_THEME_USER_IDS: '1' } })`; its server is
 * started with it (fresh, not the spare).
 *
 * With E2E_BASE_URL set (npm run test:cluster, npm run test:e2e:cluster: the load balancer of a running cluster), no
 * server is started: every spec runs against that URL. With E2E_DATABASE_URL set too (scripts/cluster-e2e.mjs), the
 * first test of each spec file puts the demo data back (e2e_snapshot.restore() in the cluster's PostgreSQL) and empties
 * the instances' mail outboxes (E2E_OUTBOX_DIRS), so each file starts from the demo data as on a server of its own.
 * A spec that sets serverEnv is skipped there: the cluster's instances share one set of settings.
 */
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { e2eSettings, startServer, type TestServer } from './e2e-settings';
import { keptPage, releasePage } from './kept-page';
import { outboxDirs } from './outbox';

interface Running extends Omit<TestServer, 'process'> {
  key: string;
  /** Its copy of the demo data (E2E_DATA_DIR while it serves). */
  dataDir?: string;
  /** null when the specs run against E2E_BASE_URL. */
  process: TestServer['process'] | null;
}

let running: Running | null = null;
/** The next spec file's server, started while this file's tests run (the default settings only). */
let spare: Promise<Running | null> | null = null;
let started = 0;

async function stop(): Promise<void> {
  const current = running;
  running = null;
  await current?.stop();
}

const DEFAULT_ENV = JSON.stringify({});

/**
 * Sets of ports a worker process may take (two each). A worker replaced by a new one (after a failed test, on the
 * phone project's tests, or for each --repeat-each) gets the next worker index, so the next set: its servers must not
 * bind where the old worker's servers, stopped with it, are still shutting down. A simulator that found its port
 * taken used to leave its server without that system, silently (a circuit's stats "did not answer in time").
 */
const PORT_SETS = 8;

/**
 * Starts a server on a fresh copy of the demo data. Each worker has two sets of ports and alternates between them, so
 * the spare can start while the current server still serves.
 */
async function start(key: string, workerIndex: number, env: Record<string, string>): Promise<Running> {
  const settings = e2eSettings();
  started += 1;
  const dataDir = path.join(settings.runDir, `spec-${workerIndex}-${started}`);
  cpSync(settings.templateDir, dataDir, { recursive: true });
  const offset = 1 + (workerIndex % PORT_SETS) * 2 + (started % 2);
  const server = await startServer({
    dataDir,
    port: settings.port + offset,
    oltPort: settings.oltPort + offset,
    switchPort: settings.switchPort + offset,
    faxPort: settings.faxPort + offset,
    tvPort: settings.tvPort + offset,
    smsPort: settings.smsPort + offset,
    smtpPort: settings.smtpPort + offset,
    seedDemo: false,
    env,
  });
  return { ...server, key, dataDir };
}

/**
 * The server of a spec file: the spare when the file asks for the default settings (a cold server took 1.5–7 s to
 * answer, each file waited for it), otherwise a fresh one; then the next file's spare starts in the background.
 */
async function serverFor(key: string, workerIndex: number, env: Record<string, string>): Promise<Running> {
  const waiting = spare;
  spare = null;
  const ready = waiting ? await waiting : null;
  let server: Running;
  if (ready && JSON.stringify(env) === DEFAULT_ENV) {
    server = { ...ready, key };
  } else {
    await ready?.stop();
    server = await start(key, workerIndex, env);
  }
  spare = start('spare', workerIndex, {}).catch(() => null);
  return server;
}

/** The cluster's demo data as seeded, and empty mail outboxes (a deadlock with an instance's job is retried). */
async function restoreClusterData(url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('SELECT e2e_snapshot.restore()');
      break;
    } catch (err) {
      if (attempt >= 3 || !['40P01', '40001'].includes((err as { code?: string }).code ?? '')) throw err;
    } finally {
      await client.end();
    }
  }
  for (const dir of outboxDirs()) {
    for (const file of readdirSync(dir, { withFileTypes: true })) {
      if (file.isFile()) rmSync(path.join(dir, file.name), { force: true });
    }
  }
}

let restoredFor: string | null = null;

export const test = base.extend<{ specServer: Running; serverEnv: Record<string, string> }>({
  serverEnv: [{}, { option: true }],
  specServer: async ({ serverEnv }, use, testInfo) => {
    // One server per spec file, project and settings (the phone run of a file gets its own copy too).
    const key = `${testInfo.project.name}:${testInfo.file}:${JSON.stringify(serverEnv)}`;
    const external = process.env.E2E_BASE_URL;
    if (external) {
      testInfo.skip(
        Object.keys(serverEnv).length > 0,
        `needs a server setting of its own (${Object.keys(serverEnv).join(', ')}); the cluster's instances share theirs`,
      );
      const databaseUrl = process.env.E2E_DATABASE_URL;
      if (databaseUrl && restoredFor !== key) {
        await restoreClusterData(databaseUrl);
        restoredFor = key;
      }
      await use({ key, url: external.replace(/\/$/, ''), process: null, stop: async () => undefined });
      return;
    }
    if (running?.key !== key) {
      await stop();
      running = await serverFor(key, testInfo.workerIndex, serverEnv);
      process.env.E2E_DATA_DIR = running.dataDir;
    }
    await use(running);
  },
  baseURL: async ({ specServer }, use) => {
    await use(specServer.url);
  },
  // One tab per spec file and set of browser options, cleaned between tests (kept-page.ts); a new context for tests
  // with service workers (the offline specs) and with E2E_NEW_CONTEXT=1.
  // @ts-expect-error _combinedContextOptions: Playwright's own fixture of the test's browser options (not public).
  context: async ({ browser, baseURL, _combinedContextOptions: options }, use, testInfo) => {
    const used = await keptPage(() => browser.newContext(options), {
      key: JSON.stringify({ baseURL, ...options }),
      reusable: options.serviceWorkers !== 'allow' && !process.env.E2E_NEW_CONTEXT,
    });
    currentPage = used.page;
    await use(used.context);
    currentPage = null;
    await releasePage(used, {
      passed: testInfo.status === testInfo.expectedStatus,
      baseURL: baseURL ?? '',
      viewport: (options.viewport as { width: number; height: number } | null | undefined) ?? null,
    });
  },
  page: async ({ context }, use) => {
    await use(currentPage ?? (await context.newPage()));
  },
});

let currentPage: Page | null = null;

export { expect };
