/** The account's paperless-billing choice (customers.paperless_billing, 0045). */
import type { Queryable } from '../../db/database.js';

export async function paperlessOf(db: Queryable, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('paperless_billing')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.paperless_billing === 1;
}

export function setPaperless(db: Queryable, customerId: string, paperless: boolean) {
  return db
    .updateTable('customers')
    .set({ paperless_billing: paperless ? 1 : 0 })
    .where('id', '=', customerId)
    .execute();
}
