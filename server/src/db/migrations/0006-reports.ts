/**
 * Customer reports: invoice lines name the service location they bill (null for charges of the whole account, such
 * as PBX seats, IP blocks and taxes), so the business report can show billed, paid and balance per location; and
 * the indexes of the reports' reads. The phone report's range scan uses call_records_customer_idx
 * (customer_id, started_at) from 0001.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema
    .alterTable('invoice_lines')
    .addColumn('service_location_id', 'integer', (c) => c.references('service_locations.id'))
    .execute();
  // The report groups an account's invoice lines by location within a range of invoice dates: invoices are reached
  // through invoices_customer_idx (customer_id, invoice_date), their lines through this index, which also carries
  // the location and the amount, so the grouping reads no table rows.
  await db.schema
    .createIndex('invoice_lines_invoice_location_idx')
    .on('invoice_lines')
    .columns(['invoice_id', 'service_location_id', 'amount_cents'])
    .execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropIndex('invoice_lines_invoice_location_idx').ifExists().execute();
  await db.schema.alterTable('invoice_lines').dropColumn('service_location_id').execute();
}
