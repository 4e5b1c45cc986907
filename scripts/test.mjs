// `npm test`: installs what it needs when missing (the npm dependencies; Debian's Chromium with apt-get, said out loud:
// scripts/setup.mjs), then runs lint, type-check, unit, API and browser tests, and ends with each runner's summary
// and one closing line of totals.
//   npm test -- --only=unit,api     run some steps (lint, typecheck, unit, api, bundle, e2e)
//   npm test -- --serial            one step after another (the browser tests no longer share the machine)
// `bundle` builds when sources changed and checks the bundle budget and the precompressed files
// (scripts/check-bundle.mjs, budgets in web/bundle-budget.json).
//
// Two lanes: the browser tests mostly wait on pages (three workers keep about one of CI's two cores busy), so lint,
// type-check, unit and API tests run beside them at a lower CPU priority (`nice`), each step's output kept in
// .tmp/reports/<step>.log and printed once the browser tests are done. The browser tests keep the machine first;
// the checks take what is left, and finish at full speed if the browser tests end first.
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, log, root, run, runLogged } from './lib.mjs';
import { ensureChromium } from './setup.mjs';

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wanted = (step) => !only || only.includes(step);
const serial = process.argv.includes('--serial') || !wanted('e2e') || os.platform() !== 'linux';
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (p) => path.join(root, 'node_modules', p);
const results = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Runs one step. `background` steps (beside the browser tests) run under `nice` with their output in a log file,
 * printed by `printLogs` after the lanes meet.
 */
async function step(name, command, args, options = {}, count = undefined, background = false) {
  if (!wanted(name)) return;
  const started = Date.now();
  let code;
  if (background) {
    const file = path.join(reports, `${name}.log`);
    logs.push({ name, file });
    code = await runLogged('nice', ['-n', '10', command, ...args], createWriteStream(file), options);
  } else {
    log(`── ${name} ──`);
    code = await run(command, args, options);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const tally = count?.();
  if (tally) {
    counts.passed += tally.passed;
    counts.failed += tally.failed;
    counts.skipped += tally.skipped;
  }
  // A runner that fails without a failed test (crash, no tests found) still counts as one failure.
  if (code !== 0 && (!tally || tally.failed === 0)) counts.failed += 1;
  results.push({ name, ok: code === 0, seconds, tally });
}

const vitestCount = (file) => () => {
  const r = readJson(file);
  return r && { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
};

const playwrightCount = (file) => () => {
  const r = readJson(file);
  return r && { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
};

try {
  await ensureDependencies();
  if (wanted('e2e')) await ensureChromium();
  if (wanted('e2e') || wanted('bundle')) await ensureBuilt();
} catch (err) {
  console.error(`[strand] setup failed: ${err.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const node = process.execPath;
const logs = [];

async function checks(background) {
  await step('lint', 'npm', ['run', '--silent', 'lint:ci'], {}, undefined, background);
  await step('typecheck', 'npm', ['run', '--silent', 'typecheck'], {}, undefined, background);
  for (const project of ['unit', 'api']) {
    const out = path.join(reports, `vitest-${project}.json`);
    const args = [
      bin('vitest/vitest.mjs'),
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ];
    // Beside the browser tests a test may wait for the CPU: the unit tests' 5 s limit becomes the API tests' 30 s.
    if (background && project === 'unit') args.push('--testTimeout=30000');
    await step(project, node, args, {}, vitestCount(out), background);
  }
}

async function browserTests() {
  await step('bundle', node, [path.join(root, 'scripts', 'check-bundle.mjs')]);
  const e2eOut = path.join(reports, 'playwright.json');
  await step(
    'e2e',
    node,
    [bin('@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } },
    playwrightCount(e2eOut),
  );
}

function printLogs() {
  for (const { name, file } of logs) {
    console.log('');
    log(`── ${name} (ran beside the browser tests; its output) ──`);
    try {
      process.stdout.write(readFileSync(file, 'utf8'));
    } catch {
      console.log('(no output)');
    }
  }
}

const runStarted = Date.now();
if (serial) {
  await checks(false);
  await browserTests();
} else {
  log('lint, type-check, unit and API tests run beside the browser tests (nice 10); their output follows them');
  await Promise.all([checks(true), browserTests()]);
  printLogs();
}

console.log('');
log('summary');
for (const r of results) {
  const tally = r.tally ? ` (${r.tally.passed} passed, ${r.tally.failed} failed, ${r.tally.skipped} skipped)` : '';
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} ${r.seconds.padStart(6)} s${tally}`);
}
const allOk = results.every((r) => r.ok);
console.log(`Total: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
console.log(`Wall time: ${((Date.now() - runStarted) / 1000).toFixed(0)} s${serial ? '' : ' (two lanes)'}`);
process.exit(allOk ? 0 : 1);
