/**
 * An apartment's unit stays with its order (issue 28, the order-to-bill loop): a unit our address data does not list
 * in a building it knows was checked against the building and then lost, so "2211 Clark Ln Unit G1" was ordered as
 * "2211 Clark Ln". The check keeps the unit as verified (`availability_checks.unit`) and its cart carries it
 * (`carts.unit`) into the standardized address of the cart and the order's service location.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(_db: AnyDb, kit: MigrationKit): Promise<void> {
  await kit.addColumns('availability_checks', [['unit', 'text', '']]);
  await kit.addColumns('carts', [['unit', 'text', '']]);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.alterTable('carts').dropColumn('unit').execute();
  await db.schema.alterTable('availability_checks').dropColumn('unit').execute();
}
