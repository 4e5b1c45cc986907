/**
 * Each spec file starts from the demo data as seeded, so no spec depends on what another changed. The global setup
 * (global-setup.ts) seeds one template data directory. Each worker starts one server (server/dist/main.js on a copy of
 * the template) and keeps it from spec file to spec file: the first test of each file (per worker and project) puts
 * the demo data back under it (putBackDemoData: the database, stored files and mail as the template has them).
 * Helpers that read the server's files (outbox, database) find the current directory in E2E_DATA_DIR. A spec that
 * needs a server setting says so with `test.use({ serverEnv: { LOCAL_THEME_USER_IDS: '1' } })`; it gets a server of
 * its own, started with it on a fresh copy and stopped when the next file starts.
 *
 * With E2E_BASE_URL set (npm run test:cluster, npm run test:e2e:cluster: the load balancer of a running cluster), no
 * server is started: every spec runs against that URL. With E2E_DATABASE_URL set too (scripts/cluster-e2e.mjs), the
 * first test of each spec file puts the demo data back (e2e_snapshot.restore() in the cluster's PostgreSQL) and empties
 * the instances' mail outboxes (E2E_OUTBOX_DIRS), so each file starts from the demo data as on a server of its own.
 * A spec that sets serverEnv is skipped there: the cluster's instances share one set of settings.
 */
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
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

/** The server of the current spec file. */
let running: Running | null = null;
/** The worker's server on the default settings: it serves every such spec file, the demo data put back before each. */
let shared: Running | null = null;
let started = 0;

/**
 * Sets of ports a worker process may take (two each: the shared server's and that of a spec file with settings of
 * its own). A worker replaced by a new one (after a failed test, on the phone project's tests, or for each
 * --repeat-each) gets the next worker index, so the next set: its servers must not bind where the old worker's
 * servers, stopped with it, are still shutting down. A simulator that found its port taken used to leave its server
 * without that system, silently (a circuit's stats "did not answer in time").
 */
const PORT_SETS = 8;

/** Starts a server on a fresh copy of the demo data; `own` takes the worker's second set of ports. */
async function start(key: string, workerIndex: number, env: Record<string, string>, own: boolean): Promise<Running> {
  const settings = e2eSettings();
  started += 1;
  const dataDir = path.join(settings.runDir, `spec-${workerIndex}-${started}`);
  cpSync(settings.templateDir, dataDir, { recursive: true });
  const offset = 1 + (workerIndex % PORT_SETS) * 2 + (own ? 1 : 0);
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

/** What a spec file may leave in a data directory besides the database: put back as the template has it. */
const DATA_FILES = ['files', 'outbox', 'mail-sink', 'sms-log.jsonl'];

/**
 * Puts the demo data back under a running server, as a fresh copy would have it: SQLite's backup API copies the
 * template's pages into the live database in one step, under its write lock, so the server's connection reads the
 * demo data at its next query (its prepared statements and WAL stay valid); then the stored files and mail.
 * A restart cost about 2 CPU-s per spec file; the copy takes 20–80 ms (docs/development.md).
 */
async function putBackDemoData(dataDir: string): Promise<void> {
  const { templateDir } = e2eSettings();
  const template = new Database(path.join(templateDir, 'portal.db'), { readonly: true });
  const live = new Database(path.join(dataDir, 'portal.db'));
  try {
    // The first step (0 pages) sets up; the handler then asks for every remaining page in one step. A step that finds
    // the database locked (the server writing: a job, a request of the last test) is tried again, but when the first
    // one does, better-sqlite3 reports a backup of 0 pages as done: then it starts again, until the server lets go.
    for (let attempt = 1; ; attempt++) {
      const { totalPages } = await template.backup(path.join(dataDir, 'portal.db'), { progress: () => 0x7fffffff });
      if (totalPages > 0) break;
      if (attempt === 200) throw new Error(`the spec server's database stayed locked for 10 s (${dataDir})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Every test signs in, so the previous file left sessions: none of them may be left.
    const sessions = (db: Database.Database) => db.prepare('SELECT count(*) AS n FROM sessions').get();
    expect(sessions(live), 'the demo data put back under the spec server').toEqual(sessions(template));
  } finally {
    live.close();
    template.close();
  }
  for (const name of DATA_FILES) {
    const target = path.join(dataDir, name);
    // A directory stays (the SMTP sink made its own at start and writes into it): only what is in it goes.
    if (statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
      for (const entry of readdirSync(target)) rmSync(path.join(target, entry), { recursive: true, force: true });
    } else {
      rmSync(target, { force: true });
    }
    const source = path.join(templateDir, name);
    if (existsSync(source)) cpSync(source, target, { recursive: true });
  }
}

/**
 * The server of a spec file: the worker's shared one with the demo data put back when the file asks for the default
 * settings, else one of its own on those settings (stopped when the next file starts).
 */
async function serverFor(key: string, workerIndex: number, env: Record<string, string>): Promise<Running> {
  if (running && running !== shared) await running.stop();
  running = null;
  if (Object.keys(env).length > 0) return start(key, workerIndex, env, true);
  if (shared?.dataDir && shared.process?.exitCode === null) {
    await putBackDemoData(shared.dataDir);
  } else {
    await shared?.stop();
    shared = await start(key, workerIndex, {}, false);
  }
  shared.key = key;
  return shared;
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
