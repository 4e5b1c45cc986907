/**
 * Phone and staff reports (issues 13 part 6, 14 part 1). A call record says how it ended (answered, busy, no_answer:
 * the Busy Report), and the reports' range scans read one covering index: call_records_report_idx holds every column
 * the nine phone report types group by, so a year of a 200-line business is aggregated from the index alone. It
 * replaces call_records_customer_idx (customer_id, started_at), its prefix. The staff reports get indexes for work
 * orders by the day they were opened and finished, and for payments and open invoices by date.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  // answered | busy | no_answer (domain CALL_OUTCOMES). Calls from before this migration: 0 seconds never connected.
  await kit.addColumns('call_records', [['outcome', 'text', 'answered']]);
  await db.updateTable('call_records').set({ outcome: 'no_answer' }).where('duration_seconds', '=', 0).execute();
  await db.schema.dropIndex('call_records_customer_idx').execute();
  await kit.index('call_records_report_idx', 'call_records', [
    'customer_id',
    'started_at',
    'direction',
    'outcome',
    'duration_seconds',
    'to_number',
    'from_number',
  ]);
  await kit.index('work_orders_created_idx', 'work_orders', ['created_at']);
  await kit.index('work_orders_status_updated_idx', 'work_orders', ['status', 'last_updated']);
  await kit.index('payments_created_idx', 'payments', ['created_at', 'status']);
  await kit.index('invoices_open_idx', 'invoices', ['balance_cents', 'invoice_date']);
}

export async function down(db: AnyDb, kit: MigrationKit): Promise<void> {
  for (const name of [
    'invoices_open_idx',
    'payments_created_idx',
    'work_orders_status_updated_idx',
    'work_orders_created_idx',
    'call_records_report_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await kit.index('call_records_customer_idx', 'call_records', ['customer_id', 'started_at']);
  await db.schema.alterTable('call_records').dropColumn('outcome').execute();
}
