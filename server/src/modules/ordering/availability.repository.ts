/** SQL of the availability check: the address data, the service-area index, temporary locations, checks and leads. */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { NewRow } from '../../db/database.js';
import type { Q } from './ordering.repository.js';

// ---- addresses -------------------------------------------------------------------------------------------------

export function findAddressByKey(db: Q, key: string) {
  return db.selectFrom('addresses').selectAll().where('address_key', '=', key).executeTakeFirst();
}
export function findAddress(db: Q, id: number) {
  return db.selectFrom('addresses').selectAll().where('id', '=', id).executeTakeFirst();
}
export type AddressRow = NonNullable<Awaited<ReturnType<typeof findAddress>>>;

/** The known addresses on one street of a ZIP (index zip, street, number). */
export function addressesOnStreet(db: Q, zip: string, street: string) {
  return db
    .selectFrom('addresses')
    .select(['id', 'number', 'unit', 'latitude', 'longitude'])
    .where('zip', '=', zip)
    .where('street', '=', street)
    .orderBy('number')
    .limit(500)
    .execute();
}

/** The distinct street names of a ZIP code. */
export async function streetsOfZip(db: Q, zip: string): Promise<string[]> {
  const rows = await db.selectFrom('addresses').select('street').distinct().where('zip', '=', zip).execute();
  return rows.map((r) => r.street);
}

/** The mean position of the known addresses of a ZIP (a rough geocode for an unknown street). */
export async function zipCentroid(db: Q, zip: string) {
  const row = await db
    .selectFrom('addresses')
    .select([sql<number | null>`avg(latitude)`.as('lat'), sql<number | null>`avg(longitude)`.as('lng')])
    .where('zip', '=', zip)
    .executeTakeFirst();
  return row && row.lat !== null && row.lng !== null ? { latitude: Number(row.lat), longitude: Number(row.lng) } : null;
}

// ---- service areas ---------------------------------------------------------------------------------------------

/** Service-area polygons whose bounding box holds the point (index on the box), with their geometry. */
export function areaCandidates(db: Q, latitude: number, longitude: number) {
  return db
    .selectFrom('service_area_bounds as b')
    .innerJoin('map_features as f', 'f.id', 'b.map_feature_id')
    .select(['b.area_kind', 'f.name', 'f.geometry'])
    .where('b.min_lat', '<=', latitude)
    .where('b.max_lat', '>=', latitude)
    .where('b.min_lng', '<=', longitude)
    .where('b.max_lng', '>=', longitude)
    .orderBy('b.map_feature_id')
    .execute();
}

// ---- temporary service locations -------------------------------------------------------------------------------

/** One row per address key, whoever asks first: a second asker gets the same row (unique key, no error). */
export async function ensureTempLocation(db: Q, row: NewRow<'temp_service_locations'>) {
  await db
    .insertInto('temp_service_locations')
    .values(row)
    .onConflict((oc) => oc.column('address_key').doNothing())
    .execute();
  return db
    .selectFrom('temp_service_locations')
    .selectAll()
    .where('address_key', '=', row.address_key)
    .executeTakeFirstOrThrow();
}
export function findTempLocationByKey(db: Q, key: string) {
  return db.selectFrom('temp_service_locations').select('id').where('address_key', '=', key).executeTakeFirst();
}
export function findTempLocation(db: Q, id: number) {
  return db.selectFrom('temp_service_locations').selectAll().where('id', '=', id).executeTakeFirst();
}
export type TempLocationRow = NonNullable<Awaited<ReturnType<typeof findTempLocation>>>;

// ---- checks and leads ------------------------------------------------------------------------------------------

/** A check's public id: 128 random bits, base64url (the row's integer id never leaves the server). */
export const newCheckPublicId = () => randomBytes(16).toString('base64url');

/** Records a check; answers its public id. */
export async function insertCheck(db: Q, row: Omit<NewRow<'availability_checks'>, 'public_id'>): Promise<string> {
  const publicId = newCheckPublicId();
  await db
    .insertInto('availability_checks')
    .values({ ...row, public_id: publicId })
    .execute();
  return publicId;
}
/** A check by the public id a visitor holds. */
export function findCheck(db: Q, publicId: string) {
  return db.selectFrom('availability_checks').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}
/** The public id of a check (a cart answers the check it came from). */
export async function checkPublicId(db: Q, id: number): Promise<string> {
  const row = await db
    .selectFrom('availability_checks')
    .select('public_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.public_id;
}
export async function setCheckOrder(db: Q, checkId: number, orderId: number) {
  await db.updateTable('availability_checks').set({ order_id: orderId }).where('id', '=', checkId).execute();
}

/** A lead, once per email and address: false when it was there already. */
export async function insertLead(db: Q, row: NewRow<'availability_leads'>): Promise<boolean> {
  const r = await db
    .insertInto('availability_leads')
    .values(row)
    .onConflict((oc) => oc.columns(['email', 'address_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Availability checks made from `fromIso` (inclusive) to `toIso` (exclusive) per day, area kind and area (the city of
 * the checked address or temporary location), with how many of them led to a lead, a cart and an order (the check's
 * own order, or an ordered cart of it). Through availability_checks_at_idx, availability_leads_check_idx and
 * carts_check_idx (0024).
 */
export async function checkConversionPerDay(db: Q, fromIso: string, toIso: string) {
  const day = sql<string>`substr(c.at, 1, 10)`;
  const area = sql<string>`coalesce(a.city, t.city, 'No address')`;
  const rows = await db
    .selectFrom('availability_checks as c')
    .leftJoin('addresses as a', 'a.id', 'c.address_id')
    .leftJoin('temp_service_locations as t', 't.id', 'c.temp_location_id')
    .where('c.at', '>=', fromIso)
    .where('c.at', '<', toIso)
    .select([
      day.as('day'),
      'c.area_kind',
      area.as('area'),
      (eb) => eb.fn.countAll<number>().as('checks'),
      sql<number>`sum(case when exists (select 1 from availability_leads l where l.check_id = c.id) then 1 else 0 end)`.as(
        'leads',
      ),
      sql<number>`sum(case when exists (select 1 from carts k where k.check_id = c.id) then 1 else 0 end)`.as('carts'),
      sql<number>`sum(case when c.order_id is not null or exists (select 1 from carts k where k.check_id = c.id and k.order_id is not null) then 1 else 0 end)`.as(
        'orders',
      ),
    ])
    .groupBy([day, 'c.area_kind', area])
    .orderBy(day)
    .execute();
  return rows.map((r) => ({
    day: r.day,
    areaKind: r.area_kind,
    area: r.area,
    checks: Number(r.checks),
    leads: Number(r.leads ?? 0),
    carts: Number(r.carts ?? 0),
    orders: Number(r.orders ?? 0),
  }));
}
