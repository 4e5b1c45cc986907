/**
 * The SQL of subscriber lists and notices (the notice worker's is in notice-sending.repository.ts). A page of
 * subscribers is one statement: the filtered locations (with window counts of locations and distinct customers over
 * the whole filtered set), limited to the page, then the page's package and ONT names by correlated subqueries on the
 * page's rows only.
 */
import type { SubscriberFilter, SubscriberSort } from '@strand/domain';
import { type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { NewRow, Queryable } from '../../db/database.js';
import { joinedTexts } from '../../db/sql.js';

// ---- subscriber lists -------------------------------------------------------------------------------------------

/** The filtered service locations: at least one active package, and every filter given (AND). */
function filtered(db: Queryable, f: SubscriberFilter, today: string) {
  const balances = db
    .selectFrom('invoices')
    .select([
      'customer_id',
      sql<number>`sum(balance_cents)`.as('open_cents'),
      sql<number>`max(case when status = 'Past Due' or due_date < ${today} then 1 else 0 end)`.as('past_due'),
    ])
    .where('balance_cents', '>', 0)
    .groupBy('customer_id');
  let q = db
    .selectFrom('service_locations as sl')
    .innerJoin('customers as c', 'c.id', 'sl.customer_id')
    .leftJoin('central_offices as co', 'co.id', 'sl.central_office_id')
    .leftJoin(balances.as('b'), 'b.customer_id', 'sl.customer_id')
    .where(({ exists, selectFrom }) => {
      let active = selectFrom('service_location_packages as slp')
        .innerJoin('packages as p', 'p.id', 'slp.package_id')
        .select(sql<number>`1`.as('one'))
        .whereRef('slp.service_location_id', '=', 'sl.id')
        .where('slp.active', '=', 1);
      if (f.packageId !== undefined) active = active.where('slp.package_id', '=', f.packageId);
      if (f.category !== undefined) active = active.where('p.category', '=', f.category);
      return exists(active);
    });
  if (f.centralOfficeId !== undefined) q = q.where('sl.central_office_id', '=', f.centralOfficeId);
  if (f.coloArea !== undefined) q = q.where('sl.colo_area', '=', f.coloArea);
  if (f.ontModelId !== undefined) {
    const model = f.ontModelId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('assets as a')
          .innerJoin('equipment_definitions as ed', 'ed.id', 'a.definition_id')
          .select(sql<number>`1`.as('one'))
          .whereRef('a.service_location_id', '=', 'sl.id')
          .where('a.definition_id', '=', model)
          .where('ed.equipment_type', '=', 'ONT'),
      ),
    );
  }
  if (f.accountStatus !== undefined) q = q.where('c.status', '=', f.accountStatus);
  if (f.balanceOverCents !== undefined) {
    q = q.where(sql<SqlBool>`coalesce(b.open_cents, 0) > ${f.balanceOverCents}`);
  }
  if (f.pastDue === 'true') q = q.where(sql<SqlBool>`coalesce(b.past_due, 0) = 1`);
  if (f.pastDue === 'false') q = q.where(sql<SqlBool>`coalesce(b.past_due, 0) = 0`);
  return q;
}

const SORT_COLUMNS: Record<SubscriberSort, string> = {
  customer: 'customer_name',
  account: 'customer_id',
  address: 'address',
  area: 'sort_area',
  status: 'account_status',
  balance: 'open_balance_cents',
};

export interface SubscriberPageRow {
  service_location_id: number;
  customer_id: string;
  customer_name: string;
  customer_type: string;
  account_status: string;
  address: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  zip_four: string | null;
  central_office: string | null;
  colo_area: string | null;
  open_balance_cents: number | string;
  past_due: number | string;
  total: number | string;
  customers: number | string;
  packages: string | null;
  ont_models: string | null;
}

