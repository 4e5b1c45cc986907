/**
 * PostgreSQL indexes of the installer search on a million work orders (issue 16 goal 5, docs/performance.md §4).
 * PostgreSQL's indexes do not carry the row id the way SQLite's carry the rowid, so the 0002 indexes sent every
 * candidate row to the table (a heap visit per row): these hold the id and the columns the filters check, so the
 * plans below are index-only scans. SQLite's 0002 indexes already serve these plans (the rowid is in every index):
 * nothing to add there.
 *
 * - work_orders_installer_sort_idx: the provider's own work orders in the default order (due date, id, descending,
 *   empty dates last) with the date
 *   filter's column: "date window (all)" and the pending half of "assigned to me + pending" walk it backwards, check
 *   the date and the assignment from the index, and stop at the 200-row cap.
 * - work_orders_installer_customer_idx: a customer's own work orders with the sort key and the id: the customer-name
 *   search probes it once per matched customer without reading a table row.
 */
import { sql } from 'kysely';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  if (kit.dialect !== 'postgres') return;
  // In the search's own order: a backward scan of an ascending index gives DESC NULLS FIRST, not NULLS LAST.
  await sql`CREATE INDEX work_orders_installer_sort_idx
    ON work_orders (due_date DESC NULLS LAST, id DESC, next_scheduled_at) WHERE contractor_id IS NULL`.execute(db);
  await sql`CREATE INDEX work_orders_installer_customer_idx
    ON work_orders (customer_id, due_date DESC NULLS LAST, id DESC) WHERE contractor_id IS NULL`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('work_orders_installer_customer_idx').ifExists().execute();
  await db.schema.dropIndex('work_orders_installer_sort_idx').ifExists().execute();
}
