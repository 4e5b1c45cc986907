/**
 * Scale-out (issue 17): what several instances on one PostgreSQL database must share instead of keeping it in one
 * process or on one disk. `stored_files` and `stored_file_chunks` are the database file store (STORAGE=postgres:
 * uploads, photos, fax pages as chunks of at most 1 MiB; a file's row points at one generation of chunks, so a
 * replaced file is swapped in one transaction). `job_runs` is one row per background job: the lease of the instance
 * running its round, when the next round is due, and what the last rounds did (GET /api/health/jobs).
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(_db: AnyDb, kit: MigrationKit): Promise<void> {
  const { table, index, nn } = kit;
  await table('stored_files', (t) =>
    t
      .addColumn('key', 'text', (c) => c.primaryKey())
      // The generation of chunks this key currently names (random, unique).
      .addColumn('blob_id', 'text', nn)
      .addColumn('size_bytes', 'integer', nn)
      .addColumn('sha256', 'text', nn)
      .addColumn('chunks', 'integer', nn)
      .addColumn('stored_at', 'text', nn),
  );
  await index('stored_files_blob_idx', 'stored_files', ['blob_id'], true);
  await table('stored_file_chunks', (t) =>
    t
      .addColumn('blob_id', 'text', nn)
      .addColumn('n', 'integer', nn)
      .addColumn('data', kit.dialect === 'postgres' ? 'bytea' : 'blob', nn)
      .addPrimaryKeyConstraint('stored_file_chunks_pk', ['blob_id', 'n']),
  );

  await table('job_runs', (t) =>
    t
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('interval_ms', 'integer', nn)
      // The instance running a round now, and until when its lease holds (renewed while the round runs).
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('next_run_at', 'text', nn)
      .addColumn('last_started_at', 'text')
      .addColumn('last_finished_at', 'text')
      .addColumn('last_ok_at', 'text')
      .addColumn('last_duration_ms', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('last_instance', 'text')
      // Failed rounds in a row (the backoff), rounds in total, failed rounds in total.
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_runs', 'integer', (c) => c.notNull().defaultTo(0)),
  );
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
  await db.schema.dropTable('stored_file_chunks').execute();
  await db.schema.dropTable('stored_files').execute();
}
