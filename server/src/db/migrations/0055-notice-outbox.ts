/**
 * A notice's e-mail goes through the notification outbox (issue 30): each `notice_recipients` row that stands for a
 * mail names its outbox row (`outbox_id`), whose delivery the notice worker copies into the notice's record.
 */
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(_db: AnyDb, kit: MigrationKit): Promise<void> {
  await kit.addColumns('notice_recipients', [['outbox_id', 'integer', null]]);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.alterTable('notice_recipients').dropColumn('outbox_id').execute();
}
