/** Whether the account has any mailbox and any fax number (two small existence checks). */
import type { Queryable } from '../../db/database.js';

export async function hasMailbox(db: Queryable, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('email_accounts')
    .select('id')
    .where('customer_id', '=', customerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasFaxNumber(db: Queryable, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('fax_numbers')
    .select('id')
    .where('customer_id', '=', customerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
