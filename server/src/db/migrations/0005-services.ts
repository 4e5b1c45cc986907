/**
 * The customer Services page (issue 8): the account's mailboxes on the provider's mail system (email_accounts), its
 * fax numbers, their fax-to-email recipients and the faxes received (the PDF itself lives in the file store).
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, index, nn } = kit;

  await id(db.schema.createTable('email_accounts'))
    // Stored lower-case, so the unique constraint is case-insensitive.
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('owner_name', 'text', nn)
    .addColumn('quota_mb', 'integer', nn)
    .addColumn('used_mb', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'text', nn)
    .addColumn('forward_to', 'text')
    .addColumn('keep_copy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vacation_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vacation_subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vacation_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vacation_start', 'text')
    .addColumn('vacation_end', 'text')
    .addColumn('updated_at', 'text', nn)
    .execute();
  // The Services page lists an account's mailboxes in address order.
  await index('email_accounts_customer_idx', 'email_accounts', ['customer_id', 'address']);

  await id(db.schema.createTable('fax_numbers'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('service_location_id', 'integer', (c) => c.references('service_locations.id'))
    .addColumn('updated_at', 'text', nn)
    .execute();
  await index('fax_numbers_customer_idx', 'fax_numbers', ['customer_id', 'number']);

  await id(db.schema.createTable('fax_email_addresses'))
    .addColumn('fax_number_id', 'integer', (c) => c.notNull().references('fax_numbers.id').onDelete('cascade'))
    .addColumn('email', 'text', nn)
    .addColumn('created_at', 'text', nn)
    .execute();
  // One recipient once per number (stored lower-case); also the lookup of a number's recipients.
  await index('fax_email_addresses_unique_idx', 'fax_email_addresses', ['fax_number_id', 'email'], true);

  await id(db.schema.createTable('faxes_received'))
    .addColumn('fax_number_id', 'integer', (c) => c.notNull().references('fax_numbers.id').onDelete('cascade'))
    .addColumn('from_number', 'text', nn)
    .addColumn('received_at', 'text', nn)
    .addColumn('pages', 'integer', nn)
    .addColumn('storage_key', 'text', nn)
    .addColumn('size_bytes', 'integer', nn)
    .addColumn('sha256', 'text', nn)
    .execute();
  await index('faxes_received_number_idx', 'faxes_received', ['fax_number_id', 'received_at']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  for (const name of [
    'faxes_received_number_idx',
    'fax_email_addresses_unique_idx',
    'fax_numbers_customer_idx',
    'email_accounts_customer_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const table of ['faxes_received', 'fax_email_addresses', 'fax_numbers', 'email_accounts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
