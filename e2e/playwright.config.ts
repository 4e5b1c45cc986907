/**
 * Browser tests against the real server (server/dist/main.js serving web/dist). Every spec file starts from the demo
 * data, seeded once per run by global-setup.ts: each worker's server gets it back before each file
 * (tests/support/spec-server.ts).
 * Build first: `npm run build`. Chromium comes from Debian (its headless shell,
 * /usr/bin/chromium-headless-shell); no browser download.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/support/e2e-settings';

const here = path.dirname(fileURLToPath(import.meta.url));
// The config is evaluated in the runner and again in every worker: the runner picks the run's data directory and
// the workers inherit it through the environment. Ports: E2E_PORT (default 8181) seeds the template, E2E_PORT + 1 +
// 2 × (the worker's index mod 8) is the worker's server, the one after it a server with settings of its own (a
// replacement worker takes the next pair: tests/support/spec-server.ts); the simulated OLTs likewise from
// E2E_OLT_PORT (default 16181).
process.env.E2E_RUN_DIR ??= path.join(here, '.tmp', `run-${process.pid}`);
mkdirSync(process.env.E2E_RUN_DIR, { recursive: true });

const chromiumLaunch = {
  executablePath: chromiumPath,
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
  // Through a cluster whose demo data each spec file puts back (E2E_DATABASE_URL: spec-server.ts), one file at a time.
  // Otherwise one spec file per core at once (E2E_WORKERS chooses). On CI's two cores, back to back on 29 Nov: the
  // whole suite (302 tests) took 945 s with two workers and 1,046 s with three; four thrashed (load 14, tests past
  // their timeouts). With one server per worker: 561 s with two, 576 s with three. docs/development.md has the numbers.
  workers: process.env.E2E_DATABASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? availableParallelism()),
  // npm test (so CI) gives each test one retry (E2E_RETRIES=1): a test that fails and then passes is reported "flaky"
  // and named in the summary, to be fixed at its cause, instead of failing a whole run on a loaded 2-core machine; a
  // test that fails twice fails the run. Run by hand, none: a failure shows at once.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  globalSetup: path.join(here, 'global-setup.ts'),
  globalTeardown: path.join(here, 'global-teardown.ts'),
  use: {
    // The service worker precaches all 183 files of the app in every new browser context: a fifth of a spec's time.
    // Only the offline specs need it; they say `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    launchOptions: chromiumLaunch,
    // No trace unless E2E_TRACE is set: recording one costs every action a DOM snapshot, kept only when the test fails
    // (four spec files, one worker: 80–94 CPU-s with traces, 75 without). A failure still leaves its screenshot.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
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
});