/** One page of the list, with the filtered set's counts (window functions, before the limit). */
export async function subscriberPage(
  db: Queryable,
  dialect: DialectName,
  o: {
    filter: SubscriberFilter;
    today: string;
    sort: SubscriberSort;
    dir: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<SubscriberPageRow[]> {
  const rows = filtered(db, o.filter, o.today).select([
    'sl.id as service_location_id',
    'sl.customer_id',
    'c.name as customer_name',
    'c.customer_type',
    'c.status as account_status',
    'sl.address',
    'sl.address2',
    'sl.city',
    'sl.state',
    'sl.zip',
    'sl.zip_four',
    'co.name as central_office',
    'sl.colo_area',
    sql<string>`coalesce(co.name, '') || ' ' || coalesce(sl.colo_area, '')`.as('sort_area'),
    sql<number>`coalesce(b.open_cents, 0)`.as('open_balance_cents'),
    sql<number>`coalesce(b.past_due, 0)`.as('past_due'),
    sql<number>`case when row_number() over (partition by sl.customer_id order by sl.id) = 1 then 1 else 0 end`.as(
      'first_of_customer',
    ),
  ]);
  const column = SORT_COLUMNS[o.sort];
  const page = db
    .selectFrom(rows.as('f'))
    .selectAll('f')
    .select([sql<number>`count(*) over ()`.as('total'), sql<number>`sum(f.first_of_customer) over ()`.as('customers')])
    .orderBy(sql.ref(`f.${column}`), o.dir)
    .orderBy('f.service_location_id', o.dir)
    .limit(o.limit)
    .offset(o.offset);
  const result = await db
    .selectFrom(page.as('pg'))
    .selectAll('pg')
    .select([
      sql<string | null>`(select ${joinedTexts(dialect, 'p.name')} from service_location_packages slp
        inner join packages p on p.id = slp.package_id
        where slp.service_location_id = pg.service_location_id and slp.active = 1)`.as('packages'),
      sql<string | null>`(select ${joinedTexts(dialect, 'ed.description')} from assets a
        inner join equipment_definitions ed on ed.id = a.definition_id
        where a.service_location_id = pg.service_location_id and ed.equipment_type = 'ONT')`.as('ont_models'),
    ])
    .orderBy(sql.ref(`pg.${column}`), o.dir)
    .orderBy('pg.service_location_id', o.dir)
    .execute();
  return result as unknown as SubscriberPageRow[];
}

/** Matching locations and distinct customers (for a page past the end, the CSV's size check and a notice). */
export async function subscriberCounts(db: Queryable, filter: SubscriberFilter, today: string) {
  const row = await filtered(db, filter, today)
    .select([sql<number>`count(*)`.as('total'), sql<number>`count(distinct sl.customer_id)`.as('customers')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), customers: Number(row.customers) };
}

/**
 * A page of a notice's audience: distinct customers after `afterCustomerId` (keyset, in id order), each with the
 * address of its first matching location.
 */
export async function audiencePage(
  db: Queryable,
  o: { filter: SubscriberFilter; today: string; afterCustomerId: string | null; limit: number },
) {
  let customers = filtered(db, o.filter, o.today)
    .select(['sl.customer_id', sql<number>`min(sl.id)`.as('first_location_id')])
    .groupBy('sl.customer_id');
  if (o.afterCustomerId !== null) customers = customers.where('sl.customer_id', '>', o.afterCustomerId);
  return db
    .selectFrom(customers.orderBy('sl.customer_id').limit(o.limit).as('a'))
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .innerJoin('service_locations as l', 'l.id', 'a.first_location_id')
    .select([
      'a.customer_id',
      'c.name as customer_name',
      'l.address',
      'l.address2',
      'l.city',
      'l.state',
      'l.zip',
      'l.zip_four',
    ])
    .orderBy('a.customer_id')
    .execute();
}

export async function filterOptions(db: Queryable) {
  const [packages, offices, colo, onts, statuses] = await Promise.all([
    db.selectFrom('packages').select(['id', 'name', 'category']).orderBy('name').execute(),
    db.selectFrom('central_offices').select(['id', 'name']).orderBy('name').execute(),
    db
      .selectFrom('service_locations')
      .select('colo_area')
      .distinct()
      .where('colo_area', 'is not', null)
      .orderBy('colo_area')
      .execute(),
    db
      .selectFrom('equipment_definitions')
      .select(['id', 'description as name'])
      .where('equipment_type', '=', 'ONT')
      .orderBy('description')
      .execute(),
    db.selectFrom('customers').select('status').distinct().orderBy('status').execute(),
  ]);
  return {
    packages,
    offices,
    coloAreas: colo.map((r) => r.colo_area).filter((a): a is string => a !== null),
    onts,
    statuses: statuses.map((r) => r.status),
  };
}

export async function packageExists(db: Queryable, id: number) {
  return (await db.selectFrom('packages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function centralOfficeExists(db: Queryable, id: number) {
  return (await db.selectFrom('central_offices').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function ontModelExists(db: Queryable, id: number) {
  const row = await db
    .selectFrom('equipment_definitions')
    .select('id')
    .where('id', '=', id)
    .where('equipment_type', '=', 'ONT')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- notices ----------------------------------------------------------------------------------------------------

export async function insertNotice(db: Queryable, row: NewRow<'notices'>): Promise<number> {
  const inserted = await db.insertInto('notices').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

const NOTICE_COLUMNS = [
  'n.id',
  'n.kind',
  'n.subject',
  'n.body',
  'n.window_start',
  'n.window_end',
  'n.restoration_ticket_id',
  'n.ticket_reference',
  'n.filter',
  'n.audience_customers',
  'n.status',
  'n.created_at',
  'n.finished_at',
  'u.first_name',
  'u.last_name',
] as const;

export type NoticeRow = Awaited<ReturnType<typeof findNotice>> & {};

export function listNotices(db: Queryable, limit: number) {
  return db
    .selectFrom('notices as n')
    .innerJoin('users as u', 'u.id', 'n.created_by')
    .select(NOTICE_COLUMNS)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

export function findNotice(db: Queryable, id: number) {
  return db
    .selectFrom('notices as n')
    .innerJoin('users as u', 'u.id', 'n.created_by')
    .select(NOTICE_COLUMNS)
    .where('n.id', '=', id)
    .executeTakeFirst();
}

/** Recipients per notice and status, for several notices in one query. */
export async function recipientCounts(db: Queryable, noticeIds: readonly number[]) {
  if (noticeIds.length === 0) return [];
  const rows = await db
    .selectFrom('notice_recipients')
    .select(['notice_id', 'status', sql<number>`count(*)`.as('n')])
    .where('notice_id', 'in', noticeIds)
    .groupBy(['notice_id', 'status'])
    .execute();
  return rows.map((r) => ({ notice_id: r.notice_id, status: r.status, n: Number(r.n) }));
}

const RECIPIENT_COLUMNS = [
  'id',
  'customer_id',
  'customer_name',
  'address',
  'email',
  'status',
  'attempts',
  'sent_at',
  'failure',
] as const;

export function recipientsPage(db: Queryable, noticeId: number, limit: number, offset: number) {
  return db
    .selectFrom('notice_recipients')
    .select(RECIPIENT_COLUMNS)
    .where('notice_id', '=', noticeId)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Recipients after `afterId` in id order (the CSV, a page at a time). */
export function recipientsAfter(db: Queryable, noticeId: number, afterId: number, limit: number) {
  return db
    .selectFrom('notice_recipients')
    .select(RECIPIENT_COLUMNS)
    .where('notice_id', '=', noticeId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
