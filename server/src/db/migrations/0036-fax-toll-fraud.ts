/**
 * Fax toll fraud (issue 25, finding 6):
 * - `customers.international_faxing`: 1 when the account may fax international-rate destinations (the NANP countries
 *   outside the US and Canada, 011 numbers); off for every account until the provider turns it on.
 * - `fax_page_charges`: one row per fax queued (a send, or a failed fax sent again) with its pages, summed per
 *   account over the last 24 hours against FAX_MAX_PAGES_PER_DAY, so the budget holds across instances.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, nn, index, addColumns } = kit;
  await addColumns('customers', [['international_faxing', 'integer', 0]]);
  await id(db.schema.createTable('fax_page_charges'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('sent_fax_id', 'integer', (c) => c.notNull().references('sent_faxes.id').onDelete('cascade'))
    .addColumn('pages', 'integer', nn)
    .addColumn('created_at', 'text', nn)
    .execute();
  await index('fax_page_charges_customer_idx', 'fax_page_charges', ['customer_id', 'created_at']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropTable('fax_page_charges').execute();
  await db.schema.alterTable('customers').dropColumn('international_faxing').execute();
}
