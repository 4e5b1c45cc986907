/**
 * Covering indexes of the installer search on a million work orders (issue 16 goal 5, docs/performance.md §4 branch
 * search2).
 *
 * SQLite:
 * - work_orders_installer_due_customer_idx: the provider's own work orders in due-date order (then id, the search's
 *   tie-break) with the customer: a customer name matching many customers walks it backwards and checks each row's
 *   customer against the FTS5 match without reading the table (SearchPlan.nameMatchAsFilter).
 *
 * PostgreSQL:
 * - work_orders_installer_id_idx: the provider's own work orders by id with what the search filters and sorts on.
 *   Every "assigned to me" search reads the user's assignments (about 2,200 per installer at 1 M) and probes
 *   work_orders once per assignment; with this index a probe is index-only instead of a heap visit per row.
 * - work_orders_installer_sort_idx is rebuilt with the type and the customer: "type + date window" checks the date
 *   and the type as index conditions (key columns: as INCLUDE columns they were filters, ~10 times slower per entry
 *   over the date window's 115,000 entries) instead of reading the table for the type, and a customer name matching
 *   many customers walks the sort order and checks each row's customer in the index (SearchPlan.nameMatchAsFilter).
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'sqlite') {
    await sql`CREATE INDEX work_orders_installer_due_customer_idx
      ON work_orders (due_date, id, customer_id) WHERE contractor_id IS NULL`.execute(db);
    return;
  }
  await sql`CREATE INDEX work_orders_installer_id_idx
    ON work_orders (id) INCLUDE (due_date, next_scheduled_at, type_id, customer_id)
    WHERE contractor_id IS NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS work_orders_installer_sort_idx`.execute(db);
  // In the search's own order: a backward scan of an ascending index gives DESC NULLS FIRST, not NULLS LAST.
  await sql`CREATE INDEX work_orders_installer_sort_idx
    ON work_orders (due_date DESC NULLS LAST, id DESC, next_scheduled_at, type_id) INCLUDE (customer_id)
    WHERE contractor_id IS NULL`.execute(db);
}

export async function down(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'sqlite') {
    await db.schema.dropIndex('work_orders_installer_due_customer_idx').ifExists().execute();
    return;
  }
  await db.schema.dropIndex('work_orders_installer_id_idx').ifExists().execute();
  await db.schema.dropIndex('work_orders_installer_sort_idx').ifExists().execute();
  await sql`CREATE INDEX work_orders_installer_sort_idx
    ON work_orders (due_date DESC NULLS LAST, id DESC, next_scheduled_at) WHERE contractor_id IS NULL`.execute(db);
}
