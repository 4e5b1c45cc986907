/**
 * Cancels are recorded before their refund (issue 25, LOW "a cancel that races the install"):
 * `sales_orders.cancel_started_at` is set, with the order locked and its state checked, in the transaction that
 * decides the cancel, before the payment gateway is asked for the refund. While it is set the order's work orders
 * do not complete (the install cannot activate an order that is being refunded); the refund's outcome then cancels
 * the order (refunded) or clears it (refund refused). Null: no cancel in progress. The partial index finds the few
 * cancels left without an outcome (the gateway did not answer), which a job resumes after a grace period.
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.alterTable('sales_orders').addColumn('cancel_started_at', 'text').execute();
  await sql`CREATE INDEX sales_orders_cancel_started_idx ON sales_orders (cancel_started_at)
    WHERE cancel_started_at IS NOT NULL`.execute(db);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropIndex('sales_orders_cancel_started_idx').execute();
  await db.schema.alterTable('sales_orders').dropColumn('cancel_started_at').execute();
}
