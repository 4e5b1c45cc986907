// `npm run bench:api:inject`: CPU time per request of the API hot path, in-process (Fastify's inject: no sockets, so a
// loaded machine disturbs it least). Seeds the small demo (scale 0) into a temp DATA_DIR, builds the app of a source
// tree (this one, or `--root=DIR`: a checkout of another commit, to compare) with its real logger at `info` written
// to a file (stdout), signs in as the installer, then per route runs `--rounds` rounds of `--requests` requests with
// `--in-flight` at once and prints this process's CPU µs per request for each round (the first warms up).
//
//   npm run bench:api:inject -- [--root=/tmp/base] [--rounds=3] [--requests=4000] [--in-flight=50] [--only=health]
//     [--profile=.tmp/prof]   a .cpuprofile per route of the rounds after the first
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { root as here } from '../lib.mjs';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: here },
    rounds: { type: 'string', default: '3' },
    requests: { type: 'string', default: '4000' },
    'in-flight': { type: 'string', default: '50' },
    only: { type: 'string', default: '' },
    profile: { type: 'string', default: '' },
  },
});
const root = path.resolve(values.root);
const rounds = Number(values.rounds);
const requests = Number(values.requests);
const inFlight = Number(values['in-flight']);
const only = values.only.split(',').filter(Boolean);
const say = (line) => process.stderr.write(`${line}\n`);

// The app's logger writes to fd 1 (asynchronously, pino's SonicBoom): run again with stdout on a file, so the log
// line's cost stays in the measure without filling the terminal.
if (!process.env.STRAND_BENCH_INJECT_CHILD) {
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'strand-bench-inject-log-'));
  const out = openSync(path.join(logDir, 'app.log'), 'a');
  const child = spawnSync(process.execPath, process.argv.slice(1), {
    env: { ...process.env, STRAND_BENCH_INJECT_CHILD: '1' },
    stdio: ['ignore', out, 'inherit'],
  });
  rmSync(logDir, { recursive: true, force: true });
  process.exit(child.status ?? 1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'strand-bench-inject-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'info',
  NODE_ENV: 'production',
  RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
  RATE_LIMIT_IP_WRITES_PER_MINUTE: '100000000',
};
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/demo/cli.ts', '--scale', '0'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

Object.assign(process.env, env);
// One module graph for the three (tsx's `register`, not `tsImport`: each tsImport call loads its own copy of every
// module, so a module's own state, e.g. a per-app cache, would not be the app's).
const { register } = await import('tsx/esm/api');
register();
const load = (file) => import(pathToFileURL(path.join(root, file)).href);
const { loadConfig } = await load('server/src/config.ts');
const { openDatabase } = await load('server/src/db/connect.ts');
const { buildApp } = await load('server/src/app.ts');

const config = loadConfig(env);
const database = openDatabase(config.database);
const { app } = await buildApp({ config, database, webDist: null });
await app.ready();

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'installer', password: 'demo-password' },
});
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
const auth = { authorization: `Bearer ${login.json().token}` };
const ROUTES = [
  { name: 'health', url: '/api/health', headers: {} },
  { name: 'wo-home', url: '/api/installer/work-orders/100001', headers: auth },
  { name: 'wo-home-br', url: '/api/installer/work-orders/100001', headers: { ...auth, 'accept-encoding': 'br' } },
].filter((r) => only.length === 0 || only.includes(r.name));

say(
  `${root}: ${requests} requests a round, ${inFlight} in flight, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
// `--profile=DIR`: a .cpuprofile per route of its rounds after the first (the requests only, no startup).
const inspector = values.profile ? new (await import('node:inspector/promises')).Session() : null;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
}
for (const route of ROUTES) {
  const perRound = [];
  for (let round = 0; round < rounds; round++) {
    if (inspector && round === 1) await inspector.post('Profiler.start');
    let next = 0;
    const c0 = process.cpuUsage();
    const worker = async () => {
      while (next < requests) {
        next++;
        const res = await app.inject({ method: 'GET', url: route.url, headers: route.headers });
        if (res.statusCode !== 200) throw new Error(`${route.url}: ${res.statusCode} ${res.body}`);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    const c = process.cpuUsage(c0);
    perRound.push(Math.round((c.user + c.system) / requests));
  }
  if (inspector) {
    const { profile } = await inspector.post('Profiler.stop');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(path.resolve(values.profile), { recursive: true });
    writeFileSync(path.join(path.resolve(values.profile), `${route.name}.cpuprofile`), JSON.stringify(profile));
  }
  say(`  ${route.name.padEnd(11)} CPU µs/request per round: ${perRound.join(', ')}`);
}
await app.close();
