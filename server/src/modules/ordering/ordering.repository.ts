/**
 * All SQL of ordering: the address data, temporary service locations, the service-area index, availability checks
 * and leads, carts, install capacity, checkout email codes, and the rows a new customer's account starts with.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, NewRow } from '../../db/database.js';

type Q = Kysely<Database> | Transaction<Database>;

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

/** Whether a service location has a package that is active now. */
export async function hasActiveService(db: Q, serviceLocationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('service_location_packages')
    .select('id')
    .where('service_location_id', '=', serviceLocationId)
    .where('active', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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

// ---- packages and carts ----------------------------------------------------------------------------------------

export function allPackages(db: Q) {
  return db
    .selectFrom('packages')
    .select(['id', 'name', 'category', 'price_cents', 'install_fee_cents', 'area_kinds', 'speed_mbps', 'description'])
    .orderBy('id')
    .execute();
}
export type PackageRow = Awaited<ReturnType<typeof allPackages>>[number];

export async function insertCart(db: Q, row: NewRow<'carts'>) {
  await db.insertInto('carts').values(row).execute();
}
export function findCart(db: Q, id: string) {
  return db.selectFrom('carts').selectAll().where('id', '=', id).executeTakeFirst();
}
export type CartRow = NonNullable<Awaited<ReturnType<typeof findCart>>>;
export async function setCartPackages(db: Q, id: string, packageIds: string, now: string) {
  await db.updateTable('carts').set({ package_ids: packageIds, updated_at: now }).where('id', '=', id).execute();
}
/** Marks the cart ordered, once: false when another checkout got there first. */
export async function markCartOrdered(db: Q, id: string, orderId: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('carts')
    .set({ order_id: orderId, updated_at: now })
    .where('id', '=', id)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- install capacity ------------------------------------------------------------------------------------------

/** Installers who can take an install visit: the provider's installer users, not disabled. */
export async function installerCount(db: Q): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('installer', '=', 1)
    .where('disabled', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Install visits already due per day and window between two dates: install work orders not complete or cancelled,
 * counted in their order's window (work orders from before ordering have no window: they count in the first).
 */
export async function bookedInstalls(db: Q, from: string, to: string) {
  const rows = await db
    .selectFrom('work_orders as w')
    .innerJoin('work_order_types as t', 't.id', 'w.type_id')
    .leftJoin('sales_orders as s', 's.id', 'w.order_id')
    .select(['w.due_date', 's.install_window', (eb) => eb.fn.countAll<number>().as('n')])
    .where('w.due_date', '>=', from)
    .where('w.due_date', '<=', to)
    .where('w.status', 'not in', ['Complete', 'Completed', 'Closed', 'Cancelled'])
    .where('t.description', 'like', '%Install%')
    .groupBy(['w.due_date', 's.install_window'])
    .execute();
  return rows.map((r) => ({ date: r.due_date ?? '', window: r.install_window, n: Number(r.n) }));
}

// ---- checkout email codes --------------------------------------------------------------------------------------

export async function insertEmailCode(db: Q, row: NewRow<'checkout_email_codes'>) {
  await db.insertInto('checkout_email_codes').values(row).execute();
}
export async function codesSince(db: Q, email: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('checkout_email_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
export function latestEmailCode(db: Q, email: string) {
  return db
    .selectFrom('checkout_email_codes')
    .selectAll()
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
export async function countEmailCodeAttempt(db: Q, id: number) {
  await db
    .updateTable('checkout_email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
/** Uses the code once: false when it was used meanwhile. */
export async function useEmailCode(db: Q, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('checkout_email_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

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
    .where('service_location_id', 'is', null)
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

/** What the order's checkout charged (the first month and the install fees) and the gateway's reference. */
export async function setOrderPaid(db: Q, orderId: number, paidCents: number, reference: string, now: string) {
  await db
    .updateTable('sales_orders')
    .set({ paid_cents: paidCents, gateway_charge_id: reference, updated_at: now })
    .where('id', '=', orderId)
    .execute();
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

// ---- charges whose order could not be placed -------------------------------------------------------------------

/** Records a charge left without an order, once per gateway reference (a second failure changes nothing). */
export async function insertUnplacedCharge(db: Q, row: NewRow<'unplaced_charges'>) {
  await db
    .insertInto('unplaced_charges')
    .values(row)
    .onConflict((oc) => oc.column('gateway_reference').doNothing())
    .execute();
}

export function findUnplacedCharge(db: Q, reference: string) {
  return db.selectFrom('unplaced_charges').selectAll().where('gateway_reference', '=', reference).executeTakeFirst();
}

/**
 * A retried checkout that places its order after all takes its charge back from the refund queue: true when the
 * charge was pending (or never queued), false when the job has claimed or refunded it (the order must not be placed).
 */
export async function claimUnplacedForOrder(trx: Transaction<Database>, reference: string, now: string) {
  const row = await findUnplacedCharge(trx, reference);
  if (!row) return true;
  const r = await trx
    .updateTable('unplaced_charges')
    .set({ status: 'placed', updated_at: now })
    .where('id', '=', row.id)
    .where('status', 'in', ['pending', 'placed'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Charges to refund: pending ones older than `before`, and ones a round claimed but did not finish. */
export function unplacedChargesDue(db: Q, before: string, limit: number) {
  return db
    .selectFrom('unplaced_charges')
    .selectAll()
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'pending'), eb('created_at', '<=', before)]), eb('status', '=', 'refunding')]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
export type UnplacedChargeRow = Awaited<ReturnType<typeof unplacedChargesDue>>[number];

/** Moves a charge from one status to the next; false when someone else moved it first. */
export async function moveUnplacedCharge(
  db: Q,
  id: number,
  from: string[],
  values: Partial<Omit<NewRow<'unplaced_charges'>, 'id'>> & { status: string; updated_at: string },
) {
  const r = await db
    .updateTable('unplaced_charges')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whether an order holds the charge (a retry placed it). */
export async function orderWithCharge(db: Q, reference: string) {
  return db.selectFrom('sales_orders').select('id').where('gateway_charge_id', '=', reference).executeTakeFirst();
}

// ---- staff review: temporary locations, service areas, waiting leads -------------------------------------------

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
export type WaitingLead = Awaited<ReturnType<typeof waitingLeadsAt>>[number];

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

// ---- housekeeping ----------------------------------------------------------------------------------------------

/**
 * Deletes what visitors left that never led to a lead or an order: checkout email codes older than `before`;
 * carts without an order and availability checks with no lead, cart or order older than `reportBefore` (they are
 * what the staff conversion report counts, so they are kept longer); unconfirmed temporary locations older than
 * `before` with no check, cart or lead left. Answers how many of each.
 */
export async function pruneVisitorRecords(db: Q, before: string, reportBefore: string) {
  const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const carts = await db
    .deleteFrom('carts')
    .where('order_id', 'is', null)
    .where('updated_at', '<', reportBefore)
    .executeTakeFirst();
  const emailCodes = await db.deleteFrom('checkout_email_codes').where('created_at', '<', before).executeTakeFirst();
  const checks = await db
    .deleteFrom('availability_checks as c')
    .where('c.at', '<', reportBefore)
    .where('c.order_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('availability_leads as l').select('l.id').whereRef('l.check_id', '=', 'c.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('carts as k').select('k.id').whereRef('k.check_id', '=', 'c.id'))),
    )
    .executeTakeFirst();
  const tempLocations = await db
    .deleteFrom('temp_service_locations as t')
    .where('t.status', '=', 'unconfirmed')
    .where('t.created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('availability_checks as c').select('c.id').whereRef('c.temp_location_id', '=', 't.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('carts as k').select('k.id').whereRef('k.temp_location_id', '=', 't.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('availability_leads as l').select('l.id').whereRef('l.address_key', '=', 't.address_key'))),
    )
    .executeTakeFirst();
  return { carts: n(carts), emailCodes: n(emailCodes), checks: n(checks), tempLocations: n(tempLocations) };
}
