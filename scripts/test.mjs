// `npm test`: installs what it needs when missing (the npm dependencies; Debian's Chromium with apt-get, said out loud:
// scripts/setup.mjs), then runs lint, type-check, unit, API and browser tests, and ends with each runner's summary
// and one closing line of totals.
//   npm test -- --only=unit,api     run some steps (lint, typecheck, unit, api, bundle, e2e)
// `bundle` builds when sources changed and checks the bundle budget and the precompressed files
// (scripts/check-bundle.mjs, budgets in web/bundle-budget.json).

import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildIsStale, ensureDependencies, log, root, run } from './lib.mjs';
import { ensureChromium } from './setup.mjs';

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wanted = (step) => !only || only.includes(step);
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

async function step(name, command, args, options = {}, count = undefined) {
  if (!wanted(name)) return;
  log(`── ${name} ──`);
  const started = Date.now();
  const code = await run(command, args, options);
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

/** The first lines of a failure's message, without colours: enough to know the cause from the summary alone. */
const firstLines = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .filter((l) => l.trim() && !/^\s*at .*node_modules/.test(l))
    .slice(0, 4)
    .map((l) => l.slice(0, 300));

/** The failed tests of a vitest JSON report, each as its file, title and the start of its message. */
function vitestFailures(r) {
  return (r.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((a) => a.status === 'failed')
      .map((a) => ({
        title: `${path.relative(root, file.name)} > ${a.fullName}`,
        lines: firstLines(a.failureMessages?.[0]),
      })),
  );
}

const vitestCount = (file) => () => {
  const r = readJson(file);
  return (
    r && {
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests + r.numTodoTests,
      failures: vitestFailures(r),
    }
  );
};

/** The tests of a Playwright JSON report whose outcome is `status` ('flaky': failed, then passed on its retry). */
function specsWith(status, suites, out = []) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      const test = spec.tests?.find((t) => t.status === status);
      if (test) out.push({ title: `${spec.file}:${spec.line} ${spec.title}`, test });
    }
    specsWith(status, suite.suites, out);
  }
  return out;
}

const playwrightCount = (file) => () => {
  const r = readJson(file);
  return (
    r && {
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected,
      skipped: r.stats.skipped,
      flaky: specsWith('flaky', r.suites).map((s) => s.title),
      failures: specsWith('unexpected', r.suites).map(({ title, test }) => ({
        title,
        lines: firstLines(test.results?.at(-1)?.error?.message),
      })),
    }
  );
};

try {
  await ensureDependencies();
  if (wanted('e2e')) await ensureChromium();
} catch (err) {
  console.error(`[strand] setup failed: ${err.message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/**
 * The build (for the bundle check and the browser tests) runs beside lint and the type-check, which leave a core
 * idle part of the time (knip, dependency-cruiser and the small tsc projects are single-threaded); its output goes
 * to .tmp/reports/build.log and is shown if it fails. It is a step of its own in the summary.
 */
function startBuild() {
  if (!(wanted('e2e') || wanted('bundle')) || !buildIsStale()) return null;
  log('build started beside lint and typecheck (output: .tmp/reports/build.log)');
  const logFile = path.join(reports, 'build.log');
  const out = createWriteStream(logFile);
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  return new Promise((resolve) => {
    child.on('exit', (code) => out.end(() => resolve({ code: code ?? 1, started, logFile })));
  });
}

async function awaitBuild(building) {
  if (!building) return true;
  const { code, started, logFile } = await building;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name: 'build', ok: code === 0, seconds });
  if (code !== 0) {
    counts.failed += 1;
    console.log(readFileSync(logFile, 'utf8'));
    log('build failed: the bundle check and the browser tests are skipped');
  }
  return code === 0;
}

const node = process.execPath;
const building = startBuild();
await step('lint', 'npm', ['run', '--silent', 'lint:ci']);
await step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
// The unit step is two Vitest projects: pure code in processes that live on from file to file, the web app's code in
// a fresh VM context per file (vitest.config.ts).
for (const [name, projects] of [
  ['unit', ['unit', 'unit-web']],
  ['api', ['api']],
]) {
  const out = path.join(reports, `vitest-${name}.json`);
  await step(
    name,
    node,
    [
      bin('vitest/vitest.mjs'),
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    {},
    vitestCount(out),
  );
}
const built = await awaitBuild(building);
if (built) await step('bundle', node, [path.join(root, 'scripts', 'check-bundle.mjs')]);
const e2eOut = path.join(reports, 'playwright.json');
if (built)
  await step(
    'e2e',
    node,
    [bin('@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', E2E_RETRIES: '1' } },
    playwrightCount(e2eOut),
  );

console.log('');
log('summary');
for (const r of results) {
  const tally = r.tally ? ` (${r.tally.passed} passed, ${r.tally.failed} failed, ${r.tally.skipped} skipped)` : '';
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} ${r.seconds.padStart(6)} s${tally}`);
  // A browser test that passed only on its retry (CI) is named, to be fixed at its cause, not forgotten.
  for (const title of r.tally?.flaky ?? []) console.log(`       flaky (passed on its retry): ${title}`);
  // Each failed test is named with the start of its message, so a log's last lines tell what broke.
  for (const f of r.tally?.failures?.slice(0, 10) ?? []) {
    console.log(`       failed: ${f.title}`);
    for (const line of f.lines) console.log(`         ${line}`);
  }
}
const allOk = results.every((r) => r.ok);
console.log(`Total: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(allOk ? 0 : 1);
