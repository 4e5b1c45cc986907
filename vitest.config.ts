import { defineConfig } from 'vitest/config';

/** Two suites: `unit` (pure code, no database) and `api` (server modules on a freshly migrated database). */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores that ran each suite one file at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // web/src/**/*.test.tsx: component tests, each in jsdom by its `// @vitest-environment jsdom` comment.
          include: [
            'domain/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'web/src/**/*.test.tsx',
            'server/src/**/*.unit.test.ts',
          ],
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
          pool: 'forks',
          // One module graph per worker instead of one per file: importing the server took 3–4 s of each file's
          // ~5 s, the tests themselves ~1 s. Each file still builds its own app on its own copy of the demo data
          // (harness.ts), so files share code, not state; none may vi.mock (settings go through createTestApp's env).
          isolate: false,
          // The demo data migrated and seeded once per run; each test app copies it (server/src/test/harness.ts).
          globalSetup: ['server/src/test/api-global-setup.ts'],
        },
      },
    ],
  },
});
