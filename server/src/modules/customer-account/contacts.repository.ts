/** All SQL of contact methods and their links to service locations. */
import type { Queryable } from '../../db/database.js';

export interface ContactValues {
  category: string;
  name: string;
  phone: string | null;
  phone2: string | null;
  email: string | null;
}

export function contactsOf(db: Queryable, customerId: string) {
  return db
    .selectFrom('contact_methods')
    .select(['id', 'customer_id', 'category', 'name', 'phone', 'phone2', 'email'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

/** Every link of the account's contacts, with the location's address (one query for the whole list). */
export function linksOfAccount(db: Queryable, customerId: string) {
  return db
    .selectFrom('contact_method_locations as l')
    .innerJoin('contact_methods as c', 'c.id', 'l.contact_method_id')
    .innerJoin('service_locations as s', 's.id', 'l.service_location_id')
    .select([
      'l.contact_method_id',
      'l.service_location_id',
      'l.link_type',
      's.address',
      's.address2',
      's.city',
      's.state',
      's.zip',
    ])
    .where('c.customer_id', '=', customerId)
    .orderBy('l.service_location_id')
    .execute();
}

export function findContact(db: Queryable, id: number) {
  return db
    .selectFrom('contact_methods')
    .select(['id', 'customer_id', 'category', 'name', 'phone', 'phone2', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertContact(db: Queryable, customerId: string, values: ContactValues): Promise<number> {
  const row = await db
    .insertInto('contact_methods')
    .values({ customer_id: customerId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateContact(db: Queryable, id: number, values: ContactValues) {
  return db.updateTable('contact_methods').set(values).where('id', '=', id).execute();
}

export async function deleteContact(db: Queryable, id: number) {
  await db.deleteFrom('contact_method_locations').where('contact_method_id', '=', id).execute();
  await db.deleteFrom('contact_methods').where('id', '=', id).execute();
}

export function linksOfContact(db: Queryable, contactId: number) {
  return db
    .selectFrom('contact_method_locations')
    .select(['service_location_id', 'link_type'])
    .where('contact_method_id', '=', contactId)
    .execute();
}

export async function replaceLinks(
  db: Queryable,
  contactId: number,
  links: { serviceLocationId: number; linkType: string }[],
) {
  await db.deleteFrom('contact_method_locations').where('contact_method_id', '=', contactId).execute();
  if (links.length === 0) return;
  await db
    .insertInto('contact_method_locations')
    .values(
      links.map((l) => ({
        contact_method_id: contactId,
        service_location_id: l.serviceLocationId,
        link_type: l.linkType,
      })),
    )
    .execute();
}

export function upsertLink(db: Queryable, contactId: number, serviceLocationId: number, linkType: string) {
  return db
    .insertInto('contact_method_locations')
    .values({ contact_method_id: contactId, service_location_id: serviceLocationId, link_type: linkType })
    .onConflict((oc) => oc.columns(['contact_method_id', 'service_location_id']).doUpdateSet({ link_type: linkType }))
    .execute();
}

/** Changes an existing link's type; the number of links changed (0 when there is no such link). */
export async function updateLinkType(db: Queryable, contactId: number, serviceLocationId: number, linkType: string) {
  const result = await db
    .updateTable('contact_method_locations')
    .set({ link_type: linkType })
    .where('contact_method_id', '=', contactId)
    .where('service_location_id', '=', serviceLocationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteLink(db: Queryable, contactId: number, serviceLocationId: number) {
  const result = await db
    .deleteFrom('contact_method_locations')
    .where('contact_method_id', '=', contactId)
    .where('service_location_id', '=', serviceLocationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of `ids` are service locations of the account. */
export async function ownedServiceLocationIds(db: Queryable, customerId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('service_locations')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The account's Primary contacts other than `exceptId` (a contact being changed). */
export function otherPrimaryContacts(db: Queryable, customerId: string, exceptId: number | null) {
  let query = db
    .selectFrom('contact_methods')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .where('category', '=', 'Primary');
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query.orderBy('id').execute();
}

export function makeSecondary(db: Queryable, ids: number[]) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .updateTable('contact_methods')
    .set({ category: 'Secondary' })
    .where('id', 'in', ids)
    .execute()
    .then(() => undefined);
}
