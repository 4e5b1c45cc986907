/**
 * Each spec file gets its own server and its own copy of the demo database, so no spec depends on what another
 * changed. The global setup (global-setup.ts) seeds one template data directory; the first test of each file (per
 * worker) stops the previous file's server, copies the template into a fresh directory, and starts
 * server/dist/main.js on the worker's own port. Helpers that read the server's files (outbox, database) find the
 * current directory in E2E_DATA_DIR.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { e2eSettings, repoRoot, waitForHealth } from './e2e-settings';

interface Running {
  file: string;
  url: string;
  process: ChildProcess;
}

let running: Running | null = null;
let started = 0;

async function stop(): Promise<void> {
  const current = running;
  running = null;
  if (!current || current.process.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    current.process.once('exit', () => resolve());
    current.process.kill('SIGTERM');
  });
}

async function start(key: string, slot: number): Promise<Running> {
  const settings = e2eSettings();
  started += 1;
  const dataDir = path.join(settings.runDir, `spec-${slot}-${started}`);
  cpSync(settings.templateDir, dataDir, { recursive: true });
  const port = settings.port + 1 + slot;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(repoRoot, 'server/dist/main.js')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      OLT_SNMP_PORT: String(settings.oltPort + 1 + slot),
      SEED_DEMO: 'never',
    },
  });
  process.env.E2E_DATA_DIR = dataDir;
  await waitForHealth(url, child);
  return { file: key, url, process: child };
}

process.once('exit', () => running?.process.kill('SIGTERM'));

export const test = base.extend<{ specServer: Running }>({
  specServer: async ({}, use, testInfo) => {
    // One server per spec file and project (the phone run of a file gets its own copy too).
    const key = `${testInfo.project.name}:${testInfo.file}`;
    if (running?.file !== key) {
      await stop();
      running = await start(key, testInfo.parallelIndex);
    }
    await use(running);
  },
  baseURL: async ({ specServer }, use) => {
    await use(specServer.url);
  },
});

export { expect };
