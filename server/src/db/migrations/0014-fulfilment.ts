/**
 * Order fulfilment (issue 12): the work drives the order, the install activates and bills it, and a cancelled order
 * is refunded. An order remembers its first invoice (so completing the install twice never bills twice); a work
 * order finds the one waiting for it through an index; the sandbox gateway keeps a ledger of refunds (one per
 * idempotency key, like its charges), written outside the portal's transactions as a processor's would be.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema
    .alterTable('sales_orders')
    .addColumn('first_invoice_id', 'integer', (c) => c.references('invoices.id'))
    .execute();
  await db.schema
    .createIndex('work_orders_depends_idx')
    .on('work_orders')
    .columns(['depends_on_work_order_id'])
    .execute();
  await db.schema.createIndex('slp_order_idx').on('service_location_packages').columns(['order_id']).execute();
  await db.schema
    .createTable('sandbox_gateway_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('charge_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_gateway_refunds_charge_idx')
    .on('sandbox_gateway_refunds')
    .columns(['charge_id'])
    .execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropTable('sandbox_gateway_refunds').ifExists().execute();
  await db.schema.dropIndex('slp_order_idx').ifExists().execute();
  await db.schema.dropIndex('work_orders_depends_idx').ifExists().execute();
  await db.schema.alterTable('sales_orders').dropColumn('first_invoice_id').execute();
}
