/**
 * API tests that complete an install: the install checklist's required fields (issue 27 item 8) filled in first, as
 * the assigned installer's save would leave them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

export const FILLED_INSTALL_CHECKLIST = {
  vcLightSignalStrength: '-18.2 dBm',
  txtSpeedTestURL: 'https://speed.example.test/r/1',
};

export async function fillInstallChecklist(db: Kysely<Database>, workOrderId: number): Promise<void> {
  const existing = await db
    .selectFrom('checklists')
    .select(['id', 'data'])
    .where('work_order_id', '=', workOrderId)
    .executeTakeFirst();
  const data = JSON.stringify({ ...JSON.parse(existing?.data || '{}'), ...FILLED_INSTALL_CHECKLIST });
  const at = new Date().toISOString();
  if (existing) await db.updateTable('checklists').set({ data }).where('id', '=', existing.id).execute();
  else {
    await db
      .insertInto('checklists')
      .values({
        work_order_id: workOrderId,
        template: 'install',
        data,
        arrival_onsite: null,
        work_complete: null,
        notes: null,
        updated_by: null,
        updated_at: at,
      })
      .execute();
  }
}
