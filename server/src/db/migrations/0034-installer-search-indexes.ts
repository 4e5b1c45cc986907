/**
 * PostgreSQL: two installer-search indexes on the provider's own work orders (issue 16 goal 5, docs/performance.md
 * "Early session"). SQLite serves both searches within the budget from what it has.
 *
 * - work_orders_installer_type_idx: by type in the search's default order. "Type + date window (everyone)" walked
 *   work_orders_installer_sort_idx (0029) in due-date order, checking the type and the window in each entry: one type
 *   of ~20 in a 10-week window is 1 entry in ~200, so ~40,000 entries (~3,800 pages, 15–20 ms) for the 200 shown,
 *   26–40 ms at p99 on 1 M work orders. This walks one type's entries and checks the window in the entry: ~1,500
 *   entries, 2 ms. (SQLite: work_orders_type_due_idx, 0002, p99 ~7 ms.)
 * - work_orders_installer_id_idx (0029) carries the work order's position (0031) too: Assigned to Me with Nearby
 *   probes the user's assignments in it without reading the table (SearchPlan.nearbyMine `assignments`).
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'sqlite') return;
  await sql`CREATE INDEX work_orders_installer_type_idx
    ON work_orders (type_id, due_date DESC NULLS LAST, id DESC) INCLUDE (next_scheduled_at)
    WHERE contractor_id IS NULL`.execute(db);
  await sql`DROP INDEX work_orders_installer_id_idx`.execute(db);
  await sql`CREATE INDEX work_orders_installer_id_idx
    ON work_orders (id) INCLUDE (due_date, next_scheduled_at, type_id, customer_id, latitude, longitude)
    WHERE contractor_id IS NULL`.execute(db);
}

export async function down(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect === 'sqlite') return;
  await sql`DROP INDEX work_orders_installer_type_idx`.execute(db);
  await sql`DROP INDEX work_orders_installer_id_idx`.execute(db);
  await sql`CREATE INDEX work_orders_installer_id_idx
    ON work_orders (id) INCLUDE (due_date, next_scheduled_at, type_id, customer_id)
    WHERE contractor_id IS NULL`.execute(db);
}
