/**
 * The Services page's second half (issue 14): wholesale circuits leased to other carriers and their monthly usage
 * (viewWholesaleReport), and faxes sent from the portal: the fax itself (its state in the queue), its files (cover
 * page and pages, in the file store with their sha256) and every call made to the carrier.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, index, nn } = kit;

  await id(db.schema.createTable('wholesale_services'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('circuit_id', 'text', (c) => c.notNull().unique())
    .addColumn('a_endpoint', 'text', nn)
    .addColumn('z_endpoint', 'text', nn)
    .addColumn('bandwidth_mbps', 'integer', nn)
    .addColumn('monthly_rate_cents', 'integer', nn)
    // Active, Pending, Disconnected
    .addColumn('status', 'text', nn)
    .addColumn('start_date', 'text', nn)
    .addColumn('end_date', 'text')
    .addColumn('created_at', 'text', nn)
    .execute();
  // The Services page lists an account's circuits in circuit order.
  await index('wholesale_services_customer_idx', 'wholesale_services', ['customer_id', 'circuit_id']);

  await id(db.schema.createTable('wholesale_usage'))
    .addColumn('wholesale_service_id', 'integer', (c) =>
      c.notNull().references('wholesale_services.id').onDelete('cascade'),
    )
    // YYYY-MM
    .addColumn('month', 'text', nn)
    .addColumn('in_gb', 'integer', nn)
    .addColumn('out_gb', 'integer', nn)
    .addColumn('peak_mbps', 'integer', nn)
    .addColumn('availability_bp', 'integer', nn)
    .addColumn('billed_cents', 'integer', nn)
    .execute();
  // One row per circuit and month; the report's range scan per circuit.
  await index('wholesale_usage_month_idx', 'wholesale_usage', ['wholesale_service_id', 'month'], true);

  await id(db.schema.createTable('sent_faxes'))
    .addColumn('fax_number_id', 'integer', (c) => c.notNull().references('fax_numbers.id'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('to_number', 'text', nn)
    .addColumn('cover_page', 'integer', nn)
    .addColumn('cover_note', 'text', nn)
    .addColumn('pages', 'integer', nn)
    .addColumn('size_bytes', 'integer', nn)
    // queued, sending, sent, failed
    .addColumn('status', 'text', nn)
    // Carrier calls in the current round (the queue gives up after FAX_MAX_ATTEMPTS), and in all.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('carrier_calls', 'integer', (c) => c.notNull().defaultTo(0))
    // Times the customer sent a failed fax again.
    .addColumn('retries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    // The worker that holds the fax while it is `sending`, and since when.
    .addColumn('claim_token', 'text')
    .addColumn('claimed_at', 'text')
    // The carrier call id in flight; kept when its outcome is unknown, so the next try asks about the same call.
    .addColumn('call_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('idempotency_key', 'text', nn)
    .addColumn('created_at', 'text', nn)
    .addColumn('updated_at', 'text', nn)
    .addColumn('sent_at', 'text')
    .execute();
  // The queue: due faxes by state and time; claims that have been sending too long.
  await index('sent_faxes_queue_idx', 'sent_faxes', ['status', 'next_attempt_at']);
  await index('sent_faxes_claimed_idx', 'sent_faxes', ['status', 'claimed_at']);
  // The outbox of an account, newest first.
  await index('sent_faxes_customer_idx', 'sent_faxes', ['customer_id', 'created_at']);
  // A retried send (same Idempotency-Key) finds the first fax.
  await index('sent_faxes_key_idx', 'sent_faxes', ['customer_id', 'idempotency_key'], true);

  await id(db.schema.createTable('sent_fax_files'))
    .addColumn('sent_fax_id', 'integer', (c) => c.notNull().references('sent_faxes.id').onDelete('cascade'))
    .addColumn('position', 'integer', nn)
    // cover, document
    .addColumn('kind', 'text', nn)
    .addColumn('name', 'text', nn)
    .addColumn('content_type', 'text', nn)
    .addColumn('pages', 'integer', nn)
    .addColumn('storage_key', 'text', nn)
    .addColumn('size_bytes', 'integer', nn)
    .addColumn('sha256', 'text', nn)
    .execute();
  await index('sent_fax_files_fax_idx', 'sent_fax_files', ['sent_fax_id', 'position'], true);

  await id(db.schema.createTable('sent_fax_attempts'))
    .addColumn('sent_fax_id', 'integer', (c) => c.notNull().references('sent_faxes.id').onDelete('cascade'))
    .addColumn('call_id', 'text', nn)
    .addColumn('at', 'text', nn)
    // sent, busy, no-answer, failed, error (no answer from the carrier's system: the outcome is unknown)
    .addColumn('outcome', 'text', nn)
    .addColumn('detail', 'text')
    .execute();
  await index('sent_fax_attempts_fax_idx', 'sent_fax_attempts', ['sent_fax_id', 'at']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  for (const name of [
    'sent_fax_attempts_fax_idx',
    'sent_fax_files_fax_idx',
    'sent_faxes_key_idx',
    'sent_faxes_customer_idx',
    'sent_faxes_claimed_idx',
    'sent_faxes_queue_idx',
    'wholesale_usage_month_idx',
    'wholesale_services_customer_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const table of ['sent_fax_attempts', 'sent_fax_files', 'sent_faxes', 'wholesale_usage', 'wholesale_services']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
