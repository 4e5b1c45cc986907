/** SQL of the new customer's checkout email codes (checkout_email_codes). */
import type { NewRow } from '../../db/database.js';
import type { Q } from './ordering.repository.js';

export async function insertEmailCode(db: Q, row: NewRow<'checkout_email_codes'>) {
  await db.insertInto('checkout_email_codes').values(row).execute();
}
export async function codesSince(db: Q, email: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('checkout_email_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
export function latestEmailCode(db: Q, email: string) {
  return db
    .selectFrom('checkout_email_codes')
    .selectAll()
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
export async function countEmailCodeAttempt(db: Q, id: number) {
  await db
    .updateTable('checkout_email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
/** Uses the code once: false when it was used meanwhile. */
export async function useEmailCode(db: Q, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('checkout_email_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
