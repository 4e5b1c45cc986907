/**
 * Browser tests against the real server (server/dist/main.js serving web/dist) on a fresh demo database.
 * Build first: `npm run build`. Chromium comes from Debian (/usr/bin/chromium); no browser download.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_PORT and E2E_OLT_PORT let a second run (another checkout) go on beside this one.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const OLT_PORT = process.env.E2E_OLT_PORT ?? '16181';
const baseURL = `http://127.0.0.1:${PORT}`;

// The config is evaluated in the runner and again in every worker: the runner picks the data directory and the
// workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= path.join(here, '.tmp', `data-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;
mkdirSync(dataDir, { recursive: true });

const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The shell and navigation are also checked on a 360 px phone; the phone menu only there. */
const PHONE_SPECS = /(shell|sign-in|session|phone-menu)\.spec\.ts$/;
const PHONE_ONLY = /phone-menu\.spec\.ts$/;

export default defineConfig({
  testDir: path.join(here, 'tests'),
  outputDir: path.join(here, '.tmp', 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  globalTeardown: path.join(here, 'global-teardown.ts'),
  use: {
    baseURL,
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: PHONE_ONLY,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromiumLaunch },
    },
    {
      name: 'phone',
      testMatch: PHONE_SPECS,
      use: {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions: chromiumLaunch,
      },
    },
  ],
  webServer: {
    command: 'node server/dist/main.js',
    cwd: path.join(here, '..'),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      OLT_SNMP_PORT: OLT_PORT,
    },
  },
});
