// `npm run setup`: what the tests need from outside the project, installed explicitly and said out loud:
// the npm dependencies, and Debian's Chromium for the browser tests (apt-get, as root; no browser download).
// `npm test` does the same by itself (README's two commands are all a fresh machine needs), and says so before it
// installs anything.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ensureDependencies, log, run } from './lib.mjs';

/** The browser tests run Debian's headless shell; Lighthouse and the offline benchmark run the full browser. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const PACKAGES = ['chromium', 'chromium-headless-shell', 'fonts-dejavu-core'];

export async function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(CHROMIUM_HEADLESS_SHELL)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`${CHROMIUM_HEADLESS_SHELL} or ${CHROMIUM} is missing: apt-get install ${PACKAGES.join(' ')}`);
  log(
    `setup: installing Debian's ${PACKAGES.join(', ')} with apt-get (the browser tests use ${CHROMIUM_HEADLESS_SHELL})`,
  );
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) throw new Error('apt-get update failed');
  if ((await run('apt-get', ['install', '-y', '-qq', ...PACKAGES], { env })) !== 0) {
    throw new Error(`apt-get install ${PACKAGES.join(' ')} failed`);
  }
}

export async function setup() {
  await ensureDependencies();
  await ensureChromium();
  log('setup: done');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await setup();
  } catch (err) {
    console.error(`[strand] setup failed: ${err.message}`);
    process.exit(1);
  }
}
