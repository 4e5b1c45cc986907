/**
 * A business-center request names the service location it is about (issue 28): staff see which site needs the
 * work. Requests from before keep no location (null).
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema
    .alterTable('business_center_requests')
    .addColumn('service_location_id', 'integer', (c) => c.references('service_locations.id'))
    .execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.alterTable('business_center_requests').dropColumn('service_location_id').execute();
}
