// `npm run bench:api`: the API hot path against a bare Fastify route, side by side in one run (issue 16, goal 1).
//
// Starts, each in its own process: a bare Fastify server answering {hello:'world'}, and Strand as `npm start` runs it
// (server/dist/main.js, built when sources changed) on a throwaway copy of the demo data in a temp folder. Then, for
// every scenario, autocannon measures the bare route and the Strand route one right after the other (same
// connections, same duration), so a busy machine weighs on both alike; the ratio is Strand's req/s over bare's.
// Writes send a fresh Idempotency-Key each. Exits 1 when a ratio is under its budget or a request failed.
//
//   npm run bench:api -- --duration=5 --connections=50 --only=health,wo-home --runs=2 --json=out.json --no-budget
//   npm run bench:api -- --only=wo-home --profile=.tmp/prof   also writes Strand's CPU profile (.cpuprofile) there
//   npm run bench:api -- --only=mixed --no-budget   the mixed load (five routes in turn): its p99 is what a user waits
//
// The write limits (RATE_LIMIT_*) are raised, not turned off, so their cost stays in the measure; the log level is
// the default (info), written to a file in the temp folder as a service manager would.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt, log, root } from './lib.mjs';

const arg = (name, fallback) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : fallback;
};
const duration = Number(arg('duration', '5'));
const connections = Number(arg('connections', '50'));
const runs = Number(arg('runs', '1'));
const only = arg('only', '')?.split(',').filter(Boolean);
const jsonOut = arg('json', '');
const enforce = !process.argv.includes('--no-budget');
const basePort = Number(arg('port', '18800'));
const profileDir = arg('profile', '');
// Another build of the server (e.g. a checkout of the previous commit) to compare with: `--server=path/main.js`.
const serverMain = path.resolve(arg('server', path.join(root, 'server/dist/main.js')));

/**
 * The minimum share of bare Fastify's req/s (issue 16). Scenarios without one are measured and printed only: the work-
 * order home's 25 % needed its answer kept in memory, which issue 31's audit removed (a route alone at 50 connections
 * is not what a user waits for; the mixed load's p99 is, and the cache did not move it: docs/performance.md).
 */
const BUDGETS = { health: 0.6 };

