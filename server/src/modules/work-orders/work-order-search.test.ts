import { DISTANCE_OPTIONS_FT, distanceFeet, EARTH_RADIUS_MILES, FEET_PER_MILE, SEARCH_ROW_LIMIT } from '@strand/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsInsensitive, customerIdsByNameWord, customerIdsNamed, isOneNameWord } from '../../db/sql.js';
import { DEMO } from '../../demo/generator.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { geoCellOf } from './geo-cells.js';
import { type SearchFilters, searchWorkOrders } from './work-order-search.repository.js';

let t: TestApp;
let installer: string;
beforeAll(async () => {
  t = await createTestApp();
  installer = await t.login('installer');
});
afterAll(() => t.close());

const W = DEMO.workOrders;

interface Summary {
  nCount: number;
  vcCustomerName: string;
  vcWorkOrderType: string;
  vcNextScheduledTime: string | null;
  vcNextScheduledName: string | null;
  dtDueDate: string | null;
  nDistanceFeet?: number;
}
interface Result {
  workOrders: Summary[];
  limit: number;
  truncated: boolean;
}

async function search(params: Record<string, string>, token = installer) {
  const res = await t.request({
    method: 'GET',
    url: `/api/installer/work-orders?${new URLSearchParams(params)}`,
    token,
  });
  return res;
}
async function ids(params: Record<string, string>, token = installer): Promise<number[]> {
  const res = await search(params, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Result>().workOrders.map((w) => w.nCount);
}
const mine = { ByAssignment: '1', ShowPendingAssigned: '0' };
const everyone = { ByAssignment: '0', ShowPendingAssigned: '1' };
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('GET /api/installer/work-orders', () => {
  it('starts with the installer’s own assigned work orders (ByAssignment 1, ShowPendingAssigned 0)', async () => {
    expect(sorted(await ids(mine))).toEqual([W.fullInstall, W.businessInstall, W.siteSurvey, W.splicing]);
    const fieldtech = await t.login('fieldtech');
    expect(sorted(await ids(mine, fieldtech))).toEqual([W.fullInstall, W.businessInstall, W.siteSurvey, W.splicing]);
  });

  it('returns the summary fields of SPEC §3', async () => {
    const res = await search({ ...mine, WorkOrderID: String(W.fullInstall) });
    expect(res.json<Result>()).toMatchObject({
      limit: SEARCH_ROW_LIMIT,
      truncated: false,
      workOrders: [
        {
          nCount: W.fullInstall,
          vcWorkOrderType: 'Consumer Fiber Install',
          vcCustomerName: 'Rhonda Reyes',
          vcNextScheduledName: 'Fiber install - Reyes',
          vcColoArea: expect.any(String),
          vcSummary: expect.stringContaining('1 Gig'),
        },
      ],
    });
  });

  it('adds the pending (unassigned) work orders with Show Pending, and others’ with Assigned to Me off', async () => {
    const withPending = await ids({ ByAssignment: '1', ShowPendingAssigned: '1' });
    expect(withPending).toContain(W.pending);
    expect(withPending).not.toContain(W.otherInstallers);

    const byId = (id: number, a: string, p: string) =>
      ids({ WorkOrderID: String(id), ByAssignment: a, ShowPendingAssigned: p });
    expect(await byId(W.pending, '0', '0')).toEqual([]);
    expect(await byId(W.pending, '0', '1')).toEqual([W.pending]);
    expect(await byId(W.pending, '1', '0')).toEqual([]);
    expect(await byId(W.otherInstallers, '1', '1')).toEqual([]);
    expect(await byId(W.otherInstallers, '0', '0')).toEqual([W.otherInstallers]);
    expect(await byId(W.otherInstallers, '0', '1')).toEqual([W.otherInstallers]);
  });

  it('never finds a contractor company’s work order', async () => {
    for (const id of [110_001, DEMO.contractorWorkOrders.company1[0] ?? 120_001]) {
      expect(await ids({ ...everyone, WorkOrderID: String(id) })).toEqual([]);
    }
  });

  it('matches customer names case-insensitively in part, with 3+ letters and with fewer', async () => {
    expect(await ids({ ...mine, CustomerName: 'rhonda' })).toEqual([W.fullInstall]);
    expect(await ids({ ...mine, CustomerName: 'REYES' })).toEqual([W.fullInstall]);
    expect(await ids({ ...mine, CustomerName: 'ey' })).toEqual([W.fullInstall]);
    expect(await ids({ ...mine, CustomerName: 'dental' })).toEqual([W.businessInstall]);
    expect(await ids({ ...mine, CustomerName: 'nobody-has-this-name' })).toEqual([]);
  });

  it('matches a whole customer id exactly and a part as a prefix', async () => {
    expect(await ids({ ...mine, CustomerID: DEMO.customers.residential })).toEqual([W.fullInstall]);
    expect(await ids({ ...everyone, CustomerID: DEMO.customers.surveyBusiness })).toEqual([W.otherInstallers]);
    expect(sorted(await ids({ ...mine, CustomerID: '1000-2000' }))).toEqual([W.fullInstall, W.siteSurvey, W.splicing]);
  });

  it('matches the address (trimmed, any case, street or town)', async () => {
    expect(await ids({ ...mine, Address: '  2208 CLARK ln  ' })).toEqual([W.fullInstall]);
    expect(sorted(await ids({ ...mine, ShowPendingAssigned: '1', Address: 'Clark Ln' }))).toEqual(
      expect.arrayContaining([W.fullInstall, W.pending]),
    );
    expect(await ids({ ...mine, Address: 'hinkson' })).toEqual([W.splicing]);
  });

  it('filters by work order type, and names an unknown type', async () => {
    expect(await ids({ ...mine, WorkOrderType: 'Consumer Splicing' })).toEqual([W.splicing]);
    expect(await ids({ ...mine, WorkOrderType: 'consumer site survey' })).toEqual([W.siteSurvey]);
    const bad = await search({ ...mine, WorkOrderType: 'Rocket Launch' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('WorkOrderType');
  });

  it('combines filters (all must hold)', async () => {
    expect(await ids({ ...mine, CustomerName: 'reyes', WorkOrderType: 'Consumer Fiber Install' })).toEqual([
      W.fullInstall,
    ]);
    expect(await ids({ ...mine, CustomerName: 'reyes', WorkOrderType: 'Consumer Splicing' })).toEqual([]);
    expect(await ids({ ...mine, Address: 'clark', CustomerID: DEMO.customers.business })).toEqual([]);
  });

  it('applies the date filter to the date part of the next scheduled time, inclusive at both ends', async () => {
    const one = await search({ ...mine, WorkOrderID: String(W.fullInstall) });
    const day = one.json<Result>().workOrders[0]?.vcNextScheduledTime?.slice(0, 10) ?? '';
    const shift = (d: string, n: number) =>
      new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const within = (from: string, to: string) =>
      ids({ ...mine, WorkOrderID: String(W.fullInstall), DateFrom: from, DateTo: to });
    expect(await within(day, day)).toEqual([W.fullInstall]);
    expect(await within(shift(day, -1), day)).toEqual([W.fullInstall]);
    expect(await within(shift(day, 1), shift(day, 2))).toEqual([]);
    expect(await within(shift(day, -2), shift(day, -1))).toEqual([]);
    // Only one end given: open on the other side.
    expect(await ids({ ...mine, WorkOrderID: String(W.fullInstall), DateFrom: day })).toEqual([W.fullInstall]);
    expect(await ids({ ...mine, WorkOrderID: String(W.fullInstall), DateTo: shift(day, -1) })).toEqual([]);
  });

  it('sorts by each choice, ascending or descending (default: due date, descending)', async () => {
    const rows = async (extra: Record<string, string>) =>
      (await search({ ...mine, ...extra })).json<Result>().workOrders;
    const byId = await rows({ SortBy: 'workOrderId', SortOrder: 'asc' });
    expect(byId.map((w) => w.nCount)).toEqual([W.fullInstall, W.businessInstall, W.siteSurvey, W.splicing]);
    const byIdDesc = await rows({ SortBy: 'workOrderId', SortOrder: 'desc' });
    expect(byIdDesc.map((w) => w.nCount)).toEqual([W.splicing, W.siteSurvey, W.businessInstall, W.fullInstall]);

    const check = async (sortBy: string, key: (w: Summary) => string | number | null) => {
      for (const order of ['asc', 'desc'] as const) {
        const values = (await rows({ SortBy: sortBy, SortOrder: order })).map(key);
        const expected = [...values].sort((a, b) => String(a).localeCompare(String(b)) * (order === 'asc' ? 1 : -1));
        expect(values, `${sortBy} ${order}`).toEqual(expected);
        expect(new Set(values).size).toBeGreaterThan(1);
      }
    };
    await check('workOrderType', (w) => w.vcWorkOrderType);
    await check('customerName', (w) => w.vcCustomerName);
    await check('eventTitle', (w) => w.vcNextScheduledName);
    await check('eventTime', (w) => w.vcNextScheduledTime);
    await check('dueDate', (w) => w.dtDueDate);

    const defaults = (await rows({})).map((w) => w.dtDueDate ?? '');
    expect(defaults).toEqual([...defaults].sort().reverse());
  });

  describe('Nearby', () => {
    let neighbour: { latitude: number; longitude: number };
    let home: { latitude: number; longitude: number };
    beforeAll(async () => {
      const rows = await t.db.db
        .selectFrom('service_locations')
        .select(['id', 'latitude', 'longitude'])
        .where('id', 'in', [DEMO.serviceLocations.neighbour, DEMO.serviceLocations.residential])
        .execute();
      const at = (id: number) => rows.find((r) => r.id === id) ?? { latitude: 0, longitude: 0 };
      neighbour = at(DEMO.serviceLocations.neighbour);
      home = at(DEMO.serviceLocations.residential);
    });
    /** A point `feet` due north of `p`: along a meridian the great-circle distance is exactly that. */
    const north = (p: { latitude: number; longitude: number }, feet: number) => ({
      latitude: p.latitude + ((feet / FEET_PER_MILE / EARTH_RADIUS_MILES) * 180) / Math.PI,
      longitude: p.longitude,
    });
    const near = (p: { latitude: number; longitude: number }, distance: string, extra: Record<string, string> = {}) =>
      search({
        ByAssignment: '0',
        ShowPendingAssigned: '1',
        Distance: distance,
        Latitude: String(p.latitude),
        Longitude: String(p.longitude),
        ...extra,
      });

    it('finds work orders whose service location is within the distance, with the distance in feet', async () => {
      const res = await near(neighbour, '100');
      const found = res.json<Result>().workOrders;
      expect(found.map((w) => w.nCount)).toContain(W.pending);
      expect(found.find((w) => w.nCount === W.pending)?.nDistanceFeet).toBe(0);
      // 100005 lies within 500 ft of 100001 (DEMO-DATA.md).
      const apart = distanceFeet(home, neighbour);
      expect(apart).toBeLessThan(500);
      const from100001 = (await near(home, '500')).json<Result>().workOrders;
      expect(from100001.map((w) => w.nCount)).toEqual(expect.arrayContaining([W.fullInstall, W.pending]));
      expect(from100001.find((w) => w.nCount === W.pending)?.nDistanceFeet).toBe(Math.round(apart));
    });

    it('includes a location just inside the distance and leaves out one just beyond it', async () => {
      for (const distance of [100, 250, 500, 1000, 2000]) {
        const inside = (await near(north(neighbour, distance - 0.5), String(distance))).json<Result>();
        expect(
          inside.workOrders.map((w) => w.nCount),
          `inside ${distance}`,
        ).toContain(W.pending);
        const outside = (await near(north(neighbour, distance + 0.5), String(distance))).json<Result>();
        expect(
          outside.workOrders.map((w) => w.nCount),
          `outside ${distance}`,
        ).not.toContain(W.pending);
      }
    });

    it('combines with Assigned to Me and Show Pending', async () => {
      const assigned = (await near(home, '500', { ByAssignment: '1', ShowPendingAssigned: '0' })).json<Result>();
      expect(assigned.workOrders.map((w) => w.nCount)).toEqual([W.fullInstall]);
    });

    it('searches within 100 ft when a position comes without a distance (the scan page)', async () => {
      const res = await search({
        ...everyone,
        Latitude: String(neighbour.latitude),
        Longitude: String(neighbour.longitude),
      });
      expect(res.json<Result>().workOrders.map((w) => w.nCount)).toEqual([W.pending]);
    });
  });

  it('caps the rows at 200 and says so', async () => {
    const res = await search(everyone);
    const body = res.json<Result>();
    expect(body.workOrders).toHaveLength(SEARCH_ROW_LIMIT);
    expect(body.truncated).toBe(true);
  });

  it.each([
    [{ WorkOrderID: 'abc' }, 'WorkOrderID'],
    [{ Distance: '300', Latitude: '38.9', Longitude: '-92.3' }, 'Distance'],
    [{ Distance: '100' }, 'Latitude'],
    [{ Latitude: '38.9' }, 'Longitude'],
    [{ Latitude: '91', Longitude: '0' }, 'Latitude'],
    [{ DateFrom: '2025-02-30' }, 'DateFrom'],
    [{ DateFrom: '2025-03-02', DateTo: '2025-03-01' }, 'DateTo'],
    [{ SortBy: 'price' }, 'SortBy'],
    [{ ByAssignment: 'yes' }, 'ByAssignment'],
    [{ CustomerID: 'abc' }, 'CustomerID'],
  ])('names the bad field of %j', async (params, field) => {
    const res = await search({ ...mine, ...params });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('refuses customers, contractors and staff, and asks for a sign-in without a token', async () => {
    for (const username of ['residential', 'business', 'contractor', 'contractor1', 'staff']) {
      const res = await search(mine, await t.login(username));
      expect(res.statusCode, username).toBe(403);
    }
    const anonymous = await t.request({ method: 'GET', url: '/api/installer/work-orders' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the customer-name index (FTS5 on SQLite, keyed by account number: migration 0032)', () => {
  const named = async (name: string) =>
    (await ids({ ...everyone, CustomerName: name })).filter((id) => id === W.fullInstall);

  it('follows a customer’s renaming: found by the new name, no longer by the old one', async () => {
    const wo = await t.db.db
      .selectFrom('work_orders as wo')
      .innerJoin('customers as c', 'c.id', 'wo.customer_id')
      .select(['c.id', 'c.name'])
      .where('wo.id', '=', W.fullInstall)
      .executeTakeFirstOrThrow();
    const oldName = wo.name.split(' ').pop() as string;
    expect(await named(oldName)).toEqual([W.fullInstall]);
    await t.db.db.updateTable('customers').set({ name: 'Quillon Zephyrine' }).where('id', '=', wo.id).execute();
    try {
      expect(await named('zephyr')).toEqual([W.fullInstall]);
      expect(await named(oldName)).toEqual([]);
    } finally {
      await t.db.db.updateTable('customers').set({ name: wo.name }).where('id', '=', wo.id).execute();
    }
    expect(await named(oldName)).toEqual([W.fullInstall]);
  });

  it('follows a changed account number and forgets a deleted customer', async () => {
    const db = t.db.db;
    // SQLite: the FTS5 table (0032); PostgreSQL: the words of names (0033).
    const query = t.db.dialect === 'sqlite' ? customerIdsNamed('Wolfram Hollowell') : customerIdsByNameWord('hollowel');
    const indexed = async () => [...new Set((await query.execute(db)).rows.map((r) => Object.values(r)[0]))];
    const row = { name: 'Wolfram Hollowell', customer_type: 'Residential', status: 'Active', created_at: '2026-11-25' };
    await db
      .insertInto('customers')
      .values({ ...row, id: '0042-0007-0913' })
      .execute();
    expect(await indexed()).toEqual(['0042-0007-0913']);
    await db.updateTable('customers').set({ id: '0042-0007-0914' }).where('id', '=', '0042-0007-0913').execute();
    expect(await indexed()).toEqual(['0042-0007-0914']);
    await db.deleteFrom('customers').where('id', '=', '0042-0007-0914').execute();
    expect(await indexed()).toEqual([]);
  });

  it('finds in the words of names exactly the customers whose whole name contains a one-word text (PostgreSQL)', async ({
    skip,
  }) => {
    if (t.db.dialect !== 'postgres') skip();
    const db = t.db.db;
    const names = ["Zoë O'Neil-Smith", '100% Fiber_Co', 'Back\\Slash Inc', 'ÉCOLE  Tab\tName', 'Lee Lee', 'ß Straße'];
    const rows = names.map((name, i) => ({
      id: `0042-0008-000${i}`,
      name,
      customer_type: 'Business',
      status: 'Active',
      created_at: '2026-11-25',
    }));
    await db.insertInto('customers').values(rows).execute();
    try {
      const texts = [
        'zoë',
        'ZOË',
        "o'neil-sm",
        '0%',
        'r_c',
        '_',
        '%',
        '\\sl',
        '\\',
        'école',
        'tab',
        'lee',
        'ee',
        'STRASSE',
        'straße',
      ];
      for (const text of texts) {
        expect(isOneNameWord(text), text).toBe(true);
        const byWord = (await customerIdsByNameWord(text).execute(db)).rows.map((r) => Object.values(r)[0]);
        const whole = await db
          .selectFrom('customers')
          .select('id')
          .where(containsInsensitive('postgres', 'name', text))
          .execute();
        expect([...new Set(byWord)].sort(), text).toEqual(whole.map((r) => r.id).sort());
      }
      // Renamed: the old words no longer find the customer, the new ones do.
      await db.updateTable('customers').set({ name: 'Quorra Vexley' }).where('id', '=', '0042-0008-0004').execute();
      const found = async (text: string) =>
        (await customerIdsByNameWord(text).execute(db)).rows.map((r) => Object.values(r)[0]);
      expect(await found('vexl')).toEqual(['0042-0008-0004']);
      expect(await found('lee')).not.toContain('0042-0008-0004');
    } finally {
      await db.deleteFrom('customers').where('id', 'like', '0042-0008-%').execute();
    }
    expect(isOneNameWord('rhonda reyes')).toBe(false);
    expect(isOneNameWord('tab\tname')).toBe(false);
  });

  it('refuses a customer id that is not an account number, which the FTS5 key needs (SQLite)', async ({ skip }) => {
    if (t.db.dialect !== 'sqlite') skip();
    const db = t.db.db;
    const row = { name: 'Wolfram Hollowell', customer_type: 'Residential', status: 'Active', created_at: '2026-11-25' };
    await expect(
      db
        .insertInto('customers')
        .values({ ...row, id: 'C-42' })
        .execute(),
    ).rejects.toThrow(/customers.id must be an account number/);
    await db
      .insertInto('customers')
      .values({ ...row, id: '0042-0007-0915' })
      .execute();
    await expect(
      db.updateTable('customers').set({ id: '42' }).where('id', '=', '0042-0007-0915').execute(),
    ).rejects.toThrow(/customers.id must be an account number/);
    await db.deleteFrom('customers').where('id', '=', '0042-0007-0915').execute();
    expect(await db.selectFrom('customers').select('id').where('name', '=', row.name).execute()).toEqual([]);
  });
});

describe('search plans (docs/performance.md §4)', () => {
  // The UNION ALL of "mine" and "pending" (PostgreSQL's plan) must give the rows and order of the one OR statement
  // (SQLite's), on both databases, for every sort, with and without other filters and the cap.
  it('gives the same rows with Assigned to Me + Show Pending split in two halves or as one OR', async () => {
    const users = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('username', 'in', ['installer', 'fieldtech'])
      .execute();
    expect(users.length).toBe(2);
    const sorts: SearchFilters['sortBy'][] = [
      'dueDate',
      'workOrderId',
      'workOrderType',
      'customerName',
      'eventTitle',
      'eventTime',
    ];
    let compared = 0;
    for (const { id: userId } of users) {
      for (const sortBy of sorts) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          for (const extra of [
            {},
            { customerName: 'reyes' },
            { customerName: 'an' },
            { limit: 3 },
            { dateFrom: '2000-01-01' },
          ]) {
            const f: SearchFilters = {
              userId,
              byAssignment: true,
              showPending: true,
              sortBy,
              sortOrder,
              limit: 200,
              ...extra,
            };
            const one = await searchWorkOrders(t.db.db, t.db.dialect, f, { splitMineAndPending: false });
            const split = await searchWorkOrders(t.db.db, t.db.dialect, f, { splitMineAndPending: true });
            expect(split, JSON.stringify(f)).toEqual(one);
            compared += one.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  // PostgreSQL filters a large customer-name match instead of probing each customer (nameMatchAsFilter), and past
  // nameIdsMax matches the names in the database; forced every way on the demo data (few customers per name), every
  // scope and sort must give the same rows.
  it('gives the same rows with the customer-name match as a filter or as index probes', async () => {
    const userId = await t.userId('installer');
    let compared = 0;
    for (const [byAssignment, showPending] of [
      [true, false],
      [true, true],
      [false, true],
      [false, false],
    ] as const) {
      for (const sortBy of ['dueDate', 'customerName', 'eventTime'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          for (const extra of [{}, { limit: 2 }, { dateFrom: '2000-01-01' }]) {
            for (const customerName of ['reyes', 'son', 'rhonda reyes', 'nobody-by-this-name']) {
              const f: SearchFilters = {
                userId,
                byAssignment,
                showPending,
                customerName,
                sortBy,
                sortOrder,
                limit: 200,
                ...extra,
              };
              const probed = await searchWorkOrders(t.db.db, t.db.dialect, f, { nameMatchAsFilter: false });
              const filtered = await searchWorkOrders(t.db.db, t.db.dialect, f, { nameMatchAsFilter: true });
              expect(filtered, JSON.stringify(f)).toEqual(probed);
              // More customers matched than PostgreSQL binds as ids: matched in the database, the same rows.
              for (const nameMatchAsFilter of [false, true]) {
                const unbound = await searchWorkOrders(t.db.db, t.db.dialect, f, { nameMatchAsFilter, nameIdsMax: 1 });
                expect(unbound, JSON.stringify({ ...f, nameMatchAsFilter })).toEqual(probed);
              }
              if (customerName === 'nobody-by-this-name') expect(probed).toEqual([]);
              compared += probed.length;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('caps the merged halves at the limit + 1 and says the search was truncated', async () => {
    const res = await search({ ByAssignment: '1', ShowPendingAssigned: '1' });
    const body = res.json<Result>();
    expect(body.workOrders.length).toBeLessThanOrEqual(SEARCH_ROW_LIMIT);
    const userId = await t.userId('installer');
    const rows = await searchWorkOrders(
      t.db.db,
      t.db.dialect,
      {
        userId,
        byAssignment: true,
        showPending: true,
        sortBy: 'dueDate',
        sortOrder: 'desc',
        limit: 2,
      },
      { splitMineAndPending: true },
    );
    expect(rows).toHaveLength(3);
  });
});

describe('Nearby by map cell or from the assignments (SearchPlan.nearbyByCell, nearbyMine; 0031, 0034)', () => {
  const sorts: SearchFilters['sortBy'][] = ['dueDate', 'workOrderId', 'customerName', 'eventTime'];
  const userId = () => t.userId('installer');

  // Forced every way around demo locations, for every scope, distance and the sorts: the same rows in the same order.
  // Assigned to Me is also reached from the user's assignments (SearchPlan.nearbyMine).
  it('gives the same rows walking the cells of the box, probing each location or the assignments', async () => {
    const user = await userId();
    const centers = await t.db.db
      .selectFrom('service_locations')
      .select(['latitude', 'longitude'])
      .where('latitude', 'is not', null)
      .orderBy('id')
      .limit(4)
      .execute();
    let compared = 0;
    for (const c of centers) {
      for (const feet of DISTANCE_OPTIONS_FT) {
        for (const [byAssignment, showPending] of [
          [false, true],
          [false, false],
          [true, true],
          [true, false],
        ] as const) {
          for (const sortBy of sorts) {
            for (const sortOrder of ['asc', 'desc'] as const) {
              for (const extra of [{}, { limit: 2 }, { dateFrom: '2000-01-01' }]) {
                const f: SearchFilters = {
                  userId: user,
                  byAssignment,
                  showPending,
                  sortBy,
                  sortOrder,
                  limit: 200,
                  nearby: { latitude: c.latitude as number, longitude: c.longitude as number, feet },
                  ...extra,
                };
                const probed = await searchWorkOrders(t.db.db, t.db.dialect, f, {
                  nearbyByCell: false,
                  nearbyMine: 'locations',
                });
                const walked = await searchWorkOrders(t.db.db, t.db.dialect, f, {
                  nearbyByCell: true,
                  nearbyMine: 'cells',
                });
                expect(walked, JSON.stringify(f)).toEqual(probed);
                if (byAssignment) {
                  const assigned = await searchWorkOrders(t.db.db, t.db.dialect, f, { nearbyMine: 'assignments' });
                  expect(assigned, JSON.stringify(f)).toEqual(probed);
                }
                compared += probed.length;
              }
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("keeps each work order's position and cell with its service location's (triggers)", async () => {
    const db = t.db.db;
    const cellOf = async (id: number) =>
      db
        .selectFrom('work_orders')
        .select(['latitude', 'longitude', 'geo_cell'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const wo = await db
      .selectFrom('work_orders')
      .select(['service_location_id'])
      .where('id', '=', W.fullInstall)
      .executeTakeFirstOrThrow();
    const locationId = wo.service_location_id as number;
    const location = await db
      .selectFrom('service_locations')
      .select(['latitude', 'longitude'])
      .where('id', '=', locationId)
      .executeTakeFirstOrThrow();
    const lat = location.latitude as number;
    const lon = location.longitude as number;
    expect(await cellOf(W.fullInstall)).toEqual({ latitude: lat, longitude: lon, geo_cell: geoCellOf(lat, lon) });
    const user = await userId();
    const near = (latitude: number, longitude: number) =>
      searchWorkOrders(
        db,
        t.db.dialect,
        {
          userId: user,
          byAssignment: false,
          showPending: true,
          sortBy: 'dueDate',
          sortOrder: 'desc',
          limit: 200,
          nearby: { latitude, longitude, feet: 2000 },
        },
        { nearbyByCell: true },
      );
    // The location moves 0.1° north: its work orders move with it, out of the old box and into the new one.
    await db
      .updateTable('service_locations')
      .set({ latitude: lat + 0.1 })
      .where('id', '=', locationId)
      .execute();
    try {
      expect(await cellOf(W.fullInstall)).toEqual({
        latitude: lat + 0.1,
        longitude: lon,
        geo_cell: geoCellOf(lat + 0.1, lon),
      });
      expect((await near(lat, lon)).map((r) => r.id)).not.toContain(W.fullInstall);
      expect((await near(lat + 0.1, lon)).map((r) => r.id)).toContain(W.fullInstall);
    } finally {
      await db.updateTable('service_locations').set({ latitude: lat }).where('id', '=', locationId).execute();
    }
    expect((await near(lat, lon)).map((r) => r.id)).toContain(W.fullInstall);
    // A work order moved to another location, or to none, takes that position.
    const other = await db
      .selectFrom('service_locations')
      .select(['id', 'latitude', 'longitude'])
      .where('id', '!=', locationId)
      .where('latitude', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('work_orders')
      .set({ service_location_id: other.id })
      .where('id', '=', W.fullInstall)
      .execute();
    expect((await cellOf(W.fullInstall)).geo_cell).toBe(geoCellOf(other.latitude as number, other.longitude as number));
    await db.updateTable('work_orders').set({ service_location_id: null }).where('id', '=', W.fullInstall).execute();
    expect(await cellOf(W.fullInstall)).toEqual({ latitude: null, longitude: null, geo_cell: null });
    await db
      .updateTable('work_orders')
      .set({ service_location_id: locationId })
      .where('id', '=', W.fullInstall)
      .execute();
    expect((await cellOf(W.fullInstall)).geo_cell).toBe(geoCellOf(lat, lon));
    // Every work order with a located service location carries its cell (the backfill and the insert trigger).
    const { n } = await db
      .selectFrom('work_orders as w')
      .innerJoin('service_locations as sl', 'sl.id', 'w.service_location_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sl.latitude', 'is not', null)
      .where((eb) => eb.or([eb('w.geo_cell', 'is', null), eb('w.latitude', '!=', eb.ref('sl.latitude'))]))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });
});

describe('GET /api/installer/work-order-types', () => {
  it('lists the type descriptions for the form', async () => {
    const res = await t.request({ method: 'GET', url: '/api/installer/work-order-types', token: installer });
    expect(res.statusCode).toBe(200);
    const types = res.json<string[]>();
    expect(types).toEqual(
      expect.arrayContaining(['Consumer Fiber Install', 'Business Fiber Install', 'Consumer Splicing']),
    );
    expect(types).toEqual([...types].sort((a, b) => a.localeCompare(b)));
  });

  it('refuses a contractor', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/installer/work-order-types',
      token: await t.login('contractor'),
    });
    expect(res.statusCode).toBe(403);
  });
});
