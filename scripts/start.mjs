// `npm start`: installs what is missing, builds when sources changed, then runs the server, which migrates,
// loads the demo data into an empty database and serves the portal and its API.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, log, root } from './lib.mjs';

try {
  await ensureDependencies();
  await ensureBuilt();
} catch (err) {
  console.error(`[strand] ${err.message}`);
  process.exit(1);
}

log('starting the server');
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
