/**
 * Seeds the template data directory once per run: the built server migrates an empty database, loads the demo data
 * and writes the demo files, then stops. Every spec file's server starts from a copy of it (tests/support/spec-server.ts).
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { e2eSettings, repoRoot, waitForHealth } from './tests/support/e2e-settings';

export default async function globalSetup(): Promise<void> {
  const { port, oltPort, templateDir } = e2eSettings();
  mkdirSync(templateDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(repoRoot, 'server/dist/main.js')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: templateDir,
      LOG_LEVEL: 'warn',
      OLT_SNMP_PORT: String(oltPort),
    },
  });
  try {
    await waitForHealth(url, child);
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
