/**
 * Customer portal (issue 7): payments that survive a lost gateway answer (idempotency key, request fingerprint,
 * pending -> completed/declined/failed), card fingerprints, trouble-ticket type and callback phone, the indexes of
 * the billing and support reads, and the sandbox payment gateway's own vault and charge ledger.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  const { index, addColumns } = kit;

  await addColumns('payments', [
    // The client's Idempotency-Key: one payment per key and account, whatever happens between the steps.
    ['idempotency_key', 'text', null],
    // A hash of what was asked (method, invoices, amounts), so a key cannot be reused for another payment.
    ['request_hash', 'text', null],
    ['source', 'text', 'portal'],
    ['failure_reason', 'text', null],
    ['updated_at', 'text', null],
  ]);
  await index('payments_idempotency_idx', 'payments', ['customer_id', 'idempotency_key'], true);
  await index('payments_status_idx', 'payments', ['status', 'created_at']);
  await index('payment_allocations_invoice_idx', 'payment_allocations', ['invoice_id']);
  await index('invoices_mailing_idx', 'invoices', ['mailing_location_id', 'invoice_date']);
  await index('invoices_group_idx', 'invoices', ['customer_id', 'invoice_group_id']);
  await index('invoices_due_idx', 'invoices', ['due_date', 'balance_cents']);

  // The gateway's fingerprint of a card or account: the same card saved twice is refused.
  await addColumns('payment_methods', [['fingerprint', 'text', null]]);
  await index('payment_methods_fingerprint_idx', 'payment_methods', ['customer_id', 'fingerprint']);

  await addColumns('trouble_tickets', [
    ['category', 'text', 'Other'],
    ['contact_phone', 'text', null],
  ]);

  // The sandbox gateway stands in for a card processor: its vault maps tokens to how the test card behaves (never a
  // card number), and its ledger keeps one charge per gateway idempotency key, as a real processor does.
  await db.schema
    .createTable('sandbox_gateway_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('behaviour', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_gateway_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decline_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropTable('sandbox_gateway_charges').ifExists().execute();
  await db.schema.dropTable('sandbox_gateway_tokens').ifExists().execute();
  for (const name of [
    'payment_methods_fingerprint_idx',
    'invoices_due_idx',
    'invoices_group_idx',
    'invoices_mailing_idx',
    'payment_allocations_invoice_idx',
    'payments_status_idx',
    'payments_idempotency_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const [table, column] of [
    ['trouble_tickets', 'contact_phone'],
    ['trouble_tickets', 'category'],
    ['payment_methods', 'fingerprint'],
    ['payments', 'updated_at'],
    ['payments', 'failure_reason'],
    ['payments', 'source'],
    ['payments', 'request_hash'],
    ['payments', 'idempotency_key'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
