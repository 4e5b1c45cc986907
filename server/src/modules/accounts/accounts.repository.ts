/** All SQL of customer accounts. */
import { CUSTOMER_ACCOUNT_TYPES } from '@strand/domain';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database, Queryable } from '../../db/database.js';
import { containsInsensitive } from '../../db/sql.js';

export function findAccountSummary(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom('customers as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.customer_type',
      'c.status',
      eb
        .selectFrom('service_locations as s')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('s.customer_id', '=', 'c.id')
        .as('service_locations'),
      eb
        .selectFrom('mailing_locations as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.customer_id', '=', 'c.id')
        .as('mailing_locations'),
    ])
    .where('c.id', '=', customerId)
    .executeTakeFirst();
}

/** Customer accounts (not the provider's own) whose number or name contains the text. */
export function searchCustomers(db: Kysely<Database>, dialect: DialectName, text: string, limit: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'customer_type'])
    .where('customer_type', 'in', CUSTOMER_ACCOUNT_TYPES)
    .where((eb) =>
      eb.or([eb('id', 'like', `${text.replace(/[%_\\]/g, '')}%`), containsInsensitive(dialect, 'name', text)]),
    )
    .orderBy('name')
    .limit(limit)
    .execute();
}

export function findCustomer(db: Queryable, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'customer_type'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

/** Changes the type only if it is still `from` (two staff members at once: one wins). */
export async function setCustomerType(db: Queryable, customerId: string, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ customer_type: to })
    .where('id', '=', customerId)
    .where('customer_type', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function userIdsOf(db: Queryable, customerId: string) {
  return db.selectFrom('users').select('id').where('customer_id', '=', customerId).orderBy('id').execute();
}

/** Open sessions of the account's users (what the change ends). */
export async function openSessionCount(db: Queryable, customerId: string) {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.customer_id', '=', customerId)
    .where('s.revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
