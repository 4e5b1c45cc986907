/** All SQL of customer accounts. */
import { CUSTOMER_ACCOUNT_TYPES } from '@strand/domain';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/database.js';
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
