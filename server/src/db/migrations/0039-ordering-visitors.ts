/**
 * Anonymous visitors on the public ordering routes (issue 25, finding 3 and the LOW on sequential check ids):
 * - `availability_checks.public_id`: the check's id as a visitor holds it, a random 128-bit token (base64url for new
 *   checks; existing ones get 32 random hex characters), unique. The integer `id` stays the internal key.
 * - indexes for the housekeeping that prunes what never led to a lead or an order after RETENTION_DAYS: carts by
 *   temporary location, email codes by age, leads by address (a temporary location's leads are found by its key).
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  await kit.addColumns('availability_checks', [['public_id', 'text', '']]);
  if (kit.dialect === 'postgres') {
    await sql`UPDATE availability_checks SET public_id = replace(gen_random_uuid()::text, '-', '')`.execute(db);
  } else {
    await sql`UPDATE availability_checks SET public_id = lower(hex(randomblob(16)))`.execute(db);
  }
  await kit.index('availability_checks_public_idx', 'availability_checks', ['public_id'], true);
  await kit.index('carts_temp_idx', 'carts', ['temp_location_id']);
  await kit.index('checkout_email_codes_created_idx', 'checkout_email_codes', ['created_at']);
  await kit.index('availability_leads_address_idx', 'availability_leads', ['address_key']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropIndex('availability_leads_address_idx').execute();
  await db.schema.dropIndex('checkout_email_codes_created_idx').execute();
  await db.schema.dropIndex('carts_temp_idx').execute();
  await db.schema.dropIndex('availability_checks_public_idx').execute();
  await db.schema.alterTable('availability_checks').dropColumn('public_id').execute();
}
