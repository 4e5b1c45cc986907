/**
 * The installer's work-order search as one SQL statement (no per-row queries). Every filter has an index behind it:
 * assignments (user_id, work_order_id), work_orders (type_id, ...), (customer_id), (next_scheduled_at), (due_date),
 * customers (name) and service_locations (latitude, longitude) for the Nearby bounding box; the exact great-circle
 * distance is then checked in SQL too, so the sort and the row cap apply to the exact answer.
 */
import { boundingBox, EARTH_RADIUS_MILES, FEET_PER_MILE, nextDay, type WorkOrderSortField } from '@strand/domain';
import { type ExpressionBuilder, type Kysely, type OrderByItemBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/database.js';
import {
  containsInsensitive,
  customerIdsByNameWord,
  customerIdsNamed,
  ftsPhrase,
  isOneNameWord,
} from '../../db/sql.js';
import { geoCellsOfBox } from './geo-cells.js';

export interface SearchFilters {
  userId: number;
  workOrderId?: number | undefined;
  customerName?: string | undefined;
  customerId?: string | undefined;
  byAssignment: boolean;
  showPending: boolean;
  typeId?: number | undefined;
  nearby?: { latitude: number; longitude: number; feet: number } | undefined;
  address?: string | undefined;
  /** YYYY-MM-DD, inclusive, on the date part of next_scheduled_at. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  sortBy: WorkOrderSortField;
  sortOrder: 'asc' | 'desc';
  limit: number;
}

type Eb = ExpressionBuilder<
  Database & { wo: Database['work_orders']; t: Database['work_order_types']; c: Database['customers'] } & {
    sl: Database['service_locations'];
  },
  'wo' | 't' | 'c' | 'sl'
>;

const SORT_COLUMNS = {
  workOrderId: 'wo.id',
  workOrderType: 't.description',
  customerName: 'c.name',
  eventTitle: 'wo.next_scheduled_name',
  eventTime: 'wo.next_scheduled_at',
  dueDate: 'wo.due_date',
  // Nearby only (the schema refuses it otherwise): the inner query orders by its distance column.
  distance: 'distance_feet',
} as const satisfies Record<WorkOrderSortField, string>;

/**
 * Haversine distance in feet between a point and the service location (`sl`), or the position a work order carries
 * (`wo`, migration 0031), in SQL (SQLite math functions, PostgreSQL).
 */
function distanceFeetSql(latitude: number, longitude: number, from: 'sl' | 'wo') {
  const lat = sql.ref(`${from}.latitude`);
  const lon = sql.ref(`${from}.longitude`);
  const rad = Math.PI / 180;
  const dLatHalf = sql`((${lat} - ${latitude}) * ${rad / 2})`;
  const dLonHalf = sql`((${lon} - ${longitude}) * ${rad / 2})`;
  const h = sql`(sin(${dLatHalf}) * sin(${dLatHalf}) + ${Math.cos(latitude * rad)} * cos(${lat} * ${rad}) * sin(${dLonHalf}) * sin(${dLonHalf}))`;
  return sql<number>`(${2 * EARTH_RADIUS_MILES * FEET_PER_MILE} * asin(sqrt(CASE WHEN ${h} > 1 THEN 1 ELSE ${h} END)))`;
}

/**
 * SQLite answers "contains" from its FTS5 trigram tables (migration 0002) when the text has 3 characters or more;
 * shorter text cannot use trigrams and scans. PostgreSQL's ILIKE uses the pg_trgm indexes by itself.
 */
function usesTrigramTable(dialect: DialectName, text: string): boolean {
  return dialect === 'sqlite' && hasTrigram(text);
}

/** Text of 3 characters or more has a trigram: an index (FTS5 on SQLite, pg_trgm on PostgreSQL) can find it. */
function hasTrigram(text: string): boolean {
  return [...text].length >= 3;
}

export interface SearchRow {
  id: number;
  type: string;
  customer_name: string;
  next_scheduled_name: string | null;
  next_scheduled_at: string | null;
  colo_area: string | null;
  due_date: string | null;
  summary: string | null;
  status: string;
  depends_on_work_order_id: number | null;
  distance_feet: number | null;
  address: string | null;
  city: string | null;
}

/**
 * How the statement is shaped (docs/performance.md §4): the same rows either way, only the database's plan differs.
 * searchWorkOrders picks them from the filters; the plan test forces each one to compare the results.
 */
export interface SearchPlan {
  /**
   * Assigned to Me + Show Pending as two capped halves merged by UNION ALL ("mine" through the user's assignments,
   * "pending" walking the sort order) instead of one `mine OR NOT EXISTS (assignment)` that PostgreSQL can serve
   * from no index. The halves are disjoint (an order assigned to the user is not pending), so nothing repeats.
   * PostgreSQL only: SQLite walks the sort order with the OR as a filter (a Bloom filter on the user's assignments)
   * and stops at the cap, cheaper than sorting all of the user's orders in the "mine" half.
   */
  splitMineAndPending: boolean;
  /**
   * A customer name matching many customers (NAME_FILTER_MIN_CUSTOMERS or more): the match as a filter on rows
   * reached otherwise, with no index condition, instead of probing every matched customer's work orders and sorting
   * them all. In the default order the search walks the sort order and stops at the cap; on PostgreSQL with Assigned
   * to Me it reads the user's assignments (work_orders_installer_id_idx, 0029). A last name matches ~6,300 customers
   * and ~11,800 work orders at 1 M: PostgreSQL's probes read 22,800 index pages (41 ms), the walk of
   * work_orders_installer_sort_idx (0029, carries the customer) ~13,000 entries (2–3 ms), checking each against the
   * matched customers by hashing (`(customer_id = ANY(ids)) IS TRUE`, or for a one-word text the word match as a
   * subquery hashed once, `(customer_id IN (…)) IS TRUE`). SQLite walks work_orders_installer_due_customer_idx (0029)
   * with `+customer_id IN (FTS match)` (the `+` keeps the term out of the index choice): ~15 instead of ~35 ms of CPU.
   * A rare name keeps the probes (a walk would read the whole index to find a few rows).
   */
  nameMatchAsFilter: boolean;
  /**
   * PostgreSQL: up to how many matched customers' ids are bound into the search as an array (NameMatch.ids). A name
   * of three common letters can match a large share of all customers; past this the ids are not read out and sent
   * back, the search matches the names in the database instead (a subquery the planner hashes).
   */
  nameIdsMax: number;
  /**
   * Nearby as one capped walk per map cell the box touches (at most nine, geo-cells.ts), merged by UNION ALL, instead
   * of each service location's work orders in the box: work_orders_installer_cell_idx (0031) holds the provider's work
   * orders by cell in due-date order with their position, so in the default order each walk checks the distance in
   * the index and stops at the cap. In the densest part of the 1 M data a 2,000 ft box holds ~8,000 locations: one
   * index probe each (12–15 ms) before. Chosen from NEARBY_BY_CELL_MIN_FEET in the default order (due date, newest
   * first), for every scope but the user's own part of Assigned to Me (nearbyMine).
   */
  nearbyByCell: boolean;
  /**
   * How Assigned to Me with Nearby (the user's own part of the search) reaches its work orders: `cells` (as
   * nearbyByCell), `locations` (each service location in the box), or `assignments`: the user's assignments (a few
   * thousand at most), each probed by id in work_orders_installer_id_idx, which carries the position (0034). A walk
   * of a dense 2,000 ft box reads ~15,000–19,500 work orders to find the user's ~25: on 1 M work orders PostgreSQL
   * took p50 14 / p99 33 ms walking and 7.5 / 11.5 ms from the assignments; SQLite 7.5 / 18 ms walking and 3 / 8 ms
   * probing the locations (its planner drives them from the assignments itself). Where nearbyByCell would be chosen:
   * `assignments` on PostgreSQL, `locations` on SQLite; `locations` otherwise.
   */
  nearbyMine: 'cells' | 'locations' | 'assignments';
}

/** SearchPlan.nearbyByCell from this distance: a smaller box holds few locations, and their probes cost little. */
export const NEARBY_BY_CELL_MIN_FEET = 1000;

/**
 * From how many matched customers the name search filters rather than probes (SearchPlan.nameMatchAsFilter): the
 * walk reads about limit × (provider work orders ÷ matched work orders) index entries, the probes a few index pages
 * per matched customer. Measured at 1 M (docs/performance.md §4 branch search2): a walked entry costs ~0.15 µs on
 * PostgreSQL and ~1 µs on SQLite, a probed customer ~4–5 µs on both.
 */
export const NAME_FILTER_MIN_CUSTOMERS: Record<DialectName, number> = { postgres: 2_000, sqlite: 4_000 };

/** SearchPlan.nameIdsMax: 50,000 ids are ~0.6 MB of array text, about what reading them costs as the subquery. */
export const NAME_IDS_MAX = 50_000;

/** The customers a name search reaches, read before the search (SearchPlan.nameMatchAsFilter decides on `count`). */
interface NameMatch {
  /**
   * PostgreSQL: the ids of the customers whose name contains the text, as one array literal (`{id,id,…}`: reading
   * 6,300 rows into objects and sending them back element by element cost ~4 ms of CPU here). Bound to the search,
   * the array is a constant to the planner (node-postgres's statements are unnamed, so planned with their values): it
   * knows how many customers matched, and probes their work orders (work_orders_installer_customer_idx, 0027).
   * None when the search does not need them: more than SearchPlan.nameIdsMax matched, or the match is a filter of a
   * one-word text (then the search matches the words again in a subquery, hashed once: `byWord`).
   * SQLite: none (the search matches in its FTS5 table again; counting is ~1 ms).
   */
  ids: string | undefined;
  /**
   * How many customers matched (SQLite: counted up to the threshold; PostgreSQL: up to nameIdsMax + 1, a customer
   * counted once per word of its name that contains a one-word text).
   */
  count: number;
  /** PostgreSQL, text of one word (isOneNameWord): matched in the words of names (0033) instead of whole names. */
  byWord: boolean;
}

/**
 * PostgreSQL: a text of one word lies inside one word of a name, so the words of names (0033) answer it from two
 * small indexes, counted first (~1 ms); the ids are read out only when the search probes them (`idsWanted`). Longer
 * text: pg_trgm on customers.name (0002), counted and read out in one statement.
 */
async function matchCustomerNames(
  db: Kysely<Database>,
  dialect: DialectName,
  text: string,
  idsMax: number,
  idsWanted: (count: number) => boolean,
): Promise<NameMatch> {
  if (dialect === 'postgres' && isOneNameWord(text)) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n
      FROM (${customerIdsByNameWord(text)} LIMIT ${idsMax + 1}) m`.execute(db);
    const n = Number(rows[0]?.n ?? 0);
    if (n === 0 || n > idsMax || !idsWanted(n)) return { ids: undefined, count: n, byWord: true };
    const read = await sql<{ ids: string | null }>`SELECT array_agg(DISTINCT m.customer_id)::text AS ids
      FROM (${customerIdsByNameWord(text)}) m`.execute(db);
    return { ids: read.rows[0]?.ids ?? '{}', count: n, byWord: true };
  }
  if (dialect === 'postgres') {
    const { rows } = await sql<{ n: number; ids: string | null }>`WITH m AS (SELECT cn.id FROM customers cn
      WHERE ${containsInsensitive(dialect, 'cn.name', text)} LIMIT ${idsMax + 1})
      SELECT count(*)::int AS n, CASE WHEN count(*) <= ${idsMax} THEN array_agg(m.id)::text END AS ids FROM m`.execute(
      db,
    );
    const n = Number(rows[0]?.n ?? 0);
    return { ids: n > idsMax ? undefined : (rows[0]?.ids ?? '{}'), count: n, byWord: false };
  }
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM customer_name_search
    WHERE customer_name_search MATCH ${ftsPhrase(text)} LIMIT ${NAME_FILTER_MIN_CUSTOMERS.sqlite})`.execute(db);
  return { ids: undefined, count: Number(rows[0]?.n ?? 0), byWord: false };
}

/**
 * Up to `limit` + 1 rows (one more than shown tells the caller the search was capped). Two steps in one statement:
 * the inner query filters, sorts and caps on work_orders (joining customers or types only when a filter or the sort
 * needs them); the outer query joins the names for the few rows that are returned.
 */
export async function searchWorkOrders(
  db: Kysely<Database>,
  dialect: DialectName,
  f: SearchFilters,
  forced?: Partial<SearchPlan>,
): Promise<SearchRow[]> {
  const scope = scopeOf(f);
  const nameIdsMax = forced?.nameIdsMax ?? NAME_IDS_MAX;
  // Filtering needs something else to drive the search: the sort index's order, or (PostgreSQL) the user's
  // assignments; SQLite already checks the match as a (Bloom) filter on the user's assignments by itself.
  const walks = f.sortBy === 'dueDate' && f.sortOrder === 'desc';
  const nameAsFilter = (count: number) =>
    forced?.nameMatchAsFilter ??
    (count >= NAME_FILTER_MIN_CUSTOMERS[dialect] &&
      (dialect === 'postgres' ? scope === 'mine' || walks : scope !== 'mine' && walks));
  const match =
    f.customerName !== undefined && hasTrigram(f.customerName)
      ? await matchCustomerNames(db, dialect, f.customerName, nameIdsMax, (n) => !nameAsFilter(n))
      : undefined;
  if (match?.count === 0) return [];
  const cells = f.nearby ? geoCellsOfBox(boundingBox(f.nearby, f.nearby.feet)) : [];
  const wideNearby = (f.nearby?.feet ?? 0) >= NEARBY_BY_CELL_MIN_FEET && walks && f.address === undefined;
  const plan: SearchPlan = {
    splitMineAndPending: forced?.splitMineAndPending ?? dialect === 'postgres',
    nameMatchAsFilter: match !== undefined && nameAsFilter(match.count),
    nameIdsMax,
    nearbyByCell: cells.length > 0 && (forced?.nearbyByCell ?? wideNearby),
    nearbyMine:
      cells.length === 0
        ? 'locations'
        : (forced?.nearbyMine ?? (wideNearby && dialect === 'postgres' ? 'assignments' : 'locations')),
  };
  const name = match && { ids: match.ids, byWord: match.byWord, asFilter: plan.nameMatchAsFilter };
  const part = (scope: Scope, way: NearbyWay = { by: 'locations' }) =>
    orderBy(matching(db, dialect, f, scope, name, way), f, SORT_COLUMNS[f.sortBy], 'wo.id').limit(f.limit + 1);
  type Part = ReturnType<typeof part>;
  // Capped parts merged: the rows of the union's first limit + 1 in the outer order are the search's.
  const unionOf = ([first, ...rest]: Part[]) =>
    rest.reduce(
      (union, p, i) => union.unionAll(db.selectFrom(p.as(`p${i + 1}`)).selectAll()),
      db.selectFrom((first as Part).as('p0')).selectAll(),
    ) as unknown as Part;
  const capped = (scope: Scope) => {
    const by = scope === 'mine' ? plan.nearbyMine : plan.nearbyByCell ? 'cells' : 'locations';
    return by === 'cells' ? unionOf(cells.map((cell) => part(scope, { by, cell }))) : part(scope, { by });
  };
  // Both shapes give the same columns (id, sort_key, distance_feet); the cast only unifies Kysely's builder types.
  const inner =
    scope === 'mineOrPending' && plan.splitMineAndPending
      ? (db
          .selectFrom(capped('mine').as('h1'))
          .selectAll()
          .unionAll(db.selectFrom(capped('pending').as('h2')).selectAll()) as unknown as ReturnType<typeof capped>)
      : capped(scope);

  const outer = db
    .selectFrom(inner.as('m'))
    .innerJoin('work_orders as wo', 'wo.id', 'm.id')
    .innerJoin('work_order_types as t', 't.id', 'wo.type_id')
    .innerJoin('customers as c', 'c.id', 'wo.customer_id')
    .leftJoin('service_locations as sla', 'sla.id', 'wo.service_location_id')
    .select([
      'wo.id',
      'sla.address',
      'sla.city',
      't.description as type',
      'c.name as customer_name',
      'wo.next_scheduled_name',
      'wo.next_scheduled_at',
      'wo.colo_area',
      'wo.due_date',
      'wo.summary',
      'wo.status',
      'wo.depends_on_work_order_id',
      'm.distance_feet',
    ]);
  // The outer order reads the inner rows' sort key, so the database walks the capped rows, not the whole table.
  return orderBy(outer, f, 'm.sort_key', 'm.id')
    .limit(f.limit + 1)
    .execute();
}

/**
 * How a Nearby search reaches a part's work orders (SearchPlan.nearbyByCell, nearbyMine): through the service
 * locations in the box (their position), or the work orders of one map cell, or the user's assignments (those two by
 * the position the work orders carry, 0031).
 */
type NearbyWay = { by: 'locations' } | { by: 'cells'; cell: number } | { by: 'assignments' };

/** The work orders one scope of the search reaches, filtered, with their sort key (not yet ordered or capped). */
function matching(
  db: Kysely<Database>,
  dialect: DialectName,
  f: SearchFilters,
  scope: Scope,
  name: { ids: string | undefined; byWord: boolean; asFilter: boolean } | undefined,
  way: NearbyWay,
) {
  // Cells and assignments exist only for a Nearby search (SearchPlan), the assignments only for its 'mine' part.
  const cell = way.by === 'cells' ? way.cell : undefined;
  const fromAssignments = way.by === 'assignments';
  const position = way.by === 'locations' ? 'sl' : 'wo';
  const distance = f.nearby ? distanceFeetSql(f.nearby.latitude, f.nearby.longitude, position) : null;
  const nameByScan = f.customerName !== undefined && !hasTrigram(f.customerName);
  const customerIdPrefix = f.customerId !== undefined && !/^\d{4}-\d{4}-\d{4}$/.test(f.customerId);
  const needsCustomer = nameByScan || customerIdPrefix || f.sortBy === 'customerName';
  const needsType = f.sortBy === 'workOrderType';

  // PostgreSQL: only when Nearby or a short address reads it. It removes an unused outer join only after choosing the
  // columns it reads from work_orders, so the join alone would rule out the index-only scans of 0027. SQLite: always;
  // it omits the join itself, and its plans depend on it (without it, "date window (all)" on a million work orders
  // walked work_orders_due_idx: 413 ms of CPU instead of 2 ms for the skip-scan of work_orders_installer_due_idx).
  const shortAddress = f.address !== undefined && !usesTrigramTable(dialect, f.address);
  const needsLocation =
    position === 'sl' ? dialect === 'sqlite' || f.nearby !== undefined || shortAddress : shortAddress;

  let q = db
    .selectFrom('work_orders as wo')
    .$if(needsLocation, (qb) => qb.leftJoin('service_locations as sl', 'sl.id', 'wo.service_location_id'))
    .$if(needsCustomer, (qb) => qb.innerJoin('customers as c', 'c.id', 'wo.customer_id'))
    .$if(needsType, (qb) => qb.innerJoin('work_order_types as t', 't.id', 'wo.type_id'))
    .select([
      'wo.id',
      (f.sortBy === 'distance' && distance ? distance : sql.ref<string | number | null>(SORT_COLUMNS[f.sortBy])).as(
        'sort_key',
      ),
      (distance ?? sql<number | null>`NULL`).as('distance_feet'),
    ])
    // Installers work the provider's own work orders; those given to a contractor company are the contractors'.
    .where('wo.contractor_id', 'is', null)
    .where((eb) =>
      // Assigned to Me with the name as a filter, or Nearby from the assignments: the user's work orders as an array
      // computed first, so they are probed by id (work_orders_installer_id_idx); as `IN (subquery)` PostgreSQL
      // scanned a whole customer index (760,000 entries) to hash-join the assignments.
      dialect === 'postgres' && scope === 'mine' && (name?.asFilter || fromAssignments)
        ? sql<SqlBool>`wo.id = ANY(ARRAY${db
            .selectFrom('work_order_assignments as a')
            .select('a.work_order_id')
            .where('a.user_id', '=', f.userId)})`
        : assignmentFilter(eb as unknown as Eb, f.userId, scope),
    );

  if (f.workOrderId !== undefined) q = q.where('wo.id', '=', f.workOrderId);
  if (f.typeId !== undefined) q = q.where('wo.type_id', '=', f.typeId);
  if (f.customerId !== undefined) {
    const id = f.customerId;
    // A whole account number matches exactly; a part matches as a prefix (a range, so the index serves it).
    q = customerIdPrefix
      ? q.where(sql.ref('c.id'), '>=', id).where(sql.ref('c.id'), '<', `${id}\u{10FFFF}`)
      : q.where('wo.customer_id', '=', id);
  }
  if (f.customerName !== undefined) {
    const text = f.customerName;
    // `+x` (SQLite) and `(…) IS TRUE` (PostgreSQL) are no index conditions: the match becomes a filter (SearchPlan).
    const ids = name?.ids;
    q = nameByScan
      ? q.where(containsInsensitive(dialect, 'c.name', text))
      : ids === undefined && dialect === 'postgres'
        ? // The ids were not read out (NameMatch.ids): the database matches the names (as a filter, once, hashed).
          q.where(
            sql<SqlBool>`(wo.customer_id IN (${name?.byWord ? customerIdsByNameWord(text) : sql`SELECT cn.id FROM customers cn WHERE ${containsInsensitive(dialect, 'cn.name', text)}`}))${sql.raw(name?.asFilter ? ' IS TRUE' : '')}`,
          )
        : ids === undefined
          ? q.where(sql<SqlBool>`${sql.raw(name?.asFilter ? '+' : '')}wo.customer_id IN (${customerIdsNamed(text)})`)
          : name?.asFilter
            ? q.where(sql<SqlBool>`(wo.customer_id = ANY(${ids}::text[])) IS TRUE`)
            : // The planner knows the ids: a few are probed in work_orders_installer_customer_idx (0027).
              q.where(sql<SqlBool>`wo.customer_id = ANY(${ids}::text[])`);
  }
  if (f.address !== undefined) {
    const text = f.address;
    q = usesTrigramTable(dialect, text)
      ? q.where(
          sql<SqlBool>`wo.service_location_id IN (SELECT rowid FROM service_location_search WHERE service_location_search MATCH ${ftsPhrase(text)})`,
        )
      : q.where((eb) =>
          eb.or([containsInsensitive(dialect, 'sl.address', text), containsInsensitive(dialect, 'sl.city', text)]),
        );
  }
  if (f.dateFrom !== undefined) q = q.where('wo.next_scheduled_at', '>=', f.dateFrom);
  if (f.dateTo !== undefined) q = q.where('wo.next_scheduled_at', '<', nextDay(f.dateTo));
  if (f.nearby && distance) {
    const box = boundingBox(f.nearby, f.nearby.feet);
    if (cell !== undefined) q = q.where('wo.geo_cell', '=', cell);
    q = q
      .where(sql.ref(`${position}.latitude`), '>=', box.minLat)
      .where(sql.ref(`${position}.latitude`), '<=', box.maxLat)
      .where(sql.ref(`${position}.longitude`), '>=', box.minLon)
      .where(sql.ref(`${position}.longitude`), '<=', box.maxLon)
      .where(sql<SqlBool>`${distance} <= ${f.nearby.feet}`);
  }
  return q;
}

/** Empty values sort last either way, on both databases; the id breaks ties so the order is stable. */
// biome-ignore lint/suspicious/noExplicitAny: both query shapes share this ORDER BY; Kysely's builder types differ.
function orderBy<Q extends { orderBy: (...args: any[]) => any }>(q: Q, f: SearchFilters, key: string, id: string): Q {
  const direction = f.sortOrder;
  const ordered = q.orderBy(key, (ob: OrderByItemBuilder) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast());
  return f.sortBy === 'workOrderId' ? ordered : ordered.orderBy(id, direction);
}

/** Which work orders by assignment (SPEC §2); `mine` and `pending` are the two halves of `mineOrPending`. */
type Scope = 'mine' | 'pending' | 'mineOrPending' | 'assigned' | 'all';

/**
 * Assigned to Me and Show Pending (SPEC §2): Assigned to Me keeps the orders assigned to the user (otherwise those
 * assigned to anyone); Show Pending adds the pending ones, assigned to nobody.
 */
function scopeOf(f: SearchFilters): Scope {
  if (f.byAssignment) return f.showPending ? 'mineOrPending' : 'mine';
  return f.showPending ? 'all' : 'assigned';
}

function assignmentFilter(eb: Eb, userId: number, scope: Scope) {
  const assignments = () => eb.selectFrom('work_order_assignments as a');
  const mine = () => eb('wo.id', 'in', assignments().select('a.work_order_id').where('a.user_id', '=', userId));
  const assignedToAnyone = () => eb.exists(assignments().select('a.user_id').whereRef('a.work_order_id', '=', 'wo.id'));
  switch (scope) {
    case 'mine':
      return mine();
    case 'pending':
      return eb.not(assignedToAnyone());
    case 'mineOrPending':
      return eb.or([mine(), eb.not(assignedToAnyone())]);
    case 'assigned':
      return assignedToAnyone();
    case 'all':
      return eb.lit(true);
  }
}
