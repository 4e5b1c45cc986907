/** The two small reads behind every customer route's actor: the session's user with its account, and its categories. */
import type { Queryable } from '../../db/database.js';

/** The user of a session with its account, or undefined when the user is gone or moved to another account. */
export function findSessionUser(db: Queryable, userId: number, customerId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.is_admin',
      'u.disabled',
      'c.id as customer_id',
      'c.name as customer_name',
      'c.customer_type',
      'c.status',
    ])
    .where('u.id', '=', userId)
    .where('u.customer_id', '=', customerId)
    .executeTakeFirst();
}

/** The permission categories (SPEC §6) granted to a user. */
export async function permissionCategories(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_permissions').select('category').where('user_id', '=', userId).execute();
  return rows.map((r) => r.category);
}
