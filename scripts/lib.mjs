// Helpers shared by the start, build and test entry points. Plain Node (no dependencies): they run before
// `npm install` has.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Installs the npm dependencies when any is missing or package.json changed since the last install. */
export async function ensureDependencies() {
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
  if (!missing && !stale) return;
  log('installing dependencies (npm install; better-sqlite3 compiles from source, about a minute or two)');
  // `npm install`, not `npm ci`: it follows package-lock.json too, and tolerates npm's lockfiles that miss other
  // platforms' optional packages (esbuild, rollup, biome), which `npm ci` refuses.
  // better-sqlite3 builds SQLite at -O2, as SQLite's own build and Debian's package do, not its gyp file's -O3: the
  // compile (most of the install) took 67.5–69.8 s at -O3 and 53.2–66.7 s at -O2 here (docs/development.md).
  // --prefer-offline: what npm's cache already holds is not asked for again (package-lock.json pins every version and
  // its hash): a fresh install without its compile took 38–40 s against 44–47 s here.
  const code = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
    env: {
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      CFLAGS: process.env.CFLAGS ?? '-O2',
      CXXFLAGS: process.env.CXXFLAGS ?? '-O2',
    },
  });
  if (code !== 0) throw new Error('npm install failed');
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
