/**
 * Dispatch (issue 13 part 3): the board's schedule. One slot per work order: who does it (one installer or one
 * contractor company's crew) and when (ISO-8601 UTC, half-open [starts_at, ends_at)). The slot is the dispatcher's
 * record; the installer sees it as the work order's next_scheduled_at/next_scheduled_name and the contractor as its
 * calendar event (calendar_event_id), both written with the slot. Also indexes for the board's and the staff order
 * pages' reads: assignments by work order, waiting work orders by predecessor, audit rows by subject.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { nn, index } = kit;
  await db.schema
    .createTable('work_order_slots')
    .addColumn('work_order_id', 'integer', (c) => c.primaryKey().references('work_orders.id').onDelete('cascade'))
    // installer | contractor
    .addColumn('resource_kind', 'text', nn)
    .addColumn('installer_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('contractor_id', 'integer', (c) => c.references('contractor_companies.id'))
    .addColumn('starts_at', 'text', nn)
    .addColumn('ends_at', 'text', nn)
    // The contractor's calendar event this slot wrote (null for an installer's slot).
    .addColumn('calendar_event_id', 'integer')
    .addColumn('updated_at', 'text', nn)
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .execute();
  // A resource's slots in a time range (the double-booking check) and every slot of a range (the board).
  await index('work_order_slots_installer_idx', 'work_order_slots', ['installer_user_id', 'starts_at']);
  await index('work_order_slots_contractor_idx', 'work_order_slots', ['contractor_id', 'starts_at']);
  await index('work_order_slots_range_idx', 'work_order_slots', ['starts_at', 'ends_at']);
  // "Assigned to nobody" reads assignments by work order; the primary key leads with it, this covers the user too.
  // (work_orders_depends_idx, a waiting work order's predecessor, comes with 0014-fulfilment.)
  await index('work_orders_status_due_idx', 'work_orders', ['status', 'due_date']);
  // An order's audit trail: audit_log rows by subject (`sales_order:<id>`, `work_order:<id>`).
  await index('audit_log_subject_idx', 'audit_log', ['subject', 'at']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  for (const i of ['audit_log_subject_idx', 'work_orders_status_due_idx']) {
    await db.schema.dropIndex(i).execute();
  }
  await db.schema.dropTable('work_order_slots').execute();
}
