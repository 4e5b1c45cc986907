/**
 * Nearby without reading a table row (issue 16 goal 5, docs/performance.md "Night session"). A Nearby search takes the
 * service locations in the bounding box from service_locations_lat_lon_idx and then each location's work orders; in
 * the densest part of the 1 M data a 2,000 ft box holds ~8,000 locations and ~19,500 work orders.
 *
 * SQLite: work_orders_location_due_idx gains next_scheduled_at, so "nearby + date window" checks the window in the
 * index instead of reading each work order's row (its rowid, the id, is in every SQLite index already).
 *
 * PostgreSQL: a PostgreSQL index carries no id unless told, so every location and every work order in the box was a
 * heap visit. service_locations_lat_lon_idx now includes the id, and the provider's own work orders get a partial
 * index by location with the sort and window columns and the id: both sides are index-only scans.
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'sqlite') {
    await sql`DROP INDEX work_orders_location_due_idx`.execute(db);
    await sql`CREATE INDEX work_orders_location_due_idx
      ON work_orders (service_location_id, contractor_id, due_date, next_scheduled_at)`.execute(db);
    return;
  }
  await sql`DROP INDEX service_locations_lat_lon_idx`.execute(db);
  await sql`CREATE INDEX service_locations_lat_lon_idx ON service_locations (latitude, longitude) INCLUDE (id)`.execute(
    db,
  );
  await sql`CREATE INDEX work_orders_installer_location_idx
    ON work_orders (service_location_id, due_date, next_scheduled_at) INCLUDE (id)
    WHERE contractor_id IS NULL`.execute(db);
}

export async function down(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'sqlite') {
    await sql`DROP INDEX work_orders_location_due_idx`.execute(db);
    await sql`CREATE INDEX work_orders_location_due_idx
      ON work_orders (service_location_id, contractor_id, due_date)`.execute(db);
    return;
  }
  await sql`DROP INDEX work_orders_installer_location_idx`.execute(db);
  await sql`DROP INDEX service_locations_lat_lon_idx`.execute(db);
  await sql`CREATE INDEX service_locations_lat_lon_idx ON service_locations (latitude, longitude)`.execute(db);
}
