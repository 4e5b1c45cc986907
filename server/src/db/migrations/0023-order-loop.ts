/**
 * The order loop's loose ends (issue 12): staff confirm or reject temporary service locations (the reason and the
 * area found are kept), waiting leads are mailed once when fiber reaches them (`availability_leads.notified_at`,
 * read through the pending index), and a charge whose order could not be placed is refunded by a job
 * (`unplaced_charges`: one row per gateway charge, its refund key derived from the charge, so never refunded twice).
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, nn, index } = kit;
  await db.schema.alterTable('temp_service_locations').addColumn('reject_reason', 'text').execute();
  await db.schema.alterTable('temp_service_locations').addColumn('area_kind', 'text').execute();
  // Leads still to tell, by address (a confirmed temporary location) and in order (an area's change).
  await index('availability_leads_pending_idx', 'availability_leads', ['notified_at', 'address_key']);
  // The orders placed at a temporary location, through their availability check.
  await index('availability_checks_temp_idx', 'availability_checks', ['temp_location_id']);

  await id(db.schema.createTable('unplaced_charges'))
    .addColumn('created_at', 'text', nn)
    .addColumn('updated_at', 'text', nn)
    // The gateway's charge reference: one row per charge.
    .addColumn('gateway_reference', 'text', (c) => c.notNull().unique())
    .addColumn('gateway_key', 'text', nn)
    .addColumn('amount_cents', 'integer', nn)
    .addColumn('email', 'text')
    .addColumn('customer_id', 'text')
    .addColumn('employee_id', 'integer')
    // pending | refunded | placed (a retry placed the order after all) | refused (the gateway said no: staff look)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('refund_reference', 'text')
    .addColumn('refunded_at', 'text')
    .execute();
  await index('unplaced_charges_status_idx', 'unplaced_charges', ['status', 'created_at']);
  // The refund job asks whether a retry placed an order with the charge after all.
  await index('sales_orders_charge_idx', 'sales_orders', ['gateway_charge_id']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropIndex('sales_orders_charge_idx').execute();
  await db.schema.dropTable('unplaced_charges').execute();
  await db.schema.dropIndex('availability_checks_temp_idx').execute();
  await db.schema.dropIndex('availability_leads_pending_idx').execute();
  await db.schema.alterTable('temp_service_locations').dropColumn('area_kind').execute();
  await db.schema.alterTable('temp_service_locations').dropColumn('reject_reason').execute();
}
