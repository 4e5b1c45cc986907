import { register } from 'tsx/esm/api';
import { defineConfig } from 'vitest/config';

// The API project's global set-up (in this process) and its workers load our TypeScript through Node with tsx.
register();

/**
 * Three suites: `unit` (pure code, no database), `unit-web` (the web app's code and components) and `api` (server
 * modules on a freshly migrated database). `npm test`'s unit step runs the first two.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores that ran each suite one file at a time.
    maxWorkers: 2,
    // Vitest reads a pool's isolation from here, not from a project: `api` and `unit` run in forks that live on from
    // file to file (`unit-web`'s vmThreads give each file a context of its own in a thread that lives on).
    poolOptions: { forks: { isolate: false } },
    projects: [
      {
        test: {
          // Pure code (the contract's rules, the server's units): one process for many files, as `api` runs. A fresh
          // thread per file spent ~0.4 s preparing and importing for each of 57 files whose tests take milliseconds:
          // 25.7 s for these files alone, 4.4 s without (docs/development.md).
          name: 'unit',
          environment: 'node',
          pool: 'forks',
          include: ['domain/src/**/*.test.ts', 'server/src/**/*.unit.test.ts'],
        },
      },
      {
        test: {
          // The web app's code, each file in a fresh VM context (its own globals and modules: the app's modules keep
          // state, the session, the popup, the query cache; each component test, by its `// @vitest-environment
          // happy-dom` comment, its own document, which Testing Library binds to) inside worker threads that live on
          // from file to file: Node's own modules and the threads are set up once, not for each of 54 files. Back to
          // back twice on 29 Nov, 235 tests passing: 24 and 26 s (41 and 45 CPU-s) against 56 and 57 s (101 and 102
          // CPU-s) in a fresh thread per file.
          name: 'unit-web',
          environment: 'node',
          pool: 'vmThreads',
          include: ['web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/src/**/*.test.ts'],
          exclude: ['server/src/**/*.unit.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One worker process for many files (poolOptions above), and our own code (server, domain, test-support;
          // not the test files) loaded by Node itself through tsx's loader (server/src/test/native-modules.ts), so a
          // worker evaluates the server once: Vitest resets the modules it loads before every file, and evaluating
          // the server took ~1.7 s of each of 109 files. Each file still builds its own app on its own copy of the
          // demo data (harness.ts), so files share code, not state; none may vi.mock (settings go through
          // createTestApp's env).
          pool: 'forks',
          setupFiles: ['server/src/test/native-modules.ts'],
          server: { deps: { external: [/\/(server|domain|test-support)\/src\/(?!.*\.test\.ts$)/] } },
          // The demo data migrated and seeded once per run; each test app copies it (server/src/test/harness.ts).
          globalSetup: ['server/src/test/api-global-setup.ts'],
        },
      },
    ],
  },
});
