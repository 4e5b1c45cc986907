// Starts Strand for a browser benchmark (bench-lighthouse.mjs, bench-offline.mjs): server/dist/main.js on a fresh
// demo database in a temp folder (or a data folder given), its simulators on ports next to the server's, the write
// limits raised. Stopped, and the temp folder removed, when the benchmark exits.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../lib.mjs';

/** Debian's Chromium and the flags this machine needs (docs/performance.md: no background networking, no sandbox). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const arg = (name, fallback) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : fallback;
};

/**
 * Starts the server on `port` (the OLT, phone switch, fax and TV simulators on port+1…+4) and resolves once it
 * answers /api/health. `env` adds settings; `dataDir` reuses a seeded folder instead of a fresh demo database.
 */
export async function startStrand({ port, env = {}, dataDir, healthSeconds = 300 }) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'strand-bench-web-'));
  const out = openSync(path.join(tmp, 'server.log'), 'a');
  const data = dataDir ?? path.join(tmp, 'data');
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: data,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OLT_SNMP_PORT: String(port + 1),
      PHONE_SWITCH_PORT: String(port + 2),
      FAX_SIMULATOR_PORT: String(port + 3),
      TV_SIMULATOR_PORT: String(port + 4),
      RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
      RATE_LIMIT_IP_WRITES_PER_MINUTE: '100000000',
      NODE_ENV: 'production',
      ...env,
    },
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + healthSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (log: ${path.join(tmp, 'server.log')})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > until) throw new Error(`${url} did not answer within ${healthSeconds} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
  /** Signs a demo user in through the API; returns the session token. */
  const login = async (username, password = 'demo-password') => {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) throw new Error(`sign-in of ${username}: HTTP ${response.status}`);
    return (await response.json()).token;
  };
  return { url, login, stop, dataDir: data };
}
