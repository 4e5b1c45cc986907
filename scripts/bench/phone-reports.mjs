// `npm run bench:reports`: the nine phone report types (SPEC §9) on a year of calls of a 200-line business.
// Seeds the small demo (scale 0) into a temporary DATA_DIR (SQLite, or PostgreSQL when DATABASE_URL is set), adds a
// business customer with 200 lines and a year of calls (about 2,400 a weekday: ~640,000), starts the real app
// in-process (requests through Fastify's inject: routing, auth, validation, SQL and serialization) and prints p50 and
// p95 of each report type for the default range (the last 30 days), the Full Month Report for this month, and the
// longest range (366 days). Requests go through the staff route (the same engine the customer's route calls). Each
// is measured twice in one run: from the call records (the baseline, PHONE_REPORTS_SOURCE=records) and from the
// per-day summaries (0024-call-summaries, what the server reads). The goal: p95 < 300 ms per report type on SQLite,
// every range; the script exits 1 when a report read from the summaries is over it. Not part of `npm test`.
//
//   npm run bench:reports [-- --runs 40] [--year-runs 10] [--calls-per-weekday 2400] [--budget 300] [--keep]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { log, root } from '../lib.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '40' },
    'year-runs': { type: 'string', default: '10' },
    'calls-per-weekday': { type: 'string', default: '2400' },
    budget: { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const yearRuns = Number(values['year-runs']);
const perWeekday = Number(values['calls-per-weekday']);
const budget = Number(values.budget);
if (!(runs > 0) || !(perWeekday > 0)) throw new Error('--runs and --calls-per-weekday must be positive numbers');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'strand-bench-reports-'));
// JWT_SECRET: required with DATABASE_URL (every instance must share it); any value of 32+ characters for a bench.
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  JWT_SECRET: process.env.JWT_SECRET ?? 'bench-only-secret-bench-only-secret-0123',
};
process.on('exit', () => {
  if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
  else log(`kept ${dataDir}`);
});

log(`seeding the demo (scale 0) into ${dataDir}`);
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/demo/cli.ts', '--scale', '0'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

Object.assign(process.env, env);
const { tsImport } = await import('tsx/esm/api');
const load = (file) => tsImport(path.join(root, file), import.meta.url);
const { loadConfig } = await load('server/src/config.ts');
const { openDatabase } = await load('server/src/db/connect.ts');
const { buildApp } = await load('server/src/app.ts');
const { PHONE_REPORT_TYPES } = await load('domain/src/index.ts');

const config = loadConfig(env);
const database = openDatabase(config.database);
const { app, ctx } = await buildApp({ config, database, logger: false, webDist: null });
const db = ctx.db;

// ---- a 200-line business and a year of its calls ------------------------------------------------------------------
const CUSTOMER = '1000-3000-0200';
await db
  .insertInto('customers')
  .values({
    id: CUSTOMER,
    name: 'Bench Clinic Network',
    customer_type: 'Business',
    status: 'Active',
    created_at: new Date().toISOString(),
  })
  .execute();
