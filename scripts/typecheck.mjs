// `npm run typecheck`: the five TypeScript projects, two at a time (tsc uses one core; CI has two). The largest
// (server, web) start first so the small ones fill in beside them. Exits non-zero when any project fails.
import path from 'node:path';
import { log, root, run } from './lib.mjs';

const projects = ['server', 'web', 'e2e', 'domain', 'test-support'];
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const failed = [];

async function lane() {
  for (let project = projects.shift(); project; project = projects.shift()) {
    const code = await run(process.execPath, [tsc, '-p', project]);
    if (code !== 0) failed.push(project);
  }
}

await Promise.all([lane(), lane()]);
if (failed.length > 0) {
  log(`type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
