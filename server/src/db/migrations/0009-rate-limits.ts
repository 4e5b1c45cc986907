/**
 * Rate-limit counters (plugins/rate-limits.ts): one row per key and fixed window, counting requests or bytes. They
 * live in the database, not in memory, so every app server sharing the database counts against the same limits.
 * The window start is ISO text like every timestamp; expired rows are pruned by expires_at.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    // What is counted and for whom, e.g. `writes:user:12`, `mail:ip:203.0.113.7`, `upload-bytes:applicant:3`.
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['key', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').columns(['expires_at']).execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
}
