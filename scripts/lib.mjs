// Helpers shared by the start, build and test entry points. Plain Node (no dependencies): they run before
// `npm install` has.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`\x1b[36m[strand]\x1b[0m ${message}`);
}

/** Runs a command in the repository root, inheriting stdio; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** The newest modification time under the given paths (files and folders, recursively). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    newest = Math.max(newest, st.mtimeMs);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(path.join(p, name));
      }
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return newest;
}

const REQUIRED_MODULES = [
  'fastify',
  'better-sqlite3',
  'argon2',
  'vite',
  'vitest',
  'react',
  '@playwright/test',
  '@biomejs/biome',
];

/** The native module that compiles from source at install (SQLite's amalgamation: about 75 s on one core). */
const SLOW_NATIVE = 'better-sqlite3';
const SLOW_NATIVE_BUILT = path.join(root, 'node_modules', SLOW_NATIVE, 'build', 'Release', 'better_sqlite3.node');

/** The installed packages that have install scripts (package-lock.json's `hasInstallScript`), by name. */
function packagesWithInstallScripts() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const names = Object.entries(lock.packages ?? {})
    .filter(([where, entry]) => entry.hasInstallScript && where.includes('node_modules/'))
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)];
}

/**
 * Installs the npm dependencies when any is missing (or better-sqlite3 is not built) or package.json changed since
 * the last install. In two parts: `npm install --ignore-scripts`, then the packages' install scripts with `npm
 * rebuild` (package-lock.json names them): the quick ones (esbuild, argon2's prebuilt binary) at once, better-sqlite3's
 * compile last. That compile is awaited here unless `nativeLater`: then `{ native }` is returned, its promise (npm
 * test runs lint and the type-check beside it, which need no native module; `nativeLog` receives its output). In an
 * object, as an async function's promise would take on the compile's and wait for it.
 */
export async function ensureDependencies({ nativeLater = false, nativeLog = null } = {}) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const missing = REQUIRED_MODULES.some((m) => !existsSync(path.join(root, 'node_modules', m, 'package.json')));
  const stale =
    existsSync(marker) &&
    [
      'package.json',
      'domain/package.json',
      'server/package.json',
      'web/package.json',
      'e2e/package.json',
      'package-lock.json',
    ]
      .filter((f) => existsSync(path.join(root, f)))
      .some((f) => statSync(path.join(root, f)).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!missing && !stale && existsSync(SLOW_NATIVE_BUILT)) return;
  log(
    'installing dependencies (npm install, then the install scripts: better-sqlite3 compiles from source, a minute or two)',
  );
  // `npm install`, not `npm ci`: it follows package-lock.json too, and tolerates npm's lockfiles that miss other
  // platforms' optional packages (esbuild, rollup, biome), which `npm ci` refuses.
  const env = { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  if ((await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { env })) !== 0) {
    throw new Error('npm install failed');
  }
  const quick = packagesWithInstallScripts().filter((name) => name !== SLOW_NATIVE);
  if (quick.length > 0 && (await run('npm', ['rebuild', ...quick], { env })) !== 0) {
    throw new Error(`the install scripts of ${quick.join(', ')} failed (npm rebuild)`);
  }
  const compile =
    nativeLater && nativeLog
      ? runLogged('npm', ['rebuild', SLOW_NATIVE], nativeLog)
      : run('npm', ['rebuild', SLOW_NATIVE]);
  const native = compile.then((code) => {
    if (code !== 0 || !existsSync(SLOW_NATIVE_BUILT))
      throw new Error(`${SLOW_NATIVE} did not build (npm rebuild ${SLOW_NATIVE})`);
  });
  if (nativeLater) {
    log(`${SLOW_NATIVE} compiles in the background${nativeLog ? ` (output: ${path.relative(root, nativeLog)})` : ''}`);
    return { native };
  }
  await native;
}

/** Runs a command in the repository root with its output to a file; resolves with its exit code. */
function runLogged(command, args, file) {
  return new Promise((resolve) => {
    const out = createWriteStream(file);
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('exit', (code, signal) => out.end(() => resolve(code ?? (signal ? 1 : 0))));
    child.on('error', () => out.end(() => resolve(127)));
  });
}

/** Whether web/dist or server/dist is missing or older than their sources. */
export function buildIsStale() {
  const built = Math.min(mtimeOf('web/dist/index.html'), mtimeOf('server/dist/main.js'));
  const sources = newestMtime([
    'domain/src',
    'server/src',
    'web/src',
    'web/index.html',
    'web/vite.config.ts',
    'web/public',
    'domain/package.json',
    'scripts/build.mjs',
    'scripts/precompress.mjs',
  ]);
  return built <= sources;
}

/** Builds the web app and the server bundle when their sources are newer than the last build. */
export async function ensureBuilt({ force = false } = {}) {
  if (!force && !buildIsStale()) return;
  const code = await run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
  if (code !== 0) throw new Error('build failed');
}

function mtimeOf(rel) {
  const p = path.join(root, rel);
  return existsSync(p) ? statSync(p).mtimeMs : 0;
}
