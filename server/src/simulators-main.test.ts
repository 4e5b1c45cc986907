/**
 * The simulators as their own process (simulators-main.ts) answer on the configured ports, and a server configured
 * with their addresses starts none of its own (config: every `simulator` flag off).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createOltClient, OltError } from './integrations/network/olt-client.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'strand-simulators-'));
const base = 20_000 + Math.floor(Math.random() * 20_000);
const ports = { olt: base, phoneSwitch: base + 1, fax: base + 2, tv: base + 3 };
let child: ChildProcess | undefined;
let output = '';

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('simulators process (simulators-main.ts)', () => {
  it('starts the OLT, phone switch, fax carrier and TV middleware on the configured ports, exits 0 on SIGTERM', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'simulators-main.ts')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        OLT_SNMP_PORT: String(ports.olt),
        PHONE_SWITCH_PORT: String(ports.phoneSwitch),
        FAX_SIMULATOR_PORT: String(ports.fax),
        TV_SIMULATOR_PORT: String(ports.tv),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`simulators did not start:\n${output}`)), 30_000);
      const onData = (d: Buffer) => {
        output += d;
        if (output.includes('simulators ready')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child?.stdout?.on('data', onData);
      child?.stderr?.on('data', onData);
      child?.on('exit', () => reject(new Error(`simulators exited:\n${output}`)));
    });
    await ready;

    // HTTP simulators answer (any HTTP status proves the listener is theirs and up).
    for (const port of [ports.phoneSwitch, ports.fax, ports.tv]) {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(res.status).toBeGreaterThanOrEqual(200);
    }
    // The OLT answers SNMP at the configured host and port, whatever address the circuit names.
    const olt = createOltClient({
      host: '127.0.0.1',
      port: ports.olt,
      readCommunity: 'strand-read',
      writeCommunity: 'strand-write',
      timeoutMs: 1000,
      retries: 0,
    });
    const answer = await olt.getPortStats({ serverIp: '192.0.2.1', slot: 1, port: 1 }).then(
      () => 'stats',
      (err: unknown) => (err instanceof OltError ? err.reason : 'error'),
    );
    expect(['stats', 'no-such-port']).toContain(answer);

    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('a server given the simulators’ addresses starts none of its own; without them it embeds all four', () => {
    const env = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) };
    const external = loadConfig({
      ...env,
      OLT_SNMP_HOST: '10.0.0.5',
      PHONE_SWITCH_URL: 'http://10.0.0.5:18010',
      FAX_GATEWAY_URL: 'http://10.0.0.5:17060',
      TV_MIDDLEWARE_URL: 'http://10.0.0.5:17160',
    });
    expect([
      external.olt.simulator,
      external.phoneSwitch.simulator,
      external.fax.simulator,
      external.tv.simulator,
    ]).toEqual([false, false, false, false]);
    expect(external.olt.host).toBe('10.0.0.5');
    expect(external.phoneSwitch.url).toBe('http://10.0.0.5:18010');
    const embedded = loadConfig(env);
    expect([
      embedded.olt.simulator,
      embedded.phoneSwitch.simulator,
      embedded.fax.simulator,
      embedded.tv.simulator,
    ]).toEqual([true, true, true, true]);
    expect(embedded.olt.host).toBeNull();
  });
});
