// What one signed-in page load costs Chromium, by how the browser tests could open it (e2e/tests/support/kept-page.ts):
// a new context, a new tab in one context, the same tab after a same-origin static file and a cleared origin (what the
// tests do between two tests), the same tab loading it again from the app or reaching it by the app's links (two
// in-app navigations a round), and the same tab after about:blank. Chromium's CPU (utime + stime of its live
// processes, from /proc) and the wall time per load, averaged over --loads=N (default 8), each way run --rounds=N times
// (default 2), alternating, with the renderer processes each way started. A renderer that has exited is not counted,
// so a way that replaces its renderer at every load shows it in its wall time and process count, not its CPU. Needs
// the build (npm run build) and Debian's headless shell.
//   node scripts/bench/browser-page.mjs [--loads=8] [--rounds=2]
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { arg, startStrand } from './strand-server.mjs';

const PORT = 8611;
const base = `http://127.0.0.1:${PORT}`;
const loads = Number(arg('loads', '8'));
const rounds = Number(arg('rounds', '2'));

/** CPU seconds of the live processes whose command line matches. */
function cpuOf(match) {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!match(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
const chromiumCpu = () => cpuOf((cmd) => cmd.includes('chromium'));
/** The pids of Chromium's live renderer processes. */
const renderers = () =>
  readdirSync('/proc').filter((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });

const server = await startStrand({ port: PORT });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'residential', password: 'demo-password' }),
  });
  const { token } = await res.json();
  const session = `localStorage.setItem('token', ${JSON.stringify(token)}); localStorage.setItem('portal', 'residential');`;
  const open = async (page) => {
    await page.goto(`${base}/billingCenter`);
    await page.getByRole('heading', { level: 1, name: 'Billing Center' }).waitFor();
  };
  const newContext = async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(session);
    return context;
  };

  /** Each way: a set-up, then one load as that way opens it (every context stays open, so its CPU is counted). */
  const ways = {
    'a new context': async () => {
      const kept = [];
      return async () => {
        const context = await newContext();
        kept.push(context);
        await open(await context.newPage());
      };
    },
    'a new tab of one context': async () => {
      const context = await newContext();
      return async () => open(await context.newPage());
    },
    'the same tab, after the favicon and a cleared origin': async () => {
      const context = await newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await open(page);
      return async () => {
        await page.goto(`${base}/favicon.svg`);
        await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
        await page.evaluate(() => sessionStorage.clear());
        await open(page);
      };
    },
    'the same tab, page.goto from the app': async () => {
      const context = await newContext();
      const page = await context.newPage();
      await open(page);
      return async () => open(page);
    },
    'the same tab, a link in the app (to Home and back)': async () => {
      const context = await newContext();
      const page = await context.newPage();
      await open(page);
      const link = (name) => page.getByRole('link', { name, exact: true }).first();
      return async () => {
        await link('Home').click();
        await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
        await link('Billing Center').click();
        await page.getByRole('heading', { level: 1, name: 'Billing Center' }).waitFor();
      };
    },
    'the same tab, after about:blank': async () => {
      const context = await newContext();
      const page = await context.newPage();
      await open(page);
      return async () => {
        await page.goto('about:blank');
        await open(page);
      };
    },
  };

  for (let round = 1; round <= rounds; round++) {
    for (const [name, setUp] of Object.entries(ways)) {
      const load = await setUp();
      const cpu0 = chromiumCpu();
      const wall0 = Date.now();
      const seen = new Set(renderers());
      const before = seen.size;
      for (let i = 0; i < loads; i++) {
        await load();
        for (const pid of renderers()) seen.add(pid);
      }
      const cpu = (chromiumCpu() - cpu0) / loads;
      const wall = (Date.now() - wall0) / loads / 1000;
      console.log(
        `round ${round}  ${name.padEnd(52)} Chromium ${cpu.toFixed(2)} CPU-s, ${wall.toFixed(2)} s a load, ` +
          `${seen.size - before} renderer processes started`,
      );
      for (const context of browser.contexts()) await context.close();
    }
  }
} finally {
  await browser.close();
  server.stop();
}
