/**
 * The API suite's global setup: migrates and seeds the demo data once per run into a template (a data directory on
 * SQLite, a database on PostgreSQL with DATABASE_URL), which createTestApp copies for each test app instead of
 * migrating and seeding again. Removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData, storeDemoFiles } from '../demo/generator.js';
import { createFileStore } from '../integrations/storage/select-store.js';
import { type ApiTemplate, freshPostgres, testConfig } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplate: ApiTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'strand-api-template-'));
  const pgUrl = process.env.DATABASE_URL;
  const pgDb = pgUrl ? await freshPostgres(pgUrl) : null;
  const config = testConfig(dataDir, pgDb?.url ?? '');
  const db = openDatabase(config.database);
  const day = new Date().toISOString().slice(0, 10);
  try {
    await migrateToLatest(db.db, db.dialect);
    await seedDemoData(db.db, { dialect: db.dialect });
    await storeDemoFiles(createFileStore(config.storage.kind, { db: db.db, dataDir }));
  } finally {
    // A template database may have no other session when it is copied; SQLite folds its WAL into the file.
    await db.close();
  }
  project.provide('apiTemplate', { dataDir, database: pgDb?.name ?? null, day });
  process.stdout.write(`[api] demo-data template ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  };
}
