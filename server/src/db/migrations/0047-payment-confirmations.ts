/**
 * Payments people trust (issue 28 item 4): every payment carries a confirmation number made on the server
 * (`payments.confirmation_number`, unique), shown on the confirmation screen, the receipt and in the history, where
 * it can be searched. Payments made before this migration get one here.
 */

import { newConfirmationNumber } from '../../lib/confirmation-number.js';
import type { AnyDb, MigrationKit } from '../migration-kit.js';

export async function up(db: AnyDb, kit: MigrationKit): Promise<void> {
  await kit.addColumns('payments', [['confirmation_number', 'text', null]]);
  const rows: { id: number }[] = await db.selectFrom('payments').select('id').execute();
  for (const row of rows) {
    await db
      .updateTable('payments')
      .set({ confirmation_number: newConfirmationNumber() })
      .where('id', '=', row.id)
      .execute();
  }
  await kit.index('payments_confirmation_idx', 'payments', ['confirmation_number'], true);
}

export async function down(db: AnyDb, _kit: MigrationKit): Promise<void> {
  await db.schema.dropIndex('payments_confirmation_idx').execute();
  await db.schema.alterTable('payments').dropColumn('confirmation_number').execute();
}
