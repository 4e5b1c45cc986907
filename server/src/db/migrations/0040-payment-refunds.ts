/**
 * A refund shows with its payment (issue 28, the order-to-bill loop): `payments.refunded_cents` and `refunded_at`,
 * written with a cancelled order's refund, so the Billing Center's history says the payment was refunded (status
 * 'Refunded' once all of it is) instead of showing it Completed.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(_db: AnyDb, kit: MigrationKit): Promise<void> {
  await kit.addColumns('payments', [
    ['refunded_cents', 'integer', 0],
    ['refunded_at', 'text', null],
  ]);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('refunded_at').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_cents').execute();
}