let state = 20_251_124;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const pick = (list) => list[Math.floor(random() * list.length)];
const LINES = Array.from({ length: 200 }, (_, i) => `573555${String(1000 + i).padStart(4, '0')}`);
const TOLL_FREE = ['18005551000', '18885551000'];
const LOCAL = Array.from({ length: 500 }, (_, i) => `573${String(4000000 + i * 7919).slice(0, 7)}`);
const FAR = Array.from(
  { length: 200 },
  (_, i) => `1${pick(['314', '816', '417', '660', '312', '212'])}555${String(i).padStart(4, '0')}`,
);
const INTL = ['011442079460123', '0115255501234', '01149301234567'];
const DAY_MS = 86_400_000;
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
let started = performance.now();
let total = 0;
let batch = [];
const flush = async () => {
  if (batch.length === 0) return;
  await db.insertInto('call_records').values(batch).execute();
  total += batch.length;
  batch = [];
};
for (let d = 365; d >= 0; d--) {
  const dayStart = today - d * DAY_MS;
  const weekday = new Date(dayStart).getUTCDay();
  const n =
    weekday === 0 || weekday === 6 ? int(perWeekday / 10, perWeekday / 7) : int(perWeekday * 0.8, perWeekday * 1.2);
  for (let i = 0; i < n; i++) {
    const inbound = random() < 0.55;
    const at = dayStart + (13 * 3600 + Math.floor(random() * 10 * 3600)) * 1000;
    if (at > Date.now()) continue;
    const busy = random() < 0.03;
    const noAnswer = !busy && random() < 0.08;
    const seconds = busy || noAnswer ? 0 : int(10, 1200);
    const dialled = inbound
      ? random() < 0.12
        ? pick(TOLL_FREE)
        : pick(LINES)
      : pick([
          ...Array(12)
            .fill(null)
            .map(() => pick(LOCAL)),
          pick(FAR),
          pick(FAR),
          pick(TOLL_FREE),
          random() < 0.2 ? pick(INTL) : pick(LOCAL),
        ]);
    batch.push({
      customer_id: CUSTOMER,
      started_at: new Date(at).toISOString(),
      direction: inbound ? 'inbound' : 'outbound',
      from_number: inbound ? pick([...LOCAL, ...FAR]) : pick(LINES),
      to_number: dialled,
      duration_seconds: seconds,
      outcome: busy ? 'busy' : noAnswer ? 'no_answer' : 'answered',
    });
    if (batch.length >= 2000) await flush();
  }
}
await flush();
log(`inserted ${total.toLocaleString('en-US')} calls in ${Math.round(performance.now() - started)} ms`);
started = performance.now();
await app.ready(); // refreshes the planner statistics (SQLite), as the server does when it starts
if (ctx.dialect === 'sqlite') await (await import('kysely')).sql`analyze`.execute(db);
log(`app ready in ${Math.round(performance.now() - started)} ms`);

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'staff', password: 'demo-password' },
});
if (login.statusCode !== 200) throw new Error(`login staff: ${login.statusCode}`);
const token = login.json().token;

const iso = (ms) => new Date(ms).toISOString().slice(0, 10);
const RANGES = {
  'last 30 days (default)': {},
  'a year (366 days)': { from: iso(today - 365 * DAY_MS), to: iso(today) },
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const measure = async (url, n) => {
  const times = [];
  const cpu = [];
  for (let i = 0; i < n + 3; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (i >= 3) {
      times.push(ms); // the first runs warm the caches (and sweep the concurrency peaks once)
      cpu.push((c1.user + c1.system) / 1000);
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpu95: percentile(cpu, 95) };
};
const results = [];
for (const [rangeName, range] of Object.entries(RANGES)) {
  for (const type of PHONE_REPORT_TYPES) {
    if (type.range === 'month' && rangeName !== 'last 30 days (default)') continue;
    const query = new URLSearchParams({ vcCustomerID: CUSTOMER, ...(type.range === 'month' ? {} : range) });
    const url = `/api/staff/reports/calls/${type.id}?${query}`;
    const n = rangeName === 'a year (366 days)' ? yearRuns : runs;
    ctx.config.phoneReports.source = 'records';
    const before = await measure(url, n);
    ctx.config.phoneReports.source = 'summaries';
    const after = await measure(url, n);
    const label = type.range === 'month' ? 'this month' : rangeName;
    log(`${type.name}, ${label}: p95 records ${before.p95.toFixed(1)} ms, summaries ${after.p95.toFixed(1)} ms`);
    results.push({ range: label, report: type.name, before, after });
  }
}
console.log(
  `\n${ctx.dialect}, ${total.toLocaleString('en-US')} calls of 200 lines over a year, ${runs} runs each (${yearRuns} for a year), ms:`,
);
// Wall-clock time counts whatever else the machine runs; CPU time (this process: SQLite runs in it) does not.
const cols = (r) => [r.p50, r.p95, r.cpu95].map((v) => v.toFixed(1).padStart(8)).join('');
console.log(
  `${''.padEnd(50)}${'from the call records'.padEnd(24)}${'from the summaries'}\n${'range'.padEnd(24)}${'report'.padEnd(26)}${['p50', 'p95', 'cpu p95'].map((h) => h.padStart(8)).join('')}${['p50', 'p95', 'cpu p95'].map((h) => h.padStart(8)).join('')}   budget p95 < ${budget}`,
);
let over = 0;
for (const r of results) {
  const ok = r.after.p95 < budget;
  if (!ok) over++;
  console.log(`${r.range.padEnd(24)}${r.report.padEnd(26)}${cols(r.before)}${cols(r.after)}   ${ok ? 'ok' : 'OVER'}`);
}
await app.close();
if (over > 0) {
  console.log(`\n${over} report(s) over ${budget} ms p95 from the summaries.`);
  process.exit(1);
}
