/**
 * Nearby by map cell (issue 16 goal 5, docs/performance.md "Night session"). In the densest part of the 1 M data
 * a 2,000 ft box holds ~8,000 service locations and ~15,000–19,500 of the provider's work orders: the search looked
 * up each location's work orders (one index probe per location, 12–15 ms of a 25 ms budget) and sorted them all to
 * keep 200. Each work order now carries its location's position and the 0.01° × 0.01° cell it lies in
 * (`geo_cell`), kept by triggers, and an index holds the provider's work orders by cell in due-date order with the
 * position: a Nearby search walks each of the (at most nine) cells its box touches in due-date order, checks the
 * distance in the index, and stops at the cap (work-order-search.repository.ts, SearchPlan.nearbyByCell).
 *
 * geo_cell = floor(latitude × 100) × 100000 + floor(longitude × 100), as geoCellOf (geo-cells.ts) computes it.
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

/** The cell of a position, in SQL (both databases), for the migration's backfill and triggers. */
export const geoCellSql = (lat: string, lon: string, dialect: 'sqlite' | 'postgres') =>
  dialect === 'postgres'
    ? `(floor(${lat} * 100)::integer * 100000 + floor(${lon} * 100)::integer)`
    : `(CAST(floor(${lat} * 100) AS INTEGER) * 100000 + CAST(floor(${lon} * 100) AS INTEGER))`;

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'sqlite') {
    const cell = (t: string) => geoCellSql(`${t}.latitude`, `${t}.longitude`, 'sqlite');
    await sql`ALTER TABLE work_orders ADD COLUMN latitude REAL`.execute(db);
    await sql`ALTER TABLE work_orders ADD COLUMN longitude REAL`.execute(db);
    await sql`ALTER TABLE work_orders ADD COLUMN geo_cell INTEGER`.execute(db);
    await sql
      .raw(`UPDATE work_orders SET latitude = sl.latitude, longitude = sl.longitude, geo_cell = ${cell('sl')}
        FROM service_locations sl WHERE sl.id = work_orders.service_location_id`)
      .execute(db);
    const fromLocation = `UPDATE work_orders SET (latitude, longitude, geo_cell) =
      (SELECT sl.latitude, sl.longitude, ${cell('sl')} FROM service_locations sl WHERE sl.id = NEW.service_location_id)
      WHERE id = NEW.id;`;
    await sql
      .raw(`CREATE TRIGGER work_orders_geo_ai AFTER INSERT ON work_orders
        WHEN NEW.service_location_id IS NOT NULL BEGIN ${fromLocation} END`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER work_orders_geo_au AFTER UPDATE OF service_location_id ON work_orders BEGIN ${fromLocation} END`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER service_locations_geo_au AFTER UPDATE OF latitude, longitude ON service_locations BEGIN
        UPDATE work_orders SET latitude = NEW.latitude, longitude = NEW.longitude, geo_cell = ${cell('NEW')}
        WHERE service_location_id = NEW.id; END`)
      .execute(db);
    await sql`CREATE INDEX work_orders_installer_cell_idx
      ON work_orders (geo_cell, due_date, id, latitude, longitude, next_scheduled_at) WHERE contractor_id IS NULL`.execute(
      db,
    );
    return;
  }
  const cell = (t: string) => geoCellSql(`${t}.latitude`, `${t}.longitude`, 'postgres');
  await sql`ALTER TABLE work_orders ADD COLUMN latitude double precision, ADD COLUMN longitude double precision,
    ADD COLUMN geo_cell integer`.execute(db);
  await sql
    .raw(`UPDATE work_orders wo SET latitude = sl.latitude, longitude = sl.longitude, geo_cell = ${cell('sl')}
      FROM service_locations sl WHERE sl.id = wo.service_location_id`)
    .execute(db);
  await sql
    .raw(`CREATE FUNCTION work_orders_geo() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT sl.latitude, sl.longitude INTO NEW.latitude, NEW.longitude
        FROM service_locations sl WHERE sl.id = NEW.service_location_id;
      IF NOT FOUND THEN
        NEW.latitude := NULL;
        NEW.longitude := NULL;
      END IF;
      NEW.geo_cell := ${cell('NEW')};
      RETURN NEW;
    END $$`)
    .execute(db);
  await sql`CREATE TRIGGER work_orders_geo BEFORE INSERT OR UPDATE OF service_location_id ON work_orders
    FOR EACH ROW EXECUTE FUNCTION work_orders_geo()`.execute(db);
  await sql
    .raw(`CREATE FUNCTION service_locations_geo() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE work_orders SET latitude = NEW.latitude, longitude = NEW.longitude, geo_cell = ${cell('NEW')}
        WHERE service_location_id = NEW.id;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql`CREATE TRIGGER service_locations_geo AFTER UPDATE OF latitude, longitude ON service_locations
    FOR EACH ROW EXECUTE FUNCTION service_locations_geo()`.execute(db);
  await sql`CREATE INDEX work_orders_installer_cell_idx
    ON work_orders (geo_cell, due_date DESC NULLS LAST, id DESC) INCLUDE (latitude, longitude, next_scheduled_at)
    WHERE contractor_id IS NULL`.execute(db);
}

export async function down(db: AnyDb, kit: MigrationKit): Promise<void> {
  await sql`DROP INDEX work_orders_installer_cell_idx`.execute(db);
  if (kit.dialect === 'sqlite') {
    await sql`DROP TRIGGER work_orders_geo_ai`.execute(db);
    await sql`DROP TRIGGER work_orders_geo_au`.execute(db);
    await sql`DROP TRIGGER service_locations_geo_au`.execute(db);
  } else {
    await sql`DROP TRIGGER work_orders_geo ON work_orders`.execute(db);
    await sql`DROP TRIGGER service_locations_geo ON service_locations`.execute(db);
    await sql`DROP FUNCTION work_orders_geo()`.execute(db);
    await sql`DROP FUNCTION service_locations_geo()`.execute(db);
  }
  await sql`ALTER TABLE work_orders DROP COLUMN geo_cell`.execute(db);
  await sql`ALTER TABLE work_orders DROP COLUMN longitude`.execute(db);
  await sql`ALTER TABLE work_orders DROP COLUMN latitude`.execute(db);
}
