/** SQL of the checkout's write: the new account's rows, the order's payment, the stored answer of its Idempotency-Key. */
import { sql } from 'kysely';
import type { NewRow } from '../../db/database.js';
import type { Q } from './ordering.repository.js';

// ---- the new customer's account --------------------------------------------------------------------------------

export async function customerExists(db: Q, id: string): Promise<boolean> {
  return (await db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
export function findCustomer(db: Q, id: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'customer_type', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}
export async function usernameTaken(db: Q, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
export async function insertCustomer(db: Q, row: NewRow<'customers'>) {
  await db.insertInto('customers').values(row).execute();
}
export async function insertServiceLocation(db: Q, row: NewRow<'service_locations'>): Promise<number> {
  return (await db.insertInto('service_locations').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
export async function insertMailingLocation(db: Q, row: NewRow<'mailing_locations'>): Promise<number> {
  return (await db.insertInto('mailing_locations').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
export async function insertUser(db: Q, row: NewRow<'users'>): Promise<number> {
  return (await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
export async function insertContact(db: Q, row: NewRow<'contact_methods'>): Promise<number> {
  return (await db.insertInto('contact_methods').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
export async function linkContact(db: Q, contactId: number, serviceLocationId: number) {
  await db
    .insertInto('contact_method_locations')
    .values({ contact_method_id: contactId, service_location_id: serviceLocationId, link_type: 'Primary' })
    .execute();
}
export async function linkAddressToLocation(db: Q, addressId: number, serviceLocationId: number) {
  await db
    .updateTable('addresses')
    .set({ service_location_id: serviceLocationId })
    .where('id', '=', addressId)
    .where((eb) =>
      eb.or([
        eb('service_location_id', 'is', null),
        // The location it points at has nothing active (a cancelled order's, a moved-out account's): the address
        // resolves to its current location, the one ordered now.
        eb.not(
          eb.exists(
            eb
              .selectFrom('service_location_packages as p')
              .select('p.id')
              .whereRef('p.service_location_id', '=', 'addresses.service_location_id')
              .where('p.active', '=', 1),
          ),
        ),
      ]),
    )
    .execute();
}
/** The account's service location at this address already (ordering again for the same place). */
export function locationOfAccountAt(
  db: Q,
  customerId: string,
  a: { address: string; address2: string | null; zip: string },
) {
  let q = db
    .selectFrom('service_locations')
    .select(['id'])
    .where('customer_id', '=', customerId)
    .where(sql<string>`upper(address)`, '=', a.address.toUpperCase())
    .where('zip', '=', a.zip);
  q = a.address2 === null ? q.where('address2', 'is', null) : q.where('address2', '=', a.address2);
  return q.executeTakeFirst();
}
export function firstMailingLocation(db: Q, customerId: string) {
  return db
    .selectFrom('mailing_locations')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
export function centralOffices(db: Q) {
  return db.selectFrom('central_offices').select(['id', 'latitude', 'longitude', 'name']).orderBy('id').execute();
}

// ---- checkout --------------------------------------------------------------------------------------------------

/** The stored answer of an Idempotency-Key (lib/idempotency.ts writes it with the order). */
export function storedAnswer(db: Q, userId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['route', 'request_hash', 'status_code', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Where an existing account's order confirmation goes: its first user's email, else its primary contact's. */
export async function accountEmail(db: Q, customerId: string): Promise<string | null> {
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('customer_id', '=', customerId)
    .where('disabled', '=', 0)
    .orderBy('is_admin', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (user?.email) return user.email;
  const contact = await db
    .selectFrom('contact_methods')
    .select('email')
    .where('customer_id', '=', customerId)
    .where('email', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return contact?.email ?? null;
}

/** The colo area of a central office's locations (a new location inherits it). */
export async function coloAreaOfOffice(db: Q, centralOfficeId: number): Promise<string | null> {
  const row = await db
    .selectFrom('service_locations')
    .select('colo_area')
    .where('central_office_id', '=', centralOfficeId)
    .where('colo_area', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row?.colo_area ?? null;
}

/** The answer of a checkout, stored with it (the same table and replay as lib/idempotency.ts). */
export async function storeAnswer(
  db: Q,
  a: {
    userId: number;
    key: string;
    route: string;
    requestHash: string;
    statusCode: number;
    body: unknown;
    now: string;
  },
) {
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: a.userId,
      key: a.key,
      route: a.route,
      request_hash: a.requestHash,
      status_code: a.statusCode,
      response: JSON.stringify(a.body),
      created_at: a.now,
    })
    .execute();
}

export async function userIdByName(db: Q, username: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}
