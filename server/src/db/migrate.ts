/** Runs the migrations in migrations/ (listed here so the bundled server carries them). */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database.js';
import * as m0001 from './migrations/0001-initial.js';

const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
