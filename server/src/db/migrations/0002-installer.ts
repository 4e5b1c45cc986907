/**
 * Indexes of the installer's work-order search (docs/architecture.md "Installer work orders"):
 * - the date filter with the default sort (due date) on the provider's own work orders, type + due date, and
 *   customer or service location + scope + due date (name, account and Nearby searches);
 * - "contains" matches on customer names and service addresses: trigram indexes. SQLite keeps FTS5 trigram tables
 *   in step with triggers; PostgreSQL uses pg_trgm GIN indexes, which its ILIKE uses directly.
 */

import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  await db.schema
    .createIndex('work_orders_installer_due_idx')
    .on('work_orders')
    .columns(['due_date', 'next_scheduled_at'])
    .where(sql.ref('contractor_id'), 'is', null)
    .execute();
  // Type (+ date filter) in due-date order, checking the date and the scope from the index alone.
  await db.schema
    .createIndex('work_orders_type_due_idx')
    .on('work_orders')
    .columns(['type_id', 'due_date', 'next_scheduled_at', 'contractor_id'])
    .execute();
  // Name, account and Nearby searches reach thousands of work orders through their customers or service locations:
  // these cover the scope check and the default sort without reading each row.
  await db.schema
    .createIndex('work_orders_customer_due_idx')
    .on('work_orders')
    .columns(['customer_id', 'contractor_id', 'due_date'])
    .execute();
  await db.schema
    .createIndex('work_orders_location_due_idx')
    .on('work_orders')
    .columns(['service_location_id', 'contractor_id', 'due_date'])
    .execute();

  if (kit.dialect === 'postgres') {
    const available = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
    // Without the extension (a server lacking contrib) the searches still work, only by scanning.
    if ((available.rows[0]?.n ?? 0) === 0) return;
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX customers_name_trgm_idx ON customers USING gin (name gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX service_locations_address_trgm_idx ON service_locations USING gin (address gin_trgm_ops)`.execute(
      db,
    );
    await sql`CREATE INDEX service_locations_city_trgm_idx ON service_locations USING gin (city gin_trgm_ops)`.execute(
      db,
    );
    return;
  }

  // SQLite: FTS5 trigram tables (case-insensitive LIKE '%text%' served from the index for 3+ characters).
  await createCustomerNameSearch(db);

  // service_locations.id is the rowid, so the search table shares it.
  await sql`CREATE VIRTUAL TABLE service_location_search USING fts5(address, city, tokenize='trigram')`.execute(db);
  await sql`INSERT INTO service_location_search (rowid, address, city) SELECT id, address, city FROM service_locations`.execute(
    db,
  );
  await sql`CREATE TRIGGER service_location_search_ai AFTER INSERT ON service_locations BEGIN
      INSERT INTO service_location_search (rowid, address, city) VALUES (new.id, new.address, new.city);
    END`.execute(db);
  await sql`CREATE TRIGGER service_location_search_au AFTER UPDATE OF id, address, city ON service_locations BEGIN
      DELETE FROM service_location_search WHERE rowid = old.id;
      INSERT INTO service_location_search (rowid, address, city) VALUES (new.id, new.address, new.city);
    END`.execute(db);
  await sql`CREATE TRIGGER service_location_search_ad AFTER DELETE ON service_locations BEGIN
      DELETE FROM service_location_search WHERE rowid = old.id;
    END`.execute(db);
}

export async function down(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'postgres') {
    for (const name of [
      'customers_name_trgm_idx',
      'service_locations_address_trgm_idx',
      'service_locations_city_trgm_idx',
    ]) {
      await db.schema.dropIndex(name).ifExists().execute();
    }
  } else {
    for (const name of [
      'customer_name_search_ai',
      'customer_name_search_au',
      'customer_name_search_ad',
      'service_location_search_ai',
      'service_location_search_au',
      'service_location_search_ad',
    ]) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(name)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS customer_name_search`.execute(db);
    await sql`DROP TABLE IF EXISTS service_location_search`.execute(db);
  }
  await db.schema.dropIndex('work_orders_location_due_idx').ifExists().execute();
  await db.schema.dropIndex('work_orders_customer_due_idx').ifExists().execute();
  await db.schema.dropIndex('work_orders_type_due_idx').ifExists().execute();
  await db.schema.dropIndex('work_orders_installer_due_idx').ifExists().execute();
}

/**
 * This migration's customer-name table: the account number in an UNINDEXED column. 0032 keys the table by it
 * instead, and makes this one again when it is rolled back.
 */
export async function createCustomerNameSearch(db: AnyDb): Promise<void> {
  await sql`CREATE VIRTUAL TABLE customer_name_search USING fts5(customer_id UNINDEXED, name, tokenize='trigram')`.execute(
    db,
  );
  await sql`INSERT INTO customer_name_search (customer_id, name) SELECT id, name FROM customers`.execute(db);
  await sql`CREATE TRIGGER customer_name_search_ai AFTER INSERT ON customers BEGIN
      INSERT INTO customer_name_search (customer_id, name) VALUES (new.id, new.name);
    END`.execute(db);
  await sql`CREATE TRIGGER customer_name_search_au AFTER UPDATE OF id, name ON customers BEGIN
      DELETE FROM customer_name_search WHERE customer_id = old.id;
      INSERT INTO customer_name_search (customer_id, name) VALUES (new.id, new.name);
    END`.execute(db);
  await sql`CREATE TRIGGER customer_name_search_ad AFTER DELETE ON customers BEGIN
      DELETE FROM customer_name_search WHERE customer_id = old.id;
    END`.execute(db);
}