const tmp = mkdtempSync(path.join(os.tmpdir(), 'strand-bench-api-'));
const children = [];
function startProcess(name, args, env) {
  const out = openSync(path.join(tmp, `${name}.log`), 'a');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  children.push(child);
  return child;
}
function stopAll() {
  const exits = children
    .filter((c) => c.exitCode === null)
    .map((c) => new Promise((resolve) => c.once('exit', resolve)));
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  return Promise.all(exits);
}
process.on('exit', () => {
  stopAll();
  rmSync(tmp, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

async function waitFor(url, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s (logs in ${tmp})`);
}

const BARE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

async function main() {
  if (!process.argv.some((a) => a.startsWith('--server='))) await ensureBuilt();
  const barePort = basePort + 1;
  const strandPort = basePort;
  const bareFile = path.join(root, 'node_modules', '.bench-bare-fastify.mjs');
  writeFileSync(bareFile, BARE);
  const bareProcess = startProcess('bare', [bareFile], { PORT: String(barePort) });
  log(`starting Strand on a fresh demo database in ${tmp} (seeding takes a few seconds)`);
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const strandProcess = startProcess('strand', [...profileArgs, serverMain], {
    HOST: '127.0.0.1',
    PORT: String(strandPort),
    DATA_DIR: path.join(tmp, 'data'),
    DATABASE_URL: '',
    OLT_SNMP_PORT: String(basePort + 2),
    RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
    RATE_LIMIT_IP_WRITES_PER_MINUTE: '100000000',
    NODE_ENV: 'production',
  });
  await waitFor(`http://127.0.0.1:${barePort}/`, 30);
  await waitFor(`http://127.0.0.1:${strandPort}/api/health`, 180);
  const strand = `http://127.0.0.1:${strandPort}`;

  const api = async (method, url, token, body, headers = {}) => {
    const res = await fetch(strand + url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text);
  };
  const login = async (username) =>
    (await api('POST', '/api/auth/login', null, { username, password: 'demo-password' })).token;
  const installer = await login('installer');
  const contractor = await login('contractor');
  const customer = await login('residential');

  // The contractor's first work order with a checklist that can be saved now (not waiting for another work order),
  // saved back as it is with a new note.
  const found = await api('POST', '/api/contractor/work-orders/search', contractor, {});
  const checklistOf = (wo) => ({
    data: Object.fromEntries(Object.entries(wo.checklist.data).filter(([k]) => k !== 'dtLastUpdated')),
    tsArrivalOnsite: wo.checklist.tsArrivalOnsite ?? '2025-03-01T14:00:00.000Z',
    tsWorkComplete: wo.checklist.tsWorkComplete ?? null,
    txtNotes: 'Benchmark save.',
    WOComplete: 'off',
    assetsMovedConfirmed: false,
  });
  let contractorWo = null;
  for (const { nCount } of found.workOrders) {
    const wo = await api('GET', `/api/contractor/work-orders/${nCount}`, contractor);
    if (!wo.checklist.template || wo.isComplete) continue;
    try {
      await api('PUT', `/api/contractor/work-orders/${wo.WorkOrderID}/checklist`, contractor, checklistOf(wo), {
        'idempotency-key': randomUUID(),
      });
    } catch {
      continue; // e.g. 409: waiting for the work order it depends on
    }
    contractorWo = wo;
    break;
  }
  if (!contractorWo) throw new Error('no open contractor work order with a savable checklist in the demo data');
  const woId = contractorWo.WorkOrderID;
  const checklist = checklistOf(contractorWo);

  // A payment of one cent on the customer's unpaid invoice with the most left to pay, from a bank account (no fee) if
  // the customer has one, else a card with its quoted fee.
  const bills = await api('GET', '/api/customer/billing/bills', customer);
  const methods = await api('GET', '/api/customer/billing/payment-methods', customer);
  const usable = methods.filter((m) => !m.expired);
  const method = usable.find((m) => m.kind === 'bank') ?? usable[0];
  const invoice = bills.openInvoices
    .filter((i) => i.balanceCents > 0)
    .sort((a, b) => b.balanceCents - a.balanceCents)[0];
  if (!method || !invoice) throw new Error('no payment method or unpaid invoice for the payment scenario');
  const paymentMethodId = method.PaymentMethodID;
  const quote = await api('POST', '/api/customer/billing/fee-quote', customer, {
    PaymentMethodID: paymentMethodId,
    amountCents: 1,
  });
  const payment = {
    PaymentMethodID: paymentMethodId,
    invoices: [{ InvoiceID: invoice.InvoiceID, amountCents: 1 }],
    expectedFeeCents: quote.feeCents,
  };
  await api('POST', '/api/customer/billing/payments', customer, payment, { 'idempotency-key': randomUUID() });

  const auth = (token) => ({ authorization: `Bearer ${token}` });
  const json = { 'content-type': 'application/json' };
  const withKey = (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } });
  const scenarios = [
    { name: 'health', label: 'GET /api/health', path: '/api/health' },
    {
      name: 'wo-home',
      label: 'GET /api/installer/work-orders/100001 (installer)',
      path: '/api/installer/work-orders/100001',
      headers: auth(installer),
    },
    {
      // As a browser or the app on a phone asks: the answer compressed (over 1 KB).
      name: 'wo-home-br',
      label: 'GET /api/installer/work-orders/100001, Accept-Encoding: gzip, deflate, br',
      path: '/api/installer/work-orders/100001',
      headers: { ...auth(installer), 'accept-encoding': 'gzip, deflate, br' },
    },
    {
      name: 'search',
      label: 'GET /api/installer/work-orders?… (installer search)',
      path: '/api/installer/work-orders?ByAssignment=0&ShowPendingAssigned=1',
      headers: auth(installer),
    },
    {
      name: 'bills',
      label: 'GET /api/customer/billing/bills (residential)',
      path: '/api/customer/billing/bills',
      headers: auth(customer),
    },
    {
      name: 'contractor-wo',
      label: `GET /api/contractor/work-orders/${woId} (contractor)`,
      path: `/api/contractor/work-orders/${woId}`,
      headers: auth(contractor),
    },
    {
      // The mixed load (issue 31): each connection asks, in turn, the work-order home as a browser asks, the
      // installer search, the customer's bills, the contractor's work order and /api/health; p99 over all of them.
      name: 'mixed',
      label: 'mixed: WO home (br), installer search, bills, contractor WO, health, in turn',
      requests: [
        {
          path: '/api/installer/work-orders/100001',
          headers: { ...auth(installer), 'accept-encoding': 'gzip, deflate, br' },
        },
        { path: '/api/installer/work-orders?ByAssignment=0&ShowPendingAssigned=1', headers: auth(installer) },
        { path: '/api/customer/billing/bills', headers: auth(customer) },
        { path: `/api/contractor/work-orders/${woId}`, headers: auth(contractor) },
        { path: '/api/health' },
      ],
    },
    {
      name: 'checklist-save',
      label: `PUT /api/contractor/work-orders/${woId}/checklist`,
      method: 'PUT',
      path: `/api/contractor/work-orders/${woId}/checklist`,
      headers: { ...auth(contractor), ...json },
      body: JSON.stringify(checklist),
      setupRequest: withKey,
    },
    {
      name: 'payment',
      label: 'POST /api/customer/billing/payments (1 cent)',
      method: 'POST',
      path: '/api/customer/billing/payments',
      headers: { ...auth(customer), ...json },
      body: JSON.stringify(payment),
      setupRequest: withKey,
    },
  ].filter((s) => !only?.length || only.includes(s.name));

  // Throughput, and the server's CPU time per request: on a machine shared with other work the first swings with
  // the neighbours' load, the second much less (it is what the request costs, whoever else runs).
  const measure = async (url, s, seconds, pid) => {
    const cpuBefore = pid ? cpuSeconds(pid) : null;
    const result = await autocannonRun(url, s, seconds);
    const cpuAfter = pid ? cpuSeconds(pid) : null;
    result.cpuMicros =
      cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total;
    return result;
  };
  const autocannonRun = (url, s, seconds) =>
    autocannon({
      url,
      connections,
      duration: seconds,
      requests: s.requests ?? [
        {
          method: s.method ?? 'GET',
          path: s.path,
          headers: s.headers,
          body: s.body,
          ...(s.setupRequest ? { setupRequest: s.setupRequest } : {}),
        },
      ],
    });

  log(`autocannon: ${connections} connections, ${duration} s each, bare Fastify then Strand, ${runs} run(s)`);
  const rows = [];
  for (let run = 1; run <= runs; run += 1) {
    for (const s of scenarios) {
      await measure(strand, s, 1); // warm-up: JIT, caches
      const bare = await measure(`http://127.0.0.1:${barePort}`, { path: '/' }, duration, bareProcess.pid);
      const r = await measure(strand, s, duration, strandProcess.pid);
      const row = {
        run,
        name: s.name,
        label: s.label,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        bareRps: Math.round(bare.requests.average),
        ratio: r.requests.average / bare.requests.average,
        cpuMicros: r.cpuMicros === null ? null : Math.round(r.cpuMicros),
        bareCpuMicros: bare.cpuMicros === null ? null : Math.round(bare.cpuMicros),
        cpuRatio: r.cpuMicros && bare.cpuMicros ? bare.cpuMicros / r.cpuMicros : null,
        failed: r.non2xx + r.errors + r.timeouts,
        budget: BUDGETS[s.name],
      };
      rows.push(row);
      const pct = (x) => `${(x * 100).toFixed(1)} %`;
      const verdict =
        row.failed > 0
          ? 'FAILED REQUESTS'
          : row.budget === undefined
            ? ''
            : row.ratio >= row.budget
              ? 'ok'
              : 'UNDER BUDGET';
      console.log(
        `  ${s.name.padEnd(15)} ${String(row.rps).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms` +
          `  | bare ${String(row.bareRps).padStart(6)} req/s | ${pct(row.ratio).padStart(7)}` +
          `${row.budget === undefined ? '' : ` (budget ≥ ${pct(row.budget)})`}${row.failed ? ` ${row.failed} failed` : ''} ${verdict}` +
          (row.cpuRatio === null
            ? ''
            : `\n  ${''.padEnd(15)} CPU ${String(row.cpuMicros).padStart(5)} µs/request | bare ${row.bareCpuMicros} µs | CPU ratio ${pct(row.cpuRatio)}`),
      );
    }
  }
  if (jsonOut) {
    writeFileSync(
      path.resolve(jsonOut),
      JSON.stringify({ date: new Date().toISOString(), duration, connections, nproc: os.cpus().length, rows }, null, 2),
    );
  }
  const failures = rows.filter((r) => r.failed > 0 || (r.budget !== undefined && r.ratio < r.budget));
  rmSync(bareFile, { force: true });
  if (failures.length > 0) {
    console.error(`bench:api: ${failures.length} measure(s) under budget or with failed requests`);
    if (enforce) process.exitCode = 1;
  } else log('bench:api: every budget met');
}

try {
  await main();
} catch (err) {
  console.error(`bench:api: ${err.message}`);
  process.exitCode = 1;
}
await stopAll();
process.exit();
