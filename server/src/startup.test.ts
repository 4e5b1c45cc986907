/**
 * startup.ts: migrations and the demo data go in once, however many instances start together on one database (the
 * startup lock on PostgreSQL). Each instance here has its own connection pool, as separate processes would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/connect.js';
import { pendingMigrations } from './db/migrate.js';
import { DEMO_FILES } from './demo/generator.js';
import { createDatabaseFileStore } from './integrations/storage/database-file-store.js';
import { createLocalFileStore } from './integrations/storage/file-store.js';
import { prepareDatabase } from './startup.js';
import { freshPostgres } from './test/harness.js';

const pgUrl = process.env.DATABASE_URL;

describe.skipIf(!pgUrl)('three instances starting together on one PostgreSQL database', () => {
  it('one migrates and seeds; the others wait for the lock, then find nothing to do', async () => {
    const fresh = await freshPostgres(pgUrl ?? '');
    const instances = [0, 1, 2].map(() => openDatabase({ dialect: 'postgres', url: fresh.url }));
    try {
      const results = await Promise.all(
        instances.map((d) =>
          prepareDatabase({ db: d.db, dialect: 'postgres', files: createDatabaseFileStore(d.db) }, 'auto'),
        ),
      );
      const migrated = results.filter((r) => r.applied.length > 0);
      expect(migrated).toHaveLength(1);
      expect(migrated[0]?.applied).toContain('0022-cluster-state');
      const seeded = results.filter((r) => r.seeded !== null);
      expect(seeded).toHaveLength(1);
      const db = instances[0]?.db;
      if (!db) throw new Error('no instance');
      expect(await pendingMigrations(db, 'postgres')).toEqual([]);
      const customers = await db.selectFrom('customers').select(db.fn.countAll<number>().as('n')).executeTakeFirst();
      expect(Number(customers?.n)).toBe(seeded[0]?.seeded?.counts.customers);
      // The demo files went into the shared store, readable by any instance.
      const any = Object.values(DEMO_FILES)[0];
      if (!any) throw new Error('no demo file');
      expect(await createDatabaseFileStore(instances[2]?.db ?? db).exists(any.storageKey)).toBe(true);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await fresh.drop();
    }
  }, 120_000);
});

describe.skipIf(Boolean(pgUrl))('an instance starting on SQLite', () => {
  it('migrates and seeds an empty database once; a restart finds nothing to do', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'strand-startup-'));
    const database = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'portal.db') });
    try {
      const ctx = { db: database.db, dialect: 'sqlite' as const, files: createLocalFileStore(path.join(dir, 'files')) };
      const first = await prepareDatabase(ctx, 'auto');
      expect(first.applied).toContain('0022-cluster-state');
      expect(first.seeded?.counts.customers).toBeGreaterThan(0);
      const again = await prepareDatabase(ctx, 'auto');
      expect(again).toMatchObject({ applied: [], seeded: null });
      const any = Object.values(DEMO_FILES)[0];
      expect(any && (await ctx.files.exists(any.storageKey))).toBe(true);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
