/**
 * Subscriber lists and notices (issue 13 part 5): a notice (planned maintenance with its window, or an outage tied
 * to a restoration ticket) mailed to a subscriber list, and the record of who was told (one row per email address
 * per notice, unique, so nobody is mailed twice). Indexes for the subscriber filters on the tables they read.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(_db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, table, index, nn } = kit;
  await table('notices', (t) =>
    id(t)
      // maintenance | outage (domain NoticeKindSchema)
      .addColumn('kind', 'text', nn)
      .addColumn('subject', 'text', nn)
      .addColumn('body', 'text', nn)
      .addColumn('window_start', 'text')
      .addColumn('window_end', 'text')
      .addColumn('restoration_ticket_id', 'integer', (c) => c.references('restoration_tickets.id'))
      // How the mail names the ticket, fixed when the notice was sent.
      .addColumn('ticket_reference', 'text')
      // The subscriber filter as JSON (domain SubscriberFilter).
      .addColumn('filter', 'text', nn)
      .addColumn('audience_customers', 'integer', nn)
      // queued | sending | sent | partly_failed | failed (domain noticeStatusOf)
      .addColumn('status', 'text', nn)
      // Listing the recipients: the last customer id listed, and the lease of the instance listing them.
      .addColumn('listed_through', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('employee_id', 'integer')
      .addColumn('created_at', 'text', nn)
      .addColumn('finished_at', 'text'),
  );
  await index('notices_created_idx', 'notices', ['created_at']);
  await index('notices_status_idx', 'notices', ['status', 'lease_until']);

  await table('notice_recipients', (t) =>
    id(t)
      .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id'))
      .addColumn('customer_id', 'text', nn)
      .addColumn('customer_name', 'text', nn)
      .addColumn('address', 'text', nn)
      // Null: the customer has no email contact (recorded as failed, not told).
      .addColumn('email', 'text')
      // Lower-case email, or 'none:<customer id>': unique per notice, so one address is mailed once.
      .addColumn('recipient_key', 'text', nn)
      // pending | sending | sent | failed
      .addColumn('status', 'text', nn)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', nn)
      .addColumn('claim_token', 'text')
      .addColumn('claimed_at', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('failure', 'text'),
  );
  await index('notice_recipients_key_idx', 'notice_recipients', ['notice_id', 'recipient_key'], true);
  await index('notice_recipients_queue_idx', 'notice_recipients', ['status', 'next_attempt_at']);
  await index('notice_recipients_notice_idx', 'notice_recipients', ['notice_id', 'status']);
  await index('notice_recipients_claim_idx', 'notice_recipients', ['claim_token']);

  // The subscriber filters: package and category (through the active packages), area, ONT model, status, balance.
  await index('subscribers_slp_package_idx', 'service_location_packages', [
    'package_id',
    'active',
    'service_location_id',
  ]);
  await index('subscribers_slp_active_idx', 'service_location_packages', [
    'service_location_id',
    'active',
    'package_id',
  ]);
  await index('subscribers_sl_office_idx', 'service_locations', ['central_office_id']);
  await index('subscribers_sl_colo_idx', 'service_locations', ['colo_area']);
  await index('subscribers_assets_def_idx', 'assets', ['definition_id', 'service_location_id']);
  await index('subscribers_customers_status_idx', 'customers', ['status']);
  await index('subscribers_invoices_open_idx', 'invoices', ['customer_id', 'balance_cents', 'due_date']);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  for (const i of [
    'subscribers_slp_package_idx',
    'subscribers_slp_active_idx',
    'subscribers_sl_office_idx',
    'subscribers_sl_colo_idx',
    'subscribers_assets_def_idx',
    'subscribers_customers_status_idx',
    'subscribers_invoices_open_idx',
  ]) {
    await db.schema.dropIndex(i).execute();
  }
  await db.schema.dropTable('notice_recipients').execute();
  await db.schema.dropTable('notices').execute();
}
