// `npm run cluster`: the portal as several instances on PostgreSQL behind HAProxy, on this machine.
//   npm run cluster                 PostgreSQL 15 (Debian's, a data directory under .cluster/), the simulators process,
//                                   3 instances of server/dist/main.js, HAProxy in front on 127.0.0.1:9960
//   npm run cluster -- stop         stops everything it started (pid files under .cluster/pids)
//   npm run cluster -- restart <n>  rolling restart of instance n (SIGTERM, wait, start, wait until ready)
//   npm run cluster -- status       what runs
// Installs Debian's haproxy and postgresql-15 with apt-get when missing (as root, said out loud, like `npm run setup`).
// Every port and the directory are settings (CLUSTER_* below), so a second cluster (the test's) runs next to the first.
// scripts/test-cluster.mjs imports these functions.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ensureDependencies, log, root } from './lib.mjs';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const HAPROXY = '/usr/sbin/haproxy';

/** The cluster's settings, from the environment (defaults clash neither with `npm start` nor with the e2e ports). */
export function clusterSettings(env = process.env) {
  const num = (name, fallback) => {
    const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
    if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number`);
    return value;
  };
  const dir = path.resolve(root, env.CLUSTER_DIR || '.cluster');
  const instances = Number(env.CLUSTER_INSTANCES || 3);
  if (!Number.isInteger(instances) || instances < 1 || instances > 20) throw new Error('CLUSTER_INSTANCES: 1 to 20');
  const firstPort = num('CLUSTER_INSTANCE_PORT', 9961);
  const pgDir = postgresDirFor(dir);
  return {
    dir,
    pgData: path.join(pgDir, 'data'),
    pgSocketDir: pgDir,
    pidDir: path.join(dir, 'pids'),
    logDir: path.join(dir, 'logs'),
    port: num('CLUSTER_PORT', 9960),
    instancePorts: Array.from({ length: instances }, (_, i) => firstPort + i),
    pgPort: num('CLUSTER_PG_PORT', 55460),
    oltPort: num('CLUSTER_OLT_PORT', 17960),
    switchPort: num('CLUSTER_SWITCH_PORT', 18010),
    faxPort: num('CLUSTER_FAX_PORT', 17060),
    tvPort: num('CLUSTER_TV_PORT', 17160),
    /** Extra settings for every instance (the test's rate limits, autopay interval...), on top of the environment. */
    instanceEnv: {},
  };
}

/**
 * Where the cluster's PostgreSQL keeps its data and socket: `<dir>/pg`, unless the `postgres` user (whom a root run
 * hands initdb and the server) cannot reach that folder, e.g. a clone under /root or in a private `mktemp -d`
 * folder. Then a folder of its own under the system's temp folder, named after the cluster folder, so `stop` and
 * `status` find it again.
 */
function postgresDirFor(dir) {
  const inside = path.join(dir, 'pg');
  if (process.getuid?.() !== 0) return inside;
  let probe = dir;
  while (!existsSync(probe) && path.dirname(probe) !== probe) probe = path.dirname(probe);
  const reachable = spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', probe]).status === 0;
  if (reachable) return inside;
  return path.join(os.tmpdir(), `strand-cluster-pg-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}`);
}

/** Removes a stopped cluster's files: its folder, and its PostgreSQL folder where that lives apart. */
export function removeClusterFiles(s) {
  rmSync(s.dir, { recursive: true, force: true });
  rmSync(s.pgSocketDir, { recursive: true, force: true });
}

export const databaseUrl = (s) => `postgres://postgres@127.0.0.1:${s.pgPort}/postgres`;
export const balancerUrl = (s) => `http://127.0.0.1:${s.port}`;
export const instanceUrl = (s, n) => `http://127.0.0.1:${s.instancePorts[n - 1]}`;

// ---------------------------------------------------------------- what the machine needs

function asRoot() {
  return process.getuid?.() === 0;
}

async function aptInstall(packages, why) {
  if (!asRoot())
    throw new Error(`${why}: install Debian's ${packages.join(' ')} (apt-get install ${packages.join(' ')})`);
  log(`cluster: installing Debian's ${packages.join(' ')} with apt-get (${why})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args[0]} failed`);
  }
}

export async function ensureClusterPackages() {
  const missing = [];
  if (!existsSync(path.join(PG_BIN, 'initdb'))) missing.push('postgresql-15');
  if (!existsSync(HAPROXY)) missing.push('haproxy');
  if (missing.length > 0) await aptInstall(missing, 'the cluster runs PostgreSQL 15 and HAProxy from Debian');
  // Debian starts a packaged service on install; the cluster runs its own, so leave theirs as the admin wants it.
}

// ---------------------------------------------------------------- processes and pid files

