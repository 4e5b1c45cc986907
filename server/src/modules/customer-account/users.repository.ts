/** All SQL of an account's online users and their permission categories. */
import type { Queryable } from '../../db/database.js';

const USER_COLUMNS = [
  'id',
  'customer_id',
  'username',
  'first_name',
  'last_name',
  'email',
  'is_admin',
  'disabled',
] as const;

/** The account's users: people only (staff and field crews carry other accounts, so they never appear here). */
export function usersOf(db: Queryable, customerId: string) {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('customer_id', '=', customerId)
    .orderBy('is_admin', 'desc')
    .orderBy('last_name')
    .orderBy('first_name')
    .execute();
}

export function findUser(db: Queryable, id: number) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Permission categories of several users in one query. */
export async function permissionsOf(db: Queryable, userIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .selectFrom('user_permissions')
    .select(['user_id', 'category'])
    .where('user_id', 'in', userIds)
    .orderBy('category')
    .execute();
  for (const row of rows) map.set(row.user_id, [...(map.get(row.user_id) ?? []), row.category]);
  return map;
}

export function usernameTaken(db: Queryable, username: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export async function insertUser(
  db: Queryable,
  user: {
    customerId: string;
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string;
    serviceLocationId: number | null;
    mailingLocationId: number | null;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      customer_id: user.customerId,
      is_admin: 0,
      is_staff: 0,
      employee_id: null,
      installer: 0,
      contractor_id: 0,
      noc_location_id: null,
      active_service_location_id: user.serviceLocationId,
      active_mailing_location_id: user.mailingLocationId,
      disabled: 0,
      created_at: user.now,
      updated_at: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateUser(
  db: Queryable,
  id: number,
  values: { firstName: string; lastName: string; disabled: boolean; now: string },
) {
  return db
    .updateTable('users')
    .set({
      first_name: values.firstName,
      last_name: values.lastName,
      disabled: values.disabled ? 1 : 0,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .execute();
}

export async function replacePermissions(db: Queryable, userId: number, categories: readonly string[]) {
  await db.deleteFrom('user_permissions').where('user_id', '=', userId).execute();
  if (categories.length === 0) return;
  await db
    .insertInto('user_permissions')
    .values(categories.map((category) => ({ user_id: userId, category })))
    .execute();
}
