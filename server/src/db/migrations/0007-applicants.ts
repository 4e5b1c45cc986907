/**
 * Job applicants' programming test: applicants invited by staff (only the access code's argon2id hash is kept) and
 * every zip they submitted (the latest is the current one; earlier ones stay as history). Timestamps are ISO text.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, nn } = kit;

  await id(db.schema.createTable('applicants'))
    .addColumn('name', 'text', nn)
    .addColumn('email', 'text', nn)
    // Stored lower-case; unique, it is the sign-in name.
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text', nn)
    .addColumn('invited_by', 'integer', (c) => c.references('users.id'))
    .addColumn('invited_at', 'text', nn)
    // The latest submission (no foreign key: the two tables point at each other).
    .addColumn('current_submission_id', 'integer')
    .execute();
  await db.schema.createIndex('applicants_invited_idx').on('applicants').columns(['invited_at']).execute();

  await id(db.schema.createTable('applicant_submissions'))
    .addColumn('applicant_id', 'integer', (c) => c.notNull().references('applicants.id'))
    .addColumn('storage_key', 'text', nn)
    .addColumn('file_name', 'text', nn)
    .addColumn('size_bytes', 'integer', nn)
    .addColumn('sha256', 'text', nn)
    .addColumn('idempotency_key', 'text', nn)
    .addColumn('submitted_at', 'text', nn)
    .execute();
  // One submission per key and applicant: a retried upload finds the first one instead of storing a second.
  await db.schema
    .createIndex('applicant_submissions_key_idx')
    .on('applicant_submissions')
    .columns(['applicant_id', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropTable('applicant_submissions').ifExists().execute();
  await db.schema.dropTable('applicants').ifExists().execute();
}
