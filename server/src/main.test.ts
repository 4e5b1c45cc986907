/**
 * The server as `npm start` runs it: a real process that migrates an empty SQLite database, loads the demo data,
 * serves, and drains and exits 0 on SIGTERM: requests in flight finish (their answers close the connection), new
 * connections are refused, and a request still running at SHUTDOWN_TIMEOUT_MS does not keep the process alive.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'strand-main-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
let child: ChildProcess | undefined;
let output = '';

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

describe('server process (main.ts)', () => {
  it('migrates, seeds the demo data, serves, and exits 0 on SIGTERM', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const base = `http://127.0.0.1:${port}`;
    const health = await waitForHealth(`${base}/api/health`, 60_000);
    expect(await health.json()).toMatchObject({ status: 'ok', dialect: 'sqlite' });

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'residential', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    expect(output).toContain('demo data loaded');
    expect(output).not.toContain('demo-password');

    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  }, 90_000);
});

/** Starts main.ts on its own SQLite data dir and port, without the simulators (other tests may hold their ports). */
async function startServer(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'strand-drain-'));
  const serverPort = 20_000 + Math.floor(Math.random() * 20_000);
  let log = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dir,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      OLT_SIMULATOR: 'false',
      PHONE_SWITCH_SIMULATOR: 'false',
      FAX_SIMULATOR: 'false',
      TV_SIMULATOR: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => {
    log += d;
  });
  proc.stderr?.on('data', (d) => {
    log += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${serverPort}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${base}/api/health/ready`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    port: serverPort,
    exited,
    log: () => log,
    kill: (signal: NodeJS.Signals) => proc.kill(signal),
    cleanup() {
      proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A sign-in whose body arrives in two parts: in flight from the first byte until `finish` sends the rest. */
function slowLogin(port: number) {
  const body = JSON.stringify({ username: 'residential', password: 'demo-password' });
  const half = Math.floor(body.length / 2);
  let answer: (r: { status: number; body: string; connection?: string }) => void = () => undefined;
  const done = new Promise<{ status: number; body: string; connection?: string }>((resolve) => {
    answer = resolve;
  });
  const req = http.request(
    {
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    },
    (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => answer({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
    },
  );
  req.on('error', (err) => answer({ status: -1, body: err.message }));
  req.write(body.slice(0, half));
  return { done, finish: () => req.end(body.slice(half)) };
}

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes a slow request in flight, refuses new connections meanwhile, then exits 0', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '8000' });
    try {
      const slow = slowLogin(server.port);
      await new Promise((r) => setTimeout(r, 300));
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      // Draining: the listener is closed, so a new connection is refused (a load balancer tries another instance).
      const fresh = await fetch(`${server.base}/api/health/live`).then(
        (r) => r.status,
        () => 'refused',
      );
      expect(fresh).toBe('refused');
      slow.finish();
      const answer = await slow.done;
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body).token).toEqual(expect.any(String));
      // The answer closes its connection, so the server need not wait for the client's keep-alive to lapse.
      expect(answer.connection).toBe('close');
      expect(await server.exited).toBe(0);
      expect(server.log()).toContain('shutting down');
      expect(server.log()).toContain('shut down cleanly');
    } finally {
      server.cleanup();
    }
  }, 90_000);

  it('exits when a request is still in flight after SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: '1000' });
    try {
      slowLogin(server.port);
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      server.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(server.log()).toContain('shutdown took longer than SHUTDOWN_TIMEOUT_MS (1000 ms)');
    } finally {
      server.cleanup();
    }
  }, 90_000);
});
