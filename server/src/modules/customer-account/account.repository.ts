/** SQL of the account overview: the account's service and mailing locations. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

export function serviceLocationsOf(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom('service_locations')
    .select(['id', 'customer_id', 'address', 'address2', 'city', 'state', 'zip'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export function mailingLocationsOf(db: Kysely<Database>, customerId: string) {
  return db
    .selectFrom('mailing_locations')
    .select([
      'id',
      'customer_id',
      'address',
      'address2',
      'city',
      'state',
      'zip',
      'zip_four',
      'autopay_payment_method_id',
    ])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export function findServiceLocation(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('service_locations')
    .select(['id', 'customer_id', 'address', 'address2', 'city', 'state', 'zip'])
    .where('id', '=', id)
    .executeTakeFirst();
}
