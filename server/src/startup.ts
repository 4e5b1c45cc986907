/**
 * What an instance does to the shared database before it serves: migrate, and load the demo data into an empty
 * database (SEED_DEMO=auto) with its files in the app's file store. Under the startup lock (db/migrate.ts): of several
 * instances starting together on one PostgreSQL database, one migrates and seeds, the others wait and then find
 * nothing to do. The demo files go in before the rows that name them, so a crash in between leaves no row without
 * its file (storing them again is harmless: same keys, same bytes).
 */
import type { AppContext } from './context.js';
import { migrateToLatest, withStartupLock } from './db/migrate.js';
import { isDatabaseEmpty, type SeedSummary, seedDemoData, storeDemoFiles } from './demo/generator.js';

export interface Prepared {
  /** Migrations this instance applied (none when another one did, or nothing was pending). */
  applied: string[];
  /** The demo data this instance loaded, or null. */
  seeded: SeedSummary | null;
  seedMs: number;
}

export async function prepareDatabase(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'files'>,
  seedDemo: 'auto' | 'never',
): Promise<Prepared> {
  return withStartupLock(ctx.db, ctx.dialect, async () => {
    const applied = await migrateToLatest(ctx.db, ctx.dialect);
    if (seedDemo !== 'auto' || !(await isDatabaseEmpty(ctx.db))) return { applied, seeded: null, seedMs: 0 };
    const started = Date.now();
    await storeDemoFiles(ctx.files);
    const seeded = await seedDemoData(ctx.db, { dialect: ctx.dialect });
    return { applied, seeded, seedMs: Date.now() - started };
  });
}