const pidFile = (s, name) => path.join(s.pidDir, `${name}.pid`);

function readPid(s, name) {
  try {
    const pid = Number(readFileSync(pidFile(s, name), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts a detached process whose output goes to .cluster/logs/<name>.log, and records its pid. */
function startProcess(s, name, command, args, env) {
  mkdirSync(s.logDir, { recursive: true });
  mkdirSync(s.pidDir, { recursive: true });
  const out = openSync(path.join(s.logDir, `${name}.log`), 'a');
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  child.unref();
  writeFileSync(pidFile(s, name), `${child.pid}\n`);
  return child.pid;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Sends `signal`, waits up to `graceMs` for the process to end, then SIGKILL. Answers how it ended. */
export async function stopProcess(s, name, { signal = 'SIGTERM', graceMs = 20_000 } = {}) {
  const pid = readPid(s, name);
  rmSync(pidFile(s, name), { force: true });
  if (!alive(pid)) return 'not running';
  process.kill(pid, signal);
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (!alive(pid)) return signal === 'SIGKILL' ? 'killed' : 'stopped';
  process.kill(pid, 'SIGKILL');
  while (alive(pid)) await sleep(50);
  return `killed after ${graceMs / 1000} s`;
}

async function waitFor(what, check, timeoutMs, logFile) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  const tail = logFile && existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
  throw new Error(`${what} not ready after ${timeoutMs / 1000} s${tail ? `; last lines of ${logFile}:\n${tail}` : ''}`);
}

// ---------------------------------------------------------------- PostgreSQL

function asPostgres(command, args) {
  // initdb and the server refuse to run as root: as root, run them as the postgres user (like .ci/run does).
  const [cmd, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return spawnSync(cmd, argv, { encoding: 'utf8' });
}

function chownToPostgres(dir) {
  if (!asRoot()) return;
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  chownSync(dir, Number(r.stdout.trim()), Number(g.stdout.trim()));
}

async function startPostgres(s) {
  mkdirSync(s.pgSocketDir, { recursive: true });
  chownToPostgres(s.pgSocketDir);
  if (!existsSync(path.join(s.pgData, 'PG_VERSION'))) {
    log(`cluster: initdb ${path.relative(root, s.pgData)}`);
    const r = asPostgres(path.join(PG_BIN, 'initdb'), ['-D', s.pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    if (r.status !== 0) throw new Error(`initdb failed:\n${r.stderr}`);
  }
  if (asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', s.pgData, 'status']).status === 0) return;
  const r = asPostgres(path.join(PG_BIN, 'pg_ctl'), [
    '-D',
    s.pgData,
    '-w',
    '-l',
    path.join(s.pgSocketDir, 'server.log'),
    '-o',
    `-p ${s.pgPort} -c listen_addresses=127.0.0.1 -k ${s.pgSocketDir} -c max_connections=200`,
    'start',
  ]);
  if (r.status !== 0) throw new Error(`PostgreSQL did not start:\n${r.stdout}${r.stderr}`);
  log(`cluster: PostgreSQL 15 on 127.0.0.1:${s.pgPort}`);
}

function stopPostgres(s) {
  if (!existsSync(path.join(s.pgData, 'PG_VERSION'))) return 'not initialised';
  const r = asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', s.pgData, '-m', 'fast', '-w', 'stop']);
  return r.status === 0 ? 'stopped' : 'not running';
}

// ---------------------------------------------------------------- simulators and instances

function simulatorAddresses(s) {
  return {
    OLT_SNMP_HOST: '127.0.0.1',
    OLT_SNMP_PORT: String(s.oltPort),
    PHONE_SWITCH_URL: `http://127.0.0.1:${s.switchPort}`,
    FAX_GATEWAY_URL: `http://127.0.0.1:${s.faxPort}`,
    TV_MIDDLEWARE_URL: `http://127.0.0.1:${s.tvPort}`,
  };
}

async function startSimulators(s) {
  if (alive(readPid(s, 'simulators'))) return;
  const dataDir = path.join(s.dir, 'simulators');
  mkdirSync(dataDir, { recursive: true });
  startProcess(
    s,
    'simulators',
    process.execPath,
    ['--enable-source-maps', path.join(root, 'server/dist/simulators-main.js')],
    {
      ...process.env,
      DATA_DIR: dataDir,
      SIMULATORS_HOST: '127.0.0.1',
      OLT_SNMP_PORT: String(s.oltPort),
      PHONE_SWITCH_PORT: String(s.switchPort),
      FAX_SIMULATOR_PORT: String(s.faxPort),
      TV_SIMULATOR_PORT: String(s.tvPort),
    },
  );
  const logFile = path.join(s.logDir, 'simulators.log');
  await waitFor(
    'the simulators process',
    async () => {
      if (!alive(readPid(s, 'simulators'))) throw new Error(readFileSync(logFile, 'utf8'));
      return readFileSync(logFile, 'utf8').includes('simulators ready');
    },
    30_000,
    logFile,
  );
  log(`cluster: simulators (OLT udp ${s.oltPort}, switch ${s.switchPort}, fax ${s.faxPort}, TV ${s.tvPort})`);
}

function jwtSecret(s) {
  const file = path.join(s.dir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** The settings every instance shares (docs/operations.md, "Deployment": these must be the same on every instance). */
export function instanceEnv(s, n) {
  return {
    ...process.env,
    ...s.instanceEnv,
    HOST: '127.0.0.1',
    PORT: String(s.instancePorts[n - 1]),
    // Each instance its own local directory: nothing an instance needs may live only there.
    DATA_DIR: path.join(s.dir, `instance-${n}`),
    DATABASE_URL: databaseUrl(s),
    JWT_SECRET: jwtSecret(s),
    PUBLIC_URL: balancerUrl(s),
    // HAProxy sets X-Forwarded-For; the instances listen on loopback only, behind it.
    TRUST_PROXY: 'true',
    // On SIGTERM: ready answers 503 at once; HAProxy (check every 500 ms, down after 2) stops sending within ~1 s,
    // later on a saturated machine. Only then may the instance close its idle connections: closing one HAProxy has
    // just picked makes HAProxy drop the client's connection for a request it may not resend (a POST without key).
    SHUTDOWN_DRAIN_DELAY_MS: '3000',
    // The demo data (rows and files, in the PostgreSQL file store) goes into the empty database once: the instances
    // migrate and seed under a startup lock, so the first one does it and the others find it done.
    SEED_DEMO: 'auto',
    ...simulatorAddresses(s),
  };
}

/** The path HAProxy and the cluster ask: /api/health/ready when the server has it, /api/health before. */
let readyPath = null;
async function probeReadyPath(url) {
  if (readyPath) return readyPath;
  const res = await fetch(`${url}/api/health/ready`);
  if (res.status === 404) readyPath = '/api/health';
  else if (res.ok) readyPath = '/api/health/ready';
  else return null;
  return readyPath;
}

export async function waitUntilReady(s, n, timeoutMs = 90_000) {
  const url = instanceUrl(s, n);
  const logFile = path.join(s.logDir, `instance-${n}.log`);
  await waitFor(
    `instance ${n} (${url})`,
    async () => {
      if (!alive(readPid(s, `instance-${n}`))) throw new Error(`instance ${n} exited`);
      const p = await probeReadyPath(url);
      return p !== null && (await fetch(`${url}${p}`)).ok;
    },
    timeoutMs,
    logFile,
  );
}

export function startInstance(s, n) {
  mkdirSync(path.join(s.dir, `instance-${n}`), { recursive: true });
  return startProcess(
    s,
    `instance-${n}`,
    process.execPath,
    ['--enable-source-maps', path.join(root, 'server/dist/main.js')],
    instanceEnv(s, n),
  );
}

// ---------------------------------------------------------------- HAProxy

export function haproxyConfig(s, healthPath) {
  const servers = s.instancePorts
    .map((port, i) => `  server instance-${i + 1} 127.0.0.1:${port} check inter 500ms fall 2 rise 2`)
    .join('\n');
  return `# Written by scripts/cluster.mjs (npm run cluster); regenerated on every start.
global
  maxconn 4096
  pidfile ${pidFile(s, 'haproxy')}

defaults
  mode http
  # One line per request into haproxy.log: timings, status, termination state and retries (test:cluster reads it).
  log stdout format raw local0
  option httplog
  log-format "%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq %{+Q}r"
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 15s
  timeout http-keep-alive 10s
  # A request that could not reach an instance is sent again, to another one (redispatch).
  retries 3
  option redispatch 1
  # Layer-7 retries: also when an instance closed the connection without an answer (it was stopping or died);
  # only for requests that are safe to send twice: reads, writes with an Idempotency-Key, sign-ins and sign-outs.
  retry-on conn-failure empty-response response-timeout 503

frontend portal
  bind 127.0.0.1:${s.port}
  # The client's address for the instances' per-address limits (they trust it: TRUST_PROXY=true).
  http-request set-header X-Forwarded-For %[src]
  default_backend instances

backend instances
  balance roundrobin
  # Signing out is safe to send twice too: revoking a revoked session changes nothing. So is signing in (a second
  # session, unused, expires), as a browser resends it: a sign-in that reached an instance as it was killed (kill -9,
  # before its health check marked it down) was answered 502 (SH--) in a CI run of 29 Nov instead of sent elsewhere.
  http-request disable-l7-retry if !{ method GET HEAD OPTIONS } !{ req.hdr(idempotency-key) -m found } !{ path /api/auth/logout /api/auth/login }
  # Which instance answered (the cluster test counts them).
  http-response set-header X-Served-By %s
  option httpchk GET ${healthPath}
  http-check expect status 200
  default-server maxconn 200
${servers}
`;
}

async function startHaproxy(s, healthPath) {
  const cfg = path.join(s.dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(s, healthPath));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy.cfg is not valid:\n${check.stdout}${check.stderr}`);
  await stopProcess(s, 'haproxy', { graceMs: 5_000 });
  // -db: stays in the foreground of its detached process, so the pid file is the pid we started.
  startProcess(s, 'haproxy', HAPROXY, ['-db', '-f', cfg], process.env);
  await waitFor(
    `HAProxy on ${balancerUrl(s)}`,
    async () => (await fetch(`${balancerUrl(s)}${healthPath}`)).ok,
    20_000,
    path.join(s.logDir, 'haproxy.log'),
  );
  log(`cluster: HAProxy on ${balancerUrl(s)} (roundrobin over ${s.instancePorts.length} instances)`);
}

// ---------------------------------------------------------------- commands

export async function startCluster(s) {
  await ensureDependencies();
  await ensureBuilt({ force: !existsSync(path.join(root, 'server/dist/simulators-main.js')) });
  await ensureClusterPackages();
  mkdirSync(s.dir, { recursive: true });
  try {
    await startPostgres(s);
    await startSimulators(s);
    for (let n = 1; n <= s.instancePorts.length; n++) {
      if (!alive(readPid(s, `instance-${n}`))) startInstance(s, n);
    }
    for (let n = 1; n <= s.instancePorts.length; n++) await waitUntilReady(s, n);
    log(`cluster: ${s.instancePorts.length} instances ready (ports ${s.instancePorts.join(', ')})`);
    await startHaproxy(s, readyPath ?? '/api/health');
  } catch (err) {
    log('cluster: start failed; stopping what was started');
    await stopCluster(s);
    throw err;
  }
  log(
    `cluster: the portal is on ${balancerUrl(s)}  (logs in ${path.relative(root, s.logDir)}; npm run cluster -- stop)`,
  );
}

export async function stopCluster(s) {
  const report = [];
  report.push(['haproxy', await stopProcess(s, 'haproxy', { graceMs: 5_000 })]);
  const stops = s.instancePorts.map((_, i) =>
    stopProcess(s, `instance-${i + 1}`).then((how) => report.push([`instance ${i + 1}`, how])),
  );
  await Promise.all(stops);
  report.push(['simulators', await stopProcess(s, 'simulators', { graceMs: 5_000 })]);
  report.push(['postgresql', stopPostgres(s)]);
  log(`cluster stopped: ${report.map(([what, how]) => `${what} ${how}`).join(', ')}`);
}

/** Rolling restart of instance n: SIGTERM (it drains), then start it again and wait until it is ready. */
export async function restartInstance(s, n, { signal = 'SIGTERM' } = {}) {
  if (!Number.isInteger(n) || n < 1 || n > s.instancePorts.length) {
    throw new Error(`restart: name an instance from 1 to ${s.instancePorts.length}`);
  }
  const started = Date.now();
  const how = await stopProcess(s, `instance-${n}`, { signal });
  startInstance(s, n);
  await waitUntilReady(s, n);
  return { how, ms: Date.now() - started };
}

export function clusterStatus(s) {
  const names = ['haproxy', 'simulators', ...s.instancePorts.map((_, i) => `instance-${i + 1}`)];
  const pg = existsSync(path.join(s.pgData, 'PG_VERSION'))
    ? asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', s.pgData, 'status']).status === 0
    : false;
  return [['postgresql', pg], ...names.map((name) => [name, alive(readPid(s, name))])];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command = 'start', arg] = process.argv.slice(2);
  try {
    const s = clusterSettings();
    if (command === 'start') await startCluster(s);
    else if (command === 'stop') await stopCluster(s);
    else if (command === 'restart') {
      const targets = arg ? [Number(arg)] : s.instancePorts.map((_, i) => i + 1);
      for (const n of targets) {
        const { how, ms } = await restartInstance(s, n);
        log(`cluster: instance ${n} ${how} and ready again in ${(ms / 1000).toFixed(1)} s`);
      }
    } else if (command === 'status') {
      for (const [name, up] of clusterStatus(s)) console.log(`${name.padEnd(12)} ${up ? 'running' : 'stopped'}`);
    } else {
      throw new Error(`unknown command "${command}": use start, stop, restart [n] or status`);
    }
  } catch (err) {
    console.error(`[strand] cluster: ${err.message}`);
    process.exit(1);
  }
}
