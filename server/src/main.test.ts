/**
 * The server as `npm start` runs it: a real process that migrates an empty SQLite database, loads the demo data,
 * serves, and drains and exits 0 on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
