/**
 * API workers load our own TypeScript (server, domain, test-support; not the test files) through Node with tsx's
 * loader (vitest.config.ts `server.deps.external`), so a worker evaluates the server once. Vitest resets the modules
 * it loads itself before every file, even with `isolate: false`: re-evaluating the server cost ~1.7 s of each file.
 * Runs before every file (setupFiles); registers the loader once per worker.
 */
import { register } from 'tsx/esm/api';

const flag = Symbol.for('strand.tsx-registered');
const state = globalThis as { [flag]?: boolean };
if (!state[flag]) {
  register();
  state[flag] = true;
}
