/** SQL of the staff review: temporary locations to confirm, service areas and their status, waiting leads. */
import { sql } from 'kysely';
import type { NewRow } from '../../db/database.js';
import { findAddressByKey } from './availability.repository.js';
import type { Q } from './ordering.repository.js';

/** A search's words, each a LIKE pattern (%, _ and \\ taken literally). */
const likeWords = (q: string) =>
  q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

/** Temporary locations of a status whose address holds every word of the search. */
function tempLocationsMatching(db: Q, status: string, q: string) {
  const haystack = sql<string>`lower(t.number || ' ' || t.street || ' ' || t.unit || ' ' || t.city || ' ' || t.state || ' ' || t.zip)`;
  let query = db.selectFrom('temp_service_locations as t').where('t.status', '=', status);
  for (const pattern of likeWords(q)) query = query.where(sql<boolean>`${haystack} like ${pattern} escape '\\'`);
  return query;
}

/**
 * A page of the temporary locations of a status (and search): those with an order waiting (not cancelled) first,
 * then the newest, so junk checks never push a paying customer's new address out of sight; and how many match.
 */
export async function tempLocationsPage(db: Q, a: { status: string; q: string; limit: number; offset: number }) {
  const withOrder = sql<number>`case when exists (select 1 from availability_checks c inner join sales_orders o on o.id = c.order_id where c.temp_location_id = t.id and o.status != 'cancelled') then 1 else 0 end`;
  const [rows, count] = await Promise.all([
    tempLocationsMatching(db, a.status, a.q)
      .selectAll('t')
      .orderBy(withOrder, 'desc')
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(a.limit)
      .offset(a.offset)
      .execute(),
    tempLocationsMatching(db, a.status, a.q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The orders placed at temporary locations (through their availability check), cancelled ones left out. */
export function ordersAtTempLocations(db: Q, tempIds: number[]) {
  if (tempIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('availability_checks as c')
    .innerJoin('sales_orders as o', 'o.id', 'c.order_id')
    .innerJoin('customers as cu', 'cu.id', 'o.customer_id')
    .select([
      'c.temp_location_id',
      'o.id',
      'o.customer_id',
      'cu.name',
      'o.status',
      'o.service_location_id',
      'o.placed_by_user_id',
    ])
    .where('c.temp_location_id', 'in', tempIds)
    .where('o.status', '!=', 'cancelled')
    .orderBy('o.id')
    .execute();
}

/** Leads not yet told, at these address keys. */
export function waitingLeadsAt(db: Q, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('availability_leads')
    .select(['id', 'email', 'name', 'address_key'])
    .where('notified_at', 'is', null)
    .where('address_key', 'in', keys)
    .orderBy('id')
    .execute();
}

/** Marks a lead told; false when another round told it first (so nobody is mailed twice). */
export async function claimLead(db: Q, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('availability_leads')
    .set({ notified_at: now })
    .where('id', '=', id)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** An address of our data by key, inserted when new (the key is unique); answers its id. */
export async function ensureAddress(db: Q, row: NewRow<'addresses'>): Promise<number> {
  await db
    .insertInto('addresses')
    .values(row)
    .onConflict((oc) => oc.column('address_key').doNothing())
    .execute();
  const found = await findAddressByKey(db, row.address_key);
  if (!found) throw new Error('address not stored');
  return found.id;
}

/** Moves a temporary location on from 'unconfirmed'; false when someone reviewed it first. */
export async function reviewTempLocation(
  db: Q,
  id: number,
  values: {
    status: 'confirmed' | 'rejected';
    confirmed_at: string;
    confirmed_by_employee_id: number | null;
    address_id?: number | null;
    area_kind?: string | null;
    reject_reason?: string | null;
    latitude?: number;
    longitude?: number;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('temp_service_locations')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'unconfirmed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A service location takes the confirmed address and position. */
export async function setLocationAddress(
  db: Q,
  id: number,
  a: {
    address: string;
    address2: string | null;
    city: string;
    state: string;
    zip: string;
    latitude: number;
    longitude: number;
  },
) {
  await db.updateTable('service_locations').set(a).where('id', '=', id).execute();
}

/** One query for a service area's polygon, status (service_area_bounds) and name: for the list and for one area. */
const serviceAreaQuery = (db: Q) =>
  db
    .selectFrom('service_area_bounds as b')
    .innerJoin('map_features as f', 'f.id', 'b.map_feature_id')
    .select([
      'b.map_feature_id',
      'b.area_kind',
      'b.min_lat',
      'b.max_lat',
      'b.min_lng',
      'b.max_lng',
      'f.name',
      'f.geometry',
    ]);

/** The service-area polygons with their status and name. */
export function serviceAreas(db: Q) {
  return serviceAreaQuery(db).orderBy('f.name').orderBy('b.map_feature_id').execute();
}
export type ServiceAreaRow = Awaited<ReturnType<typeof serviceAreas>>[number];

export function serviceArea(db: Q, id: number) {
  return serviceAreaQuery(db).where('b.map_feature_id', '=', id).executeTakeFirst();
}

/** An area's status: its row of the area index and its map feature's layer (the map shows the same). */
export async function setAreaKind(db: Q, id: number, kind: string, layerId: number) {
  await db
    .updateTable('service_area_bounds')
    .set({ area_kind: kind, layer_id: layerId })
    .where('map_feature_id', '=', id)
    .execute();
  await db.updateTable('map_features').set({ layer_id: layerId }).where('id', '=', id).execute();
}

/**
 * Leads not yet told whose address (ours or a temporary location's) lies in a box, with the position and the address
 * parts for their mail (the exact polygon test is the caller's).
 */
export async function waitingLeadsInBox(
  db: Q,
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number },
) {
  const fromAddresses = db
    .selectFrom('availability_leads as l')
    .innerJoin('addresses as a', 'a.address_key', 'l.address_key')
    .select(['l.id', 'l.email', 'l.name', 'l.address_key', 'a.latitude', 'a.longitude'])
    .select(['a.number', 'a.street', 'a.unit', 'a.city', 'a.state', 'a.zip'])
    .where('l.notified_at', 'is', null)
    .where('a.latitude', '>=', box.minLat)
    .where('a.latitude', '<=', box.maxLat)
    .where('a.longitude', '>=', box.minLng)
    .where('a.longitude', '<=', box.maxLng);
  const fromTemp = db
    .selectFrom('availability_leads as l')
    .innerJoin('temp_service_locations as t', 't.address_key', 'l.address_key')
    .select(['l.id', 'l.email', 'l.name', 'l.address_key'])
    .select((eb) => [
      eb.fn.coalesce('t.latitude', eb.val(0)).as('latitude'),
      eb.fn.coalesce('t.longitude', eb.val(0)).as('longitude'),
    ])
    .select(['t.number', 't.street', 't.unit', 't.city', 't.state', 't.zip'])
    .where('l.notified_at', 'is', null)
    .where('t.status', '!=', 'rejected')
    .where('t.latitude', '>=', box.minLat)
    .where('t.latitude', '<=', box.maxLat)
    .where('t.longitude', '>=', box.minLng)
    .where('t.longitude', '<=', box.maxLng);
  const rows = await fromAddresses.unionAll(fromTemp).execute();
  return rows.sort((a, b) => a.id - b.id);
}
