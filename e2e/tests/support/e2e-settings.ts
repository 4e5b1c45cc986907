/** Where the browser tests' servers listen and keep their data (read by the config, setup and spec servers). */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function e2eSettings() {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: run the tests through e2e/playwright.config.ts');
  return {
    // E2E_PORT and E2E_OLT_PORT let a second run (another checkout) go on beside this one.
    port: Number(process.env.E2E_PORT ?? 8181),
    oltPort: Number(process.env.E2E_OLT_PORT ?? 16181),
    runDir,
    templateDir: path.join(runDir, 'template'),
  };
}

/** Resolves when the server answers /api/health; rejects if it exits first or takes over a minute. */
export async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the test server exited with ${child.exitCode} before it answered`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the test server at ${url} did not answer within a minute`);
}
