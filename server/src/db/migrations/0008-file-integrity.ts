/**
 * Stored-file integrity: every stored file's sha256 is recorded, so a file that changed on disk is refused rather
 * than served. attachments, applicant_submissions and faxes_received record it already; a restoration ticket's image
 * did not. Tickets from before this migration keep a null (their image is served unchecked); new ones record it.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.alterTable('restoration_tickets').addColumn('image_sha256', 'text').execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.alterTable('restoration_tickets').dropColumn('image_sha256').execute();
}
