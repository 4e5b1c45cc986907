// `npm run bench:lighthouse`: Lighthouse in mobile mode (its default: a mid-range phone, simulated slow 4G and a 4×
// slower CPU) on /login and four signed-in pages (issue 16, goal 4), with Debian's Chromium (/usr/bin/chromium,
// CHROMIUM_PATH to change it). Starts Strand on a fresh demo database in a temp folder (server/dist/main.js, built
// when sources changed). A signed-in page is audited the way the app finds a session: the token of a real sign-in
// and the chosen portal in localStorage; the HTTP cache, the service worker, its caches and IndexedDB are cleared
// before every audit, so each one is a first visit. Prints each page's score (the median of --runs) and its Web
// Vitals beside the budget; exits 1 when a page is under its budget.
//
//   npm run bench:lighthouse -- --runs=3 --only=login,search --port=18900 --json=out.json --lhr=dir --no-budget
//
// --lhr=dir writes every run's full Lighthouse report there (<page>-<run>.json: the audits, the trace's findings).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { arg, CHROMIUM, CHROMIUM_FLAGS, startStrand } from './bench/strand-server.mjs';
import { ensureBuilt, log } from './lib.mjs';

const runs = Number(arg('runs', '3'));
const only = arg('only', '').split(',').filter(Boolean);
const port = Number(arg('port', '18900'));
const jsonOut = arg('json', '');
const lhrDir = arg('lhr', '');
const enforce = !process.argv.includes('--no-budget');

/** The pages of issue 16 with their budgets; `user` signs in (and `portal` is the portal the app has chosen). */
const PAGES = [
  { name: 'login', path: '/login', budget: 0.95 },
  { name: 'search', label: 'installer search', path: '/search', user: 'installer', portal: 'installer', budget: 0.9 },
  { name: 'wo-home', label: 'WO home', path: '/search/100001', user: 'installer', portal: 'installer', budget: 0.9 },
  {
    name: 'billing',
    label: 'billing center',
    path: '/billingCenter',
    user: 'residential',
    portal: 'residential',
    budget: 0.9,
  },
  {
    name: 'contractor-wo',
    label: 'contractor WOs',
    path: '/workOrders',
    user: 'contractor',
    portal: 'contractor',
    budget: 0.9,
  },
].filter((p) => only.length === 0 || only.includes(p.name));

const VITALS = [
  ['FCP', 'first-contentful-paint', 'ms'],
  ['LCP', 'largest-contentful-paint', 'ms'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
  ['SI', 'speed-index', 'ms'],
];
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  await ensureBuilt();
  log(`starting Strand on a fresh demo database (port ${port})`);
  const strand = await startStrand({ port });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const tokens = {};
  const results = [];
  try {
    for (const page of PAGES) {
      if (page.user && !tokens[page.user]) tokens[page.user] = await strand.login(page.user);
      const audits = [];
      for (let run = 0; run < runs; run += 1) {
        const lhr = await audit(
          browser,
          strand.url,
          page,
          page.user ? { token: tokens[page.user], portal: page.portal } : {},
        );
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== page.path) throw new Error(`${page.path} ended on ${landed}: the session was not taken`);
        audits.push(lhr);
        if (lhrDir) {
          mkdirSync(lhrDir, { recursive: true });
          writeFileSync(path.join(lhrDir, `${page.name}-${run + 1}.json`), JSON.stringify(lhr));
        }
        log(`  ${page.path} run ${run + 1}/${runs}: ${Math.round(lhr.categories.performance.score * 100)}`);
      }
      const score = median(audits.map((a) => a.categories.performance.score));
      const vitals = Object.fromEntries(
        VITALS.map(([key, id]) => [key, median(audits.map((a) => a.audits[id].numericValue))]),
      );
      // What the audits point at on the median run: the opportunities and diagnostics that did not pass.
      const medianRun = audits.find((a) => a.categories.performance.score === score) ?? audits[0];
      const findings = Object.values(medianRun.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
        .filter((a) => !VITALS.some(([, id]) => id === a.id) && a.id !== 'interactive' && a.id !== 'max-potential-fid')
        .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      // Which elements moved (CLS) and which element was the largest paint (LCP), on the median run.
      const shifts = (medianRun.audits['layout-shifts']?.details?.items ?? []).map(
        (item) => `${item.node?.selector ?? '?'} ${item.score?.toFixed(3)}`,
      );
      const lcpElement = medianRun.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
      if (shifts.length) findings.push(`layout shifts: ${shifts.join(', ')}`);
      if (lcpElement) findings.push(`LCP element: ${lcpElement.selector}`);
      const scores = audits.map((a) => a.categories.performance.score);
      results.push({ ...page, score, scores, vitals, findings });
    }
  } finally {
    await browser.disconnect().catch(() => undefined);
    chrome.kill();
  }

  console.log(`\nLighthouse mobile, performance, median of ${runs} run(s)`);
  console.log('page                         score  budget      FCP      LCP     TBT     CLS       SI');
  let failed = false;
  for (const r of results) {
    const under = r.score < r.budget;
    failed ||= under;
    const ms = (v) => `${(v / 1000).toFixed(2)} s`.padStart(8);
    console.log(
      `${under ? 'UNDER' : 'ok   '} ${`${r.path}${r.label ? ` (${r.label})` : ''}`.padEnd(22).slice(0, 22)} ${r.score.toFixed(2).padStart(5)}  ${r.budget.toFixed(2).padStart(6)} ${ms(r.vitals.FCP)} ${ms(r.vitals.LCP)} ${`${Math.round(r.vitals.TBT)} ms`.padStart(7)} ${r.vitals.CLS.toFixed(3).padStart(7)} ${ms(r.vitals.SI)}`,
    );
    if (r.findings.length) console.log(`      ${r.findings.join('; ')}`);
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
  if (failed && enforce) {
    console.error('\nLighthouse budget: a page is under its score (scores above; --no-budget to only print).');
    process.exit(1);
  }
  process.exit(0);
}

/**
 * One Lighthouse run of a page in a prepared tab. A run whose trace came out broken (NO_NAVSTART and the like, seen
 * on a loaded machine) is run again, twice at most.
 */
async function audit(browser, origin, page, items, attempt = 1) {
  const tab = await prepare(browser, origin, items);
  const { lhr } = await lighthouse(
    `${origin}${page.path}`,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // The session lives in localStorage: prepare() clears everything else instead.
      disableStorageReset: true,
    },
    undefined,
    tab,
  );
  await tab.close();
  if (!lhr.runtimeError) return lhr;
  if (attempt >= 3) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
  log(`  ${page.path}: ${lhr.runtimeError.code}, running it again`);
  return audit(browser, origin, page, items, attempt + 1);
}

/**
 * Makes the next audit a first visit with the given localStorage: everything of the origin cleared (HTTP cache,
 * service worker, Cache Storage, IndexedDB, localStorage), then the items written from a page that does not run the
 * app (the favicon), so nothing is loaded or registered before Lighthouse starts. Returns the tab to audit in.
 */
async function prepare(browser, origin, items) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.detach();
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate((kept) => {
    for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
  }, items);
  return page;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
