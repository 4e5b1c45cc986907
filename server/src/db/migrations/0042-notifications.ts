/**
 * Customer notifications (issue 30): the outbox every event writes in its own transaction
 * (`notification_outbox`, one row per recipient and channel, a unique dedupe key so a retried event never doubles),
 * the delivery log (`notification_deliveries`, one row per try), and what each recipient chose
 * (`notification_preferences`: a channel of a category on or off; `notification_quiet_hours`: SMS quiet hours).
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(_db: AnyDb, kit: MigrationKit): Promise<void> {
  const { id, table, index, nn } = kit;
  await table('notification_outbox', (t) =>
    id(t)
      .addColumn('event_type', 'text', nn)
      .addColumn('category', 'text', nn)
      // user | contact | employee (an employee is a staff or field user: users.id)
      .addColumn('recipient_kind', 'text', nn)
      .addColumn('recipient_id', 'text', nn)
      // The account the notice is about (the staff delivery log per customer); null for a field user's notice.
      .addColumn('customer_id', 'text')
      // email | sms | in_app
      .addColumn('channel', 'text', nn)
      // The e-mail address or phone number it goes to (null for in-app).
      .addColumn('address', 'text')
      .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
      .addColumn('payload', 'text', nn)
      // queued | sending | sent | delivered | failed
      .addColumn('state', 'text', nn)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text')
      .addColumn('claim_token', 'text')
      .addColumn('claimed_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('provider_id', 'text')
      .addColumn('read_at', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('created_at', 'text', nn)
      .addColumn('updated_at', 'text', nn),
  );
  await index('notification_outbox_due_idx', 'notification_outbox', ['state', 'next_attempt_at']);
  await index('notification_outbox_recipient_idx', 'notification_outbox', [
    'recipient_kind',
    'recipient_id',
    'channel',
    'id',
  ]);
  await index('notification_outbox_customer_idx', 'notification_outbox', ['customer_id', 'id']);
  await table('notification_deliveries', (t) =>
    id(t)
      .addColumn('outbox_id', 'integer', (c) => c.notNull().references('notification_outbox.id'))
      .addColumn('attempt', 'integer', nn)
      .addColumn('at', 'text', nn)
      // sent | delivered | retrying | failed | deferred
      .addColumn('outcome', 'text', nn)
      .addColumn('detail', 'text'),
  );
  await index('notification_deliveries_outbox_idx', 'notification_deliveries', ['outbox_id', 'id']);
  await table('notification_preferences', (t) =>
    t
      .addColumn('recipient_kind', 'text', nn)
      .addColumn('recipient_id', 'text', nn)
      .addColumn('category', 'text', nn)
      .addColumn('channel', 'text', nn)
      .addColumn('enabled', 'integer', nn)
      .addColumn('updated_at', 'text', nn)
      .addPrimaryKeyConstraint('notification_preferences_pk', [
        'recipient_kind',
        'recipient_id',
        'category',
        'channel',
      ]),
  );
  await table('notification_quiet_hours', (t) =>
    t
      .addColumn('recipient_kind', 'text', nn)
      .addColumn('recipient_id', 'text', nn)
      // 'HH:MM' local time (NOTIFY_TIME_ZONE); start after end spans midnight.
      .addColumn('starts', 'text', nn)
      .addColumn('ends', 'text', nn)
      .addColumn('updated_at', 'text', nn)
      .addPrimaryKeyConstraint('notification_quiet_hours_pk', ['recipient_kind', 'recipient_id']),
  );
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropTable('notification_quiet_hours').execute();
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notification_deliveries').execute();
  await db.schema.dropTable('notification_outbox').execute();
}
