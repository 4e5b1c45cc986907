/**
 * Seeds the template data directory once per run: the built server migrates an empty database, loads the demo data
 * and writes the demo files, then stops. Every spec file's server starts from a copy of it (tests/support/spec-server.ts).
 */
import { mkdirSync } from 'node:fs';
import { e2eSettings, startServer } from './tests/support/e2e-settings';

export default async function globalSetup(): Promise<void> {
  // Against a running server (E2E_BASE_URL: a cluster's load balancer) there is no template to seed.
  if (process.env.E2E_BASE_URL) return;
  const { port, oltPort, switchPort, faxPort, tvPort, smsPort, smtpPort, templateDir } = e2eSettings();
  mkdirSync(templateDir, { recursive: true });
  const server = await startServer({
    dataDir: templateDir,
    port,
    oltPort,
    switchPort,
    faxPort,
    tvPort,
    smsPort,
    smtpPort,
    seedDemo: true,
  });
  await server.stop();
}
