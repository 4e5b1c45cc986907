/**
 * Paperless billing (issue 28, Settings): a per-account choice to get bills by email only, no paper bill in the mail.
 * Off for every account until someone who may manage billing turns it on.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(_db: AnyDb, kit: MigrationKit): Promise<void> {
  await kit.addColumns('customers', [['paperless_billing', 'integer', 0]]);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('paperless_billing').execute();
}
